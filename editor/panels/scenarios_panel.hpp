#pragma once
// The battle's scenarios, one row each: number, title, date, and the findings of its checks under
// its own ruleset. The current scenario's row is selected; choosing another row makes that one
// current (the map, the order of battle's deployment, the Scenario panel and the problems follow).
// Its buttons are the Scenario menu's actions that have a button label (add, duplicate, rename,
// delete, move up and down), so the panel and the menu are one table of commands.
#include "editor/actions/action.hpp"
#include "editor/document.hpp"

#include <string>
#include <utility>
#include <vector>
#include <wx/panel.h>

class wxButton;
class wxListCtrl;
class wxStaticText;

namespace sandtable {

class ScenariosPanel : public wxPanel {
  public:
    explicit ScenariosPanel(wxWindow* parent);
    void setDocument(Document* doc);
    // The rows, the current one and the counts again (after any change).
    void refresh();
    void addActionButtons(const Actions& actions);

    int rowCount() const;
    // Column 0 number, 1 title, 2 date, 3 problems.
    std::string rowText(int row, int column) const;
    int selectedRow() const;
    wxListCtrl* list() const { return list_; }

  private:
    Document* doc_ = nullptr;
    wxListCtrl* list_ = nullptr;
    wxStaticText* summary_ = nullptr;
    std::vector<std::pair<wxButton*, const Action*>> buttons_;
    bool refreshing_ = false;
};

} // namespace sandtable
