#pragma once
// An engine-neutral JSON export of a whole battle, for those who write their own importer: the map
// and the order of battle once, then every scenario with its information and start; plain arrays
// and objects, cells as {col, row, label}, documented in docs/export.md.
#include "model/scenario.hpp"

#include <string>

namespace sandtable {

std::string exportJson(const Scenario& s, bool forced = false);

class JsonWriter;
// When the turns fall, as fields of the object being written: startTime ("08:00") and dawn, or null
// without; nightTurns, an array, empty without. The export's scenarios and `info --json` share it.
void writeTurnClock(JsonWriter& j, const ScenarioInfo& info);

} // namespace sandtable
