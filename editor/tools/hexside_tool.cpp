#include "editor/tools/hexside_tool.hpp"

#include "model/commands/set_hexsides.hpp"
#include "model/edge_geometry.hpp"

#include <memory>

namespace sandtable {

const ToolInfo& HexsideTool::info() const {
    static constexpr ToolInfo i{Tool::Hexside,
                                "Hexside (drag along edges)",
                                'H',
                                false,
                                "Click a side to toggle the feature; drag along sides to draw or rub out",
                                SideFeatureOption | CrossingOption};
    return i;
}

void HexsideTool::press(ToolHost& host, Point p) {
    lastEdge_ = nearestEdge(host.layout(), p);
    if (!lastEdge_) {
        return;
    }
    const ToolSettings& settings = host.toolSettings();
    const Hexside h = host.document().scenario().map.hexsideAt(*lastEdge_);
    crossing_ = h.crossing == settings.crossing ? Crossing::None : settings.crossing;
    adds_ = !h.has(settings.sideFeature);
    stroke(host, {*lastEdge_}, false);
}

void HexsideTool::drag(ToolHost& host, Point p) {
    if (const auto edge = edgeUnderStroke(host.layout(), p); edge && lastEdge_ && *edge != *lastEdge_) {
        stroke(host, edgesBetween(host.layout(), *lastEdge_, *edge), true);
        lastEdge_ = edge;
    }
}

void HexsideTool::release(ToolHost& host, Point p) {
    drag(host, p);
    lastEdge_.reset();
}

void HexsideTool::stroke(ToolHost& host, const std::vector<EdgeId>& edges, bool continueStroke) {
    const Scenario& s = host.document().scenario();
    const ToolSettings& settings = host.toolSettings();
    std::vector<std::pair<EdgeId, Hexside>> values;
    for (EdgeId e : edges) {
        Hexside h = s.map.hexsideAt(e);
        if (settings.crossing != Crossing::None) {
            h.crossing = crossing_;
        } else {
            h.set(settings.sideFeature, adds_);
        }
        values.emplace_back(e, h);
    }
    auto command = std::make_unique<SetHexsides>(s, values, host.gesture());
    if (!command->empty()) {
        host.document().execute(std::move(command), continueStroke);
    }
}

} // namespace sandtable
