#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

// Pieces can be left off the map by a resize; the file reader refuses them, but edits can make them.
class DeploymentOnMap final : public RuleBase {
  public:
    DeploymentOnMap()
        : RuleBase({"deployment.on-map",
                    "Deployed pieces stand on the map",
                    "all seeds: pieces are deployed in hexes or areas of the board",
                    Severity::Error,
                    Granularity::PerPiece,
                    PlacementsChanged | OrderChanged | TerrainChanged,
                    PlacementsChanged | OrderChanged,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope& scope,
               Findings& out) const override {
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            for (Offset c : pl.cells) {
                if (!ctx.grid().contains(c)) {
                    out.add({c}, {piece},
                            ctx.describe(piece) + " stands off the map (column " + std::to_string(c.col + 1) +
                                ", row " + std::to_string(c.row + 1) + "); move it onto the map");
                }
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeDeploymentOnMap() {
    return std::make_unique<DeploymentOnMap>();
}

} // namespace sandtable::rules
