// The canvas's kept ground (render/view_cache): after pans and edits, a frame has the pixels a
// whole new drawing gives, while drawing only what it must.
#include "cairo_pixels.hpp"
#include "formats/scenario_xml.hpp"
#include "model/scenario_generator.hpp"
#include "render/map_index.hpp"
#include "render/scene_changes.hpp"
#include "render/terrain_overview.hpp"
#include "render/view_cache.hpp"
#include "render/view_image.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

namespace sandtable {
namespace {

using testing_support::owned;

// How two frames differ: the pixels that differ by more than `levels` in a channel, and the largest
// difference. Cairo antialiases a shape cut at a surface's edge a few levels apart from the same
// shape drawn whole (a railroad's ties: at most 9 of 255 were seen), so a frame drawn in parts is
// held to "no visible difference", not to every bit.
struct Difference {
    int pixels = 0, largest = 0;
};
// Within `region`.
Difference differenceIn(cairo_surface_t* a, cairo_surface_t* b, PixelRect region, int levels = 2) {
    cairo_surface_flush(a);
    cairo_surface_flush(b);
    Difference d;
    for (int y = region.y; y < region.y + region.height; ++y) {
        for (int x = region.x; x < region.x + region.width; ++x) {
            const Rgb p = testing_support::pixelOf(a, x, y), q = testing_support::pixelOf(b, x, y);
            const int most = testing_support::channelDifference(p, q);
            d.pixels += most > levels ? 1 : 0;
            d.largest = std::max(d.largest, most);
        }
    }
    return d;
}
// Over the whole frame.
Difference differenceOf(cairo_surface_t* a, cairo_surface_t* b, int levels = 2) {
    return differenceIn(a, b, {0, 0, cairo_image_surface_get_width(a), cairo_image_surface_get_height(a)},
                        levels);
}

void expectAlike(cairo_surface_t* a, cairo_surface_t* b, const std::string& when) {
    const Difference d = differenceOf(a, b);
    EXPECT_LE(d.largest, 24) << when;
    EXPECT_LE(d.pixels, cairo_image_surface_get_width(a) * cairo_image_surface_get_height(a) / 1000) << when;
}

struct Fixture {
    Scenario s = generateScenario(GeneratorParameters{60, 60, 300, 60, 7, GridShape::HexFlat});
    Layout layout{s.map.grid, 100.0};
    TerrainOverview overview;
    MapIndex index;
    Fixture() {
        overview.rebuild(s.map);
        index.rebuild(s);
    }
    MapPainter painter() const {
        MapPainter p(s, layout, &overview);
        p.setIndex(&index);
        return p;
    }
};

constexpr Rgb background{60, 60, 64};

// A view's frame as the cache draws it, and one to draw the same view whole in, to hold the first
// to the second.
std::pair<testing_support::SurfacePtr, testing_support::SurfacePtr> cachedAndFresh(int width, int height) {
    return {owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)),
            owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height))};
}

// A view `width` x `height` whose middle shows the map's point `middle` at `zoom`: zoomed about it,
// as the wheel zooms about the pointer.
ViewPlacement centredOn(Point middle, double zoom, int width, int height) {
    return {middle.x * zoom - width / 2.0, middle.y * zoom - height / 2.0, zoom};
}

TEST(ViewCache, AfterPansAFrameIsTheWholeDrawing) {
    Fixture f;
    const MapPainter painter = f.painter();
    auto [cached, fresh] = cachedAndFresh(700, 420);
    ViewCache cache;
    for (const double zoom : {0.3, 0.9, 0.09}) { // cells, close up, the overview image
        ViewPlacement view{1000.5, 640, zoom};
        cache.draw(painter, cached.get(), view, background);
        EXPECT_EQ(cache.groundPixelsDrawn(), 700 * 420) << "a new zoom draws all of its ground";
        for (const auto& [dx, dy] :
             std::array<std::pair<int, int>, 5>{{{37, 0}, {0, -23}, {-101, 64}, {5, 5}, {-3, 0}}}) {
            view.scrollX += dx;
            view.scrollY += dy;
            cache.draw(painter, cached.get(), view, background);
            EXPECT_LE(cache.groundPixelsDrawn(), std::abs(dx) * 420 + std::abs(dy) * 700)
                << "a pan draws the strips it shows anew";
            drawView(painter, fresh.get(), view, background);
            expectAlike(cached.get(), fresh.get(),
                        "at zoom " + std::to_string(zoom) + " after a pan by " + std::to_string(dx) + ", " +
                            std::to_string(dy));
        }
    }
}

TEST(ViewCache, AfterAnEditOnlyTheChangedGroundIsDrawnAgain) {
    Fixture f;
    auto [cached, fresh] = cachedAndFresh(700, 420);
    ViewCache cache;
    const ViewPlacement view{600, 500, 0.4};
    cache.draw(f.painter(), cached.get(), view, background);
    // A hill raised and woods planted in the middle of the view, and a road bent through them.
    const std::array<Offset, 3> cells{{{30, 22}, {31, 22}, {30, 23}}};
    for (Offset c : cells) {
        f.s.map.terrain[f.s.map.grid.index(c)] = 1;
        f.s.map.elevation[f.s.map.grid.index(c)] += 3;
    }
    f.overview.rebuild(f.s.map);
    cache.invalidate(ViewCache::groundChangedBy(f.layout, cells));
    cache.draw(f.painter(), cached.get(), view, background);
    EXPECT_GT(cache.groundPixelsDrawn(), 0);
    EXPECT_LT(cache.groundPixelsDrawn(), 700 * 420 / 2) << "the edit's surroundings, not the view";
    drawView(f.painter(), fresh.get(), view, background);
    expectAlike(cached.get(), fresh.get(), "after the edit");
    // Without telling the cache, the old ground would stay: the test can tell them apart.
    for (Offset c : cells) {
        f.s.map.elevation[f.s.map.grid.index(c)] -= 3;
    }
    cache.draw(f.painter(), cached.get(), view, background);
    drawView(f.painter(), fresh.get(), view, background);
    EXPECT_GT(differenceOf(cached.get(), fresh.get()).pixels, 1000);
}

TEST(ViewCache, OtherLayersOrAnotherZoomDrawEverything) {
    Fixture f;
    const MapPainter painter = f.painter();
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 300, 200));
    ViewCache cache;
    RenderOptions o;
    cache.draw(painter, image.get(), {100, 100, 0.4}, background, o);
    cache.draw(painter, image.get(), {100, 100, 0.4}, background, o);
    EXPECT_EQ(cache.groundPixelsDrawn(), 0) << "the same view again: nothing to draw";
    o.symbols = false;
    cache.draw(painter, image.get(), {100, 100, 0.4}, background, o);
    EXPECT_EQ(cache.groundPixelsDrawn(), 300 * 200);
    cache.draw(painter, image.get(), {100, 100, 0.5}, background, o);
    EXPECT_EQ(cache.groundPixelsDrawn(), 300 * 200);
    cache.draw(painter, image.get(), {100.25, 100, 0.5}, background, o);
    EXPECT_EQ(cache.groundPixelsDrawn(), 300 * 200) << "a pan by part of a pixel cannot move the pixels";
    cache.invalidateAll();
    cache.draw(painter, image.get(), {100.25, 100, 0.5}, background, o);
    EXPECT_EQ(cache.groundPixelsDrawn(), 300 * 200);
}

// The window's edge dragged: each frame a view of another size, on an image of that size. The
// ground the last frame kept (wrapped round after pans) is taken to the new size and only what came
// into view is drawn; the frame is the whole drawing at that size.
TEST(ViewCache, AViewOfANewSizeKeepsTheGroundItStillShowsAndDrawsOnlyWhatCameIntoView) {
    Fixture f;
    const MapPainter painter = f.painter();
    ViewCache cache;
    ViewPlacement view{1000, 640, 0.4};
    auto first = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 700, 420));
    cache.draw(painter, first.get(), view, background);
    view.scrollX += 37; // pans: the kept ground wraps round
    view.scrollY -= 23;
    cache.draw(painter, first.get(), view, background);
    struct Resize {
        int width, height;
        int dx = 0, dy = 0; // the view moved too (a window's left or top edge dragged)
        // The kept ground lies where the new view has it (not wrapped by a pan, the view not moved,
        // within its memory's room: 875 x 525, a quarter more than the first frame's): nothing of it
        // is copied to take it to the new size.
        bool inPlace = false;
    };
    int width = 700, height = 420;
    for (const Resize& r : std::vector<Resize>{{760, 460},
                                               {768, 465, 0, 0, true},
                                               {640, 380, 0, 0, true},
                                               {700, 300, 12, -9},
                                               {875, 525, 0, 0, true},
                                               {900, 520},
                                               {650, 500, -30, 40}}) {
        const std::string what = std::to_string(r.width) + " x " + std::to_string(r.height) + " from " +
                                 std::to_string(width) + " x " + std::to_string(height);
        view.scrollX += r.dx;
        view.scrollY += r.dy;
        auto [cached, fresh] = cachedAndFresh(r.width, r.height);
        cache.draw(painter, cached.get(), view, background);
        // What the last frame did not show: the new size less the old one where the view now has it.
        const int keptWidth = std::max(0, std::min(r.width, width - r.dx) - std::max(0, -r.dx));
        const int keptHeight = std::max(0, std::min(r.height, height - r.dy) - std::max(0, -r.dy));
        const long long area = static_cast<long long>(r.width) * r.height;
        EXPECT_EQ(cache.groundPixelsDrawn(), area - static_cast<long long>(keptWidth) * keptHeight) << what;
        // All of it copied onto the frame, and the part kept within the ground unless it lay in place.
        EXPECT_EQ(cache.groundPixelsCopied(),
                  area + (r.inPlace ? 0 : static_cast<long long>(keptWidth) * keptHeight))
            << what;
        drawView(painter, fresh.get(), view, background);
        expectAlike(cached.get(), fresh.get(), what);
        width = r.width;
        height = r.height;
    }
    // A pan and an edit after the resizes land where the view shows them.
    const std::array<Offset, 2> cells{{{28, 20}, {29, 20}}};
    for (Offset c : cells) {
        f.s.map.terrain[f.s.map.grid.index(c)] = 1;
    }
    f.overview.rebuild(f.s.map);
    cache.invalidate(ViewCache::groundChangedBy(f.layout, cells));
    view.scrollX -= 51;
    auto [cached, fresh] = cachedAndFresh(width, height);
    cache.draw(f.painter(), cached.get(), view, background);
    drawView(f.painter(), fresh.get(), view, background);
    expectAlike(cached.get(), fresh.get(), "a pan and an edit after the resizes");
}

// What the last frame kept cannot serve a view of a new size at another zoom, or while the wheel's
// preview shows (its ground is not sharp): those frames draw all of it, as before.
TEST(ViewCache, AViewOfANewSizeAtAnotherZoomOrOverAPreviewIsDrawnWhole) {
    Fixture f;
    const MapPainter painter = f.painter();
    ViewCache cache;
    auto first = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 700, 420));
    cache.draw(painter, first.get(), {1000, 640, 0.4}, background);
    {
        auto [cached, fresh] = cachedAndFresh(720, 430);
        cache.draw(painter, cached.get(), {1000, 640, 0.45}, background);
        EXPECT_EQ(cache.groundPixelsDrawn(), 720 * 430) << "another zoom";
        drawView(painter, fresh.get(), {1000, 640, 0.45}, background);
        expectAlike(cached.get(), fresh.get(), "another zoom and size");
    }
    auto same = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 720, 430));
    cache.draw(painter, same.get(), {1000, 640, 0.5}, background, {}, 0, ViewCache::AtNewZoom::Preview);
    ASSERT_TRUE(cache.previewShown());
    auto [cached, fresh] = cachedAndFresh(740, 440);
    cache.draw(painter, cached.get(), {1000, 640, 0.5}, background);
    EXPECT_EQ(cache.groundPixelsDrawn(), 740 * 440) << "over a preview";
    EXPECT_FALSE(cache.previewShown());
    drawView(painter, fresh.get(), {1000, 640, 0.5}, background);
    expectAlike(cached.get(), fresh.get(), "over a preview");
    // And the wheel's preview after resizes stretches the sharp ground the resized frame kept.
    auto [later, sharp] = cachedAndFresh(760, 450);
    cache.draw(painter, later.get(), {1000, 640, 0.5}, background);
    cache.draw(painter, later.get(), {1000, 640, 0.55}, background, {}, 0, ViewCache::AtNewZoom::Preview);
    cache.draw(painter, later.get(), {1000, 640, 0.55}, background);
    drawView(painter, sharp.get(), {1000, 640, 0.55}, background);
    expectAlike(later.get(), sharp.get(), "sharp after a preview after resizes");
}

// The kept ground is wrapped round (a pan moves where the view starts in it): what is drawn into it
// after pans, an edit's ground and a stretch of it, lands where the view shows it.
TEST(ViewCache, AfterPansAnEditAndAStretchLandWhereTheViewShowsThem) {
    Fixture f;
    auto [cached, fresh] = cachedAndFresh(500, 300);
    ViewCache cache;
    ViewPlacement view{800, 700, 0.4};
    cache.draw(f.painter(), cached.get(), view, background);
    view.scrollX -= 101; // the view now starts 399 pixels into the kept ground, 64 down
    view.scrollY += 64;
    cache.draw(f.painter(), cached.get(), view, background);
    // An edit under the wrap's seams (the view's pixel 101 across and 236 down).
    const auto cell = f.layout.cellAt({(view.scrollX + 101) / view.zoom, (view.scrollY + 236) / view.zoom});
    ASSERT_TRUE(cell.has_value());
    const std::array<Offset, 1> cells{*cell};
    f.s.map.terrain[f.s.map.grid.index(*cell)] = 2;
    f.s.map.elevation[f.s.map.grid.index(*cell)] += 4;
    f.overview.rebuild(f.s.map);
    cache.invalidate(ViewCache::groundChangedBy(f.layout, cells));
    cache.draw(f.painter(), cached.get(), view, background);
    EXPECT_LT(cache.groundPixelsDrawn(), 500 * 300 / 2);
    drawView(f.painter(), fresh.get(), view, background);
    expectAlike(cached.get(), fresh.get(), "the edit across the seams");
    // The wheel stretches the wrapped ground: the same map in the same place, blurred.
    const Point middle{(view.scrollX + 250) / view.zoom, (view.scrollY + 150) / view.zoom};
    const ViewPlacement closer = centredOn(middle, 0.46, 500, 300);
    cache.draw(f.painter(), cached.get(), closer, background, {}, 0, ViewCache::AtNewZoom::Preview);
    EXPECT_EQ(cache.groundPixelsDrawn(), 0);
    drawView(f.painter(), fresh.get(), closer, background);
    const Difference stretched = differenceOf(cached.get(), fresh.get(), 60);
    EXPECT_LT(stretched.pixels, 500 * 300 / 10) << "the stretch shows the map where it is";
}

// What the display does to a window's shown pixels at a pan (editor/canvas/shown_pixels): each
// moved by (-dx, -dy); what comes into view is whatever was there (here magenta, to be seen).
void moveShown(cairo_surface_t* shown, int dx, int dy) {
    cairo_surface_flush(shown);
    const int width = cairo_image_surface_get_width(shown), height = cairo_image_surface_get_height(shown);
    const int stride = cairo_image_surface_get_stride(shown);
    unsigned char* data = cairo_image_surface_get_data(shown);
    std::vector<unsigned char> before(data, data + static_cast<std::ptrdiff_t>(stride) * height);
    for (int y = 0; y < height; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < width; ++x) {
            const int fromX = x + dx, fromY = y + dy;
            const bool inside = fromX >= 0 && fromX < width && fromY >= 0 && fromY < height;
            std::uint32_t pixel = 0xFF00FF;
            if (inside) {
                std::memcpy(&pixel, before.data() + static_cast<std::ptrdiff_t>(fromY) * stride + fromX * 4,
                            4);
            }
            row[x] = pixel;
        }
    }
    cairo_surface_mark_dirty(shown);
}

// The canvas at a pan whose shown pixels the display moves: its last frame moved, then the strips
// that came into view and the words the new view's arrangement sets elsewhere drawn over it, as the
// kept ground and the new arrangement give them. What shows is the new view drawn whole.
// Towns in every other cell, their names crowding each other: which of them a view holds decides
// where the others go, so a view panned on, or of another size, sets some elsewhere.
void crowdWithTowns(Fixture& f) {
    for (int row = 0; row < 60; ++row) {
        for (int col = row % 2; col < 60; col += 2) {
            const auto id = static_cast<std::uint32_t>(10'000 + row * 60 + col);
            f.s.map.features.emplace(
                FeatureId{id},
                Feature{FeatureKind::Town, {col, row}, "Crossroads " + std::to_string(id), std::nullopt, 0});
        }
    }
    f.index.rebuild(f.s);
}

TEST(ViewCache, AFrameTheDisplayMovedWithItsStripsAndMovedWordsDrawnIsTheWholeDrawing) {
    Fixture f;
    crowdWithTowns(f);
    const MapPainter painter = f.painter();
    auto [shown, fresh] = cachedAndFresh(640, 400);
    int pansWithMovedWords = 0, pans = 0;
    for (const double zoom : {0.3, 0.9, 0.09}) { // cells and their words, close up, the overview image
        ViewCache cache;
        ViewPlacement view{700.5, 500, zoom};
        std::shared_ptr<const MapPainter::Scene> scene;
        if (!painter.drawsOverview(zoom)) {
            scene = arrangeView(painter, shown.get(), view, {});
        }
        cache.draw(painter, shown.get(), view, background, {}, 0, ViewCache::AtNewZoom::Sharp, {{}, scene});
        for (int step = 0; step < 24; ++step) {
            const int dx = step % 6 < 3 ? 60 : -37, dy = step % 4 == 0 ? 23 : step % 4 == 2 ? -41 : 0;
            view.scrollX += dx;
            view.scrollY += dy;
            std::shared_ptr<const MapPainter::Scene> next;
            std::vector<PixelRect> parts;
            if (scene) {
                next = arrangeView(painter, shown.get(), view, {});
                parts = pixelsOfWordsMoved(*scene, *next, view, 640, 400);
                pansWithMovedWords += parts.empty() ? 0 : 1;
            }
            parts.push_back({dx > 0 ? 640 - dx : 0, 0, std::abs(dx), 400});
            if (dy != 0) {
                parts.push_back({0, dy > 0 ? 400 - dy : 0, 640, std::abs(dy)});
            }
            moveShown(shown.get(), dx, dy);
            cache.draw(painter, shown.get(), view, background, {}, 0, ViewCache::AtNewZoom::Sharp,
                       {parts, next});
            scene = next;
            ++pans;
            drawView(painter, fresh.get(), view, background);
            expectAlike(shown.get(), fresh.get(),
                        "at zoom " + std::to_string(zoom) + ", pan " + std::to_string(step));
        }
    }
    EXPECT_EQ(pans, 72);
    EXPECT_GT(pansWithMovedWords, 0) << "some pans set a word elsewhere: the test must see that case";
}

// The canvas at a resize that does not move the view (the window's right or bottom edge dragged): its
// last frame kept where it was in the display's image (rows of its room's width), then what the new
// size brings in (the strips, the words set elsewhere: pixelsAResizeBringsIn) drawn over it, the
// ground they need kept in place too. What shows is the new view drawn whole.
TEST(ViewCache, AFrameOfANewSizeKeptInPlaceWithWhatTheResizeBringsInDrawnIsTheWholeDrawing) {
    Fixture f;
    crowdWithTowns(f);
    const MapPainter painter = f.painter();
    int resizes = 0, withMovedWords = 0, smallerWithNothingNew = 0;
    // Cells and their words, the overview image, and close up, where a commander's letters lie across
    // the old bottom edge (700 x 430 to 690 x 470; Cairo set them a row lower when cut, TextWriter's
    // test says more).
    for (const double zoom : {0.3, 0.5, 0.7, 0.09, 0.9}) {
        ViewCache cache;
        const ViewPlacement view{700.5, 500, zoom};
        int width = 640, height = 400;
        auto shown = owned(createViewImage(CAIRO_FORMAT_RGB24, width, height, 900, 600, PagesIn::WhenWritten,
                                           Rows::RoomsWidth));
        ASSERT_NE(shown, nullptr);
        std::shared_ptr<const MapPainter::Scene> scene;
        if (!painter.drawsOverview(zoom)) {
            scene = arrangeView(painter, shown.get(), view, {});
        }
        cache.draw(painter, shown.get(), view, background, {}, 0, ViewCache::AtNewZoom::Sharp, {{}, scene});
        for (const auto& [w, h] : std::vector<std::pair<int, int>>{{700, 430},
                                                                   {690, 470},
                                                                   {600, 380},
                                                                   {820, 560},
                                                                   {760, 590},
                                                                   {900, 600},
                                                                   {500, 300},
                                                                   {880, 520}}) {
            const std::string what = "at zoom " + std::to_string(zoom) + ", " + std::to_string(width) +
                                     " x " + std::to_string(height) + " to " + std::to_string(w) + " x " +
                                     std::to_string(h);
            shown = owned(imageInTheSameRoom(shown.get(), w, h));
            ASSERT_NE(shown, nullptr) << what;
            std::shared_ptr<const MapPainter::Scene> next;
            if (scene) {
                next = arrangeView(painter, shown.get(), view, {});
                withMovedWords += pixelsOfWordsMoved(*scene, *next, view, w, h).empty() ? 0 : 1;
            }
            const std::vector<PixelRect> parts =
                pixelsAResizeBringsIn(scene.get(), next.get(), view, width, height, w, h);
            if (parts.empty()) {
                ++smallerWithNothingNew; // the frame kept is the new one
            } else {
                cache.draw(painter, shown.get(), view, background, {}, 0, ViewCache::AtNewZoom::Sharp,
                           {parts, next});
            }
            scene = next;
            width = w;
            height = h;
            ++resizes;
            auto fresh = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
            drawView(painter, fresh.get(), view, background);
            expectAlike(shown.get(), fresh.get(), what);
        }
    }
    EXPECT_EQ(resizes, 40);
    EXPECT_GT(withMovedWords, 0) << "some sizes set a word elsewhere: the test must see that case";
    EXPECT_GT(smallerWithNothingNew, 0) << "and some smaller ones nothing new";
}

// Asked for parts of a frame, the cache draws those and leaves the rest of the image as it was.
TEST(ViewCache, AFrameInPartsDrawsThosePartsAlone) {
    Fixture f;
    const MapPainter painter = f.painter();
    auto [image, fresh] = cachedAndFresh(300, 200);
    ViewCache cache;
    const ViewPlacement view{500, 400, 0.4};
    cache.draw(painter, image.get(), view, background);
    cairo_t* cr = cairo_create(image.get());
    cairo_set_source_rgb(cr, 1, 0, 1);
    cairo_paint(cr);
    cairo_destroy(cr);
    const std::array<PixelRect, 2> parts{{{10, 20, 50, 30}, {200, 150, 100, 50}}};
    cache.draw(painter, image.get(), view, background, {}, 0, ViewCache::AtNewZoom::Sharp, {parts, nullptr});
    EXPECT_EQ(cache.groundPixelsDrawn(), 0) << "the ground was kept";
    drawView(painter, fresh.get(), view, background);
    for (const PixelRect& part : parts) {
        EXPECT_LE(differenceIn(image.get(), fresh.get(), part).largest, 24);
    }
    EXPECT_EQ(testing_support::pixelOf(image.get(), 100, 100), (Rgb{255, 0, 255})) << "outside the parts";
    EXPECT_EQ(testing_support::pixelOf(image.get(), 9, 20), (Rgb{255, 0, 255}));
}

TEST(ViewCache, ARegionOfAWrappedViewIsDrawnInUpToFourParts) {
    const ViewPlacement view{1000, 2000, 0.5};
    // The view starts 30 pixels across and 10 down in an image 100 x 50.
    const auto parts = wrappedParts({60, 30, 20, 30}, 100, 50, {30, 10}, view);
    ASSERT_EQ(parts.size(), 4U);
    // View x 60..69 is image x 90..99, 70..79 is 0..9; view y 30..39 is image y 40..49, 40..59 is 0..9
    // (cut to the view's 50 rows: 40..49).
    EXPECT_EQ(parts[0].inImage.x, 90);
    EXPECT_EQ(parts[0].inImage.width, 10);
    EXPECT_EQ(parts[0].inImage.y, 40);
    EXPECT_EQ(parts[0].inImage.height, 10);
    EXPECT_EQ(parts[3].inImage.x, 0);
    EXPECT_EQ(parts[3].inImage.y, 0);
    EXPECT_EQ(parts[3].inImage.height, 10);
    // Each drawn with the view moved so its image pixels show the view's: image x 90 shows view x 60.
    EXPECT_EQ(parts[0].view.scrollX, 1000 + 60 - 90);
    EXPECT_EQ(parts[3].view.scrollY, 2000 + 40 - 0);
    EXPECT_EQ(wrappedParts({0, 0, 100, 50}, 100, 50, {}, view).size(), 1U) << "unwrapped: one part";
    EXPECT_TRUE(wrappedParts({120, 0, 10, 10}, 100, 50, {}, view).empty()) << "out of view";
}

// The share of pixels of two frames more than `levels` apart in some channel.
double shareApart(cairo_surface_t* a, cairo_surface_t* b, int levels) {
    return static_cast<double>(differenceOf(a, b, levels).pixels) /
           (cairo_image_surface_get_width(a) * cairo_image_surface_get_height(a));
}

TEST(ViewCache, WhileTheWheelTurnsAFrameStretchesTheLastSharpGroundUntilASharpOneIsAsked) {
    for (const MapStyle style : {MapStyle::Natural, MapStyle::Cells}) {
        SCOPED_TRACE(style == MapStyle::Natural ? "natural" : "cells");
        Fixture f;
        const MapPainter painter = f.painter();
        RenderOptions o;
        o.style = style;
        auto [cached, fresh] = cachedAndFresh(600, 400);
        ViewCache cache;
        // Zoomed about the view's middle, as the wheel does about the pointer.
        const Point middle{3000, 2400};
        const auto at = [&](double zoom) { return centredOn(middle, zoom, 600, 400); };
        using enum ViewCache::AtNewZoom;
        cache.draw(painter, cached.get(), at(0.4), background, o, 0, Preview);
        EXPECT_EQ(cache.groundPixelsDrawn(), 600 * 400) << "nothing kept to stretch: drawn";
        EXPECT_FALSE(cache.previewShown());
        for (const double zoom : {0.46, 0.53, 0.61, 0.35}) {
            cache.draw(painter, cached.get(), at(zoom), background, o, 0, Preview);
            EXPECT_EQ(cache.groundPixelsDrawn(), 0) << "at " << zoom << ": the last sharp ground stretched";
            EXPECT_TRUE(cache.previewShown());
            drawView(painter, fresh.get(), at(zoom), background, o);
            // Blurred and its lines thicker or thinner, but the same map in the same place.
            EXPECT_LT(shareApart(cached.get(), fresh.get(), 60), zoom < 0.4 ? 0.3 : 0.1) << "at " << zoom;
        }
        cache.draw(painter, cached.get(), at(0.35), background, o, 0, Sharp);
        EXPECT_EQ(cache.groundPixelsDrawn(), 600 * 400) << "the wheel rested: sharp";
        EXPECT_FALSE(cache.previewShown());
        drawView(painter, fresh.get(), at(0.35), background, o);
        expectAlike(cached.get(), fresh.get(), "the sharp frame after the previews");
        // Stretched too far, or with an edit to show, a frame is drawn anew.
        cache.draw(painter, cached.get(), at(0.35 * 4.5), background, o, 0, Preview);
        EXPECT_EQ(cache.groundPixelsDrawn(), 600 * 400) << "stretched more than four times";
        cache.invalidate(ViewCache::groundChangedBy(f.layout, std::array<Offset, 1>{{{30, 24}}}));
        cache.draw(painter, cached.get(), at(0.35 * 5), background, o, 0, Preview);
        EXPECT_EQ(cache.groundPixelsDrawn(), 600 * 400) << "an edit is never shown stale";
    }
}

// A wheel notch's frame handed over band by band (the canvas shows each as it comes) is the frame
// drawn whole: every row handed once, each band finished, ground and marks, when it is handed, and
// the frames after it, which sharpen what was stretched, the same too. What the hand-over throws
// comes out of draw, which does not wait forever on the bands the other threads had yet to draw,
// and the next frame draws anew what the failed one left.
TEST(ViewCache, AWheelFrameHandedOverInBandsIsTheFrameDrawnWholeAndEachBandIsDoneWhenHanded) {
    Fixture f;
    const MapPainter painter = f.painter();
    constexpr int width = 600, height = 400;
    auto [inBands, whole] = cachedAndFresh(width, height);
    ViewCache banded, plain;
    const Point middle{3000, 2400};
    const auto at = [&](double zoom) { return centredOn(middle, zoom, width, height); };
    using enum ViewCache::AtNewZoom;
    std::vector<int> handedRows(height, 0);
    std::vector<std::pair<PixelRect, std::vector<Rgb>>> handed;
    // Pixels of the two frames not the same to the bit.
    const auto differing = [&] {
        int count = 0;
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                count += testing_support::pixelOf(inBands.get(), x, y) !=
                         testing_support::pixelOf(whole.get(), x, y);
            }
        }
        return count;
    };
    const auto bandDone = [&](PixelRect rows) {
        std::vector<Rgb> pixels;
        for (int y = rows.y; y < rows.bottom(); ++y) {
            ++handedRows[static_cast<std::size_t>(y)];
            for (int x = rows.x; x < rows.x + rows.width; ++x) {
                pixels.push_back(testing_support::pixelOf(inBands.get(), x, y));
            }
        }
        handed.emplace_back(rows, std::move(pixels));
    };
    for (const double zoom : {0.4, 0.46, 0.53, 0.35}) {
        handed.clear();
        std::ranges::fill(handedRows, 0);
        banded.draw(painter, inBands.get(), at(zoom), background, {}, 0, Preview,
                    {{}, nullptr, false, bandDone});
        plain.draw(painter, whole.get(), at(zoom), background, {}, 0, Preview);
        cairo_surface_flush(inBands.get());
        cairo_surface_flush(whole.get());
        EXPECT_EQ(differing(), 0) << "the frame at " << zoom;
        if (zoom == 0.4) {
            EXPECT_TRUE(handed.empty()) << "nothing to stretch: drawn whole, shown whole";
            continue;
        }
        EXPECT_GT(handed.size(), 1u) << "at " << zoom;
        EXPECT_EQ(std::ranges::count(handedRows, 1), height) << "each row once, at " << zoom;
        for (const auto& [rows, pixels] : handed) {
            EXPECT_EQ(rows.x, 0);
            EXPECT_EQ(rows.width, width);
            std::size_t i = 0, changed = 0;
            for (int y = rows.y; y < rows.bottom(); ++y) {
                for (int x = 0; x < width; ++x) {
                    changed += pixels[i++] != testing_support::pixelOf(inBands.get(), x, y) ? 1 : 0;
                }
            }
            EXPECT_EQ(changed, 0u) << "rows from " << rows.y << " drawn on after they were handed, at "
                                   << zoom;
        }
        ASSERT_NE(banded.arranged(), nullptr);
        EXPECT_EQ(banded.arranged()->counters.size(), plain.arranged()->counters.size());
    }
    // The frames that sharpen the last preview: the kept ground owes both the same stretch.
    for (int frames = 0; frames < 40 && (banded.sharpening() || plain.sharpening()); ++frames) {
        banded.draw(painter, inBands.get(), at(0.35), background, {}, 0, Sharp);
        plain.draw(painter, whole.get(), at(0.35), background, {}, 0, Sharp);
        cairo_surface_flush(inBands.get());
        cairo_surface_flush(whole.get());
        EXPECT_EQ(differing(), 0) << "sharpening frame " << frames;
    }
    int shown = 0;
    const auto failing = [&](PixelRect) {
        if (++shown == 2) {
            throw std::runtime_error("the display went away");
        }
    };
    EXPECT_THROW(banded.draw(painter, inBands.get(), at(0.4), background, {}, 0, Preview,
                             {{}, nullptr, false, failing}),
                 std::runtime_error);
    EXPECT_EQ(shown, 2);
    // The frame after it, at the view the cache last drew whole, shows that view, not what the
    // failed frame left of the kept ground.
    banded.draw(painter, inBands.get(), at(0.35), background, {}, 0, Sharp);
    plain.draw(painter, whole.get(), at(0.35), background, {}, 0, Sharp);
    cairo_surface_flush(inBands.get());
    cairo_surface_flush(whole.get());
    EXPECT_EQ(differing(), 0) << "the frame after the failed one";
}

// The kept ground is copied and stretched 32 bits a pixel: an image of 16 bits gets whole frames,
// never pixels written past its rows.
TEST(ViewCache, OnAnImageOfOtherThan32BitsEveryFrameIsDrawnWhole) {
    Fixture f;
    const MapPainter painter = f.painter();
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB16_565, 300, 200));
    ViewCache cache;
    const Point middle{3000, 2400};
    using enum ViewCache::AtNewZoom;
    cache.draw(painter, image.get(), centredOn(middle, 0.4, 300, 200), background, {}, 0, Preview);
    cache.draw(painter, image.get(), centredOn(middle, 0.46, 300, 200), background, {}, 0, Preview);
    EXPECT_FALSE(cache.previewShown());
    EXPECT_EQ(cache.groundPixelsDrawn(), 300 * 200) << "drawn anew, not stretched";
    ViewPlacement panned = centredOn(middle, 0.46, 300, 200);
    panned.scrollX += 40;
    cache.draw(painter, image.get(), panned, background);
    EXPECT_EQ(cache.groundPixelsDrawn(), 300 * 200) << "a pan drawn anew, not copied";
    auto fresh = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB16_565, 300, 200));
    drawView(painter, fresh.get(), panned, background);
    cairo_surface_flush(image.get());
    cairo_surface_flush(fresh.get());
    for (int y = 0; y < 200; ++y) {
        ASSERT_EQ(0, std::memcmp(cairo_image_surface_get_data(image.get()) +
                                     y * cairo_image_surface_get_stride(image.get()),
                                 cairo_image_surface_get_data(fresh.get()) +
                                     y * cairo_image_surface_get_stride(fresh.get()),
                                 600))
            << "row " << y;
    }
}

// A frame on an image of 16 bits changes every pixel: it never names the tiles the 32-bit frame
// before it sharpened (a window that put those alone would show the frame before elsewhere).
TEST(ViewCache, AFrameOnAnImageOfOtherThan32BitsNamesNoTilesSharpenedAlone) {
    Fixture f;
    const MapPainter painter = f.painter();
    constexpr int width = 600, height = 400;
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
    ViewCache cache;
    cache.setFrameBudget(std::chrono::microseconds(0)); // a tile a frame
    const Point middle{3000, 2400};
    using enum ViewCache::AtNewZoom;
    const FrameParts tilesAlone{{}, nullptr, true};
    cache.draw(painter, image.get(), centredOn(middle, 0.4, width, height), background, {}, 1, Sharp,
               tilesAlone);
    const ViewPlacement view = centredOn(middle, 0.5, width, height);
    cache.draw(painter, image.get(), view, background, {}, 1, Sharp, tilesAlone);
    cache.draw(painter, image.get(), view, background, {}, 1, Sharp, tilesAlone);
    ASSERT_FALSE(cache.onlyTilesSharpened().empty()) << "the second frame at 0.5 sharpened a tile alone";
    auto sixteen = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB16_565, width, height));
    cache.draw(painter, sixteen.get(), view, background, {}, 1, Sharp, tilesAlone);
    EXPECT_EQ(cache.groundPixelsDrawn(), width * height);
    EXPECT_TRUE(cache.onlyTilesSharpened().empty()) << "every pixel of the 16-bit image was drawn";
}

TEST(ViewCache, AStretchZoomedOutShowsTheBackgroundInTheMarginsOnlyAndTheMapInside) {
    Fixture f;
    auto [cached, fresh] = cachedAndFresh(600, 400);
    ViewCache cache;
    const Point middle{3000, 2400};
    const auto at = [&](double zoom) { return centredOn(middle, zoom, 600, 400); };
    using enum ViewCache::AtNewZoom;
    // A background lighter than the map: a blend with anything darker (the image's old pixels)
    // falls below both.
    constexpr Rgb light{235, 235, 240};
    // The cells' ground: few lines cross the stretch's edge, so a seam there shows.
    RenderOptions cellsGround;
    cellsGround.style = MapStyle::Cells;
    cache.draw(f.painter(), cached.get(), at(0.4), light, cellsGround, 0, Preview);
    // Out to a zoom whose stretch ends inside a pixel (the ground at 0.4 is 465 pixels wide at 0.31,
    // from x 67.5 to 532.5): there the background and the map blend, and nothing the image held
    // before (the first preview's is a new one, black) shows through. The right edge: the marks,
    // drawn over all, lie to the left.
    cache.draw(f.painter(), cached.get(), at(0.31), light, cellsGround, 0, Preview);
    ASSERT_TRUE(cache.previewShown());
    // Darker than both by more than a few levels in some channel: what a seam looks like (a line
    // on the map crossing the edge makes a few such rows).
    const auto darker = [](Rgb v, Rgb a, Rgb b) {
        return v.r + 12 < std::min(a.r, b.r) || v.g + 12 < std::min(a.g, b.g) ||
               v.b + 12 < std::min(a.b, b.b);
    };
    int rows = 0, seams = 0;
    for (int y = 60; y < 340; y += 5, ++rows) {
        EXPECT_EQ(testing_support::pixelOf(cached.get(), 533, y), light) << "margin pixel 533," << y;
        seams += darker(testing_support::pixelOf(cached.get(), 532, y), light,
                        testing_support::pixelOf(cached.get(), 531, y))
                     ? 1
                     : 0;
    }
    EXPECT_LE(seams, rows / 10) << "edge pixels darker than the background and the map beside them";
    // Out by a third: the sharp ground covers the middle 450 x 300 pixels.
    cache.draw(f.painter(), cached.get(), at(0.3), light, cellsGround, 0, Preview);
    for (const auto& [x, y] : {std::pair{2, 200}, {597, 200}, {300, 2}, {300, 397}, {20, 20}}) {
        EXPECT_EQ(testing_support::pixelOf(cached.get(), x, y), light) << "margin pixel " << x << "," << y;
    }
    int mapPixels = 0;
    for (int x = 80; x < 520; x += 10) {
        mapPixels += testing_support::pixelOf(cached.get(), x, 200) != light ? 1 : 0;
    }
    EXPECT_EQ(mapPixels, 44) << "the stretched map fills the middle row";
    drawView(f.painter(), fresh.get(), at(0.3), light, cellsGround);
    EXPECT_LT(differenceIn(cached.get(), fresh.get(), {90, 60, 420, 280}, 60).pixels, 420 * 280 / 10)
        << "the middle shows the map where it is (blurred, its lines thinner)";
}

TEST(ViewCache, WithABudgetTheGroundAtANewZoomIsStretchedThenDrawnSharpTileByTileTheMiddleFirst) {
    for (const MapStyle style : {MapStyle::Natural, MapStyle::Cells}) {
        SCOPED_TRACE(style == MapStyle::Natural ? "natural" : "cells");
        Fixture f;
        const MapPainter painter = f.painter();
        RenderOptions o;
        o.style = style;
        constexpr int width = 600, height = 400; // 4 x 3 tiles of 192 pixels (the last ones cut)
        auto [cached, fresh] = cachedAndFresh(width, height);
        ViewCache cache;
        // No time at all: each frame draws the one tile a frame always draws (on one thread, so one).
        cache.setFrameBudget(std::chrono::microseconds(0));
        const Point middle{3000, 2400};
        const auto at = [&](double zoom) { return centredOn(middle, zoom, width, height); };
        using enum ViewCache::AtNewZoom;
        cache.draw(painter, cached.get(), at(0.4), background, o, 1, Sharp);
        EXPECT_EQ(cache.groundPixelsDrawn(), width * height) << "nothing kept to stretch: drawn whole";
        EXPECT_FALSE(cache.sharpening());

        // A sharp frame at a new zoom (Ctrl++): the old ground stretched, which took the frame's budget;
        // the next frame draws the middle tile sharp.
        ViewPlacement view = at(0.5);
        cache.draw(painter, cached.get(), view, background, o, 1, Sharp);
        EXPECT_TRUE(cache.sharpening());
        EXPECT_TRUE(cache.previewShown());
        EXPECT_EQ(cache.groundPixelsDrawn(), 0) << "the stretch alone";
        cache.draw(painter, cached.get(), view, background, o, 1, Sharp);
        EXPECT_TRUE(cache.sharpening());
        EXPECT_EQ(cache.groundPixelsDrawn(), 192 * 192) << "one tile";
        drawView(painter, fresh.get(), view, background, o);
        const PixelRect middleTile{192, 192, 192, 192}; // its centre (288, 288) is the nearest to (300, 200)
        // (Cut at the tile's edges, antialiased shapes across them differ by a few levels.)
        EXPECT_LT(differenceIn(cached.get(), fresh.get(), middleTile).pixels, 192 * 192 / 100)
            << "the middle tile is sharp";
        EXPECT_GT(differenceIn(cached.get(), fresh.get(), {0, 0, 192, 192}).pixels, 1000)
            << "a corner tile is still the stretched ground";
        // The wheel turning meanwhile only stretches; the view panned meanwhile moves the tiles left.
        cache.draw(painter, cached.get(), at(0.575), background, o, 1, Preview);
        EXPECT_EQ(cache.groundPixelsDrawn(), 0);
        view = at(0.575);
        view.scrollX += 37;
        view.scrollY -= 23;
        int frames = 0;
        do {
            cache.draw(painter, cached.get(), view, background, o, 1, Sharp);
            ++frames;
            EXPECT_LE(cache.groundPixelsDrawn(), 192 * 192 + 37 * height + 23 * width) << "frame " << frames;
        } while (cache.sharpening() && frames < 100);
        EXPECT_FALSE(cache.previewShown());
        // Twelve tiles from the preview, less the bottom row's four (16 rows high), which the pan
        // moved out of view; the top strip it brought in was drawn with the pan.
        EXPECT_EQ(frames, 8) << "a tile a frame";
        drawView(painter, fresh.get(), view, background, o);
        expectAlike(cached.get(), fresh.get(), "sharp after the tiles");

        // An edit while the ground sharpens is drawn whole at once: what is kept to stretch would
        // no longer show the map.
        cache.draw(painter, cached.get(), at(0.5), background, o, 1, Sharp);
        ASSERT_TRUE(cache.sharpening());
        const std::array<Offset, 1> cells{{{30, 24}}};
        f.s.map.terrain[f.s.map.grid.index(cells[0])] = 2;
        f.s.map.elevation[f.s.map.grid.index(cells[0])] += 4;
        f.overview.rebuild(f.s.map);
        cache.invalidate(ViewCache::groundChangedBy(f.layout, cells));
        cache.draw(painter, cached.get(), at(0.5), background, o, 1, Sharp);
        EXPECT_EQ(cache.groundPixelsDrawn(), width * height);
        EXPECT_FALSE(cache.sharpening());
        EXPECT_FALSE(cache.previewShown());
        drawView(painter, fresh.get(), at(0.5), background, o);
        expectAlike(cached.get(), fresh.get(), "after the edit");

        // Other layers while it sharpens: drawn whole too, never the old layers stretched.
        cache.draw(painter, cached.get(), at(0.4), background, o, 1, Sharp);
        ASSERT_TRUE(cache.sharpening());
        o.symbols = false;
        cache.draw(painter, cached.get(), at(0.4), background, o, 1, Sharp);
        EXPECT_EQ(cache.groundPixelsDrawn(), width * height);
        EXPECT_FALSE(cache.sharpening());
    }
}

// A window that shows the last frame needs only the tiles a frame drew sharp (the canvas puts no
// more of its image on the screen): the rest of the image must come out exactly as before; and a
// cache told the image holds its last frame draws those tiles alone, to the same picture, on an
// image whose rows are longer than it is wide too (the canvas's is the top left of the display's
// shared image with room, editor/canvas/cairo_bitmap), nothing written beyond it.
TEST(ViewCache, AFrameThatOnlySharpenedTilesNamesThemAndLeavesTheRestOfTheImageAsItWas) {
    Fixture f;
    const MapPainter painter = f.painter();
    constexpr int width = 600, height = 400;
    auto [cached, before] = cachedAndFresh(width, height);
    ViewCache cache;
    cache.setFrameBudget(std::chrono::microseconds(0)); // a tile a frame
    const Point middle{3000, 2400};
    using enum ViewCache::AtNewZoom;
    // Beside it, one told the image holds its last frame: it puts those tiles alone on it, the top
    // left of a wider and taller image filled with a colour no map has.
    ViewCache alone;
    alone.setFrameBudget(std::chrono::microseconds(0));
    constexpr int roomWidth = width + 37, roomHeight = height + 11;
    auto room = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, roomWidth, roomHeight));
    {
        cairo_t* cr = cairo_create(room.get());
        cairo_set_source_rgb(cr, 1, 0, 1);
        cairo_paint(cr);
        cairo_destroy(cr);
    }
    auto aloneImage = owned(cairo_image_surface_create_for_data(cairo_image_surface_get_data(room.get()),
                                                                CAIRO_FORMAT_RGB24, width, height,
                                                                cairo_image_surface_get_stride(room.get())));
    const auto roomBeyondTheImage = [&] {
        cairo_surface_flush(aloneImage.get());
        int untouched = 0;
        for (int y = 0; y < roomHeight; ++y) {
            for (int x = y < height ? width : 0; x < roomWidth; ++x) {
                untouched += testing_support::pixelOf(room.get(), x, y) == Rgb{255, 0, 255} ? 1 : 0;
            }
        }
        return untouched;
    };
    const int beyond = roomWidth * roomHeight - width * height;
    const FrameParts tilesAlone{{}, nullptr, true};
    const auto both = [&](ViewPlacement v) {
        cache.draw(painter, cached.get(), v, background, {}, 1, Sharp);
        alone.draw(painter, aloneImage.get(), v, background, {}, 1, Sharp, tilesAlone);
    };
    both(centredOn(middle, 0.4, width, height));
    EXPECT_TRUE(cache.onlyTilesSharpened().empty()) << "drawn whole";
    const ViewPlacement view = centredOn(middle, 0.5, width, height);
    both(view);
    EXPECT_TRUE(cache.onlyTilesSharpened().empty()) << "the stretch changed every pixel";
    expectAlike(aloneImage.get(), cached.get(), "the stretch");
    ASSERT_TRUE(cache.sharpening());
    const int stride = cairo_image_surface_get_stride(cached.get());
    int frames = 0, corners = 0;
    while (cache.sharpening() && frames < 100) {
        cairo_surface_flush(cached.get());
        std::memcpy(cairo_image_surface_get_data(before.get()), cairo_image_surface_get_data(cached.get()),
                    static_cast<std::size_t>(stride) * height);
        cairo_surface_mark_dirty(before.get());
        // A mark on the image by the one told to draw tiles alone, at the view's corner (the last
        // tile to sharpen): it stays while the frames put other tiles.
        const auto cornerPixel = [&](cairo_surface_t* image) {
            cairo_surface_flush(image);
            return reinterpret_cast<std::uint32_t*>(cairo_image_surface_get_data(image));
        };
        const std::uint32_t cornerWas = *cornerPixel(aloneImage.get());
        *cornerPixel(aloneImage.get()) = 0x00FF00FF;
        cairo_surface_mark_dirty(aloneImage.get());
        both(view);
        ++frames;
        if (const auto put = alone.onlyTilesSharpened(); put.size() == 1 && (put[0].x > 0 || put[0].y > 0)) {
            EXPECT_EQ(*cornerPixel(aloneImage.get()), 0x00FF00FFu)
                << "frame " << frames << ": left as it was";
            *cornerPixel(aloneImage.get()) = cornerWas;
            cairo_surface_mark_dirty(aloneImage.get());
        }
        corners += *cornerPixel(aloneImage.get()) != 0x00FF00FFu ? 1 : 0;
        expectAlike(aloneImage.get(), cached.get(), "tiles alone, frame " + std::to_string(frames));
        EXPECT_EQ(alone.groundPixelsDrawn(), cache.groundPixelsDrawn());
        const std::span<const PixelRect> tiles = cache.onlyTilesSharpened();
        ASSERT_EQ(tiles.size(), 1u) << "frame " << frames;
        EXPECT_EQ(static_cast<long long>(tiles[0].width) * tiles[0].height, cache.groundPixelsDrawn());
        // Every pixel outside the tile as the frame before left it, to the bit.
        cairo_surface_flush(cached.get());
        int changedOutside = 0;
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                const PixelRect& t = tiles[0];
                const bool inside = x >= t.x && x < t.x + t.width && y >= t.y && y < t.y + t.height;
                changedOutside += !inside && testing_support::pixelOf(cached.get(), x, y) !=
                                                 testing_support::pixelOf(before.get(), x, y);
            }
        }
        EXPECT_EQ(changedOutside, 0) << "frame " << frames;
    }
    EXPECT_EQ(frames, 12) << "4 x 3 tiles";
    EXPECT_EQ(corners, frames) << "the corner's own tile drawn over the mark";
    EXPECT_EQ(roomBeyondTheImage(), beyond) << "the wider image's pixels beyond the one drawn on";
    // A frame with nothing left to sharpen, a pan, an edit: none of them only sharpened tiles.
    cache.draw(painter, cached.get(), view, background, {}, 1, Sharp);
    EXPECT_TRUE(cache.onlyTilesSharpened().empty()) << "nothing to sharpen";
    cache.draw(painter, cached.get(), centredOn(middle, 0.4, width, height), background, {}, 1, Sharp);
    ASSERT_TRUE(cache.sharpening());
    ViewPlacement panned = centredOn(middle, 0.4, width, height);
    panned.scrollX += 30;
    cache.draw(painter, cached.get(), panned, background, {}, 1, Sharp);
    EXPECT_TRUE(cache.onlyTilesSharpened().empty()) << "a pan drew its strip";
    const std::array<Offset, 1> cells{{{30, 24}}};
    f.s.map.terrain[f.s.map.grid.index(cells[0])] = 2;
    cache.invalidate(ViewCache::groundChangedBy(f.layout, cells));
    cache.draw(painter, cached.get(), panned, background, {}, 1, Sharp);
    EXPECT_TRUE(cache.onlyTilesSharpened().empty()) << "an edit";
}

// The wheel's frame stretches the last sharp ground straight onto the image; the kept ground gets
// the stretch only when a later frame copies it (not when frames put the tiles they sharpen alone).
// Whatever comes after, each frame has the pixels of a cache that stretched onto its kept ground and
// copied it (asked for the whole view as one part, which never stretches onto the image).
TEST(ViewCache, AWheelsStretchGoesStraightOnTheImageAndTheKeptGroundGetsItWhenAFrameCopiesIt) {
    Fixture f;
    const MapPainter painter = f.painter();
    constexpr int width = 600, height = 400;
    const PixelRect whole{0, 0, width, height};
    auto [straightImage, keptImage] = cachedAndFresh(width, height);
    ViewCache straight, kept;
    straight.setFrameBudget(std::chrono::microseconds(0)); // a tile a frame
    kept.setFrameBudget(std::chrono::microseconds(0));
    const Point middle{3000, 2400};
    const auto at = [&](double zoom) { return centredOn(middle, zoom, width, height); };
    using enum ViewCache::AtNewZoom;
    int frame = 0;
    const auto both = [&](ViewPlacement v, ViewCache::AtNewZoom how, bool tilesAlone) {
        straight.draw(painter, straightImage.get(), v, background, {}, 1, how, {{}, nullptr, tilesAlone});
        kept.draw(painter, keptImage.get(), v, background, {}, 1, how,
                  {std::span(&whole, 1), nullptr, false});
        ++frame;
        EXPECT_EQ(differenceOf(straightImage.get(), keptImage.get(), 0).pixels, 0) << "frame " << frame;
        EXPECT_EQ(straight.groundPixelsDrawn(), kept.groundPixelsDrawn()) << "frame " << frame;
    };
    both(at(0.4), Sharp, false);
    both(at(0.46), Preview, false); // a notch
    EXPECT_EQ(straight.groundPixelsDrawn(), 0) << "the stretch alone";
    // Its marks were arranged on a thread beside the stretch: where a frame arranges them itself.
    ASSERT_NE(straight.arranged(), nullptr);
    const auto arranged = arrangeView(painter, keptImage.get(), at(0.46), {});
    const auto& words = straight.arranged()->plan.labels;
    ASSERT_EQ(words.size(), arranged->plan.labels.size());
    for (std::size_t i = 0; i < words.size(); ++i) {
        EXPECT_EQ(words[i].text, arranged->plan.labels[i].text);
        EXPECT_EQ(words[i].box.x0, arranged->plan.labels[i].box.x0) << words[i].text;
        EXPECT_EQ(words[i].box.y0, arranged->plan.labels[i].box.y0) << words[i].text;
    }
    const auto& counters = straight.arranged()->plan.counters;
    ASSERT_EQ(counters.size(), arranged->plan.counters.size());
    EXPECT_GT(counters.size(), 3u);
    for (std::size_t i = 0; i < counters.size(); ++i) {
        EXPECT_EQ(counters[i].x0, arranged->plan.counters[i].x0);
        EXPECT_EQ(counters[i].y0, arranged->plan.counters[i].y0);
    }
    both(at(0.46), Sharp, true);    // a tile put alone: the kept ground still owes the rest
    both(at(0.46), Sharp, false);   // a whole frame (a mark moved): the rest copied, as stretched
    both(at(0.53), Preview, false); // another notch while it sharpens
    both(at(0.53), Sharp, true);
    ViewPlacement panned = at(0.53);
    panned.scrollX += 37;
    panned.scrollY -= 23;
    both(panned, Sharp, false); // a pan: the stretch moved with the ground
    both(at(0.6), Preview, false);
    const std::array<Offset, 1> cells{{{30, 24}}};
    f.s.map.terrain[f.s.map.grid.index(cells[0])] = 2;
    f.overview.rebuild(f.s.map);
    straight.invalidate(ViewCache::groundChangedBy(f.layout, cells));
    kept.invalidate(ViewCache::groundChangedBy(f.layout, cells));
    both(at(0.6), Preview, false); // an edit while the wheel turns: drawn where it is
    while (straight.sharpening() && frame < 100) {
        both(at(0.6), Sharp, frame % 2 == 0);
    }
    EXPECT_FALSE(kept.sharpening());
    drawView(painter, keptImage.get(), at(0.6), background);
    expectAlike(straightImage.get(), keptImage.get(), "sharp at the end");
}

// The marks over ground still stretched are drawn with fast edges (view_bands' Edges), finely once
// their tile is sharp. On a map of one plain colour, with nothing but marks over it, a stretched
// ground is that colour as the sharp one is: a wheel notch's frame is then the ground and the marks
// drawn fast, every frame after it the same with its sharpened tiles' marks fine (whether it puts
// them alone or draws the marks over all of it), and the last (every tile sharp) the ground and the
// marks drawn fine, each to the bit.
TEST(ViewCache, MarksOverGroundStillStretchedHaveFastEdgesAndFineOnesOnceItIsSharp) {
    Fixture f;
    std::ranges::fill(f.s.map.terrain, TerrainIndex{0});
    std::ranges::fill(f.s.map.elevation, std::int16_t{0});
    f.overview.rebuild(f.s.map);
    f.index.rebuild(f.s);
    const MapPainter painter = f.painter();
    RenderOptions o;
    o.style = MapStyle::Cells;
    o.grid = o.labels = o.elevation = o.shading = o.symbols = o.hexsides = o.paths = false;
    constexpr int width = 600, height = 400;
    const Point middle{3000, 2400};
    const ViewPlacement before = centredOn(middle, 0.4, width, height),
                        view = centredOn(middle, 0.46, width, height);
    // The frame expected: the ground whole, then the marks over the tiles still stretched fast and
    // over the rest finely.
    const auto expected = [&](std::span<const PixelRect> stretched) {
        auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
        drawViewRegion(painter, image.get(), {0, 0, width, height}, view, background, o, MapLayers::Ground,
                       1);
        const auto arranged = arrangeView(painter, image.get(), view, o);
        drawViewRegion(painter, image.get(), {0, 0, width, height}, view, background, o, MapLayers::Marks, 1,
                       arranged.get());
        for (const PixelRect& tile : stretched) {
            drawViewRegion(painter, image.get(), tile, view, background, o, MapLayers::Ground, 1);
            drawViewRegion(painter, image.get(), tile, view, background, o, MapLayers::Marks, 1,
                           arranged.get(), Edges::Fast);
        }
        return image;
    };
    const auto allTiles = [&] {
        std::vector<PixelRect> tiles;
        for (int y = 0; y < height; y += ViewCache::tileSide) {
            for (int x = 0; x < width; x += ViewCache::tileSide) {
                tiles.push_back({x, y, std::min(ViewCache::tileSide, width - x),
                                 std::min(ViewCache::tileSide, height - y)});
            }
        }
        return tiles;
    }();
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
    ViewCache cache;
    cache.setFrameBudget(std::chrono::microseconds(0)); // a tile a frame
    using enum ViewCache::AtNewZoom;
    cache.draw(painter, image.get(), before, background, o, 1, Sharp);
    cache.draw(painter, image.get(), view, background, o, 1, Preview);
    ASSERT_TRUE(cache.sharpening());
    EXPECT_EQ(differenceOf(image.get(), expected(allTiles).get(), 0).pixels, 0)
        << "the notch: all of it fast";
    const int fineAndFastApart = differenceOf(expected({}).get(), expected(allTiles).get(), 0).pixels;
    EXPECT_GT(fineAndFastApart, 500) << "the marks' edges fine and fast differ";
    // The frames after it: one putting the tile it sharpens alone, the next drawing its marks over
    // all of the image (a mark moved), and so on.
    std::vector<PixelRect> stillStretched = allTiles;
    int frames = 0;
    while (cache.sharpening() && frames < 100) {
        cache.draw(painter, image.get(), view, background, o, 1, Sharp, {{}, nullptr, frames % 2 == 0});
        ++frames;
        for (const PixelRect& tile : cache.onlyTilesSharpened()) {
            std::erase(stillStretched, tile);
        }
        ASSERT_EQ(differenceOf(image.get(), expected(stillStretched).get(), 0).pixels, 0)
            << "frame " << frames;
    }
    EXPECT_FALSE(cache.sharpening());
    EXPECT_TRUE(stillStretched.empty());
    EXPECT_EQ(differenceOf(image.get(), expected({}).get(), 0).pixels, 0) << "sharp: all of it fine";
}

// A part of the view drawn apart (a band of rows, a pan's strip, a tile) shows the halo of a word
// that lies just outside it, as the whole view does: cut at the word's box, the halo's last rows
// were missing, a light seam under the word where a tile began.
TEST(ViewBands, AWordsHaloReachesIntoAPartDrawnApart) {
    // Gettysburg: its ridges, hills and towns are named.
    const auto s =
        readScenario(std::filesystem::path(SANDTABLE_SAMPLES) / "gettysburg" / "gettysburg.sandtable.xml");
    ASSERT_TRUE(s);
    const Layout layout(s->map.grid, 100.0);
    TerrainOverview overview;
    overview.rebuild(s->map);
    MapIndex index;
    index.rebuild(*s);
    MapPainter painter(*s, layout, &overview);
    painter.setIndex(&index);
    constexpr int width = 900, height = 700;
    auto [whole, inParts] = cachedAndFresh(width, height);
    int checked = 0;
    for (const double zoom : {0.3, 0.45, 0.6}) {
        const ViewPlacement view = centredOn({layout.width() / 2, layout.height() / 2}, zoom, width, height);
        const auto scene = arrangeView(painter, whole.get(), view, {});
        ASSERT_NE(scene, nullptr);
        drawViewRegion(painter, whole.get(), {0, 0, width, height}, view, background, {}, MapLayers::All, 1,
                       scene.get());
        int atThisZoom = 0;
        for (const PlacedLabel& word : scene->plan.labels) {
            if (atThisZoom == 3) {
                break; // each a whole drawing in two parts
            }
            // The first row below the word's box, its halo's.
            const double x0 = word.box.x0 * zoom - view.scrollX, x1 = word.box.x1 * zoom - view.scrollX;
            const double bottom = word.box.y1 * zoom - view.scrollY;
            const int split = static_cast<int>(std::ceil(bottom));
            if (word.turn != 0 || x0 < 0 || x1 > width || word.box.y0 * zoom - view.scrollY < 2 ||
                split < 2 || split > height - 4 || split - bottom < 0.25) {
                continue;
            }
            drawViewRegion(painter, inParts.get(), {0, 0, width, split}, view, background, {}, MapLayers::All,
                           1, scene.get());
            drawViewRegion(painter, inParts.get(), {0, split, width, height - split}, view, background, {},
                           MapLayers::All, 1, scene.get());
            const PixelRect under{static_cast<int>(x0), split, static_cast<int>(x1 - x0), 2};
            EXPECT_LE(differenceIn(inParts.get(), whole.get(), under).largest, 10)
                << word.text << " at " << zoom;
            ++checked;
            ++atThisZoom;
        }
    }
    EXPECT_GT(checked, 3) << "words whose halo crosses a part's edge";
}

// Work beside the bands (a zoom's arrangement beside its stretch) is done once, by the first thread
// free, which then takes bands like the others; every band is done once; what it throws is thrown.
TEST(ViewBands, WorkBesideTheBandsIsDoneOnceOnOneThreadWhileTheOthersTakeBands) {
    for (const int threads : {1, 2, 3}) {
        std::atomic<int> besides{0}, rows{0}, bands{0};
        std::atomic<bool> bandsWhileBeside{false};
        std::atomic<bool> besideRunning{false};
        inRowBands(
            1000, 8, threads,
            [&](int, int count) {
                bandsWhileBeside = bandsWhileBeside || besideRunning;
                rows += count;
                ++bands;
            },
            [&] {
                besideRunning = true;
                ++besides;
                // Until the other threads took every band (on one thread, none can meanwhile).
                const auto until =
                    std::chrono::steady_clock::now() + std::chrono::seconds(threads > 1 ? 10 : 0);
                while (std::chrono::steady_clock::now() < until && bands < 8) {
                }
                besideRunning = false;
            });
        EXPECT_EQ(besides, 1) << threads << " threads";
        EXPECT_EQ(bands, 8) << threads << " threads";
        EXPECT_EQ(rows, 1000) << threads << " threads";
        EXPECT_EQ(bandsWhileBeside, threads > 1) << threads << " threads";
    }
    EXPECT_THROW(inRowBands(
                     100, 4, 2, [](int, int) {}, [] { throw std::runtime_error("out of memory"); }),
                 std::runtime_error);
}

// The cells' numbers are fixed at the top of their cells, clear of counters, markers and words: they
// are drawn with the ground (kept from frame to frame, stretched while the wheel turns), not with the
// marks drawn anew over it each frame, where at 4K and 100 % a thousand of them were most of a
// frame's marks. In the boxes the arrangement keeps for them, so words still keep clear.
TEST(ViewBands, CellNumbersAreDrawnWithTheGroundInTheBoxesTheArrangementKeepsForThem) {
    Fixture f;
    const MapPainter painter = f.painter();
    constexpr int width = 500, height = 360;
    const ViewPlacement view{3000, 2400, 1.5}; // 150 pixels a cell: numbers large enough to read
    RenderOptions withNumbers, without;
    without.labels = false;
    auto [a, b] = cachedAndFresh(width, height);
    const auto scene = arrangeView(painter, a.get(), view, withNumbers);
    ASSERT_NE(scene, nullptr);
    ASSERT_GT(scene->plan.cellNumbers.size(), 20u);
    // A view pixel inside one of the numbers' boxes.
    const auto inANumber = [&](int x, int y) {
        const double mx = (x + 0.5 + view.scrollX) / view.zoom, my = (y + 0.5 + view.scrollY) / view.zoom;
        return std::ranges::any_of(scene->plan.cellNumbers, [&](const PlacedLabel& n) {
            return mx >= n.box.x0 && mx <= n.box.x1 && my >= n.box.y0 && my <= n.box.y1;
        });
    };
    const PixelRect all{0, 0, width, height};
    const auto compare = [&](MapLayers layers, int& inside, int& outside) {
        for (auto [image, o] : {std::pair{a.get(), withNumbers}, std::pair{b.get(), without}}) {
            cairo_t* cr = cairo_create(image);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_paint(cr);
            cairo_destroy(cr);
            drawViewRegion(painter, image, all, view, background, o, layers, 1);
        }
        cairo_surface_flush(a.get());
        cairo_surface_flush(b.get());
        inside = outside = 0;
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                if (testing_support::pixelOf(a.get(), x, y) != testing_support::pixelOf(b.get(), x, y)) {
                    ++(inANumber(x, y) ? inside : outside);
                }
            }
        }
    };
    int inside = 0, outside = 0;
    compare(MapLayers::Ground, inside, outside);
    EXPECT_GT(inside, static_cast<int>(scene->plan.cellNumbers.size()) * 4) << "the ground shows them";
    EXPECT_EQ(outside, 0) << "in their boxes and nowhere else";
    compare(MapLayers::Marks, inside, outside);
    EXPECT_EQ(inside, 0) << "the marks draw none of them";
}

// A 600 x 400 view zoomed about the map's point (3000, 2400), as the wheel zooms about the pointer,
// and a time to stretch ahead in that never runs out.
struct WheelAboutTheMiddle {
    static constexpr int width = 600, height = 400;
    static constexpr Point middle{3000, 2400};
    static ViewPlacement at(double zoom) { return centredOn(middle, zoom, width, height); }
    const std::chrono::steady_clock::time_point later =
        std::chrono::steady_clock::now() + std::chrono::hours(1);
};

// The ground stretched ahead to where the wheel's next notch is expected (stretchAhead) is what the
// notch's frame would have stretched: the frame copies it, handed in bands or drawn whole, and is
// to the bit the frame of a cache that stretched nothing ahead; so are the frames that sharpen it
// after, which take the kept ground from it instead of stretching what it owes. A notch mid-way
// through sharpening (the last sharp ground still what previews stretch) is the same.
TEST(ViewCache, ANotchsFrameCopiesTheGroundStretchedAheadAndIsTheFrameThatStretchesIt) {
    Fixture f;
    const MapPainter painter = f.painter();
    const WheelAboutTheMiddle wheel;
    const auto [width, height, later] = std::tuple(wheel.width, wheel.height, wheel.later);
    const auto at = &WheelAboutTheMiddle::at;
    using enum ViewCache::AtNewZoom;
    for (const bool inBands : {true, false}) {
        SCOPED_TRACE(inBands ? "handed in bands" : "drawn whole");
        auto [aheadImage, plainImage] = cachedAndFresh(width, height);
        ViewCache ahead, plain;
        ahead.setFrameBudget(std::chrono::microseconds(0)); // a tile a frame
        plain.setFrameBudget(std::chrono::microseconds(0));
        int frame = 0;
        const auto both = [&](ViewPlacement v, ViewCache::AtNewZoom how, bool tilesAlone = false) {
            const FrameParts parts{
                {}, nullptr, tilesAlone, inBands ? [](PixelRect) {} : std::function<void(PixelRect)>()};
            ahead.draw(painter, aheadImage.get(), v, background, {}, 0, how, parts);
            plain.draw(painter, plainImage.get(), v, background, {}, 0, how, parts);
            ++frame;
            EXPECT_EQ(differenceOf(aheadImage.get(), plainImage.get(), 0).pixels, 0) << "frame " << frame;
            EXPECT_EQ(plain.rowsStretchedAhead(), 0);
        };
        both(at(0.4), Sharp);
        EXPECT_TRUE(ahead.stretchAhead(at(0.46), background, {}, later)) << "all of it, given the time";
        EXPECT_TRUE(ahead.stretchAhead(at(0.35), background, {}, later)) << "and the other way";
        both(at(0.46), Preview); // the notch foreseen
        EXPECT_EQ(ahead.rowsStretchedAhead(), height) << "every row copied";
        EXPECT_EQ(ahead.groundPixelsDrawn(), 0);
        both(at(0.46), Sharp, true); // a tile put alone
        both(at(0.46), Sharp);       // a whole frame: the rest of the kept ground copied
        EXPECT_EQ(ahead.rowsStretchedAhead(), 0);
        // Mid-way through sharpening, the next notch the same way.
        EXPECT_TRUE(ahead.stretchAhead(at(0.53), background, {}, later));
        both(at(0.46), Sharp, true); // a sharpening frame between: it draws on the kept ground alone
        both(at(0.53), Preview);
        EXPECT_EQ(ahead.rowsStretchedAhead(), height);
        ViewPlacement panned = at(0.53);
        panned.scrollX += 37;
        panned.scrollY -= 23;
        both(panned, Sharp); // a pan: the kept ground moves, what was stretched ahead with it
        while (ahead.sharpening() && frame < 200) {
            both(panned, Sharp, frame % 2 == 0);
        }
        EXPECT_FALSE(plain.sharpening());
        // Sharp again: the ground now sharp is what a notch stretches, whichever way it goes.
        const ViewPlacement out{panned.scrollX * 0.8, panned.scrollY * 0.8, panned.zoom * 0.8};
        EXPECT_TRUE(ahead.stretchAhead(out, background, {}, later));
        both(out, Preview);
        EXPECT_EQ(ahead.rowsStretchedAhead(), height) << "zoomed out";
        // A window's edge dragged out, then in: the views ahead stretched again at each new size
        // (over the memory of the last ones where it has room) are what the notch after copies.
        ViewPlacement now = out;
        for (const auto& [newWidth, newHeight] :
             {std::pair{width + 24, height + 14}, {width - 40, height - 8}}) {
            SCOPED_TRACE(std::to_string(newWidth) + " x " + std::to_string(newHeight));
            auto [aheadResized, plainResized] = cachedAndFresh(newWidth, newHeight);
            aheadImage = std::move(aheadResized);
            plainImage = std::move(plainResized);
            both(now, Sharp);
            while (ahead.sharpening() && frame < 400) {
                both(now, Sharp);
            }
            const ViewPlacement in{now.scrollX * 1.15, now.scrollY * 1.15, now.zoom * 1.15};
            EXPECT_TRUE(ahead.stretchAhead(in, background, {}, later));
            both(in, Preview);
            EXPECT_EQ(ahead.rowsStretchedAhead(), newHeight);
            now = in;
        }
    }
}

// What is stretched ahead is used only by a notch to that very view from that very ground: not by
// a notch elsewhere, nor after a frame that drew on the ground (an edit, a pan), nor where a frame
// would not be a preview. Given no time, it stretches a band a call, the top first; a notch copies
// the rows done and stretches the rest.
TEST(ViewCache, AGroundStretchedAheadServesOnlyTheNotchItForesawFromTheGroundItStretched) {
    Fixture f;
    const MapPainter painter = f.painter();
    const WheelAboutTheMiddle wheel;
    const auto [width, height, later] = std::tuple(wheel.width, wheel.height, wheel.later);
    const Point middle = wheel.middle;
    const auto at = &WheelAboutTheMiddle::at;
    using enum ViewCache::AtNewZoom;
    auto [aheadImage, plainImage] = cachedAndFresh(width, height);
    ViewCache ahead, plain;
    const auto both = [&](ViewPlacement v, ViewCache::AtNewZoom how, const std::string& when) {
        ahead.draw(painter, aheadImage.get(), v, background, {}, 0, how);
        plain.draw(painter, plainImage.get(), v, background, {}, 0, how);
        EXPECT_EQ(differenceOf(aheadImage.get(), plainImage.get(), 0).pixels, 0) << when;
    };
    both(at(0.4), Sharp, "sharp");
    // Another view.
    ASSERT_TRUE(ahead.stretchAhead(at(0.47), background, {}, later));
    both(at(0.46), Preview, "a notch elsewhere");
    EXPECT_EQ(ahead.rowsStretchedAhead(), 0);
    both(at(0.4), Sharp, "sharp again");
    // An edit drawn after the stretch ahead (in the middle of the view): the ground it stretched is gone.
    ASSERT_TRUE(ahead.stretchAhead(at(0.46), background, {}, later));
    const std::array<Offset, 1> cells{{*f.layout.cellAt(middle)}};
    auto& terrain = f.s.map.terrain[f.s.map.grid.index(cells[0])];
    terrain = static_cast<TerrainIndex>((terrain + 1) % f.s.map.terrainTypes.size());
    f.overview.rebuild(f.s.map);
    for (ViewCache* cache : {&ahead, &plain}) {
        cache->invalidate(ViewCache::groundChangedBy(f.layout, cells));
    }
    both(at(0.4), Sharp, "the edit");
    both(at(0.46), Preview, "a notch after the edit");
    EXPECT_EQ(ahead.rowsStretchedAhead(), 0) << "the edited ground stretched, not the one before it";
    both(at(0.4), Sharp, "sharp again");
    // A pan.
    ASSERT_TRUE(ahead.stretchAhead(at(0.46), background, {}, later));
    ViewPlacement panned = at(0.4);
    panned.scrollX += 20;
    both(panned, Sharp, "a pan");
    both(at(0.46), Preview, "a notch after the pan");
    EXPECT_EQ(ahead.rowsStretchedAhead(), 0);
    both(at(0.4), Sharp, "sharp again");
    // Too far for a preview: nothing to stretch ahead.
    EXPECT_TRUE(ahead.stretchAhead(at(0.4 * 4.5), background, {}, later));
    both(at(0.4 * 4.5), Preview, "too far");
    EXPECT_EQ(ahead.groundPixelsDrawn(), width * height);
    both(at(0.4), Sharp, "sharp again");
    // No time: a band a call, from the top (views not stretched before, so that what
    // the images held before is not what they are to hold).
    const auto now = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    EXPECT_FALSE(ahead.stretchAhead(at(0.44), background, {}, now, 1));
    EXPECT_FALSE(ahead.stretchAhead(at(0.44), background, {}, now, 1)) << "two bands";
    both(at(0.44), Preview, "a notch with two bands stretched ahead");
    EXPECT_EQ(ahead.rowsStretchedAhead(), height * 2 / ViewCache::aheadBands);
    both(at(0.4), Sharp, "sharp again");
    int calls = 0;
    do {
        ++calls;
    } while (!ahead.stretchAhead(at(0.43), background, {}, now, 1) && calls < 100);
    EXPECT_EQ(calls, ViewCache::aheadBands) << "a call a band";
    both(at(0.43), Preview, "a notch with every band stretched ahead");
    EXPECT_EQ(ahead.rowsStretchedAhead(), height);
}

TEST(ViewCache, OnEveryCoreTheTilesOfAFrameAreDrawnSideBySide) {
    Fixture f;
    const MapPainter painter = f.painter();
    auto [cached, fresh] = cachedAndFresh(800, 500);
    ViewCache cache;
    cache.setFrameBudget(std::chrono::microseconds(0));
    cache.draw(painter, cached.get(), {1000, 800, 0.3}, background);
    int frames = 0;
    const ViewPlacement view{1300, 1050, 0.39};
    do {
        cache.draw(painter, cached.get(), view, background);
        ++frames;
    } while (cache.sharpening() && frames < 100);
    EXPECT_GT(frames, 2);
    EXPECT_LE(frames, 1 + 5 * 3) << "the stretch, then at least a tile a frame";
    drawView(painter, fresh.get(), view, background);
    expectAlike(cached.get(), fresh.get(), "sharp after the tiles");
}

TEST(ViewCache, WithoutABudgetASharpFrameAtANewZoomIsDrawnWhole) {
    Fixture f;
    auto image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 300, 200));
    ViewCache cache;
    cache.draw(f.painter(), image.get(), {100, 100, 0.4}, background);
    cache.draw(f.painter(), image.get(), {120, 120, 0.45}, background);
    EXPECT_EQ(cache.groundPixelsDrawn(), 300 * 200);
    EXPECT_FALSE(cache.sharpening());
}

TEST(ViewCache, AFramesTargetIsEightMillisecondsAt1080pGrowingWithItsPixelsToSixteenAt4K) {
    EXPECT_EQ(ViewCache::frameTargetFor(1920, 1080), std::chrono::microseconds(8000));
    EXPECT_EQ(ViewCache::frameTargetFor(3840, 2160), std::chrono::microseconds(16000));
    EXPECT_EQ(ViewCache::frameTargetFor(2560, 1440), std::chrono::microseconds(10667)) << "8 ms times 4/3";
    EXPECT_EQ(ViewCache::frameTargetFor(800, 600), std::chrono::microseconds(8000)) << "never below 1080p's";
    EXPECT_EQ(ViewCache::frameTargetFor(7680, 4320), std::chrono::microseconds(16000)) << "nor above 4K's";
}

TEST(ViewCache, AFramesBudgetIsJustOverHalfItsTargetTheRestForTheDisplay) {
    EXPECT_EQ(ViewCache::frameBudgetFor(1920, 1080), std::chrono::microseconds(4400));
    EXPECT_EQ(ViewCache::frameBudgetFor(3840, 2160), std::chrono::microseconds(8800));
    EXPECT_EQ(ViewCache::frameBudgetFor(800, 600), std::chrono::microseconds(4400)) << "never below 1080p's";
    EXPECT_EQ(ViewCache::frameBudgetFor(7680, 4320), std::chrono::microseconds(8800)) << "nor above 4K's";
}

} // namespace
} // namespace sandtable
