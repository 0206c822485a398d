#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class StackingSkirmishers final : public RuleBase {
  public:
    StackingSkirmishers()
        : RuleBase({"stacking.skirmishers",
                    "Skirmishers: one stand per cell",
                    "kallistra-acw-hex-draft.txt, Firing: \"Skirmishing units have one stand per hex\"",
                    Severity::Error,
                    Granularity::PerCell,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {{"max-stands", ParamType::Integer, "1", "skirmishing stands in a cell"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const int limit = params.integer("max-stands");
        forEachCell(ctx, scope, [&](Offset c, std::span<const PieceRef> pieces) {
            std::vector<PieceRef> who;
            const int stands = standsInCell(
                ctx, pieces, [](const Unit& u) { return u.formation == Formation::Skirmish; }, who);
            if (stands > limit) {
                out.add({c}, who,
                        plural(stands, "skirmishing stand", "skirmishing stands") + " in " + ctx.label(c) +
                            "; skirmishers spread out at " + std::to_string(limit) +
                            " per cell (extend the line over more cells)");
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeStackingSkirmishers() {
    return std::make_unique<StackingSkirmishers>();
}

} // namespace sandtable::rules
