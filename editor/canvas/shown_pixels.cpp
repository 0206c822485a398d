#include "editor/canvas/shown_pixels.hpp"

#include <wx/window.h>

#ifdef __WXGTK3__
#include <gdk/gdk.h>
#ifdef GDK_WINDOWING_X11
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

ShownPixels::ShownPixels(wxWindow& window) : window_(window) {}

ShownPixels::~ShownPixels() = default;

} // namespace sandtable
