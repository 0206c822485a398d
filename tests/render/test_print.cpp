// Printing at tabletop scale, checked with poppler's tools: page count and paper size from pdfinfo,
// the printed cell size measured on pages rendered by pdftoppm at 300 dpi.
#include "exports/export_kinds.hpp"
#include "formats/scenario_xml.hpp"
#include "model/scenario_generator.hpp"
#include "render/map_print.hpp"
#include "render/png_bands.hpp"

#include "command_output.hpp"
#include "tests/render/cairo_pixels.hpp"
#include "tests/temporary_folder.hpp"

#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <utility>

namespace sandtable {
namespace {

using testing_support::commandOutput;

namespace fs = std::filesystem;

// A square map whose columns alternate two colours, so cell edges are easy to find on the page.
Scenario stripes(int cols, int rows) {
    Scenario s = generateScenario(GeneratorParameters{cols, rows, 0, 0, 1, GridShape::Square});
    s.map.hexsides.clear();
    s.map.paths.clear();
    s.deployment = {};
    s.map.terrainTypes[0].colour = {250, 0, 0};
    s.map.terrainTypes[1].colour = {0, 0, 250};
    // Over the whole grid: the generator may make it wider than asked.
    for (int r = 0; r < s.map.grid.rows(); ++r) {
        for (int c = 0; c < s.map.grid.cols(); ++c) {
            s.map.terrain[s.map.grid.index({c, r})] = static_cast<TerrainIndex>(c % 2);
            s.map.elevation[s.map.grid.index({c, r})] = 0;
        }
    }
    return s;
}

class Printing : public testing::Test {
  protected:
    testing_support::TemporaryFolder folder_{"print"};
    const fs::path dir = folder_.path();
};

// A PNG read back with Cairo (libpng underneath), not with our writer.
class PngImage {
  public:
    explicit PngImage(const fs::path& file)
        : surface_(cairo_image_surface_create_from_png(file.c_str()), cairo_surface_destroy) {}
    bool ok() const { return cairo_surface_status(surface_.get()) == CAIRO_STATUS_SUCCESS; }
    int width() const { return cairo_image_surface_get_width(surface_.get()); }
    int height() const { return cairo_image_surface_get_height(surface_.get()); }
    Rgb at(int x, int y) const { return testing_support::pixelOf(surface_.get(), x, y); }

  private:
    testing_support::SurfacePtr surface_;
};

// How two pictures of one size differ: the pixels more than `levels` apart in a channel, and the
// largest difference.
struct PngDifference {
    int pixels = 0, largest = 0;
};
PngDifference pngDifference(const PngImage& a, const PngImage& b, int levels = 0) {
    EXPECT_EQ(a.width(), b.width());
    EXPECT_EQ(a.height(), b.height());
    PngDifference d;
    for (int y = 0; y < std::min(a.height(), b.height()); ++y) {
        for (int x = 0; x < std::min(a.width(), b.width()); ++x) {
            const int apart = testing_support::channelDifference(a.at(x, y), b.at(x, y));
            d.pixels += apart > levels ? 1 : 0;
            d.largest = std::max(d.largest, apart);
        }
    }
    return d;
}

TEST_F(Printing, PagesAndPaperAreAsAskedFor) {
    const Scenario s = stripes(30, 20);
    PrintOptions o;
    o.cellSizePt = 72; // one inch
    o.paper = *paperByName("letter");
    const fs::path pdf = dir / "map.pdf";
    auto printed = printMapPdf(s, pdf, o);
    ASSERT_TRUE(printed) << printed.error();
    // 30 x 20 inches of map over 8.5 x 11 inch pages less margins and overlap.
    EXPECT_EQ(printed->pages, 1 + printed->columns * printed->rows);
    EXPECT_EQ(printed->columns, 4);
    EXPECT_EQ(printed->rows, 3); // 20 inches over 9.8 usable inches a page, less overlap
    const std::string info = commandOutput("pdfinfo '" + pdf.string() + "'");
    EXPECT_NE(info.find("Pages:           " + std::to_string(printed->pages)), std::string::npos) << info;
    EXPECT_NE(info.find("612 x 792 pts (letter)"), std::string::npos) << info;
    o.landscape = true;
    o.paper = *paperByName("a3");
    ASSERT_TRUE(printMapPdf(s, pdf, o));
    EXPECT_NE(commandOutput("pdfinfo '" + pdf.string() + "'").find("1190.55 x 841.89 pts (A3)"),
              std::string::npos);
    EXPECT_FALSE(fs::exists(dir / "map.pdf.partial"));
}

TEST_F(Printing, ThePrintedCellIsTheAskedSizeWithinHalfAPercent) {
    const Scenario s = stripes(14, 6);
    PrintOptions o;
    o.cellSizePt = *parseLength("25mm");
    o.paper = *paperByName("a3");
    o.landscape = true;
    o.layers.style = MapStyle::Cells; // the cells' edges are what is measured
    const fs::path pdf = dir / "cells.pdf";
    ASSERT_TRUE(printMapPdf(s, pdf, o));
    // Page 2 is the first map page; 300 dots per inch.
    commandOutput("pdftoppm -png -r 300 -f 2 -l 2 '" + pdf.string() + "' '" + (dir / "page").string() + "'");
    fs::path png;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() == ".png") {
            png = e.path();
        }
    }
    const PngImage page(png);
    ASSERT_TRUE(page.ok()) << png;
    // Along a row through the middle of the first map row: where each red or blue cell begins.
    const int y = static_cast<int>((o.marginPt + 14 + o.cellSizePt * 0.5) / 72 * 300);
    std::vector<int> starts;
    int previous = -1; // 0 red, 1 blue, -1 other
    for (int x = 0; x < page.width(); ++x) {
        const Rgb c = page.at(x, y);
        const int r = c.r, g = c.g, b = c.b;
        const int colour = (r > 200 && g < 60 && b < 60) ? 0 : (b > 200 && r < 60 && g < 60) ? 1 : -1;
        if (colour >= 0 && colour != previous) {
            starts.push_back(x);
        }
        previous = colour;
    }
    ASSERT_GE(starts.size(), 10u) << "found " << starts.size() << " cells on the page";
    const double measured =
        static_cast<double>(starts.back() - starts.front()) / static_cast<double>(starts.size() - 1);
    const double wanted = 25.0 / 25.4 * 300;
    EXPECT_NEAR(measured, wanted, wanted * 0.005) << "cell printed " << measured << " px, wanted " << wanted;
}

TEST_F(Printing, LengthsAndPapersAreCheckedWithClearMessages) {
    EXPECT_NEAR(*parseLength("1in"), 72, 1e-9);
    EXPECT_NEAR(*parseLength("25.4mm"), 72, 1e-9);
    EXPECT_NEAR(*parseLength("2.54cm"), 72, 1e-9);
    EXPECT_EQ(parseLength("25").error(), "'25' has no unit; write it as 25mm, 1in or 72pt");
    EXPECT_EQ(parseLength("big").error(), "'big' is not a length; write it as 25mm, 1in or 72pt");
    EXPECT_EQ(paperByName("a5").error(), "unknown paper 'a5'; expected a4, a3, letter, legal or tabloid");
}

TEST_F(Printing, PngAndSvgAreWritten) {
    const Scenario s = stripes(8, 5);
    PrintOptions o;
    o.cellSizePt = 72;
    o.dpi = 100;
    ASSERT_TRUE(printMapPng(s, dir / "map.png", o));
    const PngImage image(dir / "map.png");
    ASSERT_TRUE(image.ok());
    EXPECT_EQ(image.width(), 800);
    EXPECT_EQ(image.height(), 500);
    EXPECT_EQ(image.at(50, 250).r, 250) << "the first column is red at its centre";
    ASSERT_TRUE(printMapSvg(s, dir / "map.svg", o));
    EXPECT_EQ(commandOutput("xmllint --noout '" + (dir / "map.svg").string() + "' 2>&1"), "")
        << "the SVG is well-formed XML";
}

// Twelve towns named in one cell of a small map cannot all be named: the print says which found no
// place, with their cell, rather than dropping them or printing them over each other.
TEST_F(Printing, NamesWithNoFreePlaceAreReported) {
    Scenario s = stripes(2, 2);
    s.map.features.clear();
    for (std::uint32_t i = 1; i <= 12; ++i) {
        s.map.features[FeatureId{i}] =
            Feature{FeatureKind::Town, {0, 0}, "Town number " + std::to_string(i), std::nullopt, 0};
    }
    PrintOptions o;
    const auto printed = printMapPdf(s, dir / "crowded.pdf", o);
    ASSERT_TRUE(printed) << printed.error();
    ASSERT_FALSE(printed->unplacedLabels.empty());
    EXPECT_LT(printed->unplacedLabels.size(), 12u) << "some found a place";
    for (const std::string& u : printed->unplacedLabels) {
        EXPECT_NE(u.find("(cell 0101): no free place near it"), std::string::npos) << u;
    }
}

TEST_F(Printing, APngTallerThanOneBandIsSeamless) {
    // Rows alternate colour; at 100 pixels a cell the picture is drawn in several 256-row bands.
    Scenario s = stripes(3, 9);
    for (int r = 0; r < 9; ++r) {
        for (int c = 0; c < 3; ++c) {
            s.map.terrain[s.map.grid.index({c, r})] = static_cast<TerrainIndex>(r % 2);
        }
    }
    PrintOptions o;
    o.cellSizePt = 72;
    o.dpi = 100;
    o.layers.style = MapStyle::Cells; // flat rows of one colour; banding in the natural style: below
    o.layers.grid = false;
    o.layers.labels = false;
    o.layers.symbols = false;
    o.layers.features = false;
    ASSERT_TRUE(printMapPng(s, dir / "tall.png", o));
    const PngImage image(dir / "tall.png");
    ASSERT_TRUE(image.ok());
    ASSERT_EQ(image.height(), 900);
    // Every row, band edges (255/256, 511/512, 767/768) included, is its cell row's colour.
    for (int y = 0; y < image.height(); ++y) {
        const Rgb want = s.map.terrainTypes[static_cast<std::size_t>((y / 100) % 2)].colour;
        for (int x : {10, 150, 290}) {
            const Rgb got = image.at(x, y);
            if (y % 100 != 0 && y % 100 != 99) { // cell borders may blend
                ASSERT_EQ(got, want) << "pixel " << x << "," << y;
            }
        }
    }
}

// Gettysburg's PNG with 40 pt cells at `dpi`, drawn as `first` and then as `second` have the
// options, both read back.
std::pair<PngImage, PngImage> gettysburgDrawnTwice(const fs::path& dir, double dpi,
                                                   const std::function<void(PrintOptions&)>& first,
                                                   const std::function<void(PrintOptions&)>& second) {
    auto s = readScenario(fs::path(SANDTABLE_SAMPLES) / "gettysburg" / "gettysburg.sandtable.xml");
    EXPECT_TRUE(s) << s.error().toString();
    PrintOptions o;
    o.cellSizePt = 40;
    o.dpi = dpi;
    first(o);
    EXPECT_TRUE(s && printMapPng(*s, dir / "first.png", o));
    second(o);
    EXPECT_TRUE(s && printMapPng(*s, dir / "second.png", o));
    return {PngImage(dir / "first.png"), PngImage(dir / "second.png")};
}

TEST_F(Printing, APngIsTheSamePixelsDrawnOnOneThreadOrOnMany) {
    // Gettysburg at 100 dpi: some 1,400 rows, so many bands that several threads draw at once,
    // finish out of order and are written in order.
    const auto [one, five] = gettysburgDrawnTwice(
        dir, 100, [](PrintOptions& o) { o.pictureWorkers = 1; },
        [](PrintOptions& o) { o.pictureWorkers = 5; });
    ASSERT_TRUE(one.ok() && five.ok());
    ASSERT_GT(one.height(), PngBandOptions{}.bandRows * 8);
    EXPECT_EQ(pngDifference(one, five).pixels, 0);
}

TEST_F(Printing, APngDrawnInBandsIsThePictureDrawnWhole) {
    // Gettysburg at 90 dpi in the natural style, its last band shorter than the others: the grid's
    // marks, the symbols and the ground stamped or set pixel by pixel in every band, as in the
    // picture drawn whole (the last band fell back to Cairo's paths: 803 pixels up to 42 levels
    // apart). Held to no visible difference, as a view drawn in tiles is (test_view_cache): Cairo
    // strokes the part of a stream a band clips a level or so apart from the whole stream, and up
    // to 21 at a handful of its bends.
    const auto [bands, whole] = gettysburgDrawnTwice(
        dir, 90, [](PrintOptions& o) { ASSERT_EQ(o.layers.style, MapStyle::Natural); },
        [](PrintOptions& o) { o.pictureBandRows = 1 << 20; });
    ASSERT_TRUE(bands.ok() && whole.ok());
    const int bandRows = PngBandOptions{}.bandRows;
    ASSERT_GT(bands.height(), bandRows * 8);
    ASSERT_NE(bands.height() % bandRows, 0) << "a last band as tall as the others";
    const PngDifference d = pngDifference(bands, whole, 2);
    EXPECT_LE(d.largest, 24);
    EXPECT_LE(d.pixels, bands.width() * bands.height() / 100'000) << "pixels more than 2 levels apart";
}

TEST_F(Printing, APngThatCannotBeWrittenSaysWhyAndStops) {
    const Scenario s = stripes(3, 9);
    PrintOptions o;
    const auto written = printMapPng(s, dir / "no-such-folder" / "map.png", o);
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().find("no-such-folder/map.png: cannot write the PNG"), std::string::npos)
        << written.error();
    // A picture that runs out of room on the disk: /dev/full takes nothing.
    if (fs::exists("/dev/full")) {
        const auto full = printMapPng(s, "/dev/full", o);
        ASSERT_FALSE(full);
        EXPECT_NE(full.error().find("is the disk full?"), std::string::npos) << full.error();
    }
}

} // namespace
} // namespace sandtable

#include "exports/counter_sheets.hpp"
#include "exports/sheets.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"

namespace sandtable {
namespace {

using testing_support::commandOutput;

TEST_F(Printing, RostersCountersAndTheBookletCarryTheScenario) {
    auto s = readScenario(fs::path(SANDTABLE_SAMPLES) / "first-bull-run" / "first-bull-run.sandtable.xml");
    ASSERT_TRUE(s);
    PrintOptions o;
    o.paper = *paperByName("a4");
    o.cellSizePt = *parseLength("20mm");
    const fs::path roster = dir / "roster.pdf", counters = dir / "counters.pdf",
                   booklet = dir / "booklet.pdf";
    auto rosterPages = printRosters(*s, roster, o);
    ASSERT_TRUE(rosterPages);
    EXPECT_EQ(*rosterPages, 2) << "one page a side";
    const std::string rosterText = commandOutput("pdftotext '" + roster.string() + "' -");
    EXPECT_NE(rosterText.find("Union roster"), std::string::npos);
    EXPECT_NE(rosterText.find("1st Minnesota"), std::string::npos);
    EXPECT_NE(rosterText.find("Washington Artillery of New Orleans"), std::string::npos);
    EXPECT_NE(rosterText.find("smoothbore-musket"), std::string::npos);

    auto counterPages = printCounterSheets(*s, counters, o, PlaySetup{});
    ASSERT_TRUE(counterPages);
    EXPECT_GE(*counterPages, 1);
    EXPECT_NE(commandOutput("pdfinfo '" + counters.string() + "'")
                  .find("Pages:           " + std::to_string(*counterPages)),
              std::string::npos);

    auto bookletPages = printBooklet(*s, booklet, o);
    ASSERT_TRUE(bookletPages);
    EXPECT_GE(*bookletPages, 3);
    const std::string text = commandOutput("pdftotext '" + booklet.string() + "' -");
    for (const char* expected : {"Scenario 2: First Bull Run: Henry Hill, afternoon",
                                 "Order of battle: Union", "Col. William T. Sherman", "Reinforcements",
                                 "Stonewall", "Victory conditions", "Take Henry House Hill"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << expected;
    }
    EXPECT_FALSE(fs::exists(dir / "booklet.pdf.partial"));
}

// A battle's booklet: its order of battle once, then each scenario from a page of its own with the
// forces taking part, its set-up at each unit's strength then and its reinforcement schedule. The
// rosters and counters are the current scenario's: the forces it leaves out are not there.
TEST_F(Printing, ABattlesBookletHasEveryScenarioAndItsRostersTheCurrentOnesForces) {
    auto s = readScenario(fs::path(SANDTABLE_TEST_DATA) / "good" / "battle.xml");
    ASSERT_TRUE(s) << s.error().toString();
    PrintOptions o;
    o.paper = *paperByName("a4");
    o.cellSizePt = *parseLength("20mm");
    const fs::path booklet = dir / "battle-booklet.pdf";
    auto pages = printBooklet(*s, booklet, o);
    ASSERT_TRUE(pages) << pages.error();
    EXPECT_EQ(*pages, 4) << "the title, the order of battle and a page for each scenario";
    auto page = [&](int n) {
        return commandOutput("pdftotext -layout -f " + std::to_string(n) + " -l " + std::to_string(n) + " '" +
                             booklet.string() + "' -");
    };
    EXPECT_NE(page(1).find("Scenario 2: Afternoon"), std::string::npos) << page(1);
    const std::string morning = page(3), afternoon = page(4);
    EXPECT_NE(morning.find("Scenario 1: Morning"), std::string::npos) << morning;
    EXPECT_NE(morning.find("0202 #1 1st Iowa (900 men, 3 stands)"), std::string::npos) << morning;
    EXPECT_NE(morning.find("Turn 2 at 0101: Union, Smith (I Corps)"), std::string::npos) << morning;
    EXPECT_EQ(morning.find("Forces taking part"), std::string::npos) << "the whole order of battle";
    EXPECT_NE(afternoon.find("Scenario 2: Afternoon"), std::string::npos) << afternoon;
    EXPECT_NE(afternoon.find("Forces taking part"), std::string::npos) << afternoon;
    EXPECT_NE(afternoon.find("0302 #1 1st Iowa (610 men, 2 stands after losses)"), std::string::npos)
        << afternoon;
    EXPECT_NE(afternoon.find("Turn 2 at 0601: Confederate, #1 22nd Alabama (530 men, 2 stands after losses)"),
              std::string::npos)
        << afternoon;

    makeCurrent(*s, 1);
    const fs::path roster = dir / "afternoon-roster.pdf";
    ASSERT_TRUE(printRosters(*s, roster, o));
    const std::string rosterText = commandOutput("pdftotext -layout '" + roster.string() + "' -");
    EXPECT_NE(rosterText.find("1st Division (Jones)"), std::string::npos) << rosterText;
    EXPECT_EQ(rosterText.find("I Corps"), std::string::npos) << "Smith's corps headquarters takes no part";
    EXPECT_NE(rosterText.find("610"), std::string::npos) << "the 1st Iowa's strength at the start";
    EXPECT_EQ(rosterText.find("900"), std::string::npos) << rosterText;
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

using testing_support::commandOutput;

TEST_F(Printing, AForcedExportSaysSoOnTheOverviewPageAndOnlyThen) {
    const Scenario s = stripes(12, 8);
    ExportOptions o;
    o.print.cellSizePt = 72;
    o.print.paper = *paperByName("a4");
    const ExportKind pdf = *exportKindNamed("pdf");
    ASSERT_TRUE(exportScenario(pdf, s, dir / "plain.pdf", o));
    o.forced = true;
    ASSERT_TRUE(exportScenario(pdf, s, dir / "forced.pdf", o));
    const std::string plain = commandOutput("pdftotext -f 1 -l 1 '" + (dir / "plain.pdf").string() + "' -");
    const std::string forced = commandOutput("pdftotext -f 1 -l 1 '" + (dir / "forced.pdf").string() + "' -");
    ASSERT_NE(plain.find("A cell is"), std::string::npos) << "pdftotext (poppler-utils) is needed: " << plain;
    EXPECT_EQ(plain.find("despite"), std::string::npos) << plain;
    EXPECT_NE(forced.find("exported despite validation errors"), std::string::npos) << forced;
}

TEST_F(Printing, CancellingAPrintLeavesNoFile) {
    const Scenario s = stripes(30, 20);
    PrintOptions o;
    o.cellSizePt = 72;
    o.paper = *paperByName("a4");
    int calls = 0;
    o.progress = [&](int done, int total) {
        ++calls;
        EXPECT_LT(done, total);
        return done < 2; // cancel on the third page
    };
    auto printed =
        exportScenario(*exportKindNamed("pdf"), s, dir / "cancelled.pdf", ExportOptions{.print = o});
    ASSERT_FALSE(printed);
    EXPECT_EQ(printed.error(), (dir / "cancelled.pdf").string() + ": cancelled; nothing was written");
    EXPECT_EQ(calls, 3);
    EXPECT_FALSE(fs::exists(dir / "cancelled.pdf"));
    EXPECT_FALSE(fs::exists(dir / "cancelled.pdf.partial"));
}

} // namespace
} // namespace sandtable
