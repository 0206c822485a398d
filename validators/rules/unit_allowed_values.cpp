#include "rule_base.hpp"

#include <map>

namespace sandtable::rules {
namespace {

// Each ruleset has its own vocabulary of troop quality and weapons; values from another
// ruleset's tables have no meaning in this one.
class UnitAllowedValues final : public RuleBase {
  public:
    UnitAllowedValues()
        : RuleBase(
              {"unit.allowed-values",
               "Quality, weapon and gun come from the ruleset's tables",
               "kallistra-acw-hex-draft.txt, Firing table: weapons SM, RM, SR, RC, SS, qualities E/R/M, guns "
               "6lb, 12lb "
               "Napoleon, 3\" Rifle; good-old-rebel-v1.txt, Units: \"training / experience level of each "
               "unit (either raw, "
               "seasoned or veteran) and whether the unit is using a smoothbore or rifled weapon\"; "
               "good-old-rebel-v1.txt, Terms & References: \"All none cavalry formations must be described "
               "as "
               "using either rifled or smoothbore weapons, cavalry use carbines\"",
               Severity::Error,
               Granularity::PerPiece,
               OrderChanged,
               OrderChanged,
               {{"qualities", ParamType::List, "", "allowed qualities (empty: any)"},
                {"weapons", ParamType::List, "", "allowed small arms of infantry and cavalry (empty: any)"},
                {"guns", ParamType::List, "", "allowed guns of artillery (empty: any)"},
                {"infantry-weapons", ParamType::List, "",
                 "small arms infantry may carry (empty: any of weapons)"},
                {"cavalry-weapons", ParamType::List, "",
                 "small arms cavalry may carry (empty: any of weapons)"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto qualities = params.list("qualities");
        const auto weapons = params.list("weapons");
        const auto guns = params.list("guns");
        const std::map<Arm, std::vector<std::string>> weaponsOfArm{
            {Arm::Infantry, params.list("infantry-weapons")}, {Arm::Cavalry, params.list("cavalry-weapons")}};
        auto join = [](const std::vector<std::string>& list) {
            std::string s;
            for (const auto& w : list) {
                s += (s.empty() ? "" : ", ") + w;
            }
            return s;
        };
        forEachUnit(ctx, scope, [&](PieceRef piece, const Unit& u) {
            const bool artillery = u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery;
            if (!qualities.empty() && !contains(qualities, enumName(u.quality))) {
                out.add({}, {piece},
                        ctx.describe(piece) + " is " + std::string(enumName(u.quality)) +
                            "; this ruleset knows " + join(qualities));
            }
            if (!artillery && !weapons.empty() && !contains(weapons, enumName(u.weapon))) {
                out.add({}, {piece},
                        ctx.describe(piece) + " carries " + std::string(enumName(u.weapon)) +
                            "; this ruleset's weapons are " + join(weapons));
            }
            if (auto it = weaponsOfArm.find(u.arm);
                it != weaponsOfArm.end() && !it->second.empty() &&
                (weapons.empty() || contains(weapons, enumName(u.weapon))) &&
                !contains(it->second, enumName(u.weapon))) {
                out.add({}, {piece},
                        ctx.describe(piece) + " is " + std::string(enumName(u.arm)) + " carrying " +
                            std::string(enumName(u.weapon)) + "; in this ruleset " +
                            std::string(enumName(u.arm)) + " carries " + join(it->second));
            }
            if (artillery && !guns.empty() && !contains(guns, enumName(u.gun))) {
                out.add({}, {piece},
                        ctx.describe(piece) + " has " + std::string(enumName(u.gun)) +
                            " guns; this ruleset's guns are " + join(guns));
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeUnitAllowedValues() {
    return std::make_unique<UnitAllowedValues>();
}

} // namespace sandtable::rules
