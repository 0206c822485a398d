#pragma once
// The seam between render/'s Cairo painting and a wx window on every port: the map is drawn with
// Cairo into an image of the window's size, and the image is shown on the window's DC. Where the DC
// draws with Cairo (wxGTK), the image goes to it in one Cairo paint; on wxMSW, whose canvas DC is
// GDI's, its rows go to the DC's HDC as they are (Cairo's RGB24 is a 32-bit top-down DIB's layout);
// elsewhere (a printer's DC, one that scales) as a bitmap. Either way the window shows exactly the
// image's pixels, so Windows shows what Linux shows. The bitmap costs a pass over every pixel to
// make it and, on wxGTK, another to draw it: 15 ms a frame at 1920 x 1080 and 56 at 3840 x 2160,
// against 1 and 4 ms for the Cairo paint (sandtable-bench-window's showTheImage, on 2 cores).
#include "render/pixel_rect.hpp"

#include <wx/bitmap.h>
#include <wx/gdicmn.h>

#include <functional>
#include <vector>

class wxDC;
class wxImage;
class wxRegion;

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

class CairoBitmap {
  public:
    CairoBitmap() = default;
    ~CairoBitmap();
    CairoBitmap(const CairoBitmap&) = delete;
    CairoBitmap& operator=(const CairoBitmap&) = delete;

    // Where the images come from: a maker that may give an RGB24 image of that size (in memory the
    // display shares: ShownPixels::sharedImage), else one of render/view_image's. Either is made with
    // room to grow by a quarter each way (roomFor), and the image drawn is its top left part: a
    // window's edge dragged makes no new image. A new shared image cost the display's memory pool a
    // fresh mapping that Cairo clears: at 3840 x 2160 124 ms and 8,200 page faults in the frame.
    using ImageMaker = std::function<cairo_surface_t*(int width, int height)>;
    void makeImagesWith(ImageMaker maker) { maker_ = std::move(maker); }

    // A Cairo context on an opaque image of `width` x `height` pixels filled with `background`
    // (0xRRGGBB); the image is kept from one paint to the next while its size does not change.
    // Destroy the context (cairo_destroy) before presenting the image or asking for the bitmap.
    cairo_t* begin(int width, int height, unsigned background);
    // The image of `width` x `height` pixels as it was left (kept while its size does not change),
    // for a painter that clears it itself (render/view_bands). The display is done reading it: it
    // can be drawn on.
    cairo_surface_t* image(int width, int height);
    // What was drawn, as a bitmap for any wxDC (a printer's, whose scale the bitmap follows): made
    // once for each drawing, however often it is asked for.
    wxBitmap bitmap();
    // Shows what was drawn on `dc` with its top left at (x, y): through the DC's own Cairo context
    // where it has one, else as the bitmap.
    void present(wxDC& dc, int x = 0, int y = 0);
    // Shows it on a Cairo context, its top left at the context's origin.
    void present(cairo_t* cr);
    // Shows `rows` of it alone while other rows of it are still being drawn, by whoever drew them
    // marked dirty: the image is not flushed (on X11 that waits for the display to be done with
    // the rows shown before).
    void presentRows(cairo_t* cr, PixelRect rows);
    // Whether `dc` draws with Cairo, so that present paints the image straight on it.
    static bool drawsWithCairo(const wxDC& dc);
    // The rectangles a paint on `dc` shows: its Cairo clip's where it draws with Cairo (wxGTK makes
    // a paint's update region the clip's bounding box alone, so two strips along two sides would be
    // the whole window), else those of `updateRegion` (on wxMSW, the clip itself).
    static std::vector<wxRect> paintedRects(wxDC& dc, const wxRegion& updateRegion);
    // Whether an image of that size was drawn and can be shown again as it is: a repaint of what
    // lies over it alone.
    bool holds(int width, int height) const;
    // Whether the image at `width` x `height` (image()) will hold what was last drawn where it lay,
    // in the part the two sizes share: the maker's image has room for it, and the part drawn is its
    // top left, rows and all. Not over images of our own, whose rows are their own width (GDI).
    bool keepsTheDrawingAt(int width, int height) const;

  private:
    // What is shown: the maker's image with room (the part drawn clipped out of it), else the image.
    cairo_surface_t* shown() const { return room_ != nullptr ? room_ : surface_; }
    // Marks the part of the maker's image drawn through `surface_` as changed (Cairo keeps no copy
    // of it as it was).
    void markShownDirty(PixelRect part);

    ImageMaker maker_;
    cairo_surface_t* room_ = nullptr;    // the maker's image, when it gave one
    cairo_surface_t* surface_ = nullptr; // the image drawn on: the top left of room_'s, or its own
    wxBitmap bitmap_;
    bool bitmapCurrent_ = false; // bitmap_ shows what the image holds now
};

// A picture wx read (any format it reads) as the surface the painter draws: premultiplied ARGB,
// its alpha the image's own times `opacity`. Null when Cairo cannot make it; the caller destroys it.
cairo_surface_t* surfaceOfImage(const wxImage& image, double opacity);

} // namespace sandtable
