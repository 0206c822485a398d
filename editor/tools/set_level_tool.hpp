#pragma once
// Set level: the cells under the brush take the chosen level along a stroke.
#include "editor/tools/brush.hpp"

namespace sandtable {

class SetLevelTool final : public BrushTool {
  public:
    static constexpr ToolId toolId{"set-level"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
};

} // namespace sandtable
