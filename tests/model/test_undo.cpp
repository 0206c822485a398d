#include "model/commands/edits.hpp"
#include "model/commands/undo_stack.hpp"
#include "model/layout.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>

#include "random_edits.hpp"

namespace sandtable {
namespace {

using testing_edits::randomEdit;
using testing_edits::smallScenario;

TEST(UndoStack, AnySequenceOfEditsUndoneGivesBackTheOriginal) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
        Scenario s = smallScenario(seed);
        const Scenario original = s;
        UndoStack stack(s);
        std::mt19937_64 rng(seed * 7919);
        for (int i = 0; i < 60; ++i) {
            stack.push(randomEdit(s, rng), i % 5 == 4);
        }
        const Scenario edited = s;
        EXPECT_TRUE(stack.isModified());
        while (stack.canUndo()) {
            stack.undo();
        }
        EXPECT_EQ(s, original) << "seed " << seed;
        EXPECT_FALSE(stack.isModified());
        while (stack.canRedo()) {
            stack.redo();
        }
        EXPECT_EQ(s, edited) << "seed " << seed;
    }
}

// Placing the map on the Earth and importing a terrain model's elevation are each one step.
TEST(UndoStack, PlacingTheMapAndImportingElevationAreOneStepEach) {
    Scenario s = smallScenario(3);
    const Scenario original = s;
    UndoStack stack(s);
    stack.push(edits::setGeoPlacement(s, GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302000, 4398000, 5}));
    std::vector<std::int16_t> levels(s.map.elevation.size());
    for (std::size_t i = 0; i < levels.size(); ++i) {
        levels[i] = static_cast<std::int16_t>(i % 7);
    }
    stack.push(edits::setElevationLayer(s, levels, 10));
    EXPECT_EQ(stack.size(), 2u);
    EXPECT_EQ(s.map.elevation, levels);
    EXPECT_EQ(s.map.feetPerContour, 10);
    ASSERT_TRUE(s.map.geo);
    stack.undo();
    EXPECT_EQ(s.map.feetPerContour, original.map.feetPerContour);
    EXPECT_EQ(s.map.elevation, original.map.elevation);
    stack.undo();
    EXPECT_EQ(s, original);
    stack.redo();
    stack.redo();
    EXPECT_EQ(s.map.elevation, levels);
}

TEST(UndoStack, ABrushStrokeIsOneStep) {
    Scenario s = smallScenario(3);
    const Scenario original = s;
    UndoStack stack(s);
    const std::uint64_t stroke = 42;
    stack.push(edits::paint(s, CellLayer::Terrain, {{1, 1}, {2, 1}}, 1, stroke));
    stack.push(edits::paint(s, CellLayer::Terrain, {{2, 1}, {3, 1}}, 2, stroke), true);
    stack.push(edits::paint(s, CellLayer::Terrain, {{4, 1}}, 2, stroke), true);
    EXPECT_EQ(stack.size(), 1u);
    EXPECT_EQ(s.map.terrain[s.map.grid.index({2, 1})], 2);
    stack.undo();
    EXPECT_EQ(s, original);
    // A new stroke starts a new step.
    stack.push(edits::paint(s, CellLayer::Terrain, {{1, 1}}, 1, stroke + 1));
    stack.push(edits::paint(s, CellLayer::Terrain, {{2, 2}}, 1, stroke + 2), true);
    EXPECT_EQ(stack.size(), 2u);
}

TEST(UndoStack, DraggingAPieceIsOneStepButSeparateMovesAreNot) {
    Scenario s = smallScenario(4);
    UndoStack stack(s);
    const PieceRef piece = PieceRef::unit(s.oob.units.begin()->first);
    const auto before = s.deployment.placements.find(piece);
    const std::optional<Placement> original =
        before == s.deployment.placements.end() ? std::nullopt : std::optional(before->second);
    stack.push(edits::setPlacement(s, piece, Placement{{{1, 1}}, {}}));
    stack.push(edits::setPlacement(s, piece, Placement{{{1, 2}}, {}}), true);
    stack.push(edits::setPlacement(s, piece, Placement{{{1, 3}}, {}}), true);
    EXPECT_EQ(stack.size(), 1u);
    stack.push(edits::setPlacement(s, piece, Placement{{{2, 3}}, {}}));
    EXPECT_EQ(stack.size(), 2u);
    stack.undo();
    EXPECT_EQ(s.deployment.placements.at(piece).cells, (PlacedCells{{1, 3}}));
    stack.undo();
    auto after = s.deployment.placements.find(piece);
    EXPECT_EQ(after == s.deployment.placements.end() ? std::nullopt : std::optional(after->second), original);
}

TEST(UndoStack, ModifiedIsDerivedFromTheCleanIndex) {
    Scenario s = smallScenario(5);
    UndoStack stack(s);
    EXPECT_FALSE(stack.isModified());
    stack.push(edits::setEvent(s, 2, "Storm"));
    EXPECT_TRUE(stack.isModified());
    stack.markClean();
    EXPECT_FALSE(stack.isModified());
    stack.undo();
    EXPECT_TRUE(stack.isModified());
    stack.redo();
    EXPECT_FALSE(stack.isModified());
    // Undo past the save, then a new edit: the saved state can no longer be reached.
    stack.undo();
    stack.push(edits::setEvent(s, 3, "Fog"));
    EXPECT_TRUE(stack.isModified());
    stack.undo();
    EXPECT_TRUE(stack.isModified());
}

TEST(UndoStack, RemovingADivisionRemovesWhatIsUnderIt) {
    Scenario s = smallScenario(6);
    const Scenario original = s;
    UndoStack stack(s);
    HeadquartersId division;
    for (const auto& [id, hq] : s.oob.headquarters) {
        if (hq.echelon == Echelon::Division) {
            division = id;
            break;
        }
    }
    ASSERT_TRUE(division.valid());
    stack.push(edits::removeHeadquarters(s, division));
    for (const auto& [id, hq] : s.oob.headquarters) {
        EXPECT_NE(hq.parent, division);
    }
    for (const auto& [id, unit] : s.oob.units) {
        EXPECT_FALSE(s.oob.find(unit.parent) == nullptr) << "unit " << id.value << " lost its parent";
    }
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (piece.kind == PieceKind::Unit) {
            EXPECT_TRUE(s.oob.units.contains(UnitId{piece.id}));
        }
    }
    stack.undo();
    EXPECT_EQ(s, original);
}

// Flat ground at level 2, its terrain model's heights kept (Map::surface) at 2 everywhere.
Scenario onASurface(GridShape shape) {
    Scenario s = generateScenario(GeneratorParameters{10, 8, 6, 2, 3, shape});
    std::ranges::fill(s.map.elevation, std::int16_t{2});
    HeightSurface surface;
    surface.samplesPerCell = 4;
    std::tie(surface.cols, surface.rows) = HeightSurface::shapeFor(s.map.grid, 4);
    surface.levels.assign(static_cast<std::size_t>(surface.cols) * surface.rows, 2.0f);
    s.map.surface = surface;
    return s;
}

// Raising a cell on a map that keeps its terrain model's heights raises the ground over the cell:
// before, the heights stayed and only the cell's middle rose, a pimple in the natural style.
TEST(UndoStack, RaisingACellRaisesTheTerrainModelsGroundOverIt) {
    for (const GridShape shape : {GridShape::HexFlat, GridShape::Square}) {
        SCOPED_TRACE(std::string(enumName(shape)));
        Scenario s = onASurface(shape);
        const Scenario flat = s;
        const Layout inCells(s.map.grid, 1.0);
        const Offset raised{4, 3};
        UndoStack stack(s);
        stack.push(edits::paint(s, CellLayer::Elevation, {raised}, 5));
        const HeightSurface& ground = *s.map.surface;
        const Point centre = inCells.cellCenter(raised);
        // Read between the lattice's points (a hex's middle is not on one), a peak reads a little low.
        EXPECT_NEAR(ground.at(centre.x, centre.y), 5.0, 0.1) << "the cell's middle is as high as its level";
        for (const Offset n : s.map.grid.neighbors(raised)) {
            const Point m = inCells.cellCenter(n);
            EXPECT_NEAR(ground.at(m.x, m.y), 2.0, 0.05) << "a neighbour's middle stays";
            // Between the two middles the ground slopes: half way up at the side.
            const double side = ground.at((centre.x + m.x) / 2, (centre.y + m.y) / 2);
            EXPECT_GT(side, 2.5);
            EXPECT_LT(side, 4.5);
        }
        // Beyond a cell's reach nothing moved.
        for (int j = 0; j < ground.rows; ++j) {
            for (int i = 0; i < ground.cols; ++i) {
                const double u = i / 4.0, v = j / 4.0;
                if (std::hypot(u - centre.x, v - centre.y) > 1.0 + 1e-9) {
                    ASSERT_EQ(ground.levels[static_cast<std::size_t>(j) * ground.cols + i], 2.0f);
                }
            }
        }
        const Scenario raisedOnce = s;
        stack.undo();
        EXPECT_EQ(s, flat);
        stack.redo();
        EXPECT_EQ(s, raisedOnce);
    }
}

// A stroke over a region raises it evenly, and a paste's parts (made against the same ground, each
// moving points the others move) add up; one undo gives the ground back exactly.
TEST(UndoStack, ARegionRaisedInOneStrokeRisesEvenlyAndUndoesExactly) {
    Scenario s = onASurface(GridShape::HexFlat);
    const Scenario flat = s;
    const Layout inCells(s.map.grid, 1.0);
    const Offset middle{4, 4};
    std::vector<Offset> region{middle};
    for (const Offset n : s.map.grid.neighbors(middle)) {
        region.push_back(n);
        for (const Offset m : s.map.grid.neighbors(n)) {
            region.push_back(m);
        }
    }
    UndoStack stack(s);
    // Cell by cell, as a brush drags, one stroke.
    for (const Offset c : region) {
        stack.push(edits::paint(s, CellLayer::Elevation, {c}, 3, 42), true);
    }
    const Point c = inCells.cellCenter(middle);
    // Anywhere within a cell of the middle, the ground is a level higher.
    for (double dy = -0.9; dy <= 0.9; dy += 0.3) {
        for (double dx = -0.9; dx <= 0.9; dx += 0.3) {
            EXPECT_NEAR(s.map.surface->at(c.x + dx, c.y + dy), 3.0, 1e-5) << dx << ", " << dy;
        }
    }
    stack.undo();
    EXPECT_EQ(s, flat) << "one stroke, one undo";

    // Two parts made against the same ground, on neighbouring cells, grouped as a paste groups them.
    const Offset left{4, 4}, right = s.map.grid.neighbor(left, 0);
    std::vector<CommandPtr> parts;
    parts.push_back(edits::paint(s, CellLayer::Elevation, {left}, 4));
    parts.push_back(edits::paint(s, CellLayer::Elevation, {right}, 6));
    stack.push(std::make_unique<CommandGroup>("Paste", std::move(parts)));
    const Point a = inCells.cellCenter(left), b = inCells.cellCenter(right);
    EXPECT_NEAR(s.map.surface->at(a.x, a.y), 4.0, 0.1);
    EXPECT_NEAR(s.map.surface->at(b.x, b.y), 6.0, 0.1);
    // Between them both rises count: more than either alone would give.
    EXPECT_NEAR(s.map.surface->at((a.x + b.x) / 2, (a.y + b.y) / 2), 2 + (2 + 4) / 2.0, 0.35);
    stack.undo();
    EXPECT_EQ(s, flat);
}

TEST(UndoStack, ChangeSetsNameTheCellsTouched) {
    Scenario s = smallScenario(7);
    auto cmd = edits::paint(s, CellLayer::Elevation, {{3, 4}, {5, 6}}, 9);
    const ChangeSet cs = cmd->changes();
    EXPECT_EQ(cs.cells, (std::vector<Offset>{{3, 4}, {5, 6}}));
}

} // namespace
} // namespace sandtable
