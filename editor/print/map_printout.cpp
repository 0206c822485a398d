#include "map_printout.hpp"

#include "editor/canvas/map_renderer.hpp"

#include <wx/dc.h>
#include <wx/dcgraph.h>

#include <memory>

namespace sandtable {

MapPrintout::MapPrintout(std::shared_ptr<const Scenario> scenario)
    : wxPrintout(wxString::FromUTF8(scenario->info.title)), scenario_(std::move(scenario)), s_(*scenario_) {}

void MapPrintout::GetPageInfo(int* minPage, int* maxPage, int* from, int* to) {
    *minPage = *maxPage = *from = *to = 1;
}

bool MapPrintout::OnPrintPage(int page) {
    wxDC* dc = GetDC();
    if (dc == nullptr || page != 1) {
        return false;
    }
    const Layout layout(s_.map.grid, 100.0);
    int w = 0, h = 0;
    dc->GetSize(&w, &h);
    const double margin = 0.04 * std::min(w, h);
    const double fit = std::min((w - 2 * margin) / layout.width(), (h - 2 * margin - 30) / layout.height());
    dc->SetFont(wxFontInfo(12).Bold());
    dc->DrawText(wxString::FromUTF8(s_.info.title), static_cast<int>(margin), static_cast<int>(margin / 2));
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromUnknownDC(*dc));
    if (!gc) {
        return false;
    }
    gc->Translate(margin, margin + 30);
    gc->Scale(fit, fit);
    MapRenderer(s_, layout).draw(*gc, wxRect2DDouble(0, 0, layout.width(), layout.height()), fit * 2);
    return true;
}

} // namespace sandtable
