#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

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
                      "if above 0: the radius in inches on the table, converted by the map scale",
                      limits::radiusInches.lo, limits::radiusInches.hi},
                     {"yards-per-inch", ParamType::Number, "33.333",
                      "ground scale of the table, when scale-inches and scale-yards are not set",
                      limits::yardsPerInch.lo, limits::yardsPerInch.hi},
                     {"scale-inches", ParamType::Number, "0",
                      "the rules' scale as written, exactly: scale-inches on the table are scale-yards "
                      "(Good Old Rebel: 15 = 500); 0: use yards-per-inch",
                      0, limits::tabletopInches.hi},
                     {"scale-yards", ParamType::Number, "0", "see scale-inches", 0, limits::yardsPerCell.hi},
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
            if (const Headquarters* h = ctx.headquarters(*hq); h != nullptr && h->commander.empty()) {
                return; // no commander named: reported once, on the headquarters, by the structure rules
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

} // namespace

std::unique_ptr<Rule> makeUnitWithinRadius() {
    return std::make_unique<UnitWithinRadius>();
}

} // namespace sandtable::rules
