#include "map_renderer.hpp"

#include <wx/brush.h>
#include <wx/pen.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>

namespace sandtable {
namespace {

wxColour toColour(Rgb c) {
    return wxColour(c.r, c.g, c.b);
}

// Higher ground is drawn lighter and warmer, as on period maps' hachured hills.
wxColour shaded(Rgb c, int level) {
    const double k = std::clamp(level * 0.07, -0.4, 0.5);
    auto mix = [k](int v) {
        const double out = k >= 0 ? v + (255 - v) * k * 0.8 : v * (1 + k);
        return static_cast<unsigned char>(std::clamp(out, 0.0, 255.0));
    };
    return wxColour(mix(c.r), mix(c.g), mix(c.b));
}

// Fonts by explicit face and point size: a size in pixels makes wxGTK consult the desktop's default
// font, which needs a display, and the renderer must also work headless (exports, tests). On the
// Cairo renderer one point is one user unit, so text scales with the map.
wxGraphicsFont font(wxGraphicsContext& gc, double size, wxColour colour, bool bold = false,
                    bool italic = false, bool serif = false) {
    wxFontInfo info(size);
    info.FaceName(serif ? "DejaVu Serif" : "DejaVu Sans")
        .Family(serif ? wxFONTFAMILY_ROMAN : wxFONTFAMILY_SWISS);
    if (bold) {
        info.Bold();
    }
    if (italic) {
        info.Italic();
    }
    return gc.CreateFont(wxFont(info), colour);
}

bool intersects(wxRect2DDouble r, Point p, double margin) {
    return p.x >= r.m_x - margin && p.y >= r.m_y - margin && p.x <= r.m_x + r.m_width + margin &&
           p.y <= r.m_y + r.m_height + margin;
}

std::string_view echelonMark(Echelon e) {
    switch (e) {
    case Echelon::Army:
        return "XXXX";
    case Echelon::Corps:
        return "XXX";
    case Echelon::Division:
        return "XX";
    case Echelon::Brigade:
        return "X";
    }
    return "";
}

} // namespace

wxColour MapRenderer::sideColour(Side side) {
    return side == Side::Union ? wxColour(52, 84, 160) : wxColour(150, 150, 150);
}

wxGraphicsPath MapRenderer::cellPath(wxGraphicsContext& gc, Offset c, double inset) const {
    wxGraphicsPath path = gc.CreatePath();
    const auto corners = layout_.corners(c);
    const Point centre = layout_.cellCenter(c);
    const double k = 1.0 - inset / layout_.radius();
    auto at = [&](const Point& p) {
        return Point{centre.x + (p.x - centre.x) * k, centre.y + (p.y - centre.y) * k};
    };
    const Point p0 = at(corners[0]);
    path.MoveToPoint(p0.x, p0.y);
    for (std::size_t i = 1; i < corners.size(); ++i) {
        const Point p = at(corners[i]);
        path.AddLineToPoint(p.x, p.y);
    }
    path.CloseSubpath();
    return path;
}

void MapRenderer::draw(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit,
                       const RenderOptions& o) const {
    Offset first, last;
    layout_.visibleRange(visible.m_x, visible.m_y, visible.m_x + visible.m_width,
                         visible.m_y + visible.m_height, first, last);
    if (overview_ && overview_->valid() && layout_.cellSize() * pixelsPerUnit < overviewPixelsPerCell) {
        drawOverview(gc, first, last); // roads and railroads are in the overview image
        if (o.pieces) {
            drawPiecesAsDots(gc, first, last);
        }
        return;
    }
    drawCells(gc, first, last, pixelsPerUnit, o);
    drawBackground(gc);
    if (o.hexsides) {
        drawHexsides(gc, first, last);
    }
    if (o.paths) {
        drawPaths(gc, first, last);
    }
    if (o.features) {
        drawFeatures(gc, visible, pixelsPerUnit);
        drawMarkers(gc, visible, pixelsPerUnit);
    }
    if (o.pieces) {
        drawPieces(gc, visible, pixelsPerUnit);
    }
}

void MapRenderer::drawBackground(wxGraphicsContext& gc) const {
    if (background_ == nullptr || !background_->IsOk() || !s_.map.background) {
        return;
    }
    // The image's own placement: origin and scale in cells, turned by its rotation.
    const BackgroundImage& b = *s_.map.background;
    const double unit = layout_.cellSize();
    gc.PushState();
    gc.Translate(b.originX * unit, b.originY * unit);
    gc.Rotate(b.rotationDegrees * std::numbers::pi / 180.0);
    gc.Scale(b.unitsPerPixel * unit, b.unitsPerPixel * unit);
    gc.SetInterpolationQuality(wxINTERPOLATION_GOOD);
    gc.DrawBitmap(gc.CreateBitmapFromImage(*background_), 0, 0, background_->GetWidth(),
                  background_->GetHeight());
    gc.PopState();
}

void MapRenderer::drawOverview(wxGraphicsContext& gc, Offset first, Offset last) const {
    // The visible block of the one-pixel-per-cell image, stretched over the cells' area. Hex
    // stagger (half a cell) is ignored: at this size a cell is a few pixels.
    const wxImage& whole = overview_->image();
    const wxRect block(first.col, first.row, last.col - first.col + 1, last.row - first.row + 1);
    // The whole map in view (Ctrl+0): no copy of the image.
    const wxImage part =
        block == wxRect(0, 0, whole.GetWidth(), whole.GetHeight()) ? whole : whole.GetSubImage(block);
    const Point a = layout_.cellCenter({first.col, first.row}), b = layout_.cellCenter({last.col, last.row});
    const double pitchX = (last.col > first.col) ? (b.x - a.x) / (last.col - first.col) : layout_.cellSize();
    const double pitchY = (last.row > first.row) ? (b.y - a.y) / (last.row - first.row) : layout_.cellSize();
    gc.SetInterpolationQuality(wxINTERPOLATION_NONE);
    gc.DrawBitmap(gc.CreateBitmapFromImage(part), a.x - pitchX / 2, a.y - pitchY / 2,
                  pitchX * part.GetWidth(), pitchY * part.GetHeight());
}

void MapRenderer::drawPiecesAsDots(wxGraphicsContext& gc, Offset first, Offset last) const {
    // One path per side; each piece a small square.
    const double r = layout_.cellSize() * 0.35;
    std::array<wxGraphicsPath, 2> dots{gc.CreatePath(), gc.CreatePath()};
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
                const Point p = layout_.cellCenter(c);
                dots[sideIndex(side)].AddRectangle(p.x - r, p.y - r, 2 * r, 2 * r);
            }
        }
    }
    gc.SetPen(*wxTRANSPARENT_PEN);
    for (Side side : {Side::Union, Side::Confederate}) {
        gc.SetBrush(gc.CreateBrush(wxBrush(sideColour(side))));
        gc.FillPath(dots[sideIndex(side)]);
    }
}

void MapRenderer::drawCells(wxGraphicsContext& gc, Offset first, Offset last, double pixelsPerUnit,
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
        gc.SetPen(*wxTRANSPARENT_PEN);
        gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(95, 100, 80))));
        gc.DrawRectangle(x0, y0, x1 - x0, y1 - y0);
    }
    std::map<std::pair<int, int>, wxGraphicsPath> fills;
    for (int row = first.row; row <= last.row; ++row) {
        for (int col = first.col; col <= last.col; ++col) {
            const Offset c{col, row};
            const std::size_t i = g.index(c);
            const std::pair<int, int> key{map.terrain[i], o.elevation ? map.elevation[i] : 0};
            auto it = fills.find(key);
            if (it == fills.end()) {
                it = fills.emplace(key, gc.CreatePath()).first;
            }
            it->second.AddPath(cellPath(gc, c, inset));
        }
    }
    gc.SetPen(*wxTRANSPARENT_PEN);
    for (const auto& [key, path] : fills) {
        const Rgb base = map.terrainTypes[static_cast<std::size_t>(key.first)].colour;
        gc.SetBrush(gc.CreateBrush(wxBrush(o.elevation ? shaded(base, key.second) : toColour(base))));
        gc.FillPath(path);
    }
    // Contours: a brown line along every side where the level changes, stroked as one path.
    if (o.elevation) {
        wxGraphicsPath contours = gc.CreatePath();
        bool any = false;
        for (int row = first.row; row <= last.row; ++row) {
            for (int col = first.col; col <= last.col; ++col) {
                const Offset c{col, row};
                for (int d = 0; d < g.sideCount() / 2; ++d) {
                    const Offset n = g.neighbor(c, d);
                    if (g.contains(n) && map.elevationAt(n) != map.elevationAt(c)) {
                        auto [a, b] = layout_.edgeSegment(g.edge(c, d));
                        contours.MoveToPoint(a.x, a.y);
                        contours.AddLineToPoint(b.x, b.y);
                        any = true;
                    }
                }
            }
        }
        if (any) {
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(140, 90, 40)).Width(size * 0.03)));
            gc.StrokePath(contours);
        }
    }
    // Labels cost a text layout each: only when cells are big enough to read them comfortably.
    if (o.labels && size * pixelsPerUnit >= 64) {
        gc.SetFont(font(gc, size * 0.13, wxColour(40, 40, 40, 200)));
        for (int row = first.row; row <= last.row; ++row) {
            for (int col = first.col; col <= last.col; ++col) {
                const Offset c{col, row};
                const Point p = layout_.cellCenter(c);
                const wxString text = g.label(c);
                double w = 0, h = 0;
                gc.GetTextExtent(text, &w, &h);
                gc.DrawText(text, p.x - w / 2, p.y - size * 0.45);
            }
        }
    }
}

void MapRenderer::drawHexsides(wxGraphicsContext& gc, Offset first, Offset last) const {
    const Grid& g = s_.map.grid;
    const double size = layout_.cellSize();
    for (const auto& [edge, side] : s_.map.hexsides) {
        const Offset c = g.contains(edge.cell) ? edge.cell : g.neighbor(edge.cell, edge.dir);
        if (c.col < first.col - 1 || c.col > last.col + 1 || c.row < first.row - 1 || c.row > last.row + 1) {
            continue;
        }
        auto [a, b] = layout_.edgeSegment(edge);
        auto stroke = [&](wxColour colour, double width, wxPenStyle style = wxPENSTYLE_SOLID) {
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(colour).Width(width).Style(style).Cap(wxCAP_ROUND)));
            gc.StrokeLine(a.x, a.y, b.x, b.y);
        };
        if (side.has(SideFeature::River)) {
            stroke(wxColour(40, 90, 190), size * 0.16);
        }
        if (side.has(SideFeature::Stream)) {
            stroke(wxColour(60, 120, 210), size * 0.07);
        }
        if (side.has(SideFeature::Wall)) {
            stroke(wxColour(90, 90, 90), size * 0.06);
        }
        if (side.has(SideFeature::Fence)) {
            stroke(wxColour(120, 80, 40), size * 0.04, wxPENSTYLE_SHORT_DASH);
        }
        if (side.crossing != Crossing::None) {
            const Point m{(a.x + b.x) / 2, (a.y + b.y) / 2};
            const double r = size * 0.12;
            if (side.crossing == Crossing::Bridge) {
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(60, 40, 20)).Width(size * 0.02)));
                gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(170, 130, 80))));
                gc.DrawRectangle(m.x - r, m.y - r * 0.6, 2 * r, 1.2 * r);
            } else {
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(40, 90, 190)).Width(size * 0.02)));
                gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(220, 235, 255))));
                gc.DrawEllipse(m.x - r * 0.7, m.y - r * 0.7, 1.4 * r, 1.4 * r);
            }
        }
    }
}

void MapRenderer::drawPaths(wxGraphicsContext& gc, Offset first, Offset last) const {
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
        wxGraphicsPath line = gc.CreatePath();
        const Point p0 = layout_.cellCenter(path.cells.front());
        line.MoveToPoint(p0.x, p0.y);
        for (std::size_t i = 1; i < path.cells.size(); ++i) {
            const Point p = layout_.cellCenter(path.cells[i]);
            line.AddLineToPoint(p.x, p.y);
        }
        switch (path.kind) {
        case PathKind::Road:
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(150, 100, 50))
                                       .Width(size * 0.06)
                                       .Cap(wxCAP_ROUND)
                                       .Join(wxJOIN_ROUND)));
            break;
        case PathKind::Pike:
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(110, 60, 20))
                                       .Width(size * 0.1)
                                       .Cap(wxCAP_ROUND)
                                       .Join(wxJOIN_ROUND)));
            break;
        case PathKind::Railroad:
            gc.SetPen(
                gc.CreatePen(wxGraphicsPenInfo(wxColour(30, 30, 30)).Width(size * 0.05).Join(wxJOIN_ROUND)));
            break;
        }
        gc.StrokePath(line);
        if (path.kind == PathKind::Railroad) {
            // Cross ties.
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(30, 30, 30)).Width(size * 0.025)));
            for (std::size_t i = 1; i < path.cells.size(); ++i) {
                const Point a = layout_.cellCenter(path.cells[i - 1]), b = layout_.cellCenter(path.cells[i]);
                const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
                const double nx = -dy / len * size * 0.1, ny = dx / len * size * 0.1;
                for (double t : {0.25, 0.5, 0.75}) {
                    const double x = a.x + dx * t, y = a.y + dy * t;
                    gc.StrokeLine(x - nx, y - ny, x + nx, y + ny);
                }
            }
        }
    }
}

void MapRenderer::drawMarkers(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit) const {
    // Lines of supply and reinforcement entry cells: marks of the scenario, not pieces, in the
    // side's colour with what they are for ("LOS I Corps", "turn 3").
    const double size = layout_.cellSize();
    if (size * pixelsPerUnit < 12) {
        return;
    }
    const bool detailed = size * pixelsPerUnit >= 30;
    const wxGraphicsFont labelFont = font(gc, size * 0.14, wxColour(20, 20, 20), true);
    auto caption = [&](Point p, const std::string& text) {
        if (!detailed || text.empty()) {
            return;
        }
        gc.SetFont(labelFont);
        double w = 0, h = 0;
        const wxString t = wxString::FromUTF8(text);
        gc.GetTextExtent(t, &w, &h);
        gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(255, 255, 255, 200))));
        gc.SetPen(*wxTRANSPARENT_PEN);
        gc.DrawRectangle(p.x - w / 2 - 2, p.y - 1, w + 4, h + 2);
        gc.DrawText(t, p.x - w / 2, p.y);
    };
    for (const auto& [id, hq] : s_.oob.headquarters) {
        if (!hq.supplyCell || !s_.map.grid.contains(*hq.supplyCell)) {
            continue;
        }
        const Point p = layout_.cellCenter(*hq.supplyCell);
        if (!intersects(visible, p, size * 2)) {
            continue;
        }
        // A supply flag: a pennant on a staff.
        const double x = p.x - size * 0.3, y = p.y - size * 0.38;
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(20, 20, 20)).Width(size * 0.03)));
        gc.StrokeLine(x, y, x, y + size * 0.42);
        wxGraphicsPath flag = gc.CreatePath();
        flag.MoveToPoint(x, y);
        flag.AddLineToPoint(x + size * 0.3, y + size * 0.08);
        flag.AddLineToPoint(x, y + size * 0.16);
        flag.CloseSubpath();
        gc.SetBrush(gc.CreateBrush(wxBrush(sideColour(hq.side))));
        gc.FillPath(flag);
        gc.StrokePath(flag);
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
        if (!intersects(visible, p, size * 2)) {
            continue;
        }
        // An arrow pointing onto the map, toward its middle.
        const double angle = std::atan2(middle.y - p.y, middle.x - p.x);
        const double r = size * 0.3;
        auto at = [&](double along, double across) {
            return Point{p.x + along * std::cos(angle) - across * std::sin(angle),
                         p.y + along * std::sin(angle) + across * std::cos(angle)};
        };
        wxGraphicsPath arrow = gc.CreatePath();
        const Point tip = at(r, 0), left = at(-r * 0.2, -r * 0.7), notch = at(0, 0),
                    right = at(-r * 0.2, r * 0.7);
        arrow.MoveToPoint(tip.x, tip.y);
        arrow.AddLineToPoint(left.x, left.y);
        arrow.AddLineToPoint(notch.x, notch.y);
        arrow.AddLineToPoint(right.x, right.y);
        arrow.CloseSubpath();
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(20, 20, 20)).Width(size * 0.02)));
        gc.SetBrush(gc.CreateBrush(wxBrush(sideColour(entry.first))));
        gc.FillPath(arrow);
        gc.StrokePath(arrow);
        std::sort(entry.second.begin(), entry.second.end());
        std::string turns;
        for (int t : entry.second) {
            turns += (turns.empty() ? "turn " : ", ") + std::to_string(t);
        }
        caption({p.x, p.y + size * 0.2}, turns);
    }
}

void MapRenderer::drawFeatures(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit) const {
    const double size = layout_.cellSize();
    if (size * pixelsPerUnit < 12) {
        return;
    }
    for (const auto& [id, f] : s_.map.features) {
        const Point p = layout_.cellCenter(f.cell);
        if (!intersects(visible, p, size * 3)) {
            continue;
        }
        const double r = size * 0.1;
        switch (f.kind) {
        case FeatureKind::Town:
            gc.SetPen(*wxBLACK_PEN);
            gc.SetBrush(*wxBLACK_BRUSH);
            gc.DrawRectangle(p.x - r, p.y - r, 2 * r, 2 * r);
            break;
        case FeatureKind::Objective:
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(200, 30, 30)).Width(size * 0.04)));
            gc.SetBrush(*wxTRANSPARENT_BRUSH);
            gc.DrawEllipse(p.x - size * 0.4, p.y - size * 0.4, size * 0.8, size * 0.8);
            break;
        case FeatureKind::Landing:
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(30, 60, 160)).Width(size * 0.04)));
            gc.SetBrush(*wxTRANSPARENT_BRUSH);
            gc.DrawRectangle(p.x - r * 2, p.y - r, 4 * r, 2 * r);
            break;
        case FeatureKind::EntryPoint: {
            gc.SetPen(*wxTRANSPARENT_PEN);
            gc.SetBrush(gc.CreateBrush(wxBrush(f.side ? sideColour(*f.side) : wxColour(0, 0, 0))));
            wxGraphicsPath arrow = gc.CreatePath();
            arrow.MoveToPoint(p.x - r * 2, p.y - r * 2);
            arrow.AddLineToPoint(p.x + r * 2, p.y);
            arrow.AddLineToPoint(p.x - r * 2, p.y + r * 2);
            arrow.CloseSubpath();
            gc.FillPath(arrow);
            break;
        }
        case FeatureKind::Label:
            break;
        }
        if (!f.name.empty()) {
            const bool isLabel = f.kind == FeatureKind::Label;
            gc.SetFont(
                font(gc, size * (isLabel ? 0.3 : 0.22), wxColour(20, 20, 20), !isLabel, isLabel, true));
            double w = 0, h = 0;
            gc.GetTextExtent(f.name, &w, &h);
            gc.DrawText(wxString::FromUTF8(f.name), p.x - w / 2, p.y + size * 0.12);
        }
    }
}

void MapRenderer::drawPieces(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit) const {
    const double size = layout_.cellSize();
    const bool detailed = size * pixelsPerUnit >= 24;
    // Fonts, pens and brushes once per frame, not per counter: making a font is the costly part.
    const wxGraphicsFont unitFont = font(gc, size * 0.15, *wxWHITE, true);
    const wxGraphicsFont commanderFont = font(gc, size * 0.09, *wxWHITE, true);
    const wxGraphicsPen outline = gc.CreatePen(wxGraphicsPenInfo(wxColour(20, 20, 20)).Width(size * 0.02));
    const wxGraphicsPen symbolPen = gc.CreatePen(wxGraphicsPenInfo(*wxWHITE).Width(size * 0.02));
    const wxGraphicsPen commanderRing =
        gc.CreatePen(wxGraphicsPenInfo(wxColour(250, 220, 60)).Width(size * 0.025));
    const std::array<wxGraphicsBrush, 2> sideBrushes{gc.CreateBrush(wxBrush(sideColour(Side::Union))),
                                                     gc.CreateBrush(wxBrush(sideColour(Side::Confederate)))};
    const wxGraphicsBrush facingBrush = gc.CreateBrush(wxBrush(wxColour(20, 20, 20)));
    for (const auto& [piece, placement] : s_.deployment.placements) {
        for (std::size_t k = 0; k < placement.cells.size(); ++k) {
            const Point p = layout_.cellCenter(placement.cells[k]);
            if (!intersects(visible, p, size)) {
                continue;
            }
            if (piece.kind == PieceKind::Unit) {
                auto it = s_.oob.units.find(UnitId{piece.id});
                if (it == s_.oob.units.end()) {
                    continue;
                }
                const Unit& u = it->second;
                const Side side = s_.oob.sideOf(u.parent).value_or(Side::Union);
                const double w = size * 0.62, h = size * 0.46;
                const double x = p.x - w / 2, y = p.y - h / 2;
                gc.SetPen(outline);
                gc.SetBrush(sideBrushes[sideIndex(side)]);
                gc.DrawRectangle(x, y, w, h);
                if (!detailed) {
                    continue;
                }
                // NATO-style symbol in the upper part of the counter.
                const double sx = x + w * 0.2, sy = y + h * 0.1, sw = w * 0.6, sh = h * 0.45;
                gc.SetPen(symbolPen);
                gc.SetBrush(*wxTRANSPARENT_BRUSH);
                gc.DrawRectangle(sx, sy, sw, sh);
                if (u.arm == Arm::Infantry || u.arm == Arm::Cavalry) {
                    gc.StrokeLine(sx, sy + sh, sx + sw, sy);
                }
                if (u.arm == Arm::Infantry) {
                    gc.StrokeLine(sx, sy, sx + sw, sy + sh);
                }
                if (u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery) {
                    gc.SetBrush(*wxWHITE_BRUSH);
                    const double r = sh * (u.arm == Arm::HeavyArtillery ? 0.3 : 0.2);
                    gc.DrawEllipse(sx + sw / 2 - r, sy + sh / 2 - r, 2 * r, 2 * r);
                }
                const wxString text = u.roster != 0 ? wxString::Format("%d", u.roster)
                                                    : wxString::FromUTF8(u.name.substr(0, 4));
                gc.SetFont(unitFont);
                double tw = 0, th = 0;
                gc.GetTextExtent(text, &tw, &th);
                gc.DrawText(text, p.x - tw / 2, y + h * 0.58);
                if (placement.facing && k == 0) {
                    const double angle = (placement.facing->kind == FacingKind::Corner
                                              ? layout_.cornerAngle(placement.facing->index)
                                              : layout_.sideAngle(placement.facing->index)) *
                                         std::numbers::pi / 180;
                    const double r0 = size * 0.36, r1 = size * 0.46, spread = 0.18;
                    wxGraphicsPath tri = gc.CreatePath();
                    tri.MoveToPoint(p.x + r1 * std::cos(angle), p.y + r1 * std::sin(angle));
                    tri.AddLineToPoint(p.x + r0 * std::cos(angle - spread),
                                       p.y + r0 * std::sin(angle - spread));
                    tri.AddLineToPoint(p.x + r0 * std::cos(angle + spread),
                                       p.y + r0 * std::sin(angle + spread));
                    tri.CloseSubpath();
                    gc.SetBrush(facingBrush);
                    gc.FillPath(tri);
                }
            } else if (piece.kind == PieceKind::Commander) {
                const Headquarters* hq = s_.oob.find(HeadquartersId{piece.id});
                if (hq == nullptr) {
                    continue;
                }
                const double r = size * 0.15;
                const double cx = p.x + size * 0.25, cy = p.y - size * 0.25;
                gc.SetPen(commanderRing);
                gc.SetBrush(sideBrushes[sideIndex(hq->side)]);
                gc.DrawEllipse(cx - r, cy - r, 2 * r, 2 * r);
                if (detailed) {
                    gc.SetFont(commanderFont);
                    double tw = 0, th = 0;
                    const wxString mark(std::string(echelonMark(hq->echelon)));
                    gc.GetTextExtent(mark, &tw, &th);
                    gc.DrawText(mark, cx - tw / 2, cy - th / 2);
                }
            } else {
                auto it = s_.oob.trains.find(TrainId{piece.id});
                const Side side = it == s_.oob.trains.end()
                                      ? Side::Union
                                      : s_.oob.sideOf(it->second.corps).value_or(Side::Union);
                const double w = size * 0.36, h = size * 0.18, x = p.x - size * 0.3, y = p.y + size * 0.1;
                gc.SetPen(outline);
                gc.SetBrush(sideBrushes[sideIndex(side)]);
                gc.DrawRectangle(x, y, w, h);
                gc.SetBrush(*wxBLACK_BRUSH);
                const double r = h * 0.3;
                gc.DrawEllipse(x + w * 0.2 - r, y + h - r, 2 * r, 2 * r);
                gc.DrawEllipse(x + w * 0.8 - r, y + h - r, 2 * r, 2 * r);
            }
        }
    }
}

} // namespace sandtable
