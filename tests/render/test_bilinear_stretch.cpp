#include "render/bilinear_stretch.hpp"

#include "tests/render/cairo_pixels.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <cstdint>
#include <random>
#include <vector>

using namespace sandtable;
using sandtable::testing_support::owned;

namespace {

// Pixels in memory, rows padded as Cairo pads them.
struct StretchedPixels {
    int width = 0, height = 0, stride = 0;
    std::vector<unsigned char> bytes;
    StretchedPixels(int w, int h)
        : width(w), height(h), stride(w * 4 + 12), bytes(static_cast<std::size_t>(stride) * h) {}
    PixelRows rows() { return {bytes.data(), width, height, stride}; }
    std::uint32_t at(int x, int y) { return rows().row(y)[x]; }
};

// Noise where every pixel differs from its neighbours: a wrong weight or a pixel taken from one place
// over shows.
StretchedPixels noisyPixels(int width, int height, unsigned seed) {
    StretchedPixels p(width, height);
    std::mt19937 random(seed);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            p.rows().row(y)[x] = 0xff000000U | (random() & 0xffffffU);
        }
    }
    return p;
}

// Smooth colours (a bilinear stretch of them is near any other bilinear stretch's).
StretchedPixels smoothPixels(int width, int height) {
    StretchedPixels p(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const auto channel = [](double v) {
                return static_cast<std::uint32_t>(127.5 + 127.5 * std::sin(v));
            };
            p.rows().row(y)[x] =
                0xff000000U | channel(x * 0.21) << 16 | channel(y * 0.17) << 8 | channel((x + y) * 0.13);
        }
    }
    return p;
}

constexpr std::uint32_t stretchBackground = 0xff204060U;

struct StretchCase {
    StretchPlacement placement;
    PictureOrigin origin;
};

// Zoomed in and out, off the picture's edges on every side, wrapped or not.
const std::vector<StretchCase> stretchCases = {
    {{1 / 1.15, 9.37, 6.61}, {}},     {{1 / 1.15, 9.37, 6.61}, {41, 17}}, {{1 / 3.7, 30.2, 20.9}, {5, 60}},
    {{1.15, -8.4, -5.2}, {13, 2}},    {{1.9, -60.3, -31.7}, {70, 50}},    {{1, 0.5, 0.25}, {1, 1}},
    {{1 / 1.3, -20.1, 12.6}, {0, 3}}, {{1.4, 30.2, -40.8}, {99, 0}},
};

} // namespace

TEST(BilinearStretch, TheVectorCodeRunsHereAndGivesThePortableCodesPixelsToTheBit) {
    if (stretchCodeHere() != StretchCode::Ssse3) {
        GTEST_FAIL()
            << "this processor or build has no SSSE3: the canvas's stretch runs the portable code, and this "
               "test cannot compare the vector code with it";
    }
    StretchedPixels picture = noisyPixels(101, 83, 7);
    for (const StretchCase& c : stretchCases) {
        StretchedPixels portable(97, 77);
        stretchBilinear(picture.rows(), c.origin, c.placement, portable.rows(), {0, 0, 97, 77},
                        stretchBackground, StretchCode::Portable);
        for (const StretchCode code : {StretchCode::Fastest, StretchCode::Ssse3}) {
            StretchedPixels vector(97, 77);
            stretchBilinear(picture.rows(), c.origin, c.placement, vector.rows(), {0, 0, 97, 77},
                            stretchBackground, code);
            for (int y = 0; y < 77; ++y) {
                for (int x = 0; x < 97; ++x) {
                    ASSERT_EQ(vector.at(x, y), portable.at(x, y))
                        << "code " << static_cast<int>(code) << " pixel " << x << "," << y << " scale "
                        << c.placement.scale;
                }
            }
        }
    }
}

TEST(BilinearStretch, APartStretchedAloneIsThatPartOfTheWholeAndNothingBesideItIsWritten) {
    StretchedPixels picture = noisyPixels(101, 83, 11);
    for (const StretchCase& c : stretchCases) {
        StretchedPixels all(97, 77), parts(97, 77);
        stretchBilinear(picture.rows(), c.origin, c.placement, all.rows(), {0, 0, 97, 77}, stretchBackground);
        std::fill(parts.bytes.begin(), parts.bytes.end(), 0x5a);
        const std::vector<PixelRect> pieces = {
            {3, 5, 17, 9}, {40, 0, 57, 1}, {0, 60, 96, 17}, {61, 22, 1, 30}};
        for (const PixelRect& piece : pieces) {
            stretchBilinear(picture.rows(), c.origin, c.placement, parts.rows(), piece, stretchBackground);
        }
        for (int y = 0; y < 77; ++y) {
            for (int x = 0; x < 97; ++x) {
                const bool inside = std::ranges::any_of(pieces, [&](const PixelRect& p) {
                    return x >= p.x && x < p.right() && y >= p.y && y < p.bottom();
                });
                ASSERT_EQ(parts.at(x, y), inside ? all.at(x, y) : 0x5a5a5a5aU) << "pixel " << x << "," << y;
            }
        }
    }
}

TEST(BilinearStretch, APictureKeptWrappedRoundStretchesAsTheSamePictureUnwrapped) {
    StretchedPixels picture = noisyPixels(101, 83, 13);
    const PictureOrigin origin{37, 59};
    StretchedPixels wrapped(101, 83);
    for (int y = 0; y < 83; ++y) {
        for (int x = 0; x < 101; ++x) {
            wrapped.rows().row((y + origin.y) % 83)[(x + origin.x) % 101] = picture.at(x, y);
        }
    }
    for (const StretchCase& c : stretchCases) {
        StretchedPixels plain(97, 77), fromWrapped(97, 77);
        stretchBilinear(picture.rows(), {}, c.placement, plain.rows(), {0, 0, 97, 77}, stretchBackground);
        stretchBilinear(wrapped.rows(), origin, c.placement, fromWrapped.rows(), {0, 0, 97, 77},
                        stretchBackground);
        EXPECT_EQ(plain.bytes, fromWrapped.bytes) << "scale " << c.placement.scale;
    }
}

// The placement means what Cairo's pattern matrix (scale, left, top) means with a bilinear filter:
// the preview must show what Pixman's stretch showed, where it was.
TEST(BilinearStretch, PixelsComeFromWherePixmansBilinearStretchTakesThemAndBeyondThePictureAreTheBackground) {
    StretchedPixels picture = smoothPixels(160, 120);
    auto source = owned(cairo_image_surface_create_for_data(picture.bytes.data(), CAIRO_FORMAT_RGB24, 160,
                                                            120, picture.stride));
    for (const StretchPlacement placement :
         {StretchPlacement{1 / 1.15, 10.3, 7.7}, StretchPlacement{1 / 2.5, 40.6, 31.1},
          StretchPlacement{1.3, -20.4, -15.6}}) {
        StretchedPixels ours(160, 120);
        stretchBilinear(picture.rows(), {}, placement, ours.rows(), {0, 0, 160, 120}, stretchBackground);
        auto pixman = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 160, 120));
        cairo_t* cr = cairo_create(pixman.get());
        cairo_pattern_t* stretched = cairo_pattern_create_for_surface(source.get());
        cairo_matrix_t m;
        cairo_matrix_init(&m, placement.scale, 0, 0, placement.scale, placement.left, placement.top);
        cairo_pattern_set_matrix(stretched, &m);
        cairo_pattern_set_filter(stretched, CAIRO_FILTER_BILINEAR);
        cairo_pattern_set_extend(stretched, CAIRO_EXTEND_PAD);
        cairo_set_source(cr, stretched);
        cairo_paint(cr);
        cairo_pattern_destroy(stretched);
        cairo_destroy(cr);
        cairo_surface_flush(pixman.get());
        int compared = 0, outside = 0;
        for (int y = 0; y < 120; ++y) {
            for (int x = 0; x < 160; ++x) {
                const double u = (x + 0.5) * placement.scale + placement.left;
                const double v = (y + 0.5) * placement.scale + placement.top;
                if (u < 0 || u >= 160 || v < 0 || v >= 120) {
                    ASSERT_EQ(ours.at(x, y), stretchBackground) << "pixel " << x << "," << y;
                    ++outside;
                    continue;
                }
                const std::uint32_t theirs = reinterpret_cast<const std::uint32_t*>(
                    cairo_image_surface_get_data(pixman.get()) +
                    y * cairo_image_surface_get_stride(pixman.get()))[x];
                const std::uint32_t mine = ours.at(x, y);
                for (int shift = 0; shift < 24; shift += 8) {
                    // 64ths against Pixman's 128ths, rounded twice: a few levels at most.
                    ASSERT_NEAR(static_cast<int>((mine >> shift) & 255),
                                static_cast<int>((theirs >> shift) & 255), 4)
                        << "pixel " << x << "," << y << " scale " << placement.scale;
                }
                ++compared;
            }
        }
        EXPECT_GT(compared, 3000);
        if (placement.scale > 1) {
            EXPECT_GT(outside, 1000); // zoomed out: the stretchBackground round the picture
        }
    }
}

// The smallest pictures and parts, and parts beyond the image: nothing read or written outside them
// (the sanitizers watch), a one-pixel picture stretched as its one colour.
TEST(BilinearStretch, APictureOfOnePixelAndPartsEmptyOrBeyondTheImageStayInsideTheirPixels) {
    StretchedPixels one(1, 1);
    one.rows().row(0)[0] = 0xff336699U;
    for (const StretchCode code : {StretchCode::Fastest, StretchCode::Portable}) {
        StretchedPixels into(9, 7);
        std::fill(into.bytes.begin(), into.bytes.end(), 0x5a);
        stretchBilinear(one.rows(), {}, {0.1, 0, 0}, into.rows(), {0, 0, 9, 7}, stretchBackground, code);
        for (int y = 0; y < 7; ++y) {
            for (int x = 0; x < 9; ++x) {
                ASSERT_EQ(into.at(x, y), 0xff336699U) << "pixel " << x << "," << y;
            }
        }
        // A part past the edges is cut to the image; an empty one or one wholly outside writes nothing.
        stretchBilinear(one.rows(), {}, {1, 0, 0}, into.rows(), {-5, -5, 20, 20}, stretchBackground, code);
        EXPECT_EQ(into.at(0, 0), 0xff336699U);
        EXPECT_EQ(into.at(8, 6), stretchBackground);
        const std::vector<unsigned char> before = into.bytes;
        stretchBilinear(one.rows(), {}, {1, 0, 0}, into.rows(), {3, 3, 0, 4}, 0xffffffffU, code);
        stretchBilinear(one.rows(), {}, {1, 0, 0}, into.rows(), {20, 0, 5, 5}, 0xffffffffU, code);
        stretchBilinear(one.rows(), {}, {1, 0, 0}, into.rows(), {0, -9, 5, 5}, 0xffffffffU, code);
        EXPECT_EQ(into.bytes, before);
    }
}
