#include "view_bands.hpp"

#include "model/thread_beside.hpp"

#include <cairo.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread> // hardware_concurrency
#include <vector>

namespace sandtable {
namespace {

// Below this many pixels a second thread costs more than it saves.
constexpr int bandsFromPixels = 256 * 256;
constexpr int bandsPerThread = 4;

void drawRows(const MapPainter& painter, cairo_surface_t* image, int top, int rows, ViewPlacement view,
              Rgb background, const RenderOptions& o, const MapPainter::Scene* arranged) {
    const int width = cairo_image_surface_get_width(image);
    const int stride = cairo_image_surface_get_stride(image);
    // The band's rows of the one image, as a surface of their own: nothing is copied.
    cairo_surface_t* band = cairo_image_surface_create_for_data(
        cairo_image_surface_get_data(image) + static_cast<std::ptrdiff_t>(top) * stride,
        cairo_image_surface_get_format(image), width, rows, stride);
    cairo_t* cr = cairo_create(band);
    cairo_set_source_rgb(cr, background.r / 255.0, background.g / 255.0, background.b / 255.0);
    cairo_paint(cr);
    // Whole pixels: every band lands on the same pixel grid as the view.
    cairo_translate(cr, -view.scrollX, -view.scrollY - top);
    cairo_scale(cr, view.zoom, view.zoom);
    painter.draw(cr,
                 MapRect{view.scrollX / view.zoom, (view.scrollY + top) / view.zoom, width / view.zoom,
                         rows / view.zoom},
                 view.zoom, o, arranged);
    cairo_destroy(cr);
    cairo_surface_destroy(band);
}

} // namespace

void drawView(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view, Rgb background,
              const RenderOptions& o, int workers) {
    cairo_surface_flush(image);
    const int width = cairo_image_surface_get_width(image);
    const int height = cairo_image_surface_get_height(image);
    const int cores =
        workers > 0 ? workers : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    const int threads = width * height < bandsFromPixels || painter.drawsOverview(view.zoom)
                            ? 1
                            : std::clamp(cores, 1, std::max(1, height / 32));
    if (threads == 1) {
        drawRows(painter, image, 0, height, view, background, o, nullptr);
        cairo_surface_mark_dirty(image);
        return;
    }
    // The whole view arranged once: a counter or a name across two bands is placed once.
    std::shared_ptr<const MapPainter::Scene> scene;
    {
        cairo_t* measure = cairo_create(image);
        scene = painter.arrange(measure,
                                MapRect{view.scrollX / view.zoom, view.scrollY / view.zoom, width / view.zoom,
                                        height / view.zoom},
                                view.zoom, o);
        cairo_destroy(measure);
    }
    // More bands than threads, each thread taking the next band when it is done: one part of a map
    // is busier than another, and one core may run slower than another (on this machine kind, at
    // times, by half); equal shares would wait on the slowest.
    const int bands = std::clamp(threads * bandsPerThread, 1, std::max(1, height / 32));
    const auto topOf = [&](int band) { return height * band / bands; };
    std::atomic<int> next{0};
    const auto work = [&] {
        for (int b = next++; b < bands; b = next++) {
            drawRows(painter, image, topOf(b), topOf(b + 1) - topOf(b), view, background, o, scene.get());
        }
    };
    std::vector<ThreadBeside> others;
    for (int t = 1; t < threads; ++t) {
        others.emplace_back(work);
    }
    work();
    for (ThreadBeside& thread : others) {
        thread.join(); // a band's failure (out of memory, say) is thrown here
    }
    cairo_surface_mark_dirty(image);
}

} // namespace sandtable
