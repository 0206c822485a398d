#include "rule_base.hpp"

#include <tuple>

#include <map>

namespace sandtable::rules {
namespace {

class RosterUniqueNumbers final : public RuleBase {
  public:
    RosterUniqueNumbers()
        : RuleBase({"roster.unique-numbers",
                    "Roster numbers are unique on each side",
                    "good-old-rebel-v1.txt, Units: \"Each player will have an army roster that shows all of "
                    "the units in their "
                    "army. The number on the unit will correspond to the number on the roster sheet\"",
                    Severity::Error,
                    Granularity::Whole,
                    OrderChanged,
                    0,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        // (side, number, unit) sorted: the units sharing a number on a side stand together.
        std::vector<std::tuple<Side, int, PieceRef>> numbered;
        numbered.reserve(ctx.scenario().oob.units.size());
        forEachUnitOfTheBattle(ctx, [&](UnitId id, const Unit& unit) {
            const PieceRef piece = PieceRef::unit(id);
            const auto side = ctx.sideOf(piece);
            if (!side) {
                return;
            }
            if (unit.roster <= 0) {
                out.add({}, {piece},
                        unit.name + " has no roster number; number every unit for the roster sheet");
                return;
            }
            numbered.emplace_back(*side, unit.roster, piece);
        });
        std::ranges::sort(numbered);
        for (std::size_t i = 0; i < numbered.size();) {
            const auto& [side, number, firstPiece] = numbered[i];
            std::size_t end = i + 1;
            while (end < numbered.size() && std::get<0>(numbered[end]) == side &&
                   std::get<1>(numbered[end]) == number) {
                ++end;
            }
            if (end - i > 1) {
                std::vector<PieceRef> pieces;
                std::string who;
                for (std::size_t k = i; k < end; ++k) {
                    const PieceRef p = std::get<2>(numbered[k]);
                    pieces.push_back(p);
                    who += (who.empty() ? "" : ", ") + ctx.unit(p)->name;
                }
                out.add({}, pieces,
                        "roster number " + std::to_string(number) + " is used " +
                            std::to_string(pieces.size()) + " times on the " + std::string(enumName(side)) +
                            " side (" + who + ")");
            }
            i = end;
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeRosterUniqueNumbers() {
    return std::make_unique<RosterUniqueNumbers>();
}

} // namespace sandtable::rules
