#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

int radiusInCells(const ValidationContext& ctx, const RuleParams& params) {
    const double inches = params.number("radius-inches");
    if (inches > 0) {
        // Table rules measure in inches; the map's scale turns them into cells.
        return static_cast<int>(inches * params.number("yards-per-inch") / ctx.scenario().map.yardsPerCell +
                                1e-9);
    }
    return params.integer("radius");
}

std::optional<Echelon> echelonParam(const RuleParams& params, std::string_view name) {
    const auto words = params.list(name);
    return words.empty() ? std::nullopt : parseEnum<Echelon>(words.front());
}

int distanceToCell(const ValidationContext& ctx, const Placement& pl, Offset target, Offset& nearest) {
    int best = 1 << 30;
    for (Offset c : pl.cells) {
        if (const int d = ctx.grid().distance(c, target); d < best) {
            best = d;
            nearest = c;
        }
    }
    return best;
}

// A unit must stay within a radius of (and, in the area rules, in sight of) the commander of its
// brigade or division.
class UnitWithinRadius final : public RuleBase {
  public:
    UnitWithinRadius()
        : RuleBase({"command.unit-within-radius",
                    "Units within reach of their commander",
                    "kallistra-acw-hex-draft.txt, Command and control: \"Brigade commanders can only move "
                    "units within 3 hexes\"; "
                    "acw-area-rules-2015.txt, Detached units and Generals: \"If a unit is not within 3 areas "
                    "and in sight of its "
                    "Division Commander ...\"; good-old-rebel-v1.txt: \"within 8 inches of their Brigade "
                    "Commander\"",
                    Severity::Warning,
                    Granularity::PerPiece,
                    PlacementsChanged | OrderChanged | TerrainChanged,
                    PlacementsChanged | OrderChanged,
                    {{"echelon", ParamType::List, "brigade", "whose commander: brigade or division"},
                     {"radius", ParamType::Integer, "3", "cells"},
                     {"radius-inches", ParamType::Number, "0",
                      "if above 0: the radius in inches on the table, converted by the map scale"},
                     {"yards-per-inch", ParamType::Number, "33.333",
                      "ground scale of the table (Good Old Rebel: 15 inches = 500 yards)"},
                     {"needs-sight", ParamType::Boolean, "false", "the commander must also be in sight"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto echelon = echelonParam(params, "echelon");
        if (!echelon) {
            return;
        }
        const int radius = radiusInCells(ctx, params);
        const bool sight = params.boolean("needs-sight");
        const std::string echelonName(enumName(*echelon));
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            if (piece.kind != PieceKind::Unit || pl.cells.empty()) {
                return;
            }
            const auto hq = ctx.ancestor(piece, *echelon);
            if (!hq) {
                return;
            }
            const PieceRef commander = PieceRef::commander(*hq);
            const auto at = ctx.commanderCell(*hq);
            if (!at) {
                out.add({}, {piece, commander},
                        ctx.describe(piece) + " is on the map but its " + echelonName + " commander is not");
                return;
            }
            Offset nearest = pl.cells.front();
            const int d = distanceToCell(ctx, pl, *at, nearest);
            if (d > radius) {
                out.add({nearest, *at}, {piece, commander},
                        ctx.describe(piece) + " at " + ctx.label(nearest) + " is " +
                            plural(d, "cell", "cells") + " from " + ctx.describe(commander) + " at " +
                            ctx.label(*at) + "; at most " + std::to_string(radius));
            } else if (sight && !ctx.lineOfSight(nearest, *at)) {
                out.add({nearest, *at}, {piece, commander},
                        ctx.describe(piece) + " at " + ctx.label(nearest) + " cannot see " +
                            ctx.describe(commander) + " at " + ctx.label(*at) +
                            " (terrain or higher ground between)");
            }
        });
    }
};

// A division commander must stay within a radius of his corps commander.
class CommanderWithinRadius final : public RuleBase {
  public:
    CommanderWithinRadius()
        : RuleBase({"command.commander-within-radius",
                    "Commanders within reach of their superior",
                    "acw-area-rules-2015.txt, Detached units and Generals: \"If a Division Commander is not "
                    "within 5 areas of his "
                    "Corps Commander he must roll 2 or more to move any unit under his command\"",
                    Severity::Warning,
                    Granularity::PerPiece,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {{"echelon", ParamType::List, "division", "the subordinate commanders"},
                     {"superior", ParamType::List, "corps", "their superior's echelon"},
                     {"radius", ParamType::Integer, "5", "cells"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto echelon = echelonParam(params, "echelon");
        const auto superior = echelonParam(params, "superior");
        if (!echelon || !superior) {
            return;
        }
        const int radius = params.integer("radius");
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            if (piece.kind != PieceKind::Commander || pl.cells.empty()) {
                return;
            }
            const Headquarters* hq = ctx.scenario().oob.find(HeadquartersId{piece.id});
            if (hq == nullptr || hq->echelon != *echelon) {
                return;
            }
            const auto up = ctx.scenario().oob.ancestor(hq->parent, *superior);
            if (!up) {
                return;
            }
            const auto at = ctx.commanderCell(*up);
            if (!at) {
                return;
            }
            const int d = ctx.grid().distance(pl.cells.front(), *at);
            if (d > radius) {
                const PieceRef boss = PieceRef::commander(*up);
                out.add({pl.cells.front(), *at}, {piece, boss},
                        ctx.describe(piece) + " is " + plural(d, "cell", "cells") + " from " +
                            ctx.describe(boss) + "; at most " + std::to_string(radius));
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeUnitWithinRadius() {
    return std::make_unique<UnitWithinRadius>();
}
std::unique_ptr<Rule> makeCommanderWithinRadius() {
    return std::make_unique<CommanderWithinRadius>();
}

} // namespace sandtable::rules
