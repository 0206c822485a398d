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
#include <optional>

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

// Where a window shown on X11 lies: its own GDK window (GTK 3 draws it in its nearest native
// ancestor), that holder, and the window's place in it.
struct OnX11 {
    GdkWindow* drawing = nullptr;
    GdkWindow* holder = nullptr;
    int left = 0, top = 0;
};

std::optional<OnX11> onX11(const wxWindow& window) {
    OnX11 at;
    at.drawing = window.GTKGetDrawingWindow();
    if (at.drawing == nullptr || !GDK_IS_X11_WINDOW(at.drawing) || !gdk_window_is_viewable(at.drawing)) {
        return std::nullopt;
    }
    at.holder = nativeHolder(at.drawing);
    if (at.holder == nullptr) {
        return std::nullopt;
    }
    // From GDK's own record of the windows between them, which it keeps for the windows it draws in
    // their native ancestor: asking the server (gdk_window_get_origin) waited for all it had still to
    // do, a pan's copy of the whole window among it.
    for (GdkWindow* w = at.drawing; w != at.holder; w = gdk_window_get_parent(w)) {
        int x = 0, y = 0;
        gdk_window_get_position(w, &x, &y);
        at.left += x;
        at.top += y;
    }
    return at;
}

} // namespace

bool ShownPixels::move(int dx, int dy) {
    const auto at = onX11(window_);
    if (!at) {
        return false;
    }
    GdkWindow* holder = at->holder;
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
    // The display's pixels per the window's.
    const int scale = gdk_window_get_scale_factor(at->drawing);
    const int width = gdk_window_get_width(at->drawing), height = gdk_window_get_height(at->drawing);
    if (std::abs(dx) >= width || std::abs(dy) >= height) {
        return false;
    }
    const int left = at->left, top = at->top;
    XCopyArea(native_->display, GDK_WINDOW_XID(holder), GDK_WINDOW_XID(holder), native_->gc,
              scale * (left + std::max(-dx, 0)), scale * (top + std::max(-dy, 0)),
              static_cast<unsigned>(scale * (width - std::abs(dx))),
              static_cast<unsigned>(scale * (height - std::abs(dy))), scale * (left + std::max(dx, 0)),
              scale * (top + std::max(dy, 0)));
    XFlush(native_->display); // the server copies while the caller draws what comes into view
    return true;
}

bool ShownPixels::canShowStraight() const {
    return onX11(window_).has_value();
}

cairo_t* ShownPixels::beginStraight() {
    const auto at = onX11(window_);
    if (!at) {
        return nullptr;
    }
    GdkWindow* holder = at->holder;
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
    cairo_translate(cr, at->left, at->top);
    cairo_rectangle(cr, 0, 0, gdk_window_get_width(at->drawing), gdk_window_get_height(at->drawing));
    cairo_clip(cr);
    return cr;
}

void ShownPixels::sendStraight(cairo_t* cr) {
    cairo_surface_t* surface = cairo_get_target(cr);
    cairo_surface_flush(surface);
    XFlush(cairo_xlib_surface_get_display(surface)); // on its way now, not when GTK next talks to the server
}

void ShownPixels::endStraight(cairo_t* cr) {
    sendStraight(cr);
    cairo_destroy(cr);
}

cairo_surface_t* ShownPixels::sharedImage(int width, int height) {
    const auto at = onX11(window_);
    if (!at) {
        return nullptr;
    }
    GdkWindow* holder = at->holder;
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
#else
bool ShownPixels::move(int, int) {
    return false;
}

void ShownPixels::waitForTheDisplay() const {}
#endif

#ifndef SANDTABLE_SHOWN_PIXELS_X11
// No straight frame and no shared image: on wxMSW the canvas's buffered paint DC is the paint's one
// buffer and the image's rows go to GDI as they are (CairoBitmap::present); elsewhere a paint.
bool ShownPixels::canShowStraight() const {
    return false;
}

cairo_t* ShownPixels::beginStraight() {
    return nullptr;
}

void ShownPixels::endStraight(cairo_t*) {}

void ShownPixels::sendStraight(cairo_t*) {}

cairo_surface_t* ShownPixels::sharedImage(int, int) {
    return nullptr;
}
#endif

ShownPixels::ShownPixels(wxWindow& window) : window_(window) {}

ShownPixels::~ShownPixels() = default;

} // namespace sandtable
