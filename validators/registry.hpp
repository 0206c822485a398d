#pragma once
// Every rule Sandtable knows, in one explicit list (registry.cpp), and the resolution of a
// ruleset (data) against it: which rules run, at what severity, with which parameters.
#include "model/play_rules.hpp"
#include "rule.hpp"

#include <expected>
#include <memory>
#include <string>
#include <vector>

namespace sandtable {

const std::vector<std::unique_ptr<Rule>>& allRules();
const Rule* findRule(std::string_view key);

struct ActiveRule {
    const Rule* rule = nullptr;
    Severity severity = Severity::Error;
    RuleParams params;
};

struct ResolvedRuleset {
    std::string name;
    std::string title;
    std::vector<ActiveRule> rules;
    PlayRules play; // as the ruleset file gives it: checked when read (formats/ruleset_play_xml)
};

// Errors name the ruleset file and line of the setting at fault: an unknown rule, an unknown
// parameter, a value of the wrong type.
[[nodiscard]] std::expected<ResolvedRuleset, std::string> resolveRuleset(const Ruleset& ruleset);

} // namespace sandtable
