#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class UnitBases final : public RuleBase {
  public:
    UnitBases()
        : RuleBase({"unit.bases",
                    "Bases per unit by arm",
                    "good-old-rebel-v1.txt, Units: \"Infantry & Cavalry units comprise of two bases & "
                    "artillery four.\"",
                    Severity::Error,
                    Granularity::PerPiece,
                    OrderChanged,
                    OrderChanged,
                    {{"infantry", ParamType::Integer, "2", "bases of an infantry unit"},
                     {"cavalry", ParamType::Integer, "2", "bases of a cavalry unit"},
                     {"artillery", ParamType::Integer, "4", "bases of an artillery unit"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        forEachUnit(ctx, scope, [&](PieceRef piece, const Unit& u) {
            const std::string_view arm = u.arm == Arm::HeavyArtillery ? "artillery" : enumName(u.arm);
            const int wanted = params.integer(arm);
            if (u.stands != wanted) {
                out.add({}, {piece},
                        ctx.describe(piece) + " has " + plural(u.stands, "base", "bases") + "; " +
                            std::string(arm) + " units have " + std::to_string(wanted));
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeUnitBases() {
    return std::make_unique<UnitBases>();
}

} // namespace sandtable::rules
