#pragma once
// What every brush does: the cells within the brush's radius of the cell under the pointer take a
// value of one layer, merged into the gesture's undo step.
#include "editor/tools/map_tool.hpp"
#include "model/commands/edits.hpp"

namespace sandtable {

inline void paintUnderBrush(ToolHost& host, Point p, CellLayer layer, int value, bool continueStroke) {
    if (const auto cell = host.layout().cellAt(p)) {
        const Scenario& s = host.document().scenario();
        host.document().execute(edits::paint(s, layer,
                                             s.map.grid.range(*cell, host.toolSettings().brushRadius), value,
                                             host.gesture()),
                                continueStroke);
    }
}

} // namespace sandtable
