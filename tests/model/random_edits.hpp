#pragma once
// Random edits of every kind the model offers, for the randomised tests: undo gives back the
// original, and every state saves and reloads equal.
#include "model/commands/edits.hpp"
#include "model/scenario_generator.hpp"

#include <random>

namespace sandtable::testing_edits {

inline Scenario smallScenario(std::uint64_t seed) {
    return generateScenario(GeneratorParameters{20, 16, 40, 6, seed, GridShape::HexFlat});
}

// One random edit of any kind the model offers.
inline CommandPtr randomEdit(const Scenario& s, std::mt19937_64& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const Grid& g = s.map.grid;
    auto cell = [&] { return Offset{pick(0, g.cols() - 1), pick(0, g.rows() - 1)}; };
    int kind = pick(0, 12);
    if (s.oob.units.empty() && kind >= 5 && kind <= 7) {
        kind = 9; // every unit was deleted by earlier edits
    }
    switch (kind) {
    case 0:
        return edits::paint(s, CellLayer::Terrain, g.range(cell(), pick(0, 2)),
                            pick(0, static_cast<int>(s.map.terrainTypes.size()) - 1));
    case 1:
        return edits::paint(s, CellLayer::Elevation, {cell(), cell()}, pick(-2, 5));
    case 2: {
        Hexside h;
        h.set(SideFeature::River, pick(0, 1) == 1);
        h.set(SideFeature::Wall, pick(0, 1) == 1);
        h.crossing = static_cast<Crossing>(pick(0, 2));
        return edits::setHexside(s, g.edge(cell(), pick(0, 5)), h);
    }
    case 3: {
        const Offset a = cell();
        const Offset b = g.neighbor(a, pick(0, 5));
        if (!g.contains(b)) {
            return edits::setPath(s, PathId{1}, std::nullopt);
        }
        return edits::setPath(s, edits::nextPathId(s), Path{PathKind::Road, "new road", {a, b}});
    }
    case 4:
        return edits::setFeature(s, edits::nextFeatureId(s),
                                 Feature{FeatureKind::Town, cell(), "Town", std::nullopt, 0});
    case 5: {
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        Unit u = it->second;
        u.stands = pick(1, 6);
        u.formation = static_cast<Formation>(pick(0, 8));
        return edits::setUnit(s, it->first, u);
    }
    case 6: {
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        return edits::setPlacement(
            s, PieceRef::unit(it->first),
            Placement{{cell()}, Facing{FacingKind::Corner, static_cast<std::uint8_t>(pick(0, 5))}});
    }
    case 7: {
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        return edits::setPlacement(s, PieceRef::unit(it->first), std::nullopt);
    }
    case 8: {
        ScenarioInfo info = s.info;
        info.title += "!";
        info.turns = pick(1, 30);
        return edits::setInfo(s, info);
    }
    case 9:
        return edits::setEvent(s, pick(2, 12),
                               pick(0, 1) ? std::optional<std::string>("Rain") : std::nullopt);
    case 10: {
        // Remove a division (with everything under it) or add a brigade.
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon == Echelon::Division && pick(0, 2) == 0) {
                return edits::removeHeadquarters(s, id);
            }
        }
        return edits::setHeadquarters(s, edits::nextHeadquartersId(s),
                                      Headquarters{Side::Union, Echelon::Army, {}, "New army", "", {}, {}});
    }
    case 12:
        // Map > Resize, growing or shrinking: what falls off goes in the same step.
        return edits::resizeMap(s, pick(4, 30), pick(4, 24));
    default: {
        Map bigger = s.map;
        bigger.yardsPerCell = pick(100, 500);
        return edits::replaceMap(s, bigger);
    }
    }
}

} // namespace sandtable::testing_edits
