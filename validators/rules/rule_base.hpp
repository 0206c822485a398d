#pragma once
// Helpers shared by the rules: a base holding the RuleInfo, and iteration over a Scope.
#include "validators/rule.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace sandtable::rules {

class RuleBase : public Rule {
  public:
    explicit RuleBase(RuleInfo info) : info_(std::move(info)) {}
    const RuleInfo& info() const override { return info_; }

  private:
    RuleInfo info_;
};

// Occupied cells for a full run, else the cells in scope.
template <typename F> void forEachCell(const ValidationContext& ctx, const Scope& scope, F&& f) {
    if (scope.all) {
        for (const auto& [cell, pieces] : ctx.occupancy()) {
            f(cell);
        }
    } else {
        for (Offset c : scope.cells) {
            f(c);
        }
    }
}

// Placed pieces for a full run, else the pieces in scope that are placed.
template <typename F> void forEachPlacedPiece(const ValidationContext& ctx, const Scope& scope, F&& f) {
    if (scope.all) {
        for (const auto& [piece, placement] : ctx.scenario().deployment.placements) {
            f(piece, placement);
        }
    } else {
        for (PieceRef p : scope.pieces) {
            if (const Placement* pl = ctx.placement(p)) {
                f(p, *pl);
            }
        }
    }
}

// Every unit of the order of battle (placed or not) for a full run, else the units in scope.
template <typename F> void forEachUnit(const ValidationContext& ctx, const Scope& scope, F&& f) {
    if (scope.all) {
        for (const auto& [id, unit] : ctx.scenario().oob.units) {
            f(PieceRef::unit(id), unit);
        }
    } else {
        for (PieceRef p : scope.pieces) {
            if (const Unit* u = ctx.unit(p)) {
                f(p, *u);
            }
        }
    }
}

// A unit spread over several cells puts an equal share of its stands in each (rounded up).
inline int standsPerCell(const Unit& u, const Placement& pl) {
    const int cells = std::max<int>(1, static_cast<int>(pl.cells.size()));
    return (u.stands + cells - 1) / cells;
}

inline std::string plural(int n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

inline bool contains(const std::vector<std::string>& list, std::string_view word) {
    return std::find(list.begin(), list.end(), word) != list.end();
}

// Ground distance in yards between two cell centres, by the map's scale.
inline double yardsBetween(const ValidationContext& ctx, Offset a, Offset b) {
    return ctx.grid().distance(a, b) * ctx.scenario().map.yardsPerCell;
}

} // namespace sandtable::rules
