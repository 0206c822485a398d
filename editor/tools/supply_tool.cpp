#include "editor/tools/supply_tool.hpp"

#include "model/commands/edits.hpp"

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view supplyToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M7.5 15.5l8-8" fill="none" stroke="#222" stroke-width="1.8" stroke-dasharray="2.5 2"/><path d="M13 4h7v7z" fill="#222"/><circle cx="5.5" cy="17.5" r="3.5" fill="#2e6fd1" stroke="#222" stroke-width="1.2"/></svg>)";

} // namespace

const ToolInfo& SupplyTool::info() const {
    static constexpr ToolInfo i{
        toolId, "Line of supply", 'U', false, "Select a corps, then click its line-of-supply cell",
        0,      supplyToolIcon};
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
