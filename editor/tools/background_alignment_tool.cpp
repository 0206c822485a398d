#include "editor/tools/background_alignment_tool.hpp"

#include "editor/tools/overlay_painter.hpp"
#include "render/map_painter.hpp"

#include <cstdio>

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view backgroundAlignmentToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="6" fill="none" stroke="#c0392b" stroke-width="1.8"/><path d="M12 2v6m0 8v6M2 12h6m8 0h6" fill="none" stroke="#2e6fd1" stroke-width="1.8" stroke-linecap="round"/></svg>)";

constexpr OverlayColour red{220, 30, 30}, blue{30, 90, 220}, white{255, 255, 255}, black{0, 0, 0};

std::string formatted(const char* format, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

} // namespace

BackgroundAlignmentTool::BackgroundAlignmentTool(BackgroundImage scan,
                                                 std::function<void(BackgroundImage)> onAligned)
    : alignment_(std::move(scan)), onAligned_(std::move(onAligned)) {}

const ToolInfo& BackgroundAlignmentTool::info() const {
    // Not in the palette: Map > Align background by points starts it, and it ends itself.
    static constexpr ToolInfo i{
        toolId,
        "Align background",
        0,
        false,
        "Click a point on the scan, then where it belongs; Enter applies, Esc cancels",
        0,
        backgroundAlignmentToolIcon};
    return i;
}

void BackgroundAlignmentTool::press(ToolHost& host, Point p) {
    alignment_.click({p.x / mapUnitsPerCell, p.y / mapUnitsPerCell});
    host.message(alignment_.hint());
}

bool BackgroundAlignmentTool::key(ToolHost& host, ToolKey key) {
    switch (key) {
    case ToolKey::Enter: {
        const std::optional<BackgroundImage> aligned = alignment_.aligned();
        if (!aligned) {
            host.message(alignment_.hint()); // two pairs at least
            return true;
        }
        const std::optional<double> rms = alignment_.rms();
        const std::size_t pairs = alignment_.completePairs();
        auto done = std::move(onAligned_);
        host.finishTask(); // this tool is gone after this line: only locals from here
        done(*aligned);
        host.message(rms ? "Background aligned by " + std::to_string(pairs) + " points, within " +
                               formatted("%.2f", *rms) + " cells (rms)"
                         : std::string("Background aligned by two points"));
        return true;
    }
    case ToolKey::Backspace:
        alignment_.takeBack();
        host.message(alignment_.hint());
        return true;
    case ToolKey::Escape:
        cancel(host);
        return true;
    }
    return false;
}

void BackgroundAlignmentTool::cancel(ToolHost& host) {
    host.finishTask(); // this tool is gone after this line
    host.message("Alignment cancelled: the background is as it was");
}

void BackgroundAlignmentTool::drawOverlay(OverlayPainter& painter) const {
    const std::optional<BackgroundImage> fitted = alignment_.aligned();
    int number = 0;
    for (const BackgroundAlignment::Pair& pair : alignment_.pairs()) {
        ++number;
        const Point scan{pair.onScan.x * mapUnitsPerCell, pair.onScan.y * mapUnitsPerCell};
        if (pair.onGrid) {
            const Point grid{pair.onGrid->x * mapUnitsPerCell, pair.onGrid->y * mapUnitsPerCell};
            painter.line(scan, grid, white, 1.5);
            painter.cross(grid, 8, blue, 2.5);
            if (fitted && pair.residual) {
                const auto [fx, fy] = fitted->toMap(pair.pixelX, pair.pixelY);
                painter.dot({fx * mapUnitsPerCell, fy * mapUnitsPerCell}, 3, blue);
                painter.text(grid, {10, 2}, formatted("%.2f", *pair.residual), 12, blue, false);
            }
        }
        painter.circle(scan, 9, red, 2.5, OverlayColour{255, 255, 255, 160});
        painter.text(scan, {11, -20}, std::to_string(number), 13, black, true);
    }
}

} // namespace sandtable
