#include "edits.hpp"
#include "model/battle.hpp"

#include "resize_map.hpp"

#include <algorithm>

namespace sandtable::edits {
namespace {

template <typename Key, typename Value>
CommandPtr replace(std::string text, typename ReplaceEntry<Key, Value>::Access access, const Scenario& s,
                   Key key, std::optional<Value> after, ChangeSet changes) {
    auto& container = access(const_cast<Scenario&>(s)); // read only: the accessor is shared with apply()
    std::optional<Value> before;
    if (auto it = container.find(key); it != container.end()) {
        before = it->second;
    }
    return std::make_unique<ReplaceEntry<Key, Value>>(
        std::move(text), access, std::move(key), std::move(before), std::move(after), std::move(changes));
}

template <typename Id, typename Value> Id nextId(const std::map<Id, Value>& m) {
    return Id{m.empty() ? 1u : m.rbegin()->first.value + 1};
}

ChangeSet cellsChanged(std::vector<Offset> cells, std::uint8_t kinds) {
    ChangeSet cs;
    cs.cells = std::move(cells);
    cs.kinds = kinds;
    return cs;
}

ChangeSet pieceChanged(PieceRef p, std::uint8_t kinds) {
    ChangeSet cs;
    cs.pieces.push_back(p);
    cs.kinds = kinds;
    return cs;
}

ChangeSet infoChanged() {
    ChangeSet cs;
    cs.kinds = InfoChanged;
    return cs;
}

std::vector<Offset> pathCells(const Scenario& s, PathId id, const std::optional<Path>& after) {
    std::vector<Offset> cells;
    if (auto it = s.map.paths.find(id); it != s.map.paths.end()) {
        cells = it->second.cells;
    }
    if (after) {
        cells.insert(cells.end(), after->cells.begin(), after->cells.end());
    }
    return cells;
}

} // namespace

CommandPtr paint(const Scenario& s, CellLayer layer, const std::vector<Offset>& cells, int value,
                 std::uint64_t stroke) {
    return std::make_unique<PaintCells>(s, layer, cells, value, stroke);
}

CommandPtr setHexside(const Scenario& s, EdgeId edge, Hexside value) {
    auto [a, b] = s.map.grid.edgeCells(edge);
    std::optional<Hexside> after;
    if (!value.empty()) {
        after = value;
    }
    return replace<EdgeId, Hexside>(
        "Change hexside", [](Scenario & sc) -> auto& { return sc.map.hexsides; }, s, edge, after,
        cellsChanged({a, b}, TerrainChanged));
}

CommandPtr setPath(const Scenario& s, PathId id, std::optional<Path> value) {
    auto cells = pathCells(s, id, value);
    return replace<PathId, Path>(
        value ? "Edit path" : "Delete path", [](Scenario & sc) -> auto& { return sc.map.paths; }, s, id,
        std::move(value), cellsChanged(std::move(cells), PathsChanged));
}

CommandPtr setFeature(const Scenario& s, FeatureId id, std::optional<Feature> value) {
    std::vector<Offset> cells;
    if (auto it = s.map.features.find(id); it != s.map.features.end()) {
        cells.push_back(it->second.cell);
    }
    if (value) {
        cells.push_back(value->cell);
    }
    return replace<FeatureId, Feature>(
        value ? "Edit map feature" : "Delete map feature",
        [](Scenario & sc) -> auto& { return sc.map.features; }, s, id, std::move(value),
        cellsChanged(std::move(cells), PathsChanged));
}

CommandPtr setHeadquarters(const Scenario& s, HeadquartersId id, std::optional<Headquarters> value) {
    return replace<HeadquartersId, Headquarters>(
        value ? "Edit headquarters" : "Delete headquarters",
        [](Scenario & sc) -> auto& { return sc.oob.headquarters; }, s, id, std::move(value),
        pieceChanged(PieceRef::commander(id), OrderChanged));
}

CommandPtr setUnit(const Scenario& s, UnitId id, std::optional<Unit> value) {
    return replace<UnitId, Unit>(
        value ? "Edit unit" : "Delete unit", [](Scenario & sc) -> auto& { return sc.oob.units; }, s, id,
        std::move(value), pieceChanged(PieceRef::unit(id), OrderChanged));
}

CommandPtr setTrain(const Scenario& s, TrainId id, std::optional<Train> value) {
    return replace<TrainId, Train>(
        value ? "Edit train" : "Delete train", [](Scenario & sc) -> auto& { return sc.oob.trains; }, s, id,
        std::move(value), pieceChanged(PieceRef::train(id), OrderChanged));
}

CommandPtr setPlacement(const Scenario& s, PieceRef piece, std::optional<Placement> value) {
    ChangeSet cs = pieceChanged(piece, PlacementsChanged);
    if (auto it = s.deployment.placements.find(piece); it != s.deployment.placements.end()) {
        cs.cells.assign(it->second.cells.begin(), it->second.cells.end());
    }
    if (value) {
        cs.cells.insert(cs.cells.end(), value->cells.begin(), value->cells.end());
    }
    auto cmd = replace<PieceRef, Placement>(
        value ? "Move piece" : "Remove piece from map",
        [](Scenario & sc) -> auto& { return sc.deployment.placements; }, s, piece, std::move(value),
        std::move(cs));
    static_cast<ReplaceEntry<PieceRef, Placement>&>(*cmd).setMergeable(true);
    return cmd;
}

CommandPtr setReinforcement(const Scenario& s, PieceRef piece, std::optional<Reinforcement> value) {
    return replace<PieceRef, Reinforcement>(
        "Edit reinforcement", [](Scenario & sc) -> auto& { return sc.deployment.reinforcements; }, s, piece,
        std::move(value), pieceChanged(piece, PlacementsChanged));
}

CommandPtr setEvent(const Scenario& s, int roll, std::optional<std::string> text) {
    return replace<int, std::string>(
        "Edit events table", [](Scenario & sc) -> auto& { return sc.events; }, s, roll, std::move(text),
        infoChanged());
}

CommandPtr setInfo(const Scenario& s, ScenarioInfo info) {
    return std::make_unique<ReplaceValue<ScenarioInfo>>(
        "Edit scenario", [](Scenario & sc) -> auto& { return sc.info; }, s.info, std::move(info),
        infoChanged());
}

CommandPtr setExclusions(const Scenario& s, std::vector<Exclusion> exclusions) {
    return std::make_unique<ReplaceValue<std::vector<Exclusion>>>(
        "Edit exclusions", [](Scenario & sc) -> auto& { return sc.exclusions; }, s.exclusions,
        std::move(exclusions), infoChanged());
}

CommandPtr setBackground(const Scenario& s, std::optional<BackgroundImage> background) {
    ChangeSet cs;
    cs.kinds = TerrainChanged; // what the map looks like, not what the rules read
    return std::make_unique<ReplaceValue<std::optional<BackgroundImage>>>(
        "Change background image", [](Scenario & sc) -> auto& { return sc.map.background; }, s.map.background,
        std::move(background), std::move(cs));
}

CommandPtr setGeoPlacement(const Scenario& s, std::optional<GeoPlacement> geo) {
    ChangeSet cs;
    cs.kinds = TerrainChanged; // where the map lies, not what the rules read
    return std::make_unique<ReplaceValue<std::optional<GeoPlacement>>>(
        "Place the map on the Earth", [](Scenario & sc) -> auto& { return sc.map.geo; }, s.map.geo,
        std::move(geo), std::move(cs));
}

CommandPtr setElevationLayer(const Scenario& s, std::vector<std::int16_t> levels, int feetPerContour,
                             std::optional<HeightSurface> surface, std::optional<int> baseFeet) {
    Map map = s.map;
    map.elevation = std::move(levels);
    map.feetPerContour = feetPerContour;
    map.baseFeet = baseFeet;
    map.surface = std::move(surface);
    ChangeSet cs;
    cs.everything = true;
    cs.kinds = TerrainChanged;
    return std::make_unique<ReplaceValue<Map>>(
        "Import elevation", [](Scenario & sc) -> auto& { return sc.map; }, s.map, std::move(map),
        std::move(cs));
}

CommandPtr setTerrainLayer(const Scenario& s, std::vector<TerrainIndex> terrain) {
    ChangeSet cs;
    cs.kinds = TerrainChanged;
    for (std::size_t i = 0; i < terrain.size() && i < s.map.terrain.size(); ++i) {
        if (terrain[i] != s.map.terrain[i]) {
            cs.cells.push_back(s.map.grid.offsetAt(i));
        }
    }
    Map map = s.map;
    map.terrain = std::move(terrain);
    return std::make_unique<ReplaceValue<Map>>(
        "Import land cover", [](Scenario & sc) -> auto& { return sc.map; }, s.map, std::move(map),
        std::move(cs));
}

CommandPtr replaceMap(const Scenario& s, Map map) {
    return std::make_unique<ReplaceValue<Map>>(
        "Change map", [](Scenario & sc) -> auto& { return sc.map; }, s.map, std::move(map), ChangeSet::all());
}

CommandPtr resizeMap(const Scenario& s, int cols, int rows) {
    return sandtable::resizeMap(s, ResizePlan{cols, rows, {}});
}

CommandPtr setForces(const Scenario& s, std::optional<std::set<HeadquartersId>> forces) {
    ChangeSet cs;
    cs.kinds = PlacementsChanged | OrderChanged;
    cs.everything = true; // who takes part changes what every deployment rule expects
    return std::make_unique<ReplaceValue<std::optional<std::set<HeadquartersId>>>>(
        "Choose the forces taking part", [](Scenario & sc) -> auto& { return sc.deployment.forces; },
        s.deployment.forces, std::move(forces), std::move(cs));
}

CommandPtr chooseForces(const Scenario& s, std::optional<std::set<HeadquartersId>> forces) {
    std::vector<CommandPtr> parts;
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (!takesPart(s.oob, forces, piece)) {
            parts.push_back(setPlacement(s, piece, std::nullopt));
        }
    }
    for (const auto& [piece, reinforcement] : s.deployment.reinforcements) {
        if (!takesPart(s.oob, forces, piece)) {
            parts.push_back(setReinforcement(s, piece, std::nullopt));
        }
    }
    parts.push_back(setForces(s, std::move(forces)));
    return std::make_unique<CommandGroup>("Choose the forces taking part", std::move(parts));
}

CommandPtr setOtherStarts(const Scenario& s, std::vector<ScenarioStart> others) {
    // Rare and broad (a resize, a deletion from the order of battle): said as everything, so the
    // findings of every scenario are counted again.
    ChangeSet cs = infoChanged();
    cs.everything = true;
    return std::make_unique<ReplaceValue<std::vector<ScenarioStart>>>(
        "Edit the other scenarios", [](Scenario & sc) -> auto& { return sc.otherStarts; }, s.otherStarts,
        std::move(others), std::move(cs));
}

namespace {

// A force list without the removed headquarters: a removed force gives way to its parent (when that
// stays), and a list left empty means the whole order of battle, never a scenario without forces.
std::optional<std::set<HeadquartersId>> forcesWithout(const std::optional<std::set<HeadquartersId>>& forces,
                                                      const std::vector<HeadquartersId>& doomed,
                                                      const OrderOfBattle& oob) {
    if (!forces) {
        return forces;
    }
    std::set<HeadquartersId> kept;
    for (HeadquartersId hq : *forces) {
        if (std::ranges::find(doomed, hq) == doomed.end()) {
            kept.insert(hq);
            continue;
        }
        HeadquartersId parent = oob.headquarters.at(hq).parent;
        while (parent.valid() && std::ranges::find(doomed, parent) != doomed.end()) {
            parent = oob.headquarters.at(parent).parent;
        }
        if (parent.valid()) {
            kept.insert(parent);
        }
    }
    return kept.empty() ? std::nullopt : std::optional(std::move(kept));
}

// Takes `pieces` and `doomed` headquarters out of the current scenario (as commands) and out of
// every other scenario (one command).
void dropEverywhere(const Scenario& s, const std::vector<PieceRef>& pieces,
                    const std::vector<HeadquartersId>& doomed, std::vector<CommandPtr>& parts) {
    for (PieceRef p : pieces) {
        if (s.deployment.placements.contains(p)) {
            parts.push_back(setPlacement(s, p, std::nullopt));
        }
        if (s.deployment.reinforcements.contains(p)) {
            parts.push_back(setReinforcement(s, p, std::nullopt));
        }
    }
    if (auto forces = forcesWithout(s.deployment.forces, doomed, s.oob); forces != s.deployment.forces) {
        parts.push_back(setForces(s, std::move(forces)));
    }
    std::vector<ScenarioStart> others = s.otherStarts;
    for (ScenarioStart& start : others) {
        for (PieceRef p : pieces) {
            start.deployment.placements.erase(p);
            start.deployment.reinforcements.erase(p);
        }
        start.deployment.forces = forcesWithout(start.deployment.forces, doomed, s.oob);
    }
    if (others != s.otherStarts) {
        parts.push_back(setOtherStarts(s, std::move(others)));
    }
}

// Takes a unit or a train out of the order of battle (commanders go with their headquarters).
CommandPtr removeFromOrder(const Scenario& s, PieceRef piece) {
    return piece.kind == PieceKind::Unit ? setUnit(s, UnitId{piece.id}, std::nullopt)
                                         : setTrain(s, TrainId{piece.id}, std::nullopt);
}

} // namespace

CommandPtr removeHeadquarters(const Scenario& s, HeadquartersId id) {
    std::vector<CommandPtr> parts;
    std::vector<HeadquartersId> pending{id};
    std::vector<HeadquartersId> doomed;
    while (!pending.empty()) {
        const HeadquartersId hq = pending.back();
        pending.pop_back();
        if (s.oob.find(hq) == nullptr || std::ranges::find(doomed, hq) != doomed.end()) {
            continue;
        }
        doomed.push_back(hq);
        for (HeadquartersId child : s.oob.children(hq)) {
            pending.push_back(child);
        }
    }
    std::vector<PieceRef> pieces;
    for (HeadquartersId hq : doomed) {
        for (UnitId u : s.oob.unitsUnder(hq)) {
            pieces.push_back(PieceRef::unit(u));
        }
        for (const auto& [trainId, train] : s.oob.trains) {
            if (train.corps == hq) {
                pieces.push_back(PieceRef::train(trainId));
            }
        }
        pieces.push_back(PieceRef::commander(hq));
    }
    dropEverywhere(s, pieces, doomed, parts);
    for (PieceRef p : pieces) {
        if (p.kind != PieceKind::Commander) {
            parts.push_back(removeFromOrder(s, p));
        }
    }
    for (HeadquartersId hq : doomed) {
        parts.push_back(setHeadquarters(s, hq, std::nullopt));
    }
    return std::make_unique<CommandGroup>("Delete headquarters", std::move(parts));
}

CommandPtr removePiece(const Scenario& s, PieceRef piece) {
    if (piece.kind == PieceKind::Commander) {
        return removeHeadquarters(s, HeadquartersId{piece.id});
    }
    std::vector<CommandPtr> parts;
    dropEverywhere(s, {piece}, {}, parts);
    parts.push_back(removeFromOrder(s, piece));
    return std::make_unique<CommandGroup>("Delete", std::move(parts));
}

UnitId nextUnitId(const Scenario& s) {
    return nextId(s.oob.units);
}
HeadquartersId nextHeadquartersId(const Scenario& s) {
    return nextId(s.oob.headquarters);
}
TrainId nextTrainId(const Scenario& s) {
    return nextId(s.oob.trains);
}
PathId nextPathId(const Scenario& s) {
    return nextId(s.map.paths);
}
FeatureId nextFeatureId(const Scenario& s) {
    return nextId(s.map.features);
}

} // namespace sandtable::edits
