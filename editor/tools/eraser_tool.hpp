#pragma once
// Eraser: takes features and hexsides off the cells under the brush along a stroke.
#include "editor/tools/brush.hpp"

namespace sandtable {

class EraserTool final : public BrushTool {
  public:
    static constexpr ToolId toolId{"eraser"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;

  private:
    void erase(ToolHost& host, Point p, bool continueStroke);
};

} // namespace sandtable
