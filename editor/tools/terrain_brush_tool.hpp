#pragma once
// Terrain brush: paints the chosen terrain under the brush along a stroke.
#include "editor/tools/map_tool.hpp"

namespace sandtable {

class TerrainBrushTool final : public MapTool {
  public:
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
};

} // namespace sandtable
