#include "view_bands.hpp"

#include "model/worker_pool.hpp"

#include <cairo.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <memory>
#include <thread> // hardware_concurrency
#include <vector>

namespace sandtable {
namespace {

constexpr int bandsPerThread = 4;

void drawRows(const MapPainter& painter, cairo_surface_t* image, PixelRect region, int top, int rows,
              ViewPlacement view, Rgb background, const RenderOptions& o, MapLayers layers,
              const MapPainter::Scene* arranged, Edges edges = Edges::Fine) {
    const int stride = cairo_image_surface_get_stride(image);
    // The band's rows of the region of the one image, as a surface of their own: nothing is copied.
    cairo_surface_t* band = cairo_image_surface_create_for_data(
        cairo_image_surface_get_data(image) + static_cast<std::ptrdiff_t>(region.y + top) * stride +
            static_cast<std::ptrdiff_t>(region.x) * 4,
        cairo_image_surface_get_format(image), region.width, rows, stride);
    cairo_t* cr = cairo_create(band);
    if (edges == Edges::Fast) {
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST);
    }
    if (hasLayers(layers, MapLayers::Ground)) {
        cairo_set_source_rgb(cr, background.r / 255.0, background.g / 255.0, background.b / 255.0);
        cairo_paint(cr);
    }
    // Whole pixels: every band lands on the same pixel grid as the view.
    const double left = view.scrollX + region.x, above = view.scrollY + region.y + top;
    cairo_translate(cr, -left, -above);
    cairo_scale(cr, view.zoom, view.zoom);
    painter.draw(cr, MapRect{left / view.zoom, above / view.zoom, region.width / view.zoom, rows / view.zoom},
                 view.zoom, o, arranged, layers);
    cairo_destroy(cr);
    cairo_surface_destroy(band);
}

} // namespace

void onThreads(int threads, const std::function<void()>& work) {
    WorkerPool::shared().run(threads, work);
}

PixelRect cutTo(PixelRect region, int width, int height) {
    return overlapOf(region, {0, 0, width, height});
}

PixelRect pixelsCovering(MapRect region, ViewPlacement view) {
    const int x0 = static_cast<int>(std::floor(region.x * view.zoom - view.scrollX)) - 1;
    const int y0 = static_cast<int>(std::floor(region.y * view.zoom - view.scrollY)) - 1;
    const int x1 = static_cast<int>(std::ceil((region.x + region.width) * view.zoom - view.scrollX)) + 1;
    const int y1 = static_cast<int>(std::ceil((region.y + region.height) * view.zoom - view.scrollY)) + 1;
    return {x0, y0, x1 - x0, y1 - y0};
}

namespace {

std::shared_ptr<const MapPainter::Scene> arrangeMeasuringOn(cairo_surface_t* measuring,
                                                            const MapPainter& painter, int width, int height,
                                                            ViewPlacement view, const RenderOptions& o) {
    cairo_t* measure = cairo_create(measuring);
    auto scene = painter.arrange(
        measure,
        MapRect{view.scrollX / view.zoom, view.scrollY / view.zoom, width / view.zoom, height / view.zoom},
        view.zoom, o);
    cairo_destroy(measure);
    return scene;
}

} // namespace

std::shared_ptr<const MapPainter::Scene> arrangeView(const MapPainter& painter, cairo_surface_t* image,
                                                     ViewPlacement view, const RenderOptions& o) {
    return arrangeMeasuringOn(image, painter, cairo_image_surface_get_width(image),
                              cairo_image_surface_get_height(image), view, o);
}

std::shared_ptr<const MapPainter::Scene> arrangeView(const MapPainter& painter, int width, int height,
                                                     ViewPlacement view, const RenderOptions& o) {
    // Words are measured alike on any image (Cairo gives every image surface the same font
    // options): a pixel of one serves.
    cairo_surface_t* pixel = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
    auto scene = arrangeMeasuringOn(pixel, painter, width, height, view, o);
    cairo_surface_destroy(pixel);
    return scene;
}

void drawViewRegion(const MapPainter& painter, cairo_surface_t* image, PixelRect region, ViewPlacement view,
                    Rgb background, const RenderOptions& o, MapLayers layers, int workers,
                    const MapPainter::Scene* arranged, Edges edges) {
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    region = cutTo(region, width, height);
    if (region.width <= 0 || region.height <= 0) {
        return;
    }
    cairo_surface_flush(image);
    const int cores = workerThreads(workers);
    // Far out, the whole battle's pieces are dots over the overview image: thousands of them, drawn
    // band by band like the rest.
    const int threads = region.width * region.height < bandsFromPixels
                            ? 1
                            : std::clamp(cores, 1, std::max(1, region.height / 32));
    // The marks of a view drawn in parts are arranged once for the whole view: a counter or a name
    // across two bands is placed once.
    std::shared_ptr<const MapPainter::Scene> own;
    if (arranged == nullptr && hasLayers(layers, MapLayers::Marks) &&
        (threads > 1 || region.width != width || region.height != height) &&
        !painter.drawsOverview(view.zoom)) {
        own = arrangeView(painter, image, view, o);
        arranged = own.get();
    }
    if (threads == 1) {
        drawRows(painter, image, region, 0, region.height, view, background, o, layers, arranged, edges);
        cairo_surface_mark_dirty(image);
        return;
    }
    // More bands than threads (inRowBands says why).
    const int bands = std::clamp(threads * bandsPerThread, 1, std::max(1, region.height / 32));
    inRowBands(region.height, bands, threads, [&](int top, int count) {
        drawRows(painter, image, region, top, count, view, background, o, layers, arranged, edges);
    });
    cairo_surface_mark_dirty(image);
}

void drawViewRows(const MapPainter& painter, cairo_surface_t* image, PixelRect region, ViewPlacement view,
                  Rgb background, const RenderOptions& o, MapLayers layers, const MapPainter::Scene* arranged,
                  Edges edges) {
    region = cutTo(region, cairo_image_surface_get_width(image), cairo_image_surface_get_height(image));
    if (region.width > 0 && region.height > 0) {
        drawRows(painter, image, region, 0, region.height, view, background, o, layers, arranged, edges);
    }
}

std::vector<WrappedPart> wrappedParts(PixelRect region, int width, int height, WrappedOrigin origin,
                                      ViewPlacement view) {
    region = cutTo(region, width, height);
    std::vector<WrappedPart> parts;
    if (region.width <= 0 || region.height <= 0) {
        return parts;
    }
    // Along one axis: the span from `first`, `length` long, as one or two spans of the image.
    struct Span {
        int inView, inImage, length;
    };
    const auto spans = [](int first, int length, int size, int start) {
        std::array<Span, 2> out{};
        const int at = ((first + start) % size + size) % size;
        const int before = std::min(length, size - at);
        out[0] = {first, at, before};
        out[1] = {first + before, 0, length - before};
        return out;
    };
    for (const Span& across : spans(region.x, region.width, width, origin.x)) {
        for (const Span& down : spans(region.y, region.height, height, origin.y)) {
            if (across.length > 0 && down.length > 0) {
                parts.push_back({{across.inImage, down.inImage, across.length, down.length},
                                 {view.scrollX + across.inView - across.inImage,
                                  view.scrollY + down.inView - down.inImage, view.zoom}});
            }
        }
    }
    return parts;
}

std::size_t drawViewTiles(const MapPainter& painter, cairo_surface_t* image, std::span<const PixelRect> tiles,
                          ViewPlacement view, Rgb background, const RenderOptions& o, int workers,
                          const std::function<bool(std::size_t started)>& more, WrappedOrigin origin) {
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    cairo_surface_flush(image);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (;;) {
            if (const std::size_t seen = next.load(); seen >= tiles.size() || (seen > 0 && !more(seen))) {
                return;
            }
            const std::size_t mine = next++;
            if (mine >= tiles.size()) {
                return;
            }
            for (const WrappedPart& part : wrappedParts(tiles[mine], width, height, origin, view)) {
                drawRows(painter, image, part.inImage, 0, part.inImage.height, part.view, background, o,
                         MapLayers::Ground, nullptr);
            }
        }
    };
    onThreads(std::min<int>(workerThreads(workers), static_cast<int>(tiles.size())), work);
    cairo_surface_mark_dirty(image);
    return std::min(next.load(), tiles.size());
}

int workerThreads(int workers) {
    return workers > 0 ? workers : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

void inRowBands(int height, int bands, int threads, const std::function<void(int top, int count)>& rows,
                const std::function<void()>& beside) {
    const auto topOf = [&](int band) { return height * band / bands; };
    // Task -1 is `beside`, the first one taken.
    std::atomic<int> next{beside ? -1 : 0};
    const auto work = [&] {
        for (int b = next++; b < bands; b = next++) {
            if (b < 0) {
                beside();
            } else {
                rows(topOf(b), topOf(b + 1) - topOf(b));
            }
        }
    };
    onThreads(threads, work);
}

void drawView(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view, Rgb background,
              const RenderOptions& o, int workers) {
    drawViewRegion(
        painter, image,
        PixelRect{0, 0, cairo_image_surface_get_width(image), cairo_image_surface_get_height(image)}, view,
        background, o, MapLayers::All, workers);
}

} // namespace sandtable
