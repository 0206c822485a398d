#pragma once
// The title block's legend and scale bar: what the printed map's colours, symbols and lines mean,
// drawn with the map's own drawing functions so the legend always matches the map.
#include "model/scenario.hpp"

#include <string>
#include <vector>

typedef struct _cairo cairo_t;

namespace sandtable {

// What the legend lists for a scenario, in order: the terrain types its map uses, then the lines
// and marks it has (roads, rivers, bridges, contours, objectives...). Nothing the map lacks.
std::vector<std::string> legendEntries(const Scenario& s);

// Draws the legend in rows from (x, y) points, `width` wide; returns the height it took.
double drawLegend(cairo_t* cr, const Scenario& s, double x, double y, double width);

// A scale bar of alternating segments at (x, y), as long as fits `maxWidth` in a round number
// of yards, with its figures under it; returns its length in points.
double drawScaleBar(cairo_t* cr, double x, double y, double maxWidth, double yardsPerPoint);

} // namespace sandtable
