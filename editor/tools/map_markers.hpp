#pragma once
// What stands in a cell and where a marker stands: the queries the select, feature and supply tools
// and the editor's Delete key share.
#include "editor/tools/map_tool.hpp"

namespace sandtable {

// The top piece standing in a cell (units first), if any.
std::optional<PieceRef> pieceAt(const Scenario& s, Offset c);
// The marker in a cell (a line of supply before an entry before a feature), if any.
std::optional<MapMarker> markerAt(const Scenario& s, Offset c);
// The cell a marker stands in, if it still stands.
std::optional<Offset> markerCell(const Scenario& s, const MapMarker& m);
// Moves a marker to a cell of the map, one undo step.
void moveMarker(Document& doc, const MapMarker& m, Offset to);

} // namespace sandtable
