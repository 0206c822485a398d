#include "terrain_symbols.hpp"

#include "circle_glyphs.hpp"
#include "colours.hpp"
#include "raster_stamps.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <vector>

#include <cairo.h>

namespace sandtable {
namespace {

// Six places around the centre, clear of a counter's middle, where crowns, tufts and rocks go.
Point around(Point c, double size, int k, double distance = 0.27) {
    const double a = std::numbers::pi / 6 + k * std::numbers::pi / 3;
    return {c.x + distance * size * std::cos(a), c.y + distance * size * std::sin(a)};
}

// On a picture or the screen, four cubic quarters: the same circle cairo_arc draws without its trigonometry
// per call (a quarter of a 50% frame). In a PDF or SVG, cairo_arc: it sets as few segments as the device's
// tolerance needs, which keeps a print of thousands of crowns a tenth smaller.
void circle(cairo_t* cr, Point p, double r) {
    const cairo_surface_type_t target = cairo_surface_get_type(cairo_get_target(cr));
    if (target == CAIRO_SURFACE_TYPE_PDF || target == CAIRO_SURFACE_TYPE_SVG ||
        target == CAIRO_SURFACE_TYPE_PS) {
        cairo_new_sub_path(cr);
        cairo_arc(cr, p.x, p.y, r, 0, 2 * std::numbers::pi);
        return;
    }
    const double k = r * 0.5523;
    cairo_move_to(cr, p.x + r, p.y);
    cairo_curve_to(cr, p.x + r, p.y + k, p.x + k, p.y + r, p.x, p.y + r);
    cairo_curve_to(cr, p.x - k, p.y + r, p.x - r, p.y + k, p.x - r, p.y);
    cairo_curve_to(cr, p.x - r, p.y - k, p.x - k, p.y - r, p.x, p.y - r);
    cairo_curve_to(cr, p.x + k, p.y - r, p.x + r, p.y - k, p.x + r, p.y);
    cairo_close_path(cr);
}

// A crown symbol's green and how opaque it is: translucent, so the elevation tint shows through.
struct CrownInk {
    Rgb colour;
    double alpha = 1;
};
CrownInk crownInk(TerrainSymbol symbol) {
    switch (symbol) {
    case TerrainSymbol::Orchard:
        return {Rgb{40, 80, 30}, 0.8};
    case TerrainSymbol::DenseTrees:
        return {Rgb{20, 60, 20}, 0.5};
    default:
        return {Rgb{20, 60, 20}, 0.4};
    }
}

// A wood's crowns' outline: its width as a part of a cell, its ink.
constexpr double crownOutline = 0.012;
constexpr Rgb crownOutlineInk{15, 45, 15};
constexpr double crownOutlineAlpha = 0.75;

// Fills the current path as `symbol`'s crowns, woods' crowns outlined when `outlined`.
void inkCrowns(cairo_t* cr, TerrainSymbol symbol, double size, bool outlined) {
    const CrownInk ink = crownInk(symbol);
    setSource(cr, ink.colour, ink.alpha);
    if (outlined && symbol != TerrainSymbol::Orchard) {
        cairo_fill_preserve(cr);
        strokeWith(cr, crownOutlineInk, size * crownOutline, crownOutlineAlpha);
    } else {
        cairo_fill(cr);
    }
}

// The crowns as one path of circles, inked by `ink` (filled, stroked or both).
template <class SizeOf, class Radius, class Ink>
void crownPaths(cairo_t* cr, std::span<const Point> centres, const SizeOf& sizeOf, const Radius& radius,
                const Ink& ink) {
    cairo_save(cr);
    cairo_new_path(cr);
    for (const Point& p : centres) {
        circle(cr, p, radius(sizeOf(p)));
    }
    ink();
    cairo_restore(cr);
}

// On a raster, crowns are stamps, one for each of their sizes (render/raster_stamps): a wood on a
// 1080p view at 25 % has some ten thousand, and a printed map's woods as paths took two fifths of its
// picture's time. Their coverage is gathered and inked once (StampCoverage), so where crowns overlap
// they are one canopy, as one path of them is, and not their translucent green laid twice; their
// outlines likewise. False when `cr` takes no stamps: then paths.
template <class SizeOf, class Radius>
bool drawCrownStamps(cairo_t* cr, TerrainSymbol symbol, std::span<const Point> centres, const SizeOf& sizeOf,
                     const Radius& radius, double size, bool outlined) {
    auto coverage = StampCoverage::forTarget(cr);
    if (!coverage) {
        return false;
    }
    // Rounder when large (printed): a 16-sided crown of 16 pixels strays a third of a pixel.
    const std::size_t sides = outlined ? 32 : 16;
    const auto stamps = [&](bool ring) {
        std::vector<std::optional<ShapeStamps>> bySize;
        for (unsigned k = 0; k < 3; ++k) {
            std::vector<Point> points;
            for (std::size_t i = 0; i <= sides; ++i) {
                if (i == sides && !ring) {
                    break; // a filled polygon closes itself; a stroked ring comes back to its start
                }
                const double a = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(sides);
                points.push_back({radius(k) * std::cos(a), radius(k) * std::sin(a)});
            }
            bySize.push_back(
                ShapeStamps::forTarget(cr, points, ring ? size * crownOutline : 0, ShapeStamps::Ink::AsLine));
        }
        return bySize;
    };
    const auto gather = [&](std::vector<std::optional<ShapeStamps>>& bySize) {
        if (std::ranges::any_of(bySize, [](const auto& s) { return !s; })) {
            return false;
        }
        for (const Point& p : centres) {
            coverage->add(*bySize[sizeOf(p)], p);
        }
        return true;
    };
    auto crowns = stamps(false);
    if (!gather(crowns)) {
        return false;
    }
    const CrownInk ink = crownInk(symbol);
    coverage->ink(ink.colour, ink.alpha, false);
    if (outlined && symbol != TerrainSymbol::Orchard) {
        auto rings = stamps(true);
        if (gather(rings)) {
            coverage->ink(crownOutlineInk, crownOutlineAlpha, false);
        } else {
            // The crowns are there: their outlines alone as paths.
            crownPaths(cr, centres, sizeOf, radius,
                       [&] { strokeWith(cr, crownOutlineInk, size * crownOutline, crownOutlineAlpha); });
        }
    }
    return true;
}

// On paper, crowns are glyphs (render/circle_glyphs): a place each, not a path of curves. False
// when `cr` takes none: then paths.
template <class SizeOf, class Radius>
bool drawCrownGlyphs(cairo_t* cr, TerrainSymbol symbol, std::span<const Point> centres, const SizeOf& sizeOf,
                     const Radius& radius, double size, bool outlined) {
    if (!takesCircleGlyphs(cr)) {
        return false;
    }
    std::vector<double> radii;
    radii.reserve(centres.size());
    for (const Point& p : centres) {
        radii.push_back(radius(sizeOf(p)));
    }
    const CrownInk ink = crownInk(symbol);
    setSource(cr, ink.colour, 1);
    if (!fillCircleGlyphs(cr, centres, radii, 0, ink.alpha)) {
        return false;
    }
    if (outlined && symbol != TerrainSymbol::Orchard) {
        setSource(cr, crownOutlineInk, 1);
        if (!fillCircleGlyphs(cr, centres, radii, size * crownOutline, crownOutlineAlpha)) {
            // The crowns are there: their outlines alone as paths.
            crownPaths(cr, centres, sizeOf, radius,
                       [&] { strokeWith(cr, crownOutlineInk, size * crownOutline, crownOutlineAlpha); });
        }
    }
    return true;
}

// Roofs: dark, a little translucent so the ground's tint shows through.
constexpr Rgb buildingInk{70, 50, 40};
constexpr double buildingAlpha = 0.85;

// A rectangle w x h centred on p and turned by `angle`.
void block(cairo_t* cr, Point p, double w, double h, double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    auto at = [&](double u, double v) { return Point{p.x + u * c - v * s, p.y + u * s + v * c}; };
    const std::array<Point, 4> q{at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)};
    cairo_move_to(cr, q[0].x, q[0].y);
    for (std::size_t i = 1; i < q.size(); ++i) {
        cairo_line_to(cr, q[i].x, q[i].y);
    }
    cairo_close_path(cr);
}

// A tuft of reeds or brush: strokes fanning up from one base.
void tuft(cairo_t* cr, Point base, double length, int blades) {
    for (int i = 0; i < blades; ++i) {
        const double a = -std::numbers::pi / 2 + (i - (blades - 1) / 2.0) * 0.45;
        cairo_move_to(cr, base.x, base.y);
        cairo_line_to(cr, base.x + length * std::cos(a), base.y + length * std::sin(a));
    }
}

} // namespace

unsigned symbolVariant(Offset cell) {
    const auto h = static_cast<unsigned>(cell.col) * 73856093u ^ static_cast<unsigned>(cell.row) * 19349663u;
    return (h ^ (h >> 13)) * 0x5bd1e995u >> 7;
}

std::optional<unsigned> symbolPattern(TerrainSymbol symbol, const SymbolSite& site) {
    // Each case reads what the same case of drawTerrainSymbols reads from the site.
    switch (symbol) {
    case TerrainSymbol::None:
    case TerrainSymbol::Orchard:
    case TerrainSymbol::DenseTrees:
        return 0;
    case TerrainSymbol::Trees:
    case TerrainSymbol::Scrub:
        return site.variant & 0x3fu; // which of the six places, and how far out
    case TerrainSymbol::Crops:
    case TerrainSymbol::Marsh:
    case TerrainSymbol::Water:
        return site.variant & 1u; // slant, which three places, which waves are shifted
    case TerrainSymbol::Buildings:
        return site.roadAngle ? std::nullopt : std::optional<unsigned>(0);
    case TerrainSymbol::Rocks:
        return std::nullopt; // five numbers from the variant: hundreds of patterns
    }
    return std::nullopt;
}

void drawTerrainSymbols(cairo_t* cr, TerrainSymbol symbol, std::span<const SymbolSite> sites, double size,
                        bool outlined) {
    if (sites.empty() || symbol == TerrainSymbol::None) {
        return;
    }
    cairo_save(cr);
    cairo_new_path(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    switch (symbol) {
    case TerrainSymbol::None:
        break;
    case TerrainSymbol::Trees:
    case TerrainSymbol::DenseTrees: {
        // Crowns: three of the six places in open woods (which three varies), all six and the
        // middle in dense woods; translucent, so the elevation tint shows through.
        const bool dense = symbol == TerrainSymbol::DenseTrees;
        const double r = size * (dense ? 0.115 : 0.1);
        for (const SymbolSite& s : sites) {
            for (int k = 0; k < 6; ++k) {
                if (dense || ((s.variant >> k) & 1u) != 0 || (k == 0 && (s.variant & 0x3fu) == 0)) {
                    circle(cr, around(s.centre, size, k), r);
                }
            }
            if (dense) {
                circle(cr, {s.centre.x, s.centre.y - size * 0.02}, r);
            }
        }
        inkCrowns(cr, symbol, size, outlined);
        break;
    }
    case TerrainSymbol::Orchard:
        // Trees in rows: a 3 x 3 grid of small round crowns.
        for (const SymbolSite& s : sites) {
            for (int i = -1; i <= 1; ++i) {
                for (int j = -1; j <= 1; ++j) {
                    circle(cr, {s.centre.x + i * size * 0.22, s.centre.y + j * size * 0.22}, size * 0.045);
                }
            }
        }
        inkCrowns(cr, symbol, size, outlined);
        break;
    case TerrainSymbol::Crops:
        // Furrows: parallel strokes, slanting one way or the other from field to field.
        for (const SymbolSite& s : sites) {
            const double a = (s.variant & 1u) != 0 ? std::numbers::pi / 9 : -std::numbers::pi / 9;
            const double dx = std::cos(a), dy = std::sin(a);
            for (int i = -2; i <= 2; ++i) {
                const Point m{s.centre.x - dy * i * size * 0.08, s.centre.y + dx * i * size * 0.08};
                const double half = size * (0.3 - 0.03 * std::abs(i));
                cairo_move_to(cr, m.x - dx * half, m.y - dy * half);
                cairo_line_to(cr, m.x + dx * half, m.y + dy * half);
            }
        }
        strokeWith(cr, Rgb{120, 100, 40}, size * 0.014, 0.65);
        break;
    case TerrainSymbol::Buildings:
        // Blocks along the road through the cell, both sides of it; a square of blocks elsewhere.
        for (const SymbolSite& s : sites) {
            const double a = s.roadAngle.value_or(0);
            const double c = std::cos(a), sn = std::sin(a);
            for (const auto& [along, across] :
                 s.roadAngle ? std::array<std::pair<double, double>, 4>{{{-0.2, -0.16},
                                                                         {0.2, -0.16},
                                                                         {-0.2, 0.16},
                                                                         {0.2, 0.16}}}
                             : std::array<std::pair<double, double>, 4>{
                                   {{-0.14, -0.14}, {0.14, -0.14}, {-0.14, 0.14}, {0.14, 0.14}}}) {
                const Point p{s.centre.x + (along * c - across * sn) * size,
                              s.centre.y + (along * sn + across * c) * size};
                block(cr, p, size * 0.16, size * 0.1, a);
            }
        }
        fillWith(cr, buildingInk, buildingAlpha);
        break;
    case TerrainSymbol::Marsh:
        // Reed tufts over short water lines at three of the places.
        for (const SymbolSite& s : sites) {
            for (int k = static_cast<int>(s.variant % 2); k < 6; k += 2) {
                const Point b = around(s.centre, size, k);
                tuft(cr, b, size * 0.09, 3);
                cairo_move_to(cr, b.x - size * 0.08, b.y + size * 0.02);
                cairo_line_to(cr, b.x + size * 0.08, b.y + size * 0.02);
            }
        }
        strokeWith(cr, Rgb{30, 80, 80}, size * 0.013, 0.85);
        break;
    case TerrainSymbol::Rocks:
        // Boulders: small irregular polygons at four of the places.
        for (const SymbolSite& s : sites) {
            for (int k = 0; k < 6; ++k) {
                if (k == static_cast<int>(s.variant % 6) || k == static_cast<int>((s.variant / 6) % 6)) {
                    continue;
                }
                const Point p = around(s.centre, size, k);
                for (int i = 0; i < 5; ++i) {
                    const double a = i * 2 * std::numbers::pi / 5 + (s.variant % 7) * 0.3;
                    const double r = size * (0.05 + 0.015 * ((s.variant >> i) & 1u));
                    i == 0 ? cairo_move_to(cr, p.x + r * std::cos(a), p.y + r * std::sin(a))
                           : cairo_line_to(cr, p.x + r * std::cos(a), p.y + r * std::sin(a));
                }
                cairo_close_path(cr);
            }
        }
        if (outlined) {
            setSource(cr, Rgb{150, 145, 130}, 0.95);
            cairo_fill_preserve(cr);
            strokeWith(cr, Rgb{50, 45, 40}, size * 0.012, 0.9);
        } else {
            fillWith(cr, Rgb{90, 85, 75}, 0.95);
        }
        break;
    case TerrainSymbol::Scrub:
        // Small tufts at every place.
        for (const SymbolSite& s : sites) {
            for (int k = 0; k < 6; ++k) {
                tuft(cr, around(s.centre, size, k, 0.25 + 0.05 * ((s.variant >> k) & 1u)), size * 0.06, 3);
            }
        }
        strokeWith(cr, Rgb{45, 65, 25}, size * 0.014, 0.85);
        break;
    case TerrainSymbol::Water:
        // Ripples: three short waves.
        for (const SymbolSite& s : sites) {
            for (int i = -1; i <= 1; ++i) {
                const double y = s.centre.y + i * size * 0.18,
                             x = s.centre.x + ((i + s.variant) % 2) * size * 0.08;
                cairo_move_to(cr, x - size * 0.16, y);
                cairo_curve_to(cr, x - size * 0.11, y - size * 0.05, x - size * 0.05, y - size * 0.05, x, y);
                cairo_curve_to(cr, x + size * 0.05, y + size * 0.05, x + size * 0.11, y + size * 0.05,
                               x + size * 0.16, y);
            }
        }
        strokeWith(cr, Rgb{240, 248, 255}, size * 0.014, 0.7);
        break;
    }
    cairo_restore(cr);
}

std::optional<CrownScatter> crownScatter(TerrainSymbol symbol) {
    // Open woods: crowns a fifth of a cell apart with a clearing in every third place; heavy woods
    // crowded; an orchard's trees in straight rows, as its cells draw them.
    switch (symbol) {
    case TerrainSymbol::Trees:
        return CrownScatter{0.19, 0.4, 0.65, 0.085};
    case TerrainSymbol::DenseTrees:
        return CrownScatter{0.16, 0.35, 1.0, 0.095};
    case TerrainSymbol::Orchard:
        return CrownScatter{0.22, 0.0, 1.0, 0.045};
    default:
        return std::nullopt;
    }
}

void drawCrowns(cairo_t* cr, TerrainSymbol symbol, std::span<const Point> centres, double size,
                bool outlined) {
    const std::optional<CrownScatter> scatter = crownScatter(symbol);
    if (!scatter || centres.empty()) {
        return;
    }
    const double r = scatter->radius * size;
    // A tree's size from where it stands: three sizes, a fifth apart, so no two woods repeat.
    const auto sizeOf = [&](Point p) {
        const auto h = static_cast<unsigned>(std::lround(p.x * 7.0 / size)) * 73856093u ^
                       static_cast<unsigned>(std::lround(p.y * 7.0 / size)) * 19349663u;
        return scatter->jitter > 0 ? h % 3u : 1u;
    };
    const auto radius = [&](unsigned grown) { return r * (0.8 + 0.2 * grown); };
    if (drawCrownStamps(cr, symbol, centres, sizeOf, radius, size, outlined) ||
        drawCrownGlyphs(cr, symbol, centres, sizeOf, radius, size, outlined)) {
        return;
    }
    crownPaths(cr, centres, sizeOf, radius, [&] { inkCrowns(cr, symbol, size, outlined); });
}

bool anyDrawnAs(std::span<const TerrainType> types, TerrainSymbol symbol) {
    return std::ranges::any_of(types, [&](const TerrainType& t) { return t.symbol == symbol; });
}

bool drawnAs(std::span<const TerrainType> types, int terrain, TerrainSymbol symbol) {
    return types[static_cast<std::size_t>(terrain)].symbol == symbol;
}

void drawBuildings(cairo_t* cr, std::span<const Building> buildings) {
    if (buildings.empty()) {
        return;
    }
    cairo_save(cr);
    cairo_new_path(cr);
    for (const Building& b : buildings) {
        block(cr, b.centre, b.length, b.depth, b.angle);
    }
    fillWith(cr, buildingInk, buildingAlpha);
    cairo_restore(cr);
}

} // namespace sandtable
