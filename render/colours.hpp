#pragma once
// The map's colours in one place: sides, elevation tints, cells, and the print style every colour
// passes through (colour, grayscale, low ink).
#include "model/map.hpp"
#include "model/side.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <utility>

typedef struct _cairo cairo_t;

namespace sandtable {

// How a picture is inked. Grayscale turns every colour into its luminance; low ink keeps lines and
// text but lightens area fills (cells, counters) toward the paper.
enum class InkStyle { Colour, Grayscale, LowInk };
inline constexpr std::array<std::pair<std::string_view, InkStyle>, 3> inkStyles{
    {{"colour", InkStyle::Colour}, {"grayscale", InkStyle::Grayscale}, {"low-ink", InkStyle::LowInk}}};

// "colour", "grayscale", "low-ink"; and the style of a name, if it is one.
std::string_view inkStyleName(InkStyle style);
std::optional<InkStyle> inkStyleNamed(std::string_view name);

// Every drawing on `cr` afterwards uses this style (it is kept with the context; Colour by default).
void setInkStyle(cairo_t* cr, InkStyle style);
InkStyle inkStyleOf(cairo_t* cr);

// Union blue and Confederate grey, on the map, counters and sheets: far apart in luminance, so they
// stay distinct in grayscale and for every colour-blind reader.
Rgb sideColour(Side side);
// The colour of text and symbols on a side's counters: white on blue, black on grey.
Rgb sideInk(Side side);
// Hypsometric tint: the terrain's colour blended with the band of its level (greens low, ochres
// and browns high), its luminance rising steadily with the level so hills read in grayscale too.
Rgb elevationTint(Rgb base, int level);
// A colour in a slope's hill shading: darker for positive `shade` (facing away from the light),
// lighter for negative.
Rgb shadedColour(Rgb c, int shade);
// Contour lines and the heights written along them.
inline constexpr Rgb contourBrown{140, 90, 40};
// An objective's star: its side's colour, red when it is both sides'.
Rgb objectiveColour(std::optional<Side> side);
// The colour a cell is drawn in: its terrain, tinted by its level when `elevation`.
Rgb cellColour(const Map& map, std::size_t index, bool elevation);

// Relative luminance (0 black to 1 white) and the WCAG contrast ratio of two colours (1 to 21).
double luminance(Rgb c);
double contrast(Rgb a, Rgb b);
// What the colour is in the given style (the grey of grayscale; low ink's lighter fill when `area`).
Rgb inked(Rgb c, InkStyle style, bool area = false);

// Lines, text and small symbols.
void setSource(cairo_t* cr, Rgb c, double alpha = 1.0);
// Large fills: cells and counters' bodies, which low ink lightens.
void setAreaSource(cairo_t* cr, Rgb c, double alpha = 1.0);
// Strokes or fills the current path in the colour (as inked), with the stroke `width` wide.
void strokeWith(cairo_t* cr, Rgb c, double width, double alpha = 1.0);
void fillWith(cairo_t* cr, Rgb c, double alpha = 1.0);

} // namespace sandtable
