#include "map_painter.hpp"

#include "colours.hpp"
#include "counters.hpp"
#include "terrain_overview.hpp"
#include "text.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include <cairo.h>

namespace sandtable {
namespace {

void strokeWith(cairo_t* cr, Rgb colour, double width) {
    setSource(cr, colour);
    cairo_set_line_width(cr, width);
    cairo_stroke(cr);
}

} // namespace

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

void MapPainter::addCell(cairo_t* cr, Offset c, double inset) const {
    const auto corners = layout_.corners(c);
    const Point centre = layout_.cellCenter(c);
    const double k = 1.0 - inset / layout_.radius();
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const double x = centre.x + (corners[i].x - centre.x) * k,
                     y = centre.y + (corners[i].y - centre.y) * k;
        if (i == 0) {
            cairo_move_to(cr, x, y);
        } else {
            cairo_line_to(cr, x, y);
        }
    }
    cairo_close_path(cr);
}

void MapPainter::draw(cairo_t* cr, MapRect visible, double pixelsPerUnit, const RenderOptions& o) const {
    Offset first, last;
    layout_.visibleRange(visible.x, visible.y, visible.x + visible.width, visible.y + visible.height, first,
                         last);
    cairo_save(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    if (overview_ != nullptr && overview_->valid() &&
        layout_.cellSize() * pixelsPerUnit < overviewPixelsPerCell) {
        drawOverview(cr); // roads and railroads are in the overview image
        if (o.pieces) {
            drawPiecesAsDots(cr, first, last);
        }
        cairo_restore(cr);
        return;
    }
    drawCells(cr, first, last, pixelsPerUnit, o);
    drawBackground(cr);
    if (o.hexsides) {
        drawHexsides(cr, first, last);
    }
    if (o.paths) {
        drawPaths(cr, first, last);
    }
    if (o.features) {
        drawFeatures(cr, visible, pixelsPerUnit);
        drawMarkers(cr, visible, pixelsPerUnit);
    }
    if (o.pieces) {
        drawPieces(cr, visible, pixelsPerUnit);
    }
    cairo_restore(cr);
}

void MapPainter::drawBackground(cairo_t* cr) const {
    if (background_ == nullptr || !s_.map.background) {
        return;
    }
    // The image's own placement: origin and scale in cells, turned by its rotation.
    const BackgroundImage& b = *s_.map.background;
    const double unit = layout_.cellSize();
    cairo_save(cr);
    cairo_translate(cr, b.originX * unit, b.originY * unit);
    cairo_rotate(cr, b.rotationDegrees * std::numbers::pi / 180.0);
    cairo_scale(cr, b.unitsPerPixel * unit, b.unitsPerPixel * unit);
    cairo_set_source_surface(cr, background_, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_restore(cr);
}

void MapPainter::drawOverview(cairo_t* cr) const {
    // One pixel per cell, stretched over the cells' slots; hex stagger (half a cell) is ignored:
    // at this size a cell is a few pixels.
    const Grid& g = s_.map.grid;
    const Point a = layout_.cellCenter({0, 0});
    const double pitchX =
        g.cols() > 1 ? (layout_.cellCenter({g.cols() - 1, 0}).x - a.x) / (g.cols() - 1) : layout_.cellSize();
    const double pitchY =
        g.rows() > 1 ? (layout_.cellCenter({0, g.rows() - 1}).y - a.y) / (g.rows() - 1) : layout_.cellSize();
    overview_->paint(cr, a.x - pitchX / 2, a.y - pitchY / 2, pitchX * g.cols(), pitchY * g.rows());
}

void MapPainter::drawPiecesAsDots(cairo_t* cr, Offset first, Offset last) const {
    // One pass over the pieces, then one path and one fill per side; each piece a small square.
    const double r = layout_.cellSize() * 0.35;
    std::array<std::vector<Point>, 2> dots;
    for (const auto& [piece, placement] : s_.deployment.placements) {
        if (piece.kind != PieceKind::Unit) {
            continue;
        }
        auto it = s_.oob.units.find(UnitId{piece.id});
        if (it == s_.oob.units.end()) {
            continue;
        }
        const Side side = s_.oob.sideOf(it->second.parent).value_or(Side::Union);
        for (Offset c : placement.cells) {
            if (c.col >= first.col && c.col <= last.col && c.row >= first.row && c.row <= last.row) {
                dots[sideIndex(side)].push_back(layout_.cellCenter(c));
            }
        }
    }
    for (Side side : {Side::Union, Side::Confederate}) {
        cairo_new_path(cr);
        for (const Point& p : dots[sideIndex(side)]) {
            cairo_rectangle(cr, p.x - r, p.y - r, 2 * r, 2 * r);
        }
        setSource(cr, sideColour(side));
        cairo_fill(cr);
    }
}

void MapPainter::drawCells(cairo_t* cr, Offset first, Offset last, double pixelsPerUnit,
                           const RenderOptions& o) const {
    const Map& map = s_.map;
    const Grid& g = map.grid;
    const double size = layout_.cellSize();
    const bool showGrid = o.grid && size * pixelsPerUnit >= 6;
    // One path per colour (terrain and level) and one fill each: far fewer state changes than a
    // fill per cell. The grid is the background showing between cells drawn a hair smaller, which
    // costs a fraction of stroking every side.
    const double inset = showGrid ? size * 0.008 : 0.0;
    if (showGrid) {
        // Only under the cells in view, and never past the map's edge.
        const Point a = layout_.cellCenter(first), b = layout_.cellCenter(last);
        const double x0 = std::max(0.0, a.x - size), y0 = std::max(0.0, a.y - size);
        const double x1 = std::min(layout_.width(), b.x + size), y1 = std::min(layout_.height(), b.y + size);
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
        setSource(cr, Rgb{95, 100, 80});
        cairo_fill(cr);
    }
    std::map<std::pair<int, int>, std::vector<Offset>> byColour;
    for (int row = first.row; row <= last.row; ++row) {
        for (int col = first.col; col <= last.col; ++col) {
            const std::size_t i = g.index({col, row});
            byColour[{map.terrain[i], o.elevation ? map.elevation[i] : 0}].push_back({col, row});
        }
    }
    for (const auto& [key, cells] : byColour) {
        cairo_new_path(cr);
        for (Offset c : cells) {
            addCell(cr, c, inset);
        }
        const Rgb base = map.terrainTypes[static_cast<std::size_t>(key.first)].colour;
        setSource(cr, o.elevation ? shaded(base, key.second) : base);
        cairo_fill(cr);
    }
    // Contours along every side where the level changes: thin for each level, heavier where an
    // index contour (every fifth level) runs, as on a topographic map. Two paths, two strokes.
    if (o.elevation) {
        std::vector<std::pair<Point, Point>> thin, heavy;
        for (int row = first.row; row <= last.row; ++row) {
            for (int col = first.col; col <= last.col; ++col) {
                const Offset c{col, row};
                for (int d = 0; d < g.sideCount() / 2; ++d) {
                    const Offset n = g.neighbor(c, d);
                    if (!g.contains(n) || map.elevationAt(n) == map.elevationAt(c)) {
                        continue;
                    }
                    const int low = std::min(map.elevationAt(n), map.elevationAt(c));
                    const int high = std::max(map.elevationAt(n), map.elevationAt(c));
                    // The contours crossed going up from `low` to `high` are levels low+1 .. high.
                    bool index = false;
                    for (int level = low + 1; level <= high && !index; ++level) {
                        index = level % 5 == 0;
                    }
                    (index ? heavy : thin).push_back(layout_.edgeSegment(g.edge(c, d)));
                }
            }
        }
        for (const auto& [segments, width] : {std::pair{&thin, 0.03}, std::pair{&heavy, 0.07}}) {
            if (segments->empty()) {
                continue;
            }
            cairo_new_path(cr);
            for (const auto& [a, b] : *segments) {
                cairo_move_to(cr, a.x, a.y);
                cairo_line_to(cr, b.x, b.y);
            }
            strokeWith(cr, Rgb{140, 90, 40}, size * width);
        }
    }
    // Labels cost a text layout each: only when cells are big enough to read them comfortably.
    if (o.labels && size * pixelsPerUnit >= 64) {
        TextWriter text(cr, Font{size * 0.13});
        setSource(cr, Rgb{40, 40, 40}, 200 / 255.0);
        for (int row = first.row; row <= last.row; ++row) {
            for (int col = first.col; col <= last.col; ++col) {
                const Point p = layout_.cellCenter({col, row});
                text.drawCentred(p.x, p.y - size * 0.45, g.label({col, row}));
            }
        }
    }
}

void MapPainter::drawHexsides(cairo_t* cr, Offset first, Offset last) const {
    const Grid& g = s_.map.grid;
    const double size = layout_.cellSize();
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (const auto& [edge, side] : s_.map.hexsides) {
        const Offset c = g.contains(edge.cell) ? edge.cell : g.neighbor(edge.cell, edge.dir);
        if (c.col < first.col - 1 || c.col > last.col + 1 || c.row < first.row - 1 || c.row > last.row + 1) {
            continue;
        }
        auto [a, b] = layout_.edgeSegment(edge);
        auto stroke = [&](Rgb colour, double width) {
            cairo_move_to(cr, a.x, a.y);
            cairo_line_to(cr, b.x, b.y);
            strokeWith(cr, colour, width);
        };
        if (side.has(SideFeature::River)) {
            stroke({40, 90, 190}, size * 0.16);
        }
        if (side.has(SideFeature::Stream)) {
            stroke({60, 120, 210}, size * 0.07);
        }
        if (side.has(SideFeature::Wall)) {
            stroke({90, 90, 90}, size * 0.06);
        }
        if (side.has(SideFeature::Fence)) {
            const double dash = size * 0.08;
            cairo_set_dash(cr, &dash, 1, 0);
            stroke({120, 80, 40}, size * 0.04);
            cairo_set_dash(cr, nullptr, 0, 0);
        }
        if (side.crossing != Crossing::None) {
            const Point m{(a.x + b.x) / 2, (a.y + b.y) / 2};
            const double r = size * 0.12;
            if (side.crossing == Crossing::Bridge) {
                cairo_rectangle(cr, m.x - r, m.y - r * 0.6, 2 * r, 1.2 * r);
                setSource(cr, Rgb{170, 130, 80});
                cairo_fill_preserve(cr);
                strokeWith(cr, Rgb{60, 40, 20}, size * 0.02);
            } else {
                cairo_new_sub_path(cr);
                cairo_arc(cr, m.x, m.y, r * 0.7, 0, 2 * std::numbers::pi);
                setSource(cr, Rgb{220, 235, 255});
                cairo_fill_preserve(cr);
                strokeWith(cr, Rgb{40, 90, 190}, size * 0.02);
            }
        }
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
}

void MapPainter::drawPaths(cairo_t* cr, Offset first, Offset last) const {
    const double size = layout_.cellSize();
    for (const auto& [id, path] : s_.map.paths) {
        // A cheap test in cell coordinates; centres are computed only for paths on screen.
        const bool anyVisible = std::ranges::any_of(path.cells, [&](Offset c) {
            return c.col >= first.col - 1 && c.col <= last.col + 1 && c.row >= first.row - 1 &&
                   c.row <= last.row + 1;
        });
        if (!anyVisible) {
            continue;
        }
        // A smooth curve through the cell centres, as roads run on a printed map: each stretch a
        // cubic whose controls follow the neighbouring centres (Catmull-Rom), so it still passes
        // through every centre a piece stands on.
        std::vector<Point> centres;
        centres.reserve(path.cells.size());
        for (Offset c : path.cells) {
            centres.push_back(layout_.cellCenter(c));
        }
        const std::vector<CubicPiece> curve = smoothThrough(centres);
        cairo_new_path(cr);
        cairo_move_to(cr, centres.front().x, centres.front().y);
        for (const CubicPiece& c : curve) {
            cairo_curve_to(cr, c.c1.x, c.c1.y, c.c2.x, c.c2.y, c.to.x, c.to.y);
        }
        const double width = path.kind == PathKind::Pike ? 0.1 : path.kind == PathKind::Road ? 0.06 : 0.05;
        cairo_set_line_cap(cr, path.kind == PathKind::Railroad ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
        strokeWith(cr, pathColour(path.kind), size * width);
        if (path.kind == PathKind::Railroad) {
            // Cross ties, square to the curve.
            for (std::size_t i = 0; i < curve.size(); ++i) {
                for (double t : {0.25, 0.5, 0.75}) {
                    const auto [at, along] = curve[i].at(centres[i], t);
                    const double len = std::hypot(along.x, along.y);
                    if (len == 0) {
                        continue;
                    }
                    const double nx = -along.y / len * size * 0.1, ny = along.x / len * size * 0.1;
                    cairo_move_to(cr, at.x - nx, at.y - ny);
                    cairo_line_to(cr, at.x + nx, at.y + ny);
                }
            }
            strokeWith(cr, pathColour(path.kind), size * 0.025);
        }
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
}

void MapPainter::drawMarkers(cairo_t* cr, MapRect visible, double pixelsPerUnit) const {
    // Lines of supply and reinforcement entry cells: marks of the scenario, not pieces, in the
    // side's colour with what they are for ("LOS I Corps", "turn 3").
    const double size = layout_.cellSize();
    if (size * pixelsPerUnit < 12) {
        return;
    }
    const bool detailed = size * pixelsPerUnit >= 30;
    TextWriter label(cr, Font{size * 0.14, true});
    auto caption = [&](Point p, const std::string& text) {
        if (!detailed || text.empty()) {
            return;
        }
        const TextSize t = label.measure(text);
        cairo_rectangle(cr, p.x - t.width / 2 - 2, p.y - 1, t.width + 4, t.height + 2);
        cairo_set_source_rgba(cr, 1, 1, 1, 200 / 255.0);
        cairo_fill(cr);
        setSource(cr, Rgb{20, 20, 20});
        label.draw(p.x - t.width / 2, p.y, text);
    };
    for (const auto& [id, hq] : s_.oob.headquarters) {
        if (!hq.supplyCell || !s_.map.grid.contains(*hq.supplyCell)) {
            continue;
        }
        const Point p = layout_.cellCenter(*hq.supplyCell);
        if (!visible.near(p, size * 2)) {
            continue;
        }
        // A supply flag: a pennant on a staff.
        const double x = p.x - size * 0.3, y = p.y - size * 0.38;
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x, y + size * 0.42);
        strokeWith(cr, Rgb{20, 20, 20}, size * 0.03);
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x + size * 0.3, y + size * 0.08);
        cairo_line_to(cr, x, y + size * 0.16);
        cairo_close_path(cr);
        setSource(cr, sideColour(hq.side));
        cairo_fill_preserve(cr);
        strokeWith(cr, Rgb{20, 20, 20}, size * 0.03);
        caption({p.x, p.y + size * 0.08}, "LOS " + hq.name);
    }
    // Entries by cell: several arrivals at one cell share one arrow.
    std::map<Offset, std::pair<Side, std::vector<int>>> entries;
    for (const auto& [piece, r] : s_.deployment.reinforcements) {
        if (!s_.map.grid.contains(r.entry)) {
            continue;
        }
        std::optional<Side> side;
        if (piece.kind == PieceKind::Unit && s_.oob.units.contains(UnitId{piece.id})) {
            side = s_.oob.sideOf(s_.oob.units.at(UnitId{piece.id}).parent);
        } else if (piece.kind == PieceKind::Commander) {
            side = s_.oob.sideOf(HeadquartersId{piece.id});
        } else if (piece.kind == PieceKind::Train && s_.oob.trains.contains(TrainId{piece.id})) {
            side = s_.oob.sideOf(s_.oob.trains.at(TrainId{piece.id}).corps);
        }
        auto& [entrySide, turns] = entries[r.entry];
        entrySide = side.value_or(Side::Union);
        if (std::find(turns.begin(), turns.end(), r.turn) == turns.end()) {
            turns.push_back(r.turn);
        }
    }
    const Point middle{layout_.width() / 2, layout_.height() / 2};
    for (auto& [cell, entry] : entries) {
        const Point p = layout_.cellCenter(cell);
        if (!visible.near(p, size * 2)) {
            continue;
        }
        // An arrow pointing onto the map, toward its middle.
        const double angle = std::atan2(middle.y - p.y, middle.x - p.x);
        const double r = size * 0.3;
        auto at = [&](double along, double across) {
            return Point{p.x + along * std::cos(angle) - across * std::sin(angle),
                         p.y + along * std::sin(angle) + across * std::cos(angle)};
        };
        const Point tip = at(r, 0), left = at(-r * 0.2, -r * 0.7), notch = at(0, 0),
                    right = at(-r * 0.2, r * 0.7);
        cairo_move_to(cr, tip.x, tip.y);
        cairo_line_to(cr, left.x, left.y);
        cairo_line_to(cr, notch.x, notch.y);
        cairo_line_to(cr, right.x, right.y);
        cairo_close_path(cr);
        setSource(cr, sideColour(entry.first));
        cairo_fill_preserve(cr);
        strokeWith(cr, Rgb{20, 20, 20}, size * 0.02);
        std::sort(entry.second.begin(), entry.second.end());
        std::string turns;
        for (int t : entry.second) {
            turns += (turns.empty() ? "turn " : ", ") + std::to_string(t);
        }
        caption({p.x, p.y + size * 0.2}, turns);
    }
}

void MapPainter::drawFeatures(cairo_t* cr, MapRect visible, double pixelsPerUnit) const {
    const double size = layout_.cellSize();
    if (size * pixelsPerUnit < 12) {
        return;
    }
    TextWriter placeName(cr, Font{size * 0.22, true, false, true});
    TextWriter mapLabel(cr, Font{size * 0.3, false, true, true});
    for (const auto& [id, f] : s_.map.features) {
        const Point p = layout_.cellCenter(f.cell);
        if (!visible.near(p, size * 3)) {
            continue;
        }
        const double r = size * 0.1;
        switch (f.kind) {
        case FeatureKind::Town:
            cairo_rectangle(cr, p.x - r, p.y - r, 2 * r, 2 * r);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_fill(cr);
            break;
        case FeatureKind::Objective: {
            // A five-pointed star in the side's colour (red when it is both sides'), at the cell's
            // upper right, clear of a counter in the middle.
            const Point centre{p.x + size * 0.22, p.y - size * 0.24};
            const double outer = size * 0.16, inner = outer * 0.42;
            for (int k = 0; k < 10; ++k) {
                const double a = -std::numbers::pi / 2 + k * std::numbers::pi / 5;
                const double radius = k % 2 == 0 ? outer : inner;
                const double x = centre.x + radius * std::cos(a), y = centre.y + radius * std::sin(a);
                k == 0 ? cairo_move_to(cr, x, y) : cairo_line_to(cr, x, y);
            }
            cairo_close_path(cr);
            setSource(cr, f.side ? sideColour(*f.side) : Rgb{200, 30, 30});
            cairo_fill_preserve(cr);
            strokeWith(cr, Rgb{20, 20, 20}, size * 0.015);
            break;
        }
        case FeatureKind::Landing:
            cairo_rectangle(cr, p.x - r * 2, p.y - r, 4 * r, 2 * r);
            strokeWith(cr, Rgb{30, 60, 160}, size * 0.04);
            break;
        case FeatureKind::EntryPoint:
            cairo_move_to(cr, p.x - r * 2, p.y - r * 2);
            cairo_line_to(cr, p.x + r * 2, p.y);
            cairo_line_to(cr, p.x - r * 2, p.y + r * 2);
            cairo_close_path(cr);
            setSource(cr, f.side ? sideColour(*f.side) : Rgb{0, 0, 0});
            cairo_fill(cr);
            break;
        case FeatureKind::Label:
            break;
        }
        if (!f.name.empty()) {
            setSource(cr, Rgb{20, 20, 20});
            (f.kind == FeatureKind::Label ? mapLabel : placeName).drawCentred(p.x, p.y + size * 0.12, f.name);
        }
    }
}

void MapPainter::drawPieces(cairo_t* cr, MapRect visible, double pixelsPerUnit) const {
    const double size = layout_.cellSize();
    const bool detailed = size * pixelsPerUnit >= 24;
    // Text layouts once per frame, not per counter: making one is the costly part.
    TextWriter unitText(cr, Font{size * 0.15, true});
    TextWriter commanderText(cr, Font{size * 0.09, true});
    TextWriter badgeText(cr, Font{size * 0.11, true});
    // Units by cell, so that a stack is drawn as a pile: each counter a step up and to the right of
    // the one below, the top one last, with a badge counting them.
    // Only cells in view are gathered: the map of stacks stays as small as the view.
    std::map<Offset, std::vector<std::pair<PieceRef, std::size_t>>> stacks;
    for (const auto& [piece, placement] : s_.deployment.placements) {
        // A placement whose unit is gone (an edit can leave one; oob.references reports it) is not drawn.
        if (piece.kind == PieceKind::Unit && s_.oob.units.contains(UnitId{piece.id})) {
            for (std::size_t k = 0; k < placement.cells.size(); ++k) {
                if (visible.near(layout_.cellCenter(placement.cells[k]), size)) {
                    stacks[placement.cells[k]].emplace_back(piece, k);
                }
            }
        }
    }
    const double w = size * 0.62, h = size * 0.46, step = size * stackStep;
    for (const auto& [cell, stack] : stacks) {
        const Point p = layout_.cellCenter(cell);
        // The pile is centred on the cell.
        const double shift = step * static_cast<double>(stack.size() - 1) / 2;
        for (std::size_t i = 0; i < stack.size(); ++i) {
            const auto& [piece, k] = stack[i];
            const Unit& u = s_.oob.units.at(UnitId{piece.id});
            const Placement& placement = s_.deployment.placements.at(piece);
            const Side side = s_.oob.sideOf(u.parent).value_or(Side::Union);
            const double x = p.x - w / 2 - shift + step * static_cast<double>(i);
            const double y = p.y - h / 2 + shift - step * static_cast<double>(i);
            drawUnitCounter(cr, u, side, x, y, w, h, detailed, &unitText);
            if (detailed && placement.facing && k == 0) {
                const double angle = (placement.facing->kind == FacingKind::Corner
                                          ? layout_.cornerAngle(placement.facing->index)
                                          : layout_.sideAngle(placement.facing->index)) *
                                     std::numbers::pi / 180;
                const Point c{x + w / 2, y + h / 2};
                const double r0 = size * 0.36, r1 = size * 0.46, spread = 0.18;
                cairo_move_to(cr, c.x + r1 * std::cos(angle), c.y + r1 * std::sin(angle));
                cairo_line_to(cr, c.x + r0 * std::cos(angle - spread), c.y + r0 * std::sin(angle - spread));
                cairo_line_to(cr, c.x + r0 * std::cos(angle + spread), c.y + r0 * std::sin(angle + spread));
                cairo_close_path(cr);
                setSource(cr, Rgb{20, 20, 20});
                cairo_fill(cr);
            }
        }
        if (stack.size() > 1) {
            // A badge at the top counter's upper right: how many are in the pile.
            const double r = size * stackBadgeRadius;
            const double bx = p.x + w / 2 + shift, by = p.y - h / 2 - shift;
            cairo_new_sub_path(cr);
            cairo_arc(cr, bx, by, r, 0, 2 * std::numbers::pi);
            setSource(cr, stackBadgeColour);
            cairo_fill_preserve(cr);
            strokeWith(cr, Rgb{20, 20, 20}, size * 0.012);
            if (detailed) {
                const std::string count = std::to_string(stack.size());
                const TextSize t = badgeText.measure(count);
                setSource(cr, Rgb{20, 20, 20});
                badgeText.draw(bx - t.width / 2, by - t.height / 2, count);
            }
        }
    }
    for (const auto& [piece, placement] : s_.deployment.placements) {
        if (piece.kind == PieceKind::Unit || placement.cells.empty()) {
            continue;
        }
        const Point p = layout_.cellCenter(placement.cells.front());
        if (!visible.near(p, size)) {
            continue;
        }
        if (piece.kind == PieceKind::Commander) {
            const Headquarters* hq = s_.oob.find(HeadquartersId{piece.id});
            if (hq == nullptr) {
                continue;
            }
            drawCommander(cr, hq->echelon, hq->side, p.x + size * 0.25, p.y - size * 0.25, size * 0.15,
                          detailed ? &commanderText : nullptr);
        } else {
            auto it = s_.oob.trains.find(TrainId{piece.id});
            const Side side = it == s_.oob.trains.end()
                                  ? Side::Union
                                  : s_.oob.sideOf(it->second.corps).value_or(Side::Union);
            drawTrain(cr, side, p.x - size * 0.3, p.y + size * 0.1, size * 0.36, size * 0.18);
        }
    }
}

} // namespace sandtable
