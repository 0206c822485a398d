#include "editor/actions/shortcut_table.hpp"

#include "editor/canvas/map_keys.hpp"

#include <algorithm>

namespace sandtable {
std::vector<ShortcutRow> shortcutRows(const Actions& actions) {
    std::vector<ShortcutRow> rows;
    for (const ShortcutScope scope : {ShortcutScope::Window, ShortcutScope::Map}) {
        for (const Action& action : actions) {
            if (action.shortcut.empty() || action.scope != scope) {
                continue;
            }
            const std::string menu = plainMenuPath(action.menu.substr(0, action.menu.find('/')));
            rows.push_back({action.shortcut, plainMenuPath(action.label),
                            scope == ShortcutScope::Window ? menu + " menu" : menu + " (map focused)"});
        }
    }
    for (const MapKey& key : mapKeys()) {
        rows.push_back({std::string(key.keys), std::string(key.what), "Map"});
    }
    for (const MapGesture& gesture : mapGestures) {
        rows.push_back({std::string(gesture.gesture), std::string(gesture.what), "Map (mouse)"});
    }
    return rows;
}

std::string shortcutsText(const std::vector<ShortcutRow>& rows) {
    std::size_t width = 0;
    for (const ShortcutRow& row : rows) {
        width = std::max(width, row.keys.size());
    }
    std::string text;
    std::string where;
    for (const ShortcutRow& row : rows) {
        if (row.where != where) {
            where = row.where;
            text += (text.empty() ? "" : "\n") + where + ":\n";
        }
        text += "  " + row.keys + std::string(width - row.keys.size() + 2, ' ') + row.what + "\n";
    }
    return text;
}

std::string shortcutsMarkdown(const std::vector<ShortcutRow>& rows) {
    // A cell may not hold a bare '|' (the table's separator): "[ / ]" and the like have none.
    std::string text = "| keys | what | where |\n|---|---|---|\n";
    for (const ShortcutRow& row : rows) {
        text += "| " + row.keys + " | " + row.what + " | " + row.where + " |\n";
    }
    return text;
}

} // namespace sandtable
