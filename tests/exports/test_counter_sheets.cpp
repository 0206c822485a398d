// Counter sheets to print on both sides: backs land on their fronts when the sheet is turned over
// on its long edge, on every paper and counter size; every sample's sheets carry its ruleset's back
// and markers; a counter too small to read or too large for the page is refused.
#include "exports/counter_sheets.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "render/counter_art.hpp"
#include "tests/exports/play_setup_of.hpp"
#include "tests/render/cairo_pixels.hpp"
#include "tests/render/command_output.hpp"
#include "tests/temporary_folder.hpp"
#include "validators/play_setup.hpp"

#include <cairo.h>
#include <gtest/gtest.h>

#include <filesystem>

namespace sandtable {
namespace {

namespace fs = std::filesystem;
using testing_support::commandOutput;

TEST(CounterSheets, EveryBackIsItsFrontMirroredOnEveryPaperAndCounterSize) {
    for (const PaperSize& paper : papers()) {
        for (bool landscape : {false, true}) {
            const double w = landscape ? paper.heightPt : paper.widthPt;
            const double h = landscape ? paper.widthPt : paper.heightPt;
            for (const char* size : {"0.5in", "0.625in", "0.75in", "16mm", "1in"}) {
                auto l = counterSheetLayout(w, h, 28.35, *parseLength(size));
                ASSERT_TRUE(l) << paper.name << " " << size;
                ASSERT_GE(l->columns, 2);
                for (int i = 0; i < l->perPage(); ++i) {
                    const auto [fx, fy] = l->front(i);
                    const auto [bx, by] = l->back(i);
                    // Turned over on the long edge (left to right), a point at x lands at width - x.
                    EXPECT_NEAR(w - (bx + l->size), fx, 1e-9) << paper.name << " " << size << " #" << i;
                    EXPECT_EQ(by, fy);
                    EXPECT_GE(fx, 28.35 - 1e-9);
                    EXPECT_LE(fx + l->size, w - 28.35 + 1e-9);
                    EXPECT_LE(fy + l->size, h - 28.35 + 1e-9);
                }
            }
        }
    }
    EXPECT_FALSE(counterSheetLayout(200, 200, 28.35, 144)) << "no counter fits";
}

// Printed and rendered by pdftoppm: the inked squares of a sheet's backs, turned over, cover the
// inked squares of its fronts. The last sheet, its last row part full, tells mirrored from not.
TEST(CounterSheets, TheBacksLineUpWithTheFrontsWhenTheSheetIsTurnedOver) {
    ASSERT_NE(commandOutput("command -v pdftoppm"), "") << "pdftoppm (poppler-utils) is needed and missing";
    const fs::path folder = fs::path(SANDTABLE_SAMPLES) / "mcphersons-ridge";
    auto s = readScenario(folder / "mcphersons-ridge.sandtable.xml");
    ASSERT_TRUE(s) << s.error().toString();
    PrintOptions o;
    o.paper = *paperByName("letter");
    o.counterSizePt = *parseLength("0.75in");
    const testing_support::TemporaryFolder scratch("counters");
    const fs::path& dir = scratch.path();
    const fs::path pdf = dir / "counters.pdf";
    auto pages = printCounterSheets(*s, pdf, o, testing_support::playSetupOfScenario(*s, folder));
    ASSERT_TRUE(pages) << pages.error();
    ASSERT_EQ(*pages % 2, 0) << "a back page for every front page";
    auto l = counterSheetLayout(o.paper.widthPt, o.paper.heightPt, o.marginPt, o.counterSizePt);
    ASSERT_TRUE(l);
    const int last = *pages - 1; // the last back; its front is the page before
    commandOutput("pdftoppm -png -r 36 -f " + std::to_string(last) + " -l " + std::to_string(last + 1) +
                  " '" + pdf.string() + "' '" + (dir / "page").string() + "'");
    auto pageFile = [&](int n) {
        const std::string number = std::to_string(n);
        for (const std::string& name : {"page-" + number + ".png", "page-0" + number + ".png"}) {
            if (fs::exists(dir / name)) {
                return dir / name;
            }
        }
        return dir / "missing.png";
    };
    auto front = testing_support::owned(cairo_image_surface_create_from_png(pageFile(last).c_str()));
    auto back = testing_support::owned(cairo_image_surface_create_from_png(pageFile(last + 1).c_str()));
    ASSERT_EQ(cairo_surface_status(front.get()), CAIRO_STATUS_SUCCESS);
    ASSERT_EQ(cairo_surface_status(back.get()), CAIRO_STATUS_SUCCESS);
    const int w = cairo_image_surface_get_width(front.get()), h = cairo_image_surface_get_height(front.get());
    // A square is printed when most of its middle (a third of it each way) is inked; its words,
    // white on a front and dark on a back, do not decide it.
    auto inked = [&](cairo_surface_t* img, int cx, int cy) {
        const int half = static_cast<int>(l->size * 36.0 / 72.0 / 6);
        int ink = 0, all = 0;
        for (int y = cy - half; y <= cy + half; ++y) {
            for (int x = cx - half; x <= cx + half; ++x) {
                const Rgb c = testing_support::pixelOf(img, x, y);
                ink += c.r + c.g + c.b < 3 * 235 ? 1 : 0;
                ++all;
            }
        }
        return ink * 2 > all;
    };
    // Below the title line, at the middles of the counters' squares and of the places left empty.
    const double scale = 36.0 / 72.0;
    int squares = 0, mismatched = 0, empty = 0;
    for (int row = 0; row < l->rows; ++row) {
        for (int col = 0; col < l->columns; ++col) {
            const auto [x, y] = l->front(row * l->columns + col);
            const int px = static_cast<int>((x + l->size / 2) * scale),
                      py = static_cast<int>((y + l->size / 2) * scale);
            const int mirrored = w - 1 - px;
            ASSERT_LT(py, h);
            const bool f = inked(front.get(), px, py), b = inked(back.get(), mirrored, py);
            squares += f ? 1 : 0;
            empty += f ? 0 : 1;
            mismatched += f != b ? 1 : 0;
        }
    }
    EXPECT_GT(squares, 0);
    EXPECT_GT(empty, 0) << "the last sheet should not be full, or mirroring would not show";
    EXPECT_EQ(mismatched, 0);
}

TEST(CounterSheets, EverySamplesSheetsCarryItsRulesetsBackAndMarkers) {
    ASSERT_NE(commandOutput("command -v pdftotext"), "") << "pdftotext (poppler-utils) is needed and missing";
    for (const char* name :
         {"antietam", "first-bull-run", "franklin", "gettysburg", "mcphersons-ridge", "shiloh"}) {
        const fs::path folder = fs::path(SANDTABLE_SAMPLES) / name;
        auto s = readScenario(folder / (std::string(name) + ".sandtable.xml"));
        ASSERT_TRUE(s) << s.error().toString();
        const PlaySetup play = testing_support::playSetupOfScenario(*s, folder);
        ASSERT_TRUE(play.play.back) << name;
        PrintOptions o;
        o.paper = *paperByName("a4");
        o.counterSizePt = *parseLength("16mm");
        const testing_support::TemporaryFolder scratch("counters");
        const fs::path pdf = scratch / "counters.pdf";
        auto pages = printCounterSheets(*s, pdf, o, play);
        ASSERT_TRUE(pages) << name << ": " << pages.error();
        const std::string text = commandOutput("pdftotext '" + pdf.string() + "' -");
        EXPECT_NE(text.find(play.play.back->label), std::string::npos) << name << ": the back's word";
        for (const PlayMarker& m : play.play.markers) {
            EXPECT_NE(text.find(m.label), std::string::npos) << name << ": marker " << m.label;
        }
        EXPECT_NE(text.find("TURN"), std::string::npos) << name;
        EXPECT_NE(text.find("backs"), std::string::npos) << name;
    }
}

TEST(CounterSheets, ACounterOfAnUnreadableSizeIsRefused) {
    const fs::path folder = fs::path(SANDTABLE_SAMPLES) / "shiloh";
    auto s = readScenario(folder / "shiloh.sandtable.xml");
    ASSERT_TRUE(s);
    PrintOptions o;
    o.paper = *paperByName("a4");
    o.counterSizePt = 10;
    const testing_support::TemporaryFolder scratch("counters-tiny");
    const fs::path pdf = scratch / "counters-tiny.pdf";
    auto pages = printCounterSheets(*s, pdf, o, PlaySetup{});
    ASSERT_FALSE(pages);
    EXPECT_EQ(pages.error(),
              pdf.string() + ": a counter must be a number from 28.8 to 144 points across, not 10");
    EXPECT_FALSE(fs::exists(pdf));
}

} // namespace
} // namespace sandtable
