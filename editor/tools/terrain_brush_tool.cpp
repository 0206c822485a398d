#include "editor/tools/terrain_brush_tool.hpp"

#include "editor/tools/brush.hpp"

namespace sandtable {

const ToolInfo& TerrainBrushTool::info() const {
    static constexpr ToolInfo i{Tool::Terrain,
                                "Terrain brush",
                                'B',
                                false,
                                "Paint the chosen terrain; drag for a stroke",
                                BrushRadiusOption | TerrainOption};
    return i;
}

void TerrainBrushTool::press(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Terrain, host.toolSettings().terrain, false);
}

void TerrainBrushTool::drag(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Terrain, host.toolSettings().terrain, true);
}

} // namespace sandtable
