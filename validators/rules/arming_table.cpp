#include "rule_base.hpp"

#include <charconv>

namespace sandtable::rules {
namespace {

// The arming table gives, per side and year, the D10 score at or under which a formation carries
// smoothbores; where it is 0 ("all rifled"), a smoothbore is impossible that year.
class ArmingTable final : public RuleBase {
  public:
    ArmingTable()
        : RuleBase({"arming.impossible-weapon",
                    "Smoothbores the arming table rules out",
                    "good-old-rebel-v1.txt, Smoothbore rifled weapons: \"if the number on the table or lower "
                    "is rolled with a "
                    "single D10, then that formation uses smoothbore weapons ... Deduct -1 from the die roll "
                    "for battles in the "
                    "Western theatre\"; Arming Table: Union 6, 5, 3, all rifled, all rifled; Confederate 7, "
                    "7, 5, 3, all rifled",
                    Severity::Info,
                    Granularity::PerPiece,
                    OrderChanged | InfoChanged,
                    OrderChanged,
                    {{"first-year", ParamType::Integer, "1861", "the year of the table's first column",
                      static_cast<double>(limits::year.lo), static_cast<double>(limits::year.hi)},
                     {"union", ParamType::List, "6 5 3 0 0", "smoothbore scores by year (0: all rifled)"},
                     {"confederate", ParamType::List, "7 7 5 3 0",
                      "smoothbore scores by year (0: all rifled)"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const std::string& date = ctx.scenario().info.date;
        int year = 0;
        if (date.size() < 4 || std::from_chars(date.data(), date.data() + 4, year).ec != std::errc{}) {
            return; // no date, no table
        }
        const int column = year - params.integer("first-year");
        forEachUnit(ctx, scope, [&](PieceRef piece, const Unit& u) {
            if (u.weapon != Weapon::SmoothboreMusket && u.weapon != Weapon::SmoothboreCarbine) {
                return;
            }
            const auto side = ctx.sideOf(piece);
            if (!side) {
                return;
            }
            const auto scores = params.list(enumName(*side));
            if (column < 0 || scores.empty()) {
                return;
            }
            const std::string& cell =
                scores[static_cast<std::size_t>(std::min<int>(column, static_cast<int>(scores.size()) - 1))];
            int score = 0;
            std::from_chars(cell.data(), cell.data() + cell.size(), score);
            if (score <= 0) {
                out.add({}, {piece},
                        ctx.describe(piece) + " carries a smoothbore, but by " + std::to_string(year) +
                            " the arming table has every " + std::string(enumName(*side)) +
                            " formation rifled");
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeArmingTable() {
    return std::make_unique<ArmingTable>();
}

} // namespace sandtable::rules
