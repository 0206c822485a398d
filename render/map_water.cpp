// Rivers, streams, walls and fences along hexsides; fords and bridges across them.
#include "map_water.hpp"

#include "colours.hpp"
#include "map_painter.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>

#include <cairo.h>

namespace sandtable {
namespace {

// Corners computed from different cells differ in the last bits: compare them on a fine grid.
std::pair<long long, long long> cornerKey(Point p) {
    return {std::llround(p.x * 1024), std::llround(p.y * 1024)};
}

// A line added to the path, closed when it comes back to its start.
void addLine(cairo_t* cr, const std::vector<Point>& line) {
    cairo_move_to(cr, line.front().x, line.front().y);
    for (std::size_t i = 1; i < line.size(); ++i) {
        cairo_line_to(cr, line[i].x, line[i].y);
    }
    if (line.size() > 2 && cornerKey(line.front()) == cornerKey(line.back())) {
        cairo_close_path(cr);
    }
}
void addLine(cairo_t* cr, const SmoothLine& line) {
    cairo_move_to(cr, line.start.x, line.start.y);
    for (const CubicPiece& piece : line.pieces) {
        cairo_curve_to(cr, piece.c1.x, piece.c1.y, piece.c2.x, piece.c2.y, piece.to.x, piece.to.y);
    }
    if (line.pieces.size() > 1 && cornerKey(line.start) == cornerKey(line.pieces.back().to)) {
        cairo_close_path(cr);
    }
}

template <typename Line>
void strokeLines(cairo_t* cr, const std::vector<Line>& lines, Rgb colour, double width) {
    cairo_new_path(cr);
    for (const Line& line : lines) {
        addLine(cr, line);
    }
    strokeWith(cr, colour, width);
}

// Water as continuous lines: all banks first, then all water, so where a stream meets a river or
// two stretches meet at a corner the water runs on without a bank across it.
template <typename Line>
void strokeWaterLines(cairo_t* cr, const std::vector<Line>& rivers, const std::vector<Line>& streams,
                      double size) {
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    const WaterStyle river = waterStyle(true), stream = waterStyle(false);
    strokeLines(cr, rivers, river.bank, size * river.bankWidth);
    strokeLines(cr, streams, stream.bank, size * stream.bankWidth);
    strokeLines(cr, rivers, river.water, size * river.waterWidth);
    strokeLines(cr, streams, stream.water, size * stream.waterWidth);
}

// The side's middle, a unit vector along it and one across it.
struct SideFrame {
    Point middle, along, across;
    // The point `across` the side and `along` it from its middle.
    Point at(double acrossBy, double alongBy) const {
        return {middle.x + across.x * acrossBy + along.x * alongBy,
                middle.y + across.y * acrossBy + along.y * alongBy};
    }
};

// A rectangle across the side, `half` each way across it and `wide` each way along it: its
// corners, and the path of them added closed.
std::array<Point, 4> addBand(cairo_t* cr, const SideFrame& f, double half, double wide) {
    const std::array<Point, 4> q{f.at(-half, -wide), f.at(half, -wide), f.at(half, wide), f.at(-half, wide)};
    cairo_move_to(cr, q[0].x, q[0].y);
    for (std::size_t i = 1; i < q.size(); ++i) {
        cairo_line_to(cr, q[i].x, q[i].y);
    }
    cairo_close_path(cr);
    return q;
}
SideFrame frameOf(std::pair<Point, Point> side) {
    const auto [a, b] = side;
    const double len = std::hypot(b.x - a.x, b.y - a.y);
    const Point along{(b.x - a.x) / len, (b.y - a.y) / len};
    return {{(a.x + b.x) / 2, (a.y + b.y) / 2}, along, {-along.y, along.x}};
}

} // namespace

WaterStyle waterStyle(bool river) {
    return river ? WaterStyle{{25, 55, 130}, {95, 150, 220}, 0.19, 0.14}
                 : WaterStyle{{35, 75, 150}, {105, 160, 225}, 0.095, 0.06};
}

void strokeWater(cairo_t* cr, const std::vector<std::vector<Point>>& rivers,
                 const std::vector<std::vector<Point>>& streams, double size) {
    strokeWaterLines(cr, rivers, streams, size);
}

void strokeWater(cairo_t* cr, const std::vector<SmoothLine>& rivers, const std::vector<SmoothLine>& streams,
                 double size) {
    strokeWaterLines(cr, rivers, streams, size);
}

namespace {

// A line the same way round whichever of its segments it was joined from: from its lesser end, or
// a closed line from its least corner toward the lesser of its neighbours there. A view drawn in
// bands or tiles joins each its own part of a river, from whatever side it met first, and Cairo
// strokes a path run the other way a few levels apart (21 at a stream's bend in Gettysburg's
// picture drawn in bands); one way round, a river's stretch in view is the same path in every band.
void runOneWay(std::vector<Point>& line) {
    const auto less = [](Point a, Point b) { return cornerKey(a) < cornerKey(b); };
    if (line.size() < 3 || cornerKey(line.front()) != cornerKey(line.back())) {
        if (less(line.back(), line.front())) {
            std::ranges::reverse(line);
        }
        return;
    }
    line.pop_back(); // the loop's corners once each, rotated to start at the least
    std::ranges::rotate(line, std::ranges::min_element(line, less));
    if (less(line.back(), line[1])) {
        std::reverse(line.begin() + 1, line.end());
    }
    line.push_back(line.front());
}

} // namespace

std::vector<std::vector<Point>> joinSegments(const std::vector<std::pair<Point, Point>>& segments) {
    std::multimap<std::pair<long long, long long>, std::size_t> atCorner;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        atCorner.emplace(cornerKey(segments[i].first), i);
        atCorner.emplace(cornerKey(segments[i].second), i);
    }
    std::vector<bool> used(segments.size(), false);
    // The unused segment meeting `p`, and its other end.
    auto next = [&](Point p) -> std::optional<Point> {
        auto [from, to] = atCorner.equal_range(cornerKey(p));
        for (auto it = from; it != to; ++it) {
            if (!used[it->second]) {
                used[it->second] = true;
                const auto& [a, b] = segments[it->second];
                return cornerKey(a) == cornerKey(p) ? b : a;
            }
        }
        return std::nullopt;
    };
    std::vector<std::vector<Point>> lines;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        if (used[i]) {
            continue;
        }
        used[i] = true;
        std::vector<Point> forward{segments[i].first, segments[i].second};
        while (auto p = next(forward.back())) {
            forward.push_back(*p);
        }
        std::vector<Point> backward;
        Point tail = forward.front();
        while (auto p = next(tail)) {
            backward.push_back(*p);
            tail = *p;
        }
        std::vector<Point> line(backward.rbegin(), backward.rend());
        line.insert(line.end(), forward.begin(), forward.end());
        runOneWay(line);
        lines.push_back(std::move(line));
    }
    return lines;
}

std::optional<EdgeId> bridgedSide(const Map& map, Offset from, Offset to) {
    if (const auto dir = map.grid.directionTo(from, to)) {
        const EdgeId e = map.grid.edge(from, *dir);
        const Hexside side = map.hexsideAt(e);
        if ((side.has(SideFeature::River) || side.has(SideFeature::Stream)) &&
            side.crossing != Crossing::Ford) {
            return e;
        }
    }
    return std::nullopt;
}

std::vector<EdgeId> bridgedSides(const Map& map, const Path& path) {
    std::vector<EdgeId> out;
    for (std::size_t i = 0; i + 1 < path.cells.size(); ++i) {
        if (const auto e = bridgedSide(map, path.cells[i], path.cells[i + 1])) {
            out.push_back(*e);
        }
    }
    return out;
}

void drawBridge(cairo_t* cr, std::pair<Point, Point> side, double size, bool river, bool deck) {
    const SideFrame f = frameOf(side);
    const double half = size * (river ? 0.17 : 0.1);       // across the water
    const double apart = size * 0.07, flare = size * 0.05; // parapets either side of the road
    if (deck) {
        addBand(cr, f, half, apart);
        fillWith(cr, Rgb{225, 205, 165});
    }
    for (const double s : {-1.0, 1.0}) {
        const Point e0 = f.at(-half - flare, s * (apart + flare)), a0 = f.at(-half, s * apart),
                    a1 = f.at(half, s * apart), e1 = f.at(half + flare, s * (apart + flare));
        cairo_move_to(cr, e0.x, e0.y);
        cairo_line_to(cr, a0.x, a0.y);
        cairo_line_to(cr, a1.x, a1.y);
        cairo_line_to(cr, e1.x, e1.y);
    }
    strokeWith(cr, Rgb{30, 25, 20}, size * 0.022);
}

void drawFord(cairo_t* cr, std::pair<Point, Point> side, double size) {
    const SideFrame f = frameOf(side);
    const double half = size * 0.14, wide = size * 0.08;
    const auto q = addBand(cr, f, half, wide);
    fillWith(cr, Rgb{230, 210, 160});
    const double dash = size * 0.035;
    cairo_set_dash(cr, &dash, 1, 0);
    cairo_move_to(cr, q[0].x, q[0].y);
    cairo_line_to(cr, q[1].x, q[1].y);
    cairo_move_to(cr, q[3].x, q[3].y);
    cairo_line_to(cr, q[2].x, q[2].y);
    strokeWith(cr, Rgb{30, 60, 140}, size * 0.018);
    cairo_set_dash(cr, nullptr, 0, 0);
}

namespace {

// Three points along the side from `a` to `b` (at a quarter, half and three quarters) moved off it,
// the same whichever way the side is given: its offsets are made from its ends in a fixed order,
// and seeded by where it is.
std::array<Point, 3> meanderThrough(Point a, Point b, double size) {
    const bool flipped = b < a;
    const Point p = flipped ? b : a, q = flipped ? a : b;
    std::uint32_t h = static_cast<std::uint32_t>(std::lround((p.x + q.x) * 8 / size)) * 73856093u ^
                      static_cast<std::uint32_t>(std::lround((p.y + q.y) * 8 / size)) * 19349663u;
    auto next = [&h] {
        h = (h ^ (h >> 15)) * 2246822519u;
        h ^= h >> 13;
        return static_cast<double>(h & 0xffffu) / 32767.5 - 1.0;
    };
    const double dx = q.x - p.x, dy = q.y - p.y, length = std::hypot(dx, dy);
    const Point normal{-dy / length, dx / length};
    std::array<Point, 3> inner{};
    const std::array<double, 3> along{0.25, 0.5, 0.75}, weight{0.6, 1.0, 0.6};
    const double amplitude = meanderAmplitude * size;
    for (std::size_t k = 0; k < 3; ++k) {
        const double off = amplitude * weight[k] * next();
        inner[k] = {p.x + dx * along[k] + normal.x * off, p.y + dy * along[k] + normal.y * off};
    }
    if (flipped) {
        std::swap(inner[0], inner[2]);
    }
    return inner;
}

} // namespace

std::pair<Point, Point> meanderedSide(std::pair<Point, Point> side, double size) {
    const auto [a, b] = side;
    const Point middle = meanderThrough(a, b, size)[1];
    const double dx = middle.x - (a.x + b.x) / 2, dy = middle.y - (a.y + b.y) / 2;
    return {{a.x + dx, a.y + dy}, {b.x + dx, b.y + dy}};
}

std::pair<Point, Point> crossingAt(std::pair<Point, Point> side, const Hexside& water, double size,
                                   bool natural) {
    const bool meanders = natural && (water.has(SideFeature::River) || water.has(SideFeature::Stream));
    return meanders ? meanderedSide(side, size) : side;
}

SmoothLine meanderCurve(const std::vector<Point>& line, double size) {
    if (line.size() < 2) {
        return {line.empty() ? Point{} : line.front(), {}};
    }
    std::vector<Point> through{line.front()};
    for (std::size_t i = 1; i < line.size(); ++i) {
        for (const Point& p : meanderThrough(line[i - 1], line[i], size)) {
            through.push_back(p);
        }
        through.push_back(line[i]);
    }
    return {through.front(), smoothThrough(through)};
}

void MapPainter::drawHexsides(cairo_t* cr, Offset first, Offset last, bool natural) const {
    const Grid& g = s_.map.grid;
    const double size = layout_.cellSize();
    std::vector<std::pair<Point, Point>> rivers, streams, walls, fences;
    std::vector<std::pair<std::pair<Point, Point>, Hexside>> crossings;
    for (const auto& [edge, side] : s_.map.hexsides) {
        const Offset c = g.contains(edge.cell) ? edge.cell : g.neighbor(edge.cell, edge.dir);
        if (c.col < first.col - 1 || c.col > last.col + 1 || c.row < first.row - 1 || c.row > last.row + 1) {
            continue;
        }
        const auto segment = layout_.edgeSegment(edge);
        if (side.has(SideFeature::River)) {
            rivers.push_back(segment);
        }
        if (side.has(SideFeature::Stream)) {
            streams.push_back(segment);
        }
        if (side.has(SideFeature::Wall)) {
            walls.push_back(segment);
        }
        if (side.has(SideFeature::Fence)) {
            fences.push_back(segment);
        }
        if (side.crossing != Crossing::None) {
            crossings.emplace_back(crossingAt(segment, side, size, natural), side);
        }
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    const std::vector<std::vector<Point>> riverLines = joinSegments(rivers),
                                          streamLines = joinSegments(streams);
    if (natural) {
        const auto curves = [size](const std::vector<std::vector<Point>>& lines) {
            std::vector<SmoothLine> out;
            for (const std::vector<Point>& line : lines) {
                out.push_back(meanderCurve(line, size));
            }
            return out;
        };
        strokeWater(cr, curves(riverLines), curves(streamLines), size);
    } else {
        strokeWater(cr, riverLines, streamLines, size);
    }
    strokeLines(cr, joinSegments(walls), Rgb{90, 90, 90}, size * 0.06);
    if (!fences.empty()) {
        const double dash = size * 0.08;
        cairo_set_dash(cr, &dash, 1, 0);
        strokeLines(cr, joinSegments(fences), Rgb{120, 80, 40}, size * 0.04);
        cairo_set_dash(cr, nullptr, 0, 0);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    for (const auto& [segment, side] : crossings) {
        if (side.crossing == Crossing::Bridge) {
            drawBridge(cr, segment, size, side.has(SideFeature::River), true);
        } else {
            drawFord(cr, segment, size);
        }
    }
}

} // namespace sandtable
