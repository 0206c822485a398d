// Cells stamped on a raster (render/raster_stamps) against the same polygons filled by Cairo.
#include "cairo_pixels.hpp"
#include "render/colours.hpp"
#include "render/raster_stamps.hpp"
#include "render/terrain_symbols.hpp"

#include <gtest/gtest.h>

#include <cairo.h>
#include <pixman.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <span>
#include <utility>
#include <vector>

namespace sandtable {
namespace {

using testing_support::owned;
using testing_support::pixelOf;

std::vector<Point> flatHexagon(double radius) {
    std::vector<Point> corners;
    for (int i = 0; i < 6; ++i) {
        const double a = std::numbers::pi / 3 * i;
        corners.push_back({radius * std::cos(a), radius * std::sin(a)});
    }
    return corners;
}

// A view's transformation: not whole pixels, not a round scale.
void placeView(cairo_t* cr) {
    cairo_translate(cr, 3.3, -1.85);
    cairo_scale(cr, 1.37, 1.37);
}

const std::array<Point, 5> centres{{{20, 20}, {51.13, 37.4}, {82.71, 19.02}, {40.5, 70.25}, {130.9, 96.6}}};
constexpr Rgb stampColour{200, 120, 40};

// Two 200 x 160 pictures over `ground`, one drawn by `byCairo` and one by `stamped`, each given its
// context: what Cairo's paths give and what the stamps give, to hold one to the other.
std::pair<testing_support::SurfacePtr, testing_support::SurfacePtr>
pathsAndStamps(Rgb ground, const std::function<void(cairo_t*)>& byCairo,
               const std::function<void(cairo_t*)>& stamped) {
    auto paths = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 160));
    auto stamps = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 160));
    for (cairo_surface_t* s : {paths.get(), stamps.get()}) {
        cairo_t* cr = cairo_create(s);
        cairo_set_source_rgb(cr, ground.r / 255.0, ground.g / 255.0, ground.b / 255.0);
        cairo_paint(cr);
        (s == paths.get() ? byCairo : stamped)(cr);
        cairo_destroy(cr);
    }
    return {std::move(paths), std::move(stamps)};
}

// The shape at every one of `centres` on two views over `ground`: drawn by Cairo with `drawn`
// (given the context, as placeView left it), and stamped from `points` and `lineWidth`.
std::pair<testing_support::SurfacePtr, testing_support::SurfacePtr>
drawnAndStamped(Rgb ground, std::span<const Point> points, double lineWidth,
                const std::function<void(cairo_t*)>& drawn) {
    return pathsAndStamps(
        ground,
        [&](cairo_t* cr) {
            placeView(cr);
            drawn(cr);
        },
        [&](cairo_t* cr) {
            placeView(cr);
            if (auto stamps = ShapeStamps::forTarget(cr, points, lineWidth)) {
                for (Point c : centres) {
                    stamps->stamp(c, stampColour);
                }
            } else {
                ADD_FAILURE() << "a plain image view takes stamps";
            }
        });
}

TEST(ShapeStamps, AStampIsTheFilledPolygonWithinAnEighthOfAPixel) {
    const auto corners = flatHexagon(18);
    const auto [filled, stamped] = drawnAndStamped(Rgb{51, 64, 51}, corners, 0, [&](cairo_t* cr) {
        for (Point c : centres) {
            for (std::size_t i = 0; i < corners.size(); ++i) {
                (i == 0 ? cairo_move_to : cairo_line_to)(cr, c.x + corners[i].x, c.y + corners[i].y);
            }
            cairo_close_path(cr);
        }
        cairo_set_source_rgb(cr, stampColour.r / 255.0, stampColour.g / 255.0, stampColour.b / 255.0);
        cairo_fill(cr);
    });
    int edgePixels = 0, colouredPixels = 0;
    for (int y = 0; y < 160; ++y) {
        for (int x = 0; x < 200; ++x) {
            const Rgb a = pixelOf(filled.get(), x, y), b = pixelOf(stamped.get(), x, y);
            const int difference = testing_support::channelDifference(a, b);
            // An edge moved by an eighth of a pixel at most changes a pixel's coverage by an eighth,
            // and a corner's pixel by a little more.
            ASSERT_LE(difference, 255 / 8 + 12) << "at " << x << ", " << y;
            edgePixels += difference > 2 ? 1 : 0;
            colouredPixels += a == stampColour ? 1 : 0;
        }
    }
    // The hexagons (each about 1,600 pixels) are all there, and they differ only along their edges.
    EXPECT_GT(colouredPixels, 4 * 1'300);
    EXPECT_LT(edgePixels, 5 * 6 * 2 * 26);
    // A centre partly off the surface is cut, not wrapped round or dropped.
    const Point partlyOff = centres.back();
    EXPECT_EQ(pixelOf(stamped.get(), 199, static_cast<int>(partlyOff.y * 1.37 - 1.85)), stampColour);
}

TEST(ShapeStamps, AStampIsInkedAsItsShapeOrAsALineAndAsTranslucentAsAsked) {
    // Low ink lightens areas and keeps lines. A filled stamp is inked as an area unless it stands
    // for a terrain symbol, which the paths ink as a line; and a translucent stamp lets the ground
    // show through as Cairo's own translucent fill does.
    const auto corners = flatHexagon(18);
    const Rgb ground{51, 64, 51};
    const auto stampedMiddle = [&](ShapeStamps::Ink ink, double alpha) {
        auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 160));
        cairo_t* cr = cairo_create(image.get());
        cairo_set_source_rgb(cr, ground.r / 255.0, ground.g / 255.0, ground.b / 255.0);
        cairo_paint(cr);
        setInkStyle(cr, InkStyle::LowInk);
        placeView(cr);
        if (auto stamps = ShapeStamps::forTarget(cr, corners, 0, ink)) {
            stamps->stamp(centres[1], stampColour, alpha);
        } else {
            ADD_FAILURE() << "a plain image view takes stamps";
        }
        cairo_destroy(cr);
        cairo_surface_flush(image.get());
        return pixelOf(image.get(), static_cast<int>(centres[1].x * 1.37 + 3.3),
                       static_cast<int>(centres[1].y * 1.37 - 1.85));
    };
    EXPECT_EQ(stampedMiddle(ShapeStamps::Ink::AsDrawn, 1), inked(stampColour, InkStyle::LowInk, true));
    EXPECT_EQ(stampedMiddle(ShapeStamps::Ink::AsLine, 1), stampColour);
    // As Cairo fills it at 40 %.
    auto byCairo = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
    cairo_t* cr = cairo_create(byCairo.get());
    cairo_set_source_rgb(cr, ground.r / 255.0, ground.g / 255.0, ground.b / 255.0);
    cairo_paint(cr);
    cairo_set_source_rgba(cr, stampColour.r / 255.0, stampColour.g / 255.0, stampColour.b / 255.0, 0.4);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(byCairo.get());
    EXPECT_LE(testing_support::channelDifference(stampedMiddle(ShapeStamps::Ink::AsLine, 0.4),
                                                 pixelOf(byCairo.get(), 0, 0)),
              1);
}

TEST(ShapeStamps, AStrokedStampIsTheStrokedLineWithinAnEighthOfAPixel) {
    // A contour along a hex side: the open line, stroked with round ends, as drawContours strokes it.
    const std::array<Point, 2> line{{{-9, -15.6}, {9, 15.6}}};
    constexpr Rgb ground{230, 230, 204};
    const auto [stroked, stamped] = drawnAndStamped(ground, line, 2.5, [&](cairo_t* cr) {
        for (Point c : centres) {
            cairo_move_to(cr, c.x + line[0].x, c.y + line[0].y);
            cairo_line_to(cr, c.x + line[1].x, c.y + line[1].y);
        }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_width(cr, 2.5);
        cairo_set_source_rgb(cr, stampColour.r / 255.0, stampColour.g / 255.0, stampColour.b / 255.0);
        cairo_stroke(cr);
    });
    int inked = 0;
    for (int y = 0; y < 160; ++y) {
        for (int x = 0; x < 200; ++x) {
            const Rgb a = pixelOf(stroked.get(), x, y), b = pixelOf(stamped.get(), x, y);
            ASSERT_LE(testing_support::channelDifference(a, b), 255 / 8 + 12) << "at " << x << ", " << y;
            inked += a != ground ? 1 : 0;
        }
    }
    EXPECT_GT(inked, 5 * 100) << "five lines, each some 40 pixels long and 3 wide";
}

TEST(ShapeStamps, OnlyAnUnclippedUnturnedImageIsStamped) {
    const auto corners = flatHexagon(10);
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 64));
    {
        cairo_t* cr = cairo_create(image.get());
        placeView(cr);
        EXPECT_TRUE(ShapeStamps::forTarget(cr, corners).has_value()) << "a plain view";
        cairo_rectangle(cr, -10, -10, 1000, 1000); // a clip larger than the surface clips nothing
        cairo_clip(cr);
        EXPECT_TRUE(ShapeStamps::forTarget(cr, corners).has_value()) << "clipped to all of it";
        cairo_rectangle(cr, 0, 0, 20, 20);
        cairo_clip(cr);
        EXPECT_FALSE(ShapeStamps::forTarget(cr, corners).has_value()) << "clipped to part of it";
        cairo_reset_clip(cr);
        cairo_rotate(cr, 0.3);
        EXPECT_FALSE(ShapeStamps::forTarget(cr, corners).has_value()) << "turned";
        cairo_destroy(cr);
    }
    {
        cairo_t* cr = cairo_create(image.get());
        cairo_push_group(cr);
        EXPECT_FALSE(ShapeStamps::forTarget(cr, corners).has_value()) << "drawing into a group";
        cairo_pattern_destroy(cairo_pop_group(cr));
        cairo_destroy(cr);
    }
    auto recording = owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR, nullptr));
    cairo_t* cr = cairo_create(recording.get());
    EXPECT_FALSE(ShapeStamps::forTarget(cr, corners).has_value())
        << "a vector surface (PDF, SVG, a recording)";
    cairo_destroy(cr);
}

TEST(ShapeStamps, TheMasksOfAShapeAndScaleAreMadeOnceAndShared) {
    const auto corners = flatHexagon(10);
    const auto a = ShapeStamps::masksFor(corners, 0, 1.5, 1.5);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(ShapeStamps::masksFor(corners, 0, 1.5, 1.5), a) << "the bands of one view share one set";
    EXPECT_NE(ShapeStamps::masksFor(corners, 0, 1.25, 1.25), a) << "another zoom has its own";
    EXPECT_NE(ShapeStamps::masksFor(flatHexagon(11), 0, 1.5, 1.5), a) << "another shape has its own";
    EXPECT_NE(ShapeStamps::masksFor(corners, 2, 1.5, 1.5), a) << "its outline stroked has its own";
    EXPECT_EQ(a->bits.size(), a->block() * ShapeStamps::phases * ShapeStamps::phases);
    // A cell far larger than any view draws many of is filled as a path.
    EXPECT_EQ(ShapeStamps::masksFor(corners, 0, 100, 100), nullptr);
}

TEST(ShapeStamps, TheInkedBoxesHoldEveryInkedPixelOnceAndNoMore) {
    // A 16 x 16 mask: a speck, an L of touching pixels and a diagonal pair (touching at a corner).
    constexpr int size = 16, stride = 16;
    std::vector<unsigned char> bits(size * stride, 0);
    const auto ink = [&](int x, int y) { bits[static_cast<std::size_t>(y * stride + x)] = 90; };
    ink(1, 1);
    ink(10, 2), ink(10, 3), ink(10, 4), ink(11, 4), ink(12, 4);
    ink(3, 12), ink(4, 13);
    using Box = ShapeStamps::MaskBox;
    const std::vector<Box> boxes = ShapeStamps::inkedBoxes(bits.data(), size, stride);
    EXPECT_EQ(boxes, (std::vector<Box>{{1, 1, 1, 1}, {10, 2, 3, 3}, {3, 12, 2, 2}}));
    // Two clusters whose boxes would overlap are one box, so no pixel is blended twice.
    ink(12, 2), ink(13, 1); // apart from the L, but inside its box
    EXPECT_EQ(ShapeStamps::inkedBoxes(bits.data(), size, stride),
              (std::vector<Box>{{1, 1, 1, 1}, {10, 1, 4, 4}, {3, 12, 2, 2}}));
    // Inked over half the mask: the whole mask, one box.
    std::ranges::fill(bits, 0);
    for (int y = 0; y < 12; ++y) {
        for (int x = 0; x < 12; ++x) {
            ink(x, y);
        }
    }
    EXPECT_EQ(ShapeStamps::inkedBoxes(bits.data(), size, stride), (std::vector<Box>{{0, 0, size, size}}));
    std::ranges::fill(bits, 0);
    EXPECT_TRUE(ShapeStamps::inkedBoxes(bits.data(), size, stride).empty()) << "nothing inked";
}

TEST(ShapeStamps, AStampOfSpecksBlendsOnlyItsBoxesAndGivesTheWholeMasksPixels) {
    // The grid's marks of a cell as drawVertexMarks stamps them: short ticks at its corners.
    const auto corners = flatHexagon(12);
    std::vector<Point> ticks;
    for (std::size_t k = 0; k < 3; ++k) {
        const Point a = corners[k], b = corners[k + 1];
        const Point d{(b.x - a.x) * 0.18, (b.y - a.y) * 0.18};
        ticks.insert(ticks.end(), {a,
                                   {a.x + d.x, a.y + d.y},
                                   ShapeStamps::lineBreak,
                                   b,
                                   {b.x - d.x, b.y - d.y},
                                   ShapeStamps::lineBreak});
    }
    const auto masks = ShapeStamps::masksFor(ticks, 0.9, 1.37, 1.37);
    ASSERT_NE(masks, nullptr);
    for (std::size_t phase = 0; phase < masks->boxes.size(); ++phase) {
        const unsigned char* bits = masks->bits.data() + masks->block() * phase;
        long long area = 0;
        for (const ShapeStamps::MaskBox& b : masks->boxes[phase]) {
            area += static_cast<long long>(b.width) * b.height;
        }
        EXPECT_LT(2 * area, static_cast<long long>(masks->size) * masks->size) << "phase " << phase;
        for (int y = 0; y < masks->size; ++y) {
            for (int x = 0; x < masks->size; ++x) {
                const auto holds = [&](const ShapeStamps::MaskBox& b) {
                    return x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height;
                };
                const auto held = std::ranges::count_if(masks->boxes[phase], holds);
                if (bits[static_cast<std::size_t>(y * masks->stride + x)] != 0) {
                    ASSERT_EQ(held, 1) << "phase " << phase << ", inked pixel " << x << ", " << y;
                }
                ASSERT_LE(held, 1) << "phase " << phase << ", pixel " << x << ", " << y;
            }
        }
    }
    // Stamped box by box, and the whole mask blended through pixman as before: the same pixels.
    const auto [whole, boxed] = pathsAndStamps(
        {230, 230, 204},
        [&](cairo_t* cr) {
            placeView(cr);
            auto stamps = ShapeStamps::forTarget(cr, ticks, 0.9);
            auto target = RasterTarget::of(cr);
            ASSERT_TRUE(stamps && target);
            const pixman_color_t colour{static_cast<std::uint16_t>(stampColour.r * 257),
                                        static_cast<std::uint16_t>(stampColour.g * 257),
                                        static_cast<std::uint16_t>(stampColour.b * 257), 0xffff};
            PixmanImage solid(pixman_image_create_solid_fill(&colour));
            for (Point c : centres) {
                int x = 0, y = 0;
                pixman_image_t* mask = stamps->maskAt(c, x, y);
                target->blend(solid.get(), mask, x, y, stamps->maskSize(), stamps->maskSize());
            }
        },
        [&](cairo_t* cr) {
            placeView(cr);
            auto stamps = ShapeStamps::forTarget(cr, ticks, 0.9);
            ASSERT_TRUE(stamps);
            for (Point c : centres) {
                stamps->stamp(c, stampColour);
            }
        });
    int inked = 0;
    for (int y = 0; y < 160; ++y) {
        for (int x = 0; x < 200; ++x) {
            ASSERT_EQ(pixelOf(whole.get(), x, y), pixelOf(boxed.get(), x, y)) << "at " << x << ", " << y;
            inked += pixelOf(whole.get(), x, y) != Rgb{230, 230, 204} ? 1 : 0;
        }
    }
    EXPECT_GT(inked, 5 * 6 * 3) << "five cells' six ticks, each a few pixels";
}

// A symbol's picture about its centre, drawn as paths, on a surface of its own.
std::vector<std::uint32_t> symbolAlone(TerrainSymbol symbol, unsigned variant,
                                       std::optional<double> road = {}) {
    auto surface = owned(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 48, 48));
    cairo_t* cr = cairo_create(surface.get());
    cairo_translate(cr, 24, 24);
    cairo_scale(cr, 0.4, 0.4);
    const SymbolSite site{{0, 0}, variant, road};
    drawTerrainSymbols(cr, symbol, {&site, 1}, 100);
    cairo_destroy(cr);
    cairo_surface_flush(surface.get());
    const auto* data = reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(surface.get()));
    return {data, data + 48 * 48};
}

TEST(SymbolStamps, SitesWithOnePatternDrawOnePicture) {
    // symbolPattern must read every bit of the site the drawing reads: else a stamp shows another
    // cell's pattern. Checked against the drawing for every symbol over many variants.
    for (const auto& [symbol, name] : EnumNames<TerrainSymbol>::names) {
        std::map<unsigned, std::vector<std::uint32_t>> pictureOf;
        std::set<std::vector<std::uint32_t>> distinct;
        for (unsigned variant = 0; variant < 600; variant += 1) {
            const unsigned mixed = variant * 2654435761u; // high bits too
            auto picture = symbolAlone(symbol, mixed);
            distinct.insert(picture);
            const auto pattern = symbolPattern(symbol, SymbolSite{{0, 0}, mixed, std::nullopt});
            if (!pattern) {
                continue;
            }
            const auto [it, first] = pictureOf.try_emplace(*pattern, picture);
            ASSERT_TRUE(first || it->second == picture)
                << name << ": variant " << mixed << ", pattern " << *pattern;
        }
        if (symbol == TerrainSymbol::Trees) {
            EXPECT_GT(distinct.size(), 32u) << "open woods vary from cell to cell";
        }
    }
    EXPECT_FALSE(symbolPattern(TerrainSymbol::Buildings, SymbolSite{{0, 0}, 0, 0.5}).has_value())
        << "buildings along a road turn with it: no stamp";
    EXPECT_FALSE(symbolPattern(TerrainSymbol::Rocks, SymbolSite{{0, 0}, 7, std::nullopt}).has_value());
}

TEST(SymbolStamps, AStampedSymbolIsTheDrawnOneOnWholePixels) {
    // Centres on whole pixels: the stamp lands exactly where the drawing does.
    const std::array<std::pair<TerrainSymbol, unsigned>, 6> sites{{{TerrainSymbol::Trees, 5},
                                                                   {TerrainSymbol::DenseTrees, 9},
                                                                   {TerrainSymbol::Orchard, 1},
                                                                   {TerrainSymbol::Crops, 3},
                                                                   {TerrainSymbol::Marsh, 2},
                                                                   {TerrainSymbol::Water, 4}}};
    auto drawn = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 360, 80));
    auto stamped = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 360, 80));
    int paths = 0;
    for (cairo_surface_t* s : {drawn.get(), stamped.get()}) {
        cairo_t* cr = cairo_create(s);
        cairo_set_source_rgb(cr, 0.8, 0.85, 0.7);
        cairo_paint(cr);
        cairo_scale(cr, 0.5, 0.5); // cells 50 pixels across
        auto stamps = s == stamped.get() ? SymbolStamps::forTarget(cr, 100, true) : std::nullopt;
        ASSERT_EQ(stamps.has_value(), s == stamped.get());
        for (std::size_t i = 0; i < sites.size(); ++i) {
            const SymbolSite site{{60.0 + 110.0 * static_cast<double>(i), 80}, sites[i].second, std::nullopt};
            if (stamps) {
                paths += stamps->stamp(sites[i].first, site) ? 0 : 1;
            } else {
                drawTerrainSymbols(cr, sites[i].first, {&site, 1}, 100);
            }
        }
        stamps.reset();
        cairo_destroy(cr);
    }
    EXPECT_EQ(paths, 0);
    int inked = 0;
    for (int y = 0; y < 80; ++y) {
        for (int x = 0; x < 360; ++x) {
            const Rgb a = pixelOf(drawn.get(), x, y), b = pixelOf(stamped.get(), x, y);
            // Blending a premultiplied picture rounds once more than drawing it.
            ASSERT_LE(testing_support::channelDifference(a, b), 2) << "at " << x << ", " << y;
            inked += a != Rgb{204, 217, 179} ? 1 : 0;
        }
    }
    EXPECT_GT(inked, 6 * 100) << "the symbols were drawn at all";
}

// A wood's crowns stamped are the canopy their one path gives: where two overlap the green is the
// same as in one alone (not laid twice), and outlined (as printed) the rings are where Cairo strokes
// them.
TEST(StampCoverage, CrownsStampedAreOneCanopyAsTheirPathIs) {
    constexpr Rgb ground{220, 225, 190};
    const std::vector<Point> wood{{60, 60}, {80, 66}, {70, 85}, {140, 60}, {300, 200}};
    for (const bool outlined : {false, true}) {
        SCOPED_TRACE(outlined ? "outlined" : "plain");
        const auto crowns = [&](cairo_t* cr) {
            cairo_scale(cr, 1.25, 1.25);
            drawCrowns(cr, TerrainSymbol::Trees, wood, 200, outlined); // crowns of 17 units
        };
        const auto [byPath, stamped] = pathsAndStamps(
            ground,
            [&](cairo_t* cr) {
                // A clip short of the image's edge: no stamps, the paths.
                cairo_rectangle(cr, 0, 0, 199, 159);
                cairo_clip(cr);
                crowns(cr);
            },
            crowns);
        int apart = 0, inked = 0, largest = 0;
        for (int y = 0; y < 159; ++y) {
            for (int x = 0; x < 199; ++x) {
                const Rgb a = pixelOf(byPath.get(), x, y), b = pixelOf(stamped.get(), x, y);
                const int difference = testing_support::channelDifference(a, b);
                apart += difference > 12 ? 1 : 0;
                largest = std::max(largest, difference);
                inked += a != ground ? 1 : 0;
            }
        }
        EXPECT_GT(inked, 3000) << "the crowns were drawn at all";
        // A stamp's edge is within an eighth of a pixel of the path's (a quarter-pixel phase, a
        // 32-sided ring): its antialiased edge pixels differ a little, nothing else does.
        EXPECT_LT(apart, inked / 10) << "stamps and paths apart at their edges only";
        EXPECT_LE(largest, 80) << "an edge pixel a third of a pixel off at most";
        if (!outlined) {
            // (70, 72) lies in the first two crowns and the third; (60, 52) in the first alone.
            const Rgb overlap = pixelOf(stamped.get(), 88, 90), alone = pixelOf(stamped.get(), 75, 62);
            EXPECT_LE(testing_support::channelDifference(overlap, alone), 2) << "an overlap is no darker";
            EXPECT_NE(alone, ground);
        }
    }
}

} // namespace
} // namespace sandtable
