// The tools, driven with map points as the canvas drives them.
#include "editor/tools/area_tool.hpp"
#include "editor/tools/eyedropper_tool.hpp"
#include "editor/tools/feature_tool.hpp"
#include "editor/tools/fill_tool.hpp"
#include "editor/tools/hexside_tool.hpp"
#include "editor/tools/path_tool.hpp"
#include "editor/tools/select_tool.hpp"
#include "editor/tools/set_level_tool.hpp"
#include "editor/tools/shift_ground_tool.hpp"
#include "editor/tools/supply_tool.hpp"
#include "editor/tools/terrain_brush_tool.hpp"
#include "editor/tools/tool_manager.hpp"
#include "model/commands/edits.hpp"
#include "model/edge_geometry.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

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
    ToolManager tools;
};

TEST_F(Tools, ABrushStrokeIsOneUndoStep) {
    const Scenario before = doc.scenario();
    tools.settings.tool = TerrainBrushTool::toolId;
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
    tools.settings.tool = ShiftGroundTool::raiseId;
    const int level = doc.scenario().map.elevationAt({8, 8});
    tools.press(at({8, 8}));
    tools.drag(at({8, 8}));
    tools.release(at({8, 8}));
    EXPECT_EQ(doc.scenario().map.elevationAt({8, 8}), level + 1);
}

TEST_F(Tools, FillAndEyedropper) {
    tools.settings.tool = EyedropperTool::toolId;
    TerrainIndex picked = 99;
    tools.onTerrainPicked = [&](TerrainIndex t) { picked = t; };
    tools.press(at({0, 0}));
    EXPECT_EQ(picked, doc.scenario().map.terrain[0]);
    tools.settings.tool = FillTool::toolId;
    tools.settings.terrain = 6;
    tools.press(at({0, 0}));
    EXPECT_EQ(doc.scenario().map.terrain[0], 6);
    EXPECT_EQ(doc.history().size(), 1u);
}

TEST_F(Tools, PathDragLaysAJoinedRoadAndExtendsIt) {
    tools.settings.tool = PathTool::toolId;
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
    tools.settings.tool = HexsideTool::toolId;
    tools.settings.sideFeature = SideFeature::Wall;
    const Grid& g = doc.scenario().map.grid;
    auto [a, b] = layout.edgeSegment(g.edge({5, 5}, 2));
    const Point nearSide{(a.x + b.x) / 2 * 0.9 + at({5, 5}).x * 0.1,
                         (a.y + b.y) / 2 * 0.9 + at({5, 5}).y * 0.1};
    EXPECT_EQ(nearestEdge(layout, nearSide), g.edge({5, 5}, 2));
    tools.press(nearSide);
    EXPECT_TRUE(doc.scenario().map.hexsideAt(g.edge({5, 5}, 2)).has(SideFeature::Wall));
    tools.press(nearSide);
    EXPECT_FALSE(doc.scenario().map.hexsides.contains(g.edge({5, 5}, 2)));
}

// Whether the sides carrying `feature` form one chain joined at corners, from `first` to `last`.
bool oneChain(const Layout& layout, const Map& map, SideFeature feature, EdgeId first, EdgeId last) {
    std::set<EdgeId> sides;
    for (const auto& [e, h] : map.hexsides) {
        if (h.has(feature)) {
            sides.insert(e);
        }
    }
    if (!sides.contains(first) || !sides.contains(last)) {
        return false;
    }
    std::set<EdgeId> reached{first};
    std::vector<EdgeId> todo{first};
    while (!todo.empty()) {
        const EdgeId e = todo.back();
        todo.pop_back();
        for (EdgeId f : edgesMeeting(layout, e)) {
            if (sides.contains(f) && reached.insert(f).second) {
                todo.push_back(f);
            }
        }
    }
    return reached == sides;
}

TEST_F(Tools, DraggingAlongCellEdgesDrawsOneJoinedRiverAsOneUndoStep) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        Scenario blank;
        blank.map = Map::blank(Grid({shape, OffsetParity::Odd, 20, 16, 1}), defaultTerrainTypes());
        Document d(blank);
        Layout l(d.scenario().map.grid, 100);
        ToolManager t(d, l);
        t.settings.tool = HexsideTool::toolId;
        t.settings.sideFeature = SideFeature::River;
        const Grid& g = d.scenario().map.grid;
        auto middle = [&](EdgeId e) {
            auto [a, b] = l.edgeSegment(e);
            return Point{(a.x + b.x) / 2, (a.y + b.y) / 2};
        };
        // From a side of (3, 4) to a side of (12, 9), the pointer moving in a straight line with
        // the few events a fast hand makes: the river follows the edges between, without gaps.
        const EdgeId first = g.edge({3, 4}, 1), last = g.edge({12, 9}, 1);
        const Point from = middle(first), to = middle(last);
        t.press(from);
        for (int i = 1; i <= 6; ++i) {
            const double f = i / 6.0;
            t.drag({from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f});
        }
        t.release(to);
        EXPECT_EQ(d.history().size(), 1u) << enumName(shape);
        EXPECT_GE(d.scenario().map.hexsides.size(), 9u) << enumName(shape);
        EXPECT_TRUE(oneChain(l, d.scenario().map, SideFeature::River, first, last)) << enumName(shape);

        // A drag starting on the river rubs it out the same way.
        t.press(from);
        t.drag(to);
        t.release(to);
        EXPECT_FALSE(d.scenario().map.hexsideAt(first).has(SideFeature::River)) << enumName(shape);
        EXPECT_FALSE(d.scenario().map.hexsideAt(last).has(SideFeature::River)) << enumName(shape);
        d.undo();
        d.undo();
        EXPECT_TRUE(d.scenario().map.hexsides.empty()) << enumName(shape);
    }
}

TEST_F(Tools, APointerCrossingACellsMiddleTakesNoSide) {
    const Grid& g = doc.scenario().map.grid;
    EXPECT_FALSE(edgeUnderStroke(layout, at({5, 5})));
    auto [a, b] = layout.edgeSegment(g.edge({5, 5}, 2));
    EXPECT_EQ(edgeUnderStroke(layout, {(a.x + b.x) / 2, (a.y + b.y) / 2}), g.edge({5, 5}, 2));
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
    tools.settings.tool = SelectTool::toolId;
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

TEST_F(Tools, AUnitPutOnTheMapFacesWhatItsRulesetWants) {
    const PieceRef unit = PieceRef::unit(doc.scenario().oob.units.begin()->first);
    ASSERT_TRUE(doc.useRuleset("hexed-general"));
    tools.placePiece(unit, at({2, 2}));
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).facing->kind, FacingKind::Corner);
    ASSERT_TRUE(doc.useRuleset("acw-area")) << "areas face a side, on hexes too";
    tools.placePiece(unit, at({3, 3}));
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).facing->kind, FacingKind::Side);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(Tools, TheSupplyToolMarksTheSelectedCorpsLineOfSupply) {
    tools.settings.tool = SupplyTool::toolId;
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
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).cells, (PlacedCells{from, next}));
    std::string hint;
    tools.onMessage = [&](const std::string& m) { hint = m; };
    tools.extendSelected(at({(from.col + 8) % 20, (from.row + 8) % 16}));
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).cells.size(), 2u);
    EXPECT_FALSE(hint.empty());
    tools.extendSelected(at(next)); // again: back off the line
    EXPECT_EQ(doc.scenario().deployment.placements.at(unit).cells, (PlacedCells{from}));
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(Tools, AreaCopyPasteAndClearAcrossLayers) {
    const Grid& g = doc.scenario().map.grid;
    // Something in every layer inside 0203..0406 (offsets 1..3, 2..5).
    tools.settings.tool = TerrainBrushTool::toolId;
    tools.settings.terrain = 4;
    tools.press(at({2, 3}));
    tools.release(at({2, 3}));
    tools.settings.tool = SetLevelTool::toolId;
    tools.settings.level = 3;
    tools.press(at({1, 2}));
    tools.release(at({1, 2}));
    EXPECT_EQ(doc.scenario().map.elevationAt({1, 2}), 3);
    tools.settings.tool = PathTool::toolId;
    tools.press(at({1, 4}));
    tools.release(at({3, 4}));
    tools.settings.tool = FeatureTool::toolId;
    tools.settings.featureName = "Mill";
    tools.press(at({3, 2}));
    Hexside wall;
    wall.set(SideFeature::Wall, true);
    doc.execute(edits::setHexside(doc.scenario(), g.edge({2, 3}, 0), wall));

    tools.settings.tool = AreaTool::toolId;
    tools.press(at({1, 2}));
    tools.drag(at({2, 3}));
    tools.release(at({3, 5})); // the road from 0205 to 0405 dips into row 6 between (odd columns sit lower)
    ASSERT_EQ(tools.area().size(), 12u);
    ASSERT_TRUE(tools.copyArea());
    const auto pathsBefore = doc.scenario().map.paths.size();
    const auto steps = doc.history().size();
    ASSERT_TRUE(tools.pasteAt({11, 7})); // an odd column shift: the hex shape must survive
    EXPECT_EQ(doc.history().size(), steps + 1) << "a paste is one undo step";
    const Offset terrainCell = g.fromHex(g.toHex({2, 3}) + (g.toHex({11, 7}) - g.toHex({1, 2})));
    EXPECT_EQ(doc.scenario().map.terrain[g.index(terrainCell)], 4);
    EXPECT_EQ(doc.scenario().map.elevationAt({11, 7}), 3);
    EXPECT_TRUE(doc.scenario().map.hexsideAt(g.edge(terrainCell, 0)).has(SideFeature::Wall));
    EXPECT_EQ(doc.scenario().map.paths.size(), pathsBefore + 1);
    const Path& pasted = doc.scenario().map.paths.rbegin()->second;
    for (std::size_t i = 1; i < pasted.cells.size(); ++i) {
        EXPECT_TRUE(g.adjacent(pasted.cells[i - 1], pasted.cells[i])) << "the road stays joined";
    }
    EXPECT_TRUE(std::ranges::any_of(doc.scenario().map.features, [](const auto& f) {
        return f.second.name == "Mill" && f.second.cell != Offset{3, 2};
    }));
    doc.undo();
    EXPECT_EQ(doc.scenario().map.paths.size(), pathsBefore);

    PieceRef piece;
    for (const auto& [p, pl] : doc.scenario().deployment.placements) {
        piece = p;
        break;
    }
    {
        Placement moved = doc.scenario().deployment.placements.at(piece);
        moved.cells = {{2, 4}};
        doc.execute(edits::setPlacement(doc.scenario(), piece, moved));
    }
    ASSERT_TRUE(tools.deleteArea());
    EXPECT_FALSE(doc.scenario().deployment.placements.contains(piece)) << "pieces in the area leave the map";
    EXPECT_EQ(doc.scenario().map.terrain[g.index({2, 3})], 0);
    EXPECT_EQ(doc.scenario().map.elevationAt({1, 2}), 0);
    EXPECT_FALSE(doc.scenario().map.hexsides.contains(g.edge({2, 3}, 0)));
    EXPECT_FALSE(std::ranges::any_of(doc.scenario().map.features,
                                     [](const auto& f) { return f.second.name == "Mill"; }));
    doc.undo();
    EXPECT_EQ(doc.scenario().map.terrain[g.index({2, 3})], 4);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

// A corps with its line of supply at column 0, row 4 and a reinforcement entering at column 9, row 2.
Scenario withMarkers() {
    Scenario s;
    s.map = Map::blank(Grid({GridShape::HexFlat, OffsetParity::Odd, 10, 8, 1}), defaultTerrainTypes());
    s.oob.headquarters[HeadquartersId{1}] =
        Headquarters{Side::Union, Echelon::Army, {}, "Army", "Meade", {}, {}};
    s.oob.headquarters[HeadquartersId{2}] =
        Headquarters{Side::Union, Echelon::Corps, HeadquartersId{1}, "I Corps", "Reynolds", {}, Offset{0, 4}};
    s.oob.units[UnitId{1}] = Unit{HeadquartersId{2}, "Iron Brigade"};
    s.deployment.reinforcements[PieceRef::unit(UnitId{1})] = Reinforcement{3, Offset{9, 2}, "", {}};
    return s;
}

TEST(ToolMarkers, LinesOfSupplyAndEntryCellsArePickedAndMovedLikePieces) {
    const Scenario s = withMarkers();
    Document doc(s);
    const Layout layout(doc.scenario().map.grid, 100);
    ToolManager tools(doc, layout);
    tools.settings.tool = SelectTool::toolId;

    tools.press(layout.cellCenter({0, 4}));
    ASSERT_TRUE(tools.selectedMarker());
    EXPECT_EQ(tools.selectedMarker()->kind, MapMarker::Kind::SupplyCell);
    EXPECT_FALSE(tools.selected()) << "a marker is not a piece";
    tools.drag(layout.cellCenter({0, 5}));
    tools.release(layout.cellCenter({0, 6}));
    EXPECT_EQ(doc.scenario().oob.headquarters.at(HeadquartersId{2}).supplyCell, (Offset{0, 6}));
    EXPECT_EQ(doc.history().size(), 1u) << "one drag, one step";

    tools.press(layout.cellCenter({9, 2}));
    ASSERT_TRUE(tools.selectedMarker());
    EXPECT_EQ(tools.selectedMarker()->kind, MapMarker::Kind::Entry);
    tools.release(layout.cellCenter({9, 3}));
    EXPECT_EQ(doc.scenario().deployment.reinforcements.at(PieceRef::unit(UnitId{1})).entry, (Offset{9, 3}));
    doc.undo();
    doc.undo();
    EXPECT_EQ(doc.scenario(), s);

    // A click on an empty cell picks nothing.
    tools.press(layout.cellCenter({5, 5}));
    tools.release(layout.cellCenter({5, 5}));
    EXPECT_FALSE(tools.selectedMarker());
}

TEST(ToolMarkers, ObjectivesAreMovedAndEveryMarkerIsDeletedAsOneStep) {
    Scenario s = withMarkers();
    s.map.features[FeatureId{7}] =
        Feature{FeatureKind::Objective, Offset{5, 5}, "Cemetery Hill", Side::Union, 5};
    Document doc(s);
    const Layout layout(doc.scenario().map.grid, 100);
    ToolManager tools(doc, layout);
    std::vector<std::optional<MapMarker>> announced;
    tools.onMarkerSelected = [&](std::optional<MapMarker> m) { announced.push_back(m); };
    tools.settings.tool = SelectTool::toolId;

    tools.press(layout.cellCenter({5, 5}));
    ASSERT_TRUE(tools.selectedMarker());
    EXPECT_EQ(tools.selectedMarker()->kind, MapMarker::Kind::Feature);
    EXPECT_EQ(tools.selectedMarker()->feature, FeatureId{7});
    ASSERT_EQ(announced.size(), 1u) << "Properties hears of the pick";
    EXPECT_EQ(announced.back(), tools.selectedMarker());
    tools.drag(layout.cellCenter({6, 5}));
    tools.release(layout.cellCenter({6, 6}));
    EXPECT_EQ(doc.scenario().map.features.at(FeatureId{7}).cell, (Offset{6, 6}));
    EXPECT_EQ(tools.markerCell(*tools.selectedMarker()), (Offset{6, 6}));
    EXPECT_EQ(doc.history().size(), 1u);

    EXPECT_TRUE(tools.deleteSelectedMarker());
    EXPECT_FALSE(doc.scenario().map.features.contains(FeatureId{7}));
    EXPECT_FALSE(tools.selectedMarker());
    EXPECT_FALSE(tools.deleteSelectedMarker()) << "nothing left to delete";

    tools.press(layout.cellCenter({0, 4}));
    EXPECT_TRUE(tools.deleteSelectedMarker());
    EXPECT_FALSE(doc.scenario().oob.headquarters.at(HeadquartersId{2}).supplyCell);

    tools.press(layout.cellCenter({9, 2}));
    EXPECT_TRUE(tools.deleteSelectedMarker());
    EXPECT_FALSE(doc.scenario().deployment.reinforcements.contains(PieceRef::unit(UnitId{1})))
        << "the reinforcement goes back to the order of battle";
    EXPECT_TRUE(doc.scenario().oob.units.contains(UnitId{1}));
    EXPECT_EQ(doc.history().size(), 4u) << "each delete one step";
    for (int i = 0; i < 4; ++i) {
        doc.undo();
    }
    EXPECT_EQ(doc.scenario(), s);
}

TEST(ToolMarkers, APlacedFeatureIsPickedForNaming) {
    Scenario s;
    s.map = Map::blank(Grid({GridShape::Square, OffsetParity::Odd, 6, 6, 1}), defaultTerrainTypes());
    Document doc(s);
    const Layout layout(doc.scenario().map.grid, 100);
    ToolManager tools(doc, layout);
    std::optional<MapMarker> announced;
    tools.onMarkerSelected = [&](std::optional<MapMarker> m) { announced = m; };
    tools.settings.tool = FeatureTool::toolId;
    tools.settings.featureKind = FeatureKind::Objective;
    tools.press(layout.cellCenter({2, 3}));
    tools.release(layout.cellCenter({2, 3}));
    ASSERT_EQ(doc.scenario().map.features.size(), 1u);
    const auto& [id, f] = *doc.scenario().map.features.begin();
    EXPECT_EQ(f.cell, (Offset{2, 3}));
    ASSERT_TRUE(announced);
    EXPECT_EQ(announced->kind, MapMarker::Kind::Feature);
    EXPECT_EQ(announced->feature, id);
}

} // namespace
} // namespace sandtable
