#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class OneSidePerCell final : public RuleBase {
  public:
    OneSidePerCell()
        : RuleBase({"deployment.one-side-per-cell",
                    "No cell holds both sides",
                    "hexed-general-2012-blog.txt, F. Close Combat: opposing units fight when adjacent, never "
                    "share a hex; "
                    "acw-area-rules-2015.txt: \"Opposing units which are adjacent are deemed to be engaged\"",
                    Severity::Error,
                    Granularity::PerCell,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope& scope,
               Findings& out) const override {
        forEachCell(ctx, scope, [&](Offset c, std::span<const PieceRef> pieces) {
            bool sides[2] = {false, false};
            for (PieceRef p : pieces) {
                if (auto side = ctx.sideOf(p)) {
                    sides[sideIndex(*side)] = true;
                }
            }
            if (sides[0] && sides[1]) {
                out.add({c}, {pieces.begin(), pieces.end()},
                        "Union and Confederate pieces share " + ctx.label(c) +
                            "; opposing pieces may be adjacent but never in one cell");
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeOneSidePerCell() {
    return std::make_unique<OneSidePerCell>();
}

} // namespace sandtable::rules
