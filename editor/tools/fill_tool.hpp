#pragma once
// Fill: floods the connected region of one terrain with the chosen one.
#include "editor/tools/map_tool.hpp"

namespace sandtable {

class FillTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"fill"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
};

} // namespace sandtable
