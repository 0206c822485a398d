// The natural style's farmland (render/natural_fields): furrows laid in plots, parallel in each, only
// where the ground shows a field, the same in any region.
#include "model/layout.hpp"
#include "render/natural_fields.hpp"
#include "render/natural_ground.hpp"
#include "tests/render/map_picture.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <vector>

namespace sandtable {
namespace {

using Segment = std::pair<Point, Point>;

// A 20 x 16 map, open but for a field of 9 x 7 cells in its middle (terrain 1).
struct FieldMap {
    Scenario s = testing_support::plain(GridShape::HexFlat, 20, 16);
    Layout layout{s.map.grid, 100};
    NaturalGround::Options options;
    FieldMap() {
        for (int row = 4; row < 11; ++row) {
            for (int col = 5; col < 14; ++col) {
                s.map.terrain[s.map.grid.index({col, row})] = 1;
            }
        }
        options.samplesPerCell = 6;
        options.elevation = false;
    }
    std::vector<Segment> furrows(double left, double top, double right, double bottom) const {
        const NaturalGround ground(s.map, layout, left, top, right, bottom, options);
        return fieldFurrows(ground, layout.cellSize(), left, top, right, bottom,
                            [](int terrain) { return terrain == 1; });
    }
};

double length(const Segment& f) {
    return std::hypot(f.second.x - f.first.x, f.second.y - f.first.y);
}

TEST(NaturalFields, FurrowsLieOnlyWhereTheGroundShowsAField) {
    const FieldMap m;
    const NaturalGround ground(m.s.map, m.layout, 0, 0, m.layout.width(), m.layout.height(), m.options);
    const std::vector<Segment> furrows = m.furrows(0, 0, m.layout.width(), m.layout.height());
    ASSERT_GT(furrows.size(), 50U);
    double total = 0;
    for (const Segment& f : furrows) {
        total += length(f);
        // Every point along it, but the ends' half a step, is on the field.
        const double len = length(f), step = 0.085 * 100 / 2;
        for (double t = step / 2; t < len - step / 2; t += 1) {
            const Point p{f.first.x + (f.second.x - f.first.x) * t / len,
                          f.first.y + (f.second.y - f.first.y) * t / len};
            ASSERT_EQ(ground.terrainAt(p).value_or(-1), 1)
                << "a furrow off the field at " << p.x << ", " << p.y;
        }
    }
    // The field of 63 hexes (6,500 square units each, 100 across) holds furrows 8.5 units apart:
    // some 63 * 6,500 / 8.5 units of them, less the plots' margins and the field's ragged edge.
    EXPECT_GT(total, 63 * 6'500 / 8.5 * 0.5);
    EXPECT_LT(total, 63 * 6'500 / 8.5 * 1.2);
}

TEST(NaturalFields, EachPlotsFurrowsAreParallelAndPlotsTurnThemDifferently) {
    const FieldMap m;
    const std::vector<Segment> furrows = m.furrows(0, 0, m.layout.width(), m.layout.height());
    std::set<long> directions;
    for (const Segment& f : furrows) {
        if (length(f) < 5) {
            continue;
        }
        // Degrees, folded to 0..180.
        double a = std::atan2(f.second.y - f.first.y, f.second.x - f.first.x) * 180 / std::numbers::pi;
        a = std::fmod(a + 360, 180);
        directions.insert(std::lround(a));
    }
    // Four angles at most (20, 70, 110 and 160 degrees), and the field's plots use more than one.
    EXPECT_GE(directions.size(), 2U);
    for (long d : directions) {
        EXPECT_TRUE(d == 20 || d == 70 || d == 110 || d == 160) << d;
    }
}

// A band of a picture lays the part of each furrow it holds: the halves' furrows together are the
// whole's.
TEST(NaturalFields, AnyRegionLaysTheSameFurrows) {
    const FieldMap m;
    const double w = m.layout.width(), h = m.layout.height(), cut = h * 0.47;
    const std::vector<Segment> whole = m.furrows(0, 0, w, h);
    std::vector<Segment> halves = m.furrows(0, 0, w, cut);
    const std::vector<Segment> lower = m.furrows(0, cut, w, h);
    halves.insert(halves.end(), lower.begin(), lower.end());
    const auto onSome = [&](Point p) {
        return std::ranges::any_of(halves, [&](const Segment& f) {
            const double dx = f.second.x - f.first.x, dy = f.second.y - f.first.y, len2 = dx * dx + dy * dy;
            const double t = std::clamp(((p.x - f.first.x) * dx + (p.y - f.first.y) * dy) / len2, 0.0, 1.0);
            return std::hypot(f.first.x + dx * t - p.x, f.first.y + dy * t - p.y) < 1e-6;
        });
    };
    int checked = 0;
    for (const Segment& f : whole) {
        const Point middle{(f.first.x + f.second.x) / 2, (f.first.y + f.second.y) / 2};
        EXPECT_TRUE(onSome(middle)) << middle.x << ", " << middle.y;
        ++checked;
    }
    EXPECT_GT(checked, 50);
}

} // namespace
} // namespace sandtable
