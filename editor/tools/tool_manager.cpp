#include "editor/tools/tool_manager.hpp"

#include "editor/tools/map_markers.hpp"
#include "editor/tools/tool_list.hpp"
#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "model/limits.hpp"

#include <algorithm>

namespace sandtable {

ToolManager::ToolManager(Document& document, const Layout& layout)
    : doc_(document), layout_(layout), tools_(makeMapTools()) {
    for (const auto& tool : tools_) {
        if (auto* area = dynamic_cast<AreaTool*>(tool.get())) {
            area_ = area;
        }
    }
}

ToolManager::~ToolManager() = default;

MapTool& ToolManager::active() {
    if (task_) {
        return *task_;
    }
    for (const auto& tool : tools_) {
        if (tool->info().id == settings.tool) {
            return *tool;
        }
    }
    return *tools_.front();
}

void ToolManager::startTask(std::unique_ptr<MapTool> tool) {
    if (task_) {
        task_->cancel(*this);
    }
    if (hovered_ == task_.get()) {
        hovered_ = nullptr; // it goes now
    }
    task_ = std::move(tool);
    message(task_->status());
}

void ToolManager::finishTask() {
    // Kept until the next task: the task may still be in the call that finished it.
    if (hovered_ == task_.get()) {
        hovered_ = nullptr;
    }
    retired_ = std::move(task_);
    if (gestureTool_ == retired_.get()) {
        gestureTool_ = nullptr;
        cancelled_ = true; // the rest of its gesture goes nowhere
    }
}

bool ToolManager::key(ToolKey key) {
    return active().key(*this, key);
}

void ToolManager::press(Point p) {
    gesture_ = doc_.newGestureId();
    cancelled_ = false;
    gestureTool_ = &active();
    gestureTool_->press(*this, p);
}

void ToolManager::drag(Point p) {
    if (!cancelled_) {
        (gestureTool_ != nullptr ? *gestureTool_ : active()).drag(*this, p);
    }
}

void ToolManager::release(Point p) {
    if (!cancelled_) {
        (gestureTool_ != nullptr ? *gestureTool_ : active()).release(*this, p);
    }
    gestureTool_ = nullptr;
    cancelled_ = false;
}

bool ToolManager::hover(std::optional<Point> p) {
    bool changed = false;
    if (hovered_ != nullptr && hovered_ != &active()) {
        changed = hovered_->hover(*this, std::nullopt); // the tool left behind forgets the pointer
    }
    hovered_ = &active();
    return hovered_->hover(*this, p) || changed;
}

void ToolManager::cancel() {
    (gestureTool_ != nullptr ? *gestureTool_ : active()).cancel(*this);
    // The rest of the gesture (the drags until the button comes up) is ignored.
    cancelled_ = gestureTool_ != nullptr;
    gestureTool_ = nullptr;
}

void ToolManager::select(std::optional<PieceRef> piece) {
    selected_ = piece;
    if (onSelected) {
        onSelected(piece);
    }
}

void ToolManager::selectMarker(std::optional<MapMarker> marker) {
    marker_ = marker;
    if (marker_ && onMarkerSelected) {
        onMarkerSelected(marker_);
    }
}

void ToolManager::message(const std::string& text) {
    if (onMessage) {
        onMessage(text);
    }
}

void ToolManager::terrainPicked(TerrainIndex terrain) {
    if (onTerrainPicked) {
        onTerrainPicked(terrain);
    }
}

std::optional<Offset> ToolManager::markerCell(const MapMarker& m) const {
    return sandtable::markerCell(doc_.scenario(), m);
}

std::optional<MapMarker> ToolManager::markerAt(Offset c) const {
    return sandtable::markerAt(doc_.scenario(), c);
}

std::optional<PieceRef> ToolManager::pieceAt(Offset c) const {
    return sandtable::pieceAt(doc_.scenario(), c);
}

bool ToolManager::deleteSelectedMarker() {
    if (!marker_) {
        return false;
    }
    const Scenario& s = doc_.scenario();
    const MapMarker m = *marker_;
    marker_.reset();
    if (onMarkerSelected) {
        onMarkerSelected(std::nullopt); // nothing is picked any more
    }
    switch (m.kind) {
    case MapMarker::Kind::SupplyCell:
        if (const Headquarters* hq = s.oob.find(HeadquartersId{m.owner.id}); hq && hq->supplyCell) {
            Headquarters cleared = *hq;
            cleared.supplyCell.reset();
            doc_.execute(edits::setHeadquarters(s, HeadquartersId{m.owner.id}, cleared));
            return true;
        }
        break;
    case MapMarker::Kind::Entry:
        if (s.deployment.reinforcements.contains(m.owner)) {
            doc_.execute(edits::setReinforcement(s, m.owner, std::nullopt));
            return true;
        }
        break;
    case MapMarker::Kind::Feature:
        if (s.map.features.contains(m.feature)) {
            doc_.execute(edits::setFeature(s, m.feature, std::nullopt));
            return true;
        }
        break;
    }
    return false;
}

void ToolManager::extendSelected(Point p) {
    const auto cell = layout_.cellAt(p);
    if (!selected_ || selected_->kind != PieceKind::Unit || !cell) {
        return;
    }
    const Scenario& s = doc_.scenario();
    auto it = s.deployment.placements.find(*selected_);
    if (it == s.deployment.placements.end()) {
        return;
    }
    Placement pl = it->second;
    auto here = std::find(pl.cells.begin(), pl.cells.end(), *cell);
    if (here != pl.cells.end()) {
        if (pl.cells.size() > 1) {
            pl.cells.erase(here);
            doc_.execute(edits::setPlacement(s, *selected_, pl));
        }
        return;
    }
    if (std::none_of(pl.cells.begin(), pl.cells.end(), [&](Offset c) { return grid().adjacent(c, *cell); })) {
        if (onMessage) {
            onMessage("A line extends to a cell next to it");
        }
        return;
    }
    pl.cells.push_back(*cell);
    doc_.execute(edits::setPlacement(s, *selected_, pl));
}

void ToolManager::rotateSelected(int steps) {
    if (!selected_) {
        return;
    }
    const Scenario& s = doc_.scenario();
    auto it = s.deployment.placements.find(*selected_);
    if (it == s.deployment.placements.end()) {
        return;
    }
    Placement p = it->second;
    const int sides = grid().sideCount();
    Facing f = p.facing.value_or(Facing{grid().isHex() ? FacingKind::Corner : FacingKind::Side, 0});
    // Directions count counter-clockwise; a positive step turns clockwise on screen.
    f.index = static_cast<std::uint8_t>(((f.index - steps) % sides + sides) % sides);
    p.facing = f;
    doc_.execute(edits::setPlacement(s, *selected_, p));
}

void ToolManager::placePiece(PieceRef piece, Point p) {
    const auto cell = layout_.cellAt(p);
    const Scenario& s = doc_.scenario();
    if (!cell || !s.hasPiece(piece)) {
        return; // dropped off the map, or text from elsewhere naming no piece of this scenario
    }
    // The file refuses a piece deployed outside the forces the scenario lists: so does the editor.
    if (!takesPart(s, piece)) {
        if (onMessage) {
            onMessage("Not placed: its force does not take part in the scenario " +
                      limits::quoted(s.info.title));
        }
        return;
    }
    Placement placement;
    placement.cells = {*cell};
    if (piece.kind == PieceKind::Unit) {
        // The ruleset's facing (the area rules face a side even on hexes), else the grid's usual one.
        const FacingKind usual = grid().isHex() ? FacingKind::Corner : FacingKind::Side;
        placement.facing = Facing{doc_.unitVocabulary().facing.value_or(usual), 0};
    }
    std::vector<CommandPtr> parts;
    if (s.deployment.reinforcements.contains(piece)) {
        parts.push_back(edits::setReinforcement(s, piece, std::nullopt));
    }
    parts.push_back(edits::setPlacement(s, piece, placement));
    doc_.execute(std::make_unique<CommandGroup>("Deploy piece", std::move(parts)));
    select(piece);
}

void ToolManager::gridChanged() {
    gesture_ = 0;
    gestureTool_ = nullptr;
    marker_.reset();
    for (const auto& tool : tools_) {
        tool->reset();
    }
}

} // namespace sandtable
