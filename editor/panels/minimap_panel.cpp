#include "minimap_panel.hpp"

#include <cairo.h>
#include <wx/dcbuffer.h>
#include <wx/graphics.h>

#include <algorithm>
#include <memory>

namespace sandtable {

MinimapPanel::MinimapPanel(wxWindow* parent, MapCanvas& canvas)
    : wxWindow(parent, wxID_ANY), canvas_(canvas) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    SetMinSize(wxSize(160, 120));
    Bind(wxEVT_PAINT, &MinimapPanel::onPaint, this);
    Bind(wxEVT_LEFT_DOWN, &MinimapPanel::onMouse, this);
    Bind(wxEVT_MOTION, &MinimapPanel::onMouse, this);
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        Refresh(false);
        e.Skip();
    });
    follow_.SetOwner(this);
    Bind(wxEVT_TIMER, [this](wxTimerEvent&) { Refresh(false); });
}

void MinimapPanel::viewMoved() {
    if (!follow_.IsRunning()) {
        follow_.StartOnce(followEveryMs);
    }
}

wxRect MinimapPanel::mapRect() const {
    const sandtable::Layout* layout = canvas_.layout();
    const wxSize size = GetClientSize();
    if (layout == nullptr || layout->width() <= 0) {
        return wxRect();
    }
    const double scale = std::min((size.x - 8) / layout->width(), (size.y - 8) / layout->height());
    const int w = static_cast<int>(layout->width() * scale), h = static_cast<int>(layout->height() * scale);
    return wxRect((size.x - w) / 2, (size.y - h) / 2, w, h);
}

void MinimapPanel::onPaint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(wxBrush(wxColour(60, 60, 64)));
    dc.Clear();
    const wxRect r = mapRect();
    if (r.IsEmpty() || !canvas_.overview().valid()) {
        return;
    }
    {
        // The overview image drawn with Cairo, shown as it is on every port (CairoBitmap::present).
        cairo_t* cr = buffer_.begin(r.width, r.height, 0x3C3C40);
        canvas_.overview().paint(cr, 0, 0, r.width, r.height);
        cairo_destroy(cr);
        buffer_.present(dc, r.x, r.y);
    }
    // The canvas' view, framed.
    const sandtable::Layout* layout = canvas_.layout();
    const wxSize view = canvas_.GetClientSize();
    const Point a = canvas_.toMap(wxPoint(0, 0)), b = canvas_.toMap(wxPoint(view.x, view.y));
    const double sx = r.width / layout->width(), sy = r.height / layout->height();
    dc.SetPen(wxPen(*wxWHITE, 2));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(r.x + static_cast<int>(a.x * sx), r.y + static_cast<int>(a.y * sy),
                     static_cast<int>((b.x - a.x) * sx), static_cast<int>((b.y - a.y) * sy));
}

void MinimapPanel::onMouse(wxMouseEvent& e) {
    const wxRect r = mapRect();
    const sandtable::Layout* layout = canvas_.layout();
    if ((e.LeftDown() || (e.Dragging() && e.LeftIsDown())) && layout != nullptr && !r.IsEmpty()) {
        const double x = (e.GetPosition().x - r.x) * layout->width() / r.width;
        const double y = (e.GetPosition().y - r.y) * layout->height() / r.height;
        if (auto cell = layout->cellAt(
                Point{std::clamp(x, 0.0, layout->width() - 1), std::clamp(y, 0.0, layout->height() - 1)})) {
            canvas_.centreOn(*cell);
        }
    }
    e.Skip();
}

} // namespace sandtable
