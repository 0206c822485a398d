#pragma once
// Where a line crosses a box (Liang-Barsky): the one place the map's drawing asks it, for a field's
// furrows cut to their plot and a word kept off a road.
#include "model/layout.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <utility>

namespace sandtable {

// The part of the line p + t d (t any number) inside the box from (x0, y0) to (x1, y1): the t where
// it enters and where it leaves. False when it misses the box.
inline bool clipLineToBox(Point p, Point d, double x0, double y0, double x1, double y1, double& enter,
                          double& leave) {
    enter = -std::numeric_limits<double>::infinity();
    leave = std::numeric_limits<double>::infinity();
    for (const auto& [origin, direction, low, high] :
         std::array<std::array<double, 4>, 2>{{{p.x, d.x, x0, x1}, {p.y, d.y, y0, y1}}}) {
        if (direction == 0) {
            if (origin < low || origin > high) {
                return false;
            }
            continue;
        }
        double a = (low - origin) / direction, b = (high - origin) / direction;
        if (a > b) {
            std::swap(a, b);
        }
        enter = std::max(enter, a);
        leave = std::min(leave, b);
    }
    return enter <= leave;
}

} // namespace sandtable
