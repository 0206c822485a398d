#include "rule_base.hpp"

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
        std::map<std::pair<Side, int>, std::vector<PieceRef>> byNumber;
        for (const auto& [id, unit] : ctx.scenario().oob.units) {
            const PieceRef piece = PieceRef::unit(id);
            const auto side = ctx.sideOf(piece);
            if (!side) {
                continue;
            }
            if (unit.roster <= 0) {
                out.add({}, {piece},
                        unit.name + " has no roster number; number every unit for the roster sheet");
                continue;
            }
            byNumber[{*side, unit.roster}].push_back(piece);
        }
        for (const auto& [key, pieces] : byNumber) {
            if (pieces.size() > 1) {
                std::string who;
                for (PieceRef p : pieces) {
                    who += (who.empty() ? "" : ", ") + ctx.scenario().oob.units.at(UnitId{p.id}).name;
                }
                out.add({}, pieces,
                        "roster number " + std::to_string(key.second) + " is used " +
                            std::to_string(pieces.size()) + " times on the " +
                            std::string(enumName(key.first)) + " side (" + who + ")");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeRosterUniqueNumbers() {
    return std::make_unique<RosterUniqueNumbers>();
}

} // namespace sandtable::rules
