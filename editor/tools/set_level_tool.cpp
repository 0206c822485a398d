#include "editor/tools/set_level_tool.hpp"

#include "editor/tools/brush.hpp"

namespace sandtable {

const ToolInfo& SetLevelTool::info() const {
    static constexpr ToolInfo i{Tool::SetLevel,
                                "Set level",
                                'V',
                                false,
                                "Give the cells under the brush the chosen level",
                                BrushRadiusOption | LevelOption};
    return i;
}

void SetLevelTool::press(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Elevation, host.toolSettings().level, false);
}

void SetLevelTool::drag(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Elevation, host.toolSettings().level, true);
}

} // namespace sandtable
