// The editor's dialogs, typed into as a user would: fields checked as typed, live results, what
// reaches the document.
#include "editor/dialogs/export_dialog.hpp"
#include "editor/dialogs/import_dialog.hpp"
#include "editor/dialogs/new_map_dialog.hpp"
#include "editor/dialogs/resize_dialog.hpp"
#include "editor/dialogs/terrain_dialogs.hpp"
#include "editor_window.hpp"
#include "exports/vassal_module.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "tests/formats/synthetic_dem.hpp"
#include "tests/temporary_folder.hpp"

#include <fstream>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/radiobox.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

namespace sandtable {
namespace {

class Dialogs : public EditorWindow {};

void type(wxTextCtrl* field, const wxString& text) {
    field->SetValue(text); // sends wxEVT_TEXT, as typing does
    pump();
}

void choose(wxChoice* choice, const wxString& item) {
    choice->SetStringSelection(item);
    wxCommandEvent e(wxEVT_CHOICE, choice->GetId());
    e.SetEventObject(choice);
    e.SetInt(choice->GetSelection());
    choice->ProcessWindowEvent(e);
    pump();
}

void choose(wxRadioBox* box, int item) {
    box->SetSelection(item);
    wxCommandEvent e(wxEVT_RADIOBOX, box->GetId());
    e.SetEventObject(box);
    e.SetInt(item);
    box->ProcessWindowEvent(e);
    pump();
}

TEST_F(Dialogs, NewMapChecksEveryFieldAsTypedAndShowsTheYardsPerCellLive) {
    NewMapDialog dialog(frame, NewMapChoice{});
    wxWindow* ok = dialog.FindWindow(wxID_OK);
    ASSERT_NE(ok, nullptr);
    EXPECT_TRUE(ok->IsEnabled());
    EXPECT_EQ(dialog.result->GetLabel(), "= 400 yards per cell; the map is 12,000 x 8,000 yards");

    type(dialog.columns, "3O");
    EXPECT_FALSE(ok->IsEnabled());
    EXPECT_EQ(dialog.problem->GetLabel(), "Columns must be a whole number from 1 to 10,000, not '3O'");
    type(dialog.columns, "10000");
    type(dialog.rows, "10000");
    EXPECT_FALSE(ok->IsEnabled());
    EXPECT_EQ(dialog.problem->GetLabel(),
              "10,000 x 10,000 is 100,000,000 cells; a map has at most 25,000,000");
    type(dialog.columns, "40");
    type(dialog.rows, "25");
    EXPECT_TRUE(ok->IsEnabled());
    EXPECT_TRUE(dialog.problem->GetLabel().empty());

    // Good Old Rebel is measured in inches: its scale comes in as a tabletop cell, 15" = 500 yards.
    choose(dialog.ruleset, "good-old-rebel");
    EXPECT_EQ(dialog.scaleMode->GetSelection(), 1);
    EXPECT_FALSE(dialog.yards->IsEnabled());
    EXPECT_EQ(dialog.cellSize->GetValue(), "4");
    EXPECT_EQ(dialog.rulesInches->GetValue(), "15");
    EXPECT_EQ(dialog.rulesYards->GetValue(), "500");
    EXPECT_TRUE(dialog.result->GetLabel().StartsWith("= 133.33")) << dialog.result->GetLabel();
    // The same cell in millimetres.
    choose(dialog.cellUnit, "mm");
    type(dialog.cellSize, "101.6");
    auto chosen = dialog.choice();
    ASSERT_TRUE(chosen) << chosen.error();
    EXPECT_NEAR(chosen->yardsPerCell, 400.0 / 3, 1e-9);
    type(dialog.cellSize, "0");
    EXPECT_FALSE(ok->IsEnabled());
    EXPECT_TRUE(dialog.problem->GetLabel().StartsWith("The cell size must be")) << dialog.problem->GetLabel();
    type(dialog.cellSize, "50");

    // Pointy hexes, even rows shifted, labels from 0.
    choose(dialog.orientation, 1);
    choose(dialog.parity, 1);
    choose(dialog.firstLabel, 0);
    chosen = dialog.choice();
    ASSERT_TRUE(chosen);
    EXPECT_EQ(chosen->grid.shape, GridShape::HexPointy);
    EXPECT_EQ(chosen->grid.parity, OffsetParity::Even);
    EXPECT_EQ(chosen->grid.labelBase, 0);
    EXPECT_EQ(chosen->grid.cols, 40);
    EXPECT_EQ(chosen->ruleset, "good-old-rebel");
    // Squares have no orientation.
    choose(dialog.shape, 1);
    EXPECT_FALSE(dialog.orientation->IsEnabled());
    EXPECT_EQ(dialog.choice()->grid.shape, GridShape::Square);
}

TEST_F(Dialogs, FileNewMapMakesTheChosenMapWithItsRuleset) {
    NewMapChoice asked;
    frame->askNewMap = [&](const NewMapChoice& initial) -> std::optional<NewMapChoice> {
        NewMapDialog dialog(frame, initial);
        choose(dialog.ruleset, "good-old-rebel");
        type(dialog.columns, "24");
        type(dialog.rows, "12");
        choose(dialog.orientation, 1);
        auto c = dialog.choice();
        EXPECT_TRUE(c) << c.error();
        asked = *c;
        return c ? std::optional(*c) : std::nullopt;
    };
    menu("File", "New map...");
    EXPECT_EQ(scenario().map.grid.cols(), 24);
    EXPECT_EQ(scenario().map.grid.rows(), 12);
    EXPECT_EQ(scenario().map.grid.shape(), GridShape::HexPointy);
    EXPECT_NEAR(scenario().map.yardsPerCell, 400.0 / 3, 1e-9);
    EXPECT_EQ(scenario().info.ruleset, "good-old-rebel");
    EXPECT_EQ(frame->document()->rulesetName(), "good-old-rebel");
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

// Map > Place on the Earth, then Map > Import elevation from a terrain model: each field checked as
// typed, the levels previewed with their histogram before anything changes, one undo step each.
TEST_F(Dialogs, PlaceOnTheEarthThenImportElevationFromATerrainModel) {
    ASSERT_TRUE(frame->open(sample));
    const Scenario before = scenario();
    PlaceOnEarthDialog place(frame, scenario());
    type(place.crs, "EPSG:nonsense");
    EXPECT_FALSE(place.FindWindow(wxID_OK)->IsEnabled());
    EXPECT_TRUE(place.problem->GetLabel().Contains("not a coordinate system GDAL knows"))
        << place.problem->GetLabel();
    type(place.crs, "EPSG:32618");
    type(place.x, "302000");
    type(place.y, "4398000");
    ASSERT_TRUE(place.placement()) << place.placement().error();
    EXPECT_TRUE(place.FindWindow(wxID_OK)->IsEnabled());
    frame->askPlacement = [&](const Scenario&) { return std::optional(*place.placement()); };
    menu("Map", "Place on the Earth...");
    ASSERT_TRUE(scenario().map.geo);
    EXPECT_EQ(scenario().map.geo->crs, "EPSG:32618");

    const testing_support::TemporaryFolder scratch("dialog-dem");
    const std::filesystem::path dem = scratch / "dialog-dem.tif";
    ASSERT_TRUE(testing_support::writeUtmDem(dem, {}, [](double e, double n) {
        return 100 + std::max(0.0, 100 * (1 - std::hypot(e - 302000, n - 4398000) / 1000));
    }));
    ImportElevationDialog import(frame, scenario());
    EXPECT_EQ(import.problem->GetLabel(), "Choose the terrain model");
    type(import.file, wxString::FromUTF8(dem.string()));
    type(import.interval, "20ft");
    ASSERT_TRUE(import.preview()) << import.preview().error();
    EXPECT_TRUE(import.histogram->GetLabel().Contains("Heights 328 to")) << import.histogram->GetLabel();
    EXPECT_TRUE(import.histogram->GetLabel().Contains("cells outside the model keep their level"));
    type(import.interval, "0ft");
    EXPECT_FALSE(import.FindWindow(wxID_OK)->IsEnabled());
    type(import.interval, "20ft");
    EXPECT_EQ(scenario().map.elevation, before.map.elevation) << "the preview changed the map";
    frame->askElevationImport = [&](const Scenario&) { return std::optional(*import.preview()); };
    menu("Map", "Import elevation...");
    const auto highest = *std::max_element(scenario().map.elevation.begin(), scenario().map.elevation.end());
    EXPECT_GE(highest, 10)
        << "a hill 328 ft over the plain: the mean of a 400-yard cell near its top is 10 levels up";
    menu(wxID_UNDO);
    EXPECT_EQ(scenario().map.elevation, before.map.elevation);
    menu(wxID_UNDO);
    EXPECT_EQ(scenario(), before);
}

// Placed by three cells whose coordinates a designer read off a survey: the fit lands where the
// map truly lies, its figures fill the fields and each point's residual is listed; a mistyped line
// is named.
TEST_F(Dialogs, PlaceOnTheEarthByControlPointsShowsTheFitAndItsResiduals) {
    ASSERT_TRUE(frame->open(sample));
    Map truth = scenario().map;
    truth.geo = GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302'000, 4'398'000, 10};
    wxString lines;
    for (Offset c : {Offset{1, 1}, Offset{10, 2}, Offset{3, 9}}) {
        const auto [e, n] = testing_support::centreOnGround(truth, c);
        lines << wxString::FromUTF8(truth.grid.label(c)) << wxString::Format(" %.2f %.2f\n", e, n);
    }
    PlaceOnEarthDialog place(frame, scenario());
    type(place.crs, "EPSG:32618");
    choose(place.by, "Control points (cells and their coordinates)");
    EXPECT_FALSE(place.x->IsEnabled());
    EXPECT_EQ(place.problem->GetLabel(), "Give two control points or more, a line each: CCRR X Y");
    type(place.points, lines + "0203 nonsense\n");
    EXPECT_EQ(place.problem->GetLabel(),
              "Control point line 4 is not CCRR X Y (a cell of the map and its centre's coordinate)");
    EXPECT_FALSE(place.FindWindow(wxID_OK)->IsEnabled());
    type(place.points, lines);
    ASSERT_TRUE(place.placement()) << place.placement().error();
    EXPECT_TRUE(place.FindWindow(wxID_OK)->IsEnabled());
    EXPECT_NEAR(place.placement()->x, 302'000, 2);
    EXPECT_NEAR(place.placement()->y, 4'398'000, 2);
    EXPECT_NEAR(place.placement()->rotationDegrees, 10, 0.05);
    double shown = 0;
    ASSERT_TRUE(place.x->GetValue().ToCDouble(&shown));
    EXPECT_NEAR(shown, 302'000, 2) << "the fit fills the fields";
    EXPECT_TRUE(place.residuals->GetLabel().Contains("rms")) << place.residuals->GetLabel();
    EXPECT_TRUE(place.residuals->GetLabel().Contains(wxString::FromUTF8(truth.grid.label({10, 2}))));
    frame->askPlacement = [&](const Scenario&) { return std::optional(*place.placement()); };
    menu("Map", "Place on the Earth...");
    ASSERT_TRUE(scenario().map.geo);
    EXPECT_NEAR(scenario().map.geo->rotationDegrees, 10, 0.05);
    ASSERT_EQ(scenario().map.geo->controlPoints.size(), 3u) << "the points are kept with the placement";

    // Opened again, the dialog shows the points, ready for a fourth, and changes nothing on OK.
    PlaceOnEarthDialog again(frame, scenario());
    EXPECT_EQ(again.by->GetSelection(), 1);
    EXPECT_TRUE(again.points->GetValue().Contains(wxString::FromUTF8(truth.grid.label({3, 9}))));
    ASSERT_TRUE(again.placement()) << again.placement().error();
    EXPECT_EQ(*again.placement(), *scenario().map.geo);

    // Resized with two columns more on the left, the map keeps its cells on their ground: the
    // control points move with their cells, and the refit puts the map where it is.
    const GeoPlacement placedBefore = *scenario().map.geo;
    const Grid& g = scenario().map.grid;
    frame->askResize = [&](const Scenario&) {
        return std::optional(ResizePlan::anchored(g, g.cols() + 2, g.rows(), {1, -1}));
    };
    menu("Map", "Resize...");
    ASSERT_TRUE(scenario().map.geo);
    EXPECT_EQ(scenario().map.geo->controlPoints[0].cell, (Offset{3, 1}));
    PlaceOnEarthDialog resized(frame, scenario());
    ASSERT_TRUE(resized.fit()) << resized.fit().error();
    EXPECT_NEAR(resized.fit()->placement.x, scenario().map.geo->x, 0.5);
    EXPECT_NEAR(resized.fit()->placement.y, scenario().map.geo->y, 0.5);
    EXPECT_LT(resized.fit()->rms, 1.0) << "yards";
    menu(wxID_UNDO);
    EXPECT_EQ(*scenario().map.geo, placedBefore);
    menu(wxID_UNDO);
    EXPECT_FALSE(scenario().map.geo);
}

// A land-cover raster over the placed map: the built-in NLCD table asks for a terrain the map
// lacks, and says which and where; the designer's own table previews what changes, and OK changes
// it in one undoable step.
TEST_F(Dialogs, ImportLandCoverPreviewsWhatChangesAndIsOneUndoStep) {
    ASSERT_TRUE(frame->open(sample));
    frame->document()->execute(edits::setGeoPlacement(
        scenario(), GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302'000, 4'398'000, 0}));
    const Scenario before = scenario();
    const fs::path cover = dir / "cover.tif", table = dir / "table.txt";
    // Woods west of the centre, crops east of it, on 10 m pixels over 6 km.
    ASSERT_TRUE(testing_support::writeRaster(cover, 32618, {600, 10, 299'000, 4'401'000}, GDT_Byte,
                                             [](double e, double) { return e < 302'000 ? 41 : 82; }));
    ImportLandCoverDialog import(frame, scenario());
    EXPECT_EQ(import.problem->GetLabel(), "Choose the land-cover raster");
    type(import.file, wxString::FromUTF8(cover.string()));
    choose(import.table, "Built-in: nlcd");
    EXPECT_TRUE(import.problem->GetLabel().Contains("built-in nlcd:"));
    EXPECT_TRUE(import.problem->GetLabel().Contains("terrain 'water' is not one of this map's terrain types"))
        << import.problem->GetLabel();
    EXPECT_FALSE(import.FindWindow(wxID_OK)->IsEnabled());
    std::ofstream(table) << "41 woods\n82 open\n";
    choose(import.table, "A table file");
    EXPECT_TRUE(import.tableFile->IsEnabled());
    type(import.tableFile, wxString::FromUTF8(table.string()));
    ASSERT_TRUE(import.preview()) << import.preview().error();
    EXPECT_TRUE(import.summary->GetLabel().Contains("cells change")) << import.summary->GetLabel();
    EXPECT_TRUE(import.summary->GetLabel().Contains("woods")) << import.summary->GetLabel();
    type(import.share, "0%");
    EXPECT_FALSE(import.FindWindow(wxID_OK)->IsEnabled());
    type(import.share, "60%");
    EXPECT_EQ(scenario(), before) << "the preview changed the map";
    const auto expected = *import.preview();
    EXPECT_GT(expected.changed, 20);
    frame->askLandCoverImport = [&](const Scenario&) { return std::optional(*import.preview()); };
    menu("Map", "Import land cover...");
    EXPECT_EQ(scenario().map.terrain, expected.terrain);
    menu(wxID_UNDO);
    EXPECT_EQ(scenario(), before);
}

// Opening the dialog on a placed map and pressing OK changes nothing: every digit of the
// placement is shown and read back.
TEST_F(Dialogs, PlaceOnTheEarthKeepsEveryDigitOfThePlacement) {
    ASSERT_TRUE(frame->open(sample));
    const GeoPlacement exact{"EPSG:32618", GeoAnchor::TopLeft, 302'000.123456789, 4'398'123.75, -1.2345678};
    frame->document()->execute(edits::setGeoPlacement(scenario(), exact));
    PlaceOnEarthDialog place(frame, scenario());
    ASSERT_TRUE(place.placement()) << place.placement().error();
    EXPECT_EQ(*place.placement(), exact) << place.y->GetValue();
}

TEST_F(Dialogs, ResizeWithAnAnchorListsWhatFallsOffAndIsOneUndoStep) {
    ASSERT_TRUE(frame->open(sample));
    const Scenario before = scenario();
    const Grid& g = scenario().map.grid;
    ResizeDialog dialog(frame, scenario());
    wxWindow* ok = dialog.FindWindow(wxID_OK);
    EXPECT_EQ(dialog.losses->GetLabel(), "Falls off the map: nothing");
    // Four more columns on the left: nothing falls off, everything moves right.
    type(dialog.columns, wxString::Format("%d", g.cols() + 4));
    choose(dialog.horizontal, 2);
    EXPECT_EQ(dialog.losses->GetLabel(), "Falls off the map: nothing");
    auto plan = dialog.plan();
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->shift, (Offset{4, 0}));
    // Ten rows fewer at the top: the pieces up there are named before anything happens.
    type(dialog.rows, wxString::Format("%d", g.rows() - 10));
    choose(dialog.vertical, 2);
    EXPECT_TRUE(dialog.losses->GetLabel().Contains("pieces (")) << dialog.losses->GetLabel();
    EXPECT_EQ(scenario(), before) << "the dialog changed the scenario";
    type(dialog.rows, "0");
    EXPECT_FALSE(ok->IsEnabled());
    EXPECT_EQ(dialog.problem->GetLabel(), "Rows must be a whole number from 1 to 10,000, not '0'");
    type(dialog.rows, wxString::Format("%d", g.rows()));

    frame->askResize = [&](const Scenario&) {
        return dialog.plan() ? std::optional(*dialog.plan()) : std::nullopt;
    };
    menu("Map", "Resize...");
    EXPECT_EQ(scenario().map.grid.cols(), before.map.grid.cols() + 4);
    const PieceRef first = before.deployment.placements.begin()->first;
    const Offset was = before.deployment.placements.begin()->second.cells.front();
    EXPECT_EQ(scenario().deployment.placements.at(first).cells.front(), (Offset{was.col + 4, was.row}));
    menu(wxID_UNDO);
    EXPECT_EQ(scenario(), before);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

std::string run(const std::string& command) {
    std::string out;
    if (FILE* p = ::popen(command.c_str(), "r")) {
        char buffer[512];
        while (std::fgets(buffer, sizeof buffer, p) != nullptr) {
            out += buffer;
        }
        ::pclose(p);
    }
    return out;
}

TEST_F(Dialogs, ExportOptionsReachTheFile) {
    ASSERT_EQ(std::system("command -v pdfinfo >/dev/null"), 0)
        << "pdfinfo (poppler-utils) is needed to check the exported PDF; ./dev installs it";
    ASSERT_TRUE(frame->open(sample));
    ExportDialog dialog(frame, scenario(), dir / "bull-run.sandtable.xml");
    EXPECT_TRUE(dialog.file->GetValue().EndsWith("bull-run.pdf")) << dialog.file->GetValue();
    wxWindow* ok = dialog.FindWindow(wxID_OK);
    // The file name follows the kind.
    dialog.chooseKind("png");
    EXPECT_TRUE(dialog.file->GetValue().EndsWith("bull-run.png")) << dialog.file->GetValue();
    EXPECT_TRUE(dialog.dpi->IsShown());
    EXPECT_FALSE(dialog.paper->IsShown());
    // First Bull Run is a battle of two scenarios: the dialog says what the kind holds.
    EXPECT_TRUE(
        dialog.pages->GetLabel().Contains("Draws the scenario being edited, 'First Bull Run: Matthews Hill"))
        << dialog.pages->GetLabel();
    dialog.chooseKind("vassal");
    EXPECT_EQ(dialog.pages->GetLabel(), "Holds all 2 scenarios of the battle");
    dialog.chooseKind("pdf");
    EXPECT_TRUE(dialog.file->GetValue().EndsWith("bull-run.pdf"));
    EXPECT_FALSE(dialog.dpi->IsShown());
    EXPECT_TRUE(dialog.paper->IsShown());

    // A3 landscape at 20 mm a cell: the page count shows as the options change.
    choose(dialog.paper, "a3");
    choose(dialog.orientation, 1);
    type(dialog.cellSize, "abc");
    EXPECT_FALSE(ok->IsEnabled());
    EXPECT_TRUE(dialog.problem->GetLabel().StartsWith("Cell size:")) << dialog.problem->GetLabel();
    type(dialog.cellSize, "20mm");
    EXPECT_TRUE(ok->IsEnabled());
    const wxString count = dialog.pages->GetLabel();
    long pages = 0;
    ASSERT_TRUE(count.BeforeFirst(' ').ToLong(&pages)) << count;
    EXPECT_GT(pages, 1);

    auto request = dialog.request();
    ASSERT_TRUE(request) << request.error();
    frame->askExport = [&](const Scenario&, const std::filesystem::path&) { return std::optional(*request); };
    menu("File", "Export...");
    ASSERT_TRUE(fs::exists(dir / "bull-run.pdf")) << (errors.empty() ? wxString() : errors.back());
    const std::string info = run("pdfinfo '" + (dir / "bull-run.pdf").string() + "'");
    auto field = [&](const std::string& name) {
        const auto at = info.find(name + ":");
        if (at == std::string::npos) {
            return std::string();
        }
        const auto start = info.find_first_not_of(' ', at + name.size() + 1);
        return info.substr(start, info.find('\n', start) - start);
    };
    EXPECT_EQ(field("Pages"), std::to_string(pages)) << info;
    EXPECT_EQ(field("Page size"), "1190.55 x 841.89 pts (A3)") << info;
}

// Counter sheets: File > Export asks the counters' size (not the cell's), refuses one too small to
// read, and the sheets come out with a back page for every front page, the ruleset's back word on
// the backs.
TEST_F(Dialogs, CounterSheetsAreExportedAtTheCounterSizeAsked) {
    ASSERT_EQ(std::system("command -v pdftotext >/dev/null"), 0)
        << "pdftotext (poppler-utils) is needed to check the exported PDF; ./dev installs it";
    ASSERT_TRUE(frame->open(sample));
    ExportDialog dialog(frame, scenario(), dir / "bull-run.sandtable.xml");
    dialog.chooseKind("counters");
    EXPECT_TRUE(dialog.counterSize->IsShown());
    EXPECT_FALSE(dialog.cellSize->IsShown());
    wxWindow* ok = dialog.FindWindow(wxID_OK);
    type(dialog.counterSize, "3mm");
    EXPECT_FALSE(ok->IsEnabled());
    EXPECT_TRUE(dialog.problem->GetLabel().StartsWith("A counter must be from 0.4in to 2in"))
        << dialog.problem->GetLabel();
    type(dialog.counterSize, "0.5in");
    EXPECT_TRUE(ok->IsEnabled());
    auto request = dialog.request();
    ASSERT_TRUE(request) << request.error();
    EXPECT_DOUBLE_EQ(request->options.print.counterSizePt, 36);
    dialog.chooseKind("pdf");
    EXPECT_FALSE(dialog.counterSize->IsShown());
    EXPECT_TRUE(dialog.cellSize->IsShown());

    frame->askExport = [&](const Scenario&, const std::filesystem::path&) { return std::optional(*request); };
    menu("File", "Export...");
    ASSERT_TRUE(fs::exists(request->file)) << (errors.empty() ? wxString() : errors.back());
    // -raw: in its layout mode pdftotext splits words set this small.
    const std::string text = run("pdftotext -raw '" + request->file.string() + "' -");
    EXPECT_NE(text.find("fronts"), std::string::npos);
    EXPECT_NE(text.find("2 hits"), std::string::npos) << "the Hexed General's backs";
}

// File > Export of a VASSAL module offers to update one made before; a file that is not there is
// said at once, and the module named reaches the export.
TEST_F(Dialogs, AVassalExportMayUpdateAModuleMadeBefore) {
    ASSERT_TRUE(frame->open(sample));
    ExportDialog dialog(frame, scenario(), dir / "bull-run.sandtable.xml");
    dialog.chooseKind("pdf");
    EXPECT_FALSE(dialog.updateFrom->IsShown());
    dialog.chooseKind("vassal");
    EXPECT_TRUE(dialog.updateFrom->IsShown());
    wxWindow* ok = dialog.FindWindow(wxID_OK);
    type(dialog.updateFrom, wxString::FromUTF8((dir / "missing.vmod").string()));
    EXPECT_FALSE(ok->IsEnabled());
    EXPECT_TRUE(dialog.problem->GetLabel().StartsWith("Update module: there is no file"))
        << dialog.problem->GetLabel();
    std::ofstream(dir / "old.vmod") << "x";
    type(dialog.updateFrom, wxString::FromUTF8((dir / "old.vmod").string()));
    EXPECT_TRUE(ok->IsEnabled());
    auto request = dialog.request();
    ASSERT_TRUE(request) << request.error();
    ASSERT_TRUE(request->options.vassalUpdate);
    EXPECT_EQ(*request->options.vassalUpdate, dir / "old.vmod");
    type(dialog.updateFrom, "");
    EXPECT_FALSE(dialog.request()->options.vassalUpdate) << "left empty: a new module";
}

// What is seen is what is exported: with View > Natural ground ticked (as the editor opens),
// File > Export offers the natural ground and a PNG comes out in it; cells can still be chosen.
TEST_F(Dialogs, ExportOffersTheGroundTheMapIsShownIn) {
    ASSERT_TRUE(frame->open(sample));
    ASSERT_EQ(frame->canvas()->renderOptions().style, MapStyle::Natural) << "the default ground";
    menuCheck("View", "Natural ground", true);
    ASSERT_EQ(frame->canvas()->renderOptions().style, MapStyle::Natural);
    std::optional<ExportRequest> asked;
    frame->askExport = [&](const Scenario& s, const std::filesystem::path& suggested) {
        ExportDialog dialog(frame, s, suggested, frame->canvas()->renderOptions().style);
        EXPECT_EQ(dialog.ground->GetStringSelection(), "natural");
        dialog.chooseKind("png");
        EXPECT_TRUE(dialog.ground->IsShown());
        type(dialog.dpi, "20");
        // Into the test's folder, not beside the sample in the source tree.
        dialog.file->ChangeValue(wxString::FromUTF8((dir / "natural.png").string()));
        auto request = dialog.request();
        EXPECT_TRUE(request) << (request ? "" : request.error());
        asked = request ? std::optional(*request) : std::nullopt;
        return asked;
    };
    menu("File", "Export...");
    ASSERT_TRUE(asked);
    EXPECT_EQ(asked->options.print.layers.style, MapStyle::Natural);
    EXPECT_TRUE(fs::exists(asked->file)) << (errors.empty() ? wxString() : errors.back());
    EXPECT_EQ(frame->printedAsSeen().layers.style, MapStyle::Natural) << "File > Print draws it so too";
    menuCheck("View", "Natural ground", false);
    EXPECT_EQ(frame->printedAsSeen().layers.style, MapStyle::Cells);
    ExportDialog byDefault(frame, scenario(), dir / "bull-run.sandtable.xml");
    EXPECT_EQ(byDefault.ground->GetStringSelection(), "natural");
    ExportDialog cells(frame, scenario(), dir / "bull-run.sandtable.xml", MapStyle::Cells);
    EXPECT_EQ(cells.ground->GetStringSelection(), "cells");
}

// File > Import as a designer uses it: a VASSAL module chosen, its board picked from the list, the
// preview's report read, OK; then the battle is open with the board under the grid, its picture
// written beside it; a Tiled map's terrain table is used only for Tiled maps.
TEST_F(Dialogs, ImportShowsTheReportAndPreviewThenOpensTheNewBattleOverItsBoard) {
    auto source = readScenario(sample);
    ASSERT_TRUE(source);
    const fs::path vmod = dir / "bull-run.vmod";
    ASSERT_TRUE(exportVassal(*source, vmod, VassalExportOptions{60, true}));

    ImportDialog dialog(frame, wxString::FromUTF8(dir.string()));
    EXPECT_EQ(dialog.problem->GetLabel(), "Choose a Tiled map or a VASSAL module");
    EXPECT_FALSE(dialog.FindWindow(wxID_OK)->IsEnabled());
    type(dialog.file, wxString::FromUTF8(vmod.string()));
    // The battle is named after the module, beside it; the module's boards with a grid are listed.
    EXPECT_EQ(dialog.saveAs->GetValue(), wxString::FromUTF8((dir / "bull-run.sandtable.xml").string()));
    ASSERT_EQ(dialog.board->GetCount(), 2u);
    EXPECT_EQ(dialog.board->GetString(1), "Main Map/Battlefield");
    EXPECT_FALSE(dialog.table->IsEnabled());
    choose(dialog.board, "Main Map/Battlefield");
    ASSERT_TRUE(dialog.shown()) << dialog.problem->GetLabel();
    EXPECT_TRUE(dialog.FindWindow(wxID_OK)->IsEnabled());
    const wxString report = dialog.summary->GetLabel();
    EXPECT_TRUE(report.Contains("board 'Battlefield' of map 'Main Map': hex grid, flat tops")) << report;
    EXPECT_TRUE(report.Contains("2 scenarios")) << report;
    EXPECT_TRUE(report.Contains("pieces: Confederate")) << report;
    EXPECT_FALSE(fs::exists(dir / "bull-run.sandtable.xml")) << "the preview wrote the battle";

    frame->askImport = [&](const wxString&) {
        return std::optional(MainFrame::ImportChoice{*dialog.shown(), dialog.target()});
    };
    menu("File", "Import...");
    EXPECT_TRUE(errors.empty()) << errors.front();
    ASSERT_NE(frame->document(), nullptr);
    EXPECT_EQ(frame->document()->file(), dir / "bull-run.sandtable.xml");
    EXPECT_EQ(scenario().map.grid, source->map.grid);
    ASSERT_TRUE(scenario().map.background);
    EXPECT_EQ(scenario().map.background->file, "bull-run-board.png");
    EXPECT_TRUE(fs::is_regular_file(dir / "bull-run-board.png"));
    EXPECT_EQ(scenarioCount(scenario()), 2u);
    EXPECT_FALSE(frame->document()->isModified());

    // A Tiled map: the table is offered, a table that is not one says so.
    const fs::path tmx = dir / "map.tmx", table = dir / "table.txt";
    std::ofstream(tmx) << R"(<map orientation="hexagonal" width="3" height="2" tilewidth="14" tileheight="12"
 hexsidelength="6" staggeraxis="y" staggerindex="odd"><tileset firstgid="1" name="t" tilewidth="14"
 tileheight="12" tilecount="2" columns="2"/><layer name="g" width="3" height="2"><data encoding="csv">
1,2,1,2,1,2</data></layer></map>)";
    std::ofstream(table) << "t:0 = woods\nt:1 water\n";
    ImportDialog tiled(frame, wxString::FromUTF8(dir.string()));
    type(tiled.file, wxString::FromUTF8(tmx.string()));
    EXPECT_TRUE(tiled.table->IsEnabled());
    EXPECT_FALSE(tiled.board->IsEnabled());
    ASSERT_TRUE(tiled.shown());
    EXPECT_TRUE(tiled.summary->GetLabel().Contains("tile t:1 has no terrain: 3 cells"))
        << tiled.summary->GetLabel();
    type(tiled.table, wxString::FromUTF8(table.string()));
    EXPECT_FALSE(tiled.shown());
    EXPECT_EQ(tiled.problem->GetLabel(),
              wxString::FromUTF8(table.string() + ":2: expected TILE = TERRAIN, not 't:1 water'"));
    std::ofstream(table) << "t:0 = woods\nt:1 = water\n";
    type(tiled.table, "");
    type(tiled.table, wxString::FromUTF8(table.string()));
    ASSERT_TRUE(tiled.shown()) << tiled.problem->GetLabel();
    EXPECT_TRUE(tiled.summary->GetLabel().Contains("water: 3 cells")) << tiled.summary->GetLabel();
    EXPECT_FALSE(tiled.shown()->battle.map.background);
    // The tiles as the background: this tileset has no picture, which is said.
    tiled.tiles->SetValue(true);
    wxCommandEvent tick(wxEVT_CHECKBOX, tiled.tiles->GetId());
    tick.SetEventObject(tiled.tiles);
    tiled.tiles->ProcessWindowEvent(tick);
    pump();
    ASSERT_TRUE(tiled.shown()) << tiled.problem->GetLabel();
    EXPECT_FALSE(tiled.shown()->battle.map.background);
    EXPECT_TRUE(tiled.summary->GetLabel().Contains("the map's tiles have no pictures to draw"))
        << tiled.summary->GetLabel();
}

} // namespace
} // namespace sandtable
