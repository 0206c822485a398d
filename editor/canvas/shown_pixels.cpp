#include "editor/canvas/shown_pixels.hpp"

#include <wx/window.h>

#ifdef __WXGTK3__
#include <gdk/gdk.h>
#ifdef GDK_WINDOWING_X11
#include <cairo-xlib.h>
#include <gdk/gdkx.h>
#define SANDTABLE_SHOWN_PIXELS_X11
#endif
#endif
#ifdef __WXMSW__
#include <wx/msw/wrapwin.h>
#endif

#include <algorithm>
#include <cstdlib>

namespace sandtable {

// On X11: the X window that holds the canvas's (GTK 3 draws a widget's own window in its nearest
// native ancestor), and a context for the server's copies in it. A copy whose source was not on the
// screen makes the server send GraphicsExpose, which GDK would drop: the filter asks for a repaint.
struct ShownPixels::Native {
#ifdef SANDTABLE_SHOWN_PIXELS_X11
    GdkWindow* holder = nullptr; // native
    GC gc = nullptr;
    Display* display = nullptr;
    wxWindow* window = nullptr;

    static GdkFilterReturn filter(GdkXEvent* event, GdkEvent*, gpointer data) {
        const auto* xevent = static_cast<const XEvent*>(event);
        const auto* self = static_cast<const Native*>(data);
        if (xevent->type == NoExpose && xevent->xnoexpose.drawable == GDK_WINDOW_XID(self->holder)) {
            return GDK_FILTER_REMOVE;
        }
        if (xevent->type == GraphicsExpose &&
            xevent->xgraphicsexpose.drawable == GDK_WINDOW_XID(self->holder)) {
            self->window->Refresh(false); // pixels the copy could not bring: all of it again
            return GDK_FILTER_REMOVE;
        }
        return GDK_FILTER_CONTINUE;
    }
    ~Native() {
        if (gc != nullptr) {
            XFreeGC(display, gc);
        }
        if (holder != nullptr) {
            gdk_window_remove_filter(holder, &Native::filter, this);
            g_object_unref(holder);
        }
    }
#endif
};

#ifdef SANDTABLE_SHOWN_PIXELS_X11

namespace {

GdkWindow* nativeHolder(GdkWindow* window) {
    while (window != nullptr && !gdk_window_has_native(window)) {
        window = gdk_window_get_parent(window);
    }
    return window;
}

} // namespace

bool ShownPixels::move(int dx, int dy) {
    GdkWindow* drawing = window_.GTKGetDrawingWindow();
    if (drawing == nullptr || !GDK_IS_X11_WINDOW(drawing) || !gdk_window_is_viewable(drawing)) {
        return false;
    }
    GdkWindow* holder = nativeHolder(drawing);
    if (holder == nullptr) {
        return false;
    }
    if (!native_ || native_->holder != holder) {
        native_ = std::make_unique<Native>();
        native_->holder = GDK_WINDOW(g_object_ref(holder));
        native_->display = GDK_WINDOW_XDISPLAY(holder);
        native_->window = &window_;
        XGCValues values{};
        values.graphics_exposures = True;
        native_->gc = XCreateGC(native_->display, GDK_WINDOW_XID(holder), GCGraphicsExposures, &values);
        gdk_window_add_filter(holder, &Native::filter, native_.get());
    }
    // Where the canvas lies in its holder, and the display's pixels per the window's.
    int drawingX = 0, drawingY = 0, holderX = 0, holderY = 0;
    gdk_window_get_origin(drawing, &drawingX, &drawingY);
    gdk_window_get_origin(holder, &holderX, &holderY);
    const int scale = gdk_window_get_scale_factor(drawing);
    const int width = gdk_window_get_width(drawing), height = gdk_window_get_height(drawing);
    if (std::abs(dx) >= width || std::abs(dy) >= height) {
        return false;
    }
    const int left = drawingX - holderX, top = drawingY - holderY;
    XCopyArea(native_->display, GDK_WINDOW_XID(holder), GDK_WINDOW_XID(holder), native_->gc,
              scale * (left + std::max(-dx, 0)), scale * (top + std::max(-dy, 0)),
              static_cast<unsigned>(scale * (width - std::abs(dx))),
              static_cast<unsigned>(scale * (height - std::abs(dy))), scale * (left + std::max(dx, 0)),
              scale * (top + std::max(dy, 0)));
    return true;
}

bool ShownPixels::canShowStraight() const {
    GdkWindow* drawing = window_.GTKGetDrawingWindow();
    return drawing != nullptr && GDK_IS_X11_WINDOW(drawing) && gdk_window_is_viewable(drawing) &&
           nativeHolder(drawing) != nullptr;
}

cairo_t* ShownPixels::beginStraight() {
    GdkWindow* drawing = window_.GTKGetDrawingWindow();
    if (drawing == nullptr || !GDK_IS_X11_WINDOW(drawing) || !gdk_window_is_viewable(drawing)) {
        return nullptr;
    }
    GdkWindow* holder = nativeHolder(drawing);
    if (holder == nullptr) {
        return nullptr;
    }
    int drawingX = 0, drawingY = 0, holderX = 0, holderY = 0;
    gdk_window_get_origin(drawing, &drawingX, &drawingY);
    gdk_window_get_origin(holder, &holderX, &holderY);
    const int scale = gdk_window_get_scale_factor(holder);
    // The holder's pixels, the window's children left out (the X server's default), in the
    // window's own units.
    cairo_surface_t* surface = cairo_xlib_surface_create(
        GDK_WINDOW_XDISPLAY(holder), GDK_WINDOW_XID(holder),
        gdk_x11_visual_get_xvisual(gdk_window_get_visual(holder)), scale * gdk_window_get_width(holder),
        scale * gdk_window_get_height(holder));
    cairo_surface_set_device_scale(surface, scale, scale);
    cairo_t* cr = cairo_create(surface);
    cairo_surface_destroy(surface); // the context holds it
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        cairo_destroy(cr);
        return nullptr;
    }
    cairo_translate(cr, drawingX - holderX, drawingY - holderY);
    cairo_rectangle(cr, 0, 0, gdk_window_get_width(drawing), gdk_window_get_height(drawing));
    cairo_clip(cr);
    return cr;
}

void ShownPixels::endStraight(cairo_t* cr) {
    cairo_surface_t* surface = cairo_get_target(cr);
    cairo_surface_flush(surface);
    Display* display = cairo_xlib_surface_get_display(surface);
    cairo_destroy(cr);
    XFlush(display); // on its way now, not when GTK next talks to the server
}

cairo_surface_t* ShownPixels::sharedImage(int width, int height) {
    GdkWindow* drawing = window_.GTKGetDrawingWindow();
    GdkWindow* holder = drawing != nullptr && GDK_IS_X11_WINDOW(drawing) ? nativeHolder(drawing) : nullptr;
    if (holder == nullptr) {
        return nullptr;
    }
    // Cairo makes an image in shared memory for a surface on the display (its size plays no part),
    // and later puts it on the window with XShmPutImage, without copying it first. The holder's X
    // window, not the canvas's: asking GDK for a window's XID makes it native, and GTK 3.24 clips
    // no paint of a native child window to what was asked (the pans' strips would be all of it).
    cairo_surface_t* like =
        cairo_xlib_surface_create(GDK_WINDOW_XDISPLAY(holder), GDK_WINDOW_XID(holder),
                                  gdk_x11_visual_get_xvisual(gdk_window_get_visual(holder)), 1, 1);
    cairo_surface_t* image = cairo_surface_create_similar_image(like, CAIRO_FORMAT_RGB24, width, height);
    cairo_surface_destroy(like);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_get_type(image) != CAIRO_SURFACE_TYPE_IMAGE) {
        cairo_surface_destroy(image);
        return nullptr;
    }
    return image;
}

void ShownPixels::waitForTheDisplay() const {
    if (GdkWindow* drawing = window_.GTKGetDrawingWindow();
        drawing != nullptr && GDK_IS_X11_WINDOW(drawing)) {
        XSync(GDK_WINDOW_XDISPLAY(drawing), False);
    }
}

#elifdef __WXMSW__
bool ShownPixels::move(int dx, int dy) {
    const wxSize size = window_.GetClientSize();
    if (std::abs(dx) >= size.x || std::abs(dy) >= size.y) {
        return false;
    }
    window_.ScrollWindow(dx, dy); // ScrollWindowEx: what came into view is invalidated
    return true;
}

void ShownPixels::waitForTheDisplay() const {
    ::GdiFlush();
}

bool ShownPixels::canShowStraight() const {
    return false; // the canvas's buffered paint DC is the paint's one buffer
}

cairo_t* ShownPixels::beginStraight() {
    return nullptr;
}

void ShownPixels::endStraight(cairo_t*) {}

cairo_surface_t* ShownPixels::sharedImage(int, int) {
    return nullptr; // its rows go to GDI as they are (CairoBitmap::present)
}
#else
bool ShownPixels::move(int, int) {
    return false;
}

void ShownPixels::waitForTheDisplay() const {}

bool ShownPixels::canShowStraight() const {
    return false;
}

cairo_t* ShownPixels::beginStraight() {
    return nullptr;
}

void ShownPixels::endStraight(cairo_t*) {}

cairo_surface_t* ShownPixels::sharedImage(int, int) {
    return nullptr;
}

#endif

ShownPixels::ShownPixels(wxWindow& window) : window_(window) {}

ShownPixels::~ShownPixels() = default;

} // namespace sandtable
