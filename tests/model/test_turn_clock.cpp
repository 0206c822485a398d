// When each turn falls: a first turn's time, turns of the scenario's length, a night turn lasting
// until the next day's dawn, and a day that runs past midnight; the texts a player reads; and the
// limits a battle file and the editor share.
#include "model/limits.hpp"
#include "model/scenario.hpp"
#include "model/turn_clock.hpp"

#include <gtest/gtest.h>

namespace sandtable {
namespace {

ScenarioInfo clockOf(std::string date, int turnMinutes, int turns, std::optional<ClockTime> start) {
    ScenarioInfo info;
    info.date = std::move(date);
    info.turnMinutes = turnMinutes;
    info.turns = turns;
    info.startTime = start;
    return info;
}

std::vector<std::string> texts(const ScenarioInfo& info) {
    std::vector<std::string> out;
    for (const TurnTime& t : turnTimes(info)) {
        out.push_back(turnTimeText(t));
    }
    return out;
}

// Gettysburg's whole battle, as its sample says in words: turns 1-12 are 8 am to 7 pm on 1 July,
// turn 13 the night of 1-2 July, turns 14-29 4 am to 7 pm on 2 July, turn 30 the next night, and
// turns 31-44 4 am to 5 pm on 3 July; the cannonade is due on turn 42 (3 pm).
TEST(TurnClock, NightTurnsLastUntilTheNextDaysDawn) {
    ScenarioInfo info = clockOf("1863-07-01", 60, 44, ClockTime{8 * 60});
    info.nightTurns = {13, 30};
    info.dawn = ClockTime{4 * 60};
    ASSERT_FALSE(limits::checkInfo(info));
    const std::vector<std::string> t = texts(info);
    ASSERT_EQ(t.size(), 44u);
    EXPECT_EQ(t[0], "8:00 am, 1 July 1863");
    EXPECT_EQ(t[4], "12:00 pm, 1 July 1863");
    EXPECT_EQ(t[11], "7:00 pm, 1 July 1863");
    EXPECT_EQ(t[12], "Night of 1-2 July 1863");
    EXPECT_EQ(t[13], "4:00 am, 2 July 1863");
    EXPECT_EQ(t[28], "7:00 pm, 2 July 1863");
    EXPECT_EQ(t[29], "Night of 2-3 July 1863");
    EXPECT_EQ(t[41], "3:00 pm, 3 July 1863");
    EXPECT_EQ(t[43], "5:00 pm, 3 July 1863");
    EXPECT_EQ(turnName(info, turnTimes(info), 42), "Turn 42 (3:00 pm, 3 July 1863)");
    EXPECT_EQ(turnClockFacts(info), " from 8:00 am, night turns 13 and 30, after a night from 4:00 am");
    // Without a dawn, the morning after a night starts at the first turn's time.
    info.dawn.reset();
    EXPECT_EQ(texts(info)[13], "8:00 am, 2 July 1863");
}

TEST(TurnClock, ADayThatRunsPastMidnightGoesOnToTheNextDate) {
    ScenarioInfo info = clockOf("1864-11-30", 90, 4, ClockTime{21 * 60});
    EXPECT_EQ(texts(info),
              (std::vector<std::string>{"9:00 pm, 30 November 1864", "10:30 pm, 30 November 1864",
                                        "12:00 am, 1 December 1864", "1:30 am, 1 December 1864"}));
    // A night across the end of a month and of a year.
    info.date = "1862-12-31";
    info.startTime = ClockTime{16 * 60};
    info.nightTurns = {2};
    EXPECT_EQ(texts(info)[1], "Night of 31 December 1862-1 January 1863");
    info.date = "1862-07-31";
    EXPECT_EQ(texts(info)[1], "Night of 31 July-1 August 1862");
}

TEST(TurnClock, WithoutAStartTimeTurnsHaveNoTimeAndAreNamedByNumber) {
    ScenarioInfo info = clockOf("1861-07-21", 20, 3, std::nullopt);
    info.nightTurns = {2};
    EXPECT_FALSE(hasTurnClock(info));
    EXPECT_EQ(texts(info),
              (std::vector<std::string>{"21 July 1861", "Night of 21-22 July 1861", "22 July 1861"}));
    EXPECT_EQ(turnName(info, turnTimes(info), 3), "Turn 3");
    info.date.clear();
    info.startTime = ClockTime{14 * 60 + 20};
    EXPECT_EQ(texts(info), (std::vector<std::string>{"2:20 pm", "Night", "2:20 pm"}));
}

TEST(TurnClock, TimesAndTurnListsReadOnlyInTheirOneForm) {
    EXPECT_EQ(parseClockTime("08:00"), ClockTime{480});
    EXPECT_EQ(parseClockTime("8:05"), ClockTime{485});
    EXPECT_EQ(parseClockTime("23:59"), ClockTime{1439});
    for (const char* bad :
         {"", "8", "8 am", "24:00", "12:60", "12:5", "-1:00", "123:00", "08:00 ", ":30", "1a:00"}) {
        EXPECT_FALSE(parseClockTime(bad)) << bad;
    }
    EXPECT_EQ(clockText(ClockTime{485}), "08:05");
    EXPECT_EQ(clockTextForPlayers(ClockTime{0}), "12:00 am");
    EXPECT_EQ(clockTextForPlayers(ClockTime{12 * 60 + 30}), "12:30 pm");
    EXPECT_EQ(parseTurnList("13 30"), (std::vector<int>{13, 30}));
    EXPECT_EQ(parseTurnList(""), std::vector<int>{});
    EXPECT_EQ(parseTurnList("  4  "), std::vector<int>{4});
    for (const char* bad : {"30 13", "13 13", "0", "-1", "1,2", "a", "99999999999"}) {
        EXPECT_FALSE(parseTurnList(bad)) << bad;
    }
    EXPECT_EQ(turnListText({13, 30}), "13 30");
}

TEST(TurnClock, TheLimitsRefuseANightOutsideTheTurns) {
    ScenarioInfo info;
    info.turns = 8;
    info.nightTurns = {4, 9};
    EXPECT_EQ(limits::checkInfo(info), "night turn 9 is not one of the scenario's turns (1 to 8)");
    info.nightTurns = {5, 3};
    EXPECT_EQ(limits::checkInfo(info), "the night turns must rise, each once: 5 comes before 3");
    info.nightTurns = {3};
    info.startTime = ClockTime{24 * 60};
    EXPECT_EQ(limits::checkInfo(info), "a time of day must be from 00:00 to 23:59");
    info.startTime = ClockTime{23 * 60};
    EXPECT_FALSE(limits::checkInfo(info));
}

} // namespace
} // namespace sandtable
