#include "editor/tools/terrain_brush_tool.hpp"

#include "editor/tools/brush.hpp"

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view terrainBrushToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M20.5 3.5l-8 8" fill="none" stroke="#8b5a2b" stroke-width="3" stroke-linecap="round"/><path d="M11.5 10.5l2 2c0 3.5-3 6.5-9.5 7.5 1-6.5 4-9.5 7.5-9.5z" fill="#4f9a3a" stroke="#222" stroke-width="1.2" stroke-linejoin="round"/></svg>)";

} // namespace

const ToolInfo& TerrainBrushTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Terrain brush",
                                'B',
                                false,
                                "Paint the chosen terrain; drag for a stroke",
                                BrushRadiusOption | TerrainOption,
                                terrainBrushToolIcon};
    return i;
}

void TerrainBrushTool::press(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Terrain, host.toolSettings().terrain, false);
}

void TerrainBrushTool::drag(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Terrain, host.toolSettings().terrain, true);
}

} // namespace sandtable
