#pragma once
// Map > Resize with an anchor, as Tiled offers it: the map grows or shrinks on the chosen sides,
// everything on it moves with its cells, and what falls off the new map is listed before it happens
// and taken off in the same undoable step.
#include "command.hpp"

#include <string>
#include <vector>

namespace sandtable {

// Which way the map grows or shrinks: -1 keeps the left (top) edge, 0 splits the change between
// both sides, 1 keeps the right (bottom) edge.
struct ResizeAnchor {
    int horizontal = -1;
    int vertical = -1;
};

struct ResizePlan {
    int cols = 0;
    int rows = 0;
    Offset shift; // where the old cell (0, 0) lands on the new map

    static ResizePlan anchored(const Grid& from, int cols, int rows, ResizeAnchor anchor);
};

// The resized map's grid: the new size, the parity flipped when an odd shift would change neighbours.
Grid resizedGrid(const Grid& g, const ResizePlan& plan);

// A placement's control points after the resize: moved with their cells, those off the new grid
// dropped.
std::vector<GeoControlPoint> resizedControlPoints(const std::vector<GeoControlPoint>& points,
                                                  const Grid& after, const ResizePlan& plan);

// What the resize would take off one scenario's start.
struct ScenarioResizeLosses {
    std::string title;
    std::vector<std::string> pieces;
    std::vector<std::string> reinforcementEntries;
    int exclusions = 0;
    bool empty() const { return pieces.empty() && reinforcementEntries.empty() && exclusions == 0; }
};

// What the resize would take off the map, by kind, with names (pieces, features, roads...): the
// battle's, and each scenario's.
struct ResizeLosses {
    std::vector<std::string> supplyCells;
    std::vector<std::string> features;
    std::vector<std::string> roads;
    int hexsides = 0;
    std::vector<ScenarioResizeLosses> scenarios; // every scenario, in the battle's order

    bool empty() const;
    // "2 pieces (Iron Brigade, ...), 1 road" or "nothing"; with several scenarios, per scenario:
    // "1 road; in 'Day 1': 2 pieces (...); in 'Day 2': nothing".
    std::string summary() const;
};
ResizeLosses resizeLosses(const Scenario& s, const ResizePlan& plan);

// The resize as one undoable edit, for every scenario of the battle. Cells keep their neighbours: moving a
// hex map by an odd number of columns (flat tops) or rows (pointy tops) flips the grid's offset parity to
// match.
CommandPtr resizeMap(const Scenario& s, const ResizePlan& plan);

} // namespace sandtable
