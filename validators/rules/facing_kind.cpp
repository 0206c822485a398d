#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class FacingKindRule final : public RuleBase {
  public:
    FacingKindRule()
        : RuleBase({"facing.kind",
                    "Units face a corner (or a side) of their cell",
                    "hexed-general-2012-blog.txt, A. Basics: \"All units must face a corner of the hex\"; "
                    "acw-area-rules-2015.txt, Facing and Formation: \"It must face a side after moving\"",
                    Severity::Error,
                    Granularity::PerPiece,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {{"facing", ParamType::List, "corner", "corner or side"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto words = params.list("facing");
        const FacingKind wanted =
            !words.empty() && words.front() == "side" ? FacingKind::Side : FacingKind::Corner;
        const std::string_view wantedName = enumName(wanted);
        forEachPlacedPiece(ctx, scope, [&](PieceRef piece, const Placement& pl) {
            if (piece.kind != PieceKind::Unit) {
                return;
            }
            if (!pl.facing) {
                out.add(pl.cells, {piece},
                        ctx.describe(piece) + " has no facing; it must face a " + std::string(wantedName) +
                            " of its cell");
            } else if (pl.facing->kind != wanted) {
                out.add(pl.cells, {piece},
                        ctx.describe(piece) + " faces a " + std::string(enumName(pl.facing->kind)) +
                            "; this ruleset has units face a " + std::string(wantedName));
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeFacingKind() {
    return std::make_unique<FacingKindRule>();
}

} // namespace sandtable::rules
