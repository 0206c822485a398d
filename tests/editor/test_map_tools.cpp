// Each tool class on its own, through a test double of its host (no ToolManager, no window): a
// stroke or a drag, Esc in the middle of one, and how its edits group into undo steps. And the list
// of tools: every tool declares a distinct id and shortcut, in the palette's order.
#include "editor/tools/area_tool.hpp"
#include "editor/tools/background_alignment_tool.hpp"
#include "editor/tools/eraser_tool.hpp"
#include "editor/tools/eyedropper_tool.hpp"
#include "editor/tools/feature_tool.hpp"
#include "editor/tools/fill_tool.hpp"
#include "editor/tools/hexside_tool.hpp"
#include "editor/tools/measure_tool.hpp"
#include "editor/tools/overlay_painter.hpp"
#include "editor/tools/path_tool.hpp"
#include "editor/tools/select_tool.hpp"
#include "editor/tools/set_level_tool.hpp"
#include "editor/tools/shift_ground_tool.hpp"
#include "editor/tools/supply_tool.hpp"
#include "editor/tools/terrain_brush_tool.hpp"
#include "editor/tools/tool_list.hpp"
#include "editor/tools/tool_manager.hpp"
#include "model/commands/edits.hpp"
#include "model/scenario_generator.hpp"
#include "render/map_painter.hpp"

#include <gtest/gtest.h>

#include <cmath>
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
    void finishTask() override { ++tasksFinished; }

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
    int tasksFinished = 0;
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

TEST(ToolList, EveryToolDeclaresADistinctIdShortcutAndIcon) {
    const auto& infos = mapToolInfos();
    ASSERT_EQ(infos.size(), makeMapTools().size());
    EXPECT_EQ(infos.front().id, SelectTool::toolId) << "the palette starts with select";
    std::set<std::pair<char, bool>> keys;
    std::set<std::string_view> ids;
    for (const ToolInfo& info : infos) {
        EXPECT_TRUE(ids.insert(info.id.name).second) << info.title << ": an id taken";
        EXPECT_FALSE(info.id.name.empty()) << info.title;
        EXPECT_TRUE(keys.insert({info.key, info.shift}).second) << info.title << ": a shortcut taken";
        EXPECT_FALSE(info.title.empty());
        EXPECT_FALSE(info.help.empty()) << info.title;
        EXPECT_TRUE(info.icon.starts_with("<svg") && info.icon.ends_with("</svg>")) << info.title;
        EXPECT_EQ(toolForKey(info.key + ('a' - 'A'), info.shift), info.id) << "lower case too";
        EXPECT_EQ(&mapToolInfo(info.id), &info);
    }
    EXPECT_EQ(shortcutText(mapToolInfo(ShiftGroundTool::lowerId)), "Shift+R");
    EXPECT_FALSE(toolForKey('B', true)) << "Shift+B is no tool";
    EXPECT_THROW(mapToolInfo(ToolId{"no-such-tool"}), std::logic_error);
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
    EXPECT_EQ(raise.info().id, ShiftGroundTool::raiseId);
    EXPECT_EQ(lower.info().id, ShiftGroundTool::lowerId);
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

// What a tool drew, call by call.
class RecordingOverlay final : public OverlayPainter {
  public:
    void line(Point from, Point to, OverlayColour, double) override {
        ++lines;
        segments.emplace_back(from, to);
    }
    void outline(std::span<const Point> corners, OverlayColour, double, std::optional<OverlayColour>,
                 bool) override {
        outlines.emplace_back(corners.begin(), corners.end());
    }
    void circle(Point centre, double, OverlayColour, double, std::optional<OverlayColour>) override {
        rings.push_back(centre);
    }
    void dot(Point, double, OverlayColour) override { ++dots; }
    void cross(Point centre, double, OverlayColour, double) override { crosses.push_back(centre); }
    void text(Point, Point, std::string_view t, double, OverlayColour, bool) override {
        texts.emplace_back(t);
    }
    int lines = 0, dots = 0;
    std::vector<std::pair<Point, Point>> segments;
    std::vector<std::vector<Point>> outlines;
    std::vector<Point> rings, crosses;
    std::vector<std::string> texts;
};

// The cells whose outlines were drawn, found back from each outline's corners.
std::set<Offset> outlinedCells(const RecordingOverlay& drawn, const Layout& layout) {
    std::set<Offset> cells;
    for (const std::vector<Point>& corners : drawn.outlines) {
        Point mid;
        for (const Point& c : corners) {
            mid.x += c.x / static_cast<double>(corners.size());
            mid.y += c.y / static_cast<double>(corners.size());
        }
        if (const auto cell = layout.cellAt(mid)) {
            EXPECT_EQ(layout.corners(*cell), corners) << "a whole cell's outline";
            cells.insert(*cell);
        }
    }
    return cells;
}

TEST_F(MapTools, ABrushShowsTheCellsItWouldPaintUnderThePointerAndForgetsThemOffTheMap) {
    for (const std::unique_ptr<MapTool>& tool : makeMapTools()) {
        if (!(tool->info().options & BrushRadiusOption)) {
            continue;
        }
        SCOPED_TRACE(tool->info().title);
        EXPECT_EQ(tool->cursor(), ToolCursor::Cross);
        host.settings.brushRadius = 1;
        EXPECT_TRUE(tool->hover(host, host.at({5, 5})));
        EXPECT_FALSE(tool->hover(host, host.at({5, 5}))) << "the same cell again changes nothing";
        RecordingOverlay drawn;
        tool->drawOverlay(drawn);
        const std::vector<Offset> seven = doc.scenario().map.grid.range({5, 5}, 1);
        EXPECT_EQ(outlinedCells(drawn, host.map), std::set<Offset>(seven.begin(), seven.end()));
        // A wider brush chosen in the palette shows at the next move, on the same cell.
        host.settings.brushRadius = 2;
        EXPECT_TRUE(tool->hover(host, host.at({5, 5})));
        RecordingOverlay wider;
        tool->drawOverlay(wider);
        EXPECT_EQ(outlinedCells(wider, host.map).size(), 19U);
        // Off the map: nothing.
        EXPECT_TRUE(tool->hover(host, std::nullopt));
        RecordingOverlay none;
        tool->drawOverlay(none);
        EXPECT_TRUE(none.outlines.empty());
    }
}

TEST_F(MapTools, TheHexsideToolMarksTheSideAClickWouldTake) {
    HexsideTool tool;
    const Point centre = host.at({4, 4});
    const auto [from, to] = host.map.edgeSegment({{4, 4}, 1});
    const Point nearSide{centre.x + 0.8 * ((from.x + to.x) / 2 - centre.x),
                         centre.y + 0.8 * ((from.y + to.y) / 2 - centre.y)};
    EXPECT_TRUE(tool.hover(host, nearSide));
    RecordingOverlay drawn;
    tool.drawOverlay(drawn);
    ASSERT_FALSE(drawn.segments.empty());
    for (const auto& [a, b] : drawn.segments) {
        // Either way round: the side is its two corners.
        EXPECT_TRUE((a == from && b == to) || (a == to && b == from));
    }
    tool.press(host, nearSide);
    EXPECT_TRUE(doc.scenario().map.hexsideAt(EdgeId{{4, 4}, 1}).has(host.settings.sideFeature))
        << "the marked side is the one the click took";
    EXPECT_TRUE(tool.hover(host, std::nullopt));
    RecordingOverlay none;
    tool.drawOverlay(none);
    EXPECT_TRUE(none.segments.empty());
}

TEST_F(MapTools, MeasuringReadsCellsYardsAndTableInchesAndChangesNothing) {
    MeasureTool tool;
    Scenario scenario = doc.scenario();
    scenario.map.yardsPerCell = 200;
    Document measured(scenario);
    FakeHost on(measured);
    Map& map = scenario.map;
    on.stroke(tool, {{2, 4}, {4, 4}, {6, 4}});
    // Four columns east along a flat-topped hex grid's row: 4 hexes; centres 0.866 of a cell apart.
    const double across = 4 * std::sqrt(3.0) / 2;
    const std::string yards = std::to_string(std::lround(across * 200));
    ASSERT_FALSE(on.messages.empty());
    EXPECT_EQ(on.messages.back(), "Measure " + map.grid.label({2, 4}) + " to " + map.grid.label({6, 4}) +
                                      ": 4 hexes; " + yards + " yards as the crow flies");
    EXPECT_EQ(tool.status(), "4 hexes; " + yards + " yards as the crow flies");
    EXPECT_EQ(measured.history().size(), 0U) << "a measurement is no edit";
    EXPECT_FALSE(measured.isModified());
    RecordingOverlay drawn;
    tool.drawOverlay(drawn);
    ASSERT_FALSE(drawn.segments.empty());
    EXPECT_EQ(drawn.segments.front(), std::pair(on.at({2, 4}), on.at({6, 4})));
    EXPECT_EQ(drawn.texts.back(), tool.status());
    // On a map measured in inches (I'm a Good Old Rebel): the table's inches too.
    map.tabletop = TabletopCell{.size = 4, .unit = LengthUnit::Inches, .inches = 15, .yards = 500};
    EXPECT_EQ(measurementText(map, on.map, {2, 4}, {2, 7}),
              "3 hexes; 600 yards as the crow flies, 12.0 in on the table");
    map.tabletop->unit = LengthUnit::Millimetres;
    map.tabletop->size = 25;
    EXPECT_EQ(measurementText(map, on.map, {2, 4}, {2, 5}),
              "1 hex; 200 yards as the crow flies, 25 mm on the table");
    // Esc clears the measurement; an Esc with none is not the tool's.
    EXPECT_TRUE(tool.key(on, ToolKey::Escape));
    RecordingOverlay cleared;
    tool.drawOverlay(cleared);
    EXPECT_TRUE(cleared.segments.empty());
    EXPECT_EQ(tool.status(), tool.info().help);
    EXPECT_FALSE(tool.key(on, ToolKey::Escape));
}

TEST_F(MapTools, AligningTheBackgroundTakesClicksAndKeysDrawsItsPairsAndEndsItself) {
    BackgroundImage scan;
    scan.file = "scan.png";
    scan.unitsPerPixel = 0.1;
    std::optional<BackgroundImage> applied;
    BackgroundAlignmentTool tool(scan, [&](BackgroundImage b) { applied = b; });
    EXPECT_EQ(tool.cursor(), ToolCursor::Cross);
    const double u = mapUnitsPerCell;
    // Two pairs: (1,1) on the scan belongs at (2,2); (5,1) at (10,2): twice the scale, moved.
    for (Point p : {Point{1 * u, 1 * u}, Point{2 * u, 2 * u}, Point{5 * u, 1 * u}, Point{10 * u, 2 * u}}) {
        tool.press(host, p);
        tool.release(host, p);
    }
    EXPECT_EQ(tool.alignment().completePairs(), 2u);
    ASSERT_FALSE(host.messages.empty());
    EXPECT_EQ(host.messages.back(), tool.status()) << "each click says what to do next";
    RecordingOverlay drawn;
    tool.drawOverlay(drawn);
    ASSERT_EQ(drawn.rings.size(), 2u) << "a ring on the scan for each pair";
    ASSERT_EQ(drawn.crosses.size(), 2u) << "a cross where each belongs";
    EXPECT_DOUBLE_EQ(drawn.rings[1].x, 5 * u);
    EXPECT_DOUBLE_EQ(drawn.crosses[1].x, 10 * u);
    EXPECT_EQ(drawn.texts.front(), "1");
    // A stray click taken back with Backspace; then Enter applies, and the task ends itself.
    tool.press(host, {7 * u, 7 * u});
    EXPECT_TRUE(tool.alignment().waitingForGridPoint());
    EXPECT_TRUE(tool.key(host, ToolKey::Backspace));
    EXPECT_FALSE(tool.alignment().waitingForGridPoint());
    EXPECT_EQ(host.tasksFinished, 0);
    EXPECT_TRUE(tool.key(host, ToolKey::Enter));
    EXPECT_EQ(host.tasksFinished, 1);
    ASSERT_TRUE(applied);
    const auto [x, y] = applied->toMap(50, 10); // the pixel of scan point (5, 1)
    EXPECT_NEAR(x, 10, 1e-9);
    EXPECT_NEAR(y, 2, 1e-9);
    EXPECT_EQ(host.messages.back(), "Background aligned by two points");
}

TEST_F(MapTools, EnterWithOnePairAppliesNothingAndEscEndsTheTaskAsItWas) {
    BackgroundImage scan;
    scan.file = "scan.png";
    scan.unitsPerPixel = 0.1;
    int applied = 0;
    BackgroundAlignmentTool tool(scan, [&](BackgroundImage) { ++applied; });
    tool.press(host, {100, 100});
    tool.press(host, {200, 200});
    EXPECT_TRUE(tool.key(host, ToolKey::Enter));
    EXPECT_EQ(applied, 0);
    EXPECT_EQ(host.tasksFinished, 0) << "two pairs are needed: the task goes on";
    EXPECT_TRUE(tool.key(host, ToolKey::Escape));
    EXPECT_EQ(applied, 0);
    EXPECT_EQ(host.tasksFinished, 1);
    EXPECT_EQ(host.messages.back(), "Alignment cancelled: the background is as it was");
}

TEST_F(MapTools, ATaskTakesTheMapFromThePalettesToolUntilItFinishes) {
    const Layout layout(doc.scenario().map.grid, mapUnitsPerCell);
    ToolManager tools(doc, layout);
    tools.settings.tool = TerrainBrushTool::toolId;
    BackgroundImage scan;
    scan.file = "scan.png";
    scan.unitsPerPixel = 0.1;
    tools.startTask(std::make_unique<BackgroundAlignmentTool>(scan, [](BackgroundImage) {}));
    ASSERT_NE(tools.task(), nullptr);
    EXPECT_EQ(&tools.active(), tools.task());
    const auto before = doc.scenario().map.terrain;
    tools.press(layout.cellCenter({3, 3}));
    tools.release(layout.cellCenter({3, 3}));
    EXPECT_EQ(doc.scenario().map.terrain, before) << "the click went to the task, not the brush";
    EXPECT_FALSE(tools.key(ToolKey::Enter) && tools.task() == nullptr) << "one click is no pair";
    tools.cancel(); // Esc
    EXPECT_EQ(tools.task(), nullptr);
    EXPECT_EQ(tools.active().info().id, TerrainBrushTool::toolId);
    EXPECT_FALSE(tools.key(ToolKey::Enter)) << "the brush takes no keys";
}

} // namespace
} // namespace sandtable
