#include "rule_base.hpp"

#include <map>

namespace sandtable::rules {
namespace {

class CorpsBrigadeCount final : public RuleBase {
  public:
    CorpsBrigadeCount()
        : RuleBase({"corps.brigade-count",
                    "A corps commander for every 2 to 4 brigades",
                    "good-old-rebel-v1.txt, Command: \"Each brigade has a brigadier and every 2-4 brigades "
                    "has a Corp commander\"",
                    Severity::Warning,
                    Granularity::Whole,
                    OrderChanged,
                    0,
                    {{"min", ParamType::Integer, "2", "fewest brigades in a corps"},
                     {"max", ParamType::Integer, "4", "most brigades in a corps"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope&,
               Findings& out) const override {
        const Scenario& s = ctx.scenario();
        const int lo = params.integer("min"), hi = params.integer("max");
        // One pass over the brigades, each counted for its corps.
        std::map<HeadquartersId, int> brigades;
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon == Echelon::Corps) {
                brigades.try_emplace(id, 0);
            } else if (hq.echelon == Echelon::Brigade) {
                if (const auto corps = ctx.ancestorOf(hq.parent, Echelon::Corps)) {
                    ++brigades[*corps];
                }
            }
        }
        for (const auto& [id, count] : brigades) {
            if (count < lo || count > hi) {
                out.add({}, {PieceRef::commander(id)},
                        s.oob.headquarters.at(id).name + " has " + plural(count, "brigade", "brigades") +
                            "; a corps commander leads " + std::to_string(lo) + " to " + std::to_string(hi));
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeCorpsBrigadeCount() {
    return std::make_unique<CorpsBrigadeCount>();
}

} // namespace sandtable::rules
