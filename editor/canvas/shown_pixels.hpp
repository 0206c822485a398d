#pragma once
// The pixels a window shows, moved where the display keeps them. A pan of the canvas moves what it
// shows by a few pixels: the display copies the rest within the window and the canvas draws only
// the strips that come into view, instead of sending it every pixel of the window again (at
// 3840 x 2160, 33 MB a frame, which on an X server without a GPU took longer than the frame's
// whole budget: docs/export.md, "The canvas in a window").
//
// On X11 (wxGTK) the copy is the server's CopyArea in the window that holds the canvas: GTK 3 no
// longer copies a scrolled window's pixels (gdk_window_scroll repaints all of it). Where part of
// what is copied was not on the screen (another window over it, the screen's edge), the server
// says so (GraphicsExpose) and the whole canvas is painted again. On wxMSW it is ScrollWindow
// (ScrollWindowEx), which does the same. Elsewhere (Wayland, another port) nothing is moved, and
// the caller paints the whole window.
#include <memory>

class wxWindow;

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

    struct Native; // the display's side, on the platforms that have one

  private:
    wxWindow& window_;
    std::unique_ptr<Native> native_;
};

} // namespace sandtable
