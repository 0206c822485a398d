#pragma once
// The map's colours in one place: sides, shading by elevation, cells.
#include "model/map.hpp"
#include "model/side.hpp"

typedef struct _cairo cairo_t;

namespace sandtable {

// Union blue and Confederate grey, on the map, counters and sheets.
Rgb sideColour(Side side);
// Higher ground lighter and warmer, as on period maps' hachured hills; lower ground darker.
Rgb shaded(Rgb base, int level);
// The colour a cell is drawn in: its terrain, shaded by its level when `elevation`.
Rgb cellColour(const Map& map, std::size_t index, bool elevation);

void setSource(cairo_t* cr, Rgb c, double alpha = 1.0);

} // namespace sandtable
