#pragma once
// When each turn of a scenario falls: the clock time of its first turn, the turns that are nights,
// and the time of the first turn after a night. A night turn lasts until the next day's dawn, as
// in a multi-day battle of The Hexed General ("each side may make 1 night move"); every other turn
// is the scenario's minutes per turn long, and a day turn that runs past midnight starts a new day.
#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

struct ScenarioInfo;

// A time of day, in whole minutes after midnight (0 to 1,439).
struct ClockTime {
    int minutes = 0;
    auto operator<=>(const ClockTime&) const = default;
};

// What a time and a list of turns must be, for every message that asks for one.
inline constexpr std::string_view clockTimeForm = "a time of day as HH:MM from 00:00 to 23:59 (08:00)";
inline constexpr std::string_view turnListForm =
    "turn numbers separated by spaces, rising, each once (13 30)";

// "08:00" or "8:00": 24-hour clock, hours 0-23 and minutes 0-59. Nothing otherwise.
std::optional<ClockTime> parseClockTime(std::string_view text);
// "08:00", as the battle file keeps it.
std::string clockText(ClockTime t);
// "8:00 am", "12:30 pm", as a player reads it.
std::string clockTextForPlayers(ClockTime t);

// "13 30": turn numbers separated by spaces, each once, rising. Nothing otherwise.
std::optional<std::vector<int>> parseTurnList(std::string_view text);
std::string turnListText(const std::vector<int>& turns);

// When a turn falls. Ordered as turns fall: by date, a day's turns (by time) before its night.
struct TurnTime {
    std::string date; // YYYY-MM-DD on which the turn begins (a night: its evening); may be empty
    bool night = false;
    std::optional<ClockTime> time; // when the turn begins; none for a night or without a start time
    auto operator<=>(const TurnTime&) const = default;
};

// Every turn of the scenario, the first first (turn N at N - 1).
std::vector<TurnTime> turnTimes(const ScenarioInfo& info);
// Whether the scenario says when its turns fall (a first turn's time): then each turn has a time.
bool hasTurnClock(const ScenarioInfo& info);
// "8:00 am, 1 July 1863", "Night of 1-2 July 1863", "8:00 am" (no date), "Night".
std::string turnTimeText(const TurnTime& t);
// Turn `turn`'s time ("10:00 am, 1 July 1863") where the scenario says when its turns fall and it
// is one of them; `times` are the scenario's turnTimes, computed once for a list of turns.
std::optional<std::string> clockedTurnText(const ScenarioInfo& info, const std::vector<TurnTime>& times,
                                           int turn);
// "Turn 3" or, with its time, "Turn 3 (10:00 am, 1 July 1863)".
std::string turnName(const ScenarioInfo& info, const std::vector<TurnTime>& times, int turn);
// " from 8:00 am, night turns 13 and 30, after a night from 4:00 am": what a scenario's facts add
// about its clock; empty without one.
std::string turnClockFacts(const ScenarioInfo& info);
// "1 July 1863" from "1863-07-01"; the text itself when it is not such a date.
std::string dateForPlayers(std::string_view isoDate);

} // namespace sandtable
