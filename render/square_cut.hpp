#pragma once
// Cutting a lattice square of the natural ground by a bound that varies linearly along its sides
// (a terrain's lead, a height above a contour's): what marching squares keeps of the square.
#include "model/layout.hpp"

#include <span>
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

} // namespace sandtable
