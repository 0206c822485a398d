#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class Objectives final : public RuleBase {
  public:
    Objectives()
        : RuleBase({"scenario.objectives",
                    "Objectives for both sides",
                    "good-old-rebel-v1.txt, Scenario instructions: \"The objectives of each player should be "
                    "clearly laid out\"",
                    Severity::Error,
                    Granularity::Whole,
                    InfoChanged,
                    0,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        const ScenarioInfo& info = ctx.scenario().info;
        for (Side side : {Side::Union, Side::Confederate}) {
            if (info.objectives[sideIndex(side)].empty()) {
                out.add({}, {},
                        info.sideNames[sideIndex(side)] +
                            " has no objectives; write what that player must do");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeObjectives() {
    return std::make_unique<Objectives>();
}

} // namespace sandtable::rules
