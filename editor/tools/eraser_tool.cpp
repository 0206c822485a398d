#include "editor/tools/eraser_tool.hpp"

#include "model/commands/edits.hpp"

namespace sandtable {

const ToolInfo& EraserTool::info() const {
    static constexpr ToolInfo i{
        Tool::Eraser,     "Eraser", 'E', false, "Take features and hexsides off the cells under the brush",
        BrushRadiusOption};
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
