#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class DivisionStructure final : public RuleBase {
  public:
    DivisionStructure()
        : RuleBase({"division.structure",
                    "Each division has a commander and units",
                    "hexed-general-2012-blog.txt, A. Basics: \"A Division consists of a Division Commander "
                    "and as many units "
                    "as is appropriate\"",
                    Severity::Error,
                    Granularity::Whole,
                    OrderChanged,
                    0,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        const Scenario& s = ctx.scenario();
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon != Echelon::Division) {
                continue;
            }
            if (hq.commander.empty()) {
                out.add({}, {PieceRef::commander(id)}, hq.name + " has no division commander; name one");
            }
            // Units directly under it, or under its brigades.
            bool hasUnits = !ctx.unitsUnder(id).empty();
            for (HeadquartersId child : ctx.childrenOf(id)) {
                hasUnits = hasUnits || !ctx.unitsUnder(child).empty();
            }
            if (!hasUnits) {
                out.add({}, {PieceRef::commander(id)}, hq.name + " has no units");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeDivisionStructure() {
    return std::make_unique<DivisionStructure>();
}

} // namespace sandtable::rules
