#include "play_setup.hpp"

#include <algorithm>

namespace sandtable {
namespace {

const ActiveRule* active(const ResolvedRuleset& r, std::string_view key) {
    auto it = std::ranges::find_if(r.rules, [&](const ActiveRule& a) { return a.rule->info().key == key; });
    return it == r.rules.end() ? nullptr : &*it;
}

std::optional<StackingLimit> stackingOf(const ResolvedRuleset& r) {
    if (const ActiveRule* units = active(r, "stacking.units-per-cell")) {
        const int most = units->params.integer("max-units");
        return StackingLimit{false, most, std::to_string(most) + (most == 1 ? " unit" : " units")};
    }
    if (const ActiveRule* stands = active(r, "stacking.stands-per-cell")) {
        const int most = stands->params.integer("max-stands");
        return StackingLimit{true, most, std::to_string(most) + (most == 1 ? " stand" : " stands")};
    }
    if (const ActiveRule* byArm = active(r, "stacking.stands-by-arm")) {
        const int infantry = byArm->params.integer("infantry"), cavalry = byArm->params.integer("cavalry"),
                  artillery = byArm->params.integer("artillery");
        return StackingLimit{true, std::max({infantry, cavalry, artillery}),
                             std::to_string(infantry) + " infantry, " + std::to_string(cavalry) +
                                 " cavalry or " + std::to_string(artillery) + " artillery stands"};
    }
    return std::nullopt;
}

} // namespace

BreakPoint breakPointOf(const RuleParams& params) {
    BreakPoint point;
    point.lostFraction = params.number("lost-fraction");
    for (const std::string& word : params.list("arms")) {
        if (auto arm = parseEnum<Arm>(word)) {
            point.arms.push_back(*arm);
        }
    }
    return point;
}

std::string armsText(const std::vector<Arm>& arms, bool many) {
    std::string out;
    for (std::size_t i = 0; i < arms.size(); ++i) {
        out += i == 0 ? "" : (i + 1 == arms.size() ? (many ? " and " : " or ") : ", ");
        out += enumName(arms[i]);
    }
    return out;
}

PlaySetup playSetupOf(const ResolvedRuleset& ruleset) {
    PlaySetup out;
    out.ruleset = ruleset.name;
    out.title = ruleset.title;
    out.play = ruleset.play;
    out.stacking = stackingOf(ruleset);
    if (const ActiveRule* breaking = active(ruleset, "army.break-point")) {
        out.breakPoint = breakPointOf(breaking->params);
    }
    return out;
}

} // namespace sandtable
