#include "paint_cells.hpp"

#include "model/limits.hpp"

#include <algorithm>
#include <ranges>
#include <unordered_map>

namespace sandtable {
namespace {

int readCell(const Scenario& s, CellLayer layer, std::size_t i) {
    return layer == CellLayer::Terrain ? s.map.terrain[i] : s.map.elevation[i];
}

void writeCell(Scenario& s, CellLayer layer, std::size_t i, int v) {
    if (layer == CellLayer::Terrain) {
        s.map.terrain[i] = static_cast<TerrainIndex>(v);
    } else {
        s.map.elevation[i] = static_cast<std::int16_t>(v);
    }
}

} // namespace

PaintCells::PaintCells(const Scenario& s, CellLayer layer, const std::vector<Offset>& cells, int value,
                       std::uint64_t stroke)
    : layer_(layer), stroke_(stroke), columns_(s.map.grid.cols()) {
    for (Offset c : cells) {
        if (!s.map.grid.contains(c)) {
            continue;
        }
        const std::size_t i = s.map.grid.index(c);
        const int before = readCell(s, layer, i);
        if (before != value && position_.emplace(i, changes_.size()).second) {
            changes_.push_back({i, before, value});
        }
    }
    if (layer == CellLayer::Elevation && s.map.surface) {
        std::vector<std::pair<Offset, int>> rises;
        for (const CellChange& c : changes_) {
            rises.emplace_back(s.map.grid.offsetAt(c.index), c.after - c.before);
        }
        for (const HeightSurface::PointMove& m : s.map.surface->movesFor(s.map.grid, rises)) {
            surface_.push_back({m.point, m.by});
        }
    }
}

void PaintCells::apply(Scenario& s) const {
    for (const auto& c : changes_) {
        writeCell(s, layer_, c.index, c.after);
    }
    if (surface_.empty() || !s.map.surface) {
        return;
    }
    std::vector<float>& levels = s.map.surface->levels;
    for (const PointChange& p : surface_) {
        if (!p.recorded) {
            // The first time: moved from what the point holds now (a paste's parts move the
            // points they share one after the other).
            p.before = levels[p.point];
            p.after = std::clamp(p.before + p.by, static_cast<float>(limits::elevation.lo),
                                 static_cast<float>(limits::elevation.hi));
            p.recorded = true;
        }
        levels[p.point] = p.after;
    }
}

void PaintCells::revert(Scenario& s) const {
    for (const auto& c : changes_ | std::views::reverse) {
        writeCell(s, layer_, c.index, c.before);
    }
    if (s.map.surface) {
        for (const PointChange& p : surface_ | std::views::reverse) {
            if (p.recorded) {
                s.map.surface->levels[p.point] = p.before;
            }
        }
    }
}

std::string PaintCells::text() const {
    return layer_ == CellLayer::Terrain ? "Paint terrain" : "Change elevation";
}

ChangeSet PaintCells::changes() const {
    ChangeSet cs;
    cs.kinds = TerrainChanged;
    for (const auto& c : changes_) {
        cs.cells.push_back({static_cast<int>(c.index % static_cast<std::size_t>(columns_)),
                            static_cast<int>(c.index / static_cast<std::size_t>(columns_))});
    }
    return cs;
}

bool PaintCells::mergeWith(const Command& next) {
    const auto* other = dynamic_cast<const PaintCells*>(&next);
    if (other == nullptr || stroke_ == 0 || other->stroke_ != stroke_ || other->layer_ != layer_) {
        return false;
    }
    // A cell painted twice in one stroke keeps its first before-value and its last after-value.
    for (const auto& c : other->changes_) {
        if (auto [it, added] = position_.emplace(c.index, changes_.size()); added) {
            changes_.push_back(c);
        } else {
            changes_[it->second].after = c.after;
        }
    }
    // The surface's points likewise (both are applied): a point's first before and last after.
    std::unordered_map<std::size_t, std::size_t> point;
    for (std::size_t k = 0; k < surface_.size(); ++k) {
        point.emplace(surface_[k].point, k);
    }
    for (const PointChange& p : other->surface_) {
        if (auto [it, added] = point.emplace(p.point, surface_.size()); added) {
            surface_.push_back(p);
        } else {
            surface_[it->second].by += p.by;
            surface_[it->second].after = p.after;
        }
    }
    return true;
}

} // namespace sandtable
