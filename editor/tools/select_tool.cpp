#include "editor/tools/select_tool.hpp"

#include "editor/tools/map_markers.hpp"
#include "model/commands/edits.hpp"

#include <algorithm>

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view selectToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M6 3v16l4-4 3 6 2.5-1.2-3-5.8H18z" fill="#fff" stroke="#222" stroke-width="1.5" stroke-linejoin="round"/></svg>)";

} // namespace

const ToolInfo& SelectTool::info() const {
    static constexpr ToolInfo i{
        toolId, "Select / move", 'S', false, "Click a piece or marker to pick it; drag it to move it",
        0,      selectToolIcon};
    return i;
}

void SelectTool::press(ToolHost& host, Point p) {
    const auto cell = host.layout().cellAt(p);
    const Scenario& s = host.document().scenario();
    const auto piece = cell ? pieceAt(s, *cell) : std::nullopt;
    host.select(piece);
    // Where no piece stands, a line of supply, an entry cell or a feature is picked up instead.
    const auto marker = !piece && cell ? markerAt(s, *cell) : std::nullopt;
    host.selectMarker(marker);
    markerTarget_.reset();
    if (marker) {
        switch (marker->kind) {
        case MapMarker::Kind::SupplyCell:
            host.message("Line of supply: drag it to another cell; Delete clears it");
            break;
        case MapMarker::Kind::Entry:
            host.message("Reinforcement entry: drag it to another cell; Delete takes the reinforcement off");
            break;
        case MapMarker::Kind::Feature:
            host.message("Map feature: drag it to another cell, edit it in Properties; Delete removes it");
            break;
        }
    }
    dragFrom_ = cell;
    dragging_ = false;
}

void SelectTool::drag(ToolHost& host, Point p) {
    const auto cell = host.layout().cellAt(p);
    if (host.selectedMarker() && cell) {
        markerTarget_ = *cell; // moved on release, as one step
        return;
    }
    const auto selected = host.selected();
    if (!selected || !cell || !dragFrom_ || *cell == *dragFrom_) {
        return;
    }
    const Scenario& s = host.document().scenario();
    const Grid& grid = s.map.grid;
    auto it = s.deployment.placements.find(*selected);
    if (it == s.deployment.placements.end()) {
        return;
    }
    // Move every cell of the piece by the same offset (a line keeps its shape).
    Placement moved = it->second;
    const Hex delta = grid.isHex() ? grid.toHex(*cell) - grid.toHex(*dragFrom_) : Hex{};
    for (Offset& c : moved.cells) {
        c = grid.isHex() ? grid.fromHex(grid.toHex(c) + delta)
                         : Offset{c.col + cell->col - dragFrom_->col, c.row + cell->row - dragFrom_->row};
    }
    if (std::all_of(moved.cells.begin(), moved.cells.end(), [&](Offset c) { return grid.contains(c); })) {
        host.document().execute(edits::setPlacement(s, *selected, moved), dragging_);
        dragging_ = true;
        dragFrom_ = *cell;
    }
}

void SelectTool::release(ToolHost& host, Point p) {
    drag(host, p);
    const auto marker = host.selectedMarker();
    if (marker && markerTarget_ && markerTarget_ != markerCell(host.document().scenario(), *marker)) {
        moveMarker(host.document(), *marker, *markerTarget_);
    }
    reset();
}

void SelectTool::cancel(ToolHost&) {
    reset();
}

void SelectTool::reset() {
    markerTarget_.reset();
    dragFrom_.reset();
    dragging_ = false;
}

} // namespace sandtable
