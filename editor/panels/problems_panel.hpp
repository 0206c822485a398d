#pragma once
// The problems list: every finding of the validator, errors first; double-click jumps to it.
// A virtual list over the report (as KiCad's DRC marker view is): showing a new report keeps the
// document's shared snapshot, orders its rows by an index (nothing is copied) and says how many
// there are; rows are drawn as they come into view.
#include "validators/validator.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <wx/panel.h>

class wxStaticText;

namespace sandtable {

class ProblemsList;

class ProblemsPanel : public wxPanel {
  public:
    explicit ProblemsPanel(wxWindow* parent);
    // `elsewhere`: what the battle's other scenarios have ("other scenarios: 'Day 2' 1 error"), shown
    // after the summary.
    void show(std::shared_ptr<const Report> report, const Grid& grid, const std::string& rulesetName,
              const std::string& elsewhere = {});
    std::string summaryText() const;
    std::function<void(const Violation&)> onActivate;
    std::function<void(const Violation&)> onExclude;
    int rowCount() const;
    // A row's text as the list shows it (column 0 severity, 1 cell, 2 rule, 3 problem).
    std::string rowText(int row, int column) const;

  private:
    friend class ProblemsList;
    ProblemsList* list_ = nullptr;
    wxStaticText* summary_ = nullptr;
    // The finding on a row of the list, if the row exists.
    const Violation* rowFinding(long row) const;

    std::shared_ptr<const Report> report_;
    std::vector<std::uint32_t> rows_; // indices into report_->violations, in the list's order
    std::optional<Grid> grid_;
};

} // namespace sandtable
