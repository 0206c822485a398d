#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

// In The Hexed General "LOS" is the line of supply (not of sight): where a road or railroad leaves
// the board, or a landing on a navigable river.
class CorpsLineOfSupply final : public RuleBase {
  public:
    CorpsLineOfSupply()
        : RuleBase({"corps.line-of-supply",
                    "Each corps marks its line of supply",
                    "hexed-general-2012-blog.txt, A. Basics: \"Each corps must mark a hex where a road or "
                    "railroad leaves the "
                    "board or which contains a landing place on a navigable river which marks its line of "
                    "supply (LOS)\"",
                    Severity::Error,
                    Granularity::Whole,
                    OrderChanged | PathsChanged,
                    0,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        const Scenario& s = ctx.scenario();
        const unsigned roadsAndRails = ValidationContext::pathKindBit(PathKind::Road) |
                                       ValidationContext::pathKindBit(PathKind::Pike) |
                                       ValidationContext::pathKindBit(PathKind::Railroad);
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon != Echelon::Corps) {
                continue;
            }
            const PieceRef me = PieceRef::commander(id);
            if (!hq.supplyCell) {
                out.add({}, {me},
                        hq.name + " has no line-of-supply cell; mark where a road or railroad leaves the "
                                  "map, or a landing");
                continue;
            }
            const Offset c = *hq.supplyCell;
            const bool landing = std::ranges::any_of(s.map.features, [&](const auto& f) {
                return f.second.kind == FeatureKind::Landing && f.second.cell == c;
            });
            const bool roadLeaves = ctx.grid().onBorder(c) && ctx.onPath(c, roadsAndRails);
            if (!landing && !roadLeaves) {
                out.add({c}, {me},
                        possessive(hq.name) + " line of supply at " + ctx.label(c) +
                            " is neither where a road or railroad leaves the map nor a landing on a "
                            "navigable river");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeCorpsLineOfSupply() {
    return std::make_unique<CorpsLineOfSupply>();
}

} // namespace sandtable::rules
