#pragma once
// The problems list: every finding of the validator, errors first; double-click jumps to it.
#include "validators/validator.hpp"

#include <functional>
#include <wx/panel.h>

class wxListCtrl;
class wxStaticText;

namespace sandtable {

class ProblemsPanel : public wxPanel {
  public:
    explicit ProblemsPanel(wxWindow* parent);
    void show(const Report& report, const Grid& grid, const std::string& rulesetName);
    std::function<void(const Violation&)> onActivate;
    std::function<void(const Violation&)> onExclude;
    int rowCount() const;

  private:
    wxListCtrl* list_ = nullptr;
    wxStaticText* summary_ = nullptr;
    std::vector<Violation> shown_;
};

} // namespace sandtable
