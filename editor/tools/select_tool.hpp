#pragma once
// Select / move: a click picks the piece in a cell (units first) or, where none stands, a line of
// supply, an entry or a feature; a drag moves what was picked, one undo step.
#include "editor/tools/map_tool.hpp"

namespace sandtable {

class SelectTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"select"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
    void release(ToolHost& host, Point p) override;
    void cancel(ToolHost& host) override;
    void reset() override;

  private:
    std::optional<Offset> dragFrom_;
    bool dragging_ = false;
    std::optional<Offset> markerTarget_; // where a dragged marker goes on release
};

} // namespace sandtable
