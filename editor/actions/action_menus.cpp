#include "editor/actions/action_menus.hpp"

#include <wx/frame.h>
#include <wx/menu.h>

#include <map>

namespace sandtable {
namespace {

// Ids of the items without a stock id: above the ids the panels and dialogs use.
constexpr int firstActionId = wxID_HIGHEST + 1000;

} // namespace

const Action* findAction(const Actions& actions, std::string_view name) {
    for (const Action& action : actions) {
        if (action.name == name) {
            return &action;
        }
    }
    return nullptr;
}

std::string plainMenuPath(std::string_view menu) {
    std::string plain;
    for (const char c : menu) {
        if (c != '&') {
            plain += c;
        }
    }
    return plain;
}

std::string menuItemText(const Action& action, const std::string& label) {
    if (action.shortcut.empty()) {
        return label;
    }
    return action.scope == ShortcutScope::Window ? label + "\t" + action.shortcut
                                                 : label + "  (" + action.shortcut + ")";
}

ActionMenus::ActionMenus(wxFrame& frame, Actions& actions) : actions_(actions) {
    auto* bar = new wxMenuBar; // the frame owns it, and it its menus
    std::map<std::string, wxMenu*> menus;
    // The menu at `path`, made (and put in its place: the bar, or its parent menu) when first named.
    auto menuAt = [&](const std::string& path, bool separatorBefore) {
        if (auto it = menus.find(path); it != menus.end()) {
            return it->second;
        }
        auto* menu = new wxMenu;
        if (const auto slash = path.rfind('/'); slash == std::string::npos) {
            bar->Append(menu, wxString::FromUTF8(path));
        } else {
            wxMenu* parent = menus.at(path.substr(0, slash)); // a submenu comes after an item of its parent
            if (separatorBefore) {
                parent->AppendSeparator();
            }
            parent->AppendSubMenu(menu, wxString::FromUTF8(path.substr(slash + 1)));
        }
        menus.emplace(path, menu);
        return menu;
    };
    int nextId = firstActionId;
    items_.reserve(actions_.size());
    for (Action& action : actions_) {
        const bool newSubmenu = action.menu.find('/') != std::string::npos && !menus.contains(action.menu);
        wxMenu* menu = menuAt(action.menu, action.separatorBefore);
        if (action.separatorBefore && !newSubmenu) {
            menu->AppendSeparator();
        }
        action.id = action.stockId != 0 ? action.stockId : nextId++;
        const wxString text = wxString::FromUTF8(menuItemText(action, action.label));
        const wxString help = wxString::FromUTF8(action.help);
        if (action.fillSubmenu) {
            auto* submenu = new wxMenu;
            action.fillSubmenu(*submenu);
            items_.push_back(menu->Append(action.id, text, submenu, help));
            continue;
        }
        items_.push_back(action.radio         ? menu->AppendRadioItem(action.id, text, help)
                         : action.checkable() ? menu->AppendCheckItem(action.id, text, help)
                                              : menu->Append(action.id, text, help));
        frame.Bind(
            wxEVT_MENU,
            [&action](wxCommandEvent& e) {
                // An accelerator can come before the menu caught up with the state: ask again.
                if (action.enabled && !action.enabled()) {
                    return;
                }
                if (action.checkable()) {
                    action.setChecked(e.IsChecked());
                } else if (action.run) {
                    action.run();
                }
            },
            action.id);
    }
    frame.SetMenuBar(bar);
    refresh();
}

void ActionMenus::refresh() {
    for (std::size_t i = 0; i < actions_.size(); ++i) {
        const Action& action = actions_[i];
        wxMenuItem* item = items_[i];
        if (action.enabled && item->IsEnabled() != action.enabled()) {
            item->Enable(!item->IsEnabled());
        }
        if (action.checkable() && action.checked && item->IsChecked() != action.checked() &&
            (!action.radio || !item->IsChecked())) { // a radio item goes off as another comes on
            item->Check(!item->IsChecked());
        }
        if (action.currentLabel) {
            const wxString text = wxString::FromUTF8(menuItemText(action, action.currentLabel()));
            if (item->GetItemLabel() != text) {
                item->SetItemLabel(text);
            }
        }
    }
}

} // namespace sandtable
