#pragma once
// File > Print and Print Preview: the map at tabletop scale tiled over pages with overlap, crop
// marks and page names, after the overview page, exactly as the PDF export prints it (the same
// page drawing, on the printer's cairo context).
#include "model/scenario.hpp"
#include "render/map_print.hpp"

#include <wx/print.h>

#include <memory>

namespace sandtable {

class MapPrintout : public wxPrintout {
  public:
    // The printout keeps the scenario alive itself: a preview may outlive the document it shows.
    MapPrintout(std::shared_ptr<const Scenario> scenario, PrintOptions options);
    bool OnPrintPage(int page) override;
    bool HasPage(int page) override { return page >= 1 && page <= pages_; }
    void GetPageInfo(int* minPage, int* maxPage, int* from, int* to) override;
    int pageCount() const { return pages_; }

  private:
    std::shared_ptr<const Scenario> scenario_;
    PrintOptions options_;
    std::unique_ptr<TiledPrint> print_; // pages drawn from one arrangement of the map
    int pages_ = 1;
};

} // namespace sandtable
