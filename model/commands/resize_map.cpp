#include "resize_map.hpp"

#include "edits.hpp"
#include "model/battle.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"

#include <algorithm>

namespace sandtable {
namespace {

int shiftFor(int oldSize, int newSize, int anchor) {
    const int change = newSize - oldSize;
    return anchor < 0 ? 0 : anchor > 0 ? change : change / 2;
}

} // namespace

Grid resizedGrid(const Grid& g, const ResizePlan& plan) {
    Grid::Parameters p = g.parameters();
    p.cols = plan.cols;
    p.rows = plan.rows;
    const bool oddShift = (p.shape == GridShape::HexFlat && (plan.shift.col % 2) != 0) ||
                          (p.shape == GridShape::HexPointy && (plan.shift.row % 2) != 0);
    if (oddShift) {
        p.parity = p.parity == OffsetParity::Odd ? OffsetParity::Even : OffsetParity::Odd;
    }
    return Grid(p);
}

namespace {

Offset moved(Offset c, const ResizePlan& plan) {
    return {c.col + plan.shift.col, c.row + plan.shift.row};
}

} // namespace

std::vector<GeoControlPoint> resizedControlPoints(const std::vector<GeoControlPoint>& points,
                                                  const Grid& after, const ResizePlan& plan) {
    std::vector<GeoControlPoint> kept;
    for (GeoControlPoint p : points) {
        p.cell = moved(p.cell, plan);
        if (after.contains(p.cell)) {
            kept.push_back(p);
        }
    }
    return kept;
}

namespace {

// The same side between the same two cells, on the new grid.
std::optional<EdgeId> movedEdge(const Grid& from, const Grid& to, EdgeId e, const ResizePlan& plan) {
    auto [a, b] = from.edgeCells(e);
    const Offset na = moved(a, plan), nb = moved(b, plan);
    for (int d = 0; d < to.sideCount(); ++d) {
        const EdgeId candidate = to.edge(na, d);
        auto [p, q] = to.edgeCells(candidate);
        if ((p == na && q == nb) || (p == nb && q == na)) {
            return to.edgeTouchesMap(candidate) ? std::optional(candidate) : std::nullopt;
        }
    }
    return std::nullopt;
}

std::string pieceName(const Scenario& s, PieceRef p) {
    switch (p.kind) {
    case PieceKind::Unit:
        return s.oob.units.contains(UnitId{p.id}) ? s.oob.units.at(UnitId{p.id}).name : "unit";
    case PieceKind::Commander:
        if (const Headquarters* hq = s.oob.find(HeadquartersId{p.id})) {
            return hq->commander.empty() ? hq->name : hq->commander;
        }
        return "commander";
    case PieceKind::Train:
        return s.oob.trains.contains(TrainId{p.id}) ? s.oob.trains.at(TrainId{p.id}).name : "train";
    }
    return "";
}

} // namespace

ResizePlan ResizePlan::anchored(const Grid& from, int cols, int rows, ResizeAnchor anchor) {
    return {cols,
            rows,
            {shiftFor(from.cols(), cols, anchor.horizontal), shiftFor(from.rows(), rows, anchor.vertical)}};
}

bool ResizeLosses::empty() const {
    return supplyCells.empty() && features.empty() && roads.empty() && hexsides == 0 &&
           std::ranges::all_of(scenarios, &ScenarioResizeLosses::empty);
}

namespace {

void listPart(std::string& out, const std::vector<std::string>& names, const char* one, const char* many) {
    if (names.empty()) {
        return;
    }
    std::string list;
    for (std::size_t i = 0; i < names.size() && i < 4; ++i) {
        list += (i > 0 ? ", " : "") + names[i];
    }
    if (names.size() > 4) {
        list += ", ...";
    }
    out += (out.empty() ? "" : "; ") + std::to_string(names.size()) + " " + (names.size() == 1 ? one : many) +
           " (" + list + ")";
}

void countPart(std::string& out, int n, const char* one, const char* many) {
    if (n > 0) {
        out += (out.empty() ? "" : "; ") + std::to_string(n) + " " + (n == 1 ? one : many);
    }
}

std::string scenarioSummary(const ScenarioResizeLosses& l) {
    std::string out;
    listPart(out, l.pieces, "piece", "pieces");
    listPart(out, l.reinforcementEntries, "reinforcement entry", "reinforcement entries");
    countPart(out, l.exclusions, "exclusion", "exclusions");
    return out;
}

} // namespace

std::string ResizeLosses::summary() const {
    if (empty()) {
        return "nothing";
    }
    std::string out;
    if (scenarios.size() == 1) {
        out = scenarioSummary(scenarios.front());
    }
    listPart(out, supplyCells, "line of supply", "lines of supply");
    listPart(out, features, "map feature", "map features");
    listPart(out, roads, "road or railroad", "roads and railroads");
    countPart(out, hexsides, "hexside", "hexsides");
    if (scenarios.size() > 1) {
        // Each scenario that loses something, by its title.
        for (const ScenarioResizeLosses& l : scenarios) {
            if (!l.empty()) {
                out += (out.empty() ? "in " : "; in ") + limits::quoted(l.title) + ": " + scenarioSummary(l);
            }
        }
    }
    return out;
}

ResizeLosses resizeLosses(const Scenario& s, const ResizePlan& plan) {
    const Grid& g = s.map.grid;
    const Grid ng = resizedGrid(g, plan);
    auto lost = [&](Offset c) { return !ng.contains(moved(c, plan)); };
    auto anyLost = [&](const auto& cells) { return std::ranges::any_of(cells, lost); };
    ResizeLosses out;
    for (std::size_t i = 0; i < scenarioCount(s); ++i) {
        const ScenarioStartView start = startAt(s, i);
        const Deployment& d = start.deployment;
        ScenarioResizeLosses l;
        l.title = start.info.title;
        for (const auto& [piece, placement] : d.placements) {
            if (anyLost(placement.cells)) {
                l.pieces.push_back(pieceName(s, piece));
            }
        }
        for (const auto& [piece, r] : d.reinforcements) {
            if (lost(r.entry)) {
                l.reinforcementEntries.push_back(pieceName(s, piece));
            }
        }
        l.exclusions = static_cast<int>(
            std::ranges::count_if(start.exclusions, [&](const Exclusion& e) { return anyLost(e.cells); }));
        out.scenarios.push_back(std::move(l));
    }
    for (const auto& [id, hq] : s.oob.headquarters) {
        if (hq.supplyCell && lost(*hq.supplyCell)) {
            out.supplyCells.push_back(hq.name);
        }
    }
    for (const auto& [id, f] : s.map.features) {
        if (lost(f.cell)) {
            out.features.push_back(f.name.empty() ? std::string(enumName(f.kind)) : f.name);
        }
    }
    for (const auto& [id, p] : s.map.paths) {
        if (anyLost(p.cells)) {
            out.roads.push_back(p.name.empty() ? std::string(enumName(p.kind)) : p.name);
        }
    }
    for (const auto& [e, h] : s.map.hexsides) {
        out.hexsides += movedEdge(g, ng, e, plan) ? 0 : 1;
    }
    return out;
}

CommandPtr resizeMap(const Scenario& s, const ResizePlan& plan) {
    const Map& old = s.map;
    const Grid& g = old.grid;
    Map resized = Map::blank(resizedGrid(g, plan), old.terrainTypes);
    const Grid& ng = resized.grid;
    // Keep what fits; new cells are the first terrain at level 0.
    for (int r = 0; r < g.rows(); ++r) {
        for (int c = 0; c < g.cols(); ++c) {
            const Offset to = moved({c, r}, plan);
            if (ng.contains(to)) {
                resized.terrain[ng.index(to)] = old.terrain[g.index({c, r})];
                resized.elevation[ng.index(to)] = old.elevation[g.index({c, r})];
            }
        }
    }
    resized.yardsPerCell = old.yardsPerCell;
    resized.tabletop = old.tabletop;
    resized.feetPerContour = old.feetPerContour;
    resized.baseFeet = old.baseFeet;
    // Where the old map's ground lies on the new map, in cells' sizes: the scan and the terrain
    // model's heights move by it, so both stay under the cells they belong to.
    const Point cornerBefore = Layout(g, 1).cellCenter({0, 0});
    const Point cornerAfter = Layout(ng, 1).cellCenter(moved({0, 0}, plan));
    const double dx = cornerAfter.x - cornerBefore.x, dy = cornerAfter.y - cornerBefore.y;
    // The heights the model gave stay on their ground; ground the resize adds takes its cells'
    // levels, as an import does off its raster (a new import draws it from the model).
    if (old.surface) {
        resized.surface = old.surface->moved(ng, resized.elevation, {dx, dy});
    }
    resized.background = old.background;
    if (resized.background) {
        resized.background->originX += dx;
        resized.background->originY += dy;
        if (auto& m = resized.background->affine) {
            (*m)[2] += dx;
            (*m)[5] += dy;
        }
        for (ControlPoint& p : resized.background->controlPoints) {
            p.mx += dx;
            p.my += dy;
        }
    }
    // The placement on the Earth is kept, its control points moved with their cells (those that
    // fall off are dropped). Its anchor point moves with the resize: keeping the cells on their
    // ground needs the coordinate system's projection (formats' placementAfterResize), which the
    // editor adds to the same undo step.
    resized.geo = old.geo;
    if (resized.geo) {
        resized.geo->controlPoints = resizedControlPoints(old.geo->controlPoints, ng, plan);
    }
    for (const auto& [e, h] : old.hexsides) {
        if (auto ne = movedEdge(g, ng, e, plan)) {
            resized.hexsides[*ne] = h;
        }
    }
    for (auto [id, f] : old.features) {
        f.cell = moved(f.cell, plan);
        if (ng.contains(f.cell)) {
            resized.features[id] = f;
        }
    }
    // A path's cells or a placement's, moved where they stand: false when one is off the new map.
    auto moveAll = [&](auto& cells) {
        for (Offset& c : cells) {
            c = moved(c, plan);
            if (!ng.contains(c)) {
                return false;
            }
        }
        return true;
    };
    for (auto [id, path] : old.paths) {
        if (moveAll(path.cells)) {
            resized.paths[id] = path;
        }
    }
    // Pieces move with their cells; whatever would name a cell off the new map goes in the same
    // step, so the scenario stays whole (and saveable) and one undo brings all of it back.
    const bool shifted = plan.shift != Offset{};
    // Each scenario's pieces, entries and exclusions move by the same rules: the current one's as
    // commands (the views and the validator follow entry by entry), the others' in one step.
    auto movedPlacement = [&](Placement p) -> std::optional<Placement> {
        return moveAll(p.cells) ? std::optional(std::move(p)) : std::nullopt;
    };
    auto movedReinforcement = [&](Reinforcement r) -> std::optional<Reinforcement> {
        r.entry = moved(r.entry, plan);
        return ng.contains(r.entry) ? std::optional(std::move(r)) : std::nullopt;
    };
    auto movedExclusions = [&](const std::vector<Exclusion>& exclusions) {
        std::vector<Exclusion> kept;
        for (Exclusion e : exclusions) {
            if (moveAll(e.cells)) {
                kept.push_back(std::move(e));
            }
        }
        return kept;
    };
    std::vector<CommandPtr> parts;
    parts.push_back(edits::replaceMap(s, std::move(resized)));
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (auto after = movedPlacement(placement); !after || shifted) {
            parts.push_back(edits::setPlacement(s, piece, std::move(after)));
        }
    }
    for (const auto& [piece, r] : s.deployment.reinforcements) {
        if (auto after = movedReinforcement(r); !after || shifted) {
            parts.push_back(edits::setReinforcement(s, piece, std::move(after)));
        }
    }
    for (const auto& [id, hq] : s.oob.headquarters) {
        if (!hq.supplyCell) {
            continue;
        }
        const Offset cell = moved(*hq.supplyCell, plan);
        if (!ng.contains(cell) || shifted) {
            Headquarters changed = hq;
            changed.supplyCell = ng.contains(cell) ? std::optional(cell) : std::nullopt;
            parts.push_back(edits::setHeadquarters(s, id, changed));
        }
    }
    if (std::vector<Exclusion> kept = movedExclusions(s.exclusions); kept != s.exclusions) {
        parts.push_back(edits::setExclusions(s, std::move(kept)));
    }
    std::vector<ScenarioStart> others = s.otherStarts;
    for (ScenarioStart& start : others) {
        std::map<PieceRef, Placement> placements;
        for (const auto& [piece, placement] : start.deployment.placements) {
            if (auto after = movedPlacement(placement)) {
                placements.emplace(piece, std::move(*after));
            }
        }
        start.deployment.placements = std::move(placements);
        std::map<PieceRef, Reinforcement> reinforcements;
        for (const auto& [piece, r] : start.deployment.reinforcements) {
            if (auto after = movedReinforcement(r)) {
                reinforcements.emplace(piece, std::move(*after));
            }
        }
        start.deployment.reinforcements = std::move(reinforcements);
        start.exclusions = movedExclusions(start.exclusions);
    }
    if (others != s.otherStarts) {
        parts.push_back(edits::setOtherStarts(s, std::move(others)));
    }
    return std::make_unique<CommandGroup>("Resize map", std::move(parts));
}

} // namespace sandtable
