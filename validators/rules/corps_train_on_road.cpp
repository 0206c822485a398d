#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class CorpsTrainOnRoad final : public RuleBase {
  public:
    CorpsTrainOnRoad()
        : RuleBase(
              {"corps.train-on-road-to-supply",
               "Each corps train stands on a road leading to its line of supply",
               "hexed-general-2012-blog.txt, A. Basics: \"The train must be placed on a road leading to the "
               "LOS hex\"",
               Severity::Error,
               Granularity::Whole,
               OrderChanged | PathsChanged | PlacementsChanged,
               0,
               {{"path-kinds", ParamType::List, "road pike railroad", "which paths count as the road"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope&,
               Findings& out) const override {
        const Scenario& s = ctx.scenario();
        unsigned kinds = 0;
        for (const std::string& k : params.list("path-kinds")) {
            if (auto kind = parseEnum<PathKind>(k)) {
                kinds |= ValidationContext::pathKindBit(*kind);
            }
        }
        for (const auto& [id, train] : s.oob.trains) {
            const PieceRef piece = PieceRef::train(id);
            const Placement* pl = ctx.placement(piece);
            const Headquarters* corps = ctx.headquarters(train.corps);
            if (pl == nullptr || pl->cells.empty() || corps == nullptr || !corps->supplyCell) {
                continue; // corps.line-of-supply and deployment.all-pieces report these
            }
            const Offset at = pl->cells.front();
            if (!ctx.onPath(at, kinds)) {
                out.add({at}, {piece},
                        ctx.describe(piece) + " at " + ctx.label(at) +
                            " is not on a road; place it on a road leading to " +
                            ctx.label(*corps->supplyCell));
            } else if (!ctx.pathConnected(at, *corps->supplyCell, kinds)) {
                out.add({at}, {piece},
                        ctx.describe(piece) + " at " + ctx.label(at) +
                            " is on a road that does not lead to " + possessive(corps->name) +
                            " line of supply at " + ctx.label(*corps->supplyCell));
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeCorpsTrainOnRoad() {
    return std::make_unique<CorpsTrainOnRoad>();
}

} // namespace sandtable::rules
