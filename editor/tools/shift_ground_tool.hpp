#pragma once
// Raise and lower ground: each cell under the brush goes one level up (or down) once a stroke. One
// class, two tools: the direction is the tool's.
#include "editor/tools/brush.hpp"

#include <unordered_set>

namespace sandtable {

class ShiftGroundTool final : public BrushTool {
  public:
    static constexpr ToolId raiseId{"raise"};
    static constexpr ToolId lowerId{"lower"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    explicit ShiftGroundTool(int delta) : delta_(delta) {}
    void drag(ToolHost& host, Point p) override;
    void reset() override {
        BrushTool::reset();
        strokeCells_.clear();
    }

  private:
    void stroke(ToolHost& host, Point p, bool continueStroke);
    int delta_;
    std::unordered_set<Offset> strokeCells_; // cells already shifted in this stroke
};

} // namespace sandtable
