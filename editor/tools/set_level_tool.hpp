#pragma once
// Set level: the cells under the brush take the chosen level along a stroke.
#include "editor/tools/map_tool.hpp"

namespace sandtable {

class SetLevelTool final : public MapTool {
  public:
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
};

} // namespace sandtable
