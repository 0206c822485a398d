#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class WagonsTerrain final : public RuleBase {
  public:
    WagonsTerrain()
        : RuleBase({"terrain.wagons",
                    "Wagons keep out of broken ground",
                    "acw-area-rules-2015.txt, Penalties: \"Wagons may not enter broken ground.\"",
                    Severity::Error,
                    Granularity::PerPiece,
                    PlacementsChanged | TerrainChanged | OrderChanged,
                    PlacementsChanged | TerrainChanged | OrderChanged,
                    {{"forbidden", ParamType::List, "broken difficult impassable",
                      "terrain classes a train may not stand in"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto forbidden = params.list("forbidden");
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            if (piece.kind != PieceKind::Train) {
                return;
            }
            for (Offset c : pl.cells) {
                if (!ctx.grid().contains(c)) {
                    continue;
                }
                const TerrainType& t = ctx.scenario().map.terrainAt(c);
                if (contains(forbidden, enumName(t.terrainClass))) {
                    out.add({c}, {piece},
                            ctx.describe(piece) + " stands in " + t.name + " (" +
                                std::string(enumName(t.terrainClass)) + " ground) at " + ctx.label(c) +
                                "; wagons may not enter it");
                }
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeWagonsTerrain() {
    return std::make_unique<WagonsTerrain>();
}

} // namespace sandtable::rules
