#include "editor/tools/tool_list.hpp"

#include "editor/tools/area_tool.hpp"
#include "editor/tools/eraser_tool.hpp"
#include "editor/tools/eyedropper_tool.hpp"
#include "editor/tools/feature_tool.hpp"
#include "editor/tools/fill_tool.hpp"
#include "editor/tools/hexside_tool.hpp"
#include "editor/tools/measure_tool.hpp"
#include "editor/tools/path_tool.hpp"
#include "editor/tools/select_tool.hpp"
#include "editor/tools/set_level_tool.hpp"
#include "editor/tools/shift_ground_tool.hpp"
#include "editor/tools/supply_tool.hpp"
#include "editor/tools/terrain_brush_tool.hpp"

#include <ostream>
#include <stdexcept>

namespace sandtable {

std::vector<std::unique_ptr<MapTool>> makeMapTools() {
    std::vector<std::unique_ptr<MapTool>> tools;
    tools.push_back(std::make_unique<SelectTool>());
    tools.push_back(std::make_unique<TerrainBrushTool>());
    tools.push_back(std::make_unique<FillTool>());
    tools.push_back(std::make_unique<EyedropperTool>());
    tools.push_back(std::make_unique<ShiftGroundTool>(+1));
    tools.push_back(std::make_unique<ShiftGroundTool>(-1));
    tools.push_back(std::make_unique<HexsideTool>());
    tools.push_back(std::make_unique<PathTool>());
    tools.push_back(std::make_unique<FeatureTool>());
    tools.push_back(std::make_unique<EraserTool>());
    tools.push_back(std::make_unique<SupplyTool>());
    tools.push_back(std::make_unique<AreaTool>());
    tools.push_back(std::make_unique<SetLevelTool>());
    tools.push_back(std::make_unique<MeasureTool>());
    return tools;
}

const std::vector<ToolInfo>& mapToolInfos() {
    static const std::vector<ToolInfo> infos = [] {
        std::vector<ToolInfo> out;
        for (const auto& tool : makeMapTools()) {
            out.push_back(tool->info());
        }
        return out;
    }();
    return infos;
}

const ToolInfo& mapToolInfo(ToolId tool) {
    for (const ToolInfo& info : mapToolInfos()) {
        if (info.id == tool) {
            return info;
        }
    }
    throw std::logic_error("a tool without its class in the list of tools");
}

std::optional<ToolId> toolForKey(int keyCode, bool shift) {
    const int upper = keyCode >= 'a' && keyCode <= 'z' ? keyCode - 'a' + 'A' : keyCode;
    for (const ToolInfo& info : mapToolInfos()) {
        if (info.key == upper && info.shift == shift) {
            return info.id;
        }
    }
    return std::nullopt;
}

std::ostream& operator<<(std::ostream& out, ToolId id) {
    return out << id.name;
}

std::string shortcutText(const ToolInfo& info) {
    return (info.shift ? "Shift+" : "") + std::string(1, info.key);
}

} // namespace sandtable
