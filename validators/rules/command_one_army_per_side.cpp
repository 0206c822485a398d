#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class OneArmyPerSide final : public RuleBase {
  public:
    OneArmyPerSide()
        : RuleBase({"command.one-army-per-side",
                    "Each side has one army and its general",
                    "hexed-general-2012-blog.txt, A. Basics: \"Each army has a General who is in over all "
                    "command\"",
                    Severity::Error,
                    Granularity::Whole,
                    OrderChanged,
                    0,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        const Scenario& s = ctx.scenario();
        for (Side side : {Side::Union, Side::Confederate}) {
            std::vector<PieceRef> armies;
            for (const auto& [id, hq] : s.oob.headquarters) {
                if (hq.side == side && hq.echelon == Echelon::Army) {
                    armies.push_back(PieceRef::commander(id));
                    if (hq.commander.empty()) {
                        out.add({}, {PieceRef::commander(id)},
                                hq.name + " has no general; name its commander");
                    }
                }
            }
            const bool hasForces =
                std::ranges::any_of(s.oob.headquarters, [&](const auto& e) { return e.second.side == side; });
            if (armies.size() > 1) {
                out.add({}, armies,
                        s.info.sideNames[sideIndex(side)] + " has " + std::to_string(armies.size()) +
                            " armies; one army general commands them all (make the others corps)");
            } else if (armies.empty() && hasForces) {
                out.add({}, {},
                        s.info.sideNames[sideIndex(side)] +
                            " has no army headquarters; add one with its general");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeOneArmyPerSide() {
    return std::make_unique<OneArmyPerSide>();
}

} // namespace sandtable::rules
