#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

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
            const Headquarters* hq = ctx.headquarters(HeadquartersId{piece.id});
            if (hq == nullptr || hq->echelon != *echelon) {
                return;
            }
            const auto up = ctx.ancestorOf(hq->parent, *superior);
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

std::unique_ptr<Rule> makeCommanderWithinRadius() {
    return std::make_unique<CommanderWithinRadius>();
}

} // namespace sandtable::rules
