#pragma once
// A view of the map (the editor's canvas) drawn on every core: the image's rows are split into a few
// bands a worker, each worker taking the next band left, each band drawn by the painter straight
// into its rows of the one image, after the
// view was arranged once, so counters and names stand where a drawing on one thread puts them and
// the pixels are those one thread draws. (The PNG export does the same on pictures too large to
// hold: render/png_bands.)
#include "render/map_painter.hpp"
#include "render/pixel_rect.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <vector>

typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

struct ViewPlacement {
    double scrollX = 0, scrollY = 0; // the view's top-left corner in pixels of the zoomed map
    double zoom = 1;                 // pixels per map unit
    bool operator==(const ViewPlacement&) const = default;
};

// Below this many pixels a second thread costs more than it saves.
inline constexpr int bandsFromPixels = 256 * 256;

// The part of `region` within an image so wide and tall (empty when none is).
PixelRect cutTo(PixelRect region, int width, int height);
// The pixels of `view` that a part of the map (map units) covers: out to whole pixels and one more
// each side (antialiasing reaches a pixel beyond a shape's edge); not cut to the view.
PixelRect pixelsCovering(MapRect region, ViewPlacement view);

// How shapes' edges are smoothed: finely (Cairo's default), or fast (Cairo's 4 x 4 samples a pixel).
// The marks over ground still stretched (a wheel's preview, until its tiles are drawn sharp) are
// drawn fast: at 4K and 12 % Cairo's fine scan converter was half of the marks' time, and the fast
// one rasterises a small counter 2.5 times as fast. A 0.3-pixel outline's edge then differs by up to
// 79 levels, for the few frames until its tile is sharp.
enum class Edges { Fine, Fast };

// Draws on `image` (an RGB24 or ARGB32 image surface) the part of the map the view shows, over
// `background` (each band clears its own rows). `workers` 0: one for each core; 1: on the calling
// thread alone.
void drawView(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view, Rgb background,
              const RenderOptions& options = {}, int workers = 0);

// Draws `layers` of the view in `region` of `image` alone (cut to the image), on every core as
// drawView does: the pixels are those drawView gives there. With the ground, the region is cleared
// to `background` first; the marks alone go over what is there. `arranged`: the whole view's
// arrangement (arrangeView), made here when it is needed and not given.
void drawViewRegion(const MapPainter& painter, cairo_surface_t* image, PixelRect region, ViewPlacement view,
                    Rgb background, const RenderOptions& options, MapLayers layers, int workers = 0,
                    const MapPainter::Scene* arranged = nullptr, Edges edges = Edges::Fine);

// Draws `layers` of the view in `region` of `image` on the calling thread, with none of the image's
// own bookkeeping (no flush, nothing marked dirty): for a caller that draws bands of one image on
// several threads at once and flushes and marks it itself. The pixels are drawViewRegion's.
void drawViewRows(const MapPainter& painter, cairo_surface_t* image, PixelRect region, ViewPlacement view,
                  Rgb background, const RenderOptions& options, MapLayers layers,
                  const MapPainter::Scene* arranged, Edges edges = Edges::Fine);

// A view kept in an image the view's size, wrapped round (as a torus): view pixel (x, y) is image
// pixel ((x + x0) mod width, (y + y0) mod height). A pan moves where the view starts in the image,
// not its pixels.
struct WrappedOrigin {
    int x = 0, y = 0;
};
// A part of a view's region as it lies in such an image, with the view that draws it there.
struct WrappedPart {
    PixelRect inImage;
    ViewPlacement view;
};
// The parts of `region` (view pixels, cut to the view) in a wrapped image so wide and tall: one to
// four.
std::vector<WrappedPart> wrappedParts(PixelRect region, int width, int height, WrappedOrigin origin,
                                      ViewPlacement view);
// Draws the ground of the view in `tiles` (view pixels) of `image`, which holds the view wrapped at
// `origin`, in their order, each tile whole on one thread, on `workers` threads (0: one for each
// core), each thread taking the next tile left while `more(started)` says yes (`started`: the tiles
// taken so far). `more` is asked before every tile but the first, on every thread at once: one tile
// at least is drawn. The pixels are those drawView gives there. Returns how many were drawn: the
// first ones.
std::size_t drawViewTiles(const MapPainter& painter, cairo_surface_t* image, std::span<const PixelRect> tiles,
                          ViewPlacement view, Rgb background, const RenderOptions& options, int workers,
                          const std::function<bool(std::size_t started)>& more, WrappedOrigin origin = {});
// The threads `workers` asks for: itself, or with 0 one for each core.
int workerThreads(int workers);
// `work` on `threads` threads, this one among them (the others the process's kept helpers:
// model/worker_pool.hpp), until each returns; what one throws is thrown here. The work shares itself
// out, so that this thread alone ends it: a helper that had not started when its share was done is
// not waited for.
void onThreads(int threads, const std::function<void()>& work);
// Calls `rows(top, count)` over `height` rows cut into `bands` bands, on `threads` threads, each
// thread taking the next band left: one part of a picture is busier than another, and one core may
// run slower than another (on this machine kind, at times, by half), so equal shares would wait on
// the slowest. What a band throws (out of memory, say) is thrown here. `beside`, when given, is the
// first task taken: one thread does it while the others take bands.
void inRowBands(int height, int bands, int threads, const std::function<void(int top, int count)>& rows,
                const std::function<void()>& beside = {});

// Where the marks of the whole view go (MapPainter::arrange for the view `image` shows).
std::shared_ptr<const MapPainter::Scene> arrangeView(const MapPainter& painter, cairo_surface_t* image,
                                                     ViewPlacement view, const RenderOptions& options);
// The same for a view `width` x `height` pixels, with no image: on a thread while others draw on it.
std::shared_ptr<const MapPainter::Scene> arrangeView(const MapPainter& painter, int width, int height,
                                                     ViewPlacement view, const RenderOptions& options);

} // namespace sandtable
