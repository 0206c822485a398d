#include "model/edge_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace sandtable {

std::optional<EdgeId> nearestEdge(const Layout& layout, Point p) {
    const auto cell = layout.cellAt(p);
    if (!cell) {
        return std::nullopt;
    }
    int best = 0;
    double bestDistance = 1e300;
    for (int d = 0; d < layout.grid().sideCount(); ++d) {
        auto [a, b] = layout.edgeSegment(layout.grid().edge(*cell, d));
        const double mx = (a.x + b.x) / 2 - p.x, my = (a.y + b.y) / 2 - p.y;
        if (const double dist = mx * mx + my * my; dist < bestDistance) {
            bestDistance = dist;
            best = d;
        }
    }
    return layout.grid().edge(*cell, best);
}

std::optional<EdgeId> edgeUnderStroke(const Layout& layout, Point p) {
    const auto edge = nearestEdge(layout, p);
    const auto cell = layout.cellAt(p);
    if (!edge || !cell) {
        return std::nullopt;
    }
    // Near the side, not in the middle of the cell: a pointer crossing a cell takes no side with it.
    auto [a, b] = layout.edgeSegment(*edge);
    const Point centre = layout.cellCenter(*cell);
    const double apothem = std::hypot((a.x + b.x) / 2 - centre.x, (a.y + b.y) / 2 - centre.y);
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double t = std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
    const double distance = std::hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
    return distance <= 0.45 * apothem ? edge : std::nullopt;
}

std::vector<EdgeId> edgesMeeting(const Layout& layout, EdgeId e) {
    auto [a, b] = layout.edgeSegment(e);
    const double tolerance = 1e-6 * (std::abs(a.x) + std::abs(a.y) + std::abs(b.x) + std::abs(b.y) + 1);
    auto same = [&](Point p, Point q) {
        return std::abs(p.x - q.x) < tolerance && std::abs(p.y - q.y) < tolerance;
    };
    std::vector<EdgeId> out;
    auto [c1, c2] = layout.grid().edgeCells(e);
    for (Offset c : {c1, c2}) {
        for (int d = 0; d < layout.grid().sideCount(); ++d) {
            const EdgeId f = layout.grid().edge(c, d);
            if (f == e || std::find(out.begin(), out.end(), f) != out.end() ||
                !layout.grid().edgeTouchesMap(f)) {
                continue;
            }
            auto [p, q] = layout.edgeSegment(f);
            if (same(p, a) || same(p, b) || same(q, a) || same(q, b)) {
                out.push_back(f);
            }
        }
    }
    return out;
}

std::vector<EdgeId> edgesBetween(const Layout& layout, EdgeId from, EdgeId to) {
    // Walk corner to corner toward `to`, as a pen follows the cell edges: always the touching side
    // whose middle is nearest the target, while that brings it nearer.
    auto middle = [&](EdgeId e) {
        auto [a, b] = layout.edgeSegment(e);
        return Point{(a.x + b.x) / 2, (a.y + b.y) / 2};
    };
    auto distance = [&](EdgeId e) {
        const Point m = middle(e), t = middle(to);
        return std::hypot(m.x - t.x, m.y - t.y);
    };
    std::vector<EdgeId> walk;
    EdgeId at = from;
    for (int step = 0; step < 4 * layout.grid().sideCount() + 64 && at != to; ++step) {
        std::optional<EdgeId> best;
        for (EdgeId next : edgesMeeting(layout, at)) {
            if (!best || distance(next) < distance(*best)) {
                best = next;
            }
        }
        if (!best || distance(*best) >= distance(at)) {
            break;
        }
        at = *best;
        walk.push_back(at);
    }
    if (walk.empty() || walk.back() != to) {
        walk.push_back(to);
    }
    return walk;
}

} // namespace sandtable
