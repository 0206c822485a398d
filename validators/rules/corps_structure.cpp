#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class CorpsStructure final : public RuleBase {
  public:
    CorpsStructure()
        : RuleBase({"corps.structure",
                    "Each corps has a commander, one train and divisions",
                    "hexed-general-2012-blog.txt, A. Basics: \"Each corps consists of a General (Corps "
                    "Commander), a wagon "
                    "representing the corps train and as many Divisions as is appropriate\"",
                    Severity::Error,
                    Granularity::Whole,
                    OrderChanged,
                    0,
                    {{"trains", ParamType::Integer, "1", "trains per corps"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope&,
               Findings& out) const override {
        const Scenario& s = ctx.scenario();
        const int wanted = params.integer("trains");
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon != Echelon::Corps) {
                continue;
            }
            const PieceRef me = PieceRef::commander(id);
            if (hq.commander.empty()) {
                out.add({}, {me}, hq.name + " has no corps commander; name one");
            }
            const auto trains =
                std::ranges::count_if(s.oob.trains, [&](const auto& t) { return t.second.corps == id; });
            if (trains != wanted) {
                out.add({}, {me},
                        hq.name + " has " + plural(static_cast<int>(trains), "train", "trains") +
                            "; a corps has " + std::to_string(wanted));
            }
            const bool hasDivision = std::ranges::any_of(ctx.childrenOf(id), [&](HeadquartersId c) {
                return s.oob.headquarters.at(c).echelon == Echelon::Division;
            });
            if (!hasDivision) {
                out.add({}, {me}, hq.name + " has no divisions");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeCorpsStructure() {
    return std::make_unique<CorpsStructure>();
}

} // namespace sandtable::rules
