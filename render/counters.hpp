#pragma once
// Counters and symbols, drawn one way wherever they appear: on the map, on the counter sheet, in
// the legend (and later as VASSAL counter images).
#include "model/order_of_battle.hpp"
#include "model/side.hpp"
#include "model/terrain.hpp"

#include <string_view>

typedef struct _cairo cairo_t;

namespace sandtable {

class TextWriter;

// "XXXX" for an army, "XXX" a corps, "XX" a division, "X" a brigade.
std::string_view echelonMark(Echelon e);

// The dark of a counter's outline and front bar, and the outline's width in counter heights.
inline constexpr Rgb counterOutline{20, 20, 20};
inline constexpr double counterOutlineWidth = 0.043;
inline constexpr Rgb frontBarColour = counterOutline;

// A unit's counter filling (x, y, w, h): the side's colour, outlined when `outline`; when
// `detailed`, the NATO arm symbol and the roster number (or the name's start) written with `text`.
void drawUnitCounter(cairo_t* cr, const Unit& unit, Side side, double x, double y, double w, double h,
                     bool detailed, TextWriter* text, bool outline = true);
// The NATO arm symbol in the box (x, y, w, h), in the current source colour: crossed for infantry,
// one bar for cavalry, a disc for guns (a larger one for heavy artillery).
void drawArmSymbol(cairo_t* cr, Arm arm, double x, double y, double w, double h, double lineWidth);
// The front of a counter: a dark bar along the edge that faces the enemy, outside the counter.
struct FrontBar {
    double x = 0, y = 0, width = 0, height = 0;
};
// The bar `bar` tall of a w x h counter centred on (0, 0): above its top edge, or below its bottom
// edge when the counter is turned over (so that its text is never upside down).
FrontBar frontBarOf(double w, double h, double bar, bool atBottom);
void drawFrontBar(cairo_t* cr, const FrontBar& bar);
// A commander's disc, its radius a cell's size times commanderRadius, ringed a sixth of that wide.
inline constexpr double commanderRadius = 0.14, commanderRing = 0.167;
inline constexpr Rgb commanderRingColour{250, 220, 60};
// A commander's disc of radius r centred on (cx, cy), with his echelon's mark when `text` is given.
void drawCommander(cairo_t* cr, Echelon echelon, Side side, double cx, double cy, double r, TextWriter* text);
// A supply wagon filling (x, y, w, h), its wheels below.
void drawTrain(cairo_t* cr, Side side, double x, double y, double w, double h);

} // namespace sandtable
