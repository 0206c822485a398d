#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

// The Hexed General counts units, not stands: generals, division commanders and wagons aside.
class StackingUnitsPerCell final : public RuleBase {
  public:
    StackingUnitsPerCell()
        : RuleBase({"stacking.units-per-cell",
                    "At most N units in a cell (commanders and trains aside)",
                    "hexed-general-2012-blog.txt, A. Basics: \"Each hex can hold 1 unit\"; D. Movement: "
                    "\"Any number of "
                    "Generals and Division Commanders may occupy a hex with a unit\"",
                    Severity::Error,
                    Granularity::PerCell,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {{"max-units", ParamType::Integer, "1", "units allowed in one cell"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const int limit = params.integer("max-units");
        forEachCell(ctx, scope, [&](Offset c, std::span<const PieceRef> pieces) {
            std::vector<PieceRef> units;
            for (PieceRef p : pieces) {
                if (p.kind == PieceKind::Unit) {
                    units.push_back(p);
                }
            }
            if (static_cast<int>(units.size()) <= limit) {
                return;
            }
            std::string who;
            for (PieceRef p : units) {
                who += (who.empty() ? "" : ", ") + ctx.describe(p);
            }
            out.add({c}, units,
                    plural(static_cast<int>(units.size()), "unit", "units") + " in one cell (" + who +
                        "); at most " + std::to_string(limit) +
                        " allowed, generals and division commanders aside");
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeStackingUnitsPerCell() {
    return std::make_unique<StackingUnitsPerCell>();
}

} // namespace sandtable::rules
