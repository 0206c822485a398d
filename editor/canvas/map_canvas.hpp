#pragma once
// MapCanvas shows the map: pan with the middle button or arrow keys, zoom to the cursor with the
// wheel. It draws through MapRenderer and reports the cell under the mouse.
#include "map_renderer.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <wx/window.h>

namespace sandtable {

class MapCanvas : public wxWindow {
  public:
    explicit MapCanvas(wxWindow* parent);

    // The canvas keeps a reference: the scenario must outlive it or be replaced with setScenario.
    void setScenario(const Scenario* scenario);
    void zoomToFit();
    void zoomBy(double factor, wxPoint anchor);
    double zoom() const { return zoom_; }

    std::function<void(std::optional<Offset>)> onHover;

    static constexpr double cellSize = 100.0; // map units per cell across; zoom 1 = 100 px per cell
    static constexpr double minZoom = 0.05, maxZoom = 16.0;

  private:
    void onPaint(wxPaintEvent&);
    void onWheel(wxMouseEvent&);
    void onMouse(wxMouseEvent&);
    void onKey(wxKeyEvent&);
    Point toMap(wxPoint p) const { return {(p.x + scrollX_) / zoom_, (p.y + scrollY_) / zoom_}; }

    const Scenario* scenario_ = nullptr;
    std::unique_ptr<sandtable::Layout> layout_;
    double zoom_ = 0.5;
    double scrollX_ = 0, scrollY_ = 0; // pixels
    std::optional<wxPoint> dragFrom_;
};

} // namespace sandtable
