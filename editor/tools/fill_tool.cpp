#include "editor/tools/fill_tool.hpp"

#include "model/commands/edits.hpp"

#include <unordered_set>
#include <vector>

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view fillToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M6.5 9c0-5 9-5 9 0" fill="none" stroke="#222" stroke-width="1.5"/><path d="M4 9h14l-1.8 11.5H5.8z" fill="#ddd" stroke="#222" stroke-width="1.5" stroke-linejoin="round"/><path d="M5 13h12l-1.1 6.8H6.1z" fill="#4f9a3a"/><path d="M20.5 11c1.6 2.6 1.6 4.2 0 5.2-1.6-1-1.6-2.6 0-5.2z" fill="#4f9a3a" stroke="#222" stroke-width=".8"/></svg>)";

} // namespace

const ToolInfo& FillTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Fill",
                                'F',
                                false,
                                "Flood the connected region of one terrain with the chosen terrain",
                                TerrainOption,
                                fillToolIcon};
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
