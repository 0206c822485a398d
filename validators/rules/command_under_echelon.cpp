#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class UnderEchelon final : public RuleBase {
  public:
    UnderEchelon()
        : RuleBase(
              {"command.under-echelon",
               "Every unit is under a division (or the echelon given)",
               "acw-area-rules-2015.txt: \"Stands must be assigned to the command of a Division Commander\"",
               Severity::Error,
               Granularity::PerPiece,
               OrderChanged,
               OrderChanged,
               {{"echelon", ParamType::List, "division", "the echelon every unit must be under"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto words = params.list("echelon");
        const auto echelon = words.empty() ? std::nullopt : parseEnum<Echelon>(words.front());
        if (!echelon) {
            return;
        }
        forEachUnit(ctx, scope, [&](PieceRef piece, const Unit&) {
            if (!ctx.ancestor(piece, *echelon)) {
                out.add({}, {piece},
                        ctx.describe(piece) + " is under no " + std::string(enumName(*echelon)) +
                            "; assign it to one");
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeUnderEchelon() {
    return std::make_unique<UnderEchelon>();
}

} // namespace sandtable::rules
