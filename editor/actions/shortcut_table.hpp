#pragma once
// Every key of the editor in one list, made from the table of actions and the map's own keys
// (editor/canvas/map_keys): Help > Keyboard shortcuts shows it as text, and docs/user-guide.md
// carries it as a table that a test compares with this list.
#include "editor/actions/action.hpp"

#include <string>
#include <vector>

namespace sandtable {

struct ShortcutRow {
    std::string keys;  // "Ctrl+S", "B", "Arrow keys"
    std::string what;  // "Save", "Terrain brush"
    std::string where; // "File menu", "Tools (map focused)", "Map", "Map (mouse)"
};

// The menus' accelerators menu by menu, then the tools' single keys, then the map's keys and mouse
// gestures.
std::vector<ShortcutRow> shortcutRows(const Actions& actions);
// Grouped under each `where`, for Help > Keyboard shortcuts.
std::string shortcutsText(const std::vector<ShortcutRow>& rows);
// A Markdown table (keys | what | where), as in the user guide.
std::string shortcutsMarkdown(const std::vector<ShortcutRow>& rows);

} // namespace sandtable
