#pragma once
// The whole map in small, with the part the canvas shows framed; click or drag to go there.
#include "editor/canvas/map_canvas.hpp"

#include <wx/timer.h>
#include <wx/window.h>

namespace sandtable {

class MinimapPanel : public wxWindow {
  public:
    MinimapPanel(wxWindow* parent, MapCanvas& canvas);
    // The canvas's view moved (a pan's frame, a zoom): the frame follows in a paint of its own, at
    // most every followEveryMs. On wxGTK the paints asked for before the window next paints are one,
    // over the box that holds them all: with the canvas's strip at one side of the window and this at
    // the other, every panel between would be drawn again at each frame of a pan.
    void viewMoved();
    static constexpr int followEveryMs = 40;

  private:
    void onPaint(wxPaintEvent&);
    void onMouse(wxMouseEvent& e);
    // The drawn map's rectangle inside this window.
    wxRect mapRect() const;
    MapCanvas& canvas_;
    CairoBitmap buffer_;
    wxTimer follow_;
};

} // namespace sandtable
