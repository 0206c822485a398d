#include "screen_pixels.hpp"

#include <wx/window.h>

#include <gdk/gdk.h>

namespace sandtable {

wxImage pixelsOnTheScreen(wxWindow& window) {
    GdkWindow* drawing = window.GTKGetDrawingWindow();
    if (drawing == nullptr) {
        return wxImage();
    }
    // From the screen (the root window), where the window lies on it: GDK's read-back of the window
    // itself goes through Cairo's surface of it, which may answer from a copy of its own kept from
    // earlier drawing, not from what the server copied within the window since.
    int x = 0, y = 0;
    gdk_window_get_origin(drawing, &x, &y);
    const int width = gdk_window_get_width(drawing), height = gdk_window_get_height(drawing);
    GdkWindow* root = gdk_get_default_root_window();
    if (x < 0 || y < 0 || x + width > gdk_window_get_width(root) ||
        y + height > gdk_window_get_height(root)) {
        return wxImage(); // not all of it on the screen
    }
    GdkPixbuf* pixbuf = gdk_pixbuf_get_from_window(root, x, y, width, height);
    if (pixbuf == nullptr) {
        return wxImage();
    }
    wxImage image(gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf));
    const int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    const guchar* pixels = gdk_pixbuf_get_pixels(pixbuf);
    for (int row = 0; row < image.GetHeight(); ++row) {
        for (int column = 0; column < image.GetWidth(); ++column) {
            const guchar* p = pixels + row * stride + column * channels;
            image.SetRGB(column, row, p[0], p[1], p[2]);
        }
    }
    g_object_unref(pixbuf);
    return image;
}

} // namespace sandtable
