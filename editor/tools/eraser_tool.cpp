#include "editor/tools/eraser_tool.hpp"

#include "model/commands/edits.hpp"

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view eraserToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M3 15l9-9 8 8-6 6H8z" fill="#f2a7b8" stroke="#222" stroke-width="1.3" stroke-linejoin="round"/><path d="M7.5 10.5l8 8M8 20h13" fill="none" stroke="#222" stroke-width="1.3" stroke-linecap="round"/></svg>)";

} // namespace

const ToolInfo& EraserTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Eraser",
                                'E',
                                false,
                                "Take features and hexsides off the cells under the brush",
                                BrushRadiusOption,
                                eraserToolIcon};
    return i;
}

void EraserTool::press(ToolHost& host, Point p) {
    erase(host, p, false);
}

void EraserTool::drag(ToolHost& host, Point p) {
    erase(host, p, true);
}

void EraserTool::erase(ToolHost& host, Point p, bool continueStroke) {
    const auto cell = host.layout().cellAt(p);
    if (!cell) {
        return;
    }
    const Scenario& s = host.document().scenario();
    const Grid& grid = s.map.grid;
    for (Offset c : grid.range(*cell, host.toolSettings().brushRadius)) {
        for (const auto& [id, f] : s.map.features) {
            if (f.cell == c) {
                host.document().execute(edits::setFeature(s, id, std::nullopt), continueStroke);
                continueStroke = true;
                break;
            }
        }
        for (int d = 0; d < grid.sideCount(); ++d) {
            if (s.map.hexsides.contains(grid.edge(c, d))) {
                host.document().execute(edits::setHexside(s, grid.edge(c, d), Hexside{}), continueStroke);
                continueStroke = true;
            }
        }
    }
}

} // namespace sandtable
