#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class HasCommander final : public RuleBase {
  public:
    HasCommander()
        : RuleBase({"command.has-commander",
                    "Every brigade has its commander on the table",
                    "good-old-rebel-v1.txt: \"Regiments are grouped into brigades, with each brigade having "
                    "a brigade commander "
                    "base deployed on the table\"",
                    Severity::Error,
                    Granularity::Whole,
                    OrderChanged | PlacementsChanged,
                    0,
                    {{"echelons", ParamType::List, "brigade",
                      "echelons whose commanders must be named and deployed"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope&,
               Findings& out) const override {
        const auto echelons = params.list("echelons");
        const Deployment& d = ctx.scenario().deployment;
        for (const auto& [id, hq] : ctx.scenario().oob.headquarters) {
            if (!contains(echelons, enumName(hq.echelon))) {
                continue;
            }
            const PieceRef me = PieceRef::commander(id);
            if (hq.commander.empty()) {
                out.add({}, {me}, hq.name + " has no commander; name one");
            } else if (!d.placements.contains(me) && !d.reinforcements.contains(me)) {
                out.add({}, {me},
                        ctx.describe(me) + " is neither on the table nor arriving; deploy his base");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeHasCommander() {
    return std::make_unique<HasCommander>();
}

} // namespace sandtable::rules
