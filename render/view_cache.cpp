#include "view_cache.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>

namespace sandtable {

void ViewCache::Release::operator()(cairo_surface_t* surface) const {
    cairo_surface_destroy(surface);
}

void ViewCache::invalidate(MapRect region) {
    dirty_.push_back(region);
}

MapRect ViewCache::groundChangedBy(const Layout& layout, std::span<const Offset> cells) {
    if (cells.empty()) {
        return {};
    }
    double x0 = layout.cellCenter(cells.front()).x, x1 = x0, y0 = layout.cellCenter(cells.front()).y, y1 = y0;
    for (Offset c : cells) {
        const Point p = layout.cellCenter(c);
        x0 = std::min(x0, p.x);
        x1 = std::max(x1, p.x);
        y0 = std::min(y0, p.y);
        y1 = std::max(y1, p.y);
    }
    const double reach = layout.cellSize() * 3.5; // the cell's own half and three cells beyond
    return {x0 - reach, y0 - reach, x1 - x0 + 2 * reach, y1 - y0 + 2 * reach};
}

void ViewCache::invalidateAll() {
    valid_ = false;
    preview_ = false;
    dirty_.clear();
}

namespace {

// The kept pixels moved by (dx, dy) whole pixels within the one image (what was at x + dx is now
// at x), row by row in the order that never reads a row already written.
void shift(cairo_surface_t* image, int dx, int dy) {
    cairo_surface_flush(image);
    unsigned char* data = cairo_image_surface_get_data(image);
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    const int stride = cairo_image_surface_get_stride(image);
    const std::size_t bytes = static_cast<std::size_t>(width - std::abs(dx)) * 4;
    const auto move = [&](int y) {
        unsigned char* to = data + static_cast<std::ptrdiff_t>(y) * stride + std::max(0, -dx) * 4;
        const unsigned char* from = data + static_cast<std::ptrdiff_t>(y + dy) * stride + std::max(0, dx) * 4;
        std::memmove(to, from, bytes);
    };
    if (dy >= 0) {
        for (int y = 0; y + dy < height; ++y) {
            move(y);
        }
    } else {
        for (int y = height - 1; y + dy >= 0; --y) {
            move(y);
        }
    }
    cairo_surface_mark_dirty(image);
}

// Whether `image` is there, that wide and tall, in that format.
bool shaped(cairo_surface_t* image, int width, int height, cairo_format_t format) {
    return image != nullptr && cairo_image_surface_get_width(image) == width &&
           cairo_image_surface_get_height(image) == height && cairo_image_surface_get_format(image) == format;
}

bool whole(double v) {
    return v == std::round(v);
}

} // namespace

bool ViewCache::canPreview(ViewPlacement view, const RenderOptions& o, Rgb background) const {
    const ViewPlacement& from = preview_ ? sharpView_ : keptView_;
    const double stretch = view.zoom / from.zoom;
    // A preview goes on only while nothing but the zoom changed since the sharp ground was drawn:
    // an edit, other layers or another background are never shown stale.
    return valid_ && dirty_.empty() && o == keptOptions_ && background == keptBackground_ &&
           view.zoom != keptView_.zoom && stretch <= mostPreviewZoomIn && stretch >= 1 / mostPreviewZoomOut;
}

void ViewCache::drawPreview(ViewPlacement view, Rgb background) {
    if (!preview_) {
        // The sharp ground kept aside; the preview goes where it was.
        const int width = cairo_image_surface_get_width(kept_.get());
        const int height = cairo_image_surface_get_height(kept_.get());
        const cairo_format_t format = cairo_image_surface_get_format(kept_.get());
        if (!shaped(sharp_.get(), width, height, format)) {
            sharp_.reset(cairo_image_surface_create(format, width, height));
        }
        std::swap(sharp_, kept_);
        sharpView_ = keptView_;
        preview_ = true;
    }
    // A pixel x of the new view shows the map at (x + scroll) / zoom, which the sharp view showed
    // at that times its zoom, less its scroll.
    const double k = sharpView_.zoom / view.zoom;
    const int width = cairo_image_surface_get_width(kept_.get()),
              height = cairo_image_surface_get_height(kept_.get());
    const int stride = cairo_image_surface_get_stride(kept_.get());
    const cairo_format_t format = cairo_image_surface_get_format(kept_.get());
    cairo_surface_flush(kept_.get());
    cairo_surface_flush(sharp_.get());
    unsigned char* data = cairo_image_surface_get_data(kept_.get());
    // Rows apart on every core: a bilinear stretch of a 4K frame is several milliseconds on one.
    const auto stretchRows = [&](int top, int rows) {
        cairo_surface_t* band = cairo_image_surface_create_for_data(
            data + static_cast<std::ptrdiff_t>(top) * stride, format, width, rows, stride);
        cairo_t* cr = cairo_create(band);
        cairo_translate(cr, 0, -top);
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_rgb(cr, background.r / 255.0, background.g / 255.0, background.b / 255.0);
        cairo_paint(cr);
        cairo_pattern_t* stretched = cairo_pattern_create_for_surface(sharp_.get());
        cairo_matrix_t m;
        cairo_matrix_init(&m, k, 0, 0, k, view.scrollX * k - sharpView_.scrollX,
                          view.scrollY * k - sharpView_.scrollY);
        cairo_pattern_set_matrix(stretched, &m);
        cairo_pattern_set_filter(stretched, CAIRO_FILTER_BILINEAR);
        cairo_pattern_set_extend(stretched, CAIRO_EXTEND_PAD); // no fading edge: the rectangle ends it
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        cairo_set_source(cr, stretched);
        // Only where the sharp ground was: beyond, the background until the sharp frame.
        cairo_rectangle(cr, (sharpView_.scrollX - view.scrollX * k) / k,
                        (sharpView_.scrollY - view.scrollY * k) / k, width / k, height / k);
        cairo_fill(cr);
        cairo_pattern_destroy(stretched);
        cairo_destroy(cr);
        cairo_surface_finish(band);
        cairo_surface_destroy(band);
    };
    const int threads = std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, 8);
    inRowBands(height, threads, threads, stretchRows);
    cairo_surface_mark_dirty(kept_.get());
}

void ViewCache::draw(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view, Rgb background,
                     const RenderOptions& o, int workers, AtNewZoom atNewZoom) {
    const int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    const cairo_format_t format = cairo_image_surface_get_format(image);
    if (!shaped(kept_.get(), width, height, format)) {
        kept_.reset(cairo_image_surface_create(format, width, height));
        valid_ = false;
        preview_ = false;
    }
    const bool preview = atNewZoom == AtNewZoom::Preview && canPreview(view, o, background);
    if (preview) {
        drawPreview(view, background);
    }
    const double dx = view.scrollX - keptView_.scrollX, dy = view.scrollY - keptView_.scrollY;
    // A sharp frame asked for while a preview shows draws it all.
    const bool stale = preview_ && !preview && atNewZoom == AtNewZoom::Sharp;
    const bool all = !valid_ || stale || (!preview && view.zoom != keptView_.zoom) || !(o == keptOptions_) ||
                     background != keptBackground_ || !whole(dx) || !whole(dy) || std::abs(dx) >= width ||
                     std::abs(dy) >= height || cairo_surface_status(kept_.get()) != CAIRO_STATUS_SUCCESS;
    std::vector<PixelRect> regions;
    if (preview) {
        // Nothing drawn anew: the marks go over the stretched ground.
    } else if (all) {
        regions.push_back({0, 0, width, height});
        preview_ = false;
    } else {
        const int sx = static_cast<int>(dx), sy = static_cast<int>(dy);
        if (sx != 0 || sy != 0) {
            shift(kept_.get(), sx, sy);
            // The strips the view did not show before.
            if (sx != 0) {
                regions.push_back({sx > 0 ? width - sx : 0, 0, std::abs(sx), height});
            }
            if (sy != 0) {
                regions.push_back({0, sy > 0 ? height - sy : 0, width, std::abs(sy)});
            }
        }
        for (const MapRect& r : dirty_) {
            // The changed part in the view's pixels, out to whole pixels and one more each side
            // (antialiasing reaches a pixel beyond a shape's edge).
            const int x0 = static_cast<int>(std::floor(r.x * view.zoom - view.scrollX)) - 1;
            const int y0 = static_cast<int>(std::floor(r.y * view.zoom - view.scrollY)) - 1;
            const int x1 = static_cast<int>(std::ceil((r.x + r.width) * view.zoom - view.scrollX)) + 1;
            const int y1 = static_cast<int>(std::ceil((r.y + r.height) * view.zoom - view.scrollY)) + 1;
            if (x1 > 0 && y1 > 0 && x0 < width && y0 < height) {
                regions.push_back({x0, y0, x1 - x0, y1 - y0});
            }
        }
    }
    drawn_ = 0;
    for (const PixelRect& r : regions) {
        drawViewRegion(painter, kept_.get(), r, view, background, o, MapLayers::Ground, workers);
        drawn_ += static_cast<long long>(std::clamp(r.width, 0, width)) * std::clamp(r.height, 0, height);
    }
    keptView_ = view;
    keptOptions_ = o;
    keptBackground_ = background;
    valid_ = cairo_surface_status(kept_.get()) == CAIRO_STATUS_SUCCESS;
    dirty_.clear();
    // The ground copied under the marks, which are drawn anew.
    cairo_surface_flush(kept_.get());
    cairo_surface_flush(image);
    const int stride = cairo_image_surface_get_stride(image);
    if (stride == cairo_image_surface_get_stride(kept_.get())) {
        std::memcpy(cairo_image_surface_get_data(image), cairo_image_surface_get_data(kept_.get()),
                    static_cast<std::size_t>(stride) * static_cast<std::size_t>(height));
        cairo_surface_mark_dirty(image);
    } else {
        cairo_t* cr = cairo_create(image);
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_surface(cr, kept_.get(), 0, 0);
        cairo_paint(cr);
        cairo_destroy(cr);
    }
    drawViewRegion(painter, image, PixelRect{0, 0, width, height}, view, background, o, MapLayers::Marks,
                   workers);
}

} // namespace sandtable
