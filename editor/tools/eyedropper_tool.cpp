#include "editor/tools/eyedropper_tool.hpp"

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view eyedropperToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M3.5 20.5l1.5-4 9-9 2.5 2.5-9 9z" fill="#4f9a3a" stroke="#222" stroke-width="1.3" stroke-linejoin="round"/><path d="M12.5 6l3-3a2 2 0 0 1 2.8 0l2.7 2.7a2 2 0 0 1 0 2.8l-3 3z" fill="#555" stroke="#222" stroke-width="1.3" stroke-linejoin="round"/></svg>)";

} // namespace

const ToolInfo& EyedropperTool::info() const {
    static constexpr ToolInfo i{
        toolId, "Eyedropper",      'I', false, "Click a cell to take its terrain for the brush",
        0,      eyedropperToolIcon};
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
