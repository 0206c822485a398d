#pragma once
// Measure: drag from one cell to another to read the distance between them: in cells (as the rules
// count moves and ranges on the grid), as the crow flies in yards on the ground, and, where the
// map has a tabletop scale (rules measured in inches), in inches or millimetres on the table. The
// measurement stays on the map until the next one or Esc; it changes nothing in the scenario.
#include "editor/tools/map_tool.hpp"

#include <optional>
#include <string>

namespace sandtable {

// What a measurement from `from` to `to` reads, in words ("4 hexes; 1,520 yards as the crow flies").
std::string measurementText(const Map& map, const Layout& layout, Offset from, Offset to);

class MeasureTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"measure"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
    void release(ToolHost& host, Point p) override { drag(host, p); }
    void cancel(ToolHost& host) override;
    bool key(ToolHost& host, ToolKey key) override;
    void reset() override;
    std::string status() const override;
    ToolCursor cursor() const override { return ToolCursor::Cross; }
    void drawOverlay(OverlayPainter& painter) const override;

  private:
    std::optional<Offset> fromCell_, toCell_;
    Point from_, to_; // the cells' centres
    std::string text_;
};

} // namespace sandtable
