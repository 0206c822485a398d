#pragma once
// The other things a designer prints: roster sheets per side (as I'm a Good Old Rebel asks: number,
// name, quality, weapon, stands and hit boxes), a sheet of counters to cut out at the printed cell
// size, and the scenario booklet handed to players. Rosters and counters are the current scenario's
// (forces taking no part left out, strengths at its start); the booklet holds every scenario of a
// battle: its order of battle once, then each scenario's forces, set-up, reinforcement schedule and
// text from a page of its own.
#include "render/map_print.hpp"

namespace sandtable {

[[nodiscard]] std::expected<int, std::string>
printRosters(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);
[[nodiscard]] std::expected<int, std::string>
printBooklet(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);

} // namespace sandtable
