#include "cell_stamps.hpp"

#include "colours.hpp"

#include <cairo.h>
#include <pixman.h>

#include <algorithm>
#include <cmath>
#include <mutex>

namespace sandtable {

void CellStamps::Release::operator()(pixman_image_t* image) const {
    pixman_image_unref(image);
}

CellStamps::CellStamps(CellStamps&&) noexcept = default;
CellStamps& CellStamps::operator=(CellStamps&&) noexcept = default;
CellStamps::~CellStamps() = default;

namespace {

// Rasterised once for a cell shape and scale, then shared by every band of a view or picture and by
// the frames that follow at the same zoom: a few recent ones are kept.
std::mutex masksMutex;
std::vector<std::shared_ptr<const CellStamps::Masks>> recentMasks;
constexpr std::size_t masksKept = 4;

std::shared_ptr<const CellStamps::Masks> rasterise(std::span<const Point> corners, double xx, double yy) {
    double extent = 0;
    for (const Point& p : corners) {
        extent = std::max({extent, std::abs(p.x * xx), std::abs(p.y * yy)});
    }
    if (extent > 512) { // a cell larger than this is few on any view: paths are as quick
        return nullptr;
    }
    auto m = std::make_shared<CellStamps::Masks>();
    m->corners.assign(corners.begin(), corners.end());
    m->xx = xx;
    m->yy = yy;
    // Room for the polygon at any quarter-pixel position, and a pixel of antialiasing each side.
    m->size = 2 * static_cast<int>(std::ceil(extent)) + 4;
    m->stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, m->size);
    m->bits.assign(m->block() * CellStamps::phases * CellStamps::phases, 0);
    const double middle = m->size / 2;
    for (int py = 0; py < CellStamps::phases; ++py) {
        for (int px = 0; px < CellStamps::phases; ++px) {
            unsigned char* bits =
                m->bits.data() + m->block() * static_cast<std::size_t>(py * CellStamps::phases + px);
            cairo_surface_t* mask =
                cairo_image_surface_create_for_data(bits, CAIRO_FORMAT_A8, m->size, m->size, m->stride);
            cairo_t* m8 = cairo_create(mask);
            cairo_translate(m8, middle + static_cast<double>(px) / CellStamps::phases,
                            middle + static_cast<double>(py) / CellStamps::phases);
            cairo_scale(m8, xx, yy);
            for (std::size_t i = 0; i < corners.size(); ++i) {
                (i == 0 ? cairo_move_to : cairo_line_to)(m8, corners[i].x, corners[i].y);
            }
            cairo_close_path(m8);
            cairo_fill(m8);
            const bool drawn = cairo_status(m8) == CAIRO_STATUS_SUCCESS;
            cairo_destroy(m8);
            cairo_surface_flush(mask);
            cairo_surface_destroy(mask);
            if (!drawn) {
                return nullptr;
            }
        }
    }
    return m;
}

} // namespace

std::shared_ptr<const CellStamps::Masks> CellStamps::masksFor(std::span<const Point> corners, double xx,
                                                              double yy) {
    std::lock_guard lock(masksMutex);
    const auto same = std::ranges::find_if(recentMasks, [&](const auto& m) {
        return m->xx == xx && m->yy == yy && std::ranges::equal(m->corners, corners);
    });
    if (same != recentMasks.end()) {
        return *same;
    }
    // Made under the lock: the bands of a first frame wait a fraction of a millisecond for one
    // set rather than each making its own.
    auto made = rasterise(corners, xx, yy);
    if (made) {
        recentMasks.insert(recentMasks.begin(), made);
        if (recentMasks.size() > masksKept) {
            recentMasks.pop_back();
        }
    }
    return made;
}

std::optional<CellStamps> CellStamps::forTarget(cairo_t* cr, std::span<const Point> cornersFromCentre) {
    cairo_surface_t* target = cairo_get_target(cr);
    if (cornersFromCentre.empty() || cairo_get_group_target(cr) != target ||
        cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE) {
        return std::nullopt;
    }
    const cairo_format_t format = cairo_image_surface_get_format(target);
    if (format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32) {
        return std::nullopt;
    }
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    double offsetX = 0, offsetY = 0;
    cairo_surface_get_device_offset(target, &offsetX, &offsetY);
    if (m.xy != 0 || m.yx != 0 || m.xx <= 0 || m.yy <= 0 || cairo_get_operator(cr) != CAIRO_OPERATOR_OVER) {
        return std::nullopt;
    }
    CellStamps s;
    s.cr_ = cr;
    s.xx_ = m.xx;
    s.yy_ = m.yy;
    s.x0_ = m.x0 + offsetX;
    s.y0_ = m.y0 + offsetY;
    s.width_ = cairo_image_surface_get_width(target);
    s.height_ = cairo_image_surface_get_height(target);
    // A clip smaller than the surface would have to be honoured stamp by stamp: fill paths instead.
    const auto near = [](double a, double b) { return std::abs(a - b) < 1e-6; };
    if (cairo_rectangle_list_t* list = cairo_copy_clip_rectangle_list(cr); list != nullptr) {
        const bool whole = list->status == CAIRO_STATUS_SUCCESS && list->num_rectangles == 1 &&
                           near(list->rectangles[0].x * s.xx_ + s.x0_, 0) &&
                           near(list->rectangles[0].y * s.yy_ + s.y0_, 0) &&
                           near(list->rectangles[0].width * s.xx_, s.width_) &&
                           near(list->rectangles[0].height * s.yy_, s.height_);
        cairo_rectangle_list_destroy(list);
        if (!whole) {
            return std::nullopt;
        }
    }
    const std::shared_ptr<const Masks> masks = masksFor(cornersFromCentre, s.xx_, s.yy_);
    if (!masks) {
        return std::nullopt;
    }
    s.maskSize_ = masks->size;
    s.reach_ = masks->size;
    for (std::size_t i = 0; i < s.masks_.size(); ++i) {
        // pixman only reads a mask; its API takes the bits as writable all the same.
        auto* bits = const_cast<unsigned char*>(masks->bits.data() + masks->block() * i);
        s.masks_[i].reset(pixman_image_create_bits(PIXMAN_a8, masks->size, masks->size,
                                                   reinterpret_cast<std::uint32_t*>(bits), masks->stride));
        if (!s.masks_[i]) {
            return std::nullopt;
        }
    }
    s.shared_ = masks;
    cairo_surface_flush(target); // what Cairo drew before is in the pixels
    s.target_.reset(pixman_image_create_bits(
        format == CAIRO_FORMAT_RGB24 ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8, s.width_, s.height_,
        reinterpret_cast<std::uint32_t*>(cairo_image_surface_get_data(target)),
        cairo_image_surface_get_stride(target)));
    if (!s.target_) {
        return std::nullopt;
    }
    return s;
}

void CellStamps::stamp(Point centre, const Rgb& colour) {
    const Rgb c = inked(colour, inkStyleOf(cr_), true);
    const std::uint32_t packed = 0xff000000u | static_cast<std::uint32_t>(c.r) << 16 |
                                 static_cast<std::uint32_t>(c.g) << 8 | static_cast<std::uint32_t>(c.b);
    if (!solid_ || packed != solidColour_) {
        const pixman_color_t fill{static_cast<std::uint16_t>(c.r * 257),
                                  static_cast<std::uint16_t>(c.g * 257),
                                  static_cast<std::uint16_t>(c.b * 257), 0xffff};
        solid_.reset(pixman_image_create_solid_fill(&fill));
        solidColour_ = packed;
    }
    // The mask's corner lands on a whole pixel; the quarter-pixel rest picks the mask.
    const double middle = maskSize_ / 2;
    const auto place = [](double at, int& whole, int& phase) {
        const double floor = std::floor(at);
        phase = static_cast<int>(std::lround((at - floor) * phases));
        whole = static_cast<int>(floor) + phase / phases;
        phase %= phases;
    };
    int x = 0, y = 0, px = 0, py = 0;
    place(centre.x * xx_ + x0_ - middle, x, px);
    place(centre.y * yy_ + y0_ - middle, y, py);
    if (x >= width_ || y >= height_ || x + maskSize_ <= 0 || y + maskSize_ <= 0 || !solid_) {
        return;
    }
    pixman_image_composite32(PIXMAN_OP_OVER, solid_.get(),
                             masks_[static_cast<std::size_t>(py * phases + px)].get(), target_.get(), 0, 0, 0,
                             0, x, y, maskSize_, maskSize_);
}

} // namespace sandtable
