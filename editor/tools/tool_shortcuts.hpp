#pragma once
// The map's own keys, beside the tools' single-key shortcuts (which each tool declares, and
// editor/tools/tool_list gathers): Help > Keyboard shortcuts reads both.
#include "editor/tools/tool_list.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

// Keys of the map itself, for Help > Keyboard shortcuts.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 8> mapKeys{{
    {"Arrow keys", "Scroll the map"},
    {"+ / -", "Zoom in / out at the centre"},
    {"Mouse wheel", "Zoom at the pointer"},
    {"Space + drag, middle or right drag", "Pan"},
    {"[ / ]", "Turn the selected piece one step back / on (side or corner)"},
    {"Shift + click", "Extend the selected unit's line to an adjacent cell"},
    {"Esc", "Stop the stroke or drag under way (what it did stays, one undo step); drop the area"},
    {"Delete", "Take the selected piece, line of supply, entry or feature off the map, or clear the area"},
}};

} // namespace sandtable
