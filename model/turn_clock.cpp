#include "model/turn_clock.hpp"

#include "model/limits.hpp"
#include "model/scenario.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>

namespace sandtable {
namespace {

constexpr int minutesADay = 24 * 60;

bool digits(std::string_view t, int& out) {
    if (t.empty() || t.find_first_not_of("0123456789") != std::string_view::npos) {
        return false;
    }
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
    return ec == std::errc{} && end == t.data() + t.size();
}

std::string isoText(std::chrono::year_month_day d) {
    auto two = [](unsigned v) { return std::string(v < 10 ? "0" : "") + std::to_string(v); };
    return std::to_string(static_cast<int>(d.year())) + "-" + two(static_cast<unsigned>(d.month())) + "-" +
           two(static_cast<unsigned>(d.day()));
}

std::string nextDay(const std::string& iso) {
    const auto d = limits::parseDate(iso);
    return d ? isoText(std::chrono::sys_days{*d} + std::chrono::days{1}) : iso;
}

constexpr std::array<std::string_view, 12> monthNames{"January",   "February", "March",    "April",
                                                      "May",       "June",     "July",     "August",
                                                      "September", "October",  "November", "December"};

} // namespace

std::optional<ClockTime> parseClockTime(std::string_view text) {
    const auto colon = text.find(':');
    int h = 0, m = 0;
    if (colon == std::string_view::npos || colon == 0 || colon > 2 || text.size() != colon + 3 ||
        !digits(text.substr(0, colon), h) || !digits(text.substr(colon + 1), m) || h > 23 || m > 59) {
        return std::nullopt;
    }
    return ClockTime{h * 60 + m};
}

std::string clockText(ClockTime t) {
    const int h = t.minutes / 60, m = t.minutes % 60;
    return std::string(h < 10 ? "0" : "") + std::to_string(h) + (m < 10 ? ":0" : ":") + std::to_string(m);
}

std::string clockTextForPlayers(ClockTime t) {
    const int h = t.minutes / 60, m = t.minutes % 60;
    const int twelve = h % 12 == 0 ? 12 : h % 12;
    return std::to_string(twelve) + (m < 10 ? ":0" : ":") + std::to_string(m) + (h < 12 ? " am" : " pm");
}

std::optional<std::vector<int>> parseTurnList(std::string_view text) {
    std::vector<int> turns;
    std::size_t at = 0;
    while (true) {
        at = text.find_first_not_of(' ', at);
        if (at == std::string_view::npos) {
            return turns;
        }
        const std::size_t end = std::min(text.find(' ', at), text.size());
        int turn = 0;
        if (!digits(text.substr(at, end - at), turn) || turn < 1 ||
            (!turns.empty() && turn <= turns.back())) {
            return std::nullopt;
        }
        turns.push_back(turn);
        at = end;
    }
}

std::string turnListText(const std::vector<int>& turns) {
    std::string out;
    for (int t : turns) {
        out += (out.empty() ? "" : " ") + std::to_string(t);
    }
    return out;
}

bool hasTurnClock(const ScenarioInfo& info) {
    return info.startTime.has_value();
}

std::vector<TurnTime> turnTimes(const ScenarioInfo& info) {
    std::vector<TurnTime> out;
    out.reserve(static_cast<std::size_t>(std::max(info.turns, 0)));
    std::string date = info.date;
    std::optional<int> minute;
    if (info.startTime) {
        minute = info.startTime->minutes;
    }
    for (int turn = 1; turn <= info.turns; ++turn) {
        TurnTime t;
        t.date = date;
        if (std::ranges::binary_search(info.nightTurns, turn)) {
            t.night = true;
            date = nextDay(date);
            if (minute) {
                minute = (info.dawn ? info.dawn : info.startTime)->minutes;
            }
        } else if (minute) {
            t.time = ClockTime{*minute};
            *minute += info.turnMinutes;
            for (; *minute >= minutesADay; *minute -= minutesADay) {
                date = nextDay(date);
            }
        }
        out.push_back(std::move(t));
    }
    return out;
}

std::optional<std::string> clockedTurnText(const ScenarioInfo& info, const std::vector<TurnTime>& times,
                                           int turn) {
    if (!hasTurnClock(info) || turn < 1 || static_cast<std::size_t>(turn) > times.size()) {
        return std::nullopt;
    }
    return turnTimeText(times[static_cast<std::size_t>(turn - 1)]);
}

std::string turnName(const ScenarioInfo& info, const std::vector<TurnTime>& times, int turn) {
    const std::optional<std::string> time = clockedTurnText(info, times, turn);
    return "Turn " + std::to_string(turn) + (time ? " (" + *time + ")" : "");
}

std::string turnClockFacts(const ScenarioInfo& info) {
    std::string out;
    if (info.startTime) {
        out += " from " + clockTextForPlayers(*info.startTime);
    }
    if (!info.nightTurns.empty()) {
        out += info.nightTurns.size() == 1 ? ", night turn " : ", night turns ";
        for (std::size_t i = 0; i < info.nightTurns.size(); ++i) {
            out += (i == 0                            ? ""
                    : i + 1 == info.nightTurns.size() ? " and "
                                                      : ", ") +
                   std::to_string(info.nightTurns[i]);
        }
        if (info.dawn) {
            out += ", after a night from " + clockTextForPlayers(*info.dawn);
        }
    }
    return out;
}

std::string dateForPlayers(std::string_view isoDate) {
    const auto d = limits::parseDate(isoDate);
    if (!d) {
        return std::string(isoDate);
    }
    return std::to_string(static_cast<unsigned>(d->day())) + " " +
           std::string(monthNames[static_cast<unsigned>(d->month()) - 1]) + " " +
           std::to_string(static_cast<int>(d->year()));
}

std::string turnTimeText(const TurnTime& t) {
    const auto d = limits::parseDate(t.date);
    if (t.night) {
        if (!d) {
            return "Night";
        }
        const auto next = std::chrono::year_month_day{std::chrono::sys_days{*d} + std::chrono::days{1}};
        // "Night of 1-2 July 1863"; across a month "Night of 31 July-1 August 1863".
        std::string first = std::to_string(static_cast<unsigned>(d->day()));
        if (next.month() != d->month()) {
            first += " " + std::string(monthNames[static_cast<unsigned>(d->month()) - 1]);
        }
        if (next.year() != d->year()) {
            first += " " + std::to_string(static_cast<int>(d->year()));
        }
        return "Night of " + first + "-" + dateForPlayers(isoText(next));
    }
    std::string out = t.time ? clockTextForPlayers(*t.time) : std::string();
    if (d) {
        out += (out.empty() ? "" : ", ") + dateForPlayers(t.date);
    }
    return out;
}

} // namespace sandtable
