#include "order_of_battle.hpp"

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

std::optional<Side> OrderOfBattle::sideOf(HeadquartersId id) const {
    const Headquarters* hq = find(id);
    return hq == nullptr ? std::nullopt : std::optional<Side>(hq->side);
}

} // namespace sandtable
