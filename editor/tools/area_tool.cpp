#include "editor/tools/area_tool.hpp"

#include "model/commands/edits.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view areaToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><rect x="4" y="5" width="16" height="14" fill="#2e6fd1" fill-opacity=".15" stroke="#2e6fd1" stroke-width="1.5" stroke-dasharray="3 2"/><rect x="2.5" y="3.5" width="3" height="3" fill="#fff" stroke="#222"/><rect x="18.5" y="17.5" width="3" height="3" fill="#fff" stroke="#222"/></svg>)";

// On hexes a shape moves in cube coordinates, so it survives an odd column or row shift.
Offset translate(const Grid& grid, Offset c, Offset from, Offset to) {
    if (grid.isHex()) {
        return grid.fromHex(grid.toHex(c) + (grid.toHex(to) - grid.toHex(from)));
    }
    return {c.col + to.col - from.col, c.row + to.row - from.row};
}

} // namespace

const ToolInfo& AreaTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Area (copy, paste, clear)",
                                'A',
                                false,
                                "Drag a rectangle; then Copy, Paste at a cell, or Delete to clear it",
                                0,
                                areaToolIcon};
    return i;
}

void AreaTool::press(ToolHost& host, Point p) {
    const auto cell = host.layout().cellAt(p);
    start_ = cell;
    area_.clear();
    if (cell) {
        setAreaTo(*cell);
    }
}

void AreaTool::drag(ToolHost& host, Point p) {
    if (const auto cell = host.layout().cellAt(p); cell && start_) {
        setAreaTo(*cell);
    }
}

void AreaTool::clear() {
    start_.reset();
    area_.clear();
}

void AreaTool::setAreaTo(Offset corner) {
    area_.clear();
    const Offset a = *start_;
    for (int row = std::min(a.row, corner.row); row <= std::max(a.row, corner.row); ++row) {
        for (int col = std::min(a.col, corner.col); col <= std::max(a.col, corner.col); ++col) {
            area_.push_back({col, row});
        }
    }
}

bool AreaTool::copy(const Scenario& s) {
    if (area_.empty()) {
        return false;
    }
    const std::unordered_set<Offset> inside(area_.begin(), area_.end());
    Clipboard clip;
    clip.origin = area_.front();
    for (Offset c : area_) {
        const std::size_t i = s.map.grid.index(c);
        clip.cells.push_back({c, {s.map.terrain[i], s.map.elevation[i]}});
        for (int d = 0; d < s.map.grid.sideCount() / 2; ++d) {
            if (auto it = s.map.hexsides.find(s.map.grid.edge(c, d)); it != s.map.hexsides.end()) {
                clip.hexsides.emplace_back(it->first, it->second);
            }
        }
    }
    for (const auto& [id, path] : s.map.paths) {
        if (std::all_of(path.cells.begin(), path.cells.end(), [&](Offset c) { return inside.contains(c); })) {
            clip.paths.push_back(path);
        }
    }
    for (const auto& [id, f] : s.map.features) {
        if (inside.contains(f.cell)) {
            clip.features.push_back(f);
        }
    }
    clipboard_ = std::move(clip);
    return true;
}

bool AreaTool::pasteAt(Document& doc, Offset topLeft) {
    if (!clipboard_) {
        return false;
    }
    const Scenario& s = doc.scenario();
    const Grid& grid = s.map.grid;
    const Clipboard& clip = *clipboard_;
    std::vector<CommandPtr> parts;
    // Terrain and elevation: one paint per value, within the map.
    std::map<int, std::vector<Offset>> byTerrain, byLevel;
    for (const auto& [c, values] : clip.cells) {
        const Offset to = translate(grid, c, clip.origin, topLeft);
        if (grid.contains(to)) {
            byTerrain[values.first].push_back(to);
            byLevel[values.second].push_back(to);
        }
    }
    for (const auto& [value, cells] : byTerrain) {
        parts.push_back(edits::paint(s, CellLayer::Terrain, cells, value));
    }
    for (const auto& [value, cells] : byLevel) {
        parts.push_back(edits::paint(s, CellLayer::Elevation, cells, value));
    }
    for (const auto& [edge, side] : clip.hexsides) {
        const Offset to = translate(grid, edge.cell, clip.origin, topLeft);
        const EdgeId moved = grid.edge(to, edge.dir);
        if (grid.edgeTouchesMap(moved)) {
            parts.push_back(edits::setHexside(s, moved, side));
        }
    }
    std::uint32_t nextPath = edits::nextPathId(s).value, nextFeature = edits::nextFeatureId(s).value;
    for (Path path : clip.paths) {
        for (Offset& c : path.cells) {
            c = translate(grid, c, clip.origin, topLeft);
        }
        if (std::all_of(path.cells.begin(), path.cells.end(), [&](Offset c) { return grid.contains(c); })) {
            parts.push_back(edits::setPath(s, PathId{nextPath++}, path));
        }
    }
    for (Feature f : clip.features) {
        f.cell = translate(grid, f.cell, clip.origin, topLeft);
        if (grid.contains(f.cell)) {
            parts.push_back(edits::setFeature(s, FeatureId{nextFeature++}, f));
        }
    }
    doc.execute(std::make_unique<CommandGroup>("Paste", std::move(parts)));
    return true;
}

bool AreaTool::clearCells(Document& doc) {
    if (area_.empty()) {
        return false;
    }
    const Scenario& s = doc.scenario();
    const Grid& grid = s.map.grid;
    const std::unordered_set<Offset> inside(area_.begin(), area_.end());
    std::vector<CommandPtr> parts;
    parts.push_back(edits::paint(s, CellLayer::Terrain, area_, 0));
    parts.push_back(edits::paint(s, CellLayer::Elevation, area_, 0));
    std::set<EdgeId> edges;
    for (Offset c : area_) {
        for (int d = 0; d < grid.sideCount(); ++d) {
            edges.insert(grid.edge(c, d));
        }
    }
    for (EdgeId e : edges) {
        if (s.map.hexsides.contains(e)) {
            parts.push_back(edits::setHexside(s, e, Hexside{}));
        }
    }
    for (const auto& [id, path] : s.map.paths) {
        if (std::all_of(path.cells.begin(), path.cells.end(), [&](Offset c) { return inside.contains(c); })) {
            parts.push_back(edits::setPath(s, id, std::nullopt));
        }
    }
    for (const auto& [id, f] : s.map.features) {
        if (inside.contains(f.cell)) {
            parts.push_back(edits::setFeature(s, id, std::nullopt));
        }
    }
    // Pieces in the area leave the map (they stay in the order of battle).
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (std::any_of(placement.cells.begin(), placement.cells.end(),
                        [&](Offset c) { return inside.contains(c); })) {
            parts.push_back(edits::setPlacement(s, piece, std::nullopt));
        }
    }
    doc.execute(std::make_unique<CommandGroup>("Clear area", std::move(parts)));
    return true;
}

} // namespace sandtable
