#pragma once
// Stamps on a raster: what a map repeats cell after cell is rasterised once by Cairo and then
// blended where each cell needs it by pixman, Cairo's own compositor, instead of Cairo scan
// converting thousands of small polygons (its antialiasing converter walks every edge on 15
// sub-rows a pixel). On a 4K view at 50 % the cells and their symbols take a third of the time.
//
//  - ShapeStamps: a shape repeated from cell to cell (a cell's inset polygon, filled; a contour along
//    a side, stroked) as an 8-bit coverage mask for each quarter-pixel position, blended in its
//    colour: within an eighth of a pixel of the filled or stroked shape.
//  - SymbolStamps: a terrain symbol (trees, orchard, crops, marsh, scrub, water, a town with no road)
//    drawn once for each pattern it has, whole pixels apart from where it was drawn before (half a
//    pixel at most: crowns and furrows are drawn freehand anyway).
//
// Both are made only for an image surface drawn on straight, unturned and unclipped (the canvas's
// bands, a PNG's bands); PDF and SVG keep their paths. What was made for a scale is kept for the
// next band or frame at that scale.
#include "model/layout.hpp"
#include "model/terrain.hpp"
#include "render/pixel_rect.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef union pixman_image pixman_image_t;

namespace sandtable {

struct SymbolSite;

struct PixmanRelease {
    void operator()(pixman_image_t* image) const;
};
using PixmanImage = std::unique_ptr<pixman_image_t, PixmanRelease>;

// How `cr` draws on an image (its current group's surface), when it draws straight: an RGB24 or
// ARGB32 image, no turn or shear, the OVER operator. A point's pixel is its place times the scale
// plus the shift (the device offset included). What may write an image's pixels itself (stamps,
// the natural ground) asks this first; nothing when it cannot.
struct StraightImage {
    cairo_surface_t* surface = nullptr;
    double xx = 1, yy = 1, x0 = 0, y0 = 0;
};
std::optional<StraightImage> straightImageOf(cairo_t* cr);
// The pixels `cr` draws through (its clip, in `image`'s device pixels) when that clip is one
// rectangle lying on whole pixels (to a millionth). Nothing for a clip of several rectangles or one
// off whole pixels, which what writes pixels itself cannot honour.
std::optional<PixelRect> clipOnWholePixels(cairo_t* cr, const StraightImage& image);
// What code that lays pixels itself at one scale both ways (routes, small counters) may draw on:
// `cr`'s own target (not a group) drawn straight at one scale, and the pixels its clip, one
// rectangle on whole pixels, leaves of the image (a band, a tile, the whole image; empty when it
// misses the image). Nothing otherwise, and the caller draws with Cairo.
struct StraightTarget {
    StraightImage image;
    PixelRect area;
};
std::optional<StraightTarget> straightTargetOf(cairo_t* cr);

// A Cairo context's target as pixman sees it, while stamps go on it: made only when stamps can go
// on it; Cairo is told the pixels changed when it goes.
class RasterTarget {
  public:
    static std::optional<RasterTarget> of(cairo_t* cr);
    RasterTarget(RasterTarget&&) noexcept;
    RasterTarget& operator=(RasterTarget&&) = delete;
    ~RasterTarget();

    cairo_t* context() const { return cr_; }
    double scaleX() const { return xx_; }
    double scaleY() const { return yy_; }
    Point toDevice(Point p) const { return {p.x * xx_ + x0_, p.y * yy_ + y0_}; }
    // Blends `source` (through `mask`, if any, read from maskX, maskY) over the w x h pixels at
    // x, y; nothing off the image.
    void blend(pixman_image_t* source, pixman_image_t* mask, int x, int y, int w, int h, int maskX = 0,
               int maskY = 0) const;
    // The same through a mask the image's size, read at the same pixels.
    void blendThrough(pixman_image_t* source, pixman_image_t* mask, int x, int y, int w, int h) const;
    int width() const { return width_; }
    int height() const { return height_; }

  private:
    RasterTarget() = default;
    cairo_t* cr_ = nullptr;
    PixmanImage image_;
    double xx_ = 1, yy_ = 1, x0_ = 0, y0_ = 0; // map units to device pixels
    int width_ = 0, height_ = 0;
};

class ShapeStamps {
  public:
    static constexpr int phases = 4; // positions a pixel, each way

    // Between two open lines of one stamp: the next point starts a new line.
    static constexpr Point lineBreak{std::numeric_limits<double>::infinity(),
                                     std::numeric_limits<double>::infinity()};

    // How a stamp's colour is inked: as its shape is drawn (filled as an area, which low ink
    // lightens; stroked as a line), or as a line however it is drawn, as the terrain symbols are
    // (setSource), so a symbol stamped and the same symbol filled as paths are one colour.
    enum class Ink { AsDrawn, AsLine };

    // Stamps of the shape whose points are given from its centre, in map units: with `lineWidth` 0
    // the closed polygon filled, else the open lines (split at lineBreak) stroked that wide with
    // round ends. Nothing when `cr` cannot take stamps (then the caller draws paths as before).
    static std::optional<ShapeStamps> forTarget(cairo_t* cr, std::span<const Point> points,
                                                double lineWidth = 0, Ink ink = Ink::AsDrawn);

    // The shape centred at `centre` (map units) in `colour` as the ink style has it for an area
    // (filled) or a line (stroked), `alpha` opaque.
    void stamp(Point centre, const Rgb& colour, double alpha = 1);
    // The coverage mask for a shape centred at `centre`, and where its corner lands (x, y).
    pixman_image_t* maskAt(Point centre, int& x, int& y) const;
    // The same, and which of the phases (Masks::boxes) it is.
    pixman_image_t* maskAt(Point centre, int& x, int& y, int& phase) const;
    int maskSize() const { return shared_->size; }

    // A part of a mask (pixels from its corner) that holds inked pixels.
    struct MaskBox {
        int x = 0, y = 0, width = 0, height = 0;
        bool operator==(const MaskBox&) const = default;
    };
    // A cell's coverage at every phase, for one shape and scale: square masks of `size` pixels,
    // one block after another, and for each the boxes around its inked pixels.
    struct Masks {
        std::vector<Point> points;
        double lineWidth = 0;
        double xx = 1, yy = 1;
        int size = 0, stride = 0;
        std::vector<unsigned char> bits;
        // Each phase's inked pixels, in boxes that hold them all: the grid's marks at a cell's
        // corners are a few specks in a mask the cell's size, and blending the boxes alone leaves
        // the other pixels (uninked, which OVER leaves as they are) unread: a quarter of the
        // marks' time. A shape inked over most of its mask is one box, the whole mask.
        std::array<std::vector<MaskBox>, phases * phases> boxes;
        std::size_t block() const {
            return static_cast<std::size_t>(stride) * static_cast<std::size_t>(size);
        }
    };
    // The boxes around the inked (non-zero) pixels of a `size` x `size` mask: each holds inked
    // pixels that touch (diagonals too) and boxes that would overlap are one; the whole mask when
    // the boxes would cover half of it or more. None when nothing is inked.
    static std::vector<MaskBox> inkedBoxes(const unsigned char* bits, int size, int stride);
    // The masks for this shape and scale: made once, shared by every band and frame that needs them.
    static std::shared_ptr<const Masks> masksFor(std::span<const Point> points, double lineWidth, double xx,
                                                 double yy);

  private:
    ShapeStamps(RasterTarget target, bool areaInk) : target_(std::move(target)), areaInk_(areaInk) {}
    RasterTarget target_;
    bool areaInk_;                                   // inked as an area (else as a line)
    std::shared_ptr<const Masks> shared_;            // the pixels the masks read, kept while they are read
    std::array<PixmanImage, phases * phases> masks_; // over shared_'s pixels
    Rgb solidColour_;                                // as given, before inking
    double solidAlpha_ = 1;
    PixmanImage solid_; // solidColour_ inked
};

// Stamps gathered into one coverage and inked once, as one path of all of them is filled or
// stroked: where they overlap they are one area, not their translucent ink laid twice (a wood's
// crowns, which Cairo fills as one path, and their outlines, stroked as one).
class StampCoverage {
  public:
    // Nothing when `cr` cannot take stamps.
    static std::optional<StampCoverage> forTarget(cairo_t* cr);

    // `shape`'s stamp centred at `centre` (map units), added to the coverage.
    void add(const ShapeStamps& shape, Point centre);
    // The coverage blended over the target in `colour` (inked as an area or as a line), `alpha`
    // opaque; the coverage is then empty again.
    void ink(const Rgb& colour, double alpha, bool areaInk);

  private:
    static constexpr int tile = 64; // the coverage is inked only in the tiles a stamp touched
    explicit StampCoverage(RasterTarget target) : target_(std::move(target)) {}
    RasterTarget target_;
    std::unique_ptr<unsigned char[]> bits_; // a tile's bits mean something only while it is touched
    int stride_ = 0;
    PixmanImage coverage_;
    int tilesAcross_ = 0, tilesDown_ = 0;
    // Whether a stamp touched each tile since the last ink: its bits are cleared at the first touch,
    // and ink blends the touched tiles and marks them untouched again.
    std::vector<unsigned char> touched_;
    // Tile (tx, ty)'s pixels, cut to the target.
    PixelRect tileAt(int tx, int ty) const;
};

class SymbolStamps {
  public:
    // Stamps of terrain symbols for cells `cellSize` map units across; nothing when `cr` cannot
    // take stamps.
    static std::optional<SymbolStamps> forTarget(cairo_t* cr, double cellSize, bool outlined);

    // Blends the site's symbol; false when its pattern has no stamp (a town along a road, rocks):
    // the caller draws it as paths.
    bool stamp(TerrainSymbol symbol, const SymbolSite& site);

    // One pattern of one symbol at one scale, premultiplied ARGB.
    struct Picture {
        int size = 0;
        std::vector<std::uint32_t> pixels;
    };

  private:
    SymbolStamps(RasterTarget target, double cellSize, bool outlined)
        : target_(std::move(target)), cellSize_(cellSize), outlined_(outlined) {}
    struct Held {
        std::shared_ptr<const Picture> picture;
        PixmanImage image;
    };
    RasterTarget target_;
    double cellSize_;
    bool outlined_;
    std::map<std::pair<TerrainSymbol, unsigned>, Held> held_; // this drawing's, by symbol and pattern
};

} // namespace sandtable
