// Roads, pikes and railroads: smooth curves through their cells' centres, with a bridge where one
// crosses a river or stream side.
#include "map_painter.hpp"

#include "map_index.hpp"

#include "colours.hpp"
#include "map_water.hpp"
#include "raster_lines.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include <cairo.h>

namespace sandtable {

std::vector<CubicPiece> smoothThrough(const std::vector<Point>& points) {
    std::vector<CubicPiece> out;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const Point p0 = points[i > 0 ? i - 1 : i], p1 = points[i], p2 = points[i + 1];
        const Point p3 = points[i + 2 < points.size() ? i + 2 : i + 1];
        out.push_back({{p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6},
                       {p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6},
                       p2});
    }
    return out;
}

std::optional<PathStretches> stretchesOf(const Layout& layout, const std::vector<Offset>& cells,
                                         const std::function<bool(std::size_t)>& wanted) {
    PathStretches s;
    s.first = cells.size();
    for (std::size_t i = 0; i + 1 < cells.size(); ++i) {
        if (wanted(i)) {
            s.first = std::min(s.first, i);
            s.last = i;
        }
    }
    if (s.first == cells.size()) {
        return std::nullopt;
    }
    s.from = s.first > 0 ? s.first - 1 : 0;
    const std::size_t to = std::min(cells.size() - 1, s.last + 2);
    for (std::size_t i = s.from; i <= to; ++i) {
        s.centres.push_back(layout.cellCenter(cells[i]));
    }
    s.curve = smoothThrough(s.centres);
    return s;
}

std::pair<Point, Point> CubicPiece::at(Point from, double t) const {
    const double u = 1 - t;
    const Point point{u * u * u * from.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * to.x,
                      u * u * u * from.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * to.y};
    const Point tangent{3 * u * u * (c1.x - from.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (to.x - c2.x),
                        3 * u * u * (c1.y - from.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (to.y - c2.y)};
    return {point, tangent};
}

Rgb pathColour(PathKind kind) {
    switch (kind) {
    case PathKind::Road:
        return {150, 100, 50};
    case PathKind::Pike:
        return {110, 60, 20};
    case PathKind::Railroad:
        return {30, 30, 30};
    }
    return {0, 0, 0};
}

namespace {

// A route's fill, as a part of a cell, and a pike's casing beyond it (both sides together).
double fillWidth(PathKind kind) {
    return kind == PathKind::Pike ? 0.1 : kind == PathKind::Road ? 0.06 : 0.05;
}
constexpr double pikeCasing = 0.03;
// A railroad's ties, as a part of a cell.
constexpr double tieWidth = 0.025;
// A pike's dark edges and its fill between them.
constexpr Rgb pikeCasingColour{60, 35, 15}, pikeFillColour{205, 150, 80};

} // namespace

double routeWidth(PathKind kind) {
    return fillWidth(kind) + (kind == PathKind::Pike ? pikeCasing : 0);
}

void strokeRoute(cairo_t* cr, PathKind kind, double size) {
    const double width = fillWidth(kind);
    cairo_set_line_cap(cr, kind == PathKind::Railroad ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
    if (kind == PathKind::Pike) {
        // A pike is a cased road: a dark edge on either side of its fill, heavier than a road.
        cairo_path_t* line = cairo_copy_path(cr);
        strokeWith(cr, pikeCasingColour, size * routeWidth(kind));
        cairo_append_path(cr, line);
        cairo_path_destroy(line);
        setSource(cr, pikeFillColour);
    } else {
        setSource(cr, pathColour(kind));
    }
    cairo_set_line_width(cr, size * width);
    cairo_stroke(cr);
}

std::vector<const Path*> MapPainter::pathsNear(Offset first, Offset last) const {
    // On a big map the index names the few paths near the view; else every path is looked at.
    std::vector<const Path*> out;
    if (const MapIndex* index = usableIndex()) {
        std::vector<PathId> ids;
        index->pathsIn({first.col - 2, first.row - 2}, {last.col + 2, last.row + 2}, ids);
        for (PathId id : ids) {
            if (auto it = s_.map.paths.find(id); it != s_.map.paths.end()) {
                out.push_back(&it->second);
            }
        }
        return out;
    }
    out.reserve(s_.map.paths.size());
    for (const auto& [id, path] : s_.map.paths) {
        out.push_back(&path);
    }
    return out;
}

void MapPainter::drawPaths(cairo_t* cr, Offset first, Offset last, bool natural) const {
    const double size = layout_.cellSize();
    auto inView = [&](Offset c) {
        return c.col >= first.col - 1 && c.col <= last.col + 1 && c.row >= first.row - 1 &&
               c.row <= last.row + 1;
    };
    std::vector<EdgeId> bridges; // where a road crosses water with no ford: drawn over the roads
    std::vector<std::pair<Point, Point>> ties; // a railroad's, square to its curve
    const std::vector<const Path*> near = pathsNear(first, last);
    // On a raster, routes are laid in its pixels (render/raster_lines); paper keeps Cairo's strokes.
    // Route by route either way.
    std::optional<RasterLines> raster = RasterLines::forTarget(cr);
    RasterLines* network = raster ? &*raster : nullptr;
    // Roads, then pikes, then railroads over them, on a raster and on paper alike.
    for (const PathKind kind : {PathKind::Road, PathKind::Pike, PathKind::Railroad}) {
        for (const Path* drawn : near) {
            const Path& path = *drawn;
            if (path.kind != kind) {
                continue;
            }
            cairo_new_path(cr);
            ties.clear();
            // Only the stretches (cell i to i + 1) that end in or next to the view: a road across
            // a big map is drawn a band (or a screen) at a time, not whole each time. Those left
            // out lie a cell or more outside. A smooth curve through the cell centres, as roads run
            // on a printed map: each stretch a cubic whose controls follow the neighbouring centres
            // (Catmull-Rom), so it still passes through every centre a piece stands on.
            const std::vector<Offset>& cells = path.cells;
            const auto stretchInView = [&](std::size_t i) {
                return inView(cells[i]) || inView(cells[i + 1]);
            };
            const std::optional<PathStretches> stretches = stretchesOf(layout_, cells, stretchInView);
            if (!stretches) {
                continue;
            }
            const std::size_t firstStretch = stretches->first, lastStretch = stretches->last,
                              from = stretches->from;
            const std::vector<Point>& centres = stretches->centres;
            const std::vector<CubicPiece>& curve = stretches->curve;
            for (std::size_t i = firstStretch; i <= lastStretch; ++i) {
                if (!stretchInView(i)) {
                    continue;
                }
                const CubicPiece& c = curve[i - from];
                if (i == firstStretch || !stretchInView(i - 1)) {
                    if (network != nullptr) {
                        network->moveTo(centres[i - from]);
                    } else {
                        cairo_move_to(cr, centres[i - from].x, centres[i - from].y);
                    }
                }
                if (network != nullptr) {
                    network->curveTo(c.c1, c.c2, c.to);
                } else {
                    cairo_curve_to(cr, c.c1.x, c.c1.y, c.c2.x, c.c2.y, c.to.x, c.to.y);
                }
                if (const auto bridged = bridgedSide(s_.map, cells[i], cells[i + 1])) {
                    bridges.push_back(*bridged);
                }
                if (kind != PathKind::Railroad) {
                    continue;
                }
                for (double t : {0.25, 0.5, 0.75}) {
                    const auto [at, along] = c.at(centres[i - from], t);
                    const double len = std::hypot(along.x, along.y);
                    if (len != 0) {
                        const Point across{-along.y / len * size * 0.1, along.x / len * size * 0.1};
                        ties.push_back(
                            {{at.x - across.x, at.y - across.y}, {at.x + across.x, at.y + across.y}});
                    }
                }
            }
            if (network != nullptr) {
                if (kind == PathKind::Pike) {
                    network->lay(size * routeWidth(kind), pikeCasingColour);
                }
                // A railroad's rails and ties end square, as Cairo's butt caps end them on paper.
                const auto ends =
                    kind == PathKind::Railroad ? RasterLines::Ends::Square : RasterLines::Ends::Round;
                network->lay(size * fillWidth(kind),
                             kind == PathKind::Pike ? pikeFillColour : pathColour(kind), ends);
                network->clear();
                if (!ties.empty()) {
                    for (const auto& [a, b] : ties) {
                        network->moveTo(a);
                        network->lineTo(b);
                    }
                    network->lay(size * tieWidth, pathColour(kind), ends);
                    network->clear();
                }
                continue;
            }
            strokeRoute(cr, kind, size); // firstStretch is in view: there is something to stroke
            for (const auto& [a, b] : ties) {
                cairo_move_to(cr, a.x, a.y);
                cairo_line_to(cr, b.x, b.y);
            }
            if (!ties.empty()) {
                strokeWith(cr, pathColour(kind), size * tieWidth);
            }
        }
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    for (const EdgeId& e : bridges) {
        const Hexside& water = s_.map.hexsideAt(e);
        drawBridge(cr, crossingAt(layout_.edgeSegment(e), water, size, natural), size,
                   water.has(SideFeature::River));
    }
}

} // namespace sandtable
