#include "context.hpp"

#include "model/geometry.hpp"

#include <algorithm>
#include <deque>
#include <unordered_set>

namespace sandtable {
namespace {
const std::vector<PieceRef> noPieces;
const std::vector<UnitId> noUnits;
const std::vector<HeadquartersId> noHeadquarters;
} // namespace

ValidationContext::ValidationContext(const Scenario& scenario) : s_(scenario) { rebuild(); }

void ValidationContext::rebuild() {
    occupancy_.clear();
    for (const auto& [piece, placement] : s_.deployment.placements) {
        indexPiece(piece);
    }
    rebuildOrder();
    roads_.reset();
}

void ValidationContext::rebuildOrder() {
    unitsUnder_.clear();
    children_.clear();
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
        roads_.reset();
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
    auto it = s_.oob.units.find(UnitId{p.id});
    return it == s_.oob.units.end() ? nullptr : &it->second;
}

std::optional<Side> ValidationContext::sideOf(PieceRef p) const {
    switch (p.kind) {
    case PieceKind::Unit:
        if (const Unit* u = unit(p)) {
            return s_.oob.sideOf(u->parent);
        }
        return std::nullopt;
    case PieceKind::Commander: return s_.oob.sideOf(HeadquartersId{p.id});
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
    const Map& map = s_.map;
    const int eyeLevel = std::max(map.elevationAt(from), map.elevationAt(to));
    const Layout layout(grid(), 1.0);
    const Point a = layout.cellCenter(from), b = layout.cellCenter(to);
    bg::model::linestring<geo::BPoint> sight{{a.x, a.y}, {b.x, b.y}};
    // Candidates: the cells on the drawn line and their neighbours (a line can clip a cell the
    // rounded line misses).
    std::unordered_set<Offset> candidates;
    for (Offset c : grid().lineDraw(from, to)) {
        candidates.insert(c);
        for (Offset n : grid().neighbors(c)) {
            candidates.insert(n);
        }
    }
    for (Offset c : candidates) {
        if (c == from || c == to || !grid().contains(c)) {
            continue;
        }
        const bool blocks = map.terrainAt(c).blocksSight || map.elevationAt(c) > eyeLevel;
        if (!blocks) {
            continue;
        }
        bg::model::multi_linestring<bg::model::linestring<geo::BPoint>> inside;
        bg::intersection(sight, geo::cellPolygon(layout, c), inside);
        if (bg::length(inside) > 1e-6) {
            return false;
        }
    }
    return true;
}

const std::unordered_map<Offset, std::vector<std::pair<Offset, unsigned>>>& ValidationContext::roads() const {
    if (!roads_) {
        roads_.emplace();
        for (const auto& [id, path] : s_.map.paths) {
            const unsigned bit = pathKindBit(path.kind);
            for (std::size_t i = 0; i + 1 < path.cells.size(); ++i) {
                (*roads_)[path.cells[i]].emplace_back(path.cells[i + 1], bit);
                (*roads_)[path.cells[i + 1]].emplace_back(path.cells[i], bit);
            }
        }
    }
    return *roads_;
}

bool ValidationContext::onPath(Offset c, unsigned kinds) const {
    auto it = roads().find(c);
    return it != roads().end() && std::ranges::any_of(it->second, [&](const auto& e) { return (e.second & kinds) != 0; });
}

bool ValidationContext::pathConnected(Offset from, Offset to, unsigned kinds) const {
    if (from == to) {
        return true;
    }
    const auto& graph = roads();
    std::unordered_set<Offset> seen{from};
    std::deque<Offset> queue{from};
    while (!queue.empty()) {
        const Offset c = queue.front();
        queue.pop_front();
        auto it = graph.find(c);
        if (it == graph.end()) {
            continue;
        }
        for (const auto& [next, bit] : it->second) {
            if ((bit & kinds) == 0 || !seen.insert(next).second) {
                continue;
            }
            if (next == to) {
                return true;
            }
            queue.push_back(next);
        }
    }
    return false;
}

} // namespace sandtable
