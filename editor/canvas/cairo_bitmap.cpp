#include "editor/canvas/cairo_bitmap.hpp"

#include "render/view_image.hpp"

#include <cairo.h>
#include <wx/dc.h>
#include <wx/graphics.h>
#include <wx/image.h>
#include <wx/rawbmp.h>
#include <wx/region.h>
#ifdef __WXMSW__
#include <wx/msw/wrapwin.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

namespace sandtable {
namespace {

#ifdef __WXMSW__
// On wxMSW, where the DC is GDI's and a logical pixel is a device pixel (the canvas's buffered paint
// DC): the image's rows go to the device as they are, no bitmap made and no pass over the pixels.
// Cairo's RGB24 pixel is a native 32-bit 0x00RRGGBB, in memory B, G, R and an unused byte, its rows
// 4 x width bytes apart: a 32-bit top-down device-independent bitmap's own layout. False where the DC
// has no HDC of its own or scales (a printer's): the bitmap follows its scale.
bool presentThroughGdi(wxDC& dc, cairo_surface_t* surface, int x, int y) {
    const WXHDC hdc = dc.GetHDC();
    double userX = 1, userY = 1, logicalX = 1, logicalY = 1;
    dc.GetUserScale(&userX, &userY);
    dc.GetLogicalScale(&logicalX, &logicalY);
    const int width = cairo_image_surface_get_width(surface),
              height = cairo_image_surface_get_height(surface);
    if (hdc == nullptr || userX != 1 || userY != 1 || logicalX != 1 || logicalY != 1 ||
        cairo_image_surface_get_stride(surface) != width * 4) {
        return false;
    }
    BITMAPINFO info{};
    info.bmiHeader.biSize = sizeof(BITMAPINFOHEADER);
    info.bmiHeader.biWidth = width;
    info.bmiHeader.biHeight = -height; // negative: the first row is the top one, as Cairo's
    info.bmiHeader.biPlanes = 1;
    info.bmiHeader.biBitCount = 32;
    info.bmiHeader.biCompression = BI_RGB;
    cairo_surface_flush(surface);
    return ::StretchDIBits(static_cast<HDC>(hdc), dc.LogicalToDeviceX(x), dc.LogicalToDeviceY(y), width,
                           height, 0, 0, width, height, cairo_image_surface_get_data(surface), &info,
                           DIB_RGB_COLORS, SRCCOPY) == height;
}
#endif

// The key of the image a part of it holds (its address is the key).
const cairo_user_data_key_t wholeKey{};

// The top left `width` x `height` of `whole`, drawn on as an image of its own: its rows are whole's,
// and it holds whole while it lives. Null where whole is smaller, or Cairo cannot make it.
cairo_surface_t* topLeftOf(cairo_surface_t* whole, int width, int height) {
    if (cairo_surface_status(whole) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_get_type(whole) != CAIRO_SURFACE_TYPE_IMAGE ||
        width > cairo_image_surface_get_width(whole) || height > cairo_image_surface_get_height(whole)) {
        return nullptr;
    }
    cairo_surface_t* part = cairo_image_surface_create_for_data(
        cairo_image_surface_get_data(whole), cairo_image_surface_get_format(whole), width, height,
        cairo_image_surface_get_stride(whole));
    if (cairo_surface_status(part) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_set_user_data(part, &wholeKey, cairo_surface_reference(whole), [](void* held) {
            cairo_surface_destroy(static_cast<cairo_surface_t*>(held));
        }) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(part); // a failed set_user_data did not take the reference: nor the part
        return nullptr;
    }
    return part;
}

bool roomFits(cairo_surface_t* room, int width, int height) {
    return room != nullptr && width <= cairo_image_surface_get_width(room) &&
           height <= cairo_image_surface_get_height(room);
}

} // namespace

CairoBitmap::~CairoBitmap() {
    if (surface_ != nullptr) {
        cairo_surface_destroy(surface_);
    }
    if (room_ != nullptr) {
        cairo_surface_destroy(room_);
    }
}

cairo_t* CairoBitmap::begin(int width, int height, unsigned background) {
    cairo_t* cr = cairo_create(image(width, height));
    cairo_set_source_rgb(cr, ((background >> 16) & 0xFF) / 255.0, ((background >> 8) & 0xFF) / 255.0,
                         (background & 0xFF) / 255.0);
    cairo_paint(cr);
    return cr;
}

cairo_surface_t* CairoBitmap::image(int width, int height) {
    width = std::max(width, 1);
    height = std::max(height, 1);
    if (!holds(width, height)) {
        if (room_ != nullptr && !roomFits(room_, width, height)) {
            // Both let go of (the part drawn on holds the room too) before a new one is asked for.
            cairo_surface_destroy(std::exchange(surface_, nullptr));
            cairo_surface_destroy(std::exchange(room_, nullptr));
        }
        if (room_ == nullptr && maker_) {
            room_ = maker_(roomFor(width), roomFor(height));
        }
        if (cairo_surface_t* part = room_ != nullptr ? topLeftOf(room_, width, height) : nullptr) {
            cairo_surface_destroy(std::exchange(surface_, part));
        } else {
            // No shared image: one of our own, over the last one's memory where it has room.
            cairo_surface_destroy(std::exchange(room_, nullptr));
            surface_ = viewImageInPlaceOf(surface_, CAIRO_FORMAT_RGB24, width, height);
        }
        bitmap_ = wxBitmap(); // made at the size of the image when a DC without Cairo asks for it
    }
    bitmapCurrent_ = false; // the caller draws on the image
    // A shared image the display is still reading from (the last paint's put): waits until it is
    // done.
    cairo_surface_flush(shown());
    return surface_;
}

void CairoBitmap::markShownDirty(PixelRect part) {
    if (room_ != nullptr) {
        cairo_surface_mark_dirty_rectangle(room_, part.x, part.y, part.width, part.height);
    }
}

bool CairoBitmap::holds(int width, int height) const {
    return surface_ != nullptr && cairo_image_surface_get_width(surface_) == width &&
           cairo_image_surface_get_height(surface_) == height;
}

bool CairoBitmap::keepsTheDrawingAt(int width, int height) const {
    return surface_ != nullptr && room_ != nullptr &&
           roomFits(room_, std::max(width, 1), std::max(height, 1));
}

bool CairoBitmap::drawsWithCairo(const wxDC& dc) {
    const wxGraphicsContext* gc = dc.GetGraphicsContext();
    const wxGraphicsRenderer* cairo = wxGraphicsRenderer::GetCairoRenderer();
    return gc != nullptr && cairo != nullptr && gc->GetRenderer() == cairo;
}

std::vector<wxRect> CairoBitmap::paintedRects(wxDC& dc, const wxRegion& updateRegion) {
    std::vector<wxRect> rects;
    if (drawsWithCairo(dc)) {
        auto* cr = static_cast<cairo_t*>(dc.GetGraphicsContext()->GetNativeContext());
        cairo_rectangle_list_t* clip = cairo_copy_clip_rectangle_list(cr);
        if (clip->status == CAIRO_STATUS_SUCCESS) {
            for (int i = 0; i < clip->num_rectangles; ++i) {
                const cairo_rectangle_t& r = clip->rectangles[i];
                // Whole pixels out (a clip of a paint is of whole pixels already).
                const int x0 = static_cast<int>(std::floor(r.x)), y0 = static_cast<int>(std::floor(r.y));
                const int x1 = static_cast<int>(std::ceil(r.x + r.width)),
                          y1 = static_cast<int>(std::ceil(r.y + r.height));
                rects.emplace_back(x0, y0, x1 - x0, y1 - y0);
            }
            cairo_rectangle_list_destroy(clip);
            return rects;
        }
        cairo_rectangle_list_destroy(clip); // no clip, or not of rectangles: the region's
    }
    for (wxRegionIterator it(updateRegion); it; ++it) {
        rects.push_back(it.GetRect());
    }
    return rects;
}

void CairoBitmap::present(wxDC& dc, int x, int y) {
    if (surface_ == nullptr) {
        return;
    }
    if (drawsWithCairo(dc)) {
        // In the DC's own user space, as DrawBitmap would place the bitmap.
        auto* cr = static_cast<cairo_t*>(dc.GetGraphicsContext()->GetNativeContext());
        cairo_save(cr);
        cairo_translate(cr, x, y);
        present(cr);
        cairo_restore(cr);
        return;
    }
#ifdef __WXMSW__
    if (presentThroughGdi(dc, surface_, x, y)) {
        return;
    }
#endif
    dc.DrawBitmap(bitmap(), x, y);
}

void CairoBitmap::present(cairo_t* cr) {
    if (surface_ == nullptr) {
        return;
    }
    cairo_surface_flush(surface_);
    const PixelRect all{0, 0, cairo_image_surface_get_width(surface_),
                        cairo_image_surface_get_height(surface_)};
    markShownDirty(all);
    cairo_save(cr);
    cairo_set_source_surface(cr, shown(), 0, 0);
    cairo_rectangle(cr, all.x, all.y, all.width, all.height);
    cairo_fill(cr);
    cairo_restore(cr);
}

void CairoBitmap::presentRows(cairo_t* cr, PixelRect rows) {
    if (surface_ == nullptr) {
        return;
    }
    markShownDirty(rows);
    cairo_save(cr);
    cairo_set_source_surface(cr, shown(), 0, 0);
    cairo_rectangle(cr, rows.x, rows.y, rows.width, rows.height);
    cairo_fill(cr);
    cairo_restore(cr);
}

wxBitmap CairoBitmap::bitmap() {
    if (surface_ == nullptr) {
        return wxBitmap();
    }
    if (bitmapCurrent_) {
        return bitmap_; // nothing drawn since it was made
    }
    const int width = cairo_image_surface_get_width(surface_),
              height = cairo_image_surface_get_height(surface_);
    if (!bitmap_.IsOk() || bitmap_.GetWidth() != width || bitmap_.GetHeight() != height) {
        bitmap_ = wxBitmap(width, height, 24);
    }
    if (!bitmap_.IsOk()) {
        return wxBitmap();
    }
    cairo_surface_flush(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    const unsigned char* rows = cairo_image_surface_get_data(surface_);
    wxNativePixelData data(bitmap_);
    if (!data) {
        return wxBitmap();
    }
    wxNativePixelData::Iterator row(data);
    for (int y = 0; y < height; ++y) {
        wxNativePixelData::Iterator p = row;
        // Cairo's RGB24 keeps a pixel in a native 32-bit word, 0x00RRGGBB.
        const auto* pixels =
            reinterpret_cast<const std::uint32_t*>(rows + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < width; ++x, ++p) {
            const std::uint32_t v = pixels[x];
            p.Red() = static_cast<unsigned char>(v >> 16);
            p.Green() = static_cast<unsigned char>(v >> 8);
            p.Blue() = static_cast<unsigned char>(v);
        }
        row.OffsetY(data, 1);
    }
    bitmapCurrent_ = true;
    return bitmap_;
}

cairo_surface_t* surfaceOfImage(const wxImage& image, double opacity) {
    opacity = std::clamp(opacity, 0.0, 1.0);
    const int w = image.GetWidth(), h = image.GetHeight();
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return nullptr;
    }
    cairo_surface_flush(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char* rgb = image.GetData();
    const unsigned char* alpha = image.HasAlpha() ? image.GetAlpha() : nullptr;
    for (int y = 0; y < h; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * w + x;
            const double a = opacity * (alpha != nullptr ? alpha[i] / 255.0 : 1.0);
            auto channel = [a](unsigned char v) { return static_cast<std::uint32_t>(v * a + 0.5); };
            row[x] = (static_cast<std::uint32_t>(a * 255 + 0.5) << 24) | (channel(rgb[3 * i]) << 16) |
                     (channel(rgb[3 * i + 1]) << 8) | channel(rgb[3 * i + 2]);
        }
    }
    cairo_surface_mark_dirty(surface);
    return surface;
}

} // namespace sandtable
