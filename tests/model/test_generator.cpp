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

TEST(Generator, OneUnitPerCellEachSideOnItsHalfTrainsOnRoadsToSupply) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::Square}) {
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

} // namespace sandtable
