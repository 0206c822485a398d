#include "order_of_battle.hpp"

#include "scenario.hpp"

#include <charconv>

namespace sandtable {

const Headquarters* OrderOfBattle::find(HeadquartersId id) const {
    auto it = headquarters.find(id);
    return it == headquarters.end() ? nullptr : &it->second;
}

std::optional<HeadquartersId> OrderOfBattle::ancestor(HeadquartersId id, Echelon echelon) const {
    // Bounded by the tree's size so that a cycle (rejected on load) can never loop forever.
    for (std::size_t steps = 0; steps <= headquarters.size(); ++steps) {
        const Headquarters* hq = find(id);
        if (hq == nullptr) {
            return std::nullopt;
        }
        if (hq->echelon == echelon) {
            return id;
        }
        id = hq->parent;
    }
    return std::nullopt;
}

std::vector<HeadquartersId> OrderOfBattle::children(HeadquartersId id) const {
    std::vector<HeadquartersId> out;
    for (const auto& [childId, hq] : headquarters) {
        if (hq.parent == id) {
            out.push_back(childId);
        }
    }
    return out;
}

std::vector<UnitId> OrderOfBattle::unitsUnder(HeadquartersId id) const {
    std::vector<UnitId> out;
    for (const auto& [unitId, unit] : units) {
        if (unit.parent == id) {
            out.push_back(unitId);
        }
    }
    return out;
}

OrderOfBattle::Subordinates OrderOfBattle::subordinates() const {
    Subordinates under;
    for (const auto& [id, hq] : headquarters) {
        under.headquarters[hq.parent].push_back(id);
    }
    for (const auto& [id, unit] : units) {
        under.units[unit.parent].push_back(id);
    }
    for (const auto& [id, train] : trains) {
        under.trains[train.corps].push_back(id);
    }
    return under;
}

std::optional<Side> OrderOfBattle::sideOf(HeadquartersId id) const {
    const Headquarters* hq = find(id);
    return hq == nullptr ? std::nullopt : std::optional<Side>(hq->side);
}

std::optional<Side> sideOf(const OrderOfBattle& oob, PieceRef piece) {
    switch (piece.kind) {
    case PieceKind::Unit:
        if (auto it = oob.units.find(UnitId{piece.id}); it != oob.units.end()) {
            return oob.sideOf(it->second.parent);
        }
        return std::nullopt;
    case PieceKind::Commander:
        return oob.sideOf(HeadquartersId{piece.id});
    case PieceKind::Train:
        if (auto it = oob.trains.find(TrainId{piece.id}); it != oob.trains.end()) {
            return oob.sideOf(it->second.corps);
        }
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<PieceRef> parsePieceRef(std::string_view text) {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) {
        return std::nullopt;
    }
    const auto kind = parseEnum<PieceKind>(text.substr(0, colon));
    const std::string_view digits = text.substr(colon + 1);
    std::uint32_t id = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (!kind || digits.empty() || ec != std::errc{} || end != digits.data() + digits.size()) {
        return std::nullopt;
    }
    return PieceRef{*kind, id};
}

std::string pieceRefText(PieceRef piece) {
    return std::string(enumName(piece.kind)) + ":" + std::to_string(piece.id);
}

bool Scenario::hasPiece(PieceRef p) const {
    switch (p.kind) {
    case PieceKind::Unit:
        return oob.units.contains(UnitId{p.id});
    case PieceKind::Commander:
        return oob.headquarters.contains(HeadquartersId{p.id});
    case PieceKind::Train:
        return oob.trains.contains(TrainId{p.id});
    }
    return false;
}

} // namespace sandtable
