// The editor window, driven the way a user drives it: tools on the canvas, the drop target that
// takes pieces from the tree, menu commands, the problems panel, saving, recovery.
#include "editor/panels/oob_panel.hpp"
#include "editor/panels/problems_panel.hpp"
#include "editor_window.hpp"
#include "model/commands/edits.hpp"
#include "render/colours.hpp"

#include <gtest/gtest.h>
#include <wx/app.h>
#include <wx/dcclient.h>
#include <wx/dcmemory.h>
#include <wx/dnd.h>
#include <wx/image.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

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
    canvas->Update();
    const wxSize size = canvas->GetClientSize();
    ASSERT_GT(size.x, 100);
    wxBitmap shot(size);
    {
        wxMemoryDC mem(shot);
        wxClientDC client(canvas);
        mem.Blit(0, 0, size.x, size.y, &client, 0, 0);
    }
    const wxImage image = shot.ConvertToImage();
    const auto open = openGroundColours(scenario().map);
    int terrainPixels = 0;
    for (int y = 0; y < image.GetHeight(); y += 4) {
        for (int x = 0; x < image.GetWidth(); x += 4) {
            terrainPixels += showsOneOf(image, x, y, open, 0);
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
    ToolController& tools = *frame->canvas()->tools();
    tools.settings.tool = Tool::Terrain;
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
    ToolController& tools = *frame->canvas()->tools();
    tools.settings.tool = Tool::Path;
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

TEST_F(EditorWindow, SaveAndReopen) {
    ToolController& tools = *frame->canvas()->tools();
    tools.settings.tool = Tool::Raise;
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

void click(MapCanvas* canvas, wxPoint at) {
    for (auto type : {wxEVT_LEFT_DOWN, wxEVT_LEFT_UP}) {
        wxMouseEvent e(type);
        e.SetPosition(at);
        e.SetEventObject(canvas);
        canvas->ProcessWindowEvent(e);
    }
}

TEST_F(EditorWindow, ABackgroundImageIsDrawnAndAlignedByTwoPoints) {
    // A red 200 x 100 "scan".
    wxImage scan(200, 100);
    scan.SetRGB(wxRect(0, 0, 200, 100), 220, 0, 0);
    const fs::path file = dir / "scan.png";
    ASSERT_TRUE(scan.SaveFile(wxString::FromUTF8(file.string()), wxBITMAP_TYPE_PNG));
    ASSERT_TRUE(frame->setBackground(file));
    ASSERT_TRUE(scenario().map.background);
    EXPECT_NEAR(scenario().map.background->opacity, 0.5, 1e-9);

    // The canvas shows it: reddish pixels over the map.
    MapCanvas* canvas = frame->canvas();
    canvas->Refresh();
    canvas->Update();
    pump();
    const wxSize size = canvas->GetClientSize();
    wxBitmap shot(size);
    {
        wxMemoryDC mem(shot);
        wxClientDC client(canvas);
        mem.Blit(0, 0, size.x, size.y, &client, 0, 0);
    }
    const wxImage image = shot.ConvertToImage();
    const wxPoint mapCorner = canvas->toScreen(at({1, 1}));
    EXPECT_GT(image.GetRed(mapCorner.x, mapCorner.y), image.GetGreen(mapCorner.x, mapCorner.y) + 40)
        << "no red scan under the grid";

    // Align: image pixel (0,0) to cell 0303's centre, pixel (200,0) to cell 1303's centre.
    const BackgroundImage before = *scenario().map.background;
    auto screenOfPixel = [&](double px, double py) {
        auto [mx, my] = before.toMap(px, py);
        return canvas->toScreen(Point{mx * MapCanvas::cellSize, my * MapCanvas::cellSize});
    };
    const Point m1 = at({2, 2}), m2 = at({12, 2});
    canvas->startBackgroundAlignment(
        [&](BackgroundImage b) { frame->document()->execute(edits::setBackground(scenario(), b)); });
    click(canvas, screenOfPixel(0, 0));
    click(canvas, canvas->toScreen(m1));
    click(canvas, screenOfPixel(200, 0));
    click(canvas, canvas->toScreen(m2));
    EXPECT_EQ(*scenario().map.background, before) << "nothing changes until the alignment is applied";
    key(WXK_RETURN);
    ASSERT_EQ(canvas->backgroundAlignment(), nullptr);
    const BackgroundImage& after = *scenario().map.background;
    auto [x1, y1] = after.toMap(0, 0);
    auto [x2, y2] = after.toMap(200, 0);
    // Within a pixel of where the clicks were (screen rounding).
    const double tolerance = 2.0 / canvas->zoom() / MapCanvas::cellSize;
    EXPECT_NEAR(x1, m1.x / MapCanvas::cellSize, tolerance);
    EXPECT_NEAR(y1, m1.y / MapCanvas::cellSize, tolerance);
    EXPECT_NEAR(x2, m2.x / MapCanvas::cellSize, tolerance);
    EXPECT_NEAR(y2, m2.y / MapCanvas::cellSize, tolerance);
    menu(wxID_UNDO);
    EXPECT_EQ(*scenario().map.background, before);
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
    ToolController& tools = *frame->canvas()->tools();
    tools.settings.tool = Tool::Fill;
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
    ToolController& tools = *frame->canvas()->tools();
    tools.settings.tool = Tool::Terrain;
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

// A scan stretched one way and skewed (as a sheet that shrank in the wet) lines up by four pairs
// of clicks, fitted by least squares; Backspace takes back a stray click, Esc leaves it as it was.
TEST_F(EditorWindow, AStretchedScanIsAlignedByFourPointsWithTheirResiduals) {
    wxImage scan(200, 100);
    scan.SetRGB(wxRect(0, 0, 200, 100), 220, 0, 0);
    const fs::path file = dir / "scan.png";
    ASSERT_TRUE(scan.SaveFile(wxString::FromUTF8(file.string()), wxBITMAP_TYPE_PNG));
    ASSERT_TRUE(frame->setBackground(file));
    MapCanvas* canvas = frame->canvas();
    canvas->Refresh();
    canvas->Update();
    pump();
    const BackgroundImage before = *scenario().map.background;
    auto screenOfPixel = [&](double px, double py) {
        auto [mx, my] = before.toMap(px, py);
        return canvas->toScreen(Point{mx * MapCanvas::cellSize, my * MapCanvas::cellSize});
    };
    // Where the four corners of the scan belong: a parallelogram, 10 cells by 5, sheared 2 cells.
    const Affine wanted{0.05, 0.02, 2.0, 0.0, 0.05, 2.5};
    auto target = [&](double px, double py) {
        return Point{(wanted[0] * px + wanted[1] * py + wanted[2]) * MapCanvas::cellSize,
                     (wanted[3] * px + wanted[4] * py + wanted[5]) * MapCanvas::cellSize};
    };
    std::vector<wxString> hints;
    canvas->onHint = [&](const wxString& h) { hints.push_back(h); };
    menu("Map", "Align background by points");
    ASSERT_NE(canvas->backgroundAlignment(), nullptr);
    const std::vector<std::pair<double, double>> corners{{0, 0}, {200, 0}, {0, 100}, {200, 100}};
    for (auto [px, py] : corners) {
        click(canvas, screenOfPixel(px, py));
        click(canvas, canvas->toScreen(target(px, py)));
    }
    // A stray click on the scan, taken back.
    click(canvas, screenOfPixel(100, 50));
    EXPECT_TRUE(canvas->backgroundAlignment()->waitingForGridPoint());
    key(WXK_BACK);
    ASSERT_EQ(canvas->backgroundAlignment()->completePairs(), 4u);
    EXPECT_FALSE(canvas->backgroundAlignment()->waitingForGridPoint());
    ASSERT_FALSE(hints.empty());
    EXPECT_TRUE(hints.back().Contains("4 pairs, fitted within")) << hints.back();
    for (const auto& pair : canvas->backgroundAlignment()->pairs()) {
        ASSERT_TRUE(pair.residual);
        EXPECT_LT(*pair.residual, 0.05); // clicks round to screen pixels
    }
    EXPECT_EQ(*scenario().map.background, before);

    key(WXK_RETURN);
    EXPECT_EQ(canvas->backgroundAlignment(), nullptr);
    const BackgroundImage& after = *scenario().map.background;
    ASSERT_TRUE(after.affine);
    const double tolerance = 3.0 / canvas->zoom() / MapCanvas::cellSize;
    for (auto [px, py] : corners) {
        auto [x, y] = after.toMap(px, py);
        EXPECT_NEAR(x * MapCanvas::cellSize, target(px, py).x, tolerance * MapCanvas::cellSize);
        EXPECT_NEAR(y * MapCanvas::cellSize, target(px, py).y, tolerance * MapCanvas::cellSize);
    }
    EXPECT_TRUE(hints.back().Contains("aligned by 4 points")) << hints.back();

    // Another alignment, cancelled: nothing changes.
    const BackgroundImage aligned = after;
    menu("Map", "Align background by points");
    click(canvas, screenOfPixel(0, 0));
    click(canvas, canvas->toScreen(at({5, 5})));
    key(WXK_ESCAPE);
    EXPECT_EQ(canvas->backgroundAlignment(), nullptr);
    EXPECT_EQ(*scenario().map.background, aligned);
    menu(wxID_UNDO);
    EXPECT_EQ(*scenario().map.background, before);
}

} // namespace
} // namespace sandtable

#include "model/scenario_generator.hpp"

namespace sandtable {
namespace {

// The canvas as it is on screen.
wxImage canvasPixels(MapCanvas* canvas) {
    canvas->Refresh();
    canvas->Update();
    pump();
    const wxSize size = canvas->GetClientSize();
    wxBitmap shot(size);
    {
        wxMemoryDC mem(shot);
        wxClientDC client(canvas);
        mem.Blit(0, 0, size.x, size.y, &client, 0, 0);
    }
    return shot.ConvertToImage();
}

// 200 x 200 pixels of 5 m from (301500, 4398500) in UTM 18N, red west of 302000 and blue east of it,
// with a world file beside it.
fs::path writeRedWestBlueEastScan(const fs::path& dir) {
    wxImage scan(200, 200);
    scan.SetRGB(wxRect(0, 0, 100, 200), 230, 0, 0);
    scan.SetRGB(wxRect(100, 0, 100, 200), 0, 0, 230);
    const fs::path png = dir / "scan.png";
    EXPECT_TRUE(scan.SaveFile(wxString::FromUTF8(png.string()), wxBITMAP_TYPE_PNG));
    // A world file: pixel size, rotation terms, then the centre of the top-left pixel.
    std::FILE* world = std::fopen((dir / "scan.wld").c_str(), "w");
    EXPECT_NE(world, nullptr);
    if (world != nullptr) {
        std::fputs("5\n0\n0\n-5\n301502.5\n4398497.5\n", world);
        std::fclose(world);
    }
    return png;
}

// A scan with a world file (a kilometre square in UTM 18N, its western half red and its eastern
// half blue) chosen as the background of a map placed on the Earth lands, with no clicks, on the
// cells it covers: the canvas tints the cells west of the scan's middle red, those east of it blue,
// and leaves the cells beyond the scan as they were.
TEST_F(EditorWindow, AGeoreferencedScanIsDrawnOnTheCellsItCovers) {
    Scenario blank = generateScenario(GeneratorParameters{20, 20, 2, 0, 1, GridShape::HexFlat});
    blank.deployment.placements.clear();
    std::ranges::fill(blank.map.terrain, TerrainIndex{0});
    std::ranges::fill(blank.map.elevation, std::int16_t{0});
    blank.map.paths.clear();
    blank.map.features.clear();
    blank.map.hexsides.clear();
    blank.map.yardsPerCell = 100;
    blank.map.geo = GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302'000, 4'398'000, 0};
    const fs::path file = dir / "placed.sandtable.xml";
    ASSERT_TRUE(saveScenario(blank, file));
    ASSERT_TRUE(frame->open(file));
    MapCanvas* canvas = frame->canvas();
    canvas->zoomToFit();
    const wxImage before = canvasPixels(canvas);

    const fs::path png = writeRedWestBlueEastScan(dir);
    ASSERT_TRUE(frame->setBackground(png));
    ASSERT_TRUE(scenario().map.background);
    ASSERT_TRUE(scenario().map.background->affine) << "not placed by its georeference";
    EXPECT_TRUE(frame->GetStatusBar()->GetStatusText(0).Contains("placed by its georeference"))
        << frame->GetStatusBar()->GetStatusText(0);
    const wxImage after = canvasPixels(canvas);

    // In cells: the map's centre is the placement's point; 5.47 cells of 100 yards to the scan's
    // edges. Grid north is within 1.5 degrees of true north here, a seventh of a cell over the scan.
    const Layout& layout = *canvas->layout();
    const double cx = layout.width() / MapCanvas::cellSize / 2,
                 cy = layout.height() / MapCanvas::cellSize / 2;
    auto tint = [&](double x, double y) {
        // At the centre of the cell holding the point, away from grid lines and cell numbers.
        const auto cell = layout.cellAt({x * MapCanvas::cellSize, y * MapCanvas::cellSize});
        EXPECT_TRUE(cell);
        const wxPoint p = canvas->toScreen(layout.cellCenter(*cell));
        const int red = after.GetRed(p.x, p.y) - before.GetRed(p.x, p.y);
        const int blue = after.GetBlue(p.x, p.y) - before.GetBlue(p.x, p.y);
        return std::pair{red, blue};
    };
    for (double dy : {-4.0, 0.0, 4.0}) {
        for (double dx : {-4.0, -1.5}) {
            const auto [red, blue] = tint(cx + dx, cy + dy);
            EXPECT_GT(red, 10) << "west half at (" << dx << ", " << dy << ")";
            EXPECT_LT(blue, -10) << "west half at (" << dx << ", " << dy << ")";
        }
        for (double dx : {1.5, 4.0}) {
            const auto [red, blue] = tint(cx + dx, cy + dy);
            EXPECT_LT(red, -10) << "east half at (" << dx << ", " << dy << ")";
            EXPECT_GT(blue, 10) << "east half at (" << dx << ", " << dy << ")";
        }
    }
    for (auto [dx, dy] : std::vector<std::pair<double, double>>{{-7.5, 0}, {7.5, 0}, {0, -7.5}, {0, 7.5}}) {
        const auto [red, blue] = tint(cx + dx, cy + dy);
        EXPECT_LE(std::abs(red) + std::abs(blue), 4) << "beyond the scan at (" << dx << ", " << dy << ")";
    }

    // Placed 200 m further east, the map sees the scan 200 m further west: the scan moves with the
    // placement, in the same undo step.
    const BackgroundImage where = *scenario().map.background;
    frame->askPlacement = [](const Scenario&) {
        return std::optional(GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302'200, 4'398'000, 0});
    };
    menu("Map", "Place on the Earth...");
    ASSERT_TRUE(scenario().map.background->affine);
    const double metresPerCell = 100 * 0.9144;
    EXPECT_NEAR(scenario().map.background->toMap(100, 100).first,
                where.toMap(100, 100).first - 200 / metresPerCell, 0.02);
    // 200 m along UTM's grid east is 5 m off true east here (1.5 degrees of grid convergence).
    EXPECT_NEAR(scenario().map.background->toMap(100, 100).second, where.toMap(100, 100).second, 0.1);
    EXPECT_TRUE(frame->GetStatusBar()->GetStatusText(0).Contains("moved with it"));
    menu(wxID_UNDO);
    EXPECT_EQ(*scenario().map.background, where);
    EXPECT_EQ(scenario().map.geo->x, 302'000);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

// The other order: a georeferenced scan chosen before the map is placed is said to be one, and
// placing the map puts it in place.
TEST_F(EditorWindow, AGeoreferencedScanChosenFirstFallsIntoPlaceWhenTheMapIsPlaced) {
    ASSERT_TRUE(frame->open(sample));
    const fs::path png = writeRedWestBlueEastScan(dir);
    ASSERT_TRUE(frame->setBackground(png));
    EXPECT_FALSE(scenario().map.background->affine);
    EXPECT_TRUE(frame->GetStatusBar()->GetStatusText(0).Contains("carries a georeference"))
        << frame->GetStatusBar()->GetStatusText(0);
    frame->askPlacement = [](const Scenario&) {
        return std::optional(GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302'000, 4'398'000, 0});
    };
    menu("Map", "Place on the Earth...");
    ASSERT_TRUE(scenario().map.background->affine);
    const Layout cells(scenario().map.grid, 1.0);
    const auto [x, y] = scenario().map.background->toMap(100, 100); // the scan's middle: the map's centre
    EXPECT_NEAR(x, cells.width() / 2, 0.05);
    EXPECT_NEAR(y, cells.height() / 2, 0.05);
    menu(wxID_UNDO);
    EXPECT_FALSE(scenario().map.geo);
    EXPECT_FALSE(scenario().map.background->affine)
        << "one undo takes back the placement and the scan's move";
}

} // namespace
} // namespace sandtable
