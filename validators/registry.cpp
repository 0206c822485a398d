#include "registry.hpp"

#include "rules/rules.hpp"

#include "model/limits.hpp"

#include <algorithm>

namespace sandtable {

// Every rule, in one list that is easy to review. Order here is the order of the docs.
const std::vector<std::unique_ptr<Rule>>& allRules() {
    static const std::vector<std::unique_ptr<Rule>> rules = [] {
        std::vector<std::unique_ptr<Rule>> r;
        // Shared by every ruleset.
        r.push_back(rules::makeDeploymentOnMap());
        r.push_back(rules::makeTerrainImpassable());
        r.push_back(rules::makeOneSidePerCell());
        r.push_back(rules::makeReinforcementEntryOnEdge());
        r.push_back(rules::makeOobReferences());
        r.push_back(rules::makeAllPiecesDeployed());
        // Stacking.
        r.push_back(rules::makeStackingUnitsPerCell());
        r.push_back(rules::makeStackingStandsByArm());
        r.push_back(rules::makeStackingStandsPerCell());
        r.push_back(rules::makeStackingSkirmishers());
        // Formation and facing.
        r.push_back(rules::makeFacingKind());
        r.push_back(rules::makeLineContiguous());
        // Command.
        r.push_back(rules::makeOneArmyPerSide());
        r.push_back(rules::makeCorpsStructure());
        r.push_back(rules::makeDivisionStructure());
        r.push_back(rules::makeIndependentUnits());
        r.push_back(rules::makeUnderEchelon());
        r.push_back(rules::makeHasCommander());
        r.push_back(rules::makeCorpsBrigadeCount());
        r.push_back(rules::makeUnitWithinRadius());
        r.push_back(rules::makeCommanderWithinRadius());
        // Supply.
        r.push_back(rules::makeCorpsLineOfSupply());
        r.push_back(rules::makeCorpsTrainOnRoad());
        // Terrain.
        r.push_back(rules::makeWagonsTerrain());
        r.push_back(rules::makeDifficultTerrain());
        // Units and roster.
        r.push_back(rules::makeUnitAllowedValues());
        r.push_back(rules::makeUnitBases());
        r.push_back(rules::makeRosterUniqueNumbers());
        r.push_back(rules::makeArmingTable());
        // Scenario text.
        r.push_back(rules::makeEventsTable());
        r.push_back(rules::makeObjectives());
        r.push_back(rules::makeSetupNotes());
        r.push_back(rules::makeArmyBreakPoint());
        return r;
    }();
    return rules;
}

const Rule* findRule(std::string_view key) {
    for (const auto& r : allRules()) {
        if (r->info().key == key) {
            return r.get();
        }
    }
    return nullptr;
}

std::expected<ResolvedRuleset, std::string> resolveRuleset(const Ruleset& ruleset) {
    ResolvedRuleset out;
    out.name = ruleset.name;
    out.title = ruleset.title;
    out.play = ruleset.play;
    for (const RuleSetting& setting : ruleset.rules) {
        const std::string where = setting.file + ":" + std::to_string(setting.line) + ": ";
        const Rule* rule = findRule(setting.key);
        if (rule == nullptr) {
            return std::unexpected(where + "unknown rule " + limits::quoted(setting.key) +
                                   "; `sandtable rulesets` lists the rules");
        }
        if (!setting.enabled) {
            continue;
        }
        ActiveRule active;
        active.rule = rule;
        active.severity = setting.severity.value_or(rule->info().defaultSeverity);
        for (const ParamSpec& spec : rule->info().params) {
            active.params.set(std::string(spec.name), std::string(spec.defaultValue));
        }
        for (const auto& [name, value] : setting.params) {
            auto spec = std::ranges::find(rule->info().params, name, &ParamSpec::name);
            if (spec == rule->info().params.end()) {
                std::string known;
                for (const ParamSpec& p : rule->info().params) {
                    known += (known.empty() ? "" : ", ") + std::string(p.name);
                }
                return std::unexpected(
                    where + "rule '" + setting.key + "' has no parameter " + limits::quoted(name) +
                    (known.empty() ? " (it takes none)" : "; its parameters are " + known));
            }
            if (std::string problem = RuleParams::checkValue(*spec, value); !problem.empty()) {
                return std::unexpected(where + "parameter '" + name + "' of rule '" + setting.key + "' " +
                                       problem + ", not " + limits::quoted(value));
            }
            active.params.set(name, value);
        }
        out.rules.push_back(std::move(active));
    }
    return out;
}

} // namespace sandtable
