#pragma once
// The menu bar built from the table of actions: menus in the order they first appear, items in the
// table's order, each bound to its action's run(); and, while the window lives, each item's enabled
// state, check and label kept as its action says.
#include "editor/actions/action.hpp"

#include <vector>

class wxFrame;
class wxMenuItem;

namespace sandtable {

class ActionMenus {
  public:
    // Builds the menu bar, sets it on `frame` and gives every action its id (its stock id, else a
    // fresh one). `actions` must outlive this and keep its size.
    ActionMenus(wxFrame& frame, Actions& actions);

    // Enabled, checked and current labels as the actions say now; touches only what changed.
    void refresh();

  private:
    Actions& actions_;
    std::vector<wxMenuItem*> items_; // by the action's place in the table
};

// The text of a menu item: its label, then its accelerator (window shortcuts) or, for a key that
// acts only on the map, the key in brackets (not an accelerator, so typing in a panel stays typing).
std::string menuItemText(const Action& action, const std::string& label);

} // namespace sandtable
