#pragma once
// The VASSAL module's windows and buttons a player plays with, each written in the form VASSAL
// writes it (formats/vassal/components.hpp holds every attribute and its default): on the map
// window a Zoomer that reaches the whole board, a mouse-over viewer of each piece and of the
// stack's total against the ruleset's stacking limit, an overview, the last move highlighted, a
// flare and a thread that reads the range in cells; on the toolbar the ruleset's dice, a turn
// tracker of the scenario's turns, an inventory of the order of battle by side, corps and division,
// and notes. The pieces' properties these read are named in vassal_piece_properties.hpp.
#include "exports/vassal_module.hpp"
#include "model/play_rules.hpp"
#include "model/scenario.hpp"

#include <pugixml.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable {

// Appends a component of VASSAL's reference table to `parent`: every attribute VASSAL writes, at
// its default unless `values` gives it. A class or attribute the table does not hold is a mistake
// in Sandtable, thrown as std::logic_error.
pugi::xml_node addVassalComponent(pugi::xml_node parent, std::string_view className,
                                  std::initializer_list<std::pair<std::string_view, std::string>> values);

// The zoom levels of a board of that size, smallest first: the whole board in a window of about
// 1500 x 850 pixels, then VASSAL's usual levels above it up to 1.6; and VASSAL's zoomStart for
// starting at 1.0 (counted from the largest, one-based).
struct ZoomLevels {
    std::vector<double> levels;
    int startFromLargest = 1;
};
ZoomLevels zoomLevelsFor(int boardWidth, int boardHeight);

// The mouse-over viewer's summary of a stack: its location and total against the stacking limit.
std::string stackSummaryFormat(const PlaySetup& play);

// The map window's components (after its boards and stacks).
void addMapWindowComponents(pugi::xml_node map, const VassalGeometry& board, const PlaySetup& play);

// How many dice a button rolls for a side: `count`, or `count` for each of the side's generals
// (army and corps commanders taking part) for orders dice.
int diceFor(const Scenario& s, const PlayDice& dice, Side side);

// The turns of a battle as its turn tracker lists them when its scenarios say when their turns fall:
// every scenario's turns by date and time ("8:00 am, 1 July 1863", "Night of 1-2 July 1863") on one
// list, each scenario's turns one run of it, and where each scenario's run starts. The labels carry
// the turn number ("Turn 3: ...") where every scenario starts at the list's first turn, so that the
// numbers are every scenario's. Nothing where a scenario has no clock, or where the scenarios' turns
// interleave (a battle whose scenarios have turns of different lengths).
struct VassalTurnList {
    std::vector<std::string> labels;
    std::vector<int> firstOf;  // by scenario
    std::vector<int> lengthOf; // by scenario: its number of turns
};
std::optional<VassalTurnList> vassalTurnList(const Scenario& s);
// The id VASSAL gives the module's first turn tracker (UniqueIdManager: "TurnTracker" and its
// place); the update keeps Sandtable's tracker before any the designer added.
inline constexpr std::string_view vassalTurnTrackerId = "TurnTracker0";
// The tracker's state for a scenario's set-up, as TurnTracker.getState writes it: its one level
// current, the list standing at the scenario's first turn and going back there when reset, and only
// the scenario's own turns shown (VASSAL's tracker skips the others).
std::string vassalTurnTrackerState(const VassalTurnList& list, std::size_t scenario);

// The toolbar's dice, turn tracker (listing `turnList` where there is one, vassalTurnList's),
// inventory and notes.
void addToolbarComponents(pugi::xml_node module, const Scenario& s, const PlaySetup& play,
                          const std::optional<VassalTurnList>& turnList);

// The turn tracker's format Sandtable writes: "Turn $level1$ of 44", or "Turn $level1$" when a
// battle's scenarios differ in length (no last turn), or "$level1$" over a list of dates and times;
// and whether a format is one of those, as an update tells Sandtable's format from one the designer
// wrote.
std::string sandtableTurnFormat(std::optional<int> lastTurn);
bool isSandtableTurnFormat(std::string_view format);

} // namespace sandtable
