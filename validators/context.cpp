#include "context.hpp"

#include "model/thread_beside.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace sandtable {
namespace {
const std::vector<PieceRef> noPieces;
const std::vector<UnitId> noUnits;
const std::vector<const Placement*> noPlacements;
const std::vector<HeadquartersId> noHeadquarters;
} // namespace

ValidationContext::ValidationContext(const Scenario& scenario) : s_(scenario) {
    rebuild();
}

void ValidationContext::rebuild() {
    // The cells' lists are emptied, not freed: a full check of a big battle runs this each time, and
    // 10,000 lists made again cost more than most rules. The placements are walked once, for the
    // cells and for the flat list a full run reads.
    // The order of battle's indices beside, on a big battle: they share nothing with the cells'.
    const bool big = s_.oob.units.size() + s_.deployment.placements.size() >= parallelFrom;
    ThreadBeside order;
    if (big) {
        order = ThreadBeside([this] { rebuildOrder(); });
    }
    for (auto& [cell, pieces] : occupancy_) {
        pieces.clear();
    }
    occupancy_.reserve(s_.deployment.placements.size() * 2);
    placed_.clear();
    placed_.reserve(s_.deployment.placements.size());
    std::uint32_t lastUnit = 0, lastCommander = 0;
    std::size_t placedUnits = 0, placedCommanders = 0;
    for (const auto& [piece, placement] : s_.deployment.placements) {
        placed_.push_back({piece, &placement});
        if (piece.kind == PieceKind::Unit) {
            lastUnit = std::max(lastUnit, piece.id);
            ++placedUnits;
        } else if (piece.kind == PieceKind::Commander) {
            lastCommander = std::max(lastCommander, piece.id);
            ++placedCommanders;
        }
        for (Offset c : placement.cells) {
            auto& here = occupancy_[c];
            // Placements are walked in piece order: appending keeps each list sorted, unless a
            // placement names a cell twice.
            if (here.empty() || !(piece < here.back())) {
                here.push_back(piece);
            } else {
                here.insert(std::lower_bound(here.begin(), here.end(), piece), piece);
            }
        }
    }
    std::erase_if(occupancy_, [](const auto& entry) { return entry.second.empty(); });
    // By id only when the ids are dense enough for the table to be small, as unitById_.
    const auto dense = [](std::uint32_t last, std::size_t count) {
        return count > 0 && last <= 4 * count + 1024;
    };
    unitPlacement_.assign(dense(lastUnit, placedUnits) ? lastUnit + 1 : 0, nullptr);
    commanderPlacement_.assign(dense(lastCommander, placedCommanders) ? lastCommander + 1 : 0, nullptr);
    for (const PlacedPiece& placed : placed_) {
        auto& byId = placed.piece.kind == PieceKind::Unit ? unitPlacement_ : commanderPlacement_;
        if (placed.piece.kind != PieceKind::Train && placed.piece.id < byId.size()) {
            byId[placed.piece.id] = placed.placement;
        }
    }
    if (big) {
        order.join();
    } else {
        rebuildOrder();
    }
    {
        const std::lock_guard lock(pathCacheMutex_);
        forgetPaths();
    }
    layout_ = std::make_unique<Layout>(grid(), 1.0);
}

ValidationContext::FullRun::FullRun(ValidationContext& ctx) : ctx_(ctx) {
    ctx.rebuild();
    ctx.occupied_.clear();
    ctx.occupied_.reserve(ctx.occupancy_.size());
    ctx.occupiedPieces_.clear();
    for (const auto& [cell, pieces] : ctx.occupancy_) {
        const auto first = static_cast<std::uint32_t>(ctx.occupiedPieces_.size());
        ctx.occupiedPieces_.insert(ctx.occupiedPieces_.end(), pieces.begin(), pieces.end());
        ctx.occupied_.push_back({cell, first, static_cast<std::uint32_t>(ctx.occupiedPieces_.size())});
    }
    ctx.fullRun_ = true;
}

ValidationContext::FullRun::~FullRun() {
    // The lists keep their room for the next full run; an edit may leave their pointers stale, so
    // nothing reads them outside one.
    ctx_.fullRun_ = false;
}

void ValidationContext::rebuildOrder() {
    for (auto& [hq, units] : unitsUnder_) {
        units.clear(); // kept for the next rebuild, as the occupancy lists are
    }
    for (auto& [hq, children] : children_) {
        children.clear();
    }
    buildAncestors();
    for (const auto& [id, hq] : s_.oob.headquarters) {
        if (hq.parent.valid()) {
            children_[hq.parent.value].push_back(id);
        }
    }
    // The units are walked once, for every index of them.
    unitById_.clear();
    unitSide_.clear();
    units_.clear();
    units_.reserve(s_.oob.units.size());
    const std::uint32_t maxId = s_.oob.units.empty() ? 0 : s_.oob.units.rbegin()->first.value;
    const bool byId = maxId <= 4 * s_.oob.units.size() + 1024;
    if (byId) {
        unitById_.assign(maxId + 1, nullptr);
        unitSide_.assign(maxId + 1, -1);
    }
    for (const auto& [id, unit] : s_.oob.units) {
        units_.push_back({id, &unit});
        if (byId) {
            unitById_[id.value] = &unit;
            if (const Headquarters* parent = headquarters(unit.parent)) {
                unitSide_[id.value] = static_cast<std::int8_t>(sideIndex(parent->side));
            }
        }
        unitsUnder_[unit.parent.value].push_back(id);
    }
    std::erase_if(unitsUnder_, [](const auto& entry) { return entry.second.empty(); });
    std::erase_if(children_, [](const auto& entry) { return entry.second.empty(); });
}

void ValidationContext::buildAncestors() {
    headquartersById_.clear();
    ancestors_.clear();
    const auto& all = s_.oob.headquarters;
    const std::uint32_t maxId = all.empty() ? 0 : all.rbegin()->first.value;
    if (all.empty() || maxId > 4 * all.size() + 1024) {
        return;
    }
    headquartersById_.assign(maxId + 1, nullptr);
    for (const auto& [id, hq] : all) {
        headquartersById_[id.value] = &hq;
    }
    auto known = [&](std::uint32_t id) { return id <= maxId && headquartersById_[id] != nullptr; };
    // Each headquarters' chain upwards is walked once: up to the first one already done, then
    // filled downwards, the nearest headquarters of each echelon overwriting those further up.
    enum : std::uint8_t { Todo, OnChain, Done };
    std::vector<std::uint8_t> state(maxId + 1, Todo);
    ancestors_.assign(maxId + 1, {});
    std::vector<std::uint32_t> chain;
    for (const auto& [id, hq] : all) {
        chain.clear();
        std::uint32_t x = id.value;
        while (known(x) && state[x] == Todo) {
            state[x] = OnChain;
            chain.push_back(x);
            x = headquartersById_[x]->parent.value;
        }
        if (known(x) && state[x] == OnChain) { // a cycle (refused on load): keep the bounded walk
            headquartersById_.clear();
            ancestors_.clear();
            return;
        }
        AncestorIds above = known(x) ? ancestors_[x] : AncestorIds{};
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            if (const auto e = static_cast<std::size_t>(headquartersById_[*it]->echelon); e < above.size()) {
                above[e] = *it;
            }
            ancestors_[*it] = above;
            state[*it] = Done;
        }
    }
}

const Headquarters* ValidationContext::headquarters(HeadquartersId id) const {
    if (!headquartersById_.empty()) {
        return id.value < headquartersById_.size() ? headquartersById_[id.value] : nullptr;
    }
    return s_.oob.find(id);
}

std::optional<HeadquartersId> ValidationContext::ancestorOf(HeadquartersId start, Echelon echelon) const {
    if (ancestors_.empty()) {
        return s_.oob.ancestor(start, echelon);
    }
    if (start.value >= headquartersById_.size() || headquartersById_[start.value] == nullptr) {
        return std::nullopt;
    }
    const std::uint32_t found = ancestors_[start.value][static_cast<std::size_t>(echelon)];
    return found == 0 ? std::nullopt : std::optional(HeadquartersId{found});
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
        const std::lock_guard lock(pathCacheMutex_);
        forgetPaths();
    }
}

const std::vector<PieceRef>& ValidationContext::piecesAt(Offset c) const {
    auto it = occupancy_.find(c);
    return it == occupancy_.end() ? noPieces : it->second;
}

const Placement* ValidationContext::placement(PieceRef p) const {
    if (fullRun_) {
        const std::vector<const Placement*>& byId = p.kind == PieceKind::Unit        ? unitPlacement_
                                                    : p.kind == PieceKind::Commander ? commanderPlacement_
                                                                                     : noPlacements;
        if (!byId.empty()) {
            return p.id < byId.size() ? byId[p.id] : nullptr;
        }
    }
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
        if (const Headquarters* hq = headquarters(HeadquartersId{p.id})) {
            return hq->side;
        }
        return std::nullopt;
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
        if (const Headquarters* hq = headquarters(HeadquartersId{p.id})) {
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
    return ancestorOf(start, echelon);
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
    if (from == to || grid().adjacent(from, to)) {
        return true;
    }
    const Layout& layout = *layout_;
    const Map& map = s_.map;
    const int eyeLevel = std::max(map.elevationAt(from), map.elevationAt(to));
    // Candidates: the cells on the drawn line and their neighbours (a line can clip a cell the
    // rounded line misses).
    std::vector<Offset> blockers;
    const auto consider = [&](Offset n) {
        if (n != from && n != to && (map.terrainAt(n).blocksSight || map.elevationAt(n) > eyeLevel) &&
            std::find(blockers.begin(), blockers.end(), n) == blockers.end()) {
            blockers.push_back(n);
        }
    };
    for (Offset c : grid().lineDraw(from, to)) {
        // Its neighbours on the map, then the cell itself, each without a list of its own: this runs
        // for every unit and commander of a battle checked for sight.
        for (int d = 0; d < grid().sideCount(); ++d) {
            if (const Offset n = grid().neighbor(c, d); grid().contains(n)) {
                consider(n);
            }
        }
        consider(c);
    }
    if (blockers.empty()) {
        return true;
    }
    // Cells are convex, so how much of a sight line crosses one is a clip of the segment against
    // each side's half-plane (Cyrus-Beck), the same length Boost.Geometry's intersection gives.
    std::vector<std::array<Point, 6>> polygons(blockers.size());
    const auto sides = static_cast<std::size_t>(grid().sideCount());
    for (std::size_t i = 0; i < blockers.size(); ++i) {
        for (std::size_t k = 0; k < sides; ++k) {
            polygons[i][k] = layout.corner(blockers[i], static_cast<int>(k));
        }
    }
    // A sight line exactly along a cell side or through a corner touches the cells on both sides,
    // and floating point would pick one at random. So look along two lines nudged a hair to either
    // side: sight is blocked only when both are, i.e. along a side both cells must block.
    const Point a = layout.cellCenter(from), b = layout.cellCenter(to);
    const double length = std::hypot(b.x - a.x, b.y - a.y);
    const double nx = -(b.y - a.y) / length * 1e-4, ny = (b.x - a.x) / length * 1e-4;
    const double dx = b.x - a.x, dy = b.y - a.y;
    auto insideLength = [&](const std::array<Point, 6>& poly, double sx, double sy) {
        // Orientation of the corners, so that every side's inward normal points the same way.
        const double turn = (poly[1].x - poly[0].x) * (poly[2].y - poly[1].y) -
                            (poly[1].y - poly[0].y) * (poly[2].x - poly[1].x);
        const double inward = turn > 0 ? 1.0 : -1.0;
        double enter = 0, leave = 1;
        for (std::size_t k = 0; k < sides && enter < leave; ++k) {
            const Point p0 = poly[k], p1 = poly[(k + 1) % sides];
            const double ex = p1.x - p0.x, ey = p1.y - p0.y;
            const double normalX = -ey * inward, normalY = ex * inward;
            const double distance = normalX * (sx - p0.x) + normalY * (sy - p0.y);
            const double along = normalX * dx + normalY * dy;
            if (along == 0) {
                if (distance < 0) {
                    return 0.0;
                }
            } else if (along > 0) {
                enter = std::max(enter, -distance / along);
            } else {
                leave = std::min(leave, -distance / along);
            }
        }
        return leave > enter ? (leave - enter) * length : 0.0;
    };
    auto blocked = [&](double side) {
        for (const auto& poly : polygons) {
            if (insideLength(poly, a.x + nx * side, a.y + ny * side) > 1e-3) {
                return true;
            }
        }
        return false;
    };
    return !(blocked(1) && blocked(-1));
}

void ValidationContext::forgetPaths() {
    // The arrays are kept for the next build: a million cells' worth of fresh pages costs more
    // than the build itself.
    pathKinds_.clear();
    for (auto& [kinds, built] : networks_) {
        built.current = false;
    }
}

const std::vector<std::uint8_t>& ValidationContext::pathKinds() const {
    const std::lock_guard lock(pathCacheMutex_);
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

const ValidationContext::PathNetworks& ValidationContext::networks(unsigned kinds) const {
    const std::lock_guard lock(pathCacheMutex_);
    PathNetworks& built = networks_[kinds];
    if (built.current) {
        return built;
    }
    built.current = true;
    // A path's cells in a row on the map are joined by the path itself, so the union-find runs over
    // stretches of cells (a path leaving the map and coming back makes two), not over cells: each
    // cell remembers the first stretch through it, and a stretch reaching a cell another holds
    // joins it. The cells keep their first stretch, not their network: setting a million-cell
    // array again in the stretches' order is a cache miss a cell, and only a few cells are asked.
    std::vector<std::int32_t>& first = built.firstRun;
    std::vector<std::int32_t>& parent = built.network;
    first.assign(grid().cellCount(), -1);
    parent.clear();
    auto find = [&](std::int32_t x) {
        while (parent[static_cast<std::size_t>(x)] != x) {
            const std::int32_t up = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
            parent[static_cast<std::size_t>(x)] = up; // halve the walk
            x = up;
        }
        return x;
    };
    for (const auto& [id, path] : s_.map.paths) {
        if ((pathKindBit(path.kind) & kinds) == 0) {
            continue;
        }
        for (std::size_t k = 0; k < path.cells.size();) {
            if (!grid().contains(path.cells[k])) {
                ++k;
                continue;
            }
            std::size_t end = k + 1;
            while (end < path.cells.size() && grid().contains(path.cells[end])) {
                ++end;
            }
            if (end - k >= 2) { // a lone cell is no stretch of road: it links nothing
                const auto run = static_cast<std::int32_t>(parent.size());
                parent.push_back(run);
                for (std::size_t i = k; i < end; ++i) {
                    std::int32_t& held = first[grid().index(path.cells[i])];
                    if (held < 0) {
                        held = run;
                    } else if (const auto a = find(held), b = find(run); a != b) {
                        parent[static_cast<std::size_t>(a)] = b;
                    }
                }
            }
            k = end;
        }
    }
    // Every stretch straight to its network's root, so the readers on other threads only read.
    for (std::size_t run = 0; run < parent.size(); ++run) {
        parent[run] = find(static_cast<std::int32_t>(run));
    }
    return built;
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
    const PathNetworks& built = networks(kinds);
    const auto networkAt = [&](Offset c) {
        const std::int32_t run = built.firstRun[grid().index(c)];
        return run < 0 ? -1 : built.network[static_cast<std::size_t>(run)]; // -1: no stretch joins it
    };
    const std::int32_t a = networkAt(from);
    return a >= 0 && a == networkAt(to);
}

} // namespace sandtable
