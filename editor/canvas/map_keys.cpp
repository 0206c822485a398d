// The map's keys: MapCanvas::onKey dispatches through mapKeys(), the one table Help > Keyboard
// shortcuts and the user guide also list; a tool's single key comes after them.
#include "editor/canvas/map_keys.hpp"

#include "editor/canvas/map_canvas.hpp"
#include "editor/tools/tool_list.hpp"
#include "model/commands/edits.hpp"

#include <algorithm>

namespace sandtable {

void MapCanvas::onKey(wxKeyEvent& e) {
    // The active tool first (aligning the background takes Enter, Backspace and Esc), then the map.
    const int code = e.GetKeyCode();
    const std::optional<ToolKey> toolKey = code == WXK_RETURN || code == WXK_NUMPAD_ENTER ? ToolKey::Enter
                                           : code == WXK_BACK || code == WXK_DELETE       ? ToolKey::Backspace
                                           : code == WXK_ESCAPE ? std::optional(ToolKey::Escape)
                                                                : std::nullopt;
    if (tools_ && toolKey && tools_->key(*toolKey)) {
        toolChanged();
        return;
    }
    for (const MapKey& key : mapKeys()) {
        if (std::ranges::find(key.codes, e.GetKeyCode()) != key.codes.end()) {
            key.act(*this, e.GetKeyCode());
            return;
        }
    }
    // Single-key tool shortcuts, only while the map has the focus: typing in a panel stays typing.
    if (!e.ControlDown() && !e.AltDown() && !e.MetaDown()) {
        if (const auto tool = toolForKey(e.GetKeyCode(), e.ShiftDown()); tool && onToolKey) {
            onToolKey(*tool);
            return;
        }
    }
    e.Skip();
}

void MapCanvas::scrollByKey(int code) {
    const int step = 60;
    panBy(code == WXK_LEFT    ? -step
          : code == WXK_RIGHT ? step
                              : 0,
          code == WXK_UP     ? -step
          : code == WXK_DOWN ? step
                             : 0);
}

void MapCanvas::holdSpace() {
    spaceDown_ = true;
}

void MapCanvas::cancelGesture() {
    // The gesture under way stops where it is (what it changed stays, one undo step).
    if (tools_) {
        tools_->cancel();
        Refresh(false);
    }
}

void MapCanvas::turnSelected(int steps) {
    if (tools_) {
        tools_->rotateSelected(steps);
        Refresh(false);
    }
}

void MapCanvas::deleteSelection() {
    if (tools_ && !tools_->area().empty()) {
        tools_->deleteArea();
    } else if (tools_ && tools_->selected() && doc_) {
        doc_->execute(edits::setPlacement(doc_->scenario(), *tools_->selected(), std::nullopt));
        tools_->select(std::nullopt);
    } else if (tools_) {
        tools_->deleteSelectedMarker();
    }
    Refresh(false);
}

namespace {

wxPoint centre(const wxWindow& window) {
    return wxPoint(window.GetClientSize().x / 2, window.GetClientSize().y / 2);
}

} // namespace

const std::vector<MapKey>& mapKeys() {
    static const std::vector<MapKey> keys{
        {{WXK_LEFT, WXK_RIGHT, WXK_UP, WXK_DOWN},
         "Arrow keys",
         "Scroll the map",
         [](MapCanvas& c, int code) { c.scrollByKey(code); }},
        {{'+', '=', '-'},
         "+ / -",
         "Zoom in / out at the centre",
         [](MapCanvas& c, int code) { c.zoomBy(code == '-' ? 0.8 : 1.25, centre(c)); }},
        {{WXK_SPACE}, "Space + drag", "Pan", [](MapCanvas& c, int) { c.holdSpace(); }},
        {{'[', ']'},
         "[ / ]",
         "Turn the selected piece one step back / on (side or corner)",
         [](MapCanvas& c, int code) { c.turnSelected(code == '[' ? -1 : 1); }},
        {{WXK_ESCAPE},
         "Esc",
         "Stop the stroke or drag under way (what it did stays, one undo step); drop the area",
         [](MapCanvas& c, int) { c.cancelGesture(); }},
        {{WXK_DELETE, WXK_BACK},
         "Delete, Backspace",
         "Take the selected piece, line of supply, entry or feature off the map, or clear the area",
         [](MapCanvas& c, int) { c.deleteSelection(); }},
    };
    return keys;
}

} // namespace sandtable
