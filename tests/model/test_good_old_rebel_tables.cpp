#include "model/commands/undo_stack.hpp"
#include "model/good_old_rebel_tables.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

namespace sandtable {

TEST(GoodOldRebelTables, QualityAndArmingFollowTheSeedsTables) {
    EXPECT_EQ(qualityFor(WarPeriod::Early, Side::Union, Arm::Infantry, 4), Quality::Raw);
    EXPECT_EQ(qualityFor(WarPeriod::Early, Side::Confederate, Arm::Infantry, 4), Quality::Seasoned);
    EXPECT_EQ(qualityFor(WarPeriod::Early, Side::Union, Arm::Artillery, 6), Quality::Veteran);
    EXPECT_EQ(qualityFor(WarPeriod::Mid, Side::Union, Arm::Artillery, 2), Quality::Seasoned);
    EXPECT_EQ(qualityFor(WarPeriod::Late, Side::Confederate, Arm::Cavalry, 1), Quality::Seasoned);
    EXPECT_EQ(qualityFor(WarPeriod::Late, Side::Union, Arm::Infantry, 1, true), Quality::Raw);
    EXPECT_EQ(smoothboreScore(Side::Union, 1861), 6);
    EXPECT_EQ(smoothboreScore(Side::Union, 1864), 0);
    EXPECT_EQ(smoothboreScore(Side::Confederate, 1864), 3);
    EXPECT_EQ(smoothboreScore(Side::Confederate, 1865), 0);
    EXPECT_EQ(warPeriod(1862, 9), WarPeriod::Early);
    EXPECT_EQ(warPeriod(1864, 5), WarPeriod::Mid);
    EXPECT_EQ(warPeriod(1864, 11), WarPeriod::Late);
}

TEST(GoodOldRebelTables, FillingASideIsOneUndoableReproducibleStep) {
    Scenario s = generateScenario(GeneratorParameters{40, 30, 200, 10, 2, GridShape::HexFlat});
    s.info.date = "1865-04-01";
    const Scenario original = s;
    UndoStack stack(s);
    stack.push(fillFromGoodOldRebelTables(s, Side::Union, 7));
    EXPECT_EQ(stack.size(), 1u);
    int unionUnits = 0;
    for (const auto& [id, u] : s.oob.units) {
        if (s.oob.sideOf(u.parent) == Side::Union && (u.arm == Arm::Infantry || u.arm == Arm::Cavalry)) {
            ++unionUnits;
            EXPECT_NE(u.weapon, Weapon::SmoothboreMusket) << "all rifled in 1865";
            EXPECT_NE(u.quality, Quality::Elite);
        }
        if (s.oob.sideOf(u.parent) == Side::Confederate) {
            EXPECT_EQ(u, original.oob.units.at(id)) << "the other side is untouched";
        }
    }
    EXPECT_GT(unionUnits, 50);
    Scenario again = original;
    UndoStack other(again);
    other.push(fillFromGoodOldRebelTables(again, Side::Union, 7));
    EXPECT_EQ(again, s) << "same seed, same rolls";
    stack.undo();
    EXPECT_EQ(s, original);
}

TEST(GoodOldRebelTables, EarlyWarHasSmoothbores) {
    Scenario s = generateScenario(GeneratorParameters{40, 30, 200, 10, 2, GridShape::HexFlat});
    s.info.date = "1861-07-21";
    UndoStack stack(s);
    stack.push(fillFromGoodOldRebelTables(s, Side::Confederate, 3));
    int smoothbores = 0, infantry = 0;
    for (const auto& [id, u] : s.oob.units) {
        if (s.oob.sideOf(u.parent) == Side::Confederate && u.arm == Arm::Infantry) {
            ++infantry;
            smoothbores += u.weapon == Weapon::SmoothboreMusket;
        }
    }
    // 7 in 10 carry smoothbores in 1861: far more than half of ~80 regiments.
    EXPECT_GT(smoothbores, infantry / 2);
    EXPECT_LT(smoothbores, infantry);
}

} // namespace sandtable
