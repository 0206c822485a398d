#include "editor/tools/path_tool.hpp"

#include "model/commands/edits.hpp"

#include <algorithm>

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view pathToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M3 20c4-1 5-6 9-7s6-6 9-9" fill="none" stroke="#222" stroke-width="5" stroke-linecap="round"/><path d="M3 20c4-1 5-6 9-7s6-6 9-9" fill="none" stroke="#d9a05b" stroke-width="2.8" stroke-linecap="round"/></svg>)";

} // namespace

const ToolInfo& PathTool::info() const {
    static constexpr ToolInfo i{
        toolId,
        "Road / railroad",
        'P',
        false,
        "Drag through cells to lay a road or railroad; start on a path's end to extend it",
        PathKindOption,
        pathToolIcon};
    return i;
}

void PathTool::press(ToolHost& host, Point p) {
    reset();
    const auto cell = host.layout().cellAt(p);
    if (!cell) {
        return;
    }
    cells_.push_back(*cell);
    for (const auto& [id, path] : host.document().scenario().map.paths) {
        if (path.kind == host.toolSettings().pathKind &&
            (path.cells.back() == *cell || path.cells.front() == *cell)) {
            extending_ = id;
            break;
        }
    }
}

void PathTool::drag(ToolHost& host, Point p) {
    const auto cell = host.layout().cellAt(p);
    if (cell && !cells_.empty() && *cell != cells_.back()) {
        // Fill any gap with a straight line, so a fast drag still makes a chain of neighbours.
        auto line = host.document().scenario().map.grid.lineDraw(cells_.back(), *cell);
        cells_.insert(cells_.end(), line.begin() + 1, line.end());
    }
}

void PathTool::release(ToolHost& host, Point p) {
    drag(host, p);
    if (cells_.size() >= 2) {
        const Scenario& s = host.document().scenario();
        if (extending_) {
            Path path = s.map.paths.at(*extending_);
            if (path.cells.front() == cells_.front()) {
                std::reverse(path.cells.begin(), path.cells.end());
            }
            path.cells.insert(path.cells.end(), cells_.begin() + 1, cells_.end());
            host.document().execute(edits::setPath(s, *extending_, path));
        } else {
            host.document().execute(
                edits::setPath(s, edits::nextPathId(s), Path{host.toolSettings().pathKind, "", cells_}));
        }
    }
    reset();
}

void PathTool::reset() {
    cells_.clear();
    extending_.reset();
}

} // namespace sandtable
