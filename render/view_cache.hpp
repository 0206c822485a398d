#pragma once
// The canvas's ground kept from frame to frame: cells, symbols, contours, the scanned map, water,
// roads and the cells' numbers change only when the map does, so a frame at the same zoom draws only what the
// last one did not show (a pan's exposed strips) or what an edit changed, copies the rest, and draws the
// marks (towns, objectives, pieces, words) over it. A frame at a new zoom or with other layers draws all of
// it. The pixels are those drawView gives (tested after pans and edits).
//
// While the zoom changes (the wheel turning) a frame may instead show the last sharp ground
// stretched to the new zoom, the marks drawn sharp over it, as map viewers do: a preview costs a
// scaled copy, where the natural style's ground at a new zoom costs several frames' time. The
// canvas asks for a sharp frame when the wheel stops.
//
// Given a budget, the ground at a new zoom is never drawn in one frame: the last sharp ground is
// stretched to it, then drawn sharp in tiles, the middle first, each frame as many as its budget
// holds, as map viewers fill in their tiles. A frame at a new zoom thus costs a stretch and a
// budget, wherever drawing the whole ground would cost several frames' time (the natural style, or
// a 4K view of many small cells).
#include "render/view_bands.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

enum class PagesIn; // render/view_image.hpp

// The part of a frame wanted on the image. A window whose shown pixels the display moved with a pan
// (editor/canvas/shown_pixels) wants only the strips it did not show and the words placed anew
// (render/scene_changes); the rest of the image is left as it was.
struct FrameParts {
    std::span<const PixelRect> only; // view pixels; none: the whole frame
    // The marks' arrangement for the whole view (MapPainter::arrange); none: made here.
    std::shared_ptr<const MapPainter::Scene> arranged;
    // The image holds the last frame as drawn, and no mark changed since (no piece moved, no name
    // changed): a frame that only draws tiles sharp (ViewCache::onlyTilesSharpened) puts only them
    // on it, the marks over them as the last frame arranged them, and leaves the rest as it is.
    bool tilesAlone = false;
    // A wheel notch's frame of the whole view, which changes every pixel, hands over its bands of
    // rows as each is done, ground and marks, so that the caller shows them while the others are
    // drawn (at 4K the display's copy of the frame took as long as its stretch). Called on the
    // calling thread, each row of the image once, in any order. Not called: the frame is to be shown
    // whole when draw returns.
    std::function<void(PixelRect rows)> bandDone = {};
};

class ViewCache {
  public:
    // The ground under `region` (map units) changed: drawn again at the next frame.
    void invalidate(MapRect region);
    // All of it changed: another map or scenario, the scanned map placed anew.
    void invalidateAll();
    // The ground an edit of `cells` can change: the cells, their neighbours (hill shading and
    // contours look at the levels beside a cell) and two cells more (a road's curve bends with the
    // centres on either side of a stretch).
    static MapRect groundChangedBy(const Layout& layout, std::span<const Offset> cells);

    // How a frame at a new zoom draws its ground: anew, or the last sharp ground stretched to it.
    enum class AtNewZoom { Sharp, Preview };
    // Draws the view on `image` (as drawView does), from what was kept where it can: all of it, or
    // what `wanted` asks for. The ground kept is the whole view's either way.
    void draw(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view, Rgb background,
              const RenderOptions& options = {}, int workers = 0, AtNewZoom atNewZoom = AtNewZoom::Sharp,
              FrameParts wanted = {});
    // Whether the ground shown is a preview (wholly or in part), which a sharp frame should replace.
    bool previewShown() const { return !pending_.empty(); }
    // The time a frame at a new zoom aims to take: it draws ground tiles while the frame, with the
    // copy and the marks the last frame took after its ground, stays within it; what does not fit
    // is drawn in the frames after, each when asked for a sharp frame. None: a sharp frame draws
    // it all.
    void setFrameBudget(std::optional<std::chrono::microseconds> budget) { budget_ = budget; }
    // Tiles of the view still show the stretched ground: the next sharp frames draw them.
    bool sharpening() const { return !pending_.empty(); }
    // The tiles the last frame drew sharp, when they are all it changed of the ground: the same view,
    // nothing else drawn or stretched. The marks are drawn anew over all of the image, as in every
    // frame, so a caller that changed none of them (no piece moved, no name changed) since the frame
    // before, and shows it, needs only these parts anew. Empty when the frame changed more of the
    // ground, or sharpened nothing.
    std::span<const PixelRect> onlyTilesSharpened() const {
        return onlySharpened_ ? std::span<const PixelRect>(sharpened_) : std::span<const PixelRect>();
    }
    // The time a frame of the canvas so wide and tall must stay within: 8 ms at 1920 x 1080 (and
    // below), growing with its pixels to 16 ms at 3840 x 2160 (and above).
    static std::chrono::microseconds frameTargetFor(int width, int height);
    // The budget of a frame of the canvas so wide and tall: within its target with room to spare
    // for what the system does meanwhile.
    static std::chrono::microseconds frameBudgetFor(int width, int height);
    // The side of a tile of the view drawn sharp after a zoom.
    static constexpr int tileSide = 192;
    // The most a preview stretches the last sharp ground: beyond, it is drawn anew.
    static constexpr double mostPreviewZoomIn = 4, mostPreviewZoomOut = 2;

    // The wheel's next notch foreseen: while the canvas rests, the ground a notch's preview would
    // stretch is stretched ahead to the view the notch would show, a band of rows at a time, so that
    // the notch's frame copies it instead (at 4K the stretch takes 13 ms of a core, the copy 3).
    // Stretches more of it until `until` (a band at least) and tells whether all of it is done.
    // Nothing, and done, where a frame at `view` would not be a preview. Two views are kept (the
    // wheel either way), the one asked for least recently given up for a third; any frame that
    // draws on the ground they stretch leaves them unused.
    bool stretchAhead(ViewPlacement view, Rgb background, const RenderOptions& options,
                      std::chrono::steady_clock::time_point until, int workers = 0);
    // The bands of rows a ground is stretched ahead in, the least a call of stretchAhead does on each
    // thread: at 4K 68 rows, a quarter of a millisecond, or 4 ms the first time the image's memory is
    // written (each page then faults).
    static constexpr int aheadBands = 32;
    // The rows of the last frame's ground copied from a stretch made ahead (the tests, the benchmark).
    int rowsStretchedAhead() const { return rowsAhead_; }

    // Pixels of ground the last frame drew (the rest it copied), for the tests and the benchmark.
    long long groundPixelsDrawn() const { return drawn_; }
    // Pixels of the kept ground the last frame copied: onto the frame's image, and within the kept
    // ground (to a view of a new size), for the tests and the benchmark.
    long long groundPixelsCopied() const { return copied_; }
    // Where the last frame's marks went: the arrangement it was given, or made after its ground
    // (within the frame's time, as the budget of a zoom's frames expects). None far out.
    const std::shared_ptr<const MapPainter::Scene>& arranged() const { return arranged_; }

  private:
    struct Release {
        void operator()(cairo_surface_t* surface) const;
    };
    // Whether a frame at `view` can be a preview stretched from the last sharp ground.
    bool canPreview(ViewPlacement view, const RenderOptions& o, Rgb background) const;
    // The preview at `view`, on the kept ground, or straight on the frame's `image` when there is
    // one (the kept ground then owes it); `beside` done meanwhile on one of the threads.
    void drawPreview(ViewPlacement view, Rgb background, cairo_surface_t* image,
                     const std::function<void()>& beside);
    // The sharp ground kept aside for previews to stretch, where the first preview after it goes.
    void keepSharpAside();
    // An image for the view of that size: over `old`'s memory where it has room (render/view_image),
    // else over memory of its own with room to grow (`pages`: how its pages come in), else Cairo's.
    // The size and format are `like`'s.
    static cairo_surface_t* imageFor(std::unique_ptr<cairo_surface_t, Release> old, cairo_surface_t* like,
                                     PagesIn pages);
    // The kept ground taken to the view `image` shows, of a new size (the window's edge dragged, the
    // zoom the same), and `uncovered` (view pixels) left to draw: where the view has not moved and the
    // ground is not wrapped, the same memory at the new size (its rows the room's, every pixel in
    // place), else what the new view still shows of it copied into the sharp ground's place, which it
    // trades for. False where it cannot (no ground kept, a preview shown, another zoom, no memory):
    // the frame draws all of it.
    bool keepThroughResize(ViewPlacement view, cairo_surface_t* image, std::vector<PixelRect>& uncovered);
    // The wheel's preview straight on `image`, band by band, each band's marks drawn over it as soon
    // as it is stretched and the marks arranged (`arranged`, or arranged here meanwhile), each band
    // handed to `bandDone` once it is whole. Returns the arrangement.
    std::shared_ptr<const MapPainter::Scene>
    stretchAndMarkInBands(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view,
                          Rgb background, const RenderOptions& o,
                          std::shared_ptr<const MapPainter::Scene> arranged,
                          const std::function<void(PixelRect)>& bandDone);
    // What stretches the ground `from` (the view `fromView`, wrapped at `fromOrigin`) to `view` on
    // `into`, part by part (both images flushed).
    struct SharpStretch;
    static SharpStretch stretchOnto(cairo_surface_t* from, ViewPlacement fromView, WrappedOrigin fromOrigin,
                                    cairo_surface_t* into, ViewPlacement view, Rgb background);
    // The same from the last sharp ground.
    SharpStretch sharpStretchOnto(cairo_surface_t* into, ViewPlacement view, Rgb background) const;
    // A ground stretched ahead to a view (stretchAhead), from the top down.
    struct Ahead {
        std::unique_ptr<cairo_surface_t, Release> image;
        ViewPlacement view;
        Rgb background;
        std::uint64_t ground = 0; // the generation of the ground it stretches (0: none)
        int bands = 0;            // of aheadBands, stretched so far
        std::uint64_t asked = 0;  // when it was last asked for
        int rows(int height) const { return height * bands / aheadBands; }
    };
    // The generation of the ground a preview would stretch now: the last sharp one.
    std::uint64_t previewGround() const { return previewShown() ? sharpGeneration_ : keptGeneration_; }
    // The stretch made ahead to `view` from that ground, if any.
    Ahead* aheadFor(ViewPlacement view, Rgb background);
    // A notch's frame of `height` rows used what `ahead` (if any) held: counted, and given up; all of
    // it stretched, the kept ground takes its image (true), else it owes the stretch still.
    bool tookAhead(Ahead* ahead, int height);
    // The last sharp ground stretched to `view` on `into` (unwrapped): all of it, or the `only` parts;
    // the rows `ahead` holds copied from it.
    void stretchSharp(cairo_surface_t* into, ViewPlacement view, Rgb background,
                      std::span<const PixelRect> only, const std::function<void()>& beside,
                      const Ahead* ahead = nullptr) const;
    // The stretch the kept ground owes, on the tiles still to sharpen, before a frame copies them.
    void payOwedStretch();
    // The kept ground of `part` of the view (view pixels) copied to the same pixels of `image`.
    void copyGround(cairo_surface_t* image, PixelRect part);
    // Rows `top` to `top + count` of `part` (within the image) copied so, on this thread: both images
    // flushed (their rows may differ in length).
    void copyGroundRows(cairo_surface_t* image, PixelRect part, int top, int count) const;
    // The tiles a frame drew sharp, in `rows` of tiles side by side, put on `image`: their ground
    // copied and the marks drawn over it, in pieces of a few tiles shared among the threads, each
    // piece whole on one (a part in bands on every thread, one part after another, cost each part
    // the threads' start and each band a pass through the marks: at 4K 21 parts of 55 tiles took
    // 3 to 6 ms, in pieces 1). Each image's rows as long as its own (the display's shared image is
    // a view of one with room, render/view_image): the same pieces either way.
    void putTilesAlone(const MapPainter& painter, cairo_surface_t* image, std::span<const PixelRect> rows,
                       ViewPlacement view, Rgb background, const RenderOptions& o, int workers);
    // The widest piece putTilesAlone gives a thread: four tiles.
    static constexpr int piecesWidth = 4 * tileSide;
    // Draws the pending tiles, the first ones, as many as the budget left holds after `started`
    // (less what the frame's copy and marks are expected to take: over the whole image, or with
    // `tilesAlone` over the tiles alone).
    void sharpen(const MapPainter& painter, ViewPlacement view, Rgb background, const RenderOptions& o,
                 int workers, std::chrono::steady_clock::time_point started, bool tilesAlone);

    // The ground of the last frame, wrapped round at origin_ (view_bands' WrappedOrigin): a pan
    // moves the origin, not the pixels, which at 4K saves a frame a copy of 33 MB.
    std::unique_ptr<cairo_surface_t, Release> kept_;
    WrappedOrigin origin_;
    ViewPlacement keptView_;
    // The last sharp ground and its view, while a preview is shown (what previews stretch).
    std::unique_ptr<cairo_surface_t, Release> sharp_;
    WrappedOrigin sharpOrigin_;
    ViewPlacement sharpView_;
    RenderOptions keptOptions_;
    Rgb keptBackground_;
    bool valid_ = false;
    std::vector<MapRect> dirty_;
    long long drawn_ = 0;
    long long copied_ = 0;
    std::shared_ptr<const MapPainter::Scene> arranged_;
    std::optional<std::chrono::microseconds> budget_;
    // The tiles of the view (in its pixels, the middle first) still showing the stretched ground:
    // while there are any, the ground is a preview, and sharp_ holds what it stretches.
    std::vector<PixelRect> pending_;
    // The last preview went straight on the frame's image: the pending tiles of the kept ground do
    // not hold it yet (payOwedStretch).
    bool stretchOwed_ = false;
    std::vector<PixelRect> sharpened_; // the tiles the last frame drew sharp
    bool onlySharpened_ = false;       // and nothing else of the ground changed
    // Names of what the kept ground and the sharp one hold, new for each frame's kept ground
    // (whatever it drew) and carried with it when it is kept aside as the sharp one: what a stretch
    // made ahead is checked against.
    std::uint64_t generations_ = 0, keptGeneration_ = 0, sharpGeneration_ = 0;
    std::array<Ahead, 2> ahead_;
    std::uint64_t asks_ = 0;
    int rowsAhead_ = 0;
    // What one tile took on one thread, in the last frame that drew some (what the budget expects).
    std::chrono::microseconds tileCost_{0};
    // What the last frame took after its ground: the copy and the marks (what the budget keeps for
    // them).
    std::chrono::microseconds afterGroundCost_{0};
    // What the copy and the marks of one tile took in the last frame that put tiles alone.
    std::chrono::microseconds afterTileCost_{0};
};

} // namespace sandtable
