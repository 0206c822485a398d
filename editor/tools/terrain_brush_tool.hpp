#pragma once
// Terrain brush: paints the chosen terrain under the brush along a stroke.
#include "editor/tools/brush.hpp"

namespace sandtable {

class TerrainBrushTool final : public BrushTool {
  public:
    static constexpr ToolId toolId{"terrain"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
};

} // namespace sandtable
