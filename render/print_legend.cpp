#include "print_legend.hpp"

#include "colours.hpp"
#include "map_painter.hpp"
#include "map_water.hpp"
#include "terrain_symbols.hpp"
#include "text.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>

#include <cairo.h>

namespace sandtable {
namespace {

constexpr double swatchW = 20, swatchH = 14, entryW = 118, rowH = 18;

void label(cairo_t* cr, double x, double y, double size, const std::string& t) {
    setSource(cr, Rgb{0, 0, 0});
    TextWriter(cr, Font{size}).drawOnBaseline(x, y, t);
}

struct Entry {
    std::string name;
    std::function<void(cairo_t*, double x, double y)> swatch; // draws in swatchW x swatchH at (x, y)
};

std::vector<Entry> entriesOf(const Scenario& s) {
    const Map& map = s.map;
    std::vector<Entry> out;
    std::vector<bool> used(map.terrainTypes.size(), false);
    for (TerrainIndex t : map.terrain) {
        used[t] = true;
    }
    for (std::size_t i = 0; i < map.terrainTypes.size(); ++i) {
        if (!used[i]) {
            continue;
        }
        const TerrainType type = map.terrainTypes[i];
        out.push_back({type.name, [type](cairo_t* cr, double x, double y) {
                           cairo_rectangle(cr, x, y, swatchW, swatchH);
                           setAreaSource(cr, type.colour);
                           cairo_fill(cr);
                           // The symbol as on a cell the swatch's height across, centred.
                           const SymbolSite site{{x + swatchW / 2, y + swatchH / 2}, 0x2du, std::nullopt};
                           cairo_save(cr);
                           cairo_rectangle(cr, x, y, swatchW, swatchH);
                           cairo_clip(cr);
                           drawTerrainSymbols(cr, type.symbol, {&site, 1}, swatchH * 1.25);
                           cairo_restore(cr);
                       }});
    }
    auto line = [](cairo_t* cr, double x, double y) {
        cairo_new_path(cr);
        cairo_move_to(cr, x + 1, y + swatchH / 2);
        cairo_line_to(cr, x + swatchW - 1, y + swatchH / 2);
    };
    bool contours = false;
    for (int row = 0; row < map.grid.rows() && !contours; ++row) {
        for (int col = 0; col < map.grid.cols() && !contours; ++col) {
            for (int d = 0; d < map.grid.sideCount() / 2 && !contours; ++d) {
                const Offset n = map.grid.neighbor({col, row}, d);
                contours = map.grid.contains(n) && map.elevationAt(n) != map.elevationAt({col, row});
            }
        }
    }
    if (contours) {
        out.push_back({"Contour, " + std::to_string(map.feetPerContour) + " ft",
                       [line](cairo_t* cr, double x, double y) {
                           line(cr, x, y);
                           strokeWith(cr, Rgb{140, 90, 40}, 1);
                       }});
    }
    for (PathKind kind : {PathKind::Road, PathKind::Pike, PathKind::Railroad}) {
        if (std::ranges::none_of(map.paths, [&](const auto& p) { return p.second.kind == kind; })) {
            continue;
        }
        const std::string name = kind == PathKind::Road   ? "Road"
                                 : kind == PathKind::Pike ? "Pike"
                                                          : "Railroad";
        out.push_back({name, [kind, line](cairo_t* cr, double x, double y) {
                           line(cr, x, y);
                           strokeRoute(cr, kind, swatchH * 1.6);
                           if (kind == PathKind::Railroad) {
                               for (double t = x + 4; t < x + swatchW - 2; t += 4) {
                                   cairo_move_to(cr, t, y + swatchH / 2 - 2);
                                   cairo_line_to(cr, t, y + swatchH / 2 + 2);
                               }
                               strokeWith(cr, pathColour(kind), 0.6);
                           }
                       }});
    }
    auto anySide = [&](auto pred) {
        return std::ranges::any_of(map.hexsides, [&](const auto& h) { return pred(h.second); });
    };
    for (const bool river : {true, false}) {
        if (!anySide(
                [&](const Hexside& h) { return h.has(river ? SideFeature::River : SideFeature::Stream); })) {
            continue;
        }
        out.push_back({river ? "River" : "Stream", [river](cairo_t* cr, double x, double y) {
                           const std::vector<std::vector<Point>> l{
                               {{x + 2, y + swatchH / 2}, {x + swatchW - 2, y + swatchH / 2}}};
                           strokeWater(cr, river ? l : std::vector<std::vector<Point>>{},
                                       river ? std::vector<std::vector<Point>>{} : l, swatchH * 1.3);
                       }});
    }
    for (const auto& [feature, name, colour, dashed] :
         {std::tuple{SideFeature::Wall, "Stone wall", Rgb{90, 90, 90}, false},
          std::tuple{SideFeature::Fence, "Fence", Rgb{120, 80, 40}, true}}) {
        if (!anySide([&](const Hexside& h) { return h.has(feature); })) {
            continue;
        }
        out.push_back({name, [=](cairo_t* cr, double x, double y) {
                           line(cr, x, y);
                           const double dash = 2.5;
                           cairo_set_dash(cr, &dash, dashed ? 1 : 0, 0);
                           strokeWith(cr, colour, dashed ? 1.2 : 1.8);
                           cairo_set_dash(cr, nullptr, 0, 0);
                       }});
    }
    const bool bridges =
        anySide([](const Hexside& h) { return h.crossing == Crossing::Bridge; }) ||
        std::ranges::any_of(map.paths, [&](const auto& p) { return !bridgedSides(map, p.second).empty(); });
    if (bridges) {
        out.push_back(
            {"Bridge", [](cairo_t* cr, double x, double y) {
                 const std::pair<Point, Point> side{{x + swatchW / 2, y}, {x + swatchW / 2, y + swatchH}};
                 strokeWater(cr, {{side.first, side.second}}, {}, swatchH);
                 drawBridge(cr, side, swatchH * 1.4, true, true);
             }});
    }
    if (anySide([](const Hexside& h) { return h.crossing == Crossing::Ford; })) {
        out.push_back(
            {"Ford", [](cairo_t* cr, double x, double y) {
                 const std::pair<Point, Point> side{{x + swatchW / 2, y}, {x + swatchW / 2, y + swatchH}};
                 strokeWater(cr, {{side.first, side.second}}, {}, swatchH);
                 drawFord(cr, side, swatchH * 1.4);
             }});
    }
    auto anyFeature = [&](FeatureKind kind) {
        return std::ranges::any_of(map.features, [&](const auto& f) { return f.second.kind == kind; });
    };
    if (anyFeature(FeatureKind::Objective)) {
        out.push_back({"Objective", [](cairo_t* cr, double x, double y) {
                           addStar(cr, {x + swatchW / 2, y + swatchH / 2}, 6.5);
                           setSource(cr, objectiveColour(std::nullopt));
                           cairo_fill_preserve(cr);
                           strokeWith(cr, Rgb{20, 20, 20}, 0.6);
                       }});
    }
    return out;
}

} // namespace

std::vector<std::string> legendEntries(const Scenario& s) {
    std::vector<std::string> names;
    for (const Entry& e : entriesOf(s)) {
        names.push_back(e.name);
    }
    return names;
}

double drawLegend(cairo_t* cr, const Scenario& s, double x, double y, double width) {
    const std::vector<Entry> entries = entriesOf(s);
    const int perRow = std::max(1, static_cast<int>(width / entryW));
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const double ex = x + static_cast<double>(static_cast<int>(i) % perRow) * entryW;
        const double ey = y + static_cast<double>(static_cast<int>(i) / perRow) * rowH;
        cairo_save(cr);
        entries[i].swatch(cr, ex, ey);
        cairo_restore(cr);
        cairo_new_path(cr);
        cairo_rectangle(cr, ex, ey, swatchW, swatchH);
        strokeWith(cr, Rgb{90, 90, 90}, 0.4);
        std::string name = entries[i].name;
        if (name.size() > 24) {
            name = name.substr(0, 23) + "...";
        }
        label(cr, ex + swatchW + 4, ey + swatchH - 3.5, 7, name);
    }
    const int rows = (static_cast<int>(entries.size()) + perRow - 1) / perRow;
    return rows * rowH;
}

double drawScaleBar(cairo_t* cr, double x, double y, double maxWidth, double yardsPerPoint) {
    // The longest round length that fits: 100, 200, 250, 500 yards, 1, 2, 5 miles' worth...
    double yards = 0;
    for (double candidate :
         {50.0, 100.0, 200.0, 250.0, 500.0, 1000.0, 2000.0, 2500.0, 5000.0, 10000.0, 20000.0}) {
        if (candidate / yardsPerPoint <= maxWidth) {
            yards = candidate;
        }
    }
    if (yards == 0) {
        label(cr, x, y + 8, 7, "the scale bar would be longer than the page");
        return 0;
    }
    const double length = yards / yardsPerPoint;
    constexpr int segments = 4;
    const double h = 4;
    for (int i = 0; i < segments; ++i) {
        cairo_rectangle(cr, x + length * i / segments, y, length / segments, h);
        setSource(cr, i % 2 == 0 ? Rgb{0, 0, 0} : Rgb{255, 255, 255});
        cairo_fill_preserve(cr);
        strokeWith(cr, Rgb{0, 0, 0}, 0.5);
    }
    char end[64];
    std::snprintf(end, sizeof end, "%.0f yards", yards);
    char half[32];
    std::snprintf(half, sizeof half, "%.0f", yards / 2);
    label(cr, x - 2, y + h + 8, 6.5, "0");
    label(cr, x + length / 2 - 6, y + h + 8, 6.5, half);
    label(cr, x + length - 8, y + h + 8, 6.5, end);
    return length;
}

} // namespace sandtable
