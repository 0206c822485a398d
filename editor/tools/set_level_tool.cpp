#include "editor/tools/set_level_tool.hpp"

#include "editor/tools/brush.hpp"

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view setLevelToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><rect x="2.5" y="15.5" width="19" height="5" fill="#d8c49a" stroke="#222"/><rect x="5.5" y="10.5" width="13" height="5" fill="#b08850" stroke="#222"/><rect x="8.5" y="5.5" width="7" height="5" fill="#c0392b" stroke="#222"/></svg>)";

} // namespace

const ToolInfo& SetLevelTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Set level",
                                'V',
                                false,
                                "Give the cells under the brush the chosen level",
                                BrushRadiusOption | LevelOption,
                                setLevelToolIcon};
    return i;
}

void SetLevelTool::press(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Elevation, host.toolSettings().level, false);
}

void SetLevelTool::drag(ToolHost& host, Point p) {
    paintUnderBrush(host, p, CellLayer::Elevation, host.toolSettings().level, true);
}

} // namespace sandtable
