#include "tool_controller.hpp"

#include "model/commands/edits.hpp"
#include "model/commands/set_hexsides.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <unordered_set>

namespace sandtable {

std::optional<EdgeId> ToolController::nearestEdge(Point p) const {
    const auto cell = layout_.cellAt(p);
    if (!cell) {
        return std::nullopt;
    }
    int best = 0;
    double bestDistance = 1e300;
    for (int d = 0; d < grid().sideCount(); ++d) {
        auto [a, b] = layout_.edgeSegment(grid().edge(*cell, d));
        const double mx = (a.x + b.x) / 2 - p.x, my = (a.y + b.y) / 2 - p.y;
        if (const double dist = mx * mx + my * my; dist < bestDistance) {
            bestDistance = dist;
            best = d;
        }
    }
    return grid().edge(*cell, best);
}

std::optional<EdgeId> ToolController::edgeUnderStroke(Point p) const {
    const auto edge = nearestEdge(p);
    const auto cell = layout_.cellAt(p);
    if (!edge || !cell) {
        return std::nullopt;
    }
    // Near the side, not in the middle of the cell: a pointer crossing a cell takes no side with it.
    auto [a, b] = layout_.edgeSegment(*edge);
    const Point centre = layout_.cellCenter(*cell);
    const double apothem = std::hypot((a.x + b.x) / 2 - centre.x, (a.y + b.y) / 2 - centre.y);
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double t = std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
    const double distance = std::hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
    return distance <= 0.45 * apothem ? edge : std::nullopt;
}

std::vector<EdgeId> ToolController::edgesMeeting(EdgeId e) const {
    auto [a, b] = layout_.edgeSegment(e);
    const double tolerance = 1e-6 * (std::abs(a.x) + std::abs(a.y) + std::abs(b.x) + std::abs(b.y) + 1);
    auto same = [&](Point p, Point q) {
        return std::abs(p.x - q.x) < tolerance && std::abs(p.y - q.y) < tolerance;
    };
    std::vector<EdgeId> out;
    auto [c1, c2] = grid().edgeCells(e);
    for (Offset c : {c1, c2}) {
        for (int d = 0; d < grid().sideCount(); ++d) {
            const EdgeId f = grid().edge(c, d);
            if (f == e || std::find(out.begin(), out.end(), f) != out.end() || !grid().edgeTouchesMap(f)) {
                continue;
            }
            auto [p, q] = layout_.edgeSegment(f);
            if (same(p, a) || same(p, b) || same(q, a) || same(q, b)) {
                out.push_back(f);
            }
        }
    }
    return out;
}

std::vector<EdgeId> ToolController::edgesBetween(EdgeId from, EdgeId to) const {
    // Walk corner to corner toward `to`, as a pen follows the cell edges: always the touching side
    // whose middle is nearest the target, while that brings it nearer.
    auto middle = [&](EdgeId e) {
        auto [a, b] = layout_.edgeSegment(e);
        return Point{(a.x + b.x) / 2, (a.y + b.y) / 2};
    };
    auto distance = [&](EdgeId e) {
        const Point m = middle(e), t = middle(to);
        return std::hypot(m.x - t.x, m.y - t.y);
    };
    std::vector<EdgeId> walk;
    EdgeId at = from;
    for (int step = 0; step < 4 * grid().sideCount() + 64 && at != to; ++step) {
        std::optional<EdgeId> best;
        for (EdgeId next : edgesMeeting(at)) {
            if (!best || distance(next) < distance(*best)) {
                best = next;
            }
        }
        if (!best || distance(*best) >= distance(at)) {
            break;
        }
        at = *best;
        walk.push_back(at);
    }
    if (walk.empty() || walk.back() != to) {
        walk.push_back(to);
    }
    return walk;
}

void ToolController::strokeHexsides(const std::vector<EdgeId>& edges, bool continueStroke) {
    const Scenario& s = doc_.scenario();
    std::vector<std::pair<EdgeId, Hexside>> values;
    for (EdgeId e : edges) {
        Hexside h = s.map.hexsideAt(e);
        if (settings.crossing != Crossing::None) {
            h.crossing = strokeCrossing_;
        } else {
            h.set(settings.sideFeature, strokeAdds_);
        }
        values.emplace_back(e, h);
    }
    auto command = std::make_unique<SetHexsides>(s, values, stroke_);
    if (!command->empty()) {
        doc_.execute(std::move(command), continueStroke);
    }
}

std::optional<PieceRef> ToolController::pieceAt(Offset c) const {
    std::optional<PieceRef> found;
    for (const auto& [piece, placement] : doc_.scenario().deployment.placements) {
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

void ToolController::select(std::optional<PieceRef> piece) {
    selected_ = piece;
    if (onSelected) {
        onSelected(piece);
    }
}

void ToolController::paintAt(Point p, bool continueStroke) {
    const auto cell = layout_.cellAt(p);
    if (!cell) {
        return;
    }
    const Scenario& s = doc_.scenario();
    switch (settings.tool) {
    case Tool::Terrain:
        doc_.execute(edits::paint(s, CellLayer::Terrain, grid().range(*cell, settings.brushRadius),
                                  settings.terrain, stroke_),
                     continueStroke);
        break;
    case Tool::Raise:
    case Tool::Lower: {
        // Each cell of the brush goes one level up (or down) once per stroke.
        const int delta = settings.tool == Tool::Raise ? 1 : -1;
        for (Offset c : grid().range(*cell, settings.brushRadius)) {
            if (!strokeCells_.insert(c).second) {
                continue;
            }
            const int level = std::clamp(s.map.elevationAt(c) + delta, -1000, 1000);
            doc_.execute(edits::paint(s, CellLayer::Elevation, {c}, level, stroke_), continueStroke);
            continueStroke = true;
        }
        break;
    }
    case Tool::Eraser: {
        for (Offset c : grid().range(*cell, settings.brushRadius)) {
            for (const auto& [id, f] : s.map.features) {
                if (f.cell == c) {
                    doc_.execute(edits::setFeature(s, id, std::nullopt), continueStroke);
                    continueStroke = true;
                    break;
                }
            }
            for (int d = 0; d < grid().sideCount(); ++d) {
                if (s.map.hexsides.contains(grid().edge(c, d))) {
                    doc_.execute(edits::setHexside(s, grid().edge(c, d), Hexside{}), continueStroke);
                    continueStroke = true;
                }
            }
        }
        break;
    }
    default:
        break;
    }
}

void ToolController::press(Point p) {
    stroke_ = doc_.newGestureId();
    strokeCells_.clear();
    const auto cell = layout_.cellAt(p);
    const Scenario& s = doc_.scenario();
    switch (settings.tool) {
    case Tool::Terrain:
    case Tool::Raise:
    case Tool::Lower:
    case Tool::Eraser:
        paintAt(p, false);
        break;
    case Tool::Fill: {
        if (!cell) {
            return;
        }
        // Flood the connected region of the same terrain.
        const TerrainIndex from = s.map.terrain[grid().index(*cell)];
        if (from == settings.terrain) {
            return;
        }
        std::vector<Offset> region{*cell};
        std::unordered_set<Offset> seen{*cell};
        for (std::size_t i = 0; i < region.size(); ++i) {
            for (Offset n : grid().neighbors(region[i])) {
                if (s.map.terrain[grid().index(n)] == from && seen.insert(n).second) {
                    region.push_back(n);
                }
            }
        }
        doc_.execute(edits::paint(s, CellLayer::Terrain, region, settings.terrain));
        break;
    }
    case Tool::Eyedropper:
        if (cell) {
            settings.terrain = s.map.terrain[grid().index(*cell)];
            if (onTerrainPicked) {
                onTerrainPicked(settings.terrain);
            }
        }
        break;
    case Tool::Hexside:
        lastEdge_ = nearestEdge(p);
        if (lastEdge_) {
            // The first side toggles the chosen feature (or crossing); the rest of the drag does the
            // same to every side it follows: drawing a river, or rubbing one out.
            const Hexside h = s.map.hexsideAt(*lastEdge_);
            strokeCrossing_ = h.crossing == settings.crossing ? Crossing::None : settings.crossing;
            strokeAdds_ = !h.has(settings.sideFeature);
            strokeHexsides({*lastEdge_}, false);
        }
        break;
    case Tool::Path:
        pathCells_.clear();
        extending_.reset();
        if (cell) {
            pathCells_.push_back(*cell);
            // Starting on the end of a path of the same kind continues it.
            for (const auto& [id, path] : s.map.paths) {
                if (path.kind == settings.pathKind &&
                    (path.cells.back() == *cell || path.cells.front() == *cell)) {
                    extending_ = id;
                    break;
                }
            }
        }
        break;
    case Tool::Feature:
        if (cell) {
            std::optional<Side> side;
            if (settings.featureKind == FeatureKind::Objective ||
                settings.featureKind == FeatureKind::EntryPoint) {
                side = Side::Union;
            }
            const FeatureId id = edits::nextFeatureId(s);
            doc_.execute(edits::setFeature(
                s, id, Feature{settings.featureKind, *cell, settings.featureName, side, 0}));
            // The new place is picked, so its name, side and value can be set in Properties at once.
            marker_ = MapMarker{MapMarker::Kind::Feature, {}, id};
            if (onMarkerSelected) {
                onMarkerSelected(marker_);
            }
        }
        break;
    case Tool::Area:
        areaStart_ = cell;
        area_.clear();
        if (cell) {
            setAreaTo(*cell);
        }
        break;
    case Tool::SetLevel:
        if (cell) {
            doc_.execute(edits::paint(s, CellLayer::Elevation, grid().range(*cell, settings.brushRadius),
                                      settings.level, stroke_));
        }
        break;
    case Tool::Supply: {
        // Marks the selected corps' line of supply (The Hexed General's "LOS").
        const Headquarters* corps = selected_ && selected_->kind == PieceKind::Commander
                                        ? s.oob.find(HeadquartersId{selected_->id})
                                        : nullptr;
        if (corps == nullptr || corps->echelon != Echelon::Corps) {
            if (onMessage) {
                onMessage("Select a corps in the order of battle first, then click its line-of-supply cell");
            }
            break;
        }
        if (cell) {
            Headquarters changed = *corps;
            changed.supplyCell = *cell;
            doc_.execute(edits::setHeadquarters(s, HeadquartersId{selected_->id}, changed));
        }
        break;
    }
    case Tool::Select: {
        const auto piece = cell ? pieceAt(*cell) : std::nullopt;
        select(piece);
        // Where no piece stands, a line of supply or an entry cell is picked up instead.
        marker_ = !piece && cell ? markerAt(*cell) : std::nullopt;
        markerTarget_.reset();
        if (marker_ && onMessage) {
            switch (marker_->kind) {
            case MapMarker::Kind::SupplyCell:
                onMessage("Line of supply: drag it to another cell; Delete clears it");
                break;
            case MapMarker::Kind::Entry:
                onMessage("Reinforcement entry: drag it to another cell; Delete takes the reinforcement off");
                break;
            case MapMarker::Kind::Feature:
                onMessage("Map feature: drag it to another cell, edit it in Properties; Delete removes it");
                break;
            }
        }
        if (onMarkerSelected && marker_) {
            onMarkerSelected(marker_);
        }
        dragFrom_ = cell;
        dragging_ = false;
        break;
    }
    }
}

std::optional<Offset> ToolController::markerCell(const MapMarker& m) const {
    const Scenario& s = doc_.scenario();
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

std::optional<MapMarker> ToolController::markerAt(Offset c) const {
    const Scenario& s = doc_.scenario();
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

bool ToolController::deleteSelectedMarker() {
    if (!marker_) {
        return false;
    }
    const Scenario& s = doc_.scenario();
    const MapMarker m = *marker_;
    marker_.reset();
    markerTarget_.reset();
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

void ToolController::drag(Point p) {
    const auto cell = layout_.cellAt(p);
    switch (settings.tool) {
    case Tool::Terrain:
    case Tool::Raise:
    case Tool::Lower:
    case Tool::Eraser:
        paintAt(p, true);
        break;
    case Tool::Path:
        if (cell && !pathCells_.empty() && *cell != pathCells_.back()) {
            // Fill any gap with a straight line, so a fast drag still makes a chain of neighbours.
            auto line = grid().lineDraw(pathCells_.back(), *cell);
            pathCells_.insert(pathCells_.end(), line.begin() + 1, line.end());
        }
        break;
    case Tool::Area:
        if (cell && areaStart_) {
            setAreaTo(*cell);
        }
        break;
    case Tool::Hexside:
        if (const auto edge = edgeUnderStroke(p); edge && lastEdge_ && *edge != *lastEdge_) {
            strokeHexsides(edgesBetween(*lastEdge_, *edge), true);
            lastEdge_ = edge;
        }
        break;
    case Tool::SetLevel:
        if (cell) {
            doc_.execute(edits::paint(doc_.scenario(), CellLayer::Elevation,
                                      grid().range(*cell, settings.brushRadius), settings.level, stroke_),
                         true);
        }
        break;
    case Tool::Select:
        if (marker_ && cell) {
            markerTarget_ = *cell; // moved on release, as one step
            break;
        }
        if (selected_ && cell && dragFrom_ && *cell != *dragFrom_) {
            const Scenario& s = doc_.scenario();
            auto it = s.deployment.placements.find(*selected_);
            if (it == s.deployment.placements.end()) {
                break;
            }
            // Move every cell of the piece by the same offset (a line keeps its shape).
            Placement moved = it->second;
            const Hex delta = grid().isHex() ? grid().toHex(*cell) - grid().toHex(*dragFrom_) : Hex{};
            for (Offset& c : moved.cells) {
                c = grid().isHex()
                        ? grid().fromHex(grid().toHex(c) + delta)
                        : Offset{c.col + cell->col - dragFrom_->col, c.row + cell->row - dragFrom_->row};
            }
            if (std::all_of(moved.cells.begin(), moved.cells.end(),
                            [&](Offset c) { return grid().contains(c); })) {
                doc_.execute(edits::setPlacement(s, *selected_, moved), dragging_);
                dragging_ = true;
                dragFrom_ = *cell;
            }
        }
        break;
    default:
        break;
    }
}

void ToolController::release(Point p) {
    drag(p);
    if (settings.tool == Tool::Path && pathCells_.size() >= 2) {
        const Scenario& s = doc_.scenario();
        if (extending_) {
            Path path = s.map.paths.at(*extending_);
            if (path.cells.front() == pathCells_.front()) {
                std::reverse(path.cells.begin(), path.cells.end());
            }
            path.cells.insert(path.cells.end(), pathCells_.begin() + 1, pathCells_.end());
            doc_.execute(edits::setPath(s, *extending_, path));
        } else {
            doc_.execute(edits::setPath(s, edits::nextPathId(s), Path{settings.pathKind, "", pathCells_}));
        }
    }
    if (settings.tool == Tool::Select && marker_ && markerTarget_ && markerTarget_ != markerCell(*marker_)) {
        moveMarker(*marker_, *markerTarget_);
    }
    markerTarget_.reset();
    pathCells_.clear();
    dragFrom_.reset();
    dragging_ = false;
    lastEdge_.reset();
}

void ToolController::moveMarker(const MapMarker& m, Offset to) {
    const Scenario& s = doc_.scenario();
    if (!grid().contains(to)) {
        return;
    }
    if (m.kind == MapMarker::Kind::SupplyCell) {
        if (const Headquarters* hq = s.oob.find(HeadquartersId{m.owner.id})) {
            Headquarters moved = *hq;
            moved.supplyCell = to;
            doc_.execute(edits::setHeadquarters(s, HeadquartersId{m.owner.id}, moved));
        }
        return;
    }
    if (m.kind == MapMarker::Kind::Feature) {
        if (auto it = s.map.features.find(m.feature); it != s.map.features.end()) {
            Feature moved = it->second;
            moved.cell = to;
            doc_.execute(edits::setFeature(s, m.feature, moved));
        }
        return;
    }
    if (auto it = s.deployment.reinforcements.find(m.owner); it != s.deployment.reinforcements.end()) {
        Reinforcement moved = it->second;
        moved.entry = to;
        doc_.execute(edits::setReinforcement(s, m.owner, moved));
    }
}

void ToolController::setAreaTo(Offset corner) {
    area_.clear();
    const Offset a = *areaStart_;
    for (int row = std::min(a.row, corner.row); row <= std::max(a.row, corner.row); ++row) {
        for (int col = std::min(a.col, corner.col); col <= std::max(a.col, corner.col); ++col) {
            area_.push_back({col, row});
        }
    }
}

Offset ToolController::translate(Offset c, Offset from, Offset to) const {
    // On hexes move in cube coordinates, so the shape survives an odd column or row shift.
    if (grid().isHex()) {
        return grid().fromHex(grid().toHex(c) + (grid().toHex(to) - grid().toHex(from)));
    }
    return {c.col + to.col - from.col, c.row + to.row - from.row};
}

bool ToolController::copyArea() {
    if (area_.empty()) {
        return false;
    }
    const Scenario& s = doc_.scenario();
    const std::unordered_set<Offset> inside(area_.begin(), area_.end());
    Clipboard clip;
    clip.origin = area_.front();
    for (Offset c : area_) {
        const std::size_t i = grid().index(c);
        clip.cells.push_back({c, {s.map.terrain[i], s.map.elevation[i]}});
        for (int d = 0; d < grid().sideCount() / 2; ++d) {
            if (auto it = s.map.hexsides.find(grid().edge(c, d)); it != s.map.hexsides.end()) {
                clip.hexsides.emplace_back(it->first, it->second);
            }
        }
    }
    for (const auto& [id, path] : s.map.paths) {
        if (std::all_of(path.cells.begin(), path.cells.end(), [&](Offset c) { return inside.contains(c); })) {
            clip.paths.push_back(path);
        }
    }
    for (const auto& [id, f] : s.map.features) {
        if (inside.contains(f.cell)) {
            clip.features.push_back(f);
        }
    }
    clipboard_ = std::move(clip);
    return true;
}

bool ToolController::pasteAt(Offset topLeft) {
    if (!clipboard_) {
        return false;
    }
    const Scenario& s = doc_.scenario();
    const Clipboard& clip = *clipboard_;
    std::vector<CommandPtr> parts;
    // Terrain and elevation: one paint per value, within the map.
    std::map<int, std::vector<Offset>> byTerrain, byLevel;
    for (const auto& [c, values] : clip.cells) {
        const Offset to = translate(c, clip.origin, topLeft);
        if (grid().contains(to)) {
            byTerrain[values.first].push_back(to);
            byLevel[values.second].push_back(to);
        }
    }
    for (const auto& [value, cells] : byTerrain) {
        parts.push_back(edits::paint(s, CellLayer::Terrain, cells, value));
    }
    for (const auto& [value, cells] : byLevel) {
        parts.push_back(edits::paint(s, CellLayer::Elevation, cells, value));
    }
    for (const auto& [edge, side] : clip.hexsides) {
        const Offset to = translate(edge.cell, clip.origin, topLeft);
        const EdgeId moved = grid().edge(to, edge.dir);
        if (grid().edgeTouchesMap(moved)) {
            parts.push_back(edits::setHexside(s, moved, side));
        }
    }
    std::uint32_t nextPath = edits::nextPathId(s).value, nextFeature = edits::nextFeatureId(s).value;
    for (Path path : clip.paths) {
        for (Offset& c : path.cells) {
            c = translate(c, clip.origin, topLeft);
        }
        if (std::all_of(path.cells.begin(), path.cells.end(), [&](Offset c) { return grid().contains(c); })) {
            parts.push_back(edits::setPath(s, PathId{nextPath++}, path));
        }
    }
    for (Feature f : clip.features) {
        f.cell = translate(f.cell, clip.origin, topLeft);
        if (grid().contains(f.cell)) {
            parts.push_back(edits::setFeature(s, FeatureId{nextFeature++}, f));
        }
    }
    doc_.execute(std::make_unique<CommandGroup>("Paste", std::move(parts)));
    return true;
}

bool ToolController::deleteArea() {
    if (area_.empty()) {
        return false;
    }
    const Scenario& s = doc_.scenario();
    const std::unordered_set<Offset> inside(area_.begin(), area_.end());
    std::vector<CommandPtr> parts;
    parts.push_back(edits::paint(s, CellLayer::Terrain, area_, 0));
    parts.push_back(edits::paint(s, CellLayer::Elevation, area_, 0));
    std::set<EdgeId> edges;
    for (Offset c : area_) {
        for (int d = 0; d < grid().sideCount(); ++d) {
            edges.insert(grid().edge(c, d));
        }
    }
    for (EdgeId e : edges) {
        if (s.map.hexsides.contains(e)) {
            parts.push_back(edits::setHexside(s, e, Hexside{}));
        }
    }
    for (const auto& [id, path] : s.map.paths) {
        if (std::all_of(path.cells.begin(), path.cells.end(), [&](Offset c) { return inside.contains(c); })) {
            parts.push_back(edits::setPath(s, id, std::nullopt));
        }
    }
    for (const auto& [id, f] : s.map.features) {
        if (inside.contains(f.cell)) {
            parts.push_back(edits::setFeature(s, id, std::nullopt));
        }
    }
    // Pieces in the area leave the map (they stay in the order of battle).
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (std::any_of(placement.cells.begin(), placement.cells.end(),
                        [&](Offset c) { return inside.contains(c); })) {
            parts.push_back(edits::setPlacement(s, piece, std::nullopt));
        }
    }
    doc_.execute(std::make_unique<CommandGroup>("Clear area", std::move(parts)));
    return true;
}

void ToolController::extendSelected(Point p) {
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

void ToolController::rotateSelected(int steps) {
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

void ToolController::placePiece(PieceRef piece, Point p) {
    const auto cell = layout_.cellAt(p);
    const Scenario& s = doc_.scenario();
    if (!cell || !s.hasPiece(piece)) {
        return; // dropped off the map, or text from elsewhere naming no piece of this scenario
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

void ToolController::gridChanged() {
    stroke_ = 0;
    marker_.reset();
    markerTarget_.reset();
    pathCells_.clear();
    strokeCells_.clear();
    areaStart_.reset();
    area_.clear();
    extending_.reset();
    dragFrom_.reset();
    dragging_ = false;
}

} // namespace sandtable
