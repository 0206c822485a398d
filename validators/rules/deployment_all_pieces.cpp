#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class AllPiecesDeployed final : public RuleBase {
  public:
    AllPiecesDeployed()
        : RuleBase({"deployment.all-pieces",
                    "Every piece is deployed or arrives later",
                    "good-old-rebel-v1.txt, Scenario instructions: \"Players will need a map and an order of "
                    "battle with "
                    "set-up notes and reinforcement schedules\"",
                    Severity::Warning,
                    Granularity::PerPiece,
                    OrderChanged | PlacementsChanged,
                    OrderChanged | PlacementsChanged,
                    {{"commanders", ParamType::Boolean, "true", "commanders must be deployed too"},
                     {"trains", ParamType::Boolean, "true", "trains must be deployed too"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const Scenario& s = ctx.scenario();
        const bool commanders = params.boolean("commanders"), trains = params.boolean("trains");
        auto exists = [&](PieceRef p) {
            switch (p.kind) {
            case PieceKind::Unit:
                return ctx.unit(p) != nullptr;
            case PieceKind::Commander: {
                // A headquarters without a named commander has no commander's piece to deploy; the
                // missing commander is the structure rules' one finding, not a second one here.
                const Headquarters* hq = ctx.headquarters(HeadquartersId{p.id});
                return commanders && hq != nullptr && !hq->commander.empty();
            }
            case PieceKind::Train:
                return trains && s.oob.trains.contains(TrainId{p.id});
            }
            return false;
        };
        auto one = [&](PieceRef p) {
            // A piece whose force does not take part in the scenario is absent, not missing.
            if (exists(p) && takesPart(s, p) && ctx.placement(p) == nullptr &&
                !s.deployment.reinforcements.contains(p)) {
                out.add({}, {p},
                        ctx.describe(p) + " is neither on the map nor in the reinforcement schedule");
            }
        };
        if (!scope.all) {
            for (PieceRef p : scope.pieces) {
                one(p);
            }
            return;
        }
        forEachUnitOfTheBattle(ctx, [&](UnitId id, const Unit&) { one(PieceRef::unit(id)); });
        for (const auto& [id, hq] : s.oob.headquarters) {
            one(PieceRef::commander(id));
        }
        for (const auto& [id, train] : s.oob.trains) {
            one(PieceRef::train(id));
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeAllPiecesDeployed() {
    return std::make_unique<AllPiecesDeployed>();
}

} // namespace sandtable::rules
