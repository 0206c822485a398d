#include "terrain_overview.hpp"

#include "colours.hpp"
#include "map_painter.hpp"

#include <algorithm>

#include <cairo.h>

namespace sandtable {

TerrainOverview::~TerrainOverview() {
    if (surface_ != nullptr) {
        cairo_surface_destroy(surface_);
    }
}

Rgb TerrainOverview::pixelColour(const Map& map, std::size_t index) const {
    if (pathKind_[index] != 0) {
        return pathColour(static_cast<PathKind>(pathKind_[index] - 1));
    }
    return cellColour(map, index, true);
}

void TerrainOverview::set(int col, int row, Rgb c) {
    unsigned char* data = cairo_image_surface_get_data(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    auto* pixel = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(row) * stride) + col;
    *pixel = opaquePixel(c);
}

Rgb TerrainOverview::pixel(int col, int row) const {
    const unsigned char* data = cairo_image_surface_get_data(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    const std::uint32_t v =
        *(reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(row) * stride) + col);
    return Rgb{static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 8),
               static_cast<std::uint8_t>(v)};
}

void TerrainOverview::rebuild(const Map& map) {
    const Grid& g = map.grid;
    pathKind_.assign(g.cellCount(), 0);
    for (const auto& [id, path] : map.paths) {
        for (Offset c : path.cells) {
            if (g.contains(c)) {
                auto& k = pathKind_[g.index(c)];
                k = std::max<std::uint8_t>(k, static_cast<std::uint8_t>(1 + static_cast<int>(path.kind)));
            }
        }
    }
    if (surface_ != nullptr) {
        cairo_surface_destroy(surface_);
    }
    width_ = g.cols();
    height_ = g.rows();
    surface_ = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width_, height_);
    cairo_surface_flush(surface_);
    for (int row = 0; row < height_; ++row) {
        for (int col = 0; col < width_; ++col) {
            set(col, row, pixelColour(map, g.index({col, row})));
        }
    }
    cairo_surface_mark_dirty(surface_);
}

void TerrainOverview::update(const Map& map, const std::vector<Offset>& cells) {
    if (!valid() || width_ != map.grid.cols() || height_ != map.grid.rows()) {
        rebuild(map);
        return;
    }
    cairo_surface_flush(surface_);
    for (Offset c : cells) {
        if (map.grid.contains(c)) {
            set(c.col, c.row, pixelColour(map, map.grid.index(c)));
        }
    }
    cairo_surface_mark_dirty(surface_);
}

void TerrainOverview::paint(cairo_t* cr, double x, double y, double w, double h) const {
    if (!valid() || w <= 0 || h <= 0) {
        return;
    }
    cairo_save(cr);
    cairo_rectangle(cr, x, y, w, h);
    cairo_clip(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, w / width_, h / height_);
    cairo_set_source_surface(cr, surface_, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_paint(cr);
    cairo_restore(cr);
}

} // namespace sandtable
