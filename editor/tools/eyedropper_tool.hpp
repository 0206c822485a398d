#pragma once
// Eyedropper: takes the terrain of the cell clicked as the brush's.
#include "editor/tools/map_tool.hpp"

namespace sandtable {

class EyedropperTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"eyedropper"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
};

} // namespace sandtable
