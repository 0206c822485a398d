#include "scenario_summary.hpp"

#include "battle.hpp"

#include <algorithm>

namespace sandtable {

ScenarioSummary summarize(const Scenario& s) {
    ScenarioSummary out;
    const Map& map = s.map;
    std::vector<int> perType(map.terrainTypes.size(), 0);
    for (TerrainIndex t : map.terrain) {
        ++perType[t];
    }
    for (std::size_t i = 0; i < perType.size(); ++i) {
        out.cellsPerTerrain[map.terrainTypes[i].key] = perType[i];
    }
    if (!map.elevation.empty()) {
        auto [lo, hi] = std::minmax_element(map.elevation.begin(), map.elevation.end());
        out.minElevation = *lo;
        out.maxElevation = *hi;
    }
    for (const auto& [edge, side] : map.hexsides) {
        for (const auto& [f, name] : EnumNames<SideFeature>::names) {
            if (side.has(f)) {
                ++out.hexsidesPerFeature[std::string(name)];
            }
        }
        if (side.crossing != Crossing::None) {
            ++out.hexsidesPerFeature[std::string(enumName(side.crossing))];
        }
    }
    for (const auto& [id, path] : map.paths) {
        ++out.pathsPerKind[std::string(enumName(path.kind))];
        out.pathCells += static_cast<int>(path.cells.size());
    }
    for (const auto& [id, f] : map.features) {
        ++out.featuresPerKind[std::string(enumName(f.kind))];
    }
    for (Side side : {Side::Union, Side::Confederate}) {
        out.sides[sideIndex(side)].name = s.info.sideNames[sideIndex(side)];
    }
    auto count = [&](PieceRef piece, Side side) {
        SideSummary& sum = out.sides[sideIndex(side)];
        if (!takesPart(s, piece)) {
            ++sum.absent;
        } else if (s.deployment.placements.contains(piece)) {
            ++sum.placed;
        } else if (s.deployment.reinforcements.contains(piece)) {
            ++sum.reinforcements;
        } else {
            ++sum.unplaced;
        }
    };
    for (const auto& [id, hq] : s.oob.headquarters) {
        ++out.sides[sideIndex(hq.side)].headquarters[static_cast<std::size_t>(hq.echelon)];
        count(PieceRef::commander(id), hq.side);
    }
    for (const auto& [id, unit] : s.oob.units) {
        const auto side = s.oob.sideOf(unit.parent);
        if (!side) {
            continue;
        }
        SideSummary& sum = out.sides[sideIndex(*side)];
        ++sum.units[static_cast<std::size_t>(unit.arm)];
        sum.stands += unit.stands;
        (unit.arm == Arm::Artillery || unit.arm == Arm::HeavyArtillery ? sum.guns : sum.men) += unit.strength;
        count(PieceRef::unit(id), *side);
    }
    for (const auto& [id, train] : s.oob.trains) {
        if (const auto side = s.oob.sideOf(train.corps)) {
            ++out.sides[sideIndex(*side)].trains;
            count(PieceRef::train(id), *side);
        }
    }
    out.events = static_cast<int>(s.events.size());
    out.exclusions = static_cast<int>(s.exclusions.size());
    return out;
}

std::string playFacts(const ScenarioInfo& info) {
    return "Ruleset: " + info.ruleset + "; " + std::to_string(info.turns) + " turns of " +
           std::to_string(info.turnMinutes) + " minutes" + turnClockFacts(info) + "; " +
           info.sideNames[sideIndex(info.firstPlayer)] + " moves first.";
}

} // namespace sandtable
