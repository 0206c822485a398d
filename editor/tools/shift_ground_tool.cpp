#include "editor/tools/shift_ground_tool.hpp"

#include "model/commands/edits.hpp"
#include "model/limits.hpp"

#include <algorithm>

namespace sandtable {
namespace {

// The tools' pictures on the toolbar (24 x 24).
constexpr std::string_view raiseIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M2 21l7-9 4 5 3-3 6 7z" fill="#b08850" stroke="#222" stroke-width="1.2" stroke-linejoin="round"/><path d="M16 11V3m-3.5 3.5L16 3l3.5 3.5" fill="none" stroke="#c0392b" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>)";
constexpr std::string_view lowerIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M2 21l7-9 4 5 3-3 6 7z" fill="#b08850" stroke="#222" stroke-width="1.2" stroke-linejoin="round"/><path d="M16 3v8m-3.5-3.5L16 11l3.5-3.5" fill="none" stroke="#2e6fd1" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>)";

} // namespace

const ToolInfo& ShiftGroundTool::info() const {
    static constexpr ToolInfo raise{raiseId,
                                    "Raise ground",
                                    'R',
                                    false,
                                    "Raise the cells under the brush one level, once a stroke",
                                    BrushRadiusOption,
                                    raiseIcon};
    static constexpr ToolInfo lower{lowerId,
                                    "Lower ground",
                                    'R',
                                    true,
                                    "Lower the cells under the brush one level, once a stroke",
                                    BrushRadiusOption,
                                    lowerIcon};
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
