#pragma once
// File > Print and Print Preview: the whole map fitted to the page, drawn by the same renderer
// as the screen and the PDF export.
#include "model/scenario.hpp"

#include <wx/print.h>

#include <memory>

namespace sandtable {

class MapPrintout : public wxPrintout {
  public:
    // The printout keeps the scenario alive itself: a preview may outlive the document it shows.
    explicit MapPrintout(std::shared_ptr<const Scenario> scenario);
    bool OnPrintPage(int page) override;
    bool HasPage(int page) override { return page == 1; }
    void GetPageInfo(int* minPage, int* maxPage, int* from, int* to) override;

  private:
    std::shared_ptr<const Scenario> scenario_;
    const Scenario& s_;
};

} // namespace sandtable
