#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class StackingStandsPerCell final : public RuleBase {
  public:
    StackingStandsPerCell()
        : RuleBase({"stacking.stands-per-cell",
                    "At most N stands in a cell, commanders aside",
                    "acw-area-rules-2015.txt, Stacking: \"A maximum of 6 stands may be in an area at the end "
                    "of movement. "
                    "Commanders do not count.\"",
                    Severity::Error,
                    Granularity::PerCell,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {{"max-stands", ParamType::Integer, "6", "stands in one cell"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const int limit = params.integer("max-stands");
        forEachCell(ctx, scope, [&](Offset c, std::span<const PieceRef> pieces) {
            std::vector<PieceRef> who;
            const int stands = standsInCell(
                ctx, pieces, [](const Unit&) { return true; }, who);
            if (stands > limit) {
                out.add({c}, who,
                        plural(stands, "stand", "stands") + " in " + ctx.label(c) + "; at most " +
                            std::to_string(limit) + ", commanders aside");
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeStackingStandsPerCell() {
    return std::make_unique<StackingStandsPerCell>();
}

} // namespace sandtable::rules
