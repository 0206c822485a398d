#pragma once
// Farmland in the natural style, as a published map draws it: furrows laid in plots, not a
// cell's symbol stamped at its middle. The ground is cut into plots (rectangles about a cell and a
// half by one, each row of them set off by half a plot from the one above, as a wall of bricks is,
// so no grid shows), each plot's furrows parallel at one of four angles by a hash of the plot,
// kept a little inside its edges so the plots read as fields side by side, and each furrow drawn
// only where the ground shows a field. Plots and furrows are laid from the map's corner, so the
// same furrows stand in every tile, band and page.
#include "model/layout.hpp"

#include <functional>
#include <utility>
#include <vector>

namespace sandtable {

class NaturalGround;

struct FieldPlots {
    double width = 1.6, height = 1.2; // a plot, in cells
    double spacing = 0.085;           // between furrows, in cells
    double inset = 0.06;              // furrows keep this far inside their plot's edges, in cells
};

// The furrows over the region from (left, top) to (right, bottom) (map units), as segments, where
// the ground shows a terrain `field` says is farmland. `cellSize`: the layout's, in map units.
std::vector<std::pair<Point, Point>> fieldFurrows(const NaturalGround& ground, double cellSize, double left,
                                                  double top, double right, double bottom,
                                                  const std::function<bool(int terrain)>& field,
                                                  const FieldPlots& plots = {});

} // namespace sandtable
