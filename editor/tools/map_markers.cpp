#include "editor/tools/map_markers.hpp"

#include "model/commands/edits.hpp"

#include <algorithm>

namespace sandtable {

std::optional<PieceRef> pieceAt(const Scenario& s, Offset c) {
    std::optional<PieceRef> found;
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (std::find(placement.cells.begin(), placement.cells.end(), c) == placement.cells.end()) {
            continue;
        }
        // Units are on top of commanders and trains: prefer them.
        if (!found || (piece.kind == PieceKind::Unit && found->kind != PieceKind::Unit)) {
            found = piece;
        }
    }
    return found;
}

std::optional<MapMarker> markerAt(const Scenario& s, Offset c) {
    for (const auto& [id, hq] : s.oob.headquarters) {
        if (hq.supplyCell == c) {
            return MapMarker{MapMarker::Kind::SupplyCell, PieceRef::commander(id)};
        }
    }
    for (const auto& [piece, r] : s.deployment.reinforcements) {
        if (r.entry == c) {
            return MapMarker{MapMarker::Kind::Entry, piece};
        }
    }
    for (const auto& [id, f] : s.map.features) {
        if (f.cell == c) {
            return MapMarker{MapMarker::Kind::Feature, {}, id};
        }
    }
    return std::nullopt;
}

std::optional<Offset> markerCell(const Scenario& s, const MapMarker& m) {
    if (m.kind == MapMarker::Kind::SupplyCell) {
        const Headquarters* hq = s.oob.find(HeadquartersId{m.owner.id});
        return hq != nullptr ? hq->supplyCell : std::nullopt;
    }
    if (m.kind == MapMarker::Kind::Feature) {
        auto it = s.map.features.find(m.feature);
        return it != s.map.features.end() ? std::optional(it->second.cell) : std::nullopt;
    }
    auto it = s.deployment.reinforcements.find(m.owner);
    return it != s.deployment.reinforcements.end() ? std::optional(it->second.entry) : std::nullopt;
}

void moveMarker(Document& doc, const MapMarker& m, Offset to) {
    const Scenario& s = doc.scenario();
    if (!s.map.grid.contains(to)) {
        return;
    }
    if (m.kind == MapMarker::Kind::SupplyCell) {
        if (const Headquarters* hq = s.oob.find(HeadquartersId{m.owner.id})) {
            Headquarters moved = *hq;
            moved.supplyCell = to;
            doc.execute(edits::setHeadquarters(s, HeadquartersId{m.owner.id}, moved));
        }
        return;
    }
    if (m.kind == MapMarker::Kind::Feature) {
        if (auto it = s.map.features.find(m.feature); it != s.map.features.end()) {
            Feature moved = it->second;
            moved.cell = to;
            doc.execute(edits::setFeature(s, m.feature, moved));
        }
        return;
    }
    if (auto it = s.deployment.reinforcements.find(m.owner); it != s.deployment.reinforcements.end()) {
        Reinforcement moved = it->second;
        moved.entry = to;
        doc.execute(edits::setReinforcement(s, m.owner, moved));
    }
}

} // namespace sandtable
