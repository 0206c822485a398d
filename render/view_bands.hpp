#pragma once
// A view of the map (the editor's canvas) drawn on every core: the image's rows are split into a few
// bands a worker, each worker taking the next band left, each band drawn by the painter straight
// into its rows of the one image, after the
// view was arranged once, so counters and names stand where a drawing on one thread puts them and
// the pixels are those one thread draws. (The PNG export does the same on pictures too large to
// hold: render/png_bands.)
#include "render/map_painter.hpp"

typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

struct ViewPlacement {
    double scrollX = 0, scrollY = 0; // the view's top-left corner in pixels of the zoomed map
    double zoom = 1;                 // pixels per map unit
};

// Draws on `image` (an RGB24 or ARGB32 image surface) the part of the map the view shows, over
// `background` (each band clears its own rows). `workers` 0: one for each core; 1: on the calling
// thread alone.
void drawView(const MapPainter& painter, cairo_surface_t* image, ViewPlacement view, Rgb background,
              const RenderOptions& options = {}, int workers = 0);

} // namespace sandtable
