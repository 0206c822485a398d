#pragma once
// Cells of one shape filled on a raster as stamps: the shape is rasterised by Cairo once for each
// quarter-pixel position, as an 8-bit coverage mask, and each cell is that mask composited in the
// cell's colour by pixman (Cairo's own compositor). Filling thousands of polygons, Cairo's
// antialiasing scan converter walks every edge on 15 sub-rows a pixel; a stamp is one masked
// blend, a third of the time on a 4K view at 50 %. The picture differs from the filled one by at
// most an eighth of a pixel of position.
#include "model/layout.hpp"

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <vector>

typedef struct _cairo cairo_t;
typedef union pixman_image pixman_image_t;

namespace sandtable {

struct Rgb;

class CellStamps {
  public:
    // Stamps of the polygon whose corners are given from its centre, in map units, for drawing on
    // `cr`; nothing when `cr` does not draw on an image surface, or draws turned, skewed or
    // clipped to less than its surface (then the caller fills paths as before).
    static std::optional<CellStamps> forTarget(cairo_t* cr, std::span<const Point> cornersFromCentre);

    CellStamps(CellStamps&&) noexcept;
    CellStamps& operator=(CellStamps&&) noexcept;
    ~CellStamps();

    // The polygon centred at `centre` (map units), in `colour` as Cairo would have set it opaque.
    void stamp(Point centre, const Rgb& colour);
    // Pixels a stamp may reach from its centre, to cull cells wholly outside the target.
    int reach() const { return reach_; }

    static constexpr int phases = 4; // positions a pixel, each way

    // A cell's coverage at every phase, for one shape and scale: square masks of `size` pixels,
    // one block after another.
    struct Masks {
        std::vector<Point> corners;
        double xx = 1, yy = 1;
        int size = 0, stride = 0;
        std::vector<unsigned char> bits;
        std::size_t block() const {
            return static_cast<std::size_t>(stride) * static_cast<std::size_t>(size);
        }
    };
    // The masks for this shape and scale: made once, shared by every band and frame that needs them.
    static std::shared_ptr<const Masks> masksFor(std::span<const Point> corners, double xx, double yy);

  private:
    CellStamps() = default;
    struct Release {
        void operator()(pixman_image_t* image) const;
    };
    using Image = std::unique_ptr<pixman_image_t, Release>;

    cairo_t* cr_ = nullptr;
    Image target_;
    std::shared_ptr<const Masks> shared_;      // the pixels the masks read, kept while they are read
    std::array<Image, phases * phases> masks_; // over shared_'s pixels
    int maskSize_ = 0;                         // each mask is square
    int reach_ = 0;
    double xx_ = 1, yy_ = 1, x0_ = 0, y0_ = 0; // map units to device pixels
    int width_ = 0, height_ = 0;
    std::uint32_t solidColour_ = 0;
    Image solid_;
};

} // namespace sandtable
