#pragma once
// The window's toolbar built from the table of actions: the actions marked onToolbar, in the table's
// order, a separator where the menu changes; each button sends its action's id, so the menu's
// binding runs it; enabled and checked states kept as the actions say.
#include "editor/actions/action.hpp"

#include <vector>

class wxFrame;
class wxToolBar;

namespace sandtable {

class ActionToolBar {
  public:
    // After ActionMenus gave the actions their ids. `actions` must outlive this and keep its size.
    ActionToolBar(wxFrame& frame, Actions& actions);

    void refresh();
    wxToolBar& toolBar() const { return *bar_; }
    // The actions on the toolbar, in its order.
    const std::vector<const Action*>& shown() const { return shown_; }

  private:
    wxToolBar* bar_; // the frame owns it
    std::vector<const Action*> shown_;
};

} // namespace sandtable
