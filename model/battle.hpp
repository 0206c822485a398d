#pragma once
// A battle's scenarios: one map and one order of battle, and for each scenario its own start.
// Scenario holds the battle seen through its current scenario (scenario.hpp); these functions count,
// name, switch, add and remove scenarios, always moving starts, never copying the map.
#include "scenario.hpp"

#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// Scenario `index`'s start where it lives (the fields for the current one), read in place.
struct ScenarioStartView {
    const ScenarioInfo& info;
    const Deployment& deployment;
    const std::map<int, std::string>& events;
    const std::vector<Exclusion>& exclusions;
};

std::size_t scenarioCount(const Scenario& s);
ScenarioStartView startAt(const Scenario& s, std::size_t index);
const ScenarioInfo& scenarioInfo(const Scenario& s, std::size_t index);
// A copy of scenario `index`'s start.
ScenarioStart scenarioStart(const Scenario& s, std::size_t index);

// Makes scenario `index` the current one: its start moves into the fields, the old one's out.
void makeCurrent(Scenario& s, std::size_t index);
// The current start, moved out of the fields, which are left with a default start.
ScenarioStart takeCurrentStart(Scenario& s);
// The starts, moved out in order; the fields are left with a default start.
std::vector<ScenarioStart> takeStarts(Scenario& s);
// Puts `starts` (one at least) back, `current` the current one.
void putStarts(Scenario& s, std::vector<ScenarioStart> starts, std::size_t current);

// A scenario by its title or by its number counted from 1 ("2", "Day 2"); the error lists them.
std::expected<std::size_t, std::string> findScenario(const Scenario& s, std::string_view titleOrNumber);
// `base`, or `base (2)`, `base (3)`...: the first title no scenario of the battle has.
std::string freeScenarioTitle(const Scenario& s, const std::string& base);
// Why scenario `index` may not be titled `title` (blank, more than a line, or another scenario's),
// or nothing: what the editor checks before an edit the file would refuse. An index past the last
// is a scenario about to be added.
std::optional<std::string> scenarioTitleProblem(const Scenario& s, std::size_t index,
                                                const std::string& title);
// What a battle is called on a module or a booklet: what its scenarios' titles share before a colon
// ("Gettysburg" for "Gettysburg: 1 July" and "Gettysburg: 2 July"), or its first scenario's title
// (a battle of one scenario: that scenario's whole title).
std::string battleTitle(const Scenario& s);
// "scenario 2, 'Day 2'": how messages name a scenario.
std::string scenarioName(const Scenario& s, std::size_t index);

// The piece takes part in the current scenario: under one of the forces it lists, or it lists none.
bool takesPart(const Scenario& s, PieceRef piece);
// The same for a list of forces (nullopt: the whole order of battle).
bool takesPart(const OrderOfBattle& oob, const std::optional<std::set<HeadquartersId>>& forces,
               PieceRef piece);

// A unit's stands and strength at the scenario's start, losses so far taken off.
int standsNow(const Unit& u, const StrengthNow& now);
int strengthNow(const Unit& u, const StrengthNow& now);
// The unit's strength now, from wherever a deployment places or schedules it (full when it does not).
const StrengthNow& strengthIn(const Deployment& d, UnitId unit);
// The same in the current scenario.
const StrengthNow& strengthOf(const Scenario& s, UnitId unit);
// How exports and the booklet name a piece at the current scenario's start: "#1 1st Iowa (610 men, 2
// stands)" (with " after losses" before the bracket when `sayLosses` and it has lost some), a
// commander as "Jones (1st Division)", a train by its name.
std::string pieceAtStart(const Scenario& s, PieceRef piece, bool sayLosses = false);
// Why `unit` may not become `changed` in the order of battle: a scenario starts it with more stands
// or men than `changed` has at full strength (the file would refuse it). Nothing when it may.
std::optional<std::string> fullStrengthProblem(const Scenario& s, UnitId unit, const Unit& changed);

} // namespace sandtable
