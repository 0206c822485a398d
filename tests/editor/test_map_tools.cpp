// Each tool class on its own, through a test double of its host (no ToolManager, no window): a
// stroke or a drag, Esc in the middle of one, and how its edits group into undo steps. And the list
// of tools: every tool declares a distinct id and shortcut, in the palette's order.
#include "editor/tools/area_tool.hpp"
#include "editor/tools/eraser_tool.hpp"
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
#include "editor/tools/tool_list.hpp"
#include "model/commands/edits.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

#include <set>

namespace sandtable {
namespace {

// What the canvas and the ToolManager give a tool, kept in plain members a test can read.
class FakeHost final : public ToolHost {
  public:
    explicit FakeHost(Document& d) : doc(d), map(d.scenario().map.grid, 100) {}
    Document& document() override { return doc; }
    const Layout& layout() const override { return map; }
    ToolSettings& toolSettings() override { return settings; }
    std::uint64_t gesture() const override { return gestureId; }
    std::optional<PieceRef> selected() const override { return piece; }
    void select(std::optional<PieceRef> p) override { piece = p; }
    std::optional<MapMarker> selectedMarker() const override { return marker; }
    void selectMarker(std::optional<MapMarker> m) override { marker = m; }
    void message(const std::string& text) override { messages.push_back(text); }
    void terrainPicked(TerrainIndex t) override { picked = t; }

    // A gesture as the manager runs it: a new undo merge id, then press, drags and release.
    void stroke(MapTool& tool, const std::vector<Offset>& cells) {
        gestureId = doc.newGestureId();
        tool.press(*this, at(cells.front()));
        for (std::size_t i = 1; i + 1 < cells.size(); ++i) {
            tool.drag(*this, at(cells[i]));
        }
        tool.release(*this, at(cells.back()));
    }
    Point at(Offset c) const { return map.cellCenter(c); }

    Document& doc;
    Layout map;
    ToolSettings settings;
    std::uint64_t gestureId = 0;
    std::optional<PieceRef> piece;
    std::optional<MapMarker> marker;
    std::vector<std::string> messages;
    std::optional<TerrainIndex> picked;
};

class MapTools : public testing::Test {
  protected:
    MapTools()
        : doc(generateScenario(GeneratorParameters{20, 16, 60, 4, 3, GridShape::HexFlat})), host(doc) {}
    int terrain(Offset c) const { return doc.scenario().map.terrain[doc.scenario().map.grid.index(c)]; }
    int level(Offset c) const { return doc.scenario().map.elevationAt(c); }
    Document doc;
    FakeHost host;
};

TEST(ToolList, EveryToolDeclaresADistinctIdAndShortcutInThePalettesOrder) {
    const auto& infos = mapToolInfos();
    ASSERT_EQ(infos.size(), EnumNames<Tool>::names.size()) << "a class in the list for every tool";
    std::set<std::pair<char, bool>> keys;
    for (std::size_t i = 0; i < infos.size(); ++i) {
        EXPECT_EQ(infos[i].id, EnumNames<Tool>::names[i].first)
            << "the palette lists the tools in Tool's order";
        EXPECT_TRUE(keys.insert({infos[i].key, infos[i].shift}).second)
            << infos[i].title << ": a shortcut taken";
        EXPECT_FALSE(infos[i].title.empty());
        EXPECT_FALSE(infos[i].help.empty()) << infos[i].title;
        EXPECT_EQ(toolForKey(infos[i].key + ('a' - 'A'), infos[i].shift), infos[i].id) << "lower case too";
    }
    EXPECT_EQ(shortcutText(mapToolInfo(Tool::Lower)), "Shift+R");
    EXPECT_FALSE(toolForKey('B', true)) << "Shift+B is no tool";
}

TEST_F(MapTools, TheTerrainBrushPaintsAStrokeAsOneUndoStep) {
    TerrainBrushTool brush;
    host.settings.terrain = 3;
    host.stroke(brush, {{2, 2}, {3, 2}, {4, 2}, {5, 2}});
    for (Offset c : std::vector<Offset>{{2, 2}, {3, 2}, {4, 2}, {5, 2}}) {
        EXPECT_EQ(terrain(c), 3);
    }
    EXPECT_EQ(doc.history().size(), 1U);
    host.stroke(brush, {{8, 8}, {9, 8}});
    EXPECT_EQ(doc.history().size(), 2U) << "a new gesture is a new step";
    doc.undo();
    EXPECT_EQ(terrain({4, 2}), 3);
    doc.undo();
    EXPECT_NE(terrain({4, 2}), 3);
}

TEST_F(MapTools, RaiseGroundShiftsACellOnceAStrokeAndLowerTakesItBack) {
    ShiftGroundTool raise(+1), lower(-1);
    EXPECT_EQ(raise.info().id, Tool::Raise);
    EXPECT_EQ(lower.info().id, Tool::Lower);
    const int before = level({5, 5});
    host.stroke(raise, {{5, 5}, {6, 5}, {5, 5}, {6, 5}});
    EXPECT_EQ(level({5, 5}), before + 1) << "passing a cell twice raises it once";
    EXPECT_EQ(doc.history().size(), 1U);
    host.stroke(lower, {{5, 5}});
    EXPECT_EQ(level({5, 5}), before);
}

TEST_F(MapTools, SetLevelFillAndEyedropper) {
    SetLevelTool setLevel;
    host.settings.level = 7;
    host.stroke(setLevel, {{1, 1}, {2, 1}});
    EXPECT_EQ(level({1, 1}), 7);
    EXPECT_EQ(level({2, 1}), 7);

    EyedropperTool eyedropper;
    host.stroke(eyedropper, {{2, 2}});
    ASSERT_TRUE(host.picked);
    EXPECT_EQ(*host.picked, terrain({2, 2}));
    EXPECT_EQ(host.settings.terrain, terrain({2, 2}));

    FillTool fill;
    const int from = terrain({2, 2});
    host.settings.terrain = static_cast<TerrainIndex>(from == 1 ? 2 : 1);
    host.stroke(fill, {{2, 2}});
    EXPECT_EQ(terrain({2, 2}), host.settings.terrain);
    EXPECT_EQ(doc.history().size(), 2U) << "the fill is one step";
}

TEST_F(MapTools, AHexsideStrokeStoppedByEscKeepsWhatItDrewAsOneStep) {
    HexsideTool hexside;
    host.settings.sideFeature = SideFeature::River;
    const Grid& g = doc.scenario().map.grid;
    auto middle = [&](EdgeId e) {
        auto [a, b] = host.map.edgeSegment(e);
        return Point{(a.x + b.x) / 2, (a.y + b.y) / 2};
    };
    const auto before = doc.scenario().map.hexsides;
    host.gestureId = doc.newGestureId();
    hexside.press(host, middle(g.edge({5, 5}, 0)));
    hexside.drag(host, middle(g.edge({5, 7}, 0)));
    const auto drawn = doc.scenario().map.hexsides.size();
    EXPECT_GE(drawn, before.size() + 3) << "a chain of sides from one to the other";
    hexside.cancel(host);
    hexside.drag(host, middle(g.edge({9, 9}, 0)));
    EXPECT_EQ(doc.scenario().map.hexsides.size(), drawn) << "after Esc the drag draws nothing more";
    EXPECT_EQ(doc.history().size(), 1U);
    doc.undo();
    EXPECT_EQ(doc.scenario().map.hexsides, before);
}

TEST_F(MapTools, APathIsLaidOnReleaseAndNotAtAllWhenCancelled) {
    PathTool path;
    const auto before = doc.scenario().map.paths.size();
    host.gestureId = doc.newGestureId();
    path.press(host, host.at({2, 10}));
    path.drag(host, host.at({6, 10}));
    path.cancel(host);
    path.release(host, host.at({6, 10}));
    EXPECT_EQ(doc.scenario().map.paths.size(), before) << "Esc dropped the path";
    host.stroke(path, {{2, 10}, {6, 10}});
    ASSERT_EQ(doc.scenario().map.paths.size(), before + 1);
    EXPECT_EQ(doc.history().size(), 1U);
    const Path& laid = std::prev(doc.scenario().map.paths.end())->second;
    EXPECT_EQ(laid.cells.size(), 5U) << "a fast drag is filled with neighbours";
}

TEST_F(MapTools, SelectPicksAPieceAndADragMovesItAsOneStep) {
    SelectTool select;
    const Offset from = doc.scenario().deployment.placements.begin()->second.cells.front();
    const Offset to = doc.scenario().map.grid.neighbors(from).front();
    host.stroke(select, {from, to});
    ASSERT_TRUE(host.piece.has_value()) << "the piece in the cell is picked";
    EXPECT_EQ(doc.scenario().deployment.placements.at(*host.piece).cells.front(), to);
    EXPECT_EQ(doc.history().size(), 1U);
    doc.undo();
    EXPECT_EQ(doc.scenario().deployment.placements.at(*host.piece).cells.front(), from);
}

TEST_F(MapTools, FeatureSupplyAndEraser) {
    FeatureTool feature;
    host.settings.featureKind = FeatureKind::Town;
    host.settings.featureName = "Centreville";
    const auto before = doc.scenario().map.features.size();
    host.stroke(feature, {{12, 12}});
    ASSERT_EQ(doc.scenario().map.features.size(), before + 1);
    ASSERT_TRUE(host.marker) << "the new place is picked for Properties";
    EXPECT_EQ(doc.scenario().map.features.at(host.marker->feature).name, "Centreville");

    EraserTool eraser;
    host.stroke(eraser, {{12, 12}});
    EXPECT_EQ(doc.scenario().map.features.size(), before);

    SupplyTool supply;
    host.piece.reset();
    host.stroke(supply, {{3, 3}});
    ASSERT_EQ(host.messages.size(), 1U) << "a corps must be selected first";
    EXPECT_NE(host.messages.front().find("Select a corps"), std::string::npos);
}

TEST_F(MapTools, AnAreaIsChosenByADragAndClearedByEsc) {
    AreaTool area;
    host.stroke(area, {{2, 2}, {4, 3}});
    EXPECT_EQ(area.area().size(), 6U) << "3 columns by 2 rows";
    EXPECT_TRUE(area.copy(doc.scenario()));
    EXPECT_TRUE(area.hasClipboard());
    area.cancel(host);
    EXPECT_TRUE(area.area().empty());
    EXPECT_TRUE(area.hasClipboard()) << "Esc drops the rectangle, not what was copied";
    EXPECT_TRUE(area.pasteAt(doc, {10, 10}));
    EXPECT_EQ(doc.history().size(), 1U);
}

} // namespace
} // namespace sandtable
