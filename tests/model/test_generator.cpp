#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>

#include <set>

namespace sandtable {

TEST(Generator, SameSeedSameScenarioOtherSeedOther) {
    const GeneratorParameters p{40, 30, 120, -1, 9, GridShape::HexPointy};
    EXPECT_EQ(generateScenario(p), generateScenario(p));
    GeneratorParameters q = p;
    q.seed = 10;
    EXPECT_NE(generateScenario(p), generateScenario(q));
}

TEST(Generator, RegimentsAreNumberedWithEnglishOrdinals) {
    std::vector<std::string> got;
    for (int n : {1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1000}) {
        got.push_back(ordinal(n));
    }
    EXPECT_EQ(got, (std::vector<std::string>{"1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st",
                                             "22nd", "23rd", "101st", "111th", "112th", "1000th"}));
    const Scenario s = generateScenario(GeneratorParameters{20, 20, 40, -1, 1, GridShape::HexFlat});
    std::set<std::string> names;
    for (const auto& [id, u] : s.oob.units) {
        names.insert(u.name);
    }
    EXPECT_TRUE(names.contains("1st Battery"));
    EXPECT_TRUE(names.contains("2nd Regiment"));
    EXPECT_TRUE(names.contains("3rd Regiment"));
    EXPECT_TRUE(names.contains("11th Battery"));
}

TEST(Generator, OneUnitPerCellEachSideOnItsHalfTrainsOnRoadsToSupply) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const Scenario s = generateScenario(GeneratorParameters{60, 40, 400, -1, 5, shape});
        EXPECT_EQ(s.oob.units.size(), 400u);
        std::set<Offset> unitCells;
        for (const auto& [piece, pl] : s.deployment.placements) {
            ASSERT_EQ(pl.cells.size(), 1u);
            EXPECT_TRUE(s.map.grid.contains(pl.cells[0]));
            if (piece.kind == PieceKind::Unit) {
                EXPECT_TRUE(unitCells.insert(pl.cells[0]).second)
                    << "two units in " << s.map.grid.label(pl.cells[0]);
                const Side side = *s.oob.sideOf(s.oob.units.at(UnitId{piece.id}).parent);
                EXPECT_EQ(pl.cells[0].col < s.map.grid.cols() / 2, side == Side::Union);
            }
        }
        for (const auto& [id, train] : s.oob.trains) {
            const Offset trainCell = s.deployment.placements.at(PieceRef::train(id)).cells[0];
            const auto supply = s.oob.headquarters.at(train.corps).supplyCell;
            ASSERT_TRUE(supply);
            EXPECT_TRUE(s.map.grid.onBorder(*supply));
            bool onRoadToSupply = false;
            for (const auto& [pid, path] : s.map.paths) {
                onRoadToSupply =
                    onRoadToSupply || (path.cells.front() == trainCell && path.cells.back() == *supply);
            }
            EXPECT_TRUE(onRoadToSupply);
        }
    }
}

// subordinates() gathers in one walk what children() and unitsUnder() answer one headquarters at a
// time: the same lists, in the same order, for every headquarters.
TEST(OrderOfBattle, SubordinatesAreWhatChildrenAndUnitsUnderSay) {
    const Scenario s = generateScenario(GeneratorParameters{40, 30, 300, 8, 2, GridShape::HexFlat});
    const OrderOfBattle::Subordinates under = s.oob.subordinates();
    ASSERT_FALSE(under.units.empty());
    for (const auto& [id, hq] : s.oob.headquarters) {
        auto units = under.units.find(id);
        auto children = under.headquarters.find(id);
        EXPECT_EQ(units == under.units.end() ? std::vector<UnitId>{} : units->second, s.oob.unitsUnder(id));
        EXPECT_EQ(children == under.headquarters.end() ? std::vector<HeadquartersId>{} : children->second,
                  s.oob.children(id));
    }
    for (const auto& [id, train] : s.oob.trains) {
        const auto& trains = under.trains.at(train.corps);
        EXPECT_NE(std::find(trains.begin(), trains.end(), id), trains.end());
    }
}

} // namespace sandtable
