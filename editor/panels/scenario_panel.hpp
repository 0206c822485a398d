#pragma once
// The scenario's own data: title, date, place, theatre, turns, ruleset, side names, set-up notes,
// special rules, objectives, victory conditions, the 2D6 events table and the reinforcement
// schedule. Each change is one undoable edit.
#include "editor/document.hpp"
#include "properties_panel.hpp"

#include <functional>
#include <wx/panel.h>

class wxPropertyGrid;
class wxPropertyGridEvent;

namespace sandtable {

class ScenarioPanel : public wxPanel, public EntryChecks {
  public:
    explicit ScenarioPanel(wxWindow* parent);
    void setDocument(Document* doc);
    void refresh();
    // Called when the ruleset changes, so the frame can re-resolve it (it may be a file).
    std::function<void(const std::string&)> onRulesetChanged;

    wxPropertyGrid* grid() const { return grid_; }

  private:
    std::expected<CommandPtr, std::string> edit(const std::string& name, const wxVariant& v) const;
    void changing(wxPropertyGridEvent& e);
    void changed(wxPropertyGridEvent& e);
    Document* doc_ = nullptr;
    wxPropertyGrid* grid_ = nullptr;
    bool refreshing_ = false;
};

} // namespace sandtable
