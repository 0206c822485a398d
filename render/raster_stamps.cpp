#include "raster_stamps.hpp"

#include "colours.hpp"
#include "terrain_symbols.hpp"

#include <cairo.h>
#include <pixman.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <tuple>
#include <utility>

namespace sandtable {

void PixmanRelease::operator()(pixman_image_t* image) const {
    pixman_image_unref(image);
}

RasterTarget::RasterTarget(RasterTarget&& other) noexcept
    : cr_(std::exchange(other.cr_, nullptr)), image_(std::move(other.image_)), xx_(other.xx_), yy_(other.yy_),
      x0_(other.x0_), y0_(other.y0_), width_(other.width_), height_(other.height_) {}

RasterTarget::~RasterTarget() {
    if (cr_ != nullptr) {
        cairo_surface_mark_dirty(cairo_get_target(cr_)); // pixman wrote the pixels behind Cairo's back
    }
}

std::optional<StraightImage> straightImageOf(cairo_t* cr) {
    cairo_surface_t* surface = cairo_get_group_target(cr);
    if (cairo_surface_get_type(surface) != CAIRO_SURFACE_TYPE_IMAGE ||
        cairo_get_operator(cr) != CAIRO_OPERATOR_OVER) {
        return std::nullopt;
    }
    const cairo_format_t format = cairo_image_surface_get_format(surface);
    if (format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32) {
        return std::nullopt;
    }
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    if (m.xy != 0 || m.yx != 0 || !(m.xx > 0) || !(m.yy > 0)) {
        return std::nullopt;
    }
    double offsetX = 0, offsetY = 0;
    cairo_surface_get_device_offset(surface, &offsetX, &offsetY);
    return StraightImage{surface, m.xx, m.yy, m.x0 + offsetX, m.y0 + offsetY};
}

std::optional<PixelRect> clipOnWholePixels(cairo_t* cr, const StraightImage& image) {
    cairo_rectangle_list_t* list = cairo_copy_clip_rectangle_list(cr);
    const bool one = list->status == CAIRO_STATUS_SUCCESS && list->num_rectangles == 1;
    double left = 0, top = 0, right = 0, bottom = 0;
    if (one) {
        const cairo_rectangle_t& r = list->rectangles[0];
        left = r.x * image.xx + image.x0;
        top = r.y * image.yy + image.y0;
        right = left + r.width * image.xx;
        bottom = top + r.height * image.yy;
    }
    cairo_rectangle_list_destroy(list);
    const auto whole = [](double v) { return std::abs(v - std::round(v)) < 1e-6; };
    if (!one || !whole(left) || !whole(top) || !whole(right) || !whole(bottom)) {
        return std::nullopt;
    }
    const int x = static_cast<int>(std::lround(left)), y = static_cast<int>(std::lround(top));
    return PixelRect{x, y, static_cast<int>(std::lround(right)) - x,
                     static_cast<int>(std::lround(bottom)) - y};
}

std::optional<StraightTarget> straightTargetOf(cairo_t* cr) {
    const std::optional<StraightImage> straight = straightImageOf(cr);
    if (!straight || straight->surface != cairo_get_target(cr) ||
        std::abs(straight->xx - straight->yy) > 1e-9 * straight->xx) {
        return std::nullopt;
    }
    const std::optional<PixelRect> clip = clipOnWholePixels(cr, *straight);
    if (!clip) {
        return std::nullopt;
    }
    return StraightTarget{*straight, overlapOf(*clip, {0, 0, cairo_image_surface_get_width(straight->surface),
                                                       cairo_image_surface_get_height(straight->surface)})};
}

std::optional<RasterTarget> RasterTarget::of(cairo_t* cr) {
    cairo_surface_t* surface = cairo_get_target(cr);
    const std::optional<StraightImage> straight = straightImageOf(cr);
    if (!straight || straight->surface != surface) { // not inside a group
        return std::nullopt;
    }
    const cairo_format_t format = cairo_image_surface_get_format(surface);
    RasterTarget t;
    t.xx_ = straight->xx;
    t.yy_ = straight->yy;
    t.x0_ = straight->x0;
    t.y0_ = straight->y0;
    t.width_ = cairo_image_surface_get_width(surface);
    t.height_ = cairo_image_surface_get_height(surface);
    // A clip smaller than the surface would have to be honoured stamp by stamp: paths instead.
    if (clipOnWholePixels(cr, *straight) != PixelRect{0, 0, t.width_, t.height_}) {
        return std::nullopt;
    }
    cairo_surface_flush(surface); // what Cairo drew before is in the pixels
    t.image_.reset(pixman_image_create_bits(
        format == CAIRO_FORMAT_RGB24 ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8, t.width_, t.height_,
        reinterpret_cast<std::uint32_t*>(cairo_image_surface_get_data(surface)),
        cairo_image_surface_get_stride(surface)));
    if (!t.image_) {
        return std::nullopt;
    }
    t.cr_ = cr;
    return t;
}

void RasterTarget::blend(pixman_image_t* source, pixman_image_t* mask, int x, int y, int w, int h, int maskX,
                         int maskY) const {
    if (x >= width_ || y >= height_ || x + w <= 0 || y + h <= 0) {
        return;
    }
    pixman_image_composite32(PIXMAN_OP_OVER, source, mask, image_.get(), 0, 0, maskX, maskY, x, y, w, h);
}

void RasterTarget::blendThrough(pixman_image_t* source, pixman_image_t* mask, int x, int y, int w,
                                int h) const {
    pixman_image_composite32(PIXMAN_OP_OVER, source, mask, image_.get(), 0, 0, x, y, x, y, w, h);
}

namespace {

// Rasterised once for a cell shape and scale, then shared by every band of a view or picture and by
// the frames that follow at the same zoom: a few recent ones are kept.
std::mutex masksMutex;
std::vector<std::shared_ptr<const ShapeStamps::Masks>> recentMasks;
constexpr std::size_t masksKept = 32; // a cell, its sides' contours, marks and crowns at a few scales

std::shared_ptr<const ShapeStamps::Masks> rasterise(std::span<const Point> points, double lineWidth,
                                                    double xx, double yy) {
    double extent = 0;
    for (const Point& p : points) {
        if (p == ShapeStamps::lineBreak) {
            continue;
        }
        extent = std::max(
            {extent, std::abs(p.x * xx) + lineWidth * xx / 2, std::abs(p.y * yy) + lineWidth * yy / 2});
    }
    if (extent > 512) { // a cell larger than this is few on any view: paths are as quick
        return nullptr;
    }
    auto m = std::make_shared<ShapeStamps::Masks>();
    m->points.assign(points.begin(), points.end());
    m->lineWidth = lineWidth;
    m->xx = xx;
    m->yy = yy;
    // Room for the polygon at any quarter-pixel position, and a pixel of antialiasing each side.
    m->size = 2 * static_cast<int>(std::ceil(extent)) + 4;
    m->stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, m->size);
    m->bits.assign(m->block() * ShapeStamps::phases * ShapeStamps::phases, 0);
    const double middle = m->size / 2;
    for (int py = 0; py < ShapeStamps::phases; ++py) {
        for (int px = 0; px < ShapeStamps::phases; ++px) {
            unsigned char* bits =
                m->bits.data() + m->block() * static_cast<std::size_t>(py * ShapeStamps::phases + px);
            cairo_surface_t* mask =
                cairo_image_surface_create_for_data(bits, CAIRO_FORMAT_A8, m->size, m->size, m->stride);
            cairo_t* m8 = cairo_create(mask);
            cairo_translate(m8, middle + static_cast<double>(px) / ShapeStamps::phases,
                            middle + static_cast<double>(py) / ShapeStamps::phases);
            cairo_scale(m8, xx, yy);
            bool starts = true;
            for (const Point& p : points) {
                if (p == ShapeStamps::lineBreak) {
                    starts = true;
                    continue;
                }
                (starts ? cairo_move_to : cairo_line_to)(m8, p.x, p.y);
                starts = false;
            }
            if (lineWidth > 0) {
                cairo_set_line_width(m8, lineWidth);
                cairo_set_line_cap(m8, CAIRO_LINE_CAP_ROUND);
                cairo_stroke(m8);
            } else {
                cairo_close_path(m8);
                cairo_fill(m8);
            }
            const bool drawn = cairo_status(m8) == CAIRO_STATUS_SUCCESS;
            cairo_destroy(m8);
            cairo_surface_flush(mask);
            cairo_surface_destroy(mask);
            if (!drawn) {
                return nullptr;
            }
            m->boxes[static_cast<std::size_t>(py * ShapeStamps::phases + px)] =
                ShapeStamps::inkedBoxes(bits, m->size, m->stride);
        }
    }
    return m;
}

} // namespace

std::vector<ShapeStamps::MaskBox> ShapeStamps::inkedBoxes(const unsigned char* bits, int size, int stride) {
    const auto inked = [&](int x, int y) {
        return bits[static_cast<std::size_t>(y) * static_cast<std::size_t>(stride) +
                    static_cast<std::size_t>(x)] != 0;
    };
    // Each cluster of touching inked pixels, found by a flood from its first pixel.
    std::vector<char> seen(static_cast<std::size_t>(size) * static_cast<std::size_t>(size), 0);
    const auto seenAt = [&](int x, int y) -> char& {
        return seen[static_cast<std::size_t>(y) * static_cast<std::size_t>(size) +
                    static_cast<std::size_t>(x)];
    };
    std::vector<MaskBox> boxes;
    std::vector<std::pair<int, int>> flood;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            if (!inked(x, y) || seenAt(x, y) != 0) {
                continue;
            }
            int x0 = x, x1 = x, y0 = y, y1 = y;
            seenAt(x, y) = 1;
            flood.assign(1, {x, y});
            while (!flood.empty()) {
                const auto [fx, fy] = flood.back();
                flood.pop_back();
                x0 = std::min(x0, fx);
                x1 = std::max(x1, fx);
                y0 = std::min(y0, fy);
                y1 = std::max(y1, fy);
                for (int ny = std::max(0, fy - 1); ny <= std::min(size - 1, fy + 1); ++ny) {
                    for (int nx = std::max(0, fx - 1); nx <= std::min(size - 1, fx + 1); ++nx) {
                        if (inked(nx, ny) && seenAt(nx, ny) == 0) {
                            seenAt(nx, ny) = 1;
                            flood.emplace_back(nx, ny);
                        }
                    }
                }
            }
            boxes.push_back({x0, y0, x1 - x0 + 1, y1 - y0 + 1});
        }
    }
    // Boxes that overlap are one, so no pixel is blended twice (the ink would be laid twice).
    const auto overlap = [](const MaskBox& a, const MaskBox& b) {
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    };
    for (bool merged = true; merged;) {
        merged = false;
        for (std::size_t i = 0; i < boxes.size() && !merged; ++i) {
            for (std::size_t j = i + 1; j < boxes.size() && !merged; ++j) {
                if (overlap(boxes[i], boxes[j])) {
                    const MaskBox& a = boxes[i];
                    const MaskBox& b = boxes[j];
                    const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
                    const int x1 = std::max(a.x + a.width, b.x + b.width),
                              y1 = std::max(a.y + a.height, b.y + b.height);
                    boxes[i] = {x0, y0, x1 - x0, y1 - y0};
                    boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(j));
                    merged = true;
                }
            }
        }
    }
    long long area = 0;
    for (const MaskBox& b : boxes) {
        area += static_cast<long long>(b.width) * b.height;
    }
    if (2 * area >= static_cast<long long>(size) * size) {
        return {{0, 0, size, size}};
    }
    return boxes;
}

std::shared_ptr<const ShapeStamps::Masks> ShapeStamps::masksFor(std::span<const Point> points,
                                                                double lineWidth, double xx, double yy) {
    std::lock_guard lock(masksMutex);
    const auto same = std::ranges::find_if(recentMasks, [&](const auto& m) {
        return m->xx == xx && m->yy == yy && m->lineWidth == lineWidth &&
               std::ranges::equal(m->points, points);
    });
    if (same != recentMasks.end()) {
        return *same;
    }
    // Made under the lock: the bands of a first frame wait a fraction of a millisecond for one
    // set rather than each making its own.
    auto made = rasterise(points, lineWidth, xx, yy);
    if (made) {
        recentMasks.insert(recentMasks.begin(), made);
        if (recentMasks.size() > masksKept) {
            recentMasks.pop_back();
        }
    }
    return made;
}

std::optional<ShapeStamps> ShapeStamps::forTarget(cairo_t* cr, std::span<const Point> points,
                                                  double lineWidth, Ink ink) {
    if (points.empty()) {
        return std::nullopt;
    }
    auto target = RasterTarget::of(cr);
    if (!target) {
        return std::nullopt;
    }
    auto masks = masksFor(points, lineWidth, target->scaleX(), target->scaleY());
    if (!masks) {
        return std::nullopt;
    }
    ShapeStamps s(std::move(*target), ink == Ink::AsDrawn && lineWidth == 0);
    for (std::size_t i = 0; i < s.masks_.size(); ++i) {
        // pixman only reads a mask; its API takes the bits as writable all the same.
        auto* bits = const_cast<unsigned char*>(masks->bits.data() + masks->block() * i);
        s.masks_[i].reset(pixman_image_create_bits(PIXMAN_a8, masks->size, masks->size,
                                                   reinterpret_cast<std::uint32_t*>(bits), masks->stride));
        if (!s.masks_[i]) {
            return std::nullopt;
        }
    }
    s.shared_ = std::move(masks);
    return s;
}

namespace {

// `colour` as `cr`'s ink style has it for an area or a line, `alpha` opaque, as pixman's solid
// source: premultiplied, as its pixels are.
PixmanImage solidInk(cairo_t* cr, const Rgb& colour, double alpha, bool areaInk) {
    const Rgb c = inked(colour, inkStyleOf(cr), areaInk);
    const auto channel = [&](double v) { return static_cast<std::uint16_t>(std::lround(v * 257 * alpha)); };
    const pixman_color_t fill{channel(c.r), channel(c.g), channel(c.b), channel(255)};
    return PixmanImage(pixman_image_create_solid_fill(&fill));
}

} // namespace

void ShapeStamps::stamp(Point centre, const Rgb& colour, double alpha) {
    // Cells come grouped by colour: the inked colour's source is made when the colour changes.
    if (!solid_ || colour != solidColour_ || alpha != solidAlpha_) {
        solid_ = solidInk(target_.context(), colour, alpha, areaInk_);
        solidColour_ = colour;
        solidAlpha_ = alpha;
        if (!solid_) {
            return;
        }
    }
    int x = 0, y = 0, phase = 0;
    pixman_image_t* mask = maskAt(centre, x, y, phase);
    for (const MaskBox& box : shared_->boxes[static_cast<std::size_t>(phase)]) {
        target_.blend(solid_.get(), mask, x + box.x, y + box.y, box.width, box.height, box.x, box.y);
    }
}

pixman_image_t* ShapeStamps::maskAt(Point centre, int& x, int& y) const {
    int phase = 0;
    return maskAt(centre, x, y, phase);
}

pixman_image_t* ShapeStamps::maskAt(Point centre, int& x, int& y, int& phase) const {
    // The mask's corner lands on a whole pixel; the quarter-pixel rest picks the mask.
    const double middle = shared_->size / 2;
    const auto place = [](double at, int& whole, int& quarter) {
        const double floor = std::floor(at);
        quarter = static_cast<int>(std::lround((at - floor) * phases));
        whole = static_cast<int>(floor) + quarter / phases;
        quarter %= phases;
    };
    const Point device = target_.toDevice(centre);
    int px = 0, py = 0;
    place(device.x - middle, x, px);
    place(device.y - middle, y, py);
    phase = py * phases + px;
    return masks_[static_cast<std::size_t>(phase)].get();
}

std::optional<StampCoverage> StampCoverage::forTarget(cairo_t* cr) {
    auto target = RasterTarget::of(cr);
    if (!target) {
        return std::nullopt;
    }
    StampCoverage c(std::move(*target));
    const int width = c.target_.width(), height = c.target_.height();
    c.stride_ = (width + 3) / 4 * 4; // pixman's rows are whole words
    // Not cleared here: a tile is cleared when a stamp first touches it (a band's coverage cleared
    // whole for each kind of crown was a memset of megabytes that mostly stayed empty).
    c.bits_ = std::make_unique_for_overwrite<unsigned char[]>(static_cast<std::size_t>(c.stride_) *
                                                              static_cast<std::size_t>(height));
    c.coverage_.reset(pixman_image_create_bits(PIXMAN_a8, width, height,
                                               reinterpret_cast<std::uint32_t*>(c.bits_.get()), c.stride_));
    if (!c.coverage_) {
        return std::nullopt;
    }
    c.tilesAcross_ = (width + tile - 1) / tile;
    c.tilesDown_ = (height + tile - 1) / tile;
    c.touched_.assign(static_cast<std::size_t>(c.tilesAcross_) * static_cast<std::size_t>(c.tilesDown_), 0);
    return c;
}

PixelRect StampCoverage::tileAt(int tx, int ty) const {
    const int x = tx * tile, y = ty * tile;
    return {x, y, std::min(tile, target_.width() - x), std::min(tile, target_.height() - y)};
}

void StampCoverage::add(const ShapeStamps& shape, Point centre) {
    int x = 0, y = 0;
    pixman_image_t* mask = shape.maskAt(centre, x, y);
    const int size = shape.maskSize();
    const int x0 = std::max(x, 0), y0 = std::max(y, 0);
    const int x1 = std::min(x + size, target_.width()), y1 = std::min(y + size, target_.height());
    if (x1 <= x0 || y1 <= y0) {
        return;
    }
    for (int ty = y0 / tile; ty <= (y1 - 1) / tile; ++ty) {
        for (int tx = x0 / tile; tx <= (x1 - 1) / tile; ++tx) {
            unsigned char& was = touched_[static_cast<std::size_t>(ty * tilesAcross_ + tx)];
            if (was == 0) {
                was = 1;
                const PixelRect t = tileAt(tx, ty);
                for (int row = t.y; row < t.bottom(); ++row) {
                    std::fill_n(bits_.get() + static_cast<std::ptrdiff_t>(row) * stride_ + t.x, t.width, 0);
                }
            }
        }
    }
    // OVER on coverage alone: a + b - ab, the union's coverage where two shapes' edges cross.
    pixman_image_composite32(PIXMAN_OP_OVER, mask, nullptr, coverage_.get(), x0 - x, y0 - y, 0, 0, x0, y0,
                             x1 - x0, y1 - y0);
}

void StampCoverage::ink(const Rgb& colour, double alpha, bool areaInk) {
    const PixmanImage solid = solidInk(target_.context(), colour, alpha, areaInk);
    for (int ty = 0; ty < tilesDown_; ++ty) {
        for (int tx = 0; tx < tilesAcross_; ++tx) {
            unsigned char& was = touched_[static_cast<std::size_t>(ty * tilesAcross_ + tx)];
            if (was == 0) {
                continue;
            }
            was = 0;
            if (solid) {
                const PixelRect t = tileAt(tx, ty);
                target_.blendThrough(solid.get(), coverage_.get(), t.x, t.y, t.width, t.height);
            }
        }
    }
}

namespace {

// Pictures of symbols by scale, cell size, outline, ink, symbol and pattern, shared like the masks.
using PictureKey = std::tuple<double, double, double, bool, InkStyle, TerrainSymbol, unsigned>;
std::mutex picturesMutex;
std::map<PictureKey, std::shared_ptr<const SymbolStamps::Picture>> pictures;
constexpr std::size_t picturesKept = 4096; // all the patterns of every symbol at a few scales

std::shared_ptr<const SymbolStamps::Picture> drawPicture(cairo_t* like, double xx, double yy, double cellSize,
                                                         bool outlined, TerrainSymbol symbol,
                                                         const SymbolSite& site) {
    // A symbol keeps within its cell: half a cell each way, and room for its strokes.
    const double extent = cellSize * 0.5 * std::max(xx, yy);
    if (extent > 256) {
        return nullptr;
    }
    auto picture = std::make_shared<SymbolStamps::Picture>();
    picture->size = 2 * static_cast<int>(std::ceil(extent)) + 8;
    picture->pixels.assign(static_cast<std::size_t>(picture->size) * static_cast<std::size_t>(picture->size),
                           0);
    cairo_surface_t* surface = cairo_image_surface_create_for_data(
        reinterpret_cast<unsigned char*>(picture->pixels.data()), CAIRO_FORMAT_ARGB32, picture->size,
        picture->size, picture->size * 4);
    cairo_t* cr = cairo_create(surface);
    setInkStyle(cr, inkStyleOf(like));
    cairo_set_tolerance(cr, cairo_get_tolerance(like));
    cairo_set_line_join(cr, cairo_get_line_join(like));
    cairo_translate(cr, picture->size / 2, picture->size / 2);
    cairo_scale(cr, xx, yy);
    SymbolSite centred = site;
    centred.centre = {0, 0};
    drawTerrainSymbols(cr, symbol, {&centred, 1}, cellSize, outlined);
    const bool drawn = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    return drawn ? picture : nullptr;
}

} // namespace

std::optional<SymbolStamps> SymbolStamps::forTarget(cairo_t* cr, double cellSize, bool outlined) {
    auto target = RasterTarget::of(cr);
    if (!target) {
        return std::nullopt;
    }
    return SymbolStamps(std::move(*target), cellSize, outlined);
}

bool SymbolStamps::stamp(TerrainSymbol symbol, const SymbolSite& site) {
    const std::optional<unsigned> pattern = symbolPattern(symbol, site);
    if (!pattern) {
        return false;
    }
    auto held = held_.find({symbol, *pattern});
    if (held == held_.end()) {
        cairo_t* cr = target_.context();
        const PictureKey key{target_.scaleX(), target_.scaleY(), cellSize_, outlined_,
                             inkStyleOf(cr),   symbol,           *pattern};
        std::shared_ptr<const Picture> picture;
        {
            std::lock_guard lock(picturesMutex);
            if (auto it = pictures.find(key); it != pictures.end()) {
                picture = it->second;
            } else {
                picture =
                    drawPicture(cr, target_.scaleX(), target_.scaleY(), cellSize_, outlined_, symbol, site);
                if (pictures.size() >= picturesKept) {
                    pictures.clear();
                }
                pictures.emplace(key, picture); // a null one too: that pattern is drawn as paths
            }
        }
        PixmanImage image;
        if (picture) {
            // pixman only reads a source; its API takes the bits as writable all the same.
            image.reset(pixman_image_create_bits(PIXMAN_a8r8g8b8, picture->size, picture->size,
                                                 const_cast<std::uint32_t*>(picture->pixels.data()),
                                                 picture->size * 4));
        }
        held = held_.emplace(std::pair{symbol, *pattern}, Held{std::move(picture), std::move(image)}).first;
    }
    if (!held->second.image) {
        return false;
    }
    const int size = held->second.picture->size;
    const Point device = target_.toDevice(site.centre);
    target_.blend(held->second.image.get(), nullptr, static_cast<int>(std::lround(device.x)) - size / 2,
                  static_cast<int>(std::lround(device.y)) - size / 2, size, size);
    return true;
}

} // namespace sandtable
