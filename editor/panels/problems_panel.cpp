#include "problems_panel.hpp"

#include <wx/listctrl.h>
#include <wx/menu.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

namespace sandtable {

ProblemsPanel::ProblemsPanel(wxWindow* parent) : wxPanel(parent) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    summary_ = new wxStaticText(this, wxID_ANY, "No ruleset");
    sizer->Add(summary_, 0, wxALL, 4);
    list_ = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
    list_->AppendColumn("Severity", wxLIST_FORMAT_LEFT, 80);
    list_->AppendColumn("Cell", wxLIST_FORMAT_LEFT, 70);
    list_->AppendColumn("Rule", wxLIST_FORMAT_LEFT, 230);
    list_->AppendColumn("Problem", wxLIST_FORMAT_LEFT, 900);
    sizer->Add(list_, 1, wxEXPAND);
    SetSizer(sizer);
    list_->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent& e) {
        if (onActivate && e.GetIndex() >= 0 && static_cast<std::size_t>(e.GetIndex()) < shown_.size()) {
            onActivate(shown_[static_cast<std::size_t>(e.GetIndex())]);
        }
    });
    list_->Bind(wxEVT_LIST_ITEM_RIGHT_CLICK, [this](wxListEvent& e) {
        const long row = e.GetIndex();
        if (row < 0 || static_cast<std::size_t>(row) >= shown_.size()) {
            return;
        }
        wxMenu menu;
        menu.Append(1, shown_[static_cast<std::size_t>(row)].excluded ? "Already excluded"
                                                                      : "Exclude with a comment...")
            ->Enable(!shown_[static_cast<std::size_t>(row)].excluded);
        menu.Bind(
            wxEVT_MENU,
            [this, row](wxCommandEvent&) {
                if (onExclude) {
                    onExclude(shown_[static_cast<std::size_t>(row)]);
                }
            },
            1);
        PopupMenu(&menu);
    });
}

void ProblemsPanel::show(const Report& report, const Grid& grid, const std::string& rulesetName) {
    shown_ = report.violations;
    // Errors first, then warnings, then information; excluded ones last.
    std::stable_sort(shown_.begin(), shown_.end(), [](const Violation& a, const Violation& b) {
        return std::tuple(a.excluded, -static_cast<int>(a.severity)) <
               std::tuple(b.excluded, -static_cast<int>(b.severity));
    });
    list_->Freeze();
    list_->DeleteAllItems();
    for (std::size_t i = 0; i < shown_.size(); ++i) {
        const Violation& v = shown_[i];
        const long row =
            list_->InsertItem(static_cast<long>(i), v.excluded ? wxString("excluded")
                                                               : wxString(std::string(enumName(v.severity))));
        list_->SetItem(row, 1,
                       !v.cells.empty() && grid.contains(v.cells.front())
                           ? wxString(grid.label(v.cells.front()))
                           : wxString());
        list_->SetItem(row, 2, wxString::FromUTF8(v.rule));
        list_->SetItem(row, 3,
                       wxString::FromUTF8(v.message + (v.excluded ? "  [" + v.exclusionComment + "]" : "")));
        if (v.excluded) {
            list_->SetItemTextColour(row, wxColour(130, 130, 130));
        } else if (v.severity == Severity::Error) {
            list_->SetItemTextColour(row, wxColour(180, 0, 0));
        }
    }
    list_->Thaw();
    summary_->SetLabel(rulesetName.empty()
                           ? wxString("No ruleset: choose one in Scenario > Ruleset")
                           : wxString::Format("%s: %d errors, %d warnings, %d info, %d excluded", rulesetName,
                                              report.errors(), report.warnings(), report.infos(),
                                              report.excluded));
}

int ProblemsPanel::rowCount() const {
    return list_->GetItemCount();
}

} // namespace sandtable
