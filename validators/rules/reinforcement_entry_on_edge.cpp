#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class ReinforcementEntryOnEdge final : public RuleBase {
  public:
    ReinforcementEntryOnEdge()
        : RuleBase({"reinforcement.entry-on-edge",
                    "Reinforcements enter at the map edge",
                    "good-old-rebel-v1.txt, Scenario instructions: \"Players will need a map and an order of "
                    "battle with "
                    "set-up notes and reinforcement schedules\"; reinforcements march on from off the table",
                    Severity::Error,
                    Granularity::PerPiece,
                    PlacementsChanged | OrderChanged | TerrainChanged,
                    PlacementsChanged | OrderChanged,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope& scope,
               Findings& out) const override {
        const auto& reinforcements = ctx.scenario().deployment.reinforcements;
        auto one = [&](PieceRef piece, const Reinforcement& r) {
            if (!ctx.grid().onBorder(r.entry)) {
                out.add({r.entry}, {piece},
                        ctx.describe(piece) + " arrives on turn " + std::to_string(r.turn) + " at " +
                            ctx.label(r.entry) + ", which is not on the map edge; choose an edge cell");
            }
        };
        if (scope.all) {
            for (const auto& [piece, r] : reinforcements) {
                one(piece, r);
            }
            return;
        }
        for (PieceRef p : scope.pieces) {
            if (auto it = reinforcements.find(p); it != reinforcements.end()) {
                one(p, it->second);
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeReinforcementEntryOnEdge() {
    return std::make_unique<ReinforcementEntryOnEdge>();
}

} // namespace sandtable::rules
