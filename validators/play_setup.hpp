#pragma once
// What the play kit reads of a ruleset checked against the rules: its play section, the stacking
// limit a stack's total is read against, and the army's break point, each taken from the rule that
// holds it (the stacking rules' and `army.break-point`'s parameters), never written twice.
#include "model/play_rules.hpp"
#include "registry.hpp"

namespace sandtable {

PlaySetup playSetupOf(const ResolvedRuleset& ruleset);

// The break point the `army.break-point` rule's parameters give.
BreakPoint breakPointOf(const RuleParams& params);
// "infantry and cavalry" (for counting many), or "infantry or cavalry" (for one).
std::string armsText(const std::vector<Arm>& arms, bool many = true);

} // namespace sandtable
