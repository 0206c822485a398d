#include "editor/tools/fill_tool.hpp"

#include "model/commands/edits.hpp"

#include <unordered_set>
#include <vector>

namespace sandtable {

const ToolInfo& FillTool::info() const {
    static constexpr ToolInfo i{
        Tool::Fill,   "Fill", 'F', false, "Flood the connected region of one terrain with the chosen terrain",
        TerrainOption};
    return i;
}

void FillTool::press(ToolHost& host, Point p) {
    const auto cell = host.layout().cellAt(p);
    if (!cell) {
        return;
    }
    const Scenario& s = host.document().scenario();
    const Grid& grid = s.map.grid;
    const TerrainIndex from = s.map.terrain[grid.index(*cell)];
    if (from == host.toolSettings().terrain) {
        return;
    }
    std::vector<Offset> region{*cell};
    std::unordered_set<Offset> seen{*cell};
    for (std::size_t i = 0; i < region.size(); ++i) {
        for (Offset n : grid.neighbors(region[i])) {
            if (s.map.terrain[grid.index(n)] == from && seen.insert(n).second) {
                region.push_back(n);
            }
        }
    }
    host.document().execute(edits::paint(s, CellLayer::Terrain, region, host.toolSettings().terrain));
}

} // namespace sandtable
