#pragma once
// Line of supply: the cell clicked becomes the selected corps' line of supply (The Hexed General's
// "LOS").
#include "editor/tools/map_tool.hpp"

namespace sandtable {

class SupplyTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"supply"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
};

} // namespace sandtable
