#include "rule_base.hpp"

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
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        const Scenario& s = ctx.scenario();
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon != Echelon::Army) {
                continue;
            }
            int fighting = 0;
            for (const auto& [uid, unit] : s.oob.units) {
                // The units the army begins this scenario with: those of the forces taking part.
                if ((unit.arm == Arm::Infantry || unit.arm == Arm::Cavalry) &&
                    ctx.ancestorOf(unit.parent, Echelon::Army) == id && takesPart(s, PieceRef::unit(uid))) {
                    ++fighting;
                }
            }
            if (fighting == 0 && !takesPart(s, PieceRef::commander(id))) {
                continue; // the army is not in this scenario
            }
            out.add({}, {PieceRef::commander(id)},
                    hq.name + ": " +
                        plural(fighting, "infantry or cavalry unit", "infantry and cavalry units") +
                        "; it breaks when " + std::to_string((fighting + 1) / 2) + " are lost");
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeArmyBreakPoint() {
    return std::make_unique<ArmyBreakPoint>();
}

} // namespace sandtable::rules
