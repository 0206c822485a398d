// Routes laid in a raster's pixels (render/raster_lines) against the same curves stroked by Cairo.
#include "cairo_pixels.hpp"
#include "render/raster_lines.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {
namespace {

using testing_support::owned;
using testing_support::pixelOf;

constexpr Rgb routeGround{230, 230, 204}, routeInk{150, 100, 50};
constexpr int pictureWidth = 240, pictureHeight = 180;

// A route as drawPaths draws one: cubics from cell centre to cell centre, turning back and forth,
// and a second route across it.
struct Route {
    Point start;
    std::vector<std::array<Point, 3>> pieces; // c1, c2, to
};
const std::array<Route, 2> routes{{
    {{10.3, 40.7}, {{{{30, 20}, {60, 80}, {90.5, 60.2}}}, {{{120, 40}, {140, 30}, {170.25, 90.1}}}}},
    {{40.6, 150.2}, {{{{80, 120}, {100, 100}, {120.4, 10.3}}}}},
}};

// The routes on a 240 x 180 image over `routeGround`, drawn by `draw` on a view scaled and shifted off
// whole pixels.
testing_support::SurfacePtr routesPicture(const std::function<void(cairo_t*)>& draw) {
    auto surface = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, pictureWidth, pictureHeight));
    cairo_t* cr = cairo_create(surface.get());
    cairo_set_source_rgb(cr, routeGround.r / 255.0, routeGround.g / 255.0, routeGround.b / 255.0);
    cairo_paint(cr);
    cairo_translate(cr, 3.3, -1.85);
    cairo_scale(cr, 1.21, 1.21);
    draw(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface.get());
    return surface;
}

void layRoutes(RasterLines& lines, double lineWidth, RasterLines::Ends ends = RasterLines::Ends::Round) {
    for (const Route& r : routes) {
        lines.moveTo(r.start);
        for (const auto& [c1, c2, to] : r.pieces) {
            lines.curveTo(c1, c2, to);
        }
        lines.lay(lineWidth, routeInk, ends);
        lines.clear();
    }
}

// The routes as Cairo strokes them, each on its own, as drawPaths stroked every route before.
void strokeRoutes(cairo_t* cr, double lineWidth, RasterLines::Ends ends = RasterLines::Ends::Round) {
    cairo_set_line_width(cr, lineWidth);
    cairo_set_line_cap(cr, ends == RasterLines::Ends::Round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_source_rgb(cr, routeInk.r / 255.0, routeInk.g / 255.0, routeInk.b / 255.0);
    for (const Route& r : routes) {
        cairo_move_to(cr, r.start.x, r.start.y);
        for (const auto& [c1, c2, to] : r.pieces) {
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, to.x, to.y);
        }
        cairo_stroke(cr);
    }
}

// Round ends as a road's (Cairo's round cap), square ends as a railroad's (its butt cap).
constexpr std::array bothEnds{RasterLines::Ends::Round, RasterLines::Ends::Square};

TEST(RasterLines, ARouteLaidIsTheRouteCairoStrokesWithinAnAntialiasingStep) {
    for (const RasterLines::Ends ends : bothEnds) {
        for (const double lineWidth : {1.0, 3.4, 8.0}) {
            const std::string which =
                (ends == RasterLines::Ends::Round ? "round, width " : "square, width ") +
                std::to_string(lineWidth);
            const auto stroked = routesPicture([&](cairo_t* cr) { strokeRoutes(cr, lineWidth, ends); });
            const auto laid = routesPicture([&](cairo_t* cr) {
                std::optional<RasterLines> lines = RasterLines::forTarget(cr);
                ASSERT_TRUE(lines) << "a plain image view takes lines";
                layRoutes(*lines, lineWidth, ends);
            });
            double strokedInk = 0, laidInk = 0;
            int whole = 0;
            for (int y = 0; y < pictureHeight; ++y) {
                for (int x = 0; x < pictureWidth; ++x) {
                    const Rgb a = pixelOf(stroked.get(), x, y), b = pixelOf(laid.get(), x, y);
                    // An edge pixel's ink is the part of it the line covers, found two ways: Cairo's
                    // area and the distance from the middle (and from a square end, across the
                    // curve's own direction there): they part by 29 of 255 at most here.
                    ASSERT_LE(testing_support::channelDifference(a, b), 255 / 6)
                        << which << " at " << x << ", " << y;
                    strokedInk += (routeGround.r - a.r) / double(routeGround.r - routeInk.r);
                    laidInk += (routeGround.r - b.r) / double(routeGround.r - routeInk.r);
                    whole += a == routeInk && b == routeInk ? 1 : 0;
                }
            }
            // As much ink in all (the routes' area) within 1 % (0.1 % here), and the middle solid.
            EXPECT_NEAR(laidInk, strokedInk, strokedInk * 0.01) << which;
            EXPECT_GT(whole, lineWidth >= 3 ? 300 : 0) << which;
            EXPECT_GT(strokedInk, 100 * lineWidth) << "the routes are some 300 units long";
        }
    }
}

TEST(RasterLines, WithoutAntialiasingThePixelsWhoseMiddlesTheLineCoversAreInkedWhole) {
    for (int k = 0; k < 6; ++k) {
        const RasterLines::Ends ends = bothEnds[static_cast<std::size_t>(k / 3)];
        const double lineWidth = std::array{1.0, 3.4, 8.0}[static_cast<std::size_t>(k % 3)];
        const auto draw = [&](bool laid) {
            return routesPicture([&](cairo_t* cr) {
                cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
                if (laid) {
                    std::optional<RasterLines> lines = RasterLines::forTarget(cr);
                    ASSERT_TRUE(lines);
                    layRoutes(*lines, lineWidth, ends);
                    return;
                }
                strokeRoutes(cr, lineWidth, ends);
            });
        };
        const auto stroked = draw(false), laid = draw(true);
        int inked = 0, differ = 0;
        for (int y = 0; y < pictureHeight; ++y) {
            for (int x = 0; x < pictureWidth; ++x) {
                const Rgb a = pixelOf(stroked.get(), x, y), b = pixelOf(laid.get(), x, y);
                ASSERT_TRUE(b == routeInk || b == routeGround) << "a pixel is inked whole or not at all";
                inked += a == routeInk ? 1 : 0;
                differ += a != b ? 1 : 0;
            }
        }
        // Only pixels whose middles lie on the line's edge, where the two flattenings of the curve
        // (each within a quarter of a pixel) part, may differ: 23 to 32 of the 1,200 pixels along
        // the routes' edges here, at every width.
        EXPECT_LT(differ, 40) << "width " << lineWidth;
        EXPECT_GT(inked, 400 * lineWidth) << "the routes are some 360 pixels long";
    }
}

TEST(RasterLines, LaidInBandsOrTilesItIsTheRouteLaidWhole) {
    const auto whole = routesPicture([&](cairo_t* cr) {
        std::optional<RasterLines> lines = RasterLines::forTarget(cr);
        ASSERT_TRUE(lines);
        layRoutes(*lines, 3.4);
    });
    // Bands of 37 rows and tiles of 50 x 45 pixels, each through its own clip (on whole pixels).
    for (const auto& [across, down] : {std::pair{pictureWidth, 37}, std::pair{50, 45}}) {
        const auto pieces = routesPicture([&](cairo_t* cr) {
            for (int y = 0; y < pictureHeight; y += down) {
                for (int x = 0; x < pictureWidth; x += across) {
                    cairo_save(cr);
                    cairo_identity_matrix(cr);
                    cairo_rectangle(cr, x, y, across, down);
                    cairo_restore(cr);
                    cairo_save(cr);
                    cairo_clip(cr);
                    std::optional<RasterLines> lines = RasterLines::forTarget(cr);
                    ASSERT_TRUE(lines) << "a clip on whole pixels";
                    layRoutes(*lines, 3.4);
                    cairo_restore(cr);
                }
            }
        });
        for (int y = 0; y < pictureHeight; ++y) {
            for (int x = 0; x < pictureWidth; ++x) {
                ASSERT_EQ(pixelOf(pieces.get(), x, y), pixelOf(whole.get(), x, y))
                    << across << " x " << down << " pieces, at " << x << ", " << y;
            }
        }
    }
}

TEST(RasterLines, OnlyAnImageDrawnStraightAtOneScaleThroughAWholePixelClipTakesThem) {
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 64));
    cairo_t* cr = cairo_create(image.get());
    cairo_scale(cr, 1.5, 1.5);
    EXPECT_TRUE(RasterLines::forTarget(cr)) << "a plain view";
    cairo_save(cr);
    cairo_scale(cr, 1, 1.2);
    EXPECT_FALSE(RasterLines::forTarget(cr)) << "stretched one way: its round ends would be ovals";
    cairo_restore(cr);
    cairo_save(cr);
    cairo_rotate(cr, 0.3);
    EXPECT_FALSE(RasterLines::forTarget(cr)) << "turned";
    cairo_restore(cr);
    cairo_save(cr);
    cairo_rectangle(cr, 0.1, 0, 10, 10); // 0.15 of a pixel off
    cairo_clip(cr);
    EXPECT_FALSE(RasterLines::forTarget(cr)) << "a clip off whole pixels";
    cairo_restore(cr);
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, 10, 10);
    cairo_rectangle(cr, 20, 20, 10, 10);
    cairo_clip(cr);
    EXPECT_FALSE(RasterLines::forTarget(cr)) << "a clip of two rectangles";
    cairo_restore(cr);
    cairo_destroy(cr);
    auto recording = owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR, nullptr));
    cr = cairo_create(recording.get());
    EXPECT_FALSE(RasterLines::forTarget(cr)) << "a vector surface (PDF, SVG, a recording)";
    cairo_destroy(cr);
}

} // namespace
} // namespace sandtable
