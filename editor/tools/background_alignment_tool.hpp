#pragma once
// Map > Align background by points as a tool of its own, a task that takes the map until it ends:
// clicks alternate between a point on the scan and where it belongs on the grid
// (BackgroundAlignment), Enter applies the alignment as one undoable edit once two pairs or more
// are in, Backspace takes back the last click, Esc cancels. It draws each pair (a numbered red ring
// on the scan, a blue cross on the grid, the fit's residual) and keeps its instructions in the
// status bar.
#include "editor/tools/background_alignment.hpp"
#include "editor/tools/map_tool.hpp"

#include <functional>

namespace sandtable {

class BackgroundAlignmentTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"align-background"};
    // `onAligned` receives the aligned scan when Enter applies it.
    BackgroundAlignmentTool(BackgroundImage scan, std::function<void(BackgroundImage)> onAligned);

    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void release(ToolHost&, Point) override {}
    bool key(ToolHost& host, ToolKey key) override;
    void cancel(ToolHost& host) override;
    std::string status() const override { return alignment_.hint(); }
    ToolCursor cursor() const override { return ToolCursor::Cross; }
    void drawOverlay(OverlayPainter& painter) const override;

    const BackgroundAlignment& alignment() const { return alignment_; }

  private:
    BackgroundAlignment alignment_;
    std::function<void(BackgroundImage)> onAligned_;
};

} // namespace sandtable
