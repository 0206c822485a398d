#pragma once
// The edits the editor and scripts make, as commands built against the scenario's current state.
// Pass std::nullopt as the new value to remove an entry.
#include "command.hpp"
#include "paint_cells.hpp"
#include "replace_entry.hpp"

namespace sandtable::edits {

CommandPtr paint(const Scenario& s, CellLayer layer, const std::vector<Offset>& cells, int value,
                 std::uint64_t stroke = 0);
CommandPtr setHexside(const Scenario& s, EdgeId edge, Hexside value);
CommandPtr setPath(const Scenario& s, PathId id, std::optional<Path> value);
CommandPtr setFeature(const Scenario& s, FeatureId id, std::optional<Feature> value);
CommandPtr setHeadquarters(const Scenario& s, HeadquartersId id, std::optional<Headquarters> value);
CommandPtr setUnit(const Scenario& s, UnitId id, std::optional<Unit> value);
CommandPtr setTrain(const Scenario& s, TrainId id, std::optional<Train> value);
CommandPtr setPlacement(const Scenario& s, PieceRef piece, std::optional<Placement> value);
CommandPtr setReinforcement(const Scenario& s, PieceRef piece, std::optional<Reinforcement> value);
CommandPtr setEvent(const Scenario& s, int roll, std::optional<std::string> text);
CommandPtr setInfo(const Scenario& s, ScenarioInfo info);
CommandPtr setExclusions(const Scenario& s, std::vector<Exclusion> exclusions);
CommandPtr setBackground(const Scenario& s, std::optional<BackgroundImage> background);
CommandPtr setGeoPlacement(const Scenario& s, std::optional<GeoPlacement> geo);
// Every cell's elevation level at once (an import from a terrain model), with the contour
// interval it was made at: one undo step.
// The levels (and the terrain model's surface and level 0's height, or none) of an elevation import,
// as one step.
CommandPtr setElevationLayer(const Scenario& s, std::vector<std::int16_t> levels, int feetPerContour,
                             std::optional<HeightSurface> surface = std::nullopt,
                             std::optional<int> baseFeet = std::nullopt);
// Every cell's terrain at once (a first pass from a land-cover raster): one undo step.
CommandPtr setTerrainLayer(const Scenario& s, std::vector<TerrainIndex> terrain);
// Resizing or changing the grid replaces the whole map (rare, and simplest to undo whole).
CommandPtr replaceMap(const Scenario& s, Map map);
// Map > Resize anchored at the top left (resize_map.hpp has the other anchors): keeps the cells that
// fit and, in the same undoable step, takes off whatever would name a cell off the new map:
// placements, reinforcement entries, supply cells, features, roads and exclusions.
CommandPtr resizeMap(const Scenario& s, int cols, int rows);
// Removes a headquarters with everything under it: sub-headquarters, units, trains, and their
// placements and reinforcements in every scenario of the battle. A scenario that listed it among
// its forces lists its parent instead (or, for an army, takes the whole order of battle when it
// listed nothing else).
CommandPtr removeHeadquarters(const Scenario& s, HeadquartersId id);
// Removes a unit or a train from the order of battle and from every scenario's deployment.
CommandPtr removePiece(const Scenario& s, PieceRef piece);
// The forces taking part in the current scenario; nullopt for the whole order of battle.
CommandPtr setForces(const Scenario& s, std::optional<std::set<HeadquartersId>> forces);
// Chooses the forces taking part (an empty list is refused by the caller) and takes the pieces of
// the others off the map and out of the reinforcement schedule, in one undo step, as the file
// requires.
CommandPtr chooseForces(const Scenario& s, std::optional<std::set<HeadquartersId>> forces);
// Every scenario's start but the current one's, at once (a resize, a deletion from the order of
// battle reaching into them).
CommandPtr setOtherStarts(const Scenario& s, std::vector<ScenarioStart> others);

// The next free id of each kind.
UnitId nextUnitId(const Scenario& s);
HeadquartersId nextHeadquartersId(const Scenario& s);
TrainId nextTrainId(const Scenario& s);
PathId nextPathId(const Scenario& s);
FeatureId nextFeatureId(const Scenario& s);

} // namespace sandtable::edits
