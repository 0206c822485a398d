#include "rule_base.hpp"

#include <set>

namespace sandtable::rules {
namespace {

class LineContiguous final : public RuleBase {
  public:
    LineContiguous()
        : RuleBase({"line.contiguous",
                    "A unit spanning several cells holds adjacent cells",
                    "kallistra-acw-hex-draft.txt: \"Infantry, cavalry and artillery units can extend a line "
                    "across two or more "
                    "adjacent hexes\"",
                    Severity::Error,
                    Granularity::PerPiece,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {{"max-cells", ParamType::Integer, "6", "cells one unit may span"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const int maxCells = params.integer("max-cells");
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            if (pl.cells.size() < 2) {
                return;
            }
            if (static_cast<int>(pl.cells.size()) > maxCells) {
                out.add(pl.cells, {piece},
                        ctx.describe(piece) + " spans " + std::to_string(pl.cells.size()) +
                            " cells; at most " + std::to_string(maxCells));
            }
            // Flood from the first cell through adjacent cells of the placement.
            std::set<Offset> reached{pl.cells.front()};
            for (bool grew = true; grew;) {
                grew = false;
                for (Offset c : pl.cells) {
                    if (!reached.contains(c) &&
                        std::ranges::any_of(reached, [&](Offset r) { return ctx.grid().adjacent(r, c); })) {
                        reached.insert(c);
                        grew = true;
                    }
                }
            }
            if (reached.size() != pl.cells.size()) {
                std::string labels;
                for (Offset c : pl.cells) {
                    labels += (labels.empty() ? "" : " ") + ctx.label(c);
                }
                out.add(pl.cells, {piece},
                        ctx.describe(piece) + "'s line (" + labels +
                            ") is broken; a line covers adjacent cells");
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeLineContiguous() {
    return std::make_unique<LineContiguous>();
}

} // namespace sandtable::rules
