// The editor window, driven the way a user drives it: tools on the canvas, the drop target that
// takes pieces from the tree, menu commands, the problems panel, saving, recovery.
#include "editor/panels/minimap_panel.hpp"
#include "editor/panels/oob_panel.hpp"
#include "editor/panels/problems_panel.hpp"
#include "editor/tools/fill_tool.hpp"
#include "editor/tools/path_tool.hpp"
#include "editor/tools/shift_ground_tool.hpp"
#include "editor/tools/terrain_brush_tool.hpp"
#include "editor_window.hpp"
#include "model/commands/edits.hpp"
#include "render/colours.hpp"
#include "screen_pixels.hpp"
#include "tests/file_bytes.hpp"

#include <gtest/gtest.h>
#include <wx/app.h>
#include <wx/dcclient.h>
#include <wx/dcmemory.h>
#include <wx/dnd.h>
#include <wx/image.h>
#include <wx/utils.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

namespace sandtable {
namespace {

// The colours open ground is drawn in: the first terrain type tinted by each level it lies at.
std::vector<Rgb> openGroundColours(const Map& map) {
    std::vector<Rgb> colours;
    for (std::size_t i = 0; i < map.terrain.size(); ++i) {
        const Rgb c = cellColour(map, i, true);
        if (map.terrain[i] == 0 && std::ranges::find(colours, c) == colours.end()) {
            colours.push_back(c);
        }
    }
    return colours;
}

bool showsOneOf(const wxImage& image, int x, int y, const std::vector<Rgb>& colours, int tolerance) {
    return std::ranges::any_of(colours, [&](Rgb c) {
        return std::abs(image.GetRed(x, y) - c.r) <= tolerance &&
               std::abs(image.GetGreen(x, y) - c.g) <= tolerance &&
               std::abs(image.GetBlue(x, y) - c.b) <= tolerance;
    });
}

TEST_F(EditorWindow, OpensTheSampleAndShowsItsMap) {
    ASSERT_TRUE(frame->open(sample));
    pump();
    EXPECT_TRUE(frame->GetTitle().Contains("First Bull Run"));
    MapCanvas* canvas = frame->canvas();
    ASSERT_GT(canvas->GetClientSize().x, 100);
    const wxImage image = canvasPixels(canvas, false);
    EXPECT_EQ(canvas->renderOptions().style, MapStyle::Natural) << "the editor opens on the natural ground";
    const auto open = openGroundColours(scenario().map);
    // The natural ground's open fields carry a light texture and shading that wanders with the
    // height: their colour within a few levels.
    int terrainPixels = 0;
    for (int y = 0; y < image.GetHeight(); y += 4) {
        for (int x = 0; x < image.GetWidth(); x += 4) {
            terrainPixels += showsOneOf(image, x, y, open, 6);
        }
    }
    EXPECT_GT(terrainPixels, 100) << "the canvas shows no open ground";
}

TEST_F(EditorWindow, ABadFileShowsTheReadersMessageAndKeepsTheCurrentScenario) {
    ASSERT_TRUE(frame->open(sample));
    EXPECT_FALSE(frame->open(fs::path(SANDTABLE_TEST_DATA) / "bad" / "unknown-arm.xml"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_TRUE(errors[0].Contains("unknown-arm.xml:49:5:")) << errors[0];
    EXPECT_TRUE(frame->GetTitle().Contains("First Bull Run"));
}

TEST_F(EditorWindow, PaintAStrokeThenUndoIt) {
    const Scenario before = scenario();
    ToolManager& tools = *frame->canvas()->tools();
    tools.settings.tool = TerrainBrushTool::toolId;
    tools.settings.terrain = 1;
    tools.press(at({5, 5}));
    tools.drag(at({6, 5}));
    tools.release(at({7, 5}));
    pump();
    EXPECT_EQ(scenario().map.terrain[scenario().map.grid.index({6, 5})], 1);
    EXPECT_TRUE(frame->GetTitle().StartsWith("*")) << frame->GetTitle();
    menu(wxID_UNDO);
    EXPECT_EQ(scenario(), before);
    EXPECT_FALSE(frame->GetTitle().StartsWith("*"));
}

TEST_F(EditorWindow, LayARoad) {
    ToolManager& tools = *frame->canvas()->tools();
    tools.settings.tool = PathTool::toolId;
    tools.settings.pathKind = PathKind::Pike;
    tools.press(at({2, 2}));
    tools.drag(at({5, 3}));
    tools.release(at({8, 3}));
    ASSERT_EQ(scenario().map.paths.size(), 1u);
    EXPECT_EQ(scenario().map.paths.begin()->second.kind, PathKind::Pike);
    EXPECT_EQ(scenario().map.paths.begin()->second.cells.back(), (Offset{8, 3}));
}

TEST_F(EditorWindow, DropAUnitFromTheTreeAndSeeAStackingProblemComeAndGo) {
    const fs::path file = dir / "battle.xml";
    fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "rules" / "hexed-general.base.xml", file);
    ASSERT_TRUE(frame->open(file));
    EXPECT_EQ(frame->document()->problems().errors(), 0);
    const int rowsBefore = frame->problems()->rowCount();
    // Drop Cutler's Brigade (unit 2) on the Iron Brigade's hex, as a drag from the tree does.
    auto* target = dynamic_cast<wxTextDropTarget*>(frame->canvas()->GetDropTarget());
    ASSERT_NE(target, nullptr);
    const wxPoint where = frame->canvas()->toScreen(at({2, 2}));
    ASSERT_TRUE(target->OnDropText(where.x, where.y, "piece:unit:2"));
    pump();
    EXPECT_EQ(scenario().deployment.placements.at(PieceRef::unit(UnitId{2})).cells.front(), (Offset{2, 2}));
    EXPECT_EQ(frame->document()->problems().errors(), 1);
    EXPECT_EQ(frame->problems()->rowCount(), rowsBefore + 1);
    menu(wxID_UNDO);
    EXPECT_EQ(frame->document()->problems().errors(), 0);
    EXPECT_EQ(frame->problems()->rowCount(), rowsBefore);
}

// The Problems list is virtual: its rows are read from the report as they come into view, errors first.
TEST_F(EditorWindow, TheProblemsListShowsTheNewErrorFirst) {
    const fs::path file = dir / "battle.xml";
    fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "rules" / "hexed-general.base.xml", file);
    ASSERT_TRUE(frame->open(file));
    auto* target = dynamic_cast<wxTextDropTarget*>(frame->canvas()->GetDropTarget());
    ASSERT_NE(target, nullptr);
    const wxPoint where = frame->canvas()->toScreen(at({2, 2}));
    ASSERT_TRUE(target->OnDropText(where.x, where.y, "piece:unit:2"));
    pump();
    const Report& report = frame->document()->problems();
    ASSERT_EQ(report.errors(), 1);
    const auto error = std::find_if(report.violations.begin(), report.violations.end(),
                                    [](const Violation& v) { return v.severity == Severity::Error; });
    ASSERT_NE(error, report.violations.end());
    EXPECT_EQ(frame->problems()->rowText(0, 0), "error");
    EXPECT_EQ(frame->problems()->rowText(0, 1), scenario().map.grid.label(error->cells.front()));
    EXPECT_EQ(frame->problems()->rowText(0, 2), error->rule);
    EXPECT_EQ(frame->problems()->rowText(0, 3), error->message);
    EXPECT_EQ(frame->problems()->rowText(frame->problems()->rowCount(), 0), "") << "no row past the last";
}

TEST_F(EditorWindow, SaveAndReopen) {
    ToolManager& tools = *frame->canvas()->tools();
    tools.settings.tool = ShiftGroundTool::raiseId;
    tools.press(at({3, 3}));
    tools.release(at({3, 3}));
    const fs::path file = dir / "saved.xml";
    ASSERT_TRUE(frame->saveAs(file));
    EXPECT_FALSE(frame->GetTitle().StartsWith("*"));
    const Scenario saved = scenario();
    ASSERT_TRUE(frame->open(file));
    EXPECT_EQ(scenario(), saved);
    EXPECT_EQ(scenario().map.elevationAt({3, 3}), 1);
}

TEST_F(EditorWindow, RecoverFromAnAutosave) {
    const fs::path file = dir / "battle.xml";
    fs::copy_file(sample, file);
    ASSERT_TRUE(frame->open(file));
    frame->document()->execute(edits::setEvent(scenario(), 2, "Recovered rain"));
    ASSERT_TRUE(frame->document()->autosaveIfModified());
    // A crash: the window goes without saving; a new one opens the file and is offered the work.
    auto* second = new MainFrame;
    second->ask = [](const wxString&) { return wxYES; };
    ASSERT_TRUE(second->open(file));
    EXPECT_EQ(second->document()->scenario().events.at(2), "Recovered rain");
    EXPECT_TRUE(second->document()->isModified()) << "recovered work is unsaved until saved";
    second->ask = [](const wxString&) { return wxNO; };
    second->Destroy();
    pump();
}

TEST_F(EditorWindow, ClosingWithUnsavedWorkAsksFirst) {
    frame->document()->execute(edits::setEvent(scenario(), 2, "Storm"));
    answer = wxCANCEL;
    EXPECT_FALSE(frame->Close());
    ASSERT_EQ(questions.size(), 1u);
    EXPECT_TRUE(questions[0].Contains("Save the changes"));
    EXPECT_TRUE(frame->IsShown());
}

TEST_F(EditorWindow, ExcludeAProblemWithAComment) {
    const fs::path file = dir / "battle.xml";
    fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "rules" / "hexed-general.stacking.units-per-cell.xml",
                  file);
    ASSERT_TRUE(frame->open(file));
    ASSERT_EQ(frame->document()->problems().errors(), 1);
    const auto& found = frame->document()->problems().violations;
    const auto v = std::find_if(found.begin(), found.end(),
                                [](const Violation& x) { return x.severity == Severity::Error; });
    ASSERT_NE(v, found.end());
    frame->document()->execute(
        edits::setExclusions(scenario(), {Exclusion{v->rule, v->cells, v->pieces, "Historical"}}));
    EXPECT_EQ(frame->document()->problems().errors(), 0);
    EXPECT_EQ(frame->document()->problems().excluded, 1);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(EditorWindow, ImportAnOrderOfBattleFromCsvAsOneUndoStep) {
    ASSERT_TRUE(
        frame->importOrderOfBattle(fs::path(SANDTABLE_TEST_DATA) / "csv" / "antietam-north-woods.csv"));
    EXPECT_EQ(scenario().oob.units.size(), 6u);
    EXPECT_GT(frame->orderOfBattle()->tree()->GetCount(), 10u);
    menu(wxID_UNDO);
    EXPECT_TRUE(scenario().oob.units.empty());
    const fs::path bad = dir / "bad.csv";
    std::FILE* f = std::fopen(bad.c_str(), "w");
    std::fputs("side,army,unit,arm\nunion,A,B,infantery\n", f);
    std::fclose(f);
    EXPECT_FALSE(frame->importOrderOfBattle(bad));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_TRUE(errors[0].Contains("bad.csv:2:11: column 'arm' is 'infantery'")) << errors[0];
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(EditorWindow, DragInTheTreeReparentsWithinTheRules) {
    const fs::path file = dir / "battle.xml";
    fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "rules" / "hexed-general.base.xml", file);
    ASSERT_TRUE(frame->open(file));
    OobPanel* oob = frame->orderOfBattle();
    // The artillery reserve (unit 3, under the army) joins the 1st Division (headquarters 3).
    EXPECT_TRUE(oob->reparent(PieceRef::unit(UnitId{3}), HeadquartersId{3}));
    EXPECT_EQ(scenario().oob.units.at(UnitId{3}).parent, HeadquartersId{3});
    // Not across sides, not a corps under a division.
    EXPECT_FALSE(oob->reparent(PieceRef::unit(UnitId{3}), HeadquartersId{6}));
    EXPECT_FALSE(oob->reparent(PieceRef::commander(HeadquartersId{2}), HeadquartersId{3}));
    menu(wxID_UNDO);
    EXPECT_EQ(scenario().oob.units.at(UnitId{3}).parent, HeadquartersId{1});
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(EditorWindow, ClickingTheOverviewMovesTheView) {
    ASSERT_TRUE(frame->open(sample));
    pump();
    MapCanvas* canvas = frame->canvas();
    canvas->zoomBy(8.0, wxPoint(0, 0)); // well in, so the view is a small part of the map
    wxWindow* overview = frame->minimap();
    ASSERT_NE(overview, nullptr);
    const wxSize size = overview->GetClientSize();
    wxMouseEvent e(wxEVT_LEFT_DOWN);
    e.SetPosition(wxPoint(size.x / 2, size.y / 2));
    overview->ProcessWindowEvent(e);
    const wxSize view = canvas->GetClientSize();
    const Point centre = canvas->toMap(wxPoint(view.x / 2, view.y / 2));
    const Layout& layout = *canvas->layout();
    EXPECT_NEAR(centre.x, layout.width() / 2, layout.cellSize() * 2);
    EXPECT_NEAR(centre.y, layout.height() / 2, layout.cellSize() * 2);
}

// The overview's frame follows the canvas's view, in a paint of its own a moment after the view
// moved (MinimapPanel::viewMoved), not in each frame of a pan.
TEST_F(EditorWindow, TheOverviewsFrameFollowsThePanAMomentLater) {
    ASSERT_TRUE(frame->open(sample));
    MapCanvas* canvas = frame->canvas();
    canvas->zoomBy(8.0, wxPoint(0, 0));
    wxWindow* overview = frame->minimap();
    const auto settle = [&] {
        for (int i = 0; i < 6; ++i) {
            wxMilliSleep(MinimapPanel::followEveryMs);
            pump();
        }
    };
    settle();
    const wxImage before = pixelsOnTheScreen(*overview);
    ASSERT_TRUE(before.IsOk()) << "the display's pixels cannot be read back";
    for (int i = 0; i < 5; ++i) {
        canvas->scrollByKey(WXK_RIGHT);
        canvas->Update();
    }
    settle();
    const wxImage after = pixelsOnTheScreen(*overview);
    ASSERT_TRUE(after.IsOk());
    int changed = 0;
    for (int y = 0; y < before.GetHeight(); ++y) {
        for (int x = 0; x < before.GetWidth(); ++x) {
            changed += before.GetRed(x, y) != after.GetRed(x, y) ? 1 : 0;
        }
    }
    EXPECT_GT(changed, 20) << "the frame moved right";
}

} // namespace
} // namespace sandtable

#include "editor/print/map_printout.hpp"

namespace sandtable {
namespace {

TEST_F(EditorWindow, ExportAsksAboutErrorsAndForcesOnlyWhenTold) {
    const fs::path file = dir / "battle.xml";
    fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "rules" / "hexed-general.stacking.units-per-cell.xml",
                  file);
    ASSERT_TRUE(frame->open(file));
    answer = wxNO;
    EXPECT_FALSE(frame->exportTo(dir / "out.tmx", "tmx"));
    EXPECT_FALSE(fs::exists(dir / "out.tmx"));
    ASSERT_FALSE(questions.empty());
    EXPECT_TRUE(questions.back().Contains("1 errors")) << questions.back();
    answer = wxYES;
    EXPECT_TRUE(frame->exportTo(dir / "out.tmx", "tmx"));
    EXPECT_TRUE(fs::exists(dir / "out-terrain.png"));
    EXPECT_TRUE(frame->exportTo(dir / "out.pdf", "pdf"));
    EXPECT_TRUE(frame->exportTo(dir / "booklet.pdf", "booklet"));
    EXPECT_TRUE(fs::exists(dir / "booklet.pdf"));
}

TEST_F(EditorWindow, ThePrintoutTilesTheMapAtTabletopScaleLikeThePdf) {
    ASSERT_TRUE(frame->open(sample));
    const PrintOptions& o = frame->printOptions();
    EXPECT_NEAR(o.cellSizePt, 25 / 25.4 * 72, 1e-9) << "25 mm cells unless an export chose others";
    MapPrintout printout(std::make_shared<const Scenario>(scenario()), o);
    const auto expected = pagesOf(scenario(), o);
    ASSERT_TRUE(expected);
    EXPECT_GT(expected->pages, 2) << "at tabletop scale the battle does not fit one page";
    EXPECT_EQ(printout.pageCount(), expected->pages);
    EXPECT_TRUE(printout.HasPage(expected->pages));
    EXPECT_FALSE(printout.HasPage(expected->pages + 1));
    wxBitmap page(850, 1100);
    wxMemoryDC dc(page);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    printout.SetDC(&dc);
    ASSERT_TRUE(printout.OnPrintPage(1)); // the overview
    ASSERT_TRUE(printout.OnPrintPage(2)); // A1, the map's top-left page
    dc.SelectObject(wxNullBitmap);
    const wxImage image = page.ConvertToImage();
    const auto open = openGroundColours(scenario().map);
    int terrainPixels = 0;
    for (int y = 0; y < image.GetHeight(); y += 5) {
        for (int x = 0; x < image.GetWidth(); x += 5) {
            terrainPixels += showsOneOf(image, x, y, open, 8);
        }
    }
    EXPECT_GT(terrainPixels, 1000) << "the printed page shows no open ground";
}

} // namespace
} // namespace sandtable

// Safety: edits that used to corrupt memory or leave an unsaveable scenario.
#include "editor/panels/properties_panel.hpp"
#include "editor/panels/scenario_panel.hpp"

#include "formats/scenario_xml.hpp"
#include <wx/menu.h>
#include <wx/print.h>
#include <wx/propgrid/propgrid.h>

namespace sandtable {
namespace {

int menuId(MainFrame* frame, const char* menu, const char* item) {
    const int id = frame->GetMenuBar()->FindMenuItem(menu, item);
    EXPECT_NE(id, wxNOT_FOUND) << menu << " > " << item;
    return id;
}

TEST_F(EditorWindow, ResizeUndoThenFillStaysWithinTheRestoredMap) {
    ASSERT_TRUE(frame->open(sample));
    const Scenario before = scenario();
    frame->askResize = [&](const Scenario& s) -> std::optional<ResizePlan> {
        return ResizePlan::anchored(s.map.grid, 5, 5, {-1, -1});
    };
    menu(menuId(frame, "Map", "Resize..."));
    ASSERT_EQ(scenario().map.grid.cols(), 5);
    EXPECT_EQ(frame->canvas()->layout()->grid(), scenario().map.grid);
    // Whatever stood off the new map went in the same step: the file saves and reopens.
    for (const auto& [id, hq] : scenario().oob.headquarters) {
        EXPECT_TRUE(!hq.supplyCell || scenario().map.grid.contains(*hq.supplyCell)) << hq.name;
    }
    ASSERT_TRUE(frame->saveAs(dir / "small.xml")) << (errors.empty() ? wxString() : errors.back());
    menu(wxID_UNDO);
    ASSERT_EQ(scenario(), before);
    EXPECT_EQ(frame->canvas()->layout()->grid(), scenario().map.grid);
    // A fill far outside the 5 x 5 map: the canvas must map the click to the restored 28 x 26 map.
    ToolManager& tools = *frame->canvas()->tools();
    tools.settings.tool = FillTool::toolId;
    tools.settings.terrain = 2;
    const Offset far{20, 20};
    const auto oldTerrain = scenario().map.terrain[scenario().map.grid.index(far)];
    ASSERT_NE(oldTerrain, 2);
    tools.press(at(far));
    tools.release(at(far));
    EXPECT_EQ(scenario().map.terrain[scenario().map.grid.index(far)], 2);
    menu(wxID_REDO); // the resize again, then its undo: no stale cells anywhere
    menu(wxID_REDO);
    menu(wxID_UNDO);
    EXPECT_EQ(frame->canvas()->layout()->grid(), scenario().map.grid);
}

TEST_F(EditorWindow, PrintPreviewOutlivesNewAndOpen) {
    ASSERT_TRUE(frame->open(sample));
    menu(wxID_PREVIEW);
    wxPreviewFrame* preview = nullptr;
    for (wxWindow* w : wxTopLevelWindows) {
        if (auto* p = dynamic_cast<wxPreviewFrame*>(w)) {
            preview = p;
        }
    }
    ASSERT_NE(preview, nullptr);
    frame->newScenario(NewMapChoice{Grid::Parameters{GridShape::Square, OffsetParity::Odd, 4, 4, 1}, 300,
                                    "acw-area", std::nullopt});
    ASSERT_TRUE(frame->open(fs::path(SANDTABLE_TEST_DATA) / "good" / "small.xml"));
    pump();
    preview->Refresh();
    preview->Update();
    pump();
    wxPrintPreviewBase* pages = nullptr;
    for (wxWindow* child : preview->GetChildren()) {
        if (auto* bar = dynamic_cast<wxPreviewControlBar*>(child)) {
            pages = bar->GetPrintPreview();
        }
    }
    ASSERT_NE(pages, nullptr);
    EXPECT_TRUE(pages->RenderPage(1)); // draws the scenario it was opened on, which is gone from the editor
    preview->Destroy();
    pump();
}

TEST_F(EditorWindow, AnExceptionInAHandlerIsShownTheWorkKeptAndTheEditorLivesOn) {
    const int boom = wxID_HIGHEST + 4242;
    frame->Bind(
        wxEVT_MENU, [](wxCommandEvent&) -> void { throw std::out_of_range("map::at"); }, boom);
    ToolManager& tools = *frame->canvas()->tools();
    tools.settings.tool = TerrainBrushTool::toolId;
    tools.settings.terrain = 1;
    tools.press(at({3, 3}));
    tools.release(at({3, 3}));
    wxCommandEvent e(wxEVT_MENU, boom);
    EXPECT_FALSE(frame->GetEventHandler()->SafelyProcessEvent(e));
    pump();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_TRUE(errors[0].Contains("map::at")) << errors[0];
    EXPECT_TRUE(fs::exists(frame->document()->autosavePath())) << errors[0];
    auto kept = readScenario(frame->document()->autosavePath());
    ASSERT_TRUE(kept);
    EXPECT_EQ(*kept, scenario());
    tools.press(at({4, 4})); // still editing
    tools.release(at({4, 4}));
    EXPECT_EQ(scenario().map.terrain[scenario().map.grid.index({4, 4})], 1);
}

TEST_F(EditorWindow, PanelsRefuseOutOfRangeValuesAtEntry) {
    ASSERT_TRUE(frame->open(sample));
    std::vector<std::string> refused;
    frame->propertiesPanel()->onRefused = [&](const std::string& m) { refused.push_back(m); };
    frame->scenarioPanel()->onRefused = [&](const std::string& m) { refused.push_back(m); };
    const auto& [unitId, unit] = *scenario().oob.units.begin();
    frame->propertiesPanel()->show(PieceRef::unit(unitId));
    wxPropertyGrid* unitGrid = frame->propertiesPanel()->grid();
    EXPECT_FALSE(unitGrid->ChangePropertyValue("Stands", wxVariant(1000L)));
    EXPECT_FALSE(unitGrid->ChangePropertyValue("Roster number", wxVariant(5'000'000L)));
    EXPECT_FALSE(unitGrid->ChangePropertyValue("Name", wxVariant(wxString("  "))));
    EXPECT_EQ(scenario().oob.units.at(unitId), unit);
    ASSERT_EQ(refused.size(), 3u);
    EXPECT_EQ(refused[0], "Stands must be a whole number from 1 to 100, not '1000'");
    EXPECT_EQ(refused[2], "the unit's name is empty; give it a name");
    EXPECT_TRUE(unitGrid->ChangePropertyValue("Stands", wxVariant(4L)));
    EXPECT_EQ(scenario().oob.units.at(unitId).stands, 4);

    wxPropertyGrid* info = frame->scenarioPanel()->grid();
    const ScenarioInfo infoBefore = scenario().info;
    EXPECT_FALSE(info->ChangePropertyValue("date", wxVariant(wxString("Aug 9th 1862"))));
    EXPECT_FALSE(info->ChangePropertyValue("turns", wxVariant(0L)));
    EXPECT_FALSE(info->ChangePropertyValue("title", wxVariant(wxString(""))));
    EXPECT_FALSE(info->ChangePropertyValue("side0", wxVariant(wxString("Army of\nthe Potomac"))));
    EXPECT_EQ(scenario().info, infoBefore);
    ASSERT_EQ(refused.size(), 7u);
    EXPECT_EQ(refused[3], "the date must be a date as YYYY-MM-DD (1861-07-21), not 'Aug 9th 1862'");
    EXPECT_TRUE(info->ChangePropertyValue("date", wxVariant(wxString("1861-07-21"))));
    pump();
    EXPECT_EQ(scenario().info.date, "1861-07-21");
    ASSERT_TRUE(frame->saveAs(dir / "edited.xml"));
    auto back = readScenario(dir / "edited.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(*back, scenario());
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

// File > Open Sample Battle lists the battles that come with the program (here the source tree's,
// as the build finds them); a sample is a starting point: saving it asks where the copy goes and
// leaves the sample as it was.
TEST_F(EditorWindow, TheSampleBattlesOpenFromTheFileMenuAndASaveKeepsThemUnchanged) {
    const wxString gettysburg = "Gettysburg, 1-3 July 1863";
    const int id = frame->GetMenuBar()->FindMenuItem("File", gettysburg);
    ASSERT_NE(id, wxNOT_FOUND) << "File > Open Sample Battle > " << gettysburg;
    const wxMenuItem* item = frame->GetMenuBar()->FindItem(id);
    ASSERT_NE(item->GetMenu(), nullptr);
    EXPECT_EQ(item->GetMenu()->GetMenuItemCount(), 6U) << "the six sample battles";
    menu(id);
    pump();
    const fs::path file = fs::path(SANDTABLE_SAMPLES) / "gettysburg" / "gettysburg.sandtable.xml";
    ASSERT_EQ(frame->document()->file(), file);
    const std::string original = testing_support::fileBytes(file);

    ScenarioInfo info = scenario().info;
    info.title = "Gettysburg, my variant";
    frame->document()->execute(edits::setInfo(scenario(), info));
    wxString askedTitle, askedName;
    const fs::path copy = dir / "my-gettysburg.sandtable.xml";
    frame->askSavePath = [&](const wxString& title, const wxString&, const wxString& name) {
        askedTitle = title;
        askedName = name;
        return std::optional<fs::path>(copy);
    };
    ASSERT_TRUE(frame->save());
    EXPECT_EQ(askedTitle, "Save your copy of the sample battle");
    EXPECT_EQ(askedName, "gettysburg.sandtable.xml");
    EXPECT_EQ(frame->document()->file(), copy);
    EXPECT_FALSE(frame->document()->isModified());
    EXPECT_EQ(testing_support::fileBytes(file), original) << "the sample was changed";
    const std::string text = testing_support::fileBytes(copy);
    EXPECT_NE(text.find("Gettysburg, my variant"), std::string::npos);

    // A cancelled dialog saves nothing.
    ASSERT_TRUE(frame->open(file));
    frame->document()->execute(edits::setInfo(scenario(), info));
    frame->askSavePath = [](const wxString&, const wxString&, const wxString&) {
        return std::optional<fs::path>();
    };
    EXPECT_FALSE(frame->save());
    EXPECT_TRUE(frame->document()->isModified());
}

// When the turns fall is edited in the scenario panel like any other fact: a time or a list that
// does not read is refused with what to write, a good one is one undo step, and it saves.
TEST_F(EditorWindow, TheTurnClockIsEditedRefusedUndoneAndSaved) {
    ASSERT_TRUE(frame->open(sample));
    std::vector<std::string> refused;
    frame->scenarioPanel()->onRefused = [&](const std::string& m) { refused.push_back(m); };
    wxPropertyGrid* info = frame->scenarioPanel()->grid();
    const ScenarioInfo before = scenario().info;
    EXPECT_FALSE(info->ChangePropertyValue("startTime", wxVariant(wxString("8 am"))));
    EXPECT_FALSE(info->ChangePropertyValue("nightTurns", wxVariant(wxString("9 3"))));
    EXPECT_FALSE(info->ChangePropertyValue("nightTurns", wxVariant(wxString("999"))));
    EXPECT_EQ(scenario().info, before);
    ASSERT_EQ(refused.size(), 3u);
    EXPECT_EQ(refused[0], "write a time of day as HH:MM from 00:00 to 23:59 (08:00), or nothing; not '8 am'");
    EXPECT_EQ(
        refused[1],
        "write the night turns as turn numbers separated by spaces, rising, each once (13 30); not '9 3'");
    EXPECT_EQ(refused[2], "night turn 999 is not one of the scenario's turns (1 to " +
                              std::to_string(before.turns) + ")");
    EXPECT_TRUE(info->ChangePropertyValue("startTime", wxVariant(wxString("13:20"))));
    pump();
    EXPECT_TRUE(info->ChangePropertyValue("nightTurns", wxVariant(wxString("3"))));
    pump();
    EXPECT_TRUE(info->ChangePropertyValue("dawn", wxVariant(wxString("4:30"))));
    pump();
    EXPECT_EQ(scenario().info.startTime, ClockTime{13 * 60 + 20});
    EXPECT_EQ(scenario().info.nightTurns, std::vector<int>{3});
    EXPECT_EQ(scenario().info.dawn, ClockTime{4 * 60 + 30});
    menu(wxID_UNDO);
    EXPECT_FALSE(scenario().info.dawn);
    EXPECT_EQ(scenario().info.nightTurns, std::vector<int>{3});
    menu(wxID_REDO);
    ASSERT_TRUE(frame->saveAs(dir / "clock.xml"));
    auto back = readScenario(dir / "clock.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(back->info.dawn, ClockTime{4 * 60 + 30});
    EXPECT_EQ(*back, scenario());
    // Cleared again: the file says nothing of a clock.
    EXPECT_TRUE(info->ChangePropertyValue("startTime", wxVariant(wxString(""))));
    pump();
    EXPECT_FALSE(scenario().info.startTime);
}

} // namespace
} // namespace sandtable
