#include "context.hpp"

#include "model/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace sandtable {
namespace {
const std::vector<PieceRef> noPieces;
const std::vector<UnitId> noUnits;
const std::vector<HeadquartersId> noHeadquarters;
} // namespace

ValidationContext::ValidationContext(const Scenario& scenario) : s_(scenario) {
    rebuild();
}

void ValidationContext::rebuild() {
    occupancy_.clear();
    occupancy_.reserve(s_.deployment.placements.size() * 2);
    for (const auto& [piece, placement] : s_.deployment.placements) {
        indexPiece(piece);
    }
    rebuildOrder();
    pathKinds_.clear();
    components_.clear();
    layout_.reset();
}

void ValidationContext::rebuildOrder() {
    unitsUnder_.clear();
    children_.clear();
    unitById_.clear();
    unitSide_.clear();
    const std::uint32_t maxId = s_.oob.units.empty() ? 0 : s_.oob.units.rbegin()->first.value;
    if (maxId <= 4 * s_.oob.units.size() + 1024) {
        unitById_.assign(maxId + 1, nullptr);
        unitSide_.assign(maxId + 1, -1);
        for (const auto& [id, unit] : s_.oob.units) {
            unitById_[id.value] = &unit;
            if (const auto side = s_.oob.sideOf(unit.parent)) {
                unitSide_[id.value] = static_cast<std::int8_t>(sideIndex(*side));
            }
        }
    }
    for (const auto& [id, unit] : s_.oob.units) {
        unitsUnder_[unit.parent.value].push_back(id);
    }
    for (const auto& [id, hq] : s_.oob.headquarters) {
        if (hq.parent.valid()) {
            children_[hq.parent.value].push_back(id);
        }
    }
}

void ValidationContext::indexPiece(PieceRef p) {
    if (const Placement* pl = placement(p)) {
        // Kept sorted, so findings list pieces in the same order however the index was built.
        for (Offset c : pl->cells) {
            auto& here = occupancy_[c];
            here.insert(std::lower_bound(here.begin(), here.end(), p), p);
        }
    }
}

void ValidationContext::unindexPiece(PieceRef p, const std::vector<Offset>& cells) {
    for (Offset c : cells) {
        auto it = occupancy_.find(c);
        if (it == occupancy_.end()) {
            continue;
        }
        std::erase(it->second, p);
        if (it->second.empty()) {
            occupancy_.erase(it);
        }
    }
}

void ValidationContext::update(const ChangeSet& changes) {
    if (changes.everything) {
        rebuild();
        return;
    }
    if (changes.kinds & PlacementsChanged) {
        // The change set lists a moved piece's old and new cells; drop it from the old ones (and
        // from the new, in case it was there) and index it where it stands now.
        for (PieceRef p : changes.pieces) {
            unindexPiece(p, changes.cells);
            indexPiece(p);
        }
    }
    if (changes.kinds & OrderChanged) {
        rebuildOrder();
        // A deleted piece keeps no cells in the index.
        for (PieceRef p : changes.pieces) {
            if (!placement(p)) {
                for (auto it = occupancy_.begin(); it != occupancy_.end();) {
                    std::erase(it->second, p);
                    it = it->second.empty() ? occupancy_.erase(it) : std::next(it);
                }
            }
        }
    }
    if (changes.kinds & PathsChanged) {
        pathKinds_.clear();
        components_.clear();
    }
}

const std::vector<PieceRef>& ValidationContext::piecesAt(Offset c) const {
    auto it = occupancy_.find(c);
    return it == occupancy_.end() ? noPieces : it->second;
}

const Placement* ValidationContext::placement(PieceRef p) const {
    auto it = s_.deployment.placements.find(p);
    return it == s_.deployment.placements.end() ? nullptr : &it->second;
}

const Unit* ValidationContext::unit(PieceRef p) const {
    if (p.kind != PieceKind::Unit) {
        return nullptr;
    }
    if (!unitById_.empty()) {
        return p.id < unitById_.size() ? unitById_[p.id] : nullptr;
    }
    auto it = s_.oob.units.find(UnitId{p.id});
    return it == s_.oob.units.end() ? nullptr : &it->second;
}

std::optional<Side> ValidationContext::sideOf(PieceRef p) const {
    switch (p.kind) {
    case PieceKind::Unit:
        if (!unitSide_.empty()) {
            if (p.id >= unitSide_.size() || unitSide_[p.id] < 0) {
                return std::nullopt;
            }
            return static_cast<Side>(unitSide_[p.id]);
        }
        if (const Unit* u = unit(p)) {
            return s_.oob.sideOf(u->parent);
        }
        return std::nullopt;
    case PieceKind::Commander:
        return s_.oob.sideOf(HeadquartersId{p.id});
    case PieceKind::Train: {
        auto it = s_.oob.trains.find(TrainId{p.id});
        return it == s_.oob.trains.end() ? std::nullopt : s_.oob.sideOf(it->second.corps);
    }
    }
    return std::nullopt;
}

std::string ValidationContext::describe(PieceRef p) const {
    switch (p.kind) {
    case PieceKind::Unit:
        if (const Unit* u = unit(p)) {
            return u->roster != 0 ? u->name + " (#" + std::to_string(u->roster) + ")" : u->name;
        }
        break;
    case PieceKind::Commander:
        if (const Headquarters* hq = s_.oob.find(HeadquartersId{p.id})) {
            return (hq->commander.empty() ? "the commander" : hq->commander) + " (" + hq->name + ")";
        }
        break;
    case PieceKind::Train: {
        auto it = s_.oob.trains.find(TrainId{p.id});
        if (it != s_.oob.trains.end()) {
            return it->second.name.empty() ? "train " + std::to_string(p.id) : it->second.name;
        }
        break;
    }
    }
    return std::string(enumName(p.kind)) + ":" + std::to_string(p.id);
}

std::optional<HeadquartersId> ValidationContext::ancestor(PieceRef p, Echelon echelon) const {
    HeadquartersId start;
    if (p.kind == PieceKind::Unit) {
        const Unit* u = unit(p);
        if (u == nullptr) {
            return std::nullopt;
        }
        start = u->parent;
    } else if (p.kind == PieceKind::Commander) {
        start = HeadquartersId{p.id};
    } else {
        auto it = s_.oob.trains.find(TrainId{p.id});
        if (it == s_.oob.trains.end()) {
            return std::nullopt;
        }
        start = it->second.corps;
    }
    return s_.oob.ancestor(start, echelon);
}

std::optional<Offset> ValidationContext::commanderCell(HeadquartersId hq) const {
    const Placement* pl = placement(PieceRef::commander(hq));
    return pl == nullptr || pl->cells.empty() ? std::nullopt : std::optional(pl->cells.front());
}

const std::vector<UnitId>& ValidationContext::unitsUnder(HeadquartersId hq) const {
    auto it = unitsUnder_.find(hq.value);
    return it == unitsUnder_.end() ? noUnits : it->second;
}

const std::vector<HeadquartersId>& ValidationContext::childrenOf(HeadquartersId hq) const {
    auto it = children_.find(hq.value);
    return it == children_.end() ? noHeadquarters : it->second;
}

bool ValidationContext::lineOfSight(Offset from, Offset to) const {
    namespace bg = boost::geometry;
    if (from == to || grid().adjacent(from, to)) {
        return true;
    }
    if (!layout_) {
        layout_ = std::make_unique<Layout>(grid(), 1.0);
    }
    const Layout& layout = *layout_;
    const Map& map = s_.map;
    const int eyeLevel = std::max(map.elevationAt(from), map.elevationAt(to));
    // Candidates: the cells on the drawn line and their neighbours (a line can clip a cell the
    // rounded line misses).
    std::vector<Offset> blockers;
    for (Offset c : grid().lineDraw(from, to)) {
        auto around = grid().neighbors(c);
        around.push_back(c);
        for (Offset n : around) {
            if (n != from && n != to && (map.terrainAt(n).blocksSight || map.elevationAt(n) > eyeLevel) &&
                std::find(blockers.begin(), blockers.end(), n) == blockers.end()) {
                blockers.push_back(n);
            }
        }
    }
    if (blockers.empty()) {
        return true;
    }
    std::vector<geo::BPolygon> polygons;
    polygons.reserve(blockers.size());
    for (Offset c : blockers) {
        polygons.push_back(geo::cellPolygon(layout, c));
    }
    // A sight line exactly along a cell side or through a corner touches the cells on both sides,
    // and floating point would pick one at random. So look along two lines nudged a hair to either
    // side: sight is blocked only when both are, i.e. along a side both cells must block.
    const Point a = layout.cellCenter(from), b = layout.cellCenter(to);
    const double length = std::hypot(b.x - a.x, b.y - a.y);
    const double nx = -(b.y - a.y) / length * 1e-4, ny = (b.x - a.x) / length * 1e-4;
    auto blocked = [&](double side) {
        bg::model::linestring<geo::BPoint> sight{{a.x + nx * side, a.y + ny * side},
                                                 {b.x + nx * side, b.y + ny * side}};
        for (const auto& poly : polygons) {
            bg::model::multi_linestring<bg::model::linestring<geo::BPoint>> inside;
            bg::intersection(sight, poly, inside);
            if (bg::length(inside) > 1e-3) {
                return true;
            }
        }
        return false;
    };
    return !(blocked(1) && blocked(-1));
}

const std::vector<std::uint8_t>& ValidationContext::pathKinds() const {
    if (pathKinds_.empty()) {
        pathKinds_.assign(grid().cellCount(), 0);
        for (const auto& [id, path] : s_.map.paths) {
            const auto bit = static_cast<std::uint8_t>(pathKindBit(path.kind));
            for (Offset c : path.cells) {
                if (grid().contains(c)) {
                    pathKinds_[grid().index(c)] |= bit;
                }
            }
        }
    }
    return pathKinds_;
}

const std::vector<std::int32_t>& ValidationContext::components(unsigned kinds) const {
    auto [it, added] = components_.try_emplace(kinds);
    auto& parent = it->second;
    if (!added) {
        return parent;
    }
    // Union-find over the cells the paths of these kinds join: -1 marks a root (and every cell no
    // such path touches), so a million cells cost one fill, and only the touched are flattened.
    parent.assign(grid().cellCount(), -1);
    auto find = [&](std::int32_t x) {
        std::int32_t root = x;
        while (parent[static_cast<std::size_t>(root)] >= 0) {
            root = parent[static_cast<std::size_t>(root)];
        }
        while (parent[static_cast<std::size_t>(x)] >= 0) { // compress the walk
            const std::int32_t next = parent[static_cast<std::size_t>(x)];
            parent[static_cast<std::size_t>(x)] = root;
            x = next;
        }
        return root;
    };
    std::vector<std::int32_t> touched;
    for (const auto& [id, path] : s_.map.paths) {
        if ((pathKindBit(path.kind) & kinds) == 0) {
            continue;
        }
        for (std::size_t k = 0; k + 1 < path.cells.size(); ++k) {
            if (grid().contains(path.cells[k]) && grid().contains(path.cells[k + 1])) {
                const auto from = static_cast<std::int32_t>(grid().index(path.cells[k]));
                const auto to = static_cast<std::int32_t>(grid().index(path.cells[k + 1]));
                touched.push_back(from);
                touched.push_back(to);
                if (const auto a = find(from), b = find(to); a != b) {
                    parent[static_cast<std::size_t>(a)] = b;
                }
            }
        }
    }
    // Flattened, so each query is a plain lookup: a touched cell holds its root (itself for a
    // root); an untouched one keeps -1 (pathConnected asks only of cells on a path).
    std::vector<std::int32_t> roots(touched.size());
    for (std::size_t i = 0; i < touched.size(); ++i) {
        roots[i] = find(touched[i]);
    }
    for (std::size_t i = 0; i < touched.size(); ++i) {
        parent[static_cast<std::size_t>(touched[i])] = roots[i];
    }
    return parent;
}

bool ValidationContext::onPath(Offset c, unsigned kinds) const {
    return grid().contains(c) && (pathKinds()[grid().index(c)] & kinds) != 0;
}

bool ValidationContext::pathConnected(Offset from, Offset to, unsigned kinds) const {
    if (from == to) {
        return true;
    }
    if (!onPath(from, kinds) || !onPath(to, kinds)) {
        return false;
    }
    const auto& root = components(kinds);
    const std::int32_t a = root[grid().index(from)];
    return a >= 0 && a == root[grid().index(to)]; // -1: a cell no stretch of such a path leaves
}

} // namespace sandtable
