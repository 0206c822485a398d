#include "editor/tools/hexside_tool.hpp"

#include "editor/tools/overlay_painter.hpp"
#include "model/commands/set_hexsides.hpp"
#include "model/edge_geometry.hpp"

#include <memory>

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view hexsideToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M7 4h10l5 8-5 8H7l-5-8z" fill="#e8e4d0" stroke="#888" stroke-width="1.3" stroke-linejoin="round"/><path d="M17 4l5 8" fill="none" stroke="#2e6fd1" stroke-width="3.2" stroke-linecap="round"/></svg>)";

} // namespace

const ToolInfo& HexsideTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Hexside (drag along edges)",
                                'H',
                                false,
                                "Click a side to toggle the feature; drag along sides to draw or rub out",
                                SideFeatureOption | CrossingOption,
                                hexsideToolIcon};
    return i;
}

bool HexsideTool::hover(ToolHost& host, std::optional<Point> p) {
    const std::optional<EdgeId> edge = p ? nearestEdge(host.layout(), *p) : std::nullopt;
    if (edge == pointedEdge_) {
        return false;
    }
    pointedEdge_ = edge;
    pointed_ = edge ? std::optional(host.layout().edgeSegment(*edge)) : std::nullopt;
    return true;
}

void HexsideTool::drawOverlay(OverlayPainter& painter) const {
    if (pointed_) {
        painter.line(pointed_->first, pointed_->second, OverlayColour{255, 255, 255, 220}, 7);
        painter.line(pointed_->first, pointed_->second, OverlayColour{30, 90, 220, 255}, 3);
    }
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
