#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

class IndependentUnits final : public RuleBase {
  public:
    IndependentUnits()
        : RuleBase({"command.independent-units",
                    "Units outside a division are under the army general or attached to a corps",
                    "hexed-general-2012-blog.txt, A. Basics: \"Independent units such as reserve batteries "
                    "may be commanded "
                    "by the army general until such time as he attaches them to a Corps\"",
                    Severity::Warning,
                    Granularity::PerPiece,
                    OrderChanged,
                    OrderChanged,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope& scope,
               Findings& out) const override {
        forEachUnit(ctx, scope, [&](PieceRef piece, const Unit& unit) {
            const Headquarters* parent = ctx.headquarters(unit.parent);
            // The army general's own, or attached by him to a corps: both as the text allows.
            if (parent == nullptr || parent->echelon == Echelon::Army || parent->echelon == Echelon::Corps ||
                ctx.ancestor(piece, Echelon::Division)) {
                return;
            }
            out.add({}, {piece},
                    ctx.describe(piece) + " is under " + parent->name + " (" +
                        std::string(enumName(parent->echelon)) +
                        ") but in no division; an independent unit is commanded by the army general or "
                        "attached to a corps");
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeIndependentUnits() {
    return std::make_unique<IndependentUnits>();
}

} // namespace sandtable::rules
