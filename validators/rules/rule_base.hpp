#pragma once
// Helpers shared by the rules: a base holding the RuleInfo, and iteration over a Scope.
#include "model/battle.hpp"
#include "model/limits.hpp"
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

// Occupied cells for a full run, else the cells in scope; each with the pieces standing there.
template <typename F> void forEachCell(const ValidationContext& ctx, const Scope& scope, F&& f) {
    if (!scope.all) {
        for (Offset c : scope.cells) {
            f(c, std::span<const PieceRef>(ctx.piecesAt(c)));
        }
    } else if (const auto* occupied = ctx.occupiedCells()) {
        for (const auto& cell : *occupied) {
            f(cell.cell, ctx.piecesOf(cell));
        }
    } else {
        for (const auto& [cell, pieces] : ctx.occupancy()) {
            f(cell, std::span<const PieceRef>(pieces));
        }
    }
}

// Every placement of the deployment, in the model's order, whatever the scope.
template <typename F> void forEachPlacement(const ValidationContext& ctx, F&& f) {
    if (const auto* placed = ctx.placedPieces()) {
        for (const auto& [piece, placement] : *placed) {
            f(piece, *placement);
        }
    } else {
        for (const auto& [piece, placement] : ctx.scenario().deployment.placements) {
            f(piece, placement);
        }
    }
}

// Every unit of the order of battle, in the model's order, whatever the scope.
template <typename F> void forEachUnitOfTheBattle(const ValidationContext& ctx, F&& f) {
    if (const auto* units = ctx.units()) {
        for (const auto& [id, unit] : *units) {
            f(id, *unit);
        }
    } else {
        for (const auto& [id, unit] : ctx.scenario().oob.units) {
            f(id, unit);
        }
    }
}

// Placed pieces for a full run, else the pieces in scope that are placed.
template <typename F> void forEachPlacedPiece(const ValidationContext& ctx, const Scope& scope, F&& f) {
    if (scope.all) {
        forEachPlacement(ctx, f);
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
        forEachUnitOfTheBattle(ctx, [&](UnitId id, const Unit& unit) { f(PieceRef::unit(id), unit); });
    } else {
        for (PieceRef p : scope.pieces) {
            if (const Unit* u = ctx.unit(p)) {
                f(p, *u);
            }
        }
    }
}

// A unit spread over several cells puts an equal share of the stands it has now (losses taken off)
// in each, rounded up.
inline int standsPerCell(const Unit& u, const Placement& pl) {
    const int cells = std::max<int>(1, static_cast<int>(pl.cells.size()));
    return (standsNow(u, pl.now) + cells - 1) / cells;
}

// Stands of the units among a cell's pieces that `include` accepts; `who` gets those units.
template <typename F>
int standsInCell(const ValidationContext& ctx, std::span<const PieceRef> pieces, F&& include,
                 std::vector<PieceRef>& who) {
    int stands = 0;
    for (PieceRef p : pieces) {
        const Unit* u = ctx.unit(p);
        if (u != nullptr && include(*u)) {
            stands += standsPerCell(*u, *ctx.placement(p));
            who.push_back(p);
        }
    }
    return stands;
}

// "I Corps' line", "Hill's line": the possessive as English writes it after a final s.
inline std::string possessive(std::string_view name) {
    return std::string(name) + (!name.empty() && (name.back() == 's' || name.back() == 'S') ? "'" : "'s");
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

// For the command-radius rules: a radius in cells, or in table inches turned into cells by the
// map scale; the echelon named by a parameter; the nearest of a placement's cells to a target.
// A radius within this fraction of a whole number of cells reaches that many cells: a scale
// written 133.33 or 133.333 (for 400/3 yards a cell) must not make 8 inches fall short of two
// 4-inch cells. Documented in docs/rules.md.
inline constexpr double radiusTolerance = 1e-4;

// Cells a radius in table inches reaches on a map: exact (inches over the cell's size) when the map
// gives its scale on the table with the rules' own ratio, else through yards with radiusTolerance.
inline int inchesToCells(double radiusInches, double rulesInches, double rulesYards, const Map& map) {
    const bool sameRatio =
        map.tabletop && map.tabletop->inches * rulesYards == map.tabletop->yards * rulesInches;
    const double cells = sameRatio ? radiusInches / map.tabletop->sizeInInches()
                                   : radiusInches * rulesYards / rulesInches / map.yardsPerCell;
    return static_cast<int>(cells * (1 + radiusTolerance));
}

inline int radiusInCells(const ValidationContext& ctx, const RuleParams& params) {
    const double inches = params.number("radius-inches");
    if (inches > 0) {
        // Table rules measure in inches; the map's scale turns them into cells.
        const double rulesInches = params.number("scale-inches"), rulesYards = params.number("scale-yards");
        if (rulesInches > 0 && rulesYards > 0) {
            return inchesToCells(inches, rulesInches, rulesYards, ctx.scenario().map);
        }
        return inchesToCells(inches, 1, params.number("yards-per-inch"), ctx.scenario().map);
    }
    return params.integer("radius");
}

inline std::optional<Echelon> echelonParam(const RuleParams& params, std::string_view name) {
    const auto words = params.list(name);
    return words.empty() ? std::nullopt : parseEnum<Echelon>(words.front());
}

inline int distanceToCell(const ValidationContext& ctx, const Placement& pl, Offset target, Offset& nearest) {
    int best = 1 << 30;
    for (Offset c : pl.cells) {
        if (const int d = ctx.grid().distance(c, target); d < best) {
            best = d;
            nearest = c;
        }
    }
    return best;
}

} // namespace sandtable::rules
