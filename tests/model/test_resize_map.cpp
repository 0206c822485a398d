// Map > Resize with an anchor: everything moves with its cells, neighbours stay neighbours, what
// falls off is listed first and taken off in the same undo step.
#include "model/commands/resize_map.hpp"
#include "model/commands/undo_stack.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

namespace sandtable {
namespace {

TEST(ResizeMap, TheAnchorSaysWhichSidesGrowOrShrink) {
    const Grid g({GridShape::HexFlat, OffsetParity::Odd, 10, 8, 1});
    EXPECT_EQ(ResizePlan::anchored(g, 14, 8, {-1, -1}).shift, (Offset{0, 0}));
    EXPECT_EQ(ResizePlan::anchored(g, 14, 8, {1, -1}).shift, (Offset{4, 0}));
    EXPECT_EQ(ResizePlan::anchored(g, 14, 12, {0, 0}).shift, (Offset{2, 2}));
    EXPECT_EQ(ResizePlan::anchored(g, 6, 4, {1, 1}).shift, (Offset{-4, -4}));
}

TEST(ResizeMap, GrowingOnTheLeftMovesEverythingAndKeepsNeighboursOnEveryGrid) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        for (int grow : {3, 4}) { // odd shifts flip the hex parity, even ones keep it
            Scenario s = generateScenario(GeneratorParameters{10, 8, 6, 2, 7, shape});
            s.map.hexsides.clear();
            const Grid& g = s.map.grid;
            const Offset a{2, 2};
            const Offset b = g.neighbor(a, 0);
            s.map.hexsides[g.edge(a, 0)] = Hexside{};
            s.map.hexsides[g.edge(a, 0)].set(SideFeature::Stream, true);
            s.map.terrain[g.index({0, 0})] = 2;
            const Scenario before = s;
            UndoStack stack(s);
            const ResizePlan plan = ResizePlan::anchored(g, 10 + grow, 8 + grow, {1, 1});
            EXPECT_TRUE(resizeLosses(s, plan).empty()) << resizeLosses(s, plan).summary();
            stack.push(resizeMap(s, plan));
            const Grid& ng = s.map.grid;
            const std::string what = std::string(enumName(shape)) + " +" + std::to_string(grow);
            ASSERT_EQ(ng.cols(), 10 + grow) << what;
            auto moved = [&](Offset c) { return Offset{c.col + grow, c.row + grow}; };
            EXPECT_EQ(s.map.terrain[ng.index(moved({0, 0}))], 2) << what;
            // Every old cell keeps its old neighbours.
            for (int r = 0; r < 8; ++r) {
                for (int c = 0; c < 10; ++c) {
                    std::vector<Offset> was, now;
                    for (Offset n : before.map.grid.neighbors({c, r})) {
                        was.push_back(moved(n));
                    }
                    now = ng.neighbors(moved({c, r}));
                    std::erase_if(now, [&](Offset n) { return n.col < grow || n.row < grow; });
                    std::ranges::sort(was);
                    std::ranges::sort(now);
                    ASSERT_EQ(was, now) << what << " at " << c << "," << r;
                }
            }
            // The stream is on the same side, between the same cells.
            ASSERT_EQ(s.map.hexsides.size(), 1u) << what;
            auto [p, q] = ng.edgeCells(s.map.hexsides.begin()->first);
            EXPECT_TRUE((p == moved(a) && q == moved(b)) || (p == moved(b) && q == moved(a))) << what;
            // Pieces, roads and features moved with their cells.
            for (const auto& [piece, placement] : before.deployment.placements) {
                EXPECT_EQ(s.deployment.placements.at(piece).cells.front(), moved(placement.cells.front()))
                    << what;
            }
            for (const auto& [id, path] : before.map.paths) {
                EXPECT_EQ(s.map.paths.at(id).cells.front(), moved(path.cells.front())) << what;
            }
            stack.undo();
            EXPECT_EQ(s, before) << what;
        }
    }
}

// A scan aligned by points (an affine transformation) stays under the ground it shows, and the
// placement on the Earth is kept with its control points moved with their cells (those that fall
// off dropped). Where the anchor itself goes needs the projection: placementAfterResize, in formats.
TEST(ResizeMap, TheAlignedScanAndThePlacementsControlPointsMoveWithTheirCells) {
    Scenario s = generateScenario(GeneratorParameters{10, 8, 6, 2, 7, GridShape::HexFlat});
    BackgroundImage scan;
    scan.file = "scan.png";
    scan.affine = Affine{0.01, 0.002, 1.5, -0.001, 0.011, 0.75};
    scan.controlPoints = {{100, 200, 2.9, 3.15}};
    s.map.background = scan;
    s.map.geo = GeoPlacement{"EPSG:32618",
                             GeoAnchor::Centre,
                             302'000,
                             4'398'000,
                             3,
                             {{{1, 1}, 301'500, 4'398'500}, {{9, 7}, 302'500, 4'397'500}}};
    const Scenario before = s;
    const Layout oldCells(s.map.grid, 1.0);
    UndoStack stack(s);
    // Everything two columns to the right on a map as wide and a row shorter: the point on 1008
    // (9, 7) falls off.
    const ResizePlan plan{10, 7, {2, 0}};
    stack.push(resizeMap(s, plan));
    const Layout newCells(s.map.grid, 1.0);
    ASSERT_TRUE(s.map.background->affine);
    // The scan's pixel that lay at cell (3, 3)'s centre lies at the centre of the same cell, now (5, 3).
    const Point was = oldCells.cellCenter({3, 3}), now = newCells.cellCenter({5, 3});
    const auto [px, py] = before.map.background->toPixel(was.x, was.y);
    const auto [x, y] = s.map.background->toMap(px, py);
    EXPECT_NEAR(x, now.x, 1e-9);
    EXPECT_NEAR(y, now.y, 1e-9);
    // Its control point still says where that pixel belongs, now in the new cells.
    ASSERT_EQ(s.map.background->controlPoints.size(), 1u);
    EXPECT_NEAR(s.map.background->controlPoints[0].mx, 2.9 + now.x - was.x, 1e-9);
    EXPECT_NEAR(s.map.background->controlPoints[0].my, 3.15 + now.y - was.y, 1e-9);
    ASSERT_TRUE(s.map.geo);
    EXPECT_EQ(s.map.geo->crs, "EPSG:32618");
    ASSERT_EQ(s.map.geo->controlPoints.size(), 1u) << "the point on 1008 fell off";
    EXPECT_EQ(s.map.geo->controlPoints[0].cell, (Offset{3, 1}));
    EXPECT_EQ(s.map.geo->controlPoints[0].x, 301'500);
    stack.undo();
    EXPECT_EQ(s, before);
}

// A terrain model's heights kept with the map (Map::surface) stay on their ground: before, a resize
// dropped them and the natural style's contours fell back to the cells' levels without a word.
TEST(ResizeMap, TheTerrainModelsHeightsMoveWithTheirCells) {
    for (const GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        SCOPED_TRACE(std::string(enumName(shape)));
        Scenario s = generateScenario(GeneratorParameters{10, 8, 6, 2, 7, shape});
        // A plane tilted both ways, so a height read back anywhere says where it was taken from
        // (bilinear sampling is exact on it), and nowhere near the added cells' level 0.
        const auto ground = [](double u, double v) { return 7 + 0.5 * u - 0.25 * v; };
        HeightSurface surface;
        surface.samplesPerCell = 4;
        std::tie(surface.cols, surface.rows) = HeightSurface::shapeFor(s.map.grid, 4);
        for (int j = 0; j < surface.rows; ++j) {
            for (int i = 0; i < surface.cols; ++i) {
                surface.levels.push_back(static_cast<float>(ground(i / 4.0, j / 4.0)));
            }
        }
        s.map.surface = surface;
        const Scenario before = s;
        UndoStack stack(s);
        // Three columns and a row more on the left and the top (an odd shift flips a hex grid's
        // parity), and one column fewer on the right.
        const ResizePlan plan{12, 9, {3, 1}};
        stack.push(resizeMap(s, plan));
        ASSERT_TRUE(s.map.surface) << "the resize dropped the terrain model's heights";
        const HeightSurface& kept = *s.map.surface;
        EXPECT_EQ(kept.samplesPerCell, 4);
        EXPECT_EQ(std::pair(kept.cols, kept.rows), HeightSurface::shapeFor(s.map.grid, 4));
        const Layout oldCells(before.map.grid, 1.0), newCells(s.map.grid, 1.0);
        int compared = 0;
        for (int row = 0; row < before.map.grid.rows(); ++row) {
            for (int col = 0; col < before.map.grid.cols(); ++col) {
                const Offset now{col + 3, row + 1};
                if (!s.map.grid.contains(now)) {
                    continue;
                }
                const Point was = oldCells.cellCenter({col, row}), is = newCells.cellCenter(now);
                // The cell's middle has the height it had, and so has a point off its middle.
                EXPECT_NEAR(kept.at(is.x, is.y), ground(was.x, was.y), 1e-4) << "cell " << col << "," << row;
                EXPECT_NEAR(kept.at(is.x + 0.3, is.y - 0.2), ground(was.x + 0.3, was.y - 0.2), 1e-4);
                ++compared;
            }
        }
        EXPECT_EQ(compared, 9 * 8) << "every old cell but the right-hand column is on the new map";
        // The added ground has no model under it: its points take their cells' level (0 here).
        const std::size_t corner = 0; // the new map's top-left point, in the added cells
        EXPECT_EQ(kept.levels[corner], 0.0f);
        EXPECT_EQ(s.map.elevation[s.map.grid.index(newCells.nearestCell({0, 0}))], 0);
        stack.undo();
        EXPECT_EQ(s, before);
    }
}

// A resize that makes the map too large for as many points a cell keeps fewer, as an import does.
TEST(ResizeMap, AMapGrownPastTheSurfacesLimitKeepsFewerPointsACell) {
    const Grid small(Grid::Parameters{.shape = GridShape::HexFlat, .cols = 20, .rows = 20});
    const Grid large(Grid::Parameters{.shape = GridShape::HexFlat, .cols = 1000, .rows = 1000});
    EXPECT_EQ(HeightSurface::densestFor(small, 4), 4);
    // 1000 x 1000 flat hexes are 866.5 cells' sizes wide: 3 points a cell would be 7.8 million.
    EXPECT_EQ(HeightSurface::densestFor(large, 4), 2);
    const auto [cols, rows] = HeightSurface::shapeFor(large, 2);
    EXPECT_LE(static_cast<long long>(cols) * rows, limits::surfacePoints);
    const auto [cols3, rows3] = HeightSurface::shapeFor(large, 3);
    EXPECT_GT(static_cast<long long>(cols3) * rows3, limits::surfacePoints);
}

TEST(ResizeMap, WhatFallsOffIsListedFirstAndGoesInTheSameStep) {
    Scenario s = generateScenario(GeneratorParameters{12, 10, 20, 3, 3, GridShape::HexFlat});
    const Scenario before = s;
    // Shrink from the right and bottom: keep the top-left 4 x 4.
    const ResizePlan plan = ResizePlan::anchored(s.map.grid, 4, 4, {-1, -1});
    const ResizeLosses losses = resizeLosses(s, plan);
    std::size_t outside = 0;
    for (const auto& [piece, placement] : s.deployment.placements) {
        outside +=
            std::ranges::any_of(placement.cells, [](Offset c) { return c.col >= 4 || c.row >= 4; }) ? 1 : 0;
    }
    ASSERT_GT(outside, 0u);
    EXPECT_EQ(losses.scenarios.at(0).pieces.size(), outside);
    EXPECT_NE(losses.summary().find(std::to_string(outside) + " pieces ("), std::string::npos)
        << losses.summary();
    UndoStack stack(s);
    stack.push(resizeMap(s, plan));
    EXPECT_EQ(s.deployment.placements.size(), before.deployment.placements.size() - outside);
    EXPECT_EQ(stack.size(), 1u);
    stack.undo();
    EXPECT_EQ(s, before);
}

} // namespace
} // namespace sandtable
