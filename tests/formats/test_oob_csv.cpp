#include "formats/atomic_file.hpp"
#include "formats/oob_csv.hpp"

#include "formats/scenario_xml.hpp"
#include "model/commands/undo_stack.hpp"
#include <algorithm>

#include <gtest/gtest.h>

namespace sandtable {

TEST(OobCsv, ReadsTheUsualSpreadsheetShape) {
    const auto text = readWholeFile(std::string(SANDTABLE_TEST_DATA) + "/csv/antietam-north-woods.csv");
    ASSERT_TRUE(text);
    auto imported = readOrderOfBattleCsv(*text, "antietam.csv", OrderOfBattle{});
    ASSERT_TRUE(imported) << imported.error().toString();
    // Union: army, corps, division, brigade; Confederate: army, command, division, brigade.
    ASSERT_EQ(imported->headquarters.size(), 8u);
    const auto& [gibbonId, gibbon] = imported->headquarters[3];
    EXPECT_EQ(gibbon.name, "4th Brigade");
    EXPECT_EQ(gibbon.echelon, Echelon::Brigade);
    EXPECT_EQ(gibbon.commander, "Brig. Gen. John Gibbon");
    EXPECT_EQ(gibbon.parent, imported->headquarters[2].first);
    ASSERT_EQ(imported->units.size(), 6u);
    const Unit& battery = imported->units[4].second;
    EXPECT_EQ(battery.name, "Battery B, 4th US");
    EXPECT_EQ(battery.arm, Arm::Artillery);
    EXPECT_EQ(battery.gun, Gun::Napoleon12lb);
    EXPECT_EQ(battery.stands, 4);
    EXPECT_EQ(battery.parent, gibbonId);
    EXPECT_EQ(imported->headquarters[6].second.commander, "Brig. Gen. John R. Jones");
}

TEST(OobCsv, ImportingAgainstAnExistingOrderOfBattleReusesItsHeadquarters) {
    OrderOfBattle oob;
    oob.headquarters[HeadquartersId{5}] =
        Headquarters{Side::Union, Echelon::Army, {}, "Army of the Potomac", "McClellan", {}, {}};
    oob.units[UnitId{9}] = Unit{};
    auto imported =
        readOrderOfBattleCsv("side,army,unit\nunion,Army of the Potomac,1st Minnesota\n", "x.csv", oob);
    ASSERT_TRUE(imported);
    EXPECT_TRUE(imported->headquarters.empty());
    ASSERT_EQ(imported->units.size(), 1u);
    EXPECT_EQ(imported->units[0].first, UnitId{10});
    EXPECT_EQ(imported->units[0].second.parent, HeadquartersId{5});
}

TEST(OobCsv, ErrorsNameTheLineAndTheColumn) {
    auto bad = [](std::string_view csv) {
        return readOrderOfBattleCsv(csv, "oob.csv", OrderOfBattle{}).error().toString();
    };
    EXPECT_EQ(bad("side,army,unit,arm\nunion,A,1st Iowa,infantery\n"),
              "oob.csv:2:18: column 'arm' is 'infantery'; expected infantry, cavalry, artillery or "
              "heavy-artillery");
    EXPECT_EQ(bad("side,army,regiment\n"),
              "oob.csv:1:11: unknown column 'regiment'; the columns are side, army, corps, division, "
              "brigade, unit, "
              "train, commander, arm, strength, stands, quality, weapon, gun, roster");
    EXPECT_EQ(bad("side,unit\n"), "oob.csv:1: the column 'army' is missing");
    EXPECT_EQ(bad("side,army,unit,strength\nunion,A,B,many\n"),
              "oob.csv:2:11: column 'strength' must be a whole number from 0 to 1,000,000, not 'many'");
    EXPECT_EQ(bad("side,army,unit\nunion,A,\"B\n"),
              "oob.csv:2: a quoted field is not closed before the end of the file");
    EXPECT_EQ(bad("side,army,unit\n,A,B\n"), "oob.csv:2:1: the side is empty; write union or confederate");
    EXPECT_EQ(bad("side,army,unit\nunion,A,\n"),
              "oob.csv:2: a row without a unit or train must name the commander of its last headquarters");
    EXPECT_EQ(
        bad(""),
        "oob.csv:1: the first line must name the columns: side, army, corps, division, brigade, unit, ...");
}

TEST(OobCsv, ReadsRfc4180QuotedFieldsWithCommasQuotesAndLineBreaks) {
    auto imported = readOrderOfBattleCsv("side,army,unit,strength\r\n"
                                         "union,\"Army of the Potomac\",\"Battery B, 4th US\",6\r\n"
                                         "union,Army of the Potomac,\"The \"\"Iron\"\" Brigade\",1200\r\n",
                                         "x.csv", OrderOfBattle{});
    ASSERT_TRUE(imported) << imported.error().toString();
    ASSERT_EQ(imported->units.size(), 2u);
    EXPECT_EQ(imported->units[0].second.name, "Battery B, 4th US");
    EXPECT_EQ(imported->units[1].second.name, "The \"Iron\" Brigade");
}

TEST(OobCsv, AQuotedLineBreakIsOneFieldAndLineNumbersCountIt) {
    // The record spanning lines 2 and 3 is read whole, then refused: a name is one line.
    auto multiline =
        readOrderOfBattleCsv("side,army,unit\nunion,A,\"two\nlines\"\n", "x.csv", OrderOfBattle{});
    ASSERT_FALSE(multiline);
    EXPECT_EQ(multiline.error().toString(), "x.csv:2:9: the unit's name must be one line");
    auto later = readOrderOfBattleCsv("side,army,unit\nunion,\"A\",\"B, C\"\r\n\r\nunoin,A,C\n", "x.csv",
                                      OrderOfBattle{});
    ASSERT_FALSE(later);
    EXPECT_EQ(later.error().toString(), "x.csv:4:1: column 'side' is 'unoin'; expected union or confederate");
}

// LF, CRLF or a lone CR (old Mac): the same mistakes at the same lines and columns.
TEST(OobCsv, MistakesAreAtTheSamePlaceWhateverTheLineEnds) {
    for (std::string_view end : {"\n", "\r\n", "\r"}) {
        const auto csv = [&](std::initializer_list<std::string_view> lines) {
            std::string out;
            for (std::string_view line : lines) {
                out += std::string(line) + std::string(end);
            }
            return out;
        };
        const auto bad = [](const std::string& text) {
            return readOrderOfBattleCsv(text, "oob.csv", OrderOfBattle{}).error().toString();
        };
        const std::string name = end == "\n" ? "LF" : end == "\r" ? "CR" : "CRLF";
        EXPECT_EQ(bad(csv({"side,army,unit", "union,A,B", "unoin,A,C"})),
                  "oob.csv:3:1: column 'side' is 'unoin'; expected union or confederate")
            << name;
        EXPECT_EQ(bad(csv({"side,army,unit", "union,A,B", "union,A,C\x01"})),
                  "oob.csv:3:10: a control character or a byte that is not UTF-8; save the file as CSV UTF-8")
            << name;
        EXPECT_EQ(bad(csv({"side,army,unit", "union,A,\"two", "lines\""})),
                  "oob.csv:2:9: the unit's name must be one line")
            << name;
    }
}

TEST(OobCsv, ReadsExcelsUtf8ByteOrderMark) {
    auto imported =
        readOrderOfBattleCsv("\xEF\xBB\xBFside,army,unit\nunion,A,1st Minnesota\n", "x.csv", OrderOfBattle{});
    ASSERT_TRUE(imported) << imported.error().toString();
    EXPECT_EQ(imported->units.at(0).second.name, "1st Minnesota");
}

TEST(OobCsv, RefusesWhatTheScenarioCouldNotHold) {
    auto bad = [](std::string_view csv) {
        return readOrderOfBattleCsv(csv, "oob.csv", OrderOfBattle{}).error().toString();
    };
    EXPECT_EQ(bad("side,army,unit,unit\n"), "oob.csv:1:16: the column 'unit' appears twice");
    // Found by fuzzing: a row with a corps but no army made a corps without a parent, which the
    // file cannot hold.
    EXPECT_EQ(bad("side,army,corps,unit\nunion,,I Corps,1st Iowa\n"),
              "oob.csv:2:7: the army is empty; every row names the army it belongs to");
    EXPECT_EQ(bad("side,army,unit,roster\nunion,A,B,99999999999\n"),
              "oob.csv:2:11: column 'roster' must be a whole number from 0 to 1,000,000, not '99999999999'");
    EXPECT_EQ(bad("side,army,unit,roster\nunion,A,B,5000000\n"),
              "oob.csv:2:11: column 'roster' must be a whole number from 0 to 1,000,000, not '5000000'");
    EXPECT_EQ(bad("side,army,unit,stands\nunion,A,B,1000\n"),
              "oob.csv:2:11: column 'stands' must be a whole number from 1 to 100, not '1000'");
    EXPECT_EQ(bad("side,army,unit,stands\nunion,A,B,0\n"),
              "oob.csv:2:11: column 'stands' must be a whole number from 1 to 100, not '0'");
    EXPECT_EQ(bad("side,army,corps,unit\nunion,A,\"I\nCorps\",B\n"),
              "oob.csv:2:9: column 'corps': the headquarters' name must be one line");
    EXPECT_EQ(bad("side,army,unit\nunion,A,B\x01\n"),
              "oob.csv:2:10: a control character or a byte that is not UTF-8; save the file as CSV UTF-8");
    EXPECT_EQ(
        bad("side,army,unit\nunion,A,\"B\" C\n"),
        "oob.csv:2:13: text after the closing quote of a field; a quote inside a quoted field is written "
        "twice (\"\")");
}

TEST(OobCsv, EveryAcceptedImportSavesAndReopens) {
    Scenario s;
    s.map = Map::blank(Grid(Grid::Parameters{GridShape::HexFlat, OffsetParity::Odd, 4, 4, 1}),
                       defaultTerrainTypes());
    auto imported = readOrderOfBattleCsv("side,army,corps,unit,commander,roster,stands\n"
                                         "union,A,I Corps,,\"Hooker, Joseph\",,\n"
                                         "union,A,I Corps,\"Battery B, 4th US\",,1000000,100\n",
                                         "x.csv", s.oob);
    ASSERT_TRUE(imported) << imported.error().toString();
    UndoStack stack(s);
    stack.push(importCommand(s, *imported));
    ASSERT_EQ(s.oob.units.size(), 1u);
    auto back = readScenarioFromString(writeScenarioToString(s), "saved");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(*back, s);
    stack.undo();
    EXPECT_TRUE(s.oob.units.empty());
}

} // namespace sandtable

namespace sandtable {
namespace {

TEST(OobCsv, ReadsCorpsTrains) {
    auto imported = readOrderOfBattleCsv("side,army,corps,division,unit,train\n"
                                         "union,A,I Corps,,,I Corps wagons\n"
                                         "union,A,I Corps,1st Division,1st Iowa,\n",
                                         "x.csv", OrderOfBattle{});
    ASSERT_TRUE(imported) << imported.error().toString();
    ASSERT_EQ(imported->trains.size(), 1u);
    EXPECT_EQ(imported->trains[0].second.name, "I Corps wagons");
    const HeadquartersId corps = imported->trains[0].second.corps;
    const auto hq =
        std::ranges::find_if(imported->headquarters, [&](const auto& e) { return e.first == corps; });
    ASSERT_NE(hq, imported->headquarters.end());
    EXPECT_EQ(hq->second.echelon, Echelon::Corps);

    // Into a scenario: one edit adds headquarters, units and the train, and undoes them together.
    Scenario s;
    auto command = importCommand(s, *imported);
    command->apply(s);
    EXPECT_EQ(s.oob.trains.size(), 1u);
    command->revert(s);
    EXPECT_TRUE(s.oob.trains.empty());

    auto bad = [](std::string_view csv) {
        return readOrderOfBattleCsv(csv, "oob.csv", OrderOfBattle{}).error().toString();
    };
    EXPECT_EQ(bad("side,army,corps,division,train\nunion,A,I,1st,Wagons\n"),
              "oob.csv:2:15: a train belongs to a corps: name the corps and leave division and brigade empty "
              "on its row");
    EXPECT_EQ(bad("side,army,corps,unit,train\nunion,A,I,1st Iowa,Wagons\n"),
              "oob.csv:2:20: a row adds a unit or a train, not both");
}

TEST(OobCsv, ASecondArmyOnASideIsRefusedWhereTheRulesetAllowsOne) {
    const std::string_view csv = "side,army,unit\n"
                                 "union,Army of the Potomac,1st Minnesota\n"
                                 "union,Army of Virginia,2nd Wisconsin\n"
                                 "confederate,Army of Northern Virginia,1st Texas\n";
    auto many = readOrderOfBattleCsv(csv, "x.csv", OrderOfBattle{});
    ASSERT_TRUE(many) << many.error().toString();
    EXPECT_EQ(many->headquarters.size(), 3u);
    auto one = readOrderOfBattleCsv(csv, "x.csv", OrderOfBattle{}, CsvImportRules{.oneArmyPerSide = true});
    ASSERT_FALSE(one);
    EXPECT_EQ(
        one.error().toString(),
        "x.csv:3:7: a second army on the union side, 'Army of Virginia' after 'Army of the Potomac' (line "
        "2); the scenario's ruleset allows one army per side");
    // Against a scenario that has its army already, the same army name is matched, another refused.
    OrderOfBattle existing;
    existing.headquarters[HeadquartersId{1}] =
        Headquarters{Side::Union, Echelon::Army, {}, "Army of the Potomac", "", {}, {}};
    auto again = readOrderOfBattleCsv("side,army,unit\nunion,Army of the Potomac,1st Minnesota\n", "x.csv",
                                      existing, CsvImportRules{.oneArmyPerSide = true});
    EXPECT_TRUE(again);
    auto other = readOrderOfBattleCsv("side,army,unit\nunion,Army of Virginia,1st Minnesota\n", "x.csv",
                                      existing, CsvImportRules{.oneArmyPerSide = true});
    ASSERT_FALSE(other);
    EXPECT_EQ(
        other.error().toString(),
        "x.csv:2:7: a second army on the union side, 'Army of Virginia' after 'Army of the Potomac' (already "
        "in the scenario); the scenario's ruleset allows one army per side");
}

} // namespace
} // namespace sandtable
