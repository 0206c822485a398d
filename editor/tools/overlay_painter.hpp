#pragma once
// What a tool draws over the map (its marks: an alignment's pairs, where a brush would paint), without
// knowing wx: the canvas implements it over its graphics context, and a test can record the calls.
// Coordinates are map units; sizes are screen pixels, so the marks keep their size at any zoom.
#include "model/layout.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace sandtable {

struct OverlayColour {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

class OverlayPainter {
  public:
    virtual ~OverlayPainter() = default;
    virtual void line(Point from, Point to, OverlayColour colour, double widthPx) = 0;
    // A ring (and its inside, when `fill` is given).
    virtual void circle(Point centre, double radiusPx, OverlayColour stroke, double widthPx,
                        std::optional<OverlayColour> fill) = 0;
    virtual void dot(Point centre, double radiusPx, OverlayColour fill) = 0;
    // An upright cross, `halfPx` from its centre to each end.
    virtual void cross(Point centre, double halfPx, OverlayColour colour, double widthPx) = 0;
    // A closed outline (a cell's corners, say), dashed or not, and its inside when `fill` is given.
    virtual void outline(std::span<const Point> corners, OverlayColour stroke, double widthPx,
                         std::optional<OverlayColour> fill, bool dashed) = 0;
    // Text whose top left is `offsetPx` screen pixels from `anchor`.
    virtual void text(Point anchor, Point offsetPx, std::string_view text, double sizePx,
                      OverlayColour colour, bool bold) = 0;
};

} // namespace sandtable
