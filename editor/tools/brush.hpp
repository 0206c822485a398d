#pragma once
// What every brush does: the cells within the brush's radius of the cell under the pointer take a
// value of one layer, merged into the gesture's undo step.
#include "editor/tools/map_tool.hpp"
#include "editor/tools/overlay_painter.hpp"
#include "model/commands/edits.hpp"

#include <vector>

namespace sandtable {

inline void paintUnderBrush(ToolHost& host, Point p, CellLayer layer, int value, bool continueStroke) {
    if (const auto cell = host.layout().cellAt(p)) {
        const Scenario& s = host.document().scenario();
        host.document().execute(edits::paint(s, layer,
                                             s.map.grid.range(*cell, host.toolSettings().brushRadius), value,
                                             host.gesture()),
                                continueStroke);
    }
}

// A tool that works on the cells under its brush: it shows where it would work (the cells within the
// brush's radius of the pointer, outlined) and takes the pointer as a cross.
class BrushTool : public MapTool {
  public:
    bool hover(ToolHost& host, std::optional<Point> p) override {
        std::optional<Offset> cell = p ? host.layout().cellAt(*p) : std::nullopt;
        const int radius = host.toolSettings().brushRadius;
        if (cell == centre_ && radius == radius_) {
            return false;
        }
        centre_ = cell;
        radius_ = radius;
        outlines_.clear();
        if (cell) {
            for (Offset c : host.layout().grid().range(*cell, radius)) {
                outlines_.push_back(host.layout().corners(c));
            }
        }
        return true;
    }
    void reset() override {
        centre_.reset();
        outlines_.clear();
    }
    ToolCursor cursor() const override { return ToolCursor::Cross; }
    void drawOverlay(OverlayPainter& painter) const override {
        for (const std::vector<Point>& corners : outlines_) {
            painter.outline(corners, OverlayColour{255, 255, 255, 230}, 2.5, std::nullopt, false);
            painter.outline(corners, OverlayColour{20, 20, 20, 230}, 1, std::nullopt, true);
        }
    }

  private:
    std::optional<Offset> centre_;
    int radius_ = 0;
    std::vector<std::vector<Point>> outlines_;
};

} // namespace sandtable
