#pragma once
// The one table of tools with their names and single-key shortcuts (which work while the map has
// the keyboard focus), and of the map's other keys: the Tools menu, the tool palette, the canvas
// and Help > Keyboard shortcuts all read it.
#include "tool_controller.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

struct ToolShortcut {
    Tool tool;
    char key; // upper case
    bool shift;
    std::string_view name;
};

inline constexpr std::array<ToolShortcut, 13> toolShortcuts{{
    {Tool::Select, 'S', false, "Select / move"},
    {Tool::Terrain, 'B', false, "Terrain brush"},
    {Tool::Fill, 'F', false, "Fill"},
    {Tool::Eyedropper, 'I', false, "Eyedropper"},
    {Tool::Raise, 'R', false, "Raise ground"},
    {Tool::Lower, 'R', true, "Lower ground"},
    {Tool::Hexside, 'H', false, "Hexside (drag along edges)"},
    {Tool::Path, 'P', false, "Road / railroad"},
    {Tool::Feature, 'T', false, "Place feature"},
    {Tool::Eraser, 'E', false, "Eraser"},
    {Tool::Supply, 'U', false, "Line of supply"},
    {Tool::Area, 'A', false, "Area (copy, paste, clear)"},
    {Tool::SetLevel, 'V', false, "Set level"},
}};
static_assert(toolShortcuts.size() == EnumNames<Tool>::names.size(), "every tool has its shortcut");

// The shortcut of a tool as shown in menus and help: "B", "Shift+R".
inline std::string shortcutText(const ToolShortcut& s) {
    return (s.shift ? "Shift+" : "") + std::string(1, s.key);
}

// The tool for a key pressed on the map (no Ctrl or Alt), if any.
inline std::optional<Tool> toolForKey(int keyCode, bool shift) {
    const int upper = keyCode >= 'a' && keyCode <= 'z' ? keyCode - 'a' + 'A' : keyCode;
    for (const auto& s : toolShortcuts) {
        if (s.key == upper && s.shift == shift) {
            return s.tool;
        }
    }
    return std::nullopt;
}

// Keys of the map itself, for Help > Keyboard shortcuts.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 7> mapKeys{{
    {"Arrow keys", "Scroll the map"},
    {"+ / -", "Zoom in / out at the centre"},
    {"Mouse wheel", "Zoom at the pointer"},
    {"Space + drag, middle or right drag", "Pan"},
    {"[ / ]", "Turn the selected piece one step back / on (side or corner)"},
    {"Shift + click", "Extend the selected unit's line to an adjacent cell"},
    {"Delete", "Take the selected piece, line of supply, entry or feature off the map, or clear the area"},
}};

} // namespace sandtable
