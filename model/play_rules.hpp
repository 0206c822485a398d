#pragma once
// What a ruleset needs in play, as data (the <play> section of a ruleset file): the dice its players
// roll, the values kept on each unit (hits, stands lost) with their range and what happens at the
// end, and the status markers its texts name. The play kit (the VASSAL module's dice buttons,
// properties and layers; the counter sheets' backs and markers) is made from it, so a house rule
// that changes it changes the kit. The army's break point is not here: it is the parameter of the
// `army.break-point` rule, its one place.
#include "enum_names.hpp"
#include "order_of_battle.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

// Dice a player rolls: "2D6", "1D12". `use` says what for, in the rules' words. Orders dice are
// rolled `count` for each general of the side (the Hexed General's "roll 1 die per General").
struct PlayDice {
    std::string name; // the button's text: "2D6"
    int count = 1;
    int sides = 6;
    bool perGeneral = false;
    std::string use;
    std::string source; // where the rule texts say so
    bool operator==(const PlayDice&) const = default;
};

// What happens to a unit when a kept value reaches its most.
enum class TrackEnd : std::uint8_t { Nothing, Removed };
template <> struct EnumNames<TrackEnd> {
    static constexpr std::array<NameOf<TrackEnd>, 2> names{
        {{TrackEnd::Nothing, "nothing"}, {TrackEnd::Removed, "removed"}}};
};

// A value kept on every unit in play, counted up from 0: hits, stands lost. Its most is either a
// number, or a number for every stand the unit has (the area rules' "each stand can take 2 hits";
// Kallistra's stands lost, one per stand), or none (Good Old Rebel's hits pile up).
struct PlayTrack {
    std::string name;  // a property name: "hits", "stands-lost"
    std::string label; // what a player reads: "Hits", "Stands lost"
    int most = 0;      // 0: no most
    bool perStand = false;
    TrackEnd atMost = TrackEnd::Nothing;
    int rally = 0; // how many a rally takes off (0: the rules rally none)
    std::string source;
    bool operator==(const PlayTrack&) const = default;

    // The most for a unit of `stands` stands; 0 when there is none.
    int mostFor(int stands) const { return perStand ? most * stands : most; }
};

// The status markers the rule texts name. Those that are formations carry the formation's own name
// (see `formationOf`), so a unit's formation at the start shows as its marker.
enum class StatusMarker : std::uint8_t {
    Disrupted,
    Disordered,
    Recoiled,
    Routed,
    Entrenching,
    Entrenched,
    ChargeDeclared,
    Line,
    Column,
    MarchColumn,
    Skirmish,
    Square,
    Limbered,
    Dismounted,
};
template <> struct EnumNames<StatusMarker> {
    static constexpr std::array<NameOf<StatusMarker>, 14> names{{
        {StatusMarker::Disrupted, "disrupted"},
        {StatusMarker::Disordered, "disordered"},
        {StatusMarker::Recoiled, "recoiled"},
        {StatusMarker::Routed, "routed"},
        {StatusMarker::Entrenching, "entrenching"},
        {StatusMarker::Entrenched, "entrenched"},
        {StatusMarker::ChargeDeclared, "charge-declared"},
        {StatusMarker::Line, "line"},
        {StatusMarker::Column, "column"},
        {StatusMarker::MarchColumn, "march-column"},
        {StatusMarker::Skirmish, "skirmish"},
        {StatusMarker::Square, "square"},
        {StatusMarker::Limbered, "limbered"},
        {StatusMarker::Dismounted, "dismounted"},
    }};
};

// The formation a marker stands for, if it is one.
std::optional<Formation> formationOf(StatusMarker marker);

// A marker a ruleset uses, in its words ("Road column" for the Hexed General's march column).
// Entrenching may count a score up to the one that completes the work (the area rules: "an
// accumulated score of 6").
struct PlayMarker {
    StatusMarker marker = StatusMarker::Disrupted;
    std::string label;
    int scoreToComplete = 0; // entrenching only; 0: no score kept
    std::string source;
    bool operator==(const PlayMarker&) const = default;
};

// What a counter's back shows: the reduced, disrupted or spent face the rules use ("Disrupted";
// the Hexed General's "2 hits", when a unit may rally).
struct PlayBack {
    std::string label;
    std::string source;
    bool operator==(const PlayBack&) const = default;
};

// A table of the rules a player looks things up in (Good Old Rebel's fire and close combat dice),
// as the rule text prints it: the first row the heading (its first cell the table's own title),
// every other row a row's name and its cells; notes under it (the modifiers).
struct PlayTable {
    std::string name;  // "artillery-fire"
    std::string label; // what the chart's heading says
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> notes;
    std::string source;
    bool operator==(const PlayTable&) const = default;
};

struct PlayRules {
    std::vector<PlayDice> dice;
    std::vector<PlayTrack> tracks;
    std::vector<PlayMarker> markers;
    std::vector<PlayTable> tables;
    std::optional<PlayBack> back; // none: the back repeats the front, washed out
    bool operator==(const PlayRules&) const = default;

    const PlayMarker* marker(StatusMarker m) const;
};

// What a cell may hold under the ruleset's stacking rule, for a stack's total in play ("5 of 6
// stands"): stands or units, with a most for each arm where the rules give one (Kallistra's 6
// infantry, 4 cavalry, 3 artillery stands).
struct StackingLimit {
    bool stands = true; // counts stands; false: units
    int most = 0;       // the most of any arm (the one limit when the rules give one)
    std::string text;   // what a player reads: "6 stands", "6 infantry, 4 cavalry or 3 artillery stands"
    bool operator==(const StackingLimit&) const = default;
};

// An army breaks when it has lost `lostFraction` of the units of `arms` it began with (the Hexed
// General: half of its infantry and cavalry).
struct BreakPoint {
    double lostFraction = 0.5;
    std::vector<Arm> arms;
    bool operator==(const BreakPoint&) const = default;

    // Whether a unit of this arm counts toward it.
    bool counts(Arm arm) const;
    // How many of `units` lost break the army: the fraction of them, rounded up.
    int unitsToBreak(int units) const;
};

// What the play kit (VASSAL module, counter sheets) reads of a scenario's ruleset: made from the
// ruleset checked against the rules (validators/play_setup), so the exports never see the
// validator.
struct PlaySetup {
    std::string ruleset; // its name; empty: the scenario has no ruleset
    std::string title;
    PlayRules play;
    std::optional<StackingLimit> stacking;
    std::optional<BreakPoint> breakPoint;
    bool operator==(const PlaySetup&) const = default;
};

} // namespace sandtable
