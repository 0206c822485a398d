#include "scenarios_panel.hpp"

#include "model/battle.hpp"
#include "model/limits.hpp"

#include <wx/button.h>
#include <wx/listctrl.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/wrapsizer.h>

namespace sandtable {
namespace {

std::string problemsText(int errors, int warnings) {
    if (errors == 0 && warnings == 0) {
        return "clean";
    }
    std::string text;
    if (errors > 0) {
        text = std::to_string(errors) + (errors == 1 ? " error" : " errors");
    }
    if (warnings > 0) {
        text += (text.empty() ? "" : ", ") + std::to_string(warnings) +
                (warnings == 1 ? " warning" : " warnings");
    }
    return text;
}

} // namespace

ScenariosPanel::ScenariosPanel(wxWindow* parent) : wxPanel(parent) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    auto* buttons = new wxWrapSizer(wxHORIZONTAL);
    sizer->Add(buttons, 0, wxEXPAND);
    list_ = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
    list_->AppendColumn("#", wxLIST_FORMAT_RIGHT, FromDIP(26));
    list_->AppendColumn("Scenario", wxLIST_FORMAT_LEFT, FromDIP(125));
    list_->AppendColumn("Date", wxLIST_FORMAT_LEFT, FromDIP(90));
    list_->AppendColumn("Problems", wxLIST_FORMAT_LEFT, FromDIP(120));
    sizer->Add(list_, 1, wxEXPAND);
    summary_ = new wxStaticText(this, wxID_ANY, "");
    sizer->Add(summary_, 0, wxEXPAND | wxALL, FromDIP(3));
    SetSizer(sizer);
    list_->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& e) {
        if (!refreshing_ && doc_ != nullptr && e.GetIndex() >= 0) {
            doc_->chooseScenario(static_cast<std::size_t>(e.GetIndex()));
        }
    });
}

void ScenariosPanel::setDocument(Document* doc) {
    doc_ = doc;
    refresh();
}

void ScenariosPanel::addActionButtons(const Actions& actions) {
    auto* buttons = static_cast<wxWrapSizer*>(GetSizer()->GetItem(std::size_t{0})->GetSizer());
    for (const Action& action : actions) {
        if (action.button.empty() || !action.name.starts_with("scenarios.")) {
            continue;
        }
        auto* button = new wxButton(this, wxID_ANY, wxString::FromUTF8(action.button), wxDefaultPosition,
                                    wxDefaultSize, wxBU_EXACTFIT);
        button->SetToolTip(wxString::FromUTF8(action.help));
        button->Bind(wxEVT_BUTTON, [&action](wxCommandEvent&) { action.run(); });
        buttons->Add(button, 0, wxALL, FromDIP(1));
        buttons_.emplace_back(button, &action);
    }
    Layout();
    refresh();
}

void ScenariosPanel::refresh() {
    refreshing_ = true;
    list_->DeleteAllItems();
    if (doc_ != nullptr) {
        const Scenario& s = doc_->scenario();
        const auto& others = doc_->otherScenarioProblems();
        int errorsElsewhere = 0;
        for (std::size_t i = 0; i < scenarioCount(s); ++i) {
            const ScenarioInfo& info = scenarioInfo(s, i);
            const long row = list_->InsertItem(static_cast<long>(i), std::to_string(i + 1));
            list_->SetItem(row, 1, wxString::FromUTF8(info.title));
            list_->SetItem(row, 2, wxString::FromUTF8(info.date));
            std::string problems;
            if (i == s.current) {
                problems = doc_->rulesetName().empty()
                               ? "no ruleset"
                               : problemsText(doc_->problems().errors(), doc_->problems().warnings());
            } else {
                for (const Document::ScenarioProblems& p : others) {
                    if (p.index == i) {
                        problems = p.validated ? problemsText(p.errors, p.warnings) : "no ruleset";
                        errorsElsewhere += p.errors;
                    }
                }
            }
            list_->SetItem(row, 3, wxString::FromUTF8(problems));
        }
        list_->SetItemState(static_cast<long>(s.current), wxLIST_STATE_SELECTED | wxLIST_STATE_FOCUSED,
                            wxLIST_STATE_SELECTED | wxLIST_STATE_FOCUSED);
        list_->EnsureVisible(static_cast<long>(s.current));
        summary_->SetLabel(wxString::FromUTF8(
            std::to_string(scenarioCount(s)) + (scenarioCount(s) == 1 ? " scenario" : " scenarios") +
            "; editing " + limits::quoted(s.info.title) +
            (errorsElsewhere > 0 ? "; the others have " + std::to_string(errorsElsewhere) +
                                       (errorsElsewhere == 1 ? " error" : " errors")
                                 : std::string())));
    } else {
        summary_->SetLabel("");
    }
    for (auto& [button, action] : buttons_) {
        button->Enable(doc_ != nullptr && (!action->enabled || action->enabled()));
    }
    refreshing_ = false;
}

int ScenariosPanel::rowCount() const {
    return list_->GetItemCount();
}

std::string ScenariosPanel::rowText(int row, int column) const {
    return list_->GetItemText(row, column).utf8_string();
}

int ScenariosPanel::selectedRow() const {
    return static_cast<int>(list_->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED));
}

} // namespace sandtable
