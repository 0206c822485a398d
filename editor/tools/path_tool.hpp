#pragma once
// Road / railroad: a drag through cells becomes a path of neighbours on release; starting on the end
// of a path of the same kind continues it.
#include "editor/tools/map_tool.hpp"

#include <vector>

namespace sandtable {

class PathTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"path"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
    void release(ToolHost& host, Point p) override;
    void cancel(ToolHost&) override { reset(); }
    void reset() override;

  private:
    std::vector<Offset> cells_;
    std::optional<PathId> extending_;
};

} // namespace sandtable
