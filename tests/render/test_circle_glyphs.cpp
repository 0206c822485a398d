// Crowns on paper as glyphs (render/circle_glyphs): a place each in the file, printed as the same
// circles one path of them draws.
#include "cairo_pixels.hpp"
#include "command_output.hpp"
#include "render/circle_glyphs.hpp"
#include "render/terrain_symbols.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

namespace sandtable {
namespace {

namespace fs = std::filesystem;
using testing_support::commandOutput;
using testing_support::owned;
using testing_support::pixelOf;

constexpr Rgb paper{220, 225, 190};
constexpr double cellSize = 200; // crowns of 17 units
constexpr int pageWidth = 400, pageHeight = 300;

// A wood: crowns overlapping and alone, then a block of them (a wood's worth, for the file's size).
std::vector<Point> wood() {
    std::vector<Point> crowns{{60, 60}, {80, 66}, {70, 85}, {140, 60}, {300, 200}};
    for (int row = 0; row < 10; ++row) {
        for (int col = 0; col < 20; ++col) {
            crowns.push_back({20.0 + col * 18.3, 130.0 + row * 15.7 + (col % 3) * 1.9});
        }
    }
    return crowns;
}

void paintGround(cairo_t* cr) {
    cairo_set_source_rgb(cr, paper.r / 255.0, paper.g / 255.0, paper.b / 255.0);
    cairo_paint(cr);
}

cairo_status_t appendTo(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

std::size_t countOf(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

class CircleGlyphs : public testing::Test {
  protected:
    testing_support::TemporaryFolder folder_{"circle-glyphs"};
    const fs::path dir = folder_.path();
};

TEST_F(CircleGlyphs, OnPaperCrownsArePlacesOfGlyphsThatPrintAsTheirPath) {
    const std::vector<Point> crowns = wood();
    for (const bool outlined : {false, true}) {
        SCOPED_TRACE(outlined ? "outlined" : "plain");
        // The SVG, as text: a glyph for each of the three sizes (and their rings), then a <use> for
        // each crown, where a path held every crown's curves.
        std::string svg;
        {
            auto surface = owned(cairo_svg_surface_create_for_stream(appendTo, &svg, pageWidth, pageHeight));
            cairo_t* cr = cairo_create(surface.get());
            drawCrowns(cr, TerrainSymbol::Trees, crowns, cellSize, outlined);
            cairo_destroy(cr);
        }
        const std::size_t layers = outlined ? 2 : 1;
        // (Cairo's SVG lays each group with a <use> of its own, and keeps a path for its font's
        // glyph 0.)
        EXPECT_GE(countOf(svg, "<use"), layers * crowns.size()) << "a place for each crown";
        EXPECT_LE(countOf(svg, "<use"), layers * (crowns.size() + 1));
        EXPECT_LE(countOf(svg, "<path"), layers * 4) << "a glyph for each size, not a path for each crown";

        // The PDF, printed by poppler, against the same crowns as one path on an image.
        ASSERT_EQ(std::system("command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null"), 0)
            << "pdftoppm and pdftotext (poppler-utils) are needed to print the PDF; ./dev installs them";
        const fs::path pdf = dir / "crowns.pdf";
        {
            auto surface = owned(cairo_pdf_surface_create(pdf.c_str(), pageWidth, pageHeight));
            cairo_t* cr = cairo_create(surface.get());
            paintGround(cr);
            drawCrowns(cr, TerrainSymbol::Trees, crowns, cellSize, outlined);
            cairo_destroy(cr);
        }
        // At four pixels a point, each four by four block's mean held to the path's, the path's
        // block taken as much as a pixel either way: poppler lays a glyph as an image of it on a
        // whole pixel (a shift of a pixel at most, as text has), where a path is cut exactly.
        constexpr int fine = 4;
        commandOutput("pdftoppm -png -r " + std::to_string(72 * fine) + " -singlefile '" + pdf.string() +
                      "' '" + (dir / "printed").string() + "'");
        auto printed = owned(cairo_image_surface_create_from_png((dir / "printed.png").c_str()));
        ASSERT_EQ(cairo_surface_status(printed.get()), CAIRO_STATUS_SUCCESS) << "pdftoppm printed nothing";
        ASSERT_EQ(cairo_image_surface_get_width(printed.get()), pageWidth * fine);
        auto byPath =
            owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, pageWidth * fine, pageHeight * fine));
        {
            cairo_t* cr = cairo_create(byPath.get());
            paintGround(cr);
            // A clip short of the image's edge: no stamps, the crowns' one path.
            cairo_rectangle(cr, 0, 0, pageWidth * fine - 1, pageHeight * fine - 1);
            cairo_clip(cr);
            cairo_scale(cr, fine, fine);
            drawCrowns(cr, TerrainSymbol::Trees, crowns, cellSize, outlined);
            cairo_destroy(cr);
        }
        const auto blockOf = [&](cairo_surface_t* image, int x, int y, int dx = 0, int dy = 0) {
            int r = 0, g = 0, b = 0;
            for (int v = 0; v < fine; ++v) {
                for (int u = 0; u < fine; ++u) {
                    const Rgb c = pixelOf(image, std::clamp(x * fine + u + dx, 0, pageWidth * fine - 1),
                                          std::clamp(y * fine + v + dy, 0, pageHeight * fine - 1));
                    r += c.r;
                    g += c.g;
                    b += c.b;
                }
            }
            constexpr int n = fine * fine;
            return Rgb{static_cast<std::uint8_t>(r / n), static_cast<std::uint8_t>(g / n),
                       static_cast<std::uint8_t>(b / n)};
        };
        int apart = 0, inked = 0, largest = 0;
        for (int y = 0; y + 1 < pageHeight; ++y) {
            for (int x = 0; x + 1 < pageWidth; ++x) {
                const Rgb a = blockOf(byPath.get(), x, y), b = blockOf(printed.get(), x, y);
                int difference = 255;
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        difference = std::min(difference, testing_support::channelDifference(
                                                              blockOf(byPath.get(), x, y, dx, dy), b));
                    }
                }
                apart += difference > 12 ? 1 : 0;
                largest = std::max(largest, difference);
                inked += a != paper ? 1 : 0;
            }
        }
        EXPECT_GT(inked, 20000) << "the crowns were drawn at all";
        EXPECT_LT(apart, inked / 20) << "printed and drawn apart at their edges only";
        EXPECT_LE(largest, 80) << "an edge a third of a pixel off at most";
        if (!outlined) {
            // (70, 72) lies in the first two crowns and the third; (60, 52) in the first alone.
            const Rgb overlap = blockOf(printed.get(), 70, 72), alone = blockOf(printed.get(), 60, 52);
            EXPECT_LE(testing_support::channelDifference(overlap, alone), 2) << "an overlap is no darker";
            EXPECT_NE(alone, paper);
        }
        // The glyphs are not text: the page's text is empty.
        const std::string text = commandOutput("pdftotext '" + pdf.string() + "' -");
        EXPECT_EQ(text.find_first_not_of(" \n\f"), std::string::npos) << "the crowns read as text: " << text;
    }
}

TEST(CircleGlyphsOff, AnImageOrARadiusTooLargeTakesNoGlyphs) {
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 20, 20));
    cairo_t* cr = cairo_create(image.get());
    const std::vector<Point> centres{{5, 5}, {10, 10}};
    const std::vector<double> radii{2, 3};
    EXPECT_FALSE(takesCircleGlyphs(cr));
    EXPECT_FALSE(fillCircleGlyphs(cr, centres, radii, 0, 1)) << "an image draws paths or stamps";
    cairo_destroy(cr);
    std::string svg;
    auto surface = owned(cairo_svg_surface_create_for_stream(appendTo, &svg, 20, 20));
    cr = cairo_create(surface.get());
    EXPECT_TRUE(takesCircleGlyphs(cr));
    EXPECT_TRUE(fillCircleGlyphs(cr, centres, radii, 0.5, 1));
    const std::vector<double> apart{0.1, 3};
    EXPECT_TRUE(fillCircleGlyphs(cr, centres, apart, 0, 1)) << "a small radius beside a large one";
    const std::vector<double> tooWide{1, 1};
    EXPECT_FALSE(fillCircleGlyphs(cr, centres, tooWide, 5, 1)) << "a ring wider than the glyphs hold";
    const std::vector<double> none{0, 0};
    EXPECT_FALSE(fillCircleGlyphs(cr, centres, none, 0, 1));
    EXPECT_FALSE(fillCircleGlyphs(cr, centres, std::vector<double>{1}, 0, 1)) << "a radius for each centre";
    cairo_destroy(cr);
}

} // namespace
} // namespace sandtable
