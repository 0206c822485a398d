#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class AllPiecesDeployed final : public RuleBase {
public:
    AllPiecesDeployed()
        : RuleBase({"deployment.all-pieces", "Every piece is deployed or arrives later",
                    "good-old-rebel-v1.txt, Scenario instructions: \"Players will need a map and an order of battle with "
                    "set-up notes and reinforcement schedules\"",
                    Severity::Warning, Granularity::Whole, OrderChanged | PlacementsChanged, 0,
                    {{"commanders", ParamType::Boolean, "true", "commanders must be deployed too"},
                     {"trains", ParamType::Boolean, "true", "trains must be deployed too"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope&, Findings& out) const override {
        const Scenario& s = ctx.scenario();
        auto one = [&](PieceRef p) {
            if (!s.deployment.placements.contains(p) && !s.deployment.reinforcements.contains(p)) {
                out.add({}, {p}, ctx.describe(p) + " is neither on the map nor in the reinforcement schedule");
            }
        };
        for (const auto& [id, unit] : s.oob.units) {
            one(PieceRef::unit(id));
        }
        if (params.boolean("commanders")) {
            for (const auto& [id, hq] : s.oob.headquarters) {
                one(PieceRef::commander(id));
            }
        }
        if (params.boolean("trains")) {
            for (const auto& [id, train] : s.oob.trains) {
                one(PieceRef::train(id));
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeAllPiecesDeployed() { return std::make_unique<AllPiecesDeployed>(); }

} // namespace sandtable::rules
