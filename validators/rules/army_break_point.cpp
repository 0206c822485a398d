#include "rule_base.hpp"
#include "validators/play_setup.hpp"

namespace sandtable::rules {
namespace {

// Not a fault: the figure players need, reported as information.
class ArmyBreakPoint final : public RuleBase {
  public:
    ArmyBreakPoint()
        : RuleBase({"army.break-point",
                    "Army break point (half the infantry and cavalry units)",
                    "hexed-general-2012-blog.txt, Victory: \"if the infantry and cavalry units that have "
                    "been lost equal 1/2 "
                    "the number of infantry and cavalry units that the army began with, the army must "
                    "concede defeat\"",
                    Severity::Info,
                    Granularity::Whole,
                    OrderChanged,
                    0,
                    {{"lost-fraction", ParamType::Number, "0.5",
                      "the share of the units it began with whose loss breaks the army", 0.01, 1},
                     {"arms", ParamType::List, "infantry cavalry", "the arms whose units count"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope&,
               Findings& out) const override {
        const Scenario& s = ctx.scenario();
        const BreakPoint point = breakPointOf(params);
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon != Echelon::Army) {
                continue;
            }
            int fighting = 0;
            forEachUnitOfTheBattle(ctx, [&](UnitId uid, const Unit& unit) {
                // The units the army begins this scenario with: those of the forces taking part.
                if (point.counts(unit.arm) && ctx.ancestorOf(unit.parent, Echelon::Army) == id &&
                    takesPart(s, PieceRef::unit(uid))) {
                    ++fighting;
                }
            });
            if (fighting == 0 && !takesPart(s, PieceRef::commander(id))) {
                continue; // the army is not in this scenario
            }
            out.add({}, {PieceRef::commander(id)},
                    hq.name + ": " + std::to_string(fighting) + " " + armsText(point.arms, fighting != 1) +
                        (fighting == 1 ? " unit" : " units") + "; it breaks when " +
                        std::to_string(point.unitsToBreak(fighting)) + " are lost");
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeArmyBreakPoint() {
    return std::make_unique<ArmyBreakPoint>();
}

} // namespace sandtable::rules
