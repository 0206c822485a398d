#pragma once
// What a resolved ruleset accepts for a unit's enumerated fields and bases, read from the settings
// of its unit.allowed-values and unit.bases rules: the editor offers these values and new units
// start with them. A ruleset without those rules accepts anything.
#include "model/oob_authoring.hpp"
#include "registry.hpp"

namespace sandtable {

UnitVocabulary unitVocabulary(const ResolvedRuleset& rules);

} // namespace sandtable
