#include "counter_raster.hpp"

#include "counters.hpp"
#include "pixel_rect.hpp"
#include "raster_stamps.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace sandtable {

namespace {

// How much of [middle - 0.5, middle + 0.5] lies in [low, high].
double overlap(double middle, double low, double high) {
    return std::clamp(std::min(middle + 0.5, high) - std::max(middle - 0.5, low), 0.0, 1.0);
}

// A rectangle in a counter's own axes, in pixels from its middle.
struct CounterBox {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    // The part of the pixel whose middle is at (u, v) in those axes that the rectangle covers, the
    // pixel taken as lying along them.
    double covers(double u, double v) const { return overlap(u, x0, x1) * overlap(v, y0, y1); }
};

// `colour` laid over `pixel` with `ink` (0 to 1) of it.
void lay(std::uint32_t& pixel, std::uint32_t colour, double ink) {
    const auto a = static_cast<std::uint32_t>(ink * 255 + 0.5);
    if (a == 0) {
        return;
    }
    pixel = a >= 255 ? colour : laidOver(pixel, colour, a);
}

// The pixels of `cr`'s straight target (straightTargetOf): what is inked into them, and where.
struct StraightPixels {
    cairo_surface_t* surface = nullptr;
    unsigned char* data = nullptr;
    int stride = 0;
    PixelRect area; // the clip, cut to the image
    double scale = 1, x0 = 0, y0 = 0;
    InkStyle style = InkStyle::Colour;
    Point toDevice(Point p) const { return {p.x * scale + x0, p.y * scale + y0}; }
    std::uint32_t* row(int y) const {
        return reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    }
    // The pixels within `reachX` and `reachY` of `middle` (device pixels), cut to the area.
    PixelRect around(Point middle, double reachX, double reachY) const {
        const int left = static_cast<int>(std::floor(middle.x - reachX));
        const int top = static_cast<int>(std::floor(middle.y - reachY));
        return overlapOf(area, {left, top, static_cast<int>(std::ceil(middle.x + reachX)) - left,
                                static_cast<int>(std::ceil(middle.y + reachY)) - top});
    }
};

// Nothing when `cr` cannot be drawn on so. Cairo's drawing so far is in the pixels once it is made;
// Cairo is told they changed with `markInked`.
std::optional<StraightPixels> straightPixelsOf(cairo_t* cr) {
    const std::optional<StraightTarget> target = straightTargetOf(cr);
    if (!target) {
        return std::nullopt;
    }
    StraightPixels p;
    p.surface = target->image.surface;
    p.area = target->area;
    cairo_surface_flush(p.surface);
    p.data = cairo_image_surface_get_data(p.surface);
    p.stride = cairo_image_surface_get_stride(p.surface);
    p.scale = target->image.xx;
    p.x0 = target->image.x0;
    p.y0 = target->image.y0;
    p.style = inkStyleOf(cr);
    return p;
}

void markInked(const StraightPixels& p) {
    cairo_surface_mark_dirty(p.surface);
}

} // namespace

bool rasteriseCounters(cairo_t* cr, std::span<const RasterCounter> counters, const RasterCounterLook& look) {
    const std::optional<StraightPixels> pixels = straightPixelsOf(cr);
    if (!pixels) {
        return false;
    }
    const StraightPixels& p = *pixels;
    const std::uint32_t outline = opaquePixel(sandtable::inked(look.outline, p.style));
    const std::uint32_t barColour = opaquePixel(sandtable::inked(look.barColour, p.style));
    // In pixels from the counter's middle, along its own axes. The outline is stroked on the body's
    // edge with square corners, as Cairo's mitred join strokes a rectangle: what lies between the
    // body grown and shrunk by half its width.
    const double scale = p.scale;
    const double w = look.width * scale, h = look.height * scale, half = look.outlineWidth * scale / 2;
    const CounterBox body{-w / 2, -h / 2, w / 2, h / 2};
    const CounterBox outer{body.x0 - half, body.y0 - half, body.x1 + half, body.y1 + half};
    const CounterBox inner{body.x0 + half, body.y0 + half, body.x1 - half, body.y1 - half};
    const auto barOf = [&](bool atBottom) {
        const FrontBar b = frontBarOf(w, h, look.bar * scale, atBottom);
        return CounterBox{b.x, b.y, b.x + b.width, b.y + b.height};
    };
    const CounterBox barAtTop = barOf(false), barAtBottom = barOf(true);
    // How far ink reaches from a counter's middle along its own axes, its bar either way, and a
    // pixel's half diagonal beyond.
    const double alongReach = w / 2 + half, acrossReach = h / 2 + half + look.bar * scale;
    for (const RasterCounter& c : counters) {
        const double cosine = std::cos(c.turn), sine = std::sin(c.turn);
        const Point middle = p.toDevice(c.centre);
        const PixelRect box =
            p.around(middle, std::abs(cosine) * alongReach + std::abs(sine) * acrossReach + 0.75,
                     std::abs(sine) * alongReach + std::abs(cosine) * acrossReach + 0.75);
        if (box.width <= 0 || box.height <= 0) {
            continue;
        }
        const std::uint32_t fill = opaquePixel(sandtable::inked(c.fill, p.style));
        const CounterBox& bar = c.frontAtBottom ? barAtBottom : barAtTop;
        for (int y = box.y; y < box.bottom(); ++y) {
            std::uint32_t* row = p.row(y);
            const double dy = y + 0.5 - middle.y;
            for (int x = box.x; x < box.right(); ++x) {
                const double dx = x + 0.5 - middle.x;
                // The pixel's middle in the counter's axes: turned back by the counter's turn.
                const double u = dx * cosine + dy * sine, v = dy * cosine - dx * sine;
                const double outside = outer.covers(u, v);
                const double front = c.faced ? bar.covers(u, v) : 0;
                if (outside == 0 && front == 0) {
                    continue; // a corner of the box round a turned counter
                }
                std::uint32_t& pixel = row[x];
                lay(pixel, fill, body.covers(u, v));
                lay(pixel, outline, outside - inner.covers(u, v));
                lay(pixel, barColour, front);
            }
        }
    }
    markInked(p);
    return true;
}

bool rasteriseDiscs(cairo_t* cr, std::span<const RasterDisc> discs, const RasterDiscLook& look) {
    const std::optional<StraightPixels> pixels = straightPixelsOf(cr);
    if (!pixels) {
        return false;
    }
    const StraightPixels& p = *pixels;
    const std::uint32_t ring = opaquePixel(sandtable::inked(look.ring, p.style));
    const double radius = look.radius * p.scale, half = look.ringWidth * p.scale / 2;
    const double reach = radius + half + 0.75;
    for (const RasterDisc& d : discs) {
        const Point middle = p.toDevice(d.centre);
        const PixelRect box = p.around(middle, reach, reach);
        if (box.width <= 0 || box.height <= 0) {
            continue;
        }
        const std::uint32_t fill = opaquePixel(sandtable::inked(d.fill, p.style));
        for (int y = box.y; y < box.bottom(); ++y) {
            std::uint32_t* row = p.row(y);
            const double dy = y + 0.5 - middle.y;
            for (int x = box.x; x < box.right(); ++x) {
                // Across the edge the circle is taken as straight: the pixel's share inside it,
                // and within the ring's width of it.
                const double out = std::hypot(x + 0.5 - middle.x, dy);
                const double inside = std::clamp(radius + 0.5 - out, 0.0, 1.0);
                const double onRing = overlap(out, radius - half, radius + half);
                if (inside == 0 && onRing == 0) {
                    continue;
                }
                lay(row[x], fill, inside);
                lay(row[x], ring, onRing);
            }
        }
    }
    markInked(p);
    return true;
}

} // namespace sandtable
