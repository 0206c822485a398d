#include "rule_base.hpp"

#include <unordered_set>
#include <vector>

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
                    // The text sets no maximum ("two or more"); a house rule may.
                    {{"max-cells", ParamType::Integer, "0", "cells one unit may span (0: no maximum)"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const int maxCells = params.integer("max-cells");
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            if (pl.cells.size() < 2) {
                return;
            }
            if (maxCells > 0 && static_cast<int>(pl.cells.size()) > maxCells) {
                out.add(pl.cells, {piece},
                        ctx.describe(piece) + " spans " + std::to_string(pl.cells.size()) +
                            " cells; at most " + std::to_string(maxCells));
            }
            // Flood from the first cell through neighbouring cells of the placement: linear in the
            // line's length (a 2,000-cell line checks in microseconds).
            const std::unordered_set<Offset> cells(pl.cells.begin(), pl.cells.end());
            std::unordered_set<Offset> reached{pl.cells.front()};
            std::vector<Offset> frontier{pl.cells.front()};
            while (!frontier.empty()) {
                const Offset c = frontier.back();
                frontier.pop_back();
                for (int dir = 0; dir < ctx.grid().sideCount(); ++dir) {
                    const Offset n = ctx.grid().neighbor(c, dir);
                    if (cells.contains(n) && reached.insert(n).second) {
                        frontier.push_back(n);
                    }
                }
            }
            if (reached.size() != cells.size()) {
                std::string labels;
                constexpr std::size_t shown = 12;
                for (std::size_t i = 0; i < pl.cells.size() && i < shown; ++i) {
                    labels += (labels.empty() ? "" : " ") + ctx.label(pl.cells[i]);
                }
                if (pl.cells.size() > shown) {
                    labels += " ... and " + std::to_string(pl.cells.size() - shown) + " more";
                }
                out.add(pl.cells, {piece},
                        possessive(ctx.describe(piece)) + " line (" + labels +
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
