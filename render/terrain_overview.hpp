#pragma once
// TerrainOverview keeps the whole map as an image, one pixel per cell (terrain shaded by level, with
// roads and railroads over it), so that a view of thousands of cells (zoomed far out) draws one
// scaled image instead of a polygon per cell and a line per road, and the minimap has a picture.
// Terrain edits update it cell by cell; path edits rebuild it.
#include "model/map.hpp"

#include <cstdint>
#include <vector>

typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo cairo_t;

namespace sandtable {

class TerrainOverview {
  public:
    TerrainOverview() = default;
    ~TerrainOverview();
    TerrainOverview(const TerrainOverview&) = delete;
    TerrainOverview& operator=(const TerrainOverview&) = delete;

    void rebuild(const Map& map);
    void update(const Map& map, const std::vector<Offset>& cells);
    bool valid() const { return surface_ != nullptr; }
    int width() const { return width_; }
    int height() const { return height_; }
    // Paints the image so that pixel (col, row) covers the rectangle of that cell's slot: the
    // `width` x `height` pixels stretched over (x, y, w, h) in user units, unsmoothed.
    void paint(cairo_t* cr, double x, double y, double w, double h) const;
    Rgb pixel(int col, int row) const;

  private:
    Rgb pixelColour(const Map& map, std::size_t index) const;
    void set(int col, int row, Rgb c);
    cairo_surface_t* surface_ = nullptr;
    int width_ = 0, height_ = 0;
    std::vector<std::uint8_t> pathKind_; // 0: none, else 1 + the PathKind drawn on the cell
};

} // namespace sandtable
