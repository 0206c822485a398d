#pragma once
// The whole map in small, with the part the canvas shows framed; click or drag to go there.
#include "editor/canvas/map_canvas.hpp"

#include <wx/window.h>

namespace sandtable {

class MinimapPanel : public wxWindow {
  public:
    MinimapPanel(wxWindow* parent, MapCanvas& canvas);

  private:
    void onPaint(wxPaintEvent&);
    void onMouse(wxMouseEvent& e);
    // The drawn map's rectangle inside this window.
    wxRect mapRect() const;
    MapCanvas& canvas_;
    CairoBitmap buffer_;
};

} // namespace sandtable
