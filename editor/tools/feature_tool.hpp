#pragma once
// Place feature: a town, objective, entry point... in the cell clicked, picked at once so its name,
// side and value can be set in Properties.
#include "editor/tools/map_tool.hpp"

namespace sandtable {

class FeatureTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"feature"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
};

} // namespace sandtable
