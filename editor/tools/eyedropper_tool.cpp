#include "editor/tools/eyedropper_tool.hpp"

namespace sandtable {

const ToolInfo& EyedropperTool::info() const {
    static constexpr ToolInfo i{
        Tool::Eyedropper, "Eyedropper", 'I', false, "Click a cell to take its terrain for the brush", 0};
    return i;
}

void EyedropperTool::press(ToolHost& host, Point p) {
    if (const auto cell = host.layout().cellAt(p)) {
        const Scenario& s = host.document().scenario();
        host.toolSettings().terrain = s.map.terrain[s.map.grid.index(*cell)];
        host.terrainPicked(host.toolSettings().terrain);
    }
}

} // namespace sandtable
