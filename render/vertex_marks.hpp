#pragma once
// The natural style's grid, as GMT prints its maps: short strokes out of each vertex along its
// sides, so the cells can be counted without a line across the ground.
//
// On a raster each cell stamps the marks of the first half of its sides (render/raster_stamps);
// the other half are the first halves of its neighbours'. On paper the marks repeat with the grid,
// so they are one tile of marks, written once and laid over the map as a PDF (or SVG) pattern:
// a 300 x 300 map's marks were 270,000 dashed strokes that Cairo outlined one by one.
#include "model/layout.hpp"

typedef struct _cairo cairo_t;

namespace sandtable {

// The marks of the sides of the cells from `first` to `last`, the map's outer sides among them.
void drawVertexMarks(cairo_t* cr, const Layout& layout, Offset first, Offset last, double pixelsPerUnit);

} // namespace sandtable
