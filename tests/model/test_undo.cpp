#include "model/commands/edits.hpp"
#include "model/commands/undo_stack.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

#include <random>

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
    EXPECT_EQ(s.deployment.placements.at(piece).cells, (std::vector<Offset>{{1, 3}}));
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

TEST(UndoStack, ChangeSetsNameTheCellsTouched) {
    Scenario s = smallScenario(7);
    auto cmd = edits::paint(s, CellLayer::Elevation, {{3, 4}, {5, 6}}, 9);
    const ChangeSet cs = cmd->changes();
    EXPECT_EQ(cs.cells, (std::vector<Offset>{{3, 4}, {5, 6}}));
}

} // namespace
} // namespace sandtable
