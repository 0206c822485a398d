#include "map_printout.hpp"

#include "editor/canvas/cairo_bitmap.hpp"

#include <cairo.h>
#include <wx/dc.h>
#include <wx/graphics.h>

#include <memory>

namespace sandtable {

MapPrintout::MapPrintout(std::shared_ptr<const Scenario> scenario, PrintOptions options)
    : wxPrintout(wxString::FromUTF8(scenario->info.title)), scenario_(std::move(scenario)),
      options_(std::move(options)) {
    options_.progress = nullptr; // the print dialog shows its own progress
    print_ = std::make_unique<TiledPrint>(*scenario_, options_);
    if (auto planned = print_->result()) {
        pages_ = planned->pages;
    }
}

void MapPrintout::GetPageInfo(int* minPage, int* maxPage, int* from, int* to) {
    *minPage = *from = 1;
    *maxPage = *to = pages_;
}

bool MapPrintout::OnPrintPage(int page) {
    wxDC* dc = GetDC();
    if (dc == nullptr || !HasPage(page)) {
        return false;
    }
    int w = 0, h = 0;
    dc->GetSize(&w, &h);
    // Where the DC draws through Cairo (every DC on GTK, the printer's and the preview's alike) the
    // page is drawn on it; elsewhere (Direct2D or GDI+ on Windows) into a Cairo image of the page
    // at the DC's resolution, shown as a bitmap.
    wxGraphicsContext* gc = dc->GetGraphicsContext();
#if wxUSE_CAIRO
    const bool cairoDc = gc != nullptr && gc->GetRenderer() != nullptr &&
                         gc->GetRenderer() == wxGraphicsRenderer::GetCairoRenderer();
#else
    const bool cairoDc = false;
#endif
    CairoBitmap image;
    cairo_t* cr = cairoDc ? static_cast<cairo_t*>(gc->GetNativeContext()) : image.begin(w, h, 0xFFFFFF);
    if (cr == nullptr) {
        return false;
    }
    cairo_save(cr);
    // The page in points, scaled to the device's page (printer dots or preview pixels), white first.
    const PaperSize& paper = options_.paper;
    const double pageW = options_.landscape ? paper.heightPt : paper.widthPt;
    const double pageH = options_.landscape ? paper.widthPt : paper.heightPt;
    const double scale = std::min(w / pageW, h / pageH);
    cairo_scale(cr, scale, scale);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    const auto drawn = print_->drawPage(cr, page - 1);
    cairo_restore(cr);
    if (!cairoDc) {
        cairo_destroy(cr);
        dc->DrawBitmap(image.bitmap(), 0, 0);
    }
    return drawn.has_value();
}

} // namespace sandtable
