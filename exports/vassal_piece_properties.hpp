#pragma once
// The properties a VASSAL piece made by Sandtable carries, once: the pieces' prototypes and markers
// set them, the mouse-over viewer, the inventory and the reports read them.
#include <string_view>

namespace sandtable::vassal_property {

inline constexpr std::string_view side = "Side";
inline constexpr std::string_view corps = "Corps";
inline constexpr std::string_view division = "Division";
inline constexpr std::string_view arm = "Arm";
inline constexpr std::string_view quality = "Quality";
inline constexpr std::string_view weapon = "Weapon";
inline constexpr std::string_view strength = "Strength";
inline constexpr std::string_view stands = "Stands"; // a unit's stands at the start; 0 for others
inline constexpr std::string_view units = "Units";   // 1 for a unit, 0 for commanders and trains
// 1 for a unit whose loss counts toward its army's break point (its arm counts), else 0.
inline constexpr std::string_view breakCount = "BreakCount";
// A side's losses toward its break point, as a piece just eliminated counts them in its box.
inline constexpr std::string_view losses = "Losses";
// On every piece, for its scenario: how many of its side's units count toward the break point, and
// how many lost break the army (a battle's scenarios differ; its pieces share the prototypes).
inline constexpr std::string_view breakOf = "BreakOf";
inline constexpr std::string_view breakAt = "BreakAt";
// What the viewer and inventory show of a piece: its name, command, strength, values and status.
inline constexpr std::string_view detail = "Detail";

} // namespace sandtable::vassal_property
