#pragma once
// Cutting a lattice square of the natural ground by a bound that varies linearly along its sides
// (a terrain's lead, a height above a contour's): what marching squares keeps of the square.
#include "model/layout.hpp"

#include <array>
#include <span>
#include <utility>
#include <vector>

namespace sandtable {

// A corner of a part of a lattice square, and how far inside the bound it is.
struct MarginVertex {
    Point at;
    double margin = 0;
};

// The part of the polygon `in` where the margin is positive, the margin taken as linear along its
// edges (Sutherland-Hodgman against one bound). `out` turns the way `in` does.
void keepInside(std::span<const MarginVertex> in, std::vector<MarginVertex>& out);

// The iso-line at `t` through a lattice square whose corners (clockwise from its top left) are at
// `value`, added to `out` as segments (none, one, or two at a saddle, where the mean of the
// corners decides which corners the lines cut off). A corner is above the line when its value is
// at least `t`, or, not `inclusive`, more than `t`. Each crossing is linear along its side.
void isoLineThrough(const std::array<Point, 4>& corner, const std::array<double, 4>& value, double t,
                    bool inclusive, std::vector<std::pair<Point, Point>>& out);

} // namespace sandtable
