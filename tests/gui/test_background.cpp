// Scanned maps under the grid: drawn, aligned by two points or by four with their residuals,
// and placed by their georeference on a map placed on the Earth, read back from the canvas's pixels.
#include "editor/cli/cli.hpp"
#include "editor_window.hpp"
#include "formats/scenario_xml.hpp"
#include "model/commands/edits.hpp"
#include "model/scenario_generator.hpp"

#include "tests/file_bytes.hpp"

#include <gtest/gtest.h>

#include <iterator>

#include <sstream>

#include <fstream>
#include <wx/dcclient.h>
#include <wx/dcmemory.h>
#include <wx/image.h>
#include <wx/statusbr.h>

#include <cstdio>
#include <filesystem>

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

// The canvas as it is on screen.

// A red 200 x 100 "scan", chosen as the background.
void chooseRedScan(MainFrame* frame, const fs::path& dir) {
    wxImage scan(200, 100);
    scan.SetRGB(wxRect(0, 0, 200, 100), 220, 0, 0);
    const fs::path file = dir / "scan.png";
    ASSERT_TRUE(scan.SaveFile(wxString::FromUTF8(file.string()), wxBITMAP_TYPE_PNG));
    ASSERT_TRUE(frame->setBackground(file));
}

TEST_F(EditorWindow, ABackgroundImageIsDrawnAndAlignedByTwoPoints) {
    chooseRedScan(frame, dir);
    ASSERT_TRUE(scenario().map.background);
    EXPECT_NEAR(scenario().map.background->opacity, 0.5, 1e-9);

    // The canvas shows it: reddish pixels over the map.
    MapCanvas* canvas = frame->canvas();
    const wxImage image = canvasPixels(canvas);
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

// A scan stretched one way and skewed (as a sheet that shrank in the wet) lines up by four pairs
// of clicks, fitted by least squares; Backspace takes back a stray click, Esc leaves it as it was.
TEST_F(EditorWindow, AStretchedScanIsAlignedByFourPointsWithTheirResiduals) {
    chooseRedScan(frame, dir);
    ASSERT_TRUE(scenario().map.background);
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

    // Another alignment starts from the four pairs, kept in the scenario; cancelled, nothing changes.
    const BackgroundImage aligned = after;
    EXPECT_EQ(aligned.controlPoints.size(), 4u);
    menu("Map", "Align background by points");
    ASSERT_NE(canvas->backgroundAlignment(), nullptr);
    EXPECT_EQ(canvas->backgroundAlignment()->completePairs(), 4u);
    click(canvas, screenOfPixel(0, 0));
    click(canvas, canvas->toScreen(at({5, 5})));
    key(WXK_ESCAPE);
    EXPECT_EQ(canvas->backgroundAlignment(), nullptr);
    EXPECT_EQ(*scenario().map.background, aligned);
    menu(wxID_UNDO);
    EXPECT_EQ(*scenario().map.background, before);
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

// The editor and the command line place a map by the same function: the same placement of the same
// file gives the same file, the georeferenced background moved with the map in both.
TEST_F(EditorWindow, PlacingTheMapInTheEditorAndOnTheCommandLineGivesTheSameFile) {
    Scenario blank = generateScenario(GeneratorParameters{20, 20, 2, 0, 1, GridShape::HexFlat});
    blank.map.yardsPerCell = 100;
    blank.map.geo = GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302'000, 4'398'000, 0};
    const fs::path file = dir / "placed.sandtable.xml";
    ASSERT_TRUE(saveScenario(blank, file));
    ASSERT_TRUE(frame->open(file));
    ASSERT_TRUE(frame->setBackground(writeRedWestBlueEastScan(dir)));
    ASSERT_TRUE(scenario().map.background && scenario().map.background->affine);
    const fs::path before = dir / "before.sandtable.xml", gui = dir / "gui.sandtable.xml",
                   cli = dir / "cli.sandtable.xml";
    ASSERT_TRUE(frame->saveAs(before));
    frame->askPlacement = [](const Scenario&) {
        return std::optional(GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 302'200, 4'398'000, 0});
    };
    menu("Map", "Place on the Earth...");
    ASSERT_TRUE(frame->GetStatusBar()->GetStatusText(0).Contains("moved with it"));
    ASSERT_TRUE(frame->saveAs(gui));
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"place", before.string(), "--crs", "EPSG:32618", "--x", "302200", "--y", "4398000",
                        "-o", cli.string()},
                       out, err),
              0)
        << err.str();
    EXPECT_NE(out.str().find("the georeferenced background moved with the map"), std::string::npos)
        << out.str();
    using testing_support::fileBytes;
    EXPECT_EQ(fileBytes(gui), fileBytes(cli));
    EXPECT_NE(fileBytes(gui), fileBytes(before)) << "the placement and the scan moved";
}

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
