// The natural style's towns, as a published map draws them: buildings shoulder to shoulder along
// both sides of the streets that run through the town (its roads and pikes, on their curves), and
// looser blocks over the rest of it, wherever the ground shows the town's terrain. Every choice
// (which lot is built, how large, which way it turns) is a hash of where it stands, so the same
// town draws the same in any view, tile, band or page.
#include "map_painter.hpp"

#include "natural_ground.hpp"
#include "terrain_symbols.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

namespace sandtable {
namespace {

// A number in [0, 1) from a few integers.
double hashOf(std::initializer_list<std::int64_t> parts) {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (const std::int64_t p : parts) {
        h ^= static_cast<std::uint64_t>(p) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    return static_cast<double>(h >> 11) / static_cast<double>(std::uint64_t{1} << 53);
}

// A point along a street and the street's direction there (a unit vector).
struct StreetPoint {
    Point at;
    Point along;
};

// Street frontage, in cells: a lot's width along the street, how far a building stands back
// from the street's edge, and how much of the frontage is built.
constexpr double lotWidth = 0.13, setback = 0.015, built = 0.88;

} // namespace

void MapPainter::drawNaturalTowns(cairo_t* cr, const NaturalGround& ground, MapRect visible, Offset first,
                                  Offset last) const {
    const Map& map = s_.map;
    const auto isTown = [&](int terrain) {
        return drawnAs(map.terrainTypes, terrain, TerrainSymbol::Buildings);
    };
    if (!anyDrawnAs(map.terrainTypes, TerrainSymbol::Buildings)) {
        return;
    }
    const double size = layout_.cellSize();
    const auto townAt = [&](Point p) {
        const std::optional<int> t = ground.terrainAt(p);
        return t.has_value() && isTown(*t);
    };
    // Streets near the view (two cells round it: a street just outside still keeps the scattered
    // blocks off itself), each stretch of a road or pike through a town cell.
    const auto near = [&](Offset c) {
        return c.col >= first.col - 2 && c.col <= last.col + 2 && c.row >= first.row - 2 &&
               c.row <= last.row + 2;
    };
    std::vector<Building> buildings;
    std::vector<StreetPoint> streets;
    for (const Path* route : pathsNear(first, last)) {
        const Path& path = *route;
        if (path.kind == PathKind::Railroad || path.cells.size() < 2) {
            continue;
        }
        const double halfWidth = size * routeWidth(path.kind) / 2;
        // The stretches (cell i to i + 1) near the view that touch a town.
        const std::vector<Offset>& cells = path.cells;
        const auto townStretch = [&](std::size_t i) {
            const Offset a = cells[i], b = cells[i + 1];
            return (near(a) || near(b)) &&
                   (isTown(map.terrain[map.grid.index(a)]) || isTown(map.terrain[map.grid.index(b)]));
        };
        // The curve as drawPaths has it, only where a town's stretches are.
        const std::optional<PathStretches> town = stretchesOf(layout_, cells, townStretch);
        if (!town) {
            continue;
        }
        for (std::size_t i = town->first; i <= town->last; ++i) {
            if (!townStretch(i)) {
                continue;
            }
            const Offset a = cells[i], b = cells[i + 1];
            const CubicPiece& piece = town->curve[i - town->from];
            const Point start = town->centres[i - town->from];
            // The stretch measured by its chords, then cut into whole lots.
            constexpr int samples = 24;
            std::array<double, samples + 1> length{};
            Point previous = start;
            for (int k = 1; k <= samples; ++k) {
                const Point p = piece.at(start, static_cast<double>(k) / samples).first;
                length[static_cast<std::size_t>(k)] =
                    length[static_cast<std::size_t>(k - 1)] + std::hypot(p.x - previous.x, p.y - previous.y);
                previous = p;
            }
            const int lots = std::max(1, static_cast<int>(std::lround(length[samples] / (lotWidth * size))));
            const double lot = length[samples] / lots;
            for (int n = 0; n < lots; ++n) {
                // The parameter where the lot's middle lies along the stretch.
                const double wanted = (n + 0.5) * lot;
                const auto k = static_cast<std::size_t>(
                    std::upper_bound(length.begin(), length.end(), wanted) - length.begin());
                const std::size_t k0 = std::clamp<std::size_t>(k, 1, samples) - 1;
                const double share = (wanted - length[k0]) / std::max(1e-12, length[k0 + 1] - length[k0]);
                const auto [at, tangent] = piece.at(start, (static_cast<double>(k0) + share) / samples);
                const double norm = std::hypot(tangent.x, tangent.y);
                if (norm <= 0) {
                    continue;
                }
                const Point along{tangent.x / norm, tangent.y / norm};
                streets.push_back({at, along});
                for (const int side : {-1, 1}) {
                    const double h1 = hashOf({a.col, a.row, b.col, b.row, n, side});
                    if (h1 >= built) {
                        continue; // an empty lot, a yard, a lane
                    }
                    const double h2 = hashOf({a.col, a.row, b.col, b.row, n, side, 7});
                    const double depth = size * (0.09 + 0.05 * h2);
                    const double back = halfWidth + size * setback + depth / 2;
                    const Point centre{at.x - along.y * side * back, at.y + along.x * side * back};
                    if (townAt(centre)) {
                        buildings.push_back(
                            {centre, lot * (0.7 + 0.22 * h1 / built), depth, std::atan2(along.y, along.x)});
                    }
                }
            }
        }
    }
    // Over the rest of the town, looser blocks, each kept off the streets and turned to the
    // nearest one's direction when it is close.
    const double reach = size * 0.2;
    const std::vector<Point> lots =
        ground.scatter(visible.x - reach, visible.y - reach, visible.x + visible.width + reach,
                       visible.y + visible.height + reach, size * 0.24, 0.3, 0.8, 4099u, isTown);
    for (const Point p : lots) {
        double nearest = std::numeric_limits<double>::infinity();
        const StreetPoint* street = nullptr;
        for (const StreetPoint& s : streets) {
            const double d = std::hypot(p.x - s.at.x, p.y - s.at.y);
            if (d < nearest) {
                nearest = d;
                street = &s;
            }
        }
        if (nearest < size * 0.3) {
            continue; // the street's own frontage is there
        }
        const auto key = [&](int salt) {
            return hashOf({std::llround(p.x / size * 1000), std::llround(p.y / size * 1000), salt});
        };
        const double angle = street != nullptr && nearest < size * 0.8
                                 ? std::atan2(street->along.y, street->along.x)
                                 : (key(1) - 0.5) * std::numbers::pi / 6;
        buildings.push_back({p, size * (0.09 + 0.06 * key(2)), size * (0.07 + 0.04 * key(3)), angle});
    }
    drawBuildings(cr, buildings);
}

} // namespace sandtable
