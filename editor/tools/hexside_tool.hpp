#pragma once
// Hexside: the first side clicked toggles the chosen feature (or crossing); the rest of the drag does
// the same to every side it follows, corner to corner: drawing a river, or rubbing one out.
#include "editor/tools/map_tool.hpp"

#include <utility>
#include <vector>

namespace sandtable {

class HexsideTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"hexside"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
    void release(ToolHost& host, Point p) override;
    void cancel(ToolHost&) override { lastEdge_.reset(); }
    void reset() override {
        lastEdge_.reset();
        pointedEdge_.reset();
        pointed_.reset();
    }
    // The side a click would toggle, marked under the pointer.
    bool hover(ToolHost& host, std::optional<Point> p) override;
    ToolCursor cursor() const override { return ToolCursor::Cross; }
    void drawOverlay(OverlayPainter& painter) const override;

  private:
    void stroke(ToolHost& host, const std::vector<EdgeId>& edges, bool continueStroke);
    std::optional<EdgeId> lastEdge_; // the side the stroke has reached
    bool adds_ = true;               // the stroke draws the feature (or rubs it out)
    Crossing crossing_ = Crossing::None;
    std::optional<EdgeId> pointedEdge_;
    std::optional<std::pair<Point, Point>> pointed_; // its ends on the map
};

} // namespace sandtable
