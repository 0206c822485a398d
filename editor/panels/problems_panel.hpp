#pragma once
// The problems list: every finding of the validator, errors first; double-click jumps to it.
// A virtual list over the report (as KiCad's DRC marker view is): showing a new report sorts it
// and says how many rows there are; rows are drawn as they come into view, so a drag that changes
// the findings on every mouse event costs the same with 6 findings or 2,000.
#include "validators/validator.hpp"

#include <functional>
#include <optional>
#include <wx/panel.h>

class wxStaticText;

namespace sandtable {

class ProblemsList;

class ProblemsPanel : public wxPanel {
  public:
    explicit ProblemsPanel(wxWindow* parent);
    void show(const Report& report, const Grid& grid, const std::string& rulesetName);
    std::function<void(const Violation&)> onActivate;
    std::function<void(const Violation&)> onExclude;
    int rowCount() const;
    // A row's text as the list shows it (column 0 severity, 1 cell, 2 rule, 3 problem).
    std::string rowText(int row, int column) const;

  private:
    friend class ProblemsList;
    ProblemsList* list_ = nullptr;
    wxStaticText* summary_ = nullptr;
    std::vector<Violation> shown_;
    std::optional<Grid> grid_;
};

} // namespace sandtable
