#include "raster_lines.hpp"

#include "colours.hpp"
#include "raster_stamps.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <utility>

namespace sandtable {
namespace {

// A segment (device pixels) as the rows across it need it, and the pixels it may ink.
struct Segment {
    double ax, ay, bx, by;
    double dx, dy;         // b - a
    double inverseLength2; // 1 / |b - a|^2, 0 for a point
    double inverseLength;  // 1 / |b - a|, 0 for a point
    int x0, x1, y0, y1;    // the box round it, within the clip
    // A line's square end at a (or b): the direction the line leaves it in (a unit vector), cut
    // across it; none (0, 0) for a round end or none.
    Point startDirection{}, endDirection{};
};

// The pixels of row `y` whose middles lie within `reach` of segment `s`, from the first to before
// the second: the row's line through the capsule round the segment, which is convex, so one
// stretch (the discs at its ends and the slab along it, joined).
std::pair<int, int> pixelsWithin(const Segment& s, double reach, int y) {
    const double yc = y + 0.5;
    double low = std::numeric_limits<double>::infinity(), high = -low;
    const auto disc = [&](double cx, double cy) {
        const double down = yc - cy, across2 = reach * reach - down * down;
        if (across2 > 0) {
            const double across = std::sqrt(across2);
            low = std::min(low, cx - across);
            high = std::max(high, cx + across);
        }
    };
    disc(s.ax, s.ay);
    disc(s.bx, s.by);
    if (s.inverseLength > 0) {
        // The slab: 0 <= t <= 1 along the segment and |offset| < reach across it, each linear in x:
        // t = ((x - ax) dx + (yc - ay) dy) / |d|^2, offset = ((x - ax) dy - (yc - ay) dx) / |d|.
        double from = -std::numeric_limits<double>::infinity(), to = -from;
        const double down = yc - s.ay;
        const auto keep = [&](double slope, double rest, double lo, double hi) {
            if (slope == 0) {
                if (rest < lo || rest > hi) {
                    from = to + 1; // no x
                }
                return;
            }
            double a = (lo - rest) / slope, b = (hi - rest) / slope;
            if (a > b) {
                std::swap(a, b);
            }
            from = std::max(from, s.ax + a);
            to = std::min(to, s.ax + b);
        };
        keep(s.dx * s.inverseLength2, down * s.dy * s.inverseLength2, 0, 1);
        keep(s.dy * s.inverseLength, -down * s.dx * s.inverseLength, -reach, reach);
        if (from <= to) {
            low = std::min(low, from);
            high = std::max(high, to);
        }
    }
    if (!(low <= high)) {
        return {0, 0};
    }
    // Pixels whose middles (x + 0.5) lie in [low, high], within the segment's box.
    return {std::max(s.x0, static_cast<int>(std::ceil(low - 0.5))),
            std::min(s.x1, static_cast<int>(std::floor(high - 0.5)) + 1)};
}

// Each segment's row spans, in the order they are inked, for laying them after.
struct Span {
    int y, from, to;
};

} // namespace

struct RasterLines::Scratch {
    std::vector<Segment> segments;
    std::vector<Point> startAcross, endAcross;
    std::vector<std::uint8_t> coverage;
    std::vector<Span> spans;
};

RasterLines::RasterLines() : scratch_(std::make_unique<Scratch>()) {}
RasterLines::RasterLines(RasterLines&&) noexcept = default;
RasterLines& RasterLines::operator=(RasterLines&&) noexcept = default;
RasterLines::~RasterLines() = default;

std::optional<RasterLines> RasterLines::forTarget(cairo_t* cr) {
    // Else Cairo strokes.
    const std::optional<StraightTarget> target = straightTargetOf(cr);
    if (!target) {
        return std::nullopt;
    }
    RasterLines lines;
    lines.cr_ = cr;
    lines.antialiased_ = cairo_get_antialias(cr) != CAIRO_ANTIALIAS_NONE;
    lines.surface_ = target->image.surface;
    lines.scale_ = target->image.xx;
    lines.x0_ = target->image.x0;
    lines.y0_ = target->image.y0;
    lines.left_ = target->area.x;
    lines.top_ = target->area.y;
    lines.right_ = target->area.right();
    lines.bottom_ = target->area.bottom();
    return lines;
}

void RasterLines::moveTo(Point p) {
    at_ = toDevice(p);
    lines_.push_back({segments_.size(), {}, {}});
}

void RasterLines::goesOn(Point startTangent, Point endTangent) {
    if (lines_.empty() || lines_.back().first == segments_.size()) {
        if (lines_.empty()) {
            lines_.push_back({segments_.size(), {}, {}});
        }
        lines_.back().startTangent = startTangent;
    }
    lines_.back().endTangent = endTangent;
}

void RasterLines::lineTo(Point to) {
    const Point b = toDevice(to);
    const Point a = at_.value_or(b);
    goesOn({b.x - a.x, b.y - a.y}, {b.x - a.x, b.y - a.y});
    segments_.push_back({a.x, a.y, b.x, b.y});
    at_ = b;
}

void RasterLines::curveTo(Point c1, Point c2, Point to) {
    const Point a = at_.value_or(toDevice(c1)), b = toDevice(c1), c = toDevice(c2), d = toDevice(to);
    // The curve's own directions at its ends (where a control point sits on an end, the next one's),
    // for a square end cut across the curve rather than its first or last straight piece.
    const auto towards = [](Point from, std::initializer_list<Point> next) {
        for (const Point n : next) {
            if (n.x != from.x || n.y != from.y) {
                return Point{n.x - from.x, n.y - from.y};
            }
        }
        return Point{};
    };
    const Point out = towards(d, {c, b, a});
    goesOn(towards(a, {b, c, d}), {-out.x, -out.y});
    // Wang's bound: this many straight pieces keep within a quarter of a pixel of the curve.
    const double ddx = std::max(std::abs(a.x - 2 * b.x + c.x), std::abs(b.x - 2 * c.x + d.x));
    const double ddy = std::max(std::abs(a.y - 2 * b.y + c.y), std::abs(b.y - 2 * c.y + d.y));
    constexpr double tolerance = 0.25;
    const int pieces =
        std::clamp(static_cast<int>(std::ceil(std::sqrt(0.75 * std::hypot(ddx, ddy) / tolerance))), 1, 1024);
    Point from = a;
    for (int k = 1; k <= pieces; ++k) {
        const double t = static_cast<double>(k) / pieces, u = 1 - t;
        const Point p =
            k == pieces
                ? d
                : Point{u * u * u * a.x + 3 * u * u * t * b.x + 3 * u * t * t * c.x + t * t * t * d.x,
                        u * u * u * a.y + 3 * u * u * t * b.y + 3 * u * t * t * c.y + t * t * t * d.y};
        segments_.push_back({from.x, from.y, p.x, p.y});
        from = p;
    }
    at_ = d;
}

void RasterLines::clear() {
    segments_.clear();
    lines_.clear();
    at_.reset();
}

void RasterLines::lay(double width, Rgb colour, Ends ends) {
    if (segments_.empty() || right_ <= left_ || bottom_ <= top_ || !(width > 0)) {
        return;
    }
    // Each pixel's ink: 1 within the half width of the nearest line, falling to 0 a pixel beyond;
    // without antialiasing, 1 where the pixel's middle is within the half width (Cairo's rule: the
    // pixels whose middles the stroke covers), else nothing.
    const double half = width * scale_ / 2, reach = antialiased_ ? half + 0.5 : half;
    // Within this squared distance a pixel is inked whole (reach - distance >= 1), without a root.
    const double whole2 = !antialiased_ ? reach * reach : reach >= 1 ? (reach - 1) * (reach - 1) : -1.0;
    // The pixels each segment may ink, and the box round them all.
    std::vector<Segment>& segments = scratch_->segments;
    segments.clear();
    int boxLeft = right_, boxTop = bottom_, boxRight = left_, boxBottom = top_;
    // The lines' square ends: each line's first and last segments, and the directions the line
    // leaves its ends in (unit vectors; none for round ends).
    std::vector<Point>& startAcross = scratch_->startAcross;
    std::vector<Point>& endAcross = scratch_->endAcross;
    startAcross.assign(segments_.size(), Point{});
    endAcross.assign(segments_.size(), Point{});
    if (ends == Ends::Square) {
        const auto unit = [](Point v) {
            const double length = std::hypot(v.x, v.y);
            return length > 0 ? Point{v.x / length, v.y / length} : Point{};
        };
        for (std::size_t l = 0; l < lines_.size(); ++l) {
            const std::size_t first = lines_[l].first;
            const std::size_t end = l + 1 < lines_.size() ? lines_[l + 1].first : segments_.size();
            if (first < end) {
                startAcross[first] = unit(lines_[l].startTangent);
                endAcross[end - 1] = unit(lines_[l].endTangent);
            }
        }
    }
    for (std::size_t k = 0; k < segments_.size(); ++k) {
        const auto& [ax, ay, bx, by] = segments_[k];
        const int x0 = std::max(left_, static_cast<int>(std::floor(std::min(ax, bx) - reach)));
        const int x1 = std::min(right_, static_cast<int>(std::ceil(std::max(ax, bx) + reach)) + 1);
        const int y0 = std::max(top_, static_cast<int>(std::floor(std::min(ay, by) - reach)));
        const int y1 = std::min(bottom_, static_cast<int>(std::ceil(std::max(ay, by) + reach)) + 1);
        if (x0 >= x1 || y0 >= y1) {
            continue;
        }
        const double dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy;
        segments.push_back({ax, ay, bx, by, dx, dy, length2 > 0 ? 1 / length2 : 0,
                            length2 > 0 ? 1 / std::sqrt(length2) : 0, x0, x1, y0, y1, startAcross[k],
                            endAcross[k]});
        boxLeft = std::min(boxLeft, x0);
        boxRight = std::max(boxRight, x1);
        boxTop = std::min(boxTop, y0);
        boxBottom = std::max(boxBottom, y1);
    }
    if (segments.empty()) {
        return;
    }
    // The coverage of that box (a route's stretches in a band: small enough to stay in the cache,
    // where one the band's size did not), kept from call to call, all nothing between calls
    // (cleared as it is laid).
    const int span = boxRight - boxLeft, rows = boxBottom - boxTop;
    std::vector<std::uint8_t>& coverage = scratch_->coverage;
    if (const std::size_t needed = static_cast<std::size_t>(span) * static_cast<std::size_t>(rows);
        coverage.size() < needed) {
        coverage.assign(needed, 0);
    }
    const auto coverageRow = [&](int y) {
        return coverage.data() + static_cast<std::size_t>(y - boxTop) * static_cast<std::size_t>(span) -
               boxLeft;
    };
    cairo_surface_flush(surface_);
    unsigned char* data = cairo_image_surface_get_data(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    std::vector<Span>& spans = scratch_->spans;
    spans.clear();
    for (const Segment& g : segments) {
        for (int y = g.y0; y < g.y1; ++y) {
            const auto [from, to] = pixelsWithin(g, reach, y);
            if (from >= to) {
                continue;
            }
            spans.push_back({y, from, to});
            // The image's pixels there, fetched while the coverage is worked out: laid straight
            // after, they were a cache miss a span (a third of the laying's time).
            const auto* pixels =
                reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
            __builtin_prefetch(pixels + from, 1);
            __builtin_prefetch(pixels + to - 1, 1);
            const double py = y + 0.5 - g.ay;
            std::uint8_t* row = coverageRow(y);
            const bool flatStart = g.startDirection != Point{}, flatEnd = g.endDirection != Point{};
            const bool flat = flatStart || flatEnd;
            for (int x = from; x < to; ++x) {
                const double px = x + 0.5 - g.ax;
                const double along = (px * g.dx + py * g.dy) * g.inverseLength2;
                // Past a square end, the distance from the line as it goes on, not from its end.
                const double t = std::clamp(along, flatStart ? along : 0.0, flatEnd ? along : 1.0);
                const double qx = px - t * g.dx, qy = py - t * g.dy;
                const double distance2 = qx * qx + qy * qy;
                if (distance2 >= reach * reach) {
                    continue;
                }
                double ink = distance2 <= whole2 ? 1.0 : std::min(1.0, reach - std::sqrt(distance2));
                if (flat) {
                    // How far inside the line's square end the pixel's middle lies (in pixels),
                    // across the line's own direction there: faded over the pixel straddling the
                    // end, nothing beyond.
                    const double inside = std::min(
                        flatStart ? px * g.startDirection.x + py * g.startDirection.y : 1.0,
                        flatEnd ? (g.dx - px) * g.endDirection.x + (g.dy - py) * g.endDirection.y : 1.0);
                    ink *= antialiased_ ? std::clamp(inside + 0.5, 0.0, 1.0) : (inside >= 0 ? 1.0 : 0.0);
                    if (ink <= 0) {
                        continue;
                    }
                }
                row[x] = std::max(row[x], static_cast<std::uint8_t>(ink * 255 + 0.5));
            }
        }
    }
    const Rgb c = inked(colour, inkStyleOf(cr_));
    const std::uint32_t source = opaquePixel(c);
    // Laid span by span, as they were inked (a row of a route's box may hold it at both ends,
    // nothing between): a pixel two spans share is laid by the first, and the second finds its
    // coverage cleared.
    for (const auto& [y, from, to] : spans) {
        std::uint8_t* ink = coverageRow(y);
        auto* pixels = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = from; x < to; ++x) {
            const std::uint32_t a = std::exchange(ink[x], std::uint8_t{0});
            if (a == 0) {
                continue;
            }
            if (a == 255) {
                pixels[x] = source;
                continue;
            }
            pixels[x] = laidOver(pixels[x], source, a);
        }
    }
    cairo_surface_mark_dirty(surface_);
}

} // namespace sandtable
