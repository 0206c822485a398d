#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

// Kallistra limits stands per hex by arm, lower when the troops are in column.
class StackingStandsByArm final : public RuleBase {
  public:
    StackingStandsByArm()
        : RuleBase({"stacking.stands-by-arm",
                    "Stands per cell by arm and formation",
                    "kallistra-acw-hex-draft.txt, Sequence of play: \"Maximum number of stands in a hex - "
                    "Infantry 6 (4 in "
                    "column), Cavalry 4, Artillery 3 (2 in column)\"",
                    Severity::Error,
                    Granularity::PerCell,
                    PlacementsChanged | OrderChanged,
                    PlacementsChanged | OrderChanged,
                    {{"infantry", ParamType::Integer, "6", "infantry stands in a cell"},
                     {"infantry-column", ParamType::Integer, "4", "infantry stands in a cell when in column"},
                     {"cavalry", ParamType::Integer, "4", "cavalry stands in a cell"},
                     {"cavalry-column", ParamType::Integer, "4", "cavalry stands in a cell when in column"},
                     {"artillery", ParamType::Integer, "3", "artillery stands in a cell"},
                     {"artillery-column", ParamType::Integer, "2",
                      "artillery stands in a cell when in column (limbered)"},
                     {"column-formations", ParamType::List, "column march-column limbered",
                      "formations that count as column"}}}) {}

    void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
               Findings& out) const override {
        const auto columns = params.list("column-formations");
        forEachCell(ctx, scope, [&](Offset c, std::span<const PieceRef> pieces) {
            // Stands per arm (heavy artillery counts as artillery), and whether any are in column.
            int stands[3] = {0, 0, 0};
            bool inColumn[3] = {false, false, false};
            std::vector<PieceRef> who[3];
            for (PieceRef p : pieces) {
                const Unit* u = ctx.unit(p);
                if (u == nullptr) {
                    continue;
                }
                const int arm = u->arm == Arm::HeavyArtillery ? 2 : static_cast<int>(u->arm);
                stands[arm] += standsPerCell(*u, *ctx.placement(p));
                inColumn[arm] = inColumn[arm] || contains(columns, enumName(u->formation));
                who[arm].push_back(p);
            }
            static constexpr std::array<std::string_view, 3> names{"infantry", "cavalry", "artillery"};
            for (int arm = 0; arm < 3; ++arm) {
                if (stands[arm] == 0) {
                    continue;
                }
                const std::string key = std::string(names[arm]) + (inColumn[arm] ? "-column" : "");
                const int limit = params.integer(key);
                if (stands[arm] > limit) {
                    out.add({c}, who[arm],
                            std::to_string(stands[arm]) + " " + std::string(names[arm]) + " stands in " +
                                ctx.label(c) + "; at most " + std::to_string(limit) +
                                (inColumn[arm] ? " in column" : ""));
                }
            }
        });
    }
};

} // namespace

std::unique_ptr<Rule> makeStackingStandsByArm() {
    return std::make_unique<StackingStandsByArm>();
}

} // namespace sandtable::rules
