#pragma once
// The pixels a window shows, moved and given to the display with the least work for it. A pan of
// the canvas moves what it shows by a few pixels: the display copies the rest within the window
// and the canvas draws only the strips that come into view, instead of sending it every pixel of
// the window again (at 3840 x 2160, 33 MB a frame, which on an X server without a GPU took longer
// than the frame's whole budget: docs/export.md, "The canvas in a window"). A frame that changes
// every pixel (a zoom) goes to the window in one copy by the server.
//
// On X11 (wxGTK) the copy is the server's CopyArea in the window that holds the canvas: GTK 3 no
// longer copies a scrolled window's pixels (gdk_window_scroll repaints all of it). Where part of
// what is copied was not on the screen (another window over it, the screen's edge), the server
// says so (GraphicsExpose) and the whole canvas is painted again. On wxMSW it is ScrollWindow
// (ScrollWindowEx), which does the same. Elsewhere (Wayland, another port) nothing is moved, and
// the caller paints the whole window.
//
// A whole frame through GTK's paint buffer cost the X server three passes over the window's pixels
// (a new buffer filled, the image put on it, the buffer copied to the window) and the client a copy
// into memory it shares with the server. On X11 the canvas's image is made in that shared memory
// (MIT-SHM), and a frame of the whole map is put on the window straight, outside GTK's paint: one
// pass. (GTK paints a widget unbuffered only in a native window of its own, and there GTK 3.24
// clips no paint, buffered or not, to what was asked: the pans' strips would be the whole window.)
#include <memory>

class wxWindow;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

class ShownPixels {
  public:
    explicit ShownPixels(wxWindow& window);
    ~ShownPixels();
    ShownPixels(const ShownPixels&) = delete;
    ShownPixels& operator=(const ShownPixels&) = delete;

    // Moves what the window shows by (dx, dy) pixels, the parts copied from outside the window
    // left as they were: the caller has the strips that came into view painted. False where the
    // display cannot: nothing moved.
    bool move(int dx, int dy);
    // Returns once the display has done what it was asked so far (copied, drawn): what a frame
    // costs the display counts in the frame's time (sandtable-bench-window).
    void waitForTheDisplay() const;
    // A Cairo context on the window's pixels as the display shows them, outside any paint: a frame
    // that changes every pixel goes there at once (with sharedImage, the display's one pass over
    // them), not through the toolkit's paint buffer. Null where the display cannot (not X11, the
    // window not shown): ask for a paint. Give it back to endStraight.
    cairo_t* beginStraight();
    // Whether beginStraight can give one now.
    bool canShowStraight() const;
    void endStraight(cairo_t* cr);
    // Sends what was drawn on a context from beginStraight to the display now, so that it works on
    // it while the caller goes on.
    void sendStraight(cairo_t* cr);
    // An image of `width` x `height` pixels (Cairo's RGB24) in memory the display shares, so
    // that showing it on the window costs the display one copy and the client none. Null where
    // the display shares none (not X11, no MIT-SHM, a remote display): make a plain image.
    cairo_surface_t* sharedImage(int width, int height);

    struct Native; // the display's side, on the platforms that have one

  private:
    wxWindow& window_;
    std::unique_ptr<Native> native_;
};

} // namespace sandtable
