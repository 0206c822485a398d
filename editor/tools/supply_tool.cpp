#include "editor/tools/supply_tool.hpp"

#include "model/commands/edits.hpp"

namespace sandtable {

const ToolInfo& SupplyTool::info() const {
    static constexpr ToolInfo i{
        Tool::Supply, "Line of supply", 'U', false, "Select a corps, then click its line-of-supply cell", 0};
    return i;
}

void SupplyTool::press(ToolHost& host, Point p) {
    const Scenario& s = host.document().scenario();
    const auto selected = host.selected();
    const Headquarters* corps = selected && selected->kind == PieceKind::Commander
                                    ? s.oob.find(HeadquartersId{selected->id})
                                    : nullptr;
    if (corps == nullptr || corps->echelon != Echelon::Corps) {
        host.message("Select a corps in the order of battle first, then click its line-of-supply cell");
        return;
    }
    if (const auto cell = host.layout().cellAt(p)) {
        Headquarters changed = *corps;
        changed.supplyCell = *cell;
        host.document().execute(edits::setHeadquarters(s, HeadquartersId{selected->id}, changed));
    }
}

} // namespace sandtable
