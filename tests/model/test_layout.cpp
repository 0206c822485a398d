#include "model/layout.hpp"
#include "model/map.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace sandtable {
namespace {

class LayoutProperties : public testing::TestWithParam<GridShape> {};

TEST_P(LayoutProperties, CellAtInvertsCellCenterAndCornersStayInside) {
    for (OffsetParity parity : {OffsetParity::Odd, OffsetParity::Even}) {
        const Grid grid(Grid::Parameters{GetParam(), parity, 9, 7, 1});
        const Layout layout(grid, 60);
        for (int row = 0; row < grid.rows(); ++row) {
            for (int col = 0; col < grid.cols(); ++col) {
                const Offset c{col, row};
                const Point p = layout.cellCenter(c);
                EXPECT_EQ(layout.cellAt(p), c);
                // A point just inside each corner belongs to the cell too.
                for (const Point& k : layout.corners(c)) {
                    const Point inside{p.x + (k.x - p.x) * 0.9, p.y + (k.y - p.y) * 0.9};
                    EXPECT_EQ(layout.cellAt(inside), c);
                }
                EXPECT_GE(p.x, 0);
                EXPECT_GE(p.y, 0);
                EXPECT_LE(p.x, layout.width());
                EXPECT_LE(p.y, layout.height());
            }
        }
        EXPECT_FALSE(layout.cellAt({-5, -5}));
        EXPECT_FALSE(layout.cellAt({layout.width() + 5, layout.height() + 5}));
    }
}

// nearestCell against every cell's centre, on and off the map: what an import off its raster and a
// resize's added ground give a point.
TEST_P(LayoutProperties, TheNearestCellIsTheOneWhoseCentreIsNearest) {
    const Grid grid(Grid::Parameters{GetParam(), OffsetParity::Odd, 9, 7, 1});
    const Layout layout(grid, 60);
    const auto distance2 = [&](Offset c, Point p) {
        const Point k = layout.cellCenter(c);
        return (k.x - p.x) * (k.x - p.x) + (k.y - p.y) * (k.y - p.y);
    };
    for (double y = -130; y <= layout.height() + 130; y += 17) {
        for (double x = -130; x <= layout.width() + 130; x += 17) {
            const Point p{x, y};
            const Offset found = layout.nearestCell(p);
            ASSERT_TRUE(grid.contains(found));
            double best = 1e300;
            for (std::size_t i = 0; i < grid.cellCount(); ++i) {
                best = std::min(best, distance2(grid.offsetAt(i), p));
            }
            EXPECT_NEAR(distance2(found, p), best, 1e-6) << "at " << x << ", " << y;
        }
    }
}

TEST_P(LayoutProperties, NeighbouringCentresAreOneCellSizeApart) {
    const Grid grid(Grid::Parameters{GetParam(), OffsetParity::Odd, 9, 7, 1});
    const Layout layout(grid, 60);
    const Offset c{4, 3};
    for (Offset n : grid.neighbors(c)) {
        const Point a = layout.cellCenter(c), b = layout.cellCenter(n);
        EXPECT_NEAR(std::hypot(a.x - b.x, a.y - b.y), 60.0, 1e-9);
    }
}

TEST_P(LayoutProperties, CornersLieOneRadiusFromTheCentre) {
    const Grid grid(Grid::Parameters{GetParam(), OffsetParity::Odd, 9, 7, 1});
    const Layout layout(grid, 60);
    const Point centre = layout.cellCenter({4, 3});
    for (const Point& k : layout.corners({4, 3})) {
        EXPECT_NEAR(std::hypot(k.x - centre.x, k.y - centre.y), layout.radius(), 1e-9);
    }
    EXPECT_GT(layout.radius(), 29.0);
}

TEST_P(LayoutProperties, AnEdgeSegmentIsTheSameFromBothSides) {
    const Grid grid(Grid::Parameters{GetParam(), OffsetParity::Even, 9, 7, 1});
    const Layout layout(grid, 60);
    const Offset c{4, 3};
    for (int d = 0; d < grid.sideCount(); ++d) {
        // The segment of the side, computed from the cell itself (not via the canonical id).
        const Point a = layout.corner(c, d - 1 + grid.sideCount()), b = layout.corner(c, d);
        auto [p, q] = layout.edgeSegment(grid.edge(c, d));
        const bool same =
            (std::hypot(a.x - p.x, a.y - p.y) < 1e-6 && std::hypot(b.x - q.x, b.y - q.y) < 1e-6) ||
            (std::hypot(a.x - q.x, a.y - q.y) < 1e-6 && std::hypot(b.x - p.x, b.y - p.y) < 1e-6);
        EXPECT_TRUE(same) << "side " << d;
        // The side's midpoint lies in the direction of the neighbour.
        const Point centre = layout.cellCenter(c), other = layout.cellCenter(grid.neighbor(c, d));
        const Point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
        EXPECT_NEAR(mid.x, (centre.x + other.x) / 2, 1e-6);
        EXPECT_NEAR(mid.y, (centre.y + other.y) / 2, 1e-6);
    }
}

INSTANTIATE_TEST_SUITE_P(AllShapes, LayoutProperties,
                         testing::Values(GridShape::HexFlat, GridShape::HexPointy, GridShape::Square));

} // namespace

TEST(Layout, MapSizeMatchesTheHexFormulas) {
    // Flat-top, 20 x 20, across-flats 60: width 20 columns of 1.5 R plus 0.5 R, height 20.5 rows.
    const Grid grid(Grid::Parameters{GridShape::HexFlat, OffsetParity::Odd, 20, 20, 1});
    const Layout layout(grid, 60);
    const double r = 60 / std::sqrt(3.0);
    EXPECT_NEAR(layout.width(), 20 * 1.5 * r + 0.5 * r, 1e-6);
    EXPECT_NEAR(layout.height(), 20.5 * 60, 1e-6);
}

} // namespace sandtable

namespace sandtable {

TEST(BackgroundImage, TwoPointAlignmentMapsBothPointsAndRoundTrips) {
    BackgroundImage b;
    b.file = "scan.png";
    b.opacity = 0.3;
    const BackgroundImage aligned = b.alignedBy(100, 200, 3.5, 4.0, 900, 260, 20.0, 9.0);
    auto [x1, y1] = aligned.toMap(100, 200);
    auto [x2, y2] = aligned.toMap(900, 260);
    EXPECT_NEAR(x1, 3.5, 1e-9);
    EXPECT_NEAR(y1, 4.0, 1e-9);
    EXPECT_NEAR(x2, 20.0, 1e-9);
    EXPECT_NEAR(y2, 9.0, 1e-9);
    auto [px, py] = aligned.toPixel(12.0, 7.0);
    auto [mx, my] = aligned.toMap(px, py);
    EXPECT_NEAR(mx, 12.0, 1e-9);
    EXPECT_NEAR(my, 7.0, 1e-9);
    EXPECT_EQ(aligned.file, "scan.png");
    EXPECT_EQ(aligned.opacity, 0.3);
    EXPECT_EQ(b.alignedBy(1, 1, 2, 2, 1, 1, 5, 5), b) << "one point twice cannot align";
}

} // namespace sandtable
