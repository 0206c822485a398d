#pragma once
// The seam between render/'s Cairo painting and a wx window on every port: the map is drawn with
// Cairo into an image of the window's size, and the image is shown as a bitmap. wxGTK's graphics
// context happens to be Cairo, but wxMSW's is Direct2D or GDI+, so casting its native context to a
// cairo_t holds only on GTK; through this buffer Windows shows exactly the pixels Linux shows.
#include <wx/bitmap.h>

class wxImage;

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

class CairoBitmap {
  public:
    CairoBitmap() = default;
    ~CairoBitmap();
    CairoBitmap(const CairoBitmap&) = delete;
    CairoBitmap& operator=(const CairoBitmap&) = delete;

    // A Cairo context on an opaque image of `width` x `height` pixels filled with `background`
    // (0xRRGGBB); the image is kept from one paint to the next while its size does not change.
    // Destroy the context (cairo_destroy) before asking for the bitmap.
    cairo_t* begin(int width, int height, unsigned background);
    // The image of `width` x `height` pixels as it was left (kept while its size does not change),
    // for a painter that clears it itself (render/view_bands).
    cairo_surface_t* image(int width, int height);
    // What was drawn, as a bitmap for any wxDC.
    wxBitmap bitmap();
    // The bitmap bitmap() gave last, if it is of that size: a repaint of what lies over it alone.
    const wxBitmap* kept(int width, int height) const;

  private:
    cairo_surface_t* surface_ = nullptr;
    wxBitmap bitmap_;
};

// A picture wx read (any format it reads) as the surface the painter draws: premultiplied ARGB,
// its alpha the image's own times `opacity`. Null when Cairo cannot make it; the caller destroys it.
cairo_surface_t* surfaceOfImage(const wxImage& image, double opacity);

} // namespace sandtable
