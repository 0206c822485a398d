#include "set_hexsides.hpp"

#include <ranges>

namespace sandtable {
namespace {

// The map keeps no empty hexsides.
void write(Scenario& s, EdgeId e, const Hexside& h) {
    if (h.empty()) {
        s.map.hexsides.erase(e);
    } else {
        s.map.hexsides[e] = h;
    }
}

} // namespace

SetHexsides::SetHexsides(const Scenario& s, const std::vector<std::pair<EdgeId, Hexside>>& values,
                         std::uint64_t stroke)
    : stroke_(stroke) {
    for (const auto& [edge, after] : values) {
        if (!s.map.grid.edgeTouchesMap(edge)) {
            continue;
        }
        const Hexside before = s.map.hexsideAt(edge);
        if (auto [it, added] = position_.emplace(edge, changes_.size()); added) {
            changes_.push_back({edge, before, after});
            cells_.push_back(s.map.grid.edgeCells(edge));
        } else {
            changes_[it->second].after = after;
        }
    }
}

void SetHexsides::apply(Scenario& s) const {
    for (const auto& c : changes_) {
        write(s, c.edge, c.after);
    }
}

void SetHexsides::revert(Scenario& s) const {
    for (const auto& c : changes_ | std::views::reverse) {
        write(s, c.edge, c.before);
    }
}

ChangeSet SetHexsides::changes() const {
    ChangeSet cs;
    cs.kinds = TerrainChanged;
    for (const auto& [a, b] : cells_) {
        cs.cells.push_back(a);
        cs.cells.push_back(b);
    }
    return cs;
}

bool SetHexsides::mergeWith(const Command& next) {
    const auto* other = dynamic_cast<const SetHexsides*>(&next);
    if (other == nullptr || stroke_ == 0 || other->stroke_ != stroke_) {
        return false;
    }
    // A side crossed twice in one stroke keeps its first before-value and its last after-value.
    for (std::size_t i = 0; i < other->changes_.size(); ++i) {
        const auto& c = other->changes_[i];
        if (auto [it, added] = position_.emplace(c.edge, changes_.size()); added) {
            changes_.push_back(c);
            cells_.push_back(other->cells_[i]);
        } else {
            changes_[it->second].after = c.after;
        }
    }
    return true;
}

} // namespace sandtable
