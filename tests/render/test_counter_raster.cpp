#include "render/counter_raster.hpp"

#include "render/counters.hpp"
#include "tests/render/cairo_pixels.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <cmath>
#include <cstring>
#include <numbers>
#include <vector>

using namespace sandtable;
using sandtable::testing_support::channelDifference;
using sandtable::testing_support::owned;
using sandtable::testing_support::pixelOf;
using sandtable::testing_support::SurfacePtr;

namespace {

constexpr int imageWidth = 160, imageHeight = 120;
constexpr Rgb ground{232, 222, 190};

// A 4K view's counters at 12 %: 6.7 pixels across, a fifth of a pixel's outline, here at 2 pixels a
// map unit.
const RasterCounterLook look{3.36, 2.52, 2.52 * counterOutlineWidth, 0.3, counterOutline, frontBarColour};

// Upright and turned every way (a hex's sides and corners, and others), faced or not, front at the
// top or the bottom, on both sides' colours, at every fraction of a pixel.
std::vector<RasterCounter> someCounters() {
    std::vector<RasterCounter> counters;
    const double turns[] = {0, std::numbers::pi / 6, -std::numbers::pi / 3, std::numbers::pi / 2, 0.4, -1.2};
    int i = 0;
    for (int row = 0; row < 5; ++row) {
        for (int column = 0; column < 7; ++column, ++i) {
            const double turn = turns[i % 6];
            counters.push_back({{6 + column * 10.9 + 0.13 * i, 7 + row * 11.3 + 0.37 * (i % 5)},
                                turn,
                                i % 2 == 0 ? sideColour(Side::Union) : sideColour(Side::Confederate),
                                i % 3 != 0,
                                i % 4 == 1});
        }
    }
    return counters;
}

// Commanders at 12 % on a 4K view: a disc of 1.7 pixels' radius, here at 2 pixels a map unit.
const RasterDiscLook discLook{0.84, 0.84 * commanderRing, commanderRingColour};

std::vector<RasterDisc> someDiscs() {
    std::vector<RasterDisc> discs;
    for (int i = 0; i < 30; ++i) {
        discs.push_back({{4 + (i % 10) * 7.7 + 0.11 * i, 5 + (i / 10) * 19.3 + 0.29 * (i % 7)},
                         i % 2 == 0 ? sideColour(Side::Union) : sideColour(Side::Confederate)});
    }
    return discs;
}

SurfacePtr groundImage() {
    SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, imageWidth, imageHeight));
    cairo_t* cr = cairo_create(image.get());
    cairo_set_source_rgb(cr, ground.r / 255.0, ground.g / 255.0, ground.b / 255.0);
    cairo_paint(cr);
    cairo_destroy(cr);
    return image;
}

// A context on `image` at 2 pixels a map unit, as the canvas's bands draw.
cairo_t* contextOn(cairo_surface_t* image) {
    cairo_t* cr = cairo_create(image);
    cairo_scale(cr, 2, 2);
    return cr;
}

// The counters as Cairo draws them one by one: filled, outlined, then the front bar.
void drawWithCairo(cairo_t* cr, const std::vector<RasterCounter>& counters) {
    const double w = look.width, h = look.height;
    for (const RasterCounter& c : counters) {
        cairo_save(cr);
        cairo_translate(cr, c.centre.x, c.centre.y);
        cairo_rotate(cr, c.turn);
        cairo_rectangle(cr, -w / 2, -h / 2, w, h);
        setSource(cr, c.fill);
        cairo_fill_preserve(cr);
        strokeWith(cr, look.outline, look.outlineWidth);
        if (c.faced) {
            drawFrontBar(cr, frontBarOf(w, h, look.bar, c.frontAtBottom));
        }
        cairo_restore(cr);
    }
}

// The largest difference of any pixel's channel between two images, and the mean over the pixels
// either inked (that differ from the ground).
struct Difference {
    int worst = 0;
    double mean = 0;
    int inked = 0;
};
Difference differenceOf(cairo_surface_t* a, cairo_surface_t* b) {
    cairo_surface_flush(a);
    cairo_surface_flush(b);
    Difference d;
    long long total = 0;
    for (int y = 0; y < imageHeight; ++y) {
        for (int x = 0; x < imageWidth; ++x) {
            const Rgb want = pixelOf(a, x, y), got = pixelOf(b, x, y);
            const int apart = channelDifference(want, got);
            d.worst = std::max(d.worst, apart);
            total += apart;
            d.inked += channelDifference(want, ground) > 0 || channelDifference(got, ground) > 0 ? 1 : 0;
        }
    }
    d.mean = d.inked > 0 ? static_cast<double>(total) / d.inked : 0;
    return d;
}

std::vector<unsigned char> bytesOf(cairo_surface_t* image) {
    cairo_surface_flush(image);
    const unsigned char* data = cairo_image_surface_get_data(image);
    return {data, data + static_cast<std::ptrdiff_t>(cairo_image_surface_get_stride(image)) * imageHeight};
}

} // namespace

// Each pixel is near what Cairo's fine antialiasing gives it, so the preview's counters read as the
// sharp frame's: where each lies, which way it is turned, which edge has the bar.
TEST(CounterRaster, CountersInkTheirPixelsAsCairoDrawsThemOneByOne) {
    const std::vector<RasterCounter> counters = someCounters();
    SurfacePtr cairo = groundImage(), raster = groundImage();
    cairo_t* cr = contextOn(cairo.get());
    drawWithCairo(cr, counters);
    cairo_destroy(cr);
    cr = contextOn(raster.get());
    ASSERT_TRUE(rasteriseCounters(cr, counters, look));
    cairo_destroy(cr);
    const Difference d = differenceOf(cairo.get(), raster.get());
    EXPECT_GT(d.inked, 1000); // the counters are there
    EXPECT_LE(d.worst, 32) << "an edge pixel";
    EXPECT_LT(d.mean, 3.0) << "levels, on average over the inked pixels";
}

TEST(CounterRaster, CommandersDiscsInkTheirPixelsAsCairoDrawsThem) {
    const std::vector<RasterDisc> discs = someDiscs();
    SurfacePtr cairo = groundImage(), raster = groundImage();
    cairo_t* cr = contextOn(cairo.get());
    for (const RasterDisc& disc : discs) {
        cairo_new_path(cr);
        drawCommander(cr, Echelon::Corps,
                      disc.fill == sideColour(Side::Union) ? Side::Union : Side::Confederate, disc.centre.x,
                      disc.centre.y, discLook.radius, nullptr);
    }
    cairo_destroy(cr);
    cr = contextOn(raster.get());
    ASSERT_TRUE(rasteriseDiscs(cr, discs, discLook));
    cairo_destroy(cr);
    const Difference d = differenceOf(cairo.get(), raster.get());
    EXPECT_GT(d.inked, 300);
    EXPECT_LE(d.worst, 32) << "an edge pixel";
    EXPECT_LT(d.mean, 6.0) << "levels, on average over the inked pixels";
}

TEST(CounterRaster, ABandDrawnAloneIsThatBandOfTheWholeAndNothingBesideIt) {
    const std::vector<RasterCounter> counters = someCounters();
    SurfacePtr whole = groundImage();
    const std::vector<RasterDisc> discs = someDiscs();
    cairo_t* cr = contextOn(whole.get());
    ASSERT_TRUE(rasteriseCounters(cr, counters, look));
    ASSERT_TRUE(rasteriseDiscs(cr, discs, discLook));
    cairo_destroy(cr);
    const std::vector<unsigned char> all = bytesOf(whole.get());
    SurfacePtr bands = groundImage();
    const std::vector<unsigned char> before = bytesOf(bands.get());
    const int stride = cairo_image_surface_get_stride(bands.get());
    for (const auto& [top, height] : {std::pair{0, 17}, std::pair{17, 40}, std::pair{57, 63}}) {
        cr = contextOn(bands.get());
        cairo_identity_matrix(cr);
        cairo_rectangle(cr, 0, top, imageWidth, height);
        cairo_clip(cr);
        cairo_scale(cr, 2, 2);
        ASSERT_TRUE(rasteriseCounters(cr, counters, look));
        ASSERT_TRUE(rasteriseDiscs(cr, discs, discLook));
        cairo_destroy(cr);
        const std::vector<unsigned char> now = bytesOf(bands.get());
        for (int y = 0; y < imageHeight; ++y) {
            const auto row = static_cast<std::ptrdiff_t>(y) * stride;
            const auto& expected = y < top + height ? all : before;
            ASSERT_EQ(std::memcmp(now.data() + row, expected.data() + row, imageWidth * 4), 0)
                << "row " << y << " after the band from " << top;
        }
    }
}

TEST(CounterRaster, WhatItCannotDrawStraightIsLeftToCairoUntouched) {
    const std::vector<RasterCounter> counters = someCounters();
    SurfacePtr image = groundImage();
    const std::vector<unsigned char> before = bytesOf(image.get());
    cairo_t* cr = contextOn(image.get());
    cairo_rotate(cr, 0.1);
    EXPECT_FALSE(rasteriseCounters(cr, counters, look)) << "a turned view";
    EXPECT_FALSE(rasteriseDiscs(cr, someDiscs(), discLook)) << "a turned view";
    cairo_destroy(cr);
    cr = cairo_create(image.get());
    cairo_scale(cr, 2, 3);
    EXPECT_FALSE(rasteriseCounters(cr, counters, look)) << "two scales";
    EXPECT_FALSE(rasteriseDiscs(cr, someDiscs(), discLook)) << "two scales";
    cairo_destroy(cr);
    cr = cairo_create(image.get());
    cairo_rectangle(cr, 0.5, 0, 100, 100);
    cairo_clip(cr);
    EXPECT_FALSE(rasteriseCounters(cr, counters, look)) << "a clip off whole pixels";
    cairo_destroy(cr);
    cr = cairo_create(image.get());
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    EXPECT_FALSE(rasteriseCounters(cr, counters, look)) << "another operator";
    cairo_destroy(cr);
    EXPECT_EQ(bytesOf(image.get()), before);
}
