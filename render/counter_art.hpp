#pragma once
// A counter's faces as a player reads them at the table and in VASSAL: one piece of code draws the
// counter sheet's fronts and backs and the VASSAL module's piece pictures. A unit's front has its
// side's colour, a band of its division's colour down the left edge, its size above its NATO
// symbol, its roster number, its name and the values its ruleset reads (strength or stands,
// quality, weapon or gun); its back is the same counter washed out under the word the ruleset puts
// on a back (model/play_rules.hpp: "Disrupted", "2 hits"). Commanders, trains and the ruleset's
// markers have faces of their own.
#include "model/play_rules.hpp"
#include "model/scenario.hpp"
#include "model/terrain.hpp"

#include <optional>
#include <string>

typedef struct _cairo cairo_t;

namespace sandtable {

struct CounterFace {
    Side side = Side::Union;
    PieceKind kind = PieceKind::Unit;
    Arm arm = Arm::Infantry;         // units
    Echelon echelon = Echelon::Army; // commanders
    std::string size;                // "III" a regiment, "X" a brigade (units)
    std::string number;              // the roster number; empty for none
    std::string name;
    std::string values;      // "4 stands  V  RM"
    std::optional<Rgb> band; // the division's (or corps') colour
    std::string back;        // the back's word; empty on a front
};

// The faces of a piece as the scenario's ruleset reads them; `back` gives the back.
CounterFace counterFace(const Scenario& s, const PlaySetup& play, PieceRef piece, bool back = false);
// The values line of a unit: stands where the ruleset counts them (stacking or losses by stands),
// else strength; quality and weapon (or gun) as short codes.
std::string counterValues(const Unit& u, int stands, int strength, const PlaySetup& play);
// The colour of a division's band: its place among its corps' divisions (and the corps' among the
// side's), so neighbours in the order of battle differ.
Rgb divisionBand(const OrderOfBattle& oob, HeadquartersId division);

// A status marker's colour by its kind: losses of order red, retreats orange, works brown,
// formations blue.
Rgb markerInk(StatusMarker marker);

// Draws a face filling the square (x, y, size).
void drawCounterFace(cairo_t* cr, const CounterFace& face, double x, double y, double size);
// A marker counter: the rules' word on its kind's colour ("Disrupted"), or a turn marker.
void drawMarkerCounter(cairo_t* cr, StatusMarker marker, const std::string& label, double x, double y,
                       double size);
void drawTurnMarker(cairo_t* cr, double x, double y, double size);
// A status marker as a band (x, y, w, h) laid over a counter: its word, as large as the band
// allows, on its kind's colour, outlined in white.
void drawStatusBand(cairo_t* cr, StatusMarker marker, const std::string& label, double x, double y, double w,
                    double h);

} // namespace sandtable
