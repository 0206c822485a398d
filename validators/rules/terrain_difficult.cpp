#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class DifficultTerrain final : public RuleBase {
  public:
    DifficultTerrain()
        : RuleBase({"terrain.difficult",
                    "Only infantry and commanders in difficult ground",
                    "acw-area-rules-2015.txt, Penalties: \"Normally only infantry and commanders may enter "
                    "difficult ground.\"",
                    Severity::Error,
                    Granularity::PerPiece,
                    PlacementsChanged | TerrainChanged | OrderChanged,
                    PlacementsChanged | TerrainChanged | OrderChanged,
                    {{"allowed-arms", ParamType::List, "infantry",
                      "arms that may stand in difficult ground (commanders always may)"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto allowed = params.list("allowed-arms");
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            // Commanders may go anywhere; trains are terrain.wagons' business.
            const Unit* u = ctx.unit(piece);
            if (u == nullptr || contains(allowed, enumName(u->arm))) {
                return;
            }
            for (Offset c : pl.cells) {
                if (!ctx.grid().contains(c)) {
                    continue;
                }
                const TerrainType& t = ctx.scenario().map.terrainAt(c);
                if (t.terrainClass == TerrainClass::Difficult) {
                    out.add({c}, {piece},
                            ctx.describe(piece) + " (" + std::string(enumName(u->arm)) + ") stands in " +
                                t.name + " at " + ctx.label(c) +
                                ", difficult ground; only infantry and commanders may enter it");
                }
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeDifficultTerrain() {
    return std::make_unique<DifficultTerrain>();
}

} // namespace sandtable::rules
