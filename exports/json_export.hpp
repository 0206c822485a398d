#pragma once
// An engine-neutral JSON export of a whole battle, for those who write their own importer: the map
// and the order of battle once, then every scenario with its information and start; plain arrays
// and objects, cells as {col, row, label}, documented in docs/export.md.
#include "model/scenario.hpp"

#include <string>

namespace sandtable {

std::string exportJson(const Scenario& s, bool forced = false);

} // namespace sandtable
