// Marks of the scenario on the map: towns, objectives, landings and entry points it names; lines of
// supply and reinforcement entries from its order of battle.
#include "map_painter.hpp"

#include "colours.hpp"
#include "map_scene.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include <cairo.h>

namespace sandtable {
namespace {

// An arrow pointing along `angle`, its middle at `centre`, `r` from middle to tip.
void arrow(cairo_t* cr, Point centre, double angle, double r) {
    auto at = [&](double along, double across) {
        return Point{centre.x + along * std::cos(angle) - across * std::sin(angle),
                     centre.y + along * std::sin(angle) + across * std::cos(angle)};
    };
    const Point points[] = {at(r, 0),        at(0, -r * 0.75), at(0, -r * 0.3), at(-r, -r * 0.3),
                            at(-r, r * 0.3), at(0, r * 0.3),   at(0, r * 0.75)};
    cairo_move_to(cr, points[0].x, points[0].y);
    for (std::size_t i = 1; i < std::size(points); ++i) {
        cairo_line_to(cr, points[i].x, points[i].y);
    }
    cairo_close_path(cr);
}

} // namespace

void addStar(cairo_t* cr, Point centre, double outer) {
    const double inner = outer * 0.42;
    for (int k = 0; k < 10; ++k) {
        const double a = -std::numbers::pi / 2 + k * std::numbers::pi / 5;
        const double radius = k % 2 == 0 ? outer : inner;
        const double x = centre.x + radius * std::cos(a), y = centre.y + radius * std::sin(a);
        k == 0 ? cairo_move_to(cr, x, y) : cairo_line_to(cr, x, y);
    }
    cairo_close_path(cr);
}

void MapPainter::arrangeMarkers(Scene& scene) const {
    const double size = scene.size;
    using Kind = Scene::MarkerKind;
    auto add = [&](Kind kind, Point centre, std::optional<Side> side, double half, double angle = 0) {
        scene.markers.push_back({kind, centre, side, angle, Box::around(centre, half, half)});
        scene.plan.markers.push_back(scene.markers.back().box);
    };
    auto where = [&](Offset c) { return "cell " + s_.map.grid.label(c); };
    for (const auto& [id, f] : s_.map.features) {
        const Point p = layout_.cellCenter(f.cell);
        if (!scene.visible.near(p, size * 3)) {
            continue;
        }
        Point anchor = p;
        double clear = size * 0.14;
        switch (f.kind) {
        case FeatureKind::Town:
            add(Kind::Town, p, f.side, size * 0.1);
            break;
        case FeatureKind::Objective:
            // A star at the cell's lower right, clear of a counter in the middle and the number at the top.
            anchor = {p.x + size * 0.25, p.y + size * 0.27};
            add(Kind::Objective, anchor, f.side, size * 0.12);
            break;
        case FeatureKind::Landing:
            anchor = {p.x - size * 0.26, p.y + size * 0.22};
            add(Kind::Landing, anchor, f.side, size * 0.11);
            break;
        case FeatureKind::EntryPoint:
            add(Kind::EntryPoint, p, f.side, size * 0.2);
            clear = size * 0.22;
            break;
        case FeatureKind::Label:
            clear = 0;
            break;
        }
        if (!f.name.empty()) {
            scene.words.push_back({f.name,
                                   f.kind == FeatureKind::Label ? LabelRole::MapLabel : LabelRole::PlaceName,
                                   anchor, clear, where(f.cell)});
        }
    }
    // Lines of supply and reinforcement entries: marks of the order of battle, in the side's colour
    // with what they are for ("LOS I Corps", "turn 3").
    if (size * scene.pixelsPerUnit < 12) {
        return;
    }
    for (const auto& [id, hq] : s_.oob.headquarters) {
        if (!hq.supplyCell || !s_.map.grid.contains(*hq.supplyCell)) {
            continue;
        }
        const Point p = layout_.cellCenter(*hq.supplyCell);
        if (!scene.visible.near(p, size * 2)) {
            continue;
        }
        const Point flag{p.x - size * 0.17, p.y - size * 0.07};
        add(Kind::SupplyFlag, flag, hq.side, size * 0.17);
        scene.markers.back().box = {flag.x - size * 0.16, flag.y - size * 0.22, flag.x + size * 0.17,
                                    flag.y + size * 0.22};
        scene.plan.markers.back() = scene.markers.back().box;
        if (scene.detailed) {
            // "LOS IX Corps": the formation's name without what a designer adds in brackets.
            const std::string name = hq.name.substr(0, hq.name.find(" ("));
            scene.words.push_back(
                {"LOS " + name, LabelRole::Caption, flag, size * 0.24, where(*hq.supplyCell)});
        }
    }
    // Entries by cell: several arrivals at one cell share one arrow.
    std::map<Offset, std::pair<Side, std::vector<int>>> entries;
    for (const auto& [piece, r] : s_.deployment.reinforcements) {
        // Only entries in view: a big battle's thousands of arrivals are not looked up each frame.
        if (!s_.map.grid.contains(r.entry) || !scene.visible.near(layout_.cellCenter(r.entry), size * 2)) {
            continue;
        }
        auto& [entrySide, turns] = entries[r.entry];
        entrySide = sideOf(s_.oob, piece).value_or(Side::Union);
        if (std::find(turns.begin(), turns.end(), r.turn) == turns.end()) {
            turns.push_back(r.turn);
        }
    }
    for (auto& [cell, entry] : entries) {
        const Point p = layout_.cellCenter(cell);
        if (!scene.visible.near(p, size * 2)) {
            continue;
        }
        // An arrow at the map's edge nearest the cell, pointing onto the map.
        const std::array<std::pair<double, double>, 4> edges{
            {{p.x, 0.0},
             {layout_.width() - p.x, std::numbers::pi},
             {p.y, std::numbers::pi / 2},
             {layout_.height() - p.y, -std::numbers::pi / 2}}};
        const auto nearest = std::ranges::min_element(edges, {}, &std::pair<double, double>::first);
        const double inward = nearest->second;
        Point centre{p.x - std::cos(inward) * size * 0.2, p.y - std::sin(inward) * size * 0.2};
        if (nearest == edges.begin() + 2) {
            centre.x -= size * 0.33; // on the top edge, beside the cell's number rather than over it
        }
        add(Kind::EntryArrow, centre, entry.first, size * 0.22, inward);
        if (scene.detailed) {
            std::sort(entry.second.begin(), entry.second.end());
            std::string turns;
            for (int t : entry.second) {
                turns += (turns.empty() ? "turn " : ", ") + std::to_string(t);
            }
            scene.words.push_back({turns, LabelRole::Caption, centre, size * 0.24, where(cell)});
        }
    }
}

void MapPainter::drawMarkers(cairo_t* cr, const Scene& scene, MapRect visible) const {
    const double size = scene.size;
    if (size * scene.pixelsPerUnit < 12) {
        return;
    }
    using Kind = Scene::MarkerKind;
    for (const Scene::Marker& m : scene.markers) {
        const Point p = m.centre;
        if (!visible.near(p, size)) {
            continue;
        }
        cairo_new_path(cr);
        switch (m.kind) {
        case Kind::Town: {
            const double r = size * 0.1;
            cairo_rectangle(cr, p.x - r, p.y - r, 2 * r, 2 * r);
            setSource(cr, Rgb{20, 20, 20});
            cairo_fill(cr);
            break;
        }
        case Kind::Objective:
            // A five-pointed star in the side's colour (red when it is both sides').
            addStar(cr, p, size * 0.12);
            setSource(cr, objectiveColour(m.side));
            cairo_fill_preserve(cr);
            strokeWith(cr, Rgb{20, 20, 20}, size * 0.015);
            break;
        case Kind::Landing: {
            // An anchor: a ring, a shank and a curved stock, in navy.
            const double r = size * 0.1;
            cairo_arc(cr, p.x, p.y - r * 0.75, r * 0.22, 0, 2 * std::numbers::pi);
            cairo_move_to(cr, p.x, p.y - r * 0.53);
            cairo_line_to(cr, p.x, p.y + r);
            cairo_move_to(cr, p.x - r * 0.45, p.y - r * 0.3);
            cairo_line_to(cr, p.x + r * 0.45, p.y - r * 0.3);
            cairo_move_to(cr, p.x - r * 0.8, p.y + r * 0.3);
            cairo_curve_to(cr, p.x - r * 0.7, p.y + r, p.x + r * 0.7, p.y + r, p.x + r * 0.8, p.y + r * 0.3);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
            strokeWith(cr, Rgb{30, 50, 120}, size * 0.03);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
            break;
        }
        case Kind::EntryPoint: {
            const double r = size * 0.1;
            cairo_move_to(cr, p.x - r * 2, p.y - r * 2);
            cairo_line_to(cr, p.x + r * 2, p.y);
            cairo_line_to(cr, p.x - r * 2, p.y + r * 2);
            cairo_close_path(cr);
            setSource(cr, m.side ? sideColour(*m.side) : Rgb{0, 0, 0});
            cairo_fill_preserve(cr);
            strokeWith(cr, Rgb{20, 20, 20}, size * 0.015);
            break;
        }
        case Kind::SupplyFlag: {
            // A pennant on a staff.
            const double x = p.x - size * 0.14, y = p.y - size * 0.2;
            cairo_move_to(cr, x, y);
            cairo_line_to(cr, x, y + size * 0.42);
            strokeWith(cr, Rgb{20, 20, 20}, size * 0.03);
            cairo_move_to(cr, x, y);
            cairo_line_to(cr, x + size * 0.3, y + size * 0.08);
            cairo_line_to(cr, x, y + size * 0.16);
            cairo_close_path(cr);
            setSource(cr, m.side ? sideColour(*m.side) : Rgb{0, 0, 0});
            cairo_fill_preserve(cr);
            strokeWith(cr, Rgb{20, 20, 20}, size * 0.03);
            break;
        }
        case Kind::EntryArrow:
            arrow(cr, p, m.angle, size * 0.2);
            setSource(cr, m.side ? sideColour(*m.side) : Rgb{0, 0, 0});
            cairo_fill_preserve(cr);
            strokeWith(cr, Rgb{20, 20, 20}, size * 0.02);
            break;
        }
    }
}

} // namespace sandtable
