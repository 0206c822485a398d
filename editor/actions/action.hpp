#pragma once
// One entry per command the user can give (as Tiled's ActionManager and KiCad's TOOL_ACTION): its
// name, label, shortcut, when it is enabled and what it does. The menu bar, the toolbar, the order of
// battle's buttons, the accelerators and Help > Keyboard shortcuts are all built from the one table
// (MainFrame::actions()), so no command is written down twice.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

class wxMenu;

namespace sandtable {

// Where a shortcut acts: anywhere in the window (a menu accelerator), or only while the map has the
// keyboard focus (a tool's single key, so typing a name in a panel never switches tools).
enum class ShortcutScope { Window, Map };

struct Action {
    std::string name{};     // stable: "file.save"
    std::string menu{};     // where it sits in the menu bar: "&File", or "&View/Pa&nels" for a submenu
    std::string label{};    // "&Save"
    std::string shortcut{}; // "Ctrl+S", as wx writes accelerators; empty: none
    ShortcutScope scope = ShortcutScope::Window;
    std::string help{};   // the status bar's line while the item is highlighted; a button's tooltip
    std::string button{}; // the label of its button on a panel ("+ Army"); empty: no button
    int stockId = 0;      // wxID_SAVE and the like: the platform's standard item (and its icon)
    // On the toolbar: with `icon` (an SVG picture), else the platform's picture for stockId.
    bool onToolbar = false;
    std::string_view icon{};
    // A check item that is one of a group (the tools): choosing it is the only way to change it.
    bool radio = false;
    bool separatorBefore = false;
    std::function<void()> run{};
    std::function<bool()> enabled{}; // empty: always
    // A check item (View > Grid) has these instead of run: the state shown, and setting it as a
    // click does.
    std::function<bool()> checked{};
    std::function<void(bool)> setChecked{};
    std::function<std::string()> currentLabel{}; // "&Undo Paint terrain"; empty: `label`
    // A submenu the window fills itself (File > Open Recent): no run, no shortcut.
    std::function<void(wxMenu&)> fillSubmenu{};

    int id = 0; // the wx id, given when the menu bar is built

    bool checkable() const { return static_cast<bool>(setChecked); }
};

using Actions = std::vector<Action>;

// The action of that name; nullptr when there is none.
const Action* findAction(const Actions& actions, std::string_view name);
// The menu's title without its mnemonic ("&View/Pa&nels" -> "View/Panels").
std::string plainMenuPath(std::string_view menu);

} // namespace sandtable
