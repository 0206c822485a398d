#pragma once
// Counts that describe a scenario at a glance, for `sandtable info`, the editor's status and tests.
#include "scenario.hpp"

#include <array>
#include <map>
#include <string>

namespace sandtable {

struct SideSummary {
    std::string name;
    std::array<int, 4> headquarters{}; // by Echelon
    std::array<int, 4> units{};        // by Arm
    int stands = 0;
    int men = 0;
    int guns = 0;
    int trains = 0;
    int placed = 0;         // pieces (units, commanders, trains) on the map at the start
    int reinforcements = 0; // pieces arriving later
    int unplaced = 0;       // pieces neither placed nor arriving
    int absent = 0;         // pieces whose force does not take part in the scenario
};

struct ScenarioSummary {
    std::map<std::string, int> cellsPerTerrain; // by terrain key
    int minElevation = 0;
    int maxElevation = 0;
    std::map<std::string, int> hexsidesPerFeature; // by feature or crossing name
    std::map<std::string, int> pathsPerKind;
    int pathCells = 0;
    std::map<std::string, int> featuresPerKind;
    std::array<SideSummary, 2> sides;
    int events = 0;
    int exclusions = 0;
};

ScenarioSummary summarize(const Scenario& s);

// "Ruleset: hexed-general; 44 turns of 60 minutes from 8:00 am, ...; Confederate moves first.":
// how the scenario is played, as the printed sheets and the module's scenario pages say it.
std::string playFacts(const ScenarioInfo& info);

} // namespace sandtable
