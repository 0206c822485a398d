#include "map_canvas.hpp"

#include <wx/dcbuffer.h>

#include <algorithm>

namespace sandtable {

MapCanvas::MapCanvas(wxWindow* parent)
    : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxWANTS_CHARS) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, &MapCanvas::onPaint, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::onWheel, this);
    Bind(wxEVT_MIDDLE_DOWN, &MapCanvas::onMouse, this);
    Bind(wxEVT_MIDDLE_UP, &MapCanvas::onMouse, this);
    Bind(wxEVT_MOTION, &MapCanvas::onMouse, this);
    Bind(wxEVT_KEY_DOWN, &MapCanvas::onKey, this);
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        Refresh(false);
        e.Skip();
    });
}

void MapCanvas::setScenario(const Scenario* scenario) {
    scenario_ = scenario;
    layout_ = scenario ? std::make_unique<sandtable::Layout>(scenario->map.grid, cellSize) : nullptr;
    zoomToFit();
}

void MapCanvas::zoomToFit() {
    if (!layout_) {
        Refresh(false);
        return;
    }
    const wxSize size = GetClientSize();
    const double fit = std::min(size.x / (layout_->width() + 20), size.y / (layout_->height() + 20));
    zoom_ = std::clamp(fit, minZoom, maxZoom);
    scrollX_ = (layout_->width() * zoom_ - size.x) / 2;
    scrollY_ = (layout_->height() * zoom_ - size.y) / 2;
    Refresh(false);
}

void MapCanvas::zoomBy(double factor, wxPoint anchor) {
    const Point before = toMap(anchor);
    zoom_ = std::clamp(zoom_ * factor, minZoom, maxZoom);
    // Keep the map point under the cursor where it was.
    scrollX_ = before.x * zoom_ - anchor.x;
    scrollY_ = before.y * zoom_ - anchor.y;
    Refresh(false);
}

void MapCanvas::onPaint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(wxBrush(wxColour(60, 60, 64)));
    dc.Clear();
    if (!scenario_ || !layout_) {
        return;
    }
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (!gc) {
        return;
    }
    gc->Translate(-scrollX_, -scrollY_);
    gc->Scale(zoom_, zoom_);
    const wxSize size = GetClientSize();
    const wxRect2DDouble visible(scrollX_ / zoom_, scrollY_ / zoom_, size.x / zoom_, size.y / zoom_);
    MapRenderer(*scenario_, *layout_).draw(*gc, visible, zoom_);
}

void MapCanvas::onWheel(wxMouseEvent& e) {
    const int rotation = e.GetWheelRotation();
    if (rotation != 0) {
        zoomBy(rotation > 0 ? 1.15 : 1 / 1.15, e.GetPosition());
    }
}

void MapCanvas::onMouse(wxMouseEvent& e) {
    if (e.MiddleDown()) {
        dragFrom_ = e.GetPosition();
        CaptureMouse();
    } else if (e.MiddleUp()) {
        dragFrom_.reset();
        if (HasCapture()) {
            ReleaseMouse();
        }
    } else if (e.Dragging() && dragFrom_) {
        scrollX_ -= e.GetPosition().x - dragFrom_->x;
        scrollY_ -= e.GetPosition().y - dragFrom_->y;
        dragFrom_ = e.GetPosition();
        Refresh(false);
    }
    if (onHover && layout_) {
        onHover(layout_->cellAt(toMap(e.GetPosition())));
    }
    e.Skip();
}

void MapCanvas::onKey(wxKeyEvent& e) {
    const double step = 60;
    switch (e.GetKeyCode()) {
    case WXK_LEFT:
        scrollX_ -= step;
        break;
    case WXK_RIGHT:
        scrollX_ += step;
        break;
    case WXK_UP:
        scrollY_ -= step;
        break;
    case WXK_DOWN:
        scrollY_ += step;
        break;
    case '+':
    case '=':
        zoomBy(1.25, wxPoint(GetClientSize().x / 2, GetClientSize().y / 2));
        return;
    case '-':
        zoomBy(0.8, wxPoint(GetClientSize().x / 2, GetClientSize().y / 2));
        return;
    default:
        e.Skip();
        return;
    }
    Refresh(false);
}

} // namespace sandtable
