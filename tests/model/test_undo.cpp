#include "model/commands/edits.hpp"
#include "model/commands/undo_stack.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

#include <random>

namespace sandtable {
namespace {

Scenario smallScenario(std::uint64_t seed) {
    return generateScenario(GeneratorParameters{20, 16, 40, 6, seed, GridShape::HexFlat});
}

// One random edit of any kind the model offers.
CommandPtr randomEdit(const Scenario& s, std::mt19937_64& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const Grid& g = s.map.grid;
    auto cell = [&] { return Offset{pick(0, g.cols() - 1), pick(0, g.rows() - 1)}; };
    int kind = pick(0, 11);
    if (s.oob.units.empty() && kind >= 5 && kind <= 7) {
        kind = 9; // every unit was deleted by earlier edits
    }
    switch (kind) {
    case 0:
        return edits::paint(s, CellLayer::Terrain, g.range(cell(), pick(0, 2)),
                            pick(0, static_cast<int>(s.map.terrainTypes.size()) - 1));
    case 1:
        return edits::paint(s, CellLayer::Elevation, {cell(), cell()}, pick(-2, 5));
    case 2: {
        Hexside h;
        h.set(SideFeature::River, pick(0, 1) == 1);
        h.set(SideFeature::Wall, pick(0, 1) == 1);
        h.crossing = static_cast<Crossing>(pick(0, 2));
        return edits::setHexside(s, g.edge(cell(), pick(0, 5)), h);
    }
    case 3: {
        const Offset a = cell();
        const Offset b = g.neighbor(a, pick(0, 5));
        if (!g.contains(b)) {
            return edits::setPath(s, PathId{1}, std::nullopt);
        }
        return edits::setPath(s, edits::nextPathId(s), Path{PathKind::Road, "new road", {a, b}});
    }
    case 4:
        return edits::setFeature(s, edits::nextFeatureId(s),
                                 Feature{FeatureKind::Town, cell(), "Town", std::nullopt, 0});
    case 5: {
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        Unit u = it->second;
        u.stands = pick(1, 6);
        u.formation = static_cast<Formation>(pick(0, 8));
        return edits::setUnit(s, it->first, u);
    }
    case 6: {
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        return edits::setPlacement(
            s, PieceRef::unit(it->first),
            Placement{{cell()}, Facing{FacingKind::Corner, static_cast<std::uint8_t>(pick(0, 5))}});
    }
    case 7: {
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        return edits::setPlacement(s, PieceRef::unit(it->first), std::nullopt);
    }
    case 8: {
        ScenarioInfo info = s.info;
        info.title += "!";
        info.turns = pick(1, 30);
        return edits::setInfo(s, info);
    }
    case 9:
        return edits::setEvent(s, pick(2, 12),
                               pick(0, 1) ? std::optional<std::string>("Rain") : std::nullopt);
    case 10: {
        // Remove a division (with everything under it) or add a brigade.
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon == Echelon::Division && pick(0, 2) == 0) {
                return edits::removeHeadquarters(s, id);
            }
        }
        return edits::setHeadquarters(s, edits::nextHeadquartersId(s),
                                      Headquarters{Side::Union, Echelon::Army, {}, "New army", "", {}, {}});
    }
    default: {
        Map bigger = s.map;
        bigger.yardsPerCell = pick(100, 500);
        return edits::replaceMap(s, bigger);
    }
    }
}

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
