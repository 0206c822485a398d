#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class TerrainImpassable final : public RuleBase {
  public:
    TerrainImpassable()
        : RuleBase({"terrain.impassable",
                    "No piece on impassable terrain",
                    "acw-area-rules-2015.txt: \"Terrain features must be defined as Broken (passable by most "
                    "troops), "
                    "Difficult (impassible for most troops) or Open\"; impassable terrain (deep water) holds "
                    "no troops at all",
                    Severity::Error,
                    Granularity::PerCell,
                    PlacementsChanged | TerrainChanged | OrderChanged,
                    PlacementsChanged | TerrainChanged | OrderChanged,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope& scope,
               Findings& out) const override {
        forEachCell(ctx, scope, [&](Offset c, std::span<const PieceRef> pieces) {
            if (pieces.empty() || !ctx.grid().contains(c)) {
                return;
            }
            const TerrainType& t = ctx.scenario().map.terrainAt(c);
            if (t.terrainClass != TerrainClass::Impassable) {
                return;
            }
            std::string who;
            for (PieceRef p : pieces) {
                who += (who.empty() ? "" : ", ") + ctx.describe(p);
            }
            out.add({c}, {pieces.begin(), pieces.end()},
                    who + (pieces.size() == 1 ? " stands" : " stand") + " on " + t.name + " at " +
                        ctx.label(c) + ", which is impassable; move " + (pieces.size() == 1 ? "it" : "them") +
                        " or change the terrain");
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeTerrainImpassable() {
    return std::make_unique<TerrainImpassable>();
}

} // namespace sandtable::rules
