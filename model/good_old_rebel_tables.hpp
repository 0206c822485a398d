#pragma once
// I'm a Good Old Rebel's quality and arming tables (good-old-rebel-v1.txt, "Smoothbore rifled
// weapons" and the Early, Mid and Late War quality tables), to fill a side's order of battle by
// dice as the rules suggest, reproducibly from a seed.
#include "commands/command.hpp"

#include <cstdint>

namespace sandtable {

enum class WarPeriod : std::uint8_t { Early, Mid, Late };

// 1861-62 early, 1863 and the first half of 1864 mid, later late (the seed's Mid-War 1863-64 and
// Late War 1864-65 overlap in 1864; the battle's month decides).
WarPeriod warPeriod(int year, int month);
// The D6 quality table: roll 1..6 for an arm (infantry, cavalry, artillery; generals use
// `forGeneral`) of a side in a period.
Quality qualityFor(WarPeriod period, Side side, Arm arm, int d6, bool forGeneral = false);
// The arming table: a formation has smoothbores when a D10 (less 1 in the Western theatre) rolls
// at or under this number; 0 means all rifled.
int smoothboreScore(Side side, int year);

// One undoable edit that rolls quality and small arms for every unit, and quality for every
// commander, of one side. The same seed gives the same rolls.
CommandPtr fillFromGoodOldRebelTables(const Scenario& s, Side side, std::uint64_t seed);

} // namespace sandtable
