// The tools, driven with map points as the canvas drives them.
#include "editor/tools/tool_controller.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

namespace sandtable {
namespace {

class Tools : public testing::Test {
  protected:
    Tools()
        : doc(generateScenario(GeneratorParameters{20, 16, 60, 4, 3, GridShape::HexFlat})),
          layout(doc.scenario().map.grid, 100), tools(doc, layout) {}
    Point at(Offset c) const { return layout.cellCenter(c); }
    Document doc;
    Layout layout;
    ToolController tools;
};

TEST_F(Tools, ABrushStrokeIsOneUndoStep) {
    const Scenario before = doc.scenario();
    tools.settings.tool = Tool::Terrain;
    tools.settings.terrain = 2;
    tools.settings.brushRadius = 1;
    tools.press(at({3, 3}));
    tools.drag(at({4, 3}));
    tools.drag(at({5, 3}));
    tools.release(at({6, 3}));
    EXPECT_EQ(doc.history().size(), 1u);
    for (Offset c : doc.scenario().map.grid.range({5, 3}, 1)) {
        EXPECT_EQ(doc.scenario().map.terrain[doc.scenario().map.grid.index(c)], 2);
    }
    EXPECT_EQ(doc.scenario().map.grid.range({5, 3}, 1).size(), 7u) << "a 7-hex brush";
    doc.undo();
    EXPECT_EQ(doc.scenario(), before);
}

TEST_F(Tools, RaiseLiftsEachCellOncePerStroke) {
    tools.settings.tool = Tool::Raise;
    const int level = doc.scenario().map.elevationAt({8, 8});
    tools.press(at({8, 8}));
    tools.drag(at({8, 8}));
    tools.release(at({8, 8}));
    EXPECT_EQ(doc.scenario().map.elevationAt({8, 8}), level + 1);
}

TEST_F(Tools, FillAndEyedropper) {
    tools.settings.tool = Tool::Eyedropper;
    TerrainIndex picked = 99;
    tools.onTerrainPicked = [&](TerrainIndex t) { picked = t; };
    tools.press(at({0, 0}));
    EXPECT_EQ(picked, doc.scenario().map.terrain[0]);
    tools.settings.tool = Tool::Fill;
    tools.settings.terrain = 6;
    tools.press(at({0, 0}));
    EXPECT_EQ(doc.scenario().map.terrain[0], 6);
    EXPECT_EQ(doc.history().size(), 1u);
}

TEST_F(Tools, PathDragLaysAJoinedRoadAndExtendsIt) {
    tools.settings.tool = Tool::Path;
    tools.settings.pathKind = PathKind::Railroad;
    const auto before = doc.scenario().map.paths.size();
    tools.press(at({2, 10}));
    tools.drag(at({6, 10})); // a jump: the gap is filled
    tools.release(at({6, 10}));
    ASSERT_EQ(doc.scenario().map.paths.size(), before + 1);
    const Path laid = doc.scenario().map.paths.rbegin()->second;
    EXPECT_EQ(laid.kind, PathKind::Railroad);
    EXPECT_EQ(laid.cells.front(), (Offset{2, 10}));
    EXPECT_EQ(laid.cells.back(), (Offset{6, 10}));
    for (std::size_t i = 1; i < laid.cells.size(); ++i) {
        EXPECT_TRUE(doc.scenario().map.grid.adjacent(laid.cells[i - 1], laid.cells[i]));
    }
    // Starting at its end continues the same railroad.
    tools.press(at({6, 10}));
    tools.release(at({8, 10}));
    EXPECT_EQ(doc.scenario().map.paths.size(), before + 1);
    EXPECT_EQ(doc.scenario().map.paths.rbegin()->second.cells.back(), (Offset{8, 10}));
}

TEST_F(Tools, HexsideToolTogglesTheNearestSide) {
    tools.settings.tool = Tool::Hexside;
    tools.settings.sideFeature = SideFeature::Wall;
    const Grid& g = doc.scenario().map.grid;
    auto [a, b] = layout.edgeSegment(g.edge({5, 5}, 2));
    const Point nearSide{(a.x + b.x) / 2 * 0.9 + at({5, 5}).x * 0.1,
                         (a.y + b.y) / 2 * 0.9 + at({5, 5}).y * 0.1};
    EXPECT_EQ(tools.nearestEdge(nearSide), g.edge({5, 5}, 2));
    tools.press(nearSide);
    EXPECT_TRUE(doc.scenario().map.hexsideAt(g.edge({5, 5}, 2)).has(SideFeature::Wall));
    tools.press(nearSide);
    EXPECT_FALSE(doc.scenario().map.hexsides.contains(g.edge({5, 5}, 2)));
}

TEST_F(Tools, DraggingAPieceMovesItAsOneStepAndKeysRotateIt) {
    const auto& placements = doc.scenario().deployment.placements;
    PieceRef unit;
    for (const auto& [piece, pl] : placements) {
        if (piece.kind == PieceKind::Unit) {
            unit = piece;
            break;
        }
    }
    const Offset from = placements.at(unit).cells.front();
    tools.settings.tool = Tool::Select;
    tools.press(at(from));
    // Only units stand alone in a generated cell; the tool picks the unit.
    ASSERT_EQ(tools.selected(), unit);
    const std::size_t steps = doc.history().size();
    Offset to = from;
    to.row = from.row + 2 < 16 ? from.row + 2 : from.row - 2;
    tools.drag(at({from.col, (from.row + to.row) / 2}));
    tools.release(at(to));
    EXPECT_EQ(placements.at(unit).cells.front(), to);
    EXPECT_EQ(doc.history().size(), steps + 1);
    const auto facing = placements.at(unit).facing->index;
    tools.rotateSelected(1);
    EXPECT_EQ(placements.at(unit).facing->index, (facing + 5) % 6);
}

TEST_F(Tools, PlacingAReinforcementFromTheTreeDeploysIt) {
    const auto& d = doc.scenario().deployment;
    ASSERT_FALSE(d.reinforcements.empty());
    const PieceRef late = d.reinforcements.begin()->first;
    tools.placePiece(late, at({1, 1}));
    EXPECT_FALSE(d.reinforcements.contains(late));
    EXPECT_EQ(d.placements.at(late).cells.front(), (Offset{1, 1}));
    doc.undo();
    EXPECT_TRUE(d.reinforcements.contains(late));
    EXPECT_FALSE(d.placements.contains(late));
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(Tools, TheSupplyToolMarksTheSelectedCorpsLineOfSupply) {
    tools.settings.tool = Tool::Supply;
    std::string hint;
    tools.onMessage = [&](const std::string& m) { hint = m; };
    tools.press(at({0, 3}));
    EXPECT_NE(hint.find("Select a corps"), std::string::npos);
    HeadquartersId corps;
    for (const auto& [id, hq] : doc.scenario().oob.headquarters) {
        if (hq.echelon == Echelon::Corps) {
            corps = id;
            break;
        }
    }
    tools.select(PieceRef::commander(corps));
    tools.press(at({0, 3}));
    EXPECT_EQ(doc.scenario().oob.headquarters.at(corps).supplyCell, (Offset{0, 3}));
}

TEST_F(Tools, ShiftClickExtendsALineToAdjacentCellsOnly) {
    PieceRef unit;
    for (const auto& [piece, pl] : doc.scenario().deployment.placements) {
        if (piece.kind == PieceKind::Unit) {
            unit = piece;
            break;
        }
    }
    tools.select(unit);
    const Offset from = doc.scenario().deployment.placements.at(unit).cells.front();
    const Grid& g = doc.scenario().map.grid;
    Offset next = g.neighbor(from, 0);
    if (!g.contains(next)) {
        next = g.neighbor(from, 3);
    }
    tools.extendSelected(at(next));
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).cells, (std::vector<Offset>{from, next}));
    std::string hint;
    tools.onMessage = [&](const std::string& m) { hint = m; };
    tools.extendSelected(at({(from.col + 8) % 20, (from.row + 8) % 16}));
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).cells.size(), 2u);
    EXPECT_FALSE(hint.empty());
    tools.extendSelected(at(next)); // again: back off the line
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).cells, (std::vector<Offset>{from}));
}

} // namespace
} // namespace sandtable
