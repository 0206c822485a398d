#pragma once
// Routes and contours on a raster: round-joined lines, their ends round or square, laid straight in
// an image's pixels, each pixel inked by its distance from the line's middle (whole within the half
// width, fading to nothing over the next pixel), instead of Cairo stroking them. Cairo outlines a stroke into
// a polygon and scan-converts it on 15 sub-rows a pixel: the roads of a 300 x 300 battle's PNG took 0.8 s of
// its CPU that way, in either style.
//
// The lines added between two clears are laid as one (a route: where its stretches meet, their
// union is inked once, as one stroke inks it). A pixel's ink depends only on the lines and the
// pixel, so a picture drawn in bands or tiles is the one drawn whole.
//
// Made only for an image drawn straight (render/raster_stamps' StraightImage) at one scale both
// ways, through no clip but a rectangle on whole pixels; PDF, SVG and the rest keep Cairo's
// strokes. Without antialiasing a pixel is inked whole where its middle lies within the line, as
// Cairo fills it.
#include "model/layout.hpp"
#include "model/terrain.hpp"

#include <array>
#include <memory>
#include <optional>
#include <vector>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

class RasterLines {
  public:
    static std::optional<RasterLines> forTarget(cairo_t* cr);
    RasterLines(RasterLines&&) noexcept;
    RasterLines& operator=(RasterLines&&) noexcept;
    ~RasterLines();

    // A line starts at `p` (map units).
    void moveTo(Point p);
    // The line goes on straight to `to` (map units).
    void lineTo(Point to);
    // The line goes on along a cubic (map units), flattened to within a quarter of a pixel.
    void curveTo(Point c1, Point c2, Point to);
    bool empty() const { return segments_.empty(); }
    // How a line's two ends are drawn: round (Cairo's round cap), or square, cut straight across
    // at the end point (Cairo's butt cap: a railroad and its ties). Bends are round either way.
    enum class Ends { Round, Square };
    // Lays every line added since the last clear, `width` wide (map units), in `colour` as the
    // context's ink style has it for a line. The lines stay, for another width over them (a
    // pike's fill over its casing).
    void lay(double width, Rgb colour, Ends ends = Ends::Round);
    void clear();

  private:
    RasterLines();
    Point toDevice(Point p) const { return {p.x * scale_ + x0_, p.y * scale_ + y0_}; }

    cairo_t* cr_ = nullptr;
    cairo_surface_t* surface_ = nullptr;
    bool antialiased_ = true;
    double scale_ = 1, x0_ = 0, y0_ = 0;              // map units to device pixels
    int left_ = 0, top_ = 0, right_ = 0, bottom_ = 0; // the pixels drawn on: [left, right) x [top, bottom)
    std::vector<std::array<double, 4>> segments_;     // from x, y to x, y, in device pixels
    // Each line: its first segment and the directions it leaves its two ends in (device pixels).
    struct Line {
        std::size_t first = 0;
        Point startTangent, endTangent;
    };
    std::vector<Line> lines_;
    // A line goes on from its last point: where it starts (its first segment) and where it ends now.
    void goesOn(Point startTangent, Point endTangent);
    std::optional<Point> at_; // where the line is (device pixels)
    // What lay works in, kept from lay to lay (the coverage all nothing between them). Kept here, not
    // in thread_local buffers: MinGW's runtime may free a thread_local's storage before running its
    // destructor when the thread ends, the likely cause of a heap crash in a Windows export drawn in
    // bands (a vector's buffer freed twice).
    struct Scratch;
    std::unique_ptr<Scratch> scratch_;
};

} // namespace sandtable
