#pragma once
// The map's own keys and mouse gestures, as the canvas handles them: MapCanvas::onKey dispatches
// through mapKeys(), and Help > Keyboard shortcuts and the user guide's table list the same entries,
// so the help cannot drift from what the keys do.
#include <string_view>
#include <vector>

namespace sandtable {

class MapCanvas;

struct MapKey {
    std::vector<int> codes; // wx key codes, any of which does it
    std::string_view keys;  // as the help writes them
    std::string_view what;
    void (*act)(MapCanvas& canvas, int code);
};

// In the order the help lists them.
const std::vector<MapKey>& mapKeys();

// What the mouse does on the map beside the tool's own clicks and drags (MapCanvas::onMouse, onWheel).
struct MapGesture {
    std::string_view gesture;
    std::string_view what;
};
inline constexpr MapGesture mapGestures[] = {
    {"Mouse wheel", "Zoom at the pointer"},
    {"Middle or right drag", "Pan"},
    {"Shift + click", "Extend the selected unit's line to an adjacent cell"},
};

} // namespace sandtable
