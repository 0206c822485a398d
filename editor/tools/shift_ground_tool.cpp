#include "editor/tools/shift_ground_tool.hpp"

#include "model/commands/edits.hpp"
#include "model/limits.hpp"

#include <algorithm>

namespace sandtable {

const ToolInfo& ShiftGroundTool::info() const {
    static constexpr ToolInfo raise{Tool::Raise,
                                    "Raise ground",
                                    'R',
                                    false,
                                    "Raise the cells under the brush one level, once a stroke",
                                    BrushRadiusOption};
    static constexpr ToolInfo lower{Tool::Lower,
                                    "Lower ground",
                                    'R',
                                    true,
                                    "Lower the cells under the brush one level, once a stroke",
                                    BrushRadiusOption};
    return delta_ > 0 ? raise : lower;
}

void ShiftGroundTool::press(ToolHost& host, Point p) {
    strokeCells_.clear();
    stroke(host, p, false);
}

void ShiftGroundTool::drag(ToolHost& host, Point p) {
    stroke(host, p, true);
}

void ShiftGroundTool::stroke(ToolHost& host, Point p, bool continueStroke) {
    const auto cell = host.layout().cellAt(p);
    if (!cell) {
        return;
    }
    const Scenario& s = host.document().scenario();
    for (Offset c : s.map.grid.range(*cell, host.toolSettings().brushRadius)) {
        if (!strokeCells_.insert(c).second) {
            continue;
        }
        const int level = static_cast<int>(
            std::clamp<long long>(s.map.elevationAt(c) + delta_, limits::elevation.lo, limits::elevation.hi));
        host.document().execute(edits::paint(s, CellLayer::Elevation, {c}, level, host.gesture()),
                                continueStroke);
        continueStroke = true;
    }
}

} // namespace sandtable
