#include "problems_panel.hpp"

#include <wx/listctrl.h>
#include <wx/menu.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <algorithm>
#include <numeric>
#include <utility>

namespace sandtable {

// The list itself: it asks the panel for each row as it draws it.
class ProblemsList : public wxListCtrl {
  public:
    ProblemsList(wxWindow* parent, const ProblemsPanel& panel)
        : wxListCtrl(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                     wxLC_REPORT | wxLC_SINGLE_SEL | wxLC_VIRTUAL),
          panel_(panel) {
        error_.SetTextColour(wxColour(180, 0, 0));
        excluded_.SetTextColour(wxColour(130, 130, 130));
    }

  private:
    wxString OnGetItemText(long item, long column) const override {
        return wxString::FromUTF8(panel_.rowText(static_cast<int>(item), static_cast<int>(column)));
    }
    wxItemAttr* OnGetItemAttr(long item) const override {
        const Violation* v = panel_.rowFinding(item);
        if (v == nullptr) {
            return nullptr;
        }
        if (v->excluded) {
            return &excluded_;
        }
        return v->severity == Severity::Error ? &error_ : nullptr;
    }

    const ProblemsPanel& panel_;
    mutable wxItemAttr error_, excluded_;
};

ProblemsPanel::ProblemsPanel(wxWindow* parent) : wxPanel(parent) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    summary_ = new wxStaticText(this, wxID_ANY, "No ruleset");
    sizer->Add(summary_, 0, wxALL, 4);
    list_ = new ProblemsList(this, *this);
    list_->AppendColumn("Severity", wxLIST_FORMAT_LEFT, 80);
    list_->AppendColumn("Cell", wxLIST_FORMAT_LEFT, 70);
    list_->AppendColumn("Rule", wxLIST_FORMAT_LEFT, 230);
    list_->AppendColumn("Problem", wxLIST_FORMAT_LEFT, 900);
    sizer->Add(list_, 1, wxEXPAND);
    SetSizer(sizer);
    list_->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent& e) {
        if (const Violation* v = rowFinding(e.GetIndex()); v != nullptr && onActivate) {
            onActivate(*v);
        }
    });
    list_->Bind(wxEVT_LIST_ITEM_RIGHT_CLICK, [this](wxListEvent& e) {
        const Violation* finding = rowFinding(e.GetIndex());
        if (finding == nullptr) {
            return;
        }
        wxMenu menu;
        menu.Append(1, finding->excluded ? "Already excluded" : "Exclude with a comment...")
            ->Enable(!finding->excluded);
        // The row's finding is copied: the list may be shown anew before the menu's answer.
        menu.Bind(
            wxEVT_MENU,
            [this, v = *finding](wxCommandEvent&) {
                if (onExclude) {
                    onExclude(v);
                }
            },
            1);
        PopupMenu(&menu);
    });
}

void ProblemsPanel::show(std::shared_ptr<const Report> report, const Grid& grid,
                         const std::string& rulesetName, const std::string& elsewhere) {
    report_ = std::move(report);
    grid_ = grid;
    // Errors first, then warnings, then information; excluded ones last; within each, the report's
    // order (by cell).
    const auto& found = report_->violations;
    rows_.resize(found.size());
    std::iota(rows_.begin(), rows_.end(), 0u);
    std::ranges::stable_sort(rows_, {}, [&](std::uint32_t i) {
        return std::pair(found[i].excluded, -static_cast<int>(found[i].severity));
    });
    list_->SetItemCount(static_cast<long>(rows_.size()));
    list_->Refresh(false); // the rows in view are drawn again when the window paints
    const wxString summary =
        (rulesetName.empty() ? wxString("No ruleset: choose one in Scenario > Ruleset")
                             : wxString::Format("%s: %d errors, %d warnings, %d info, %d excluded",
                                                rulesetName, report_->errors(), report_->warnings(),
                                                report_->infos(), report_->excluded)) +
        (elsewhere.empty() ? wxString() : "   |   " + wxString::FromUTF8(elsewhere));
    if (summary_->GetLabel() != summary) {
        summary_->SetLabel(summary); // a new label lays the panel out again
    }
}

const Violation* ProblemsPanel::rowFinding(long row) const {
    if (!report_ || row < 0 || static_cast<std::size_t>(row) >= rows_.size()) {
        return nullptr;
    }
    return &report_->violations[rows_[static_cast<std::size_t>(row)]];
}

std::string ProblemsPanel::summaryText() const {
    return summary_->GetLabel().utf8_string();
}

int ProblemsPanel::rowCount() const {
    return list_->GetItemCount();
}

std::string ProblemsPanel::rowText(int row, int column) const {
    const Violation* finding = rowFinding(row);
    if (finding == nullptr) {
        return {};
    }
    const Violation& v = *finding;
    switch (column) {
    case 0:
        return v.excluded ? std::string("excluded") : std::string(enumName(v.severity));
    case 1:
        return !v.cells.empty() && grid_ && grid_->contains(v.cells.front()) ? grid_->label(v.cells.front())
                                                                             : std::string();
    case 2:
        return v.rule;
    case 3:
        return v.message + (v.excluded ? "  [" + v.exclusionComment + "]" : "");
    default:
        return {};
    }
}

} // namespace sandtable
