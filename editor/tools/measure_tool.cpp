#include "editor/tools/measure_tool.hpp"

#include "editor/tools/overlay_painter.hpp"

#include <cmath>
#include <cstdio>

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view measureToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M2.5 16.5l14-14 5 5-14 14z" fill="#f4d58d" stroke="#222" stroke-width="1.3" stroke-linejoin="round"/><path d="M6 13l2 2M8.5 10.5l1.5 1.5M11 8l2 2M13.5 5.5l1.5 1.5" fill="none" stroke="#222" stroke-width="1.2" stroke-linecap="round"/></svg>)";

// 1520 -> "1,520": yards read as a designer writes them.
std::string withThousands(long long value) {
    std::string digits = std::to_string(std::llabs(value));
    for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3) {
        digits.insert(static_cast<std::size_t>(at), ",");
    }
    return (value < 0 ? "-" : "") + digits;
}

std::string fixed(double value, int decimals) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

} // namespace

std::string measurementText(const Map& map, const Layout& layout, Offset from, Offset to) {
    const int cells = map.grid.distance(from, to);
    const bool hexes = map.grid.shape() != GridShape::Square;
    std::string text = std::to_string(cells) +
                       (hexes ? (cells == 1 ? " hex" : " hexes") : (cells == 1 ? " square" : " squares"));
    // As the crow flies: centre to centre, in cells across (a hex's flats or a square's side).
    const Point a = layout.cellCenter(from), b = layout.cellCenter(to);
    const double across = std::hypot(b.x - a.x, b.y - a.y) / layout.cellSize();
    text += "; " + withThousands(std::llround(across * map.yardsPerCell)) + " yards as the crow flies";
    if (map.tabletop) {
        const TabletopCell& table = *map.tabletop;
        const bool inches = table.unit == LengthUnit::Inches;
        text +=
            ", " + fixed(across * table.size, inches ? 1 : 0) + (inches ? " in" : " mm") + " on the table";
    }
    return text;
}

const ToolInfo& MeasureTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Measure distance",
                                'M',
                                false,
                                "Drag from one cell to another to read the distance between them",
                                0,
                                measureToolIcon};
    return i;
}

void MeasureTool::press(ToolHost& host, Point p) {
    fromCell_ = host.layout().cellAt(p);
    toCell_.reset();
    text_.clear();
    if (fromCell_) {
        from_ = host.layout().cellCenter(*fromCell_);
        drag(host, p);
    }
}

void MeasureTool::drag(ToolHost& host, Point p) {
    const std::optional<Offset> cell = host.layout().cellAt(p);
    if (!fromCell_ || !cell || cell == toCell_) {
        return;
    }
    toCell_ = cell;
    to_ = host.layout().cellCenter(*cell);
    const Map& map = host.document().scenario().map;
    text_ = measurementText(map, host.layout(), *fromCell_, *cell);
    host.message("Measure " + map.grid.label(*fromCell_) + " to " + map.grid.label(*cell) + ": " + text_);
}

void MeasureTool::cancel(ToolHost& host) {
    reset();
    host.message(status());
}

bool MeasureTool::key(ToolHost& host, ToolKey key) {
    if (key != ToolKey::Escape || !fromCell_) {
        return false;
    }
    cancel(host);
    return true;
}

void MeasureTool::reset() {
    fromCell_.reset();
    toCell_.reset();
    text_.clear();
}

std::string MeasureTool::status() const {
    return text_.empty() ? std::string(info().help) : text_;
}

void MeasureTool::drawOverlay(OverlayPainter& painter) const {
    if (!fromCell_ || !toCell_) {
        return;
    }
    constexpr OverlayColour white{255, 255, 255, 230}, ink{20, 20, 20, 255};
    painter.line(from_, to_, white, 5);
    painter.line(from_, to_, ink, 2);
    painter.circle(from_, 5, ink, 2, white);
    painter.circle(to_, 5, ink, 2, white);
    painter.text(to_, Point{10, 6}, text_, 13, OverlayColour{255, 255, 255, 255}, true);
    painter.text(to_, Point{9, 5}, text_, 13, ink, true);
}

} // namespace sandtable
