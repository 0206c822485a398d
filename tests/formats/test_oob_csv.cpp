#include "formats/atomic_file.hpp"
#include "formats/oob_csv.hpp"

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
    EXPECT_EQ(
        bad("side,army,unit,arm\nunion,A,1st Iowa,infantery\n"),
        "oob.csv:2: column 'arm' is 'infantery'; expected infantry, cavalry, artillery or heavy-artillery");
    EXPECT_EQ(
        bad("side,army,regiment\n"),
        "oob.csv:1: unknown column 'regiment'; the columns are side, army, corps, division, brigade, unit, "
        "commander, arm, strength, stands, quality, weapon, gun, roster");
    EXPECT_EQ(bad("side,unit\n"), "oob.csv:1: the column 'army' is missing");
    EXPECT_EQ(bad("side,army,unit,strength\nunion,A,B,many\n"),
              "oob.csv:2: column 'strength' must be a whole number, not 'many'");
    EXPECT_EQ(bad("side,army,unit\nunion,A,\"B\n"), "oob.csv:2: a quoted field is not closed");
    EXPECT_EQ(bad("side,army,unit\n,A,B\n"), "oob.csv:2: the side is empty; write union or confederate");
    EXPECT_EQ(bad("side,army,unit\nunion,A,\n"),
              "oob.csv:2: a row without a unit must name the commander of its last headquarters");
    EXPECT_EQ(
        bad(""),
        "oob.csv:1: the first line must name the columns: side, army, corps, division, brigade, unit, ...");
}

} // namespace sandtable
