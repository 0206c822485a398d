#pragma once
// The list of tools, in the palette's order: the tools panel, the Tools menu, the toolbar, the map's
// single-key shortcuts and Help > Keyboard shortcuts are all built from it. Adding a tool is its own
// files in editor/tools (the build takes every source there) and its line (with its #include) in
// tool_list.cpp.
#include "editor/tools/map_tool.hpp"

#include <memory>
#include <optional>
#include <vector>

namespace sandtable {

// A fresh set of every tool (a ToolManager owns one).
std::vector<std::unique_ptr<MapTool>> makeMapTools();
// What every tool declares of itself, in the palette's order.
const std::vector<ToolInfo>& mapToolInfos();
const ToolInfo& mapToolInfo(ToolId tool);
// The tool for a key pressed on the map (no Ctrl or Alt), if any.
std::optional<ToolId> toolForKey(int keyCode, bool shift);

} // namespace sandtable
