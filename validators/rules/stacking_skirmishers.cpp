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
        forEachCell(ctx, scope, [&](Offset c) {
            int stands = 0;
            std::vector<PieceRef> who;
            for (PieceRef p : ctx.piecesAt(c)) {
                const Unit* u = ctx.unit(p);
                if (u != nullptr && u->formation == Formation::Skirmish) {
                    stands += standsPerCell(*u, *ctx.placement(p));
                    who.push_back(p);
                }
            }
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
