#include "model/hex.hpp"

#include <gtest/gtest.h>

#include <set>

namespace sandtable {

TEST(Hex, DirectionsAreOppositeInPairs) {
    for (int d = 0; d < 6; ++d) {
        EXPECT_EQ(Hex::direction(d) + Hex::direction(d + 3), (Hex{0, 0})) << d;
        EXPECT_EQ(Hex::direction(d).length(), 1);
    }
}

TEST(Hex, DistanceIsSymmetricAndMatchesCube) {
    const Hex a{3, -7}, b{-2, 4};
    EXPECT_EQ(a.distance(b), b.distance(a));
    EXPECT_EQ(a.distance(b), (std::abs(3 + 2) + std::abs(-7 - 4) + std::abs(a.s() - b.s())) / 2);
    EXPECT_EQ(a.distance(a), 0);
}

TEST(Hex, RingHasSixTimesRadiusCellsAllAtThatDistance) {
    const Hex centre{2, -1};
    for (int r = 1; r <= 5; ++r) {
        auto ring = centre.ring(r);
        EXPECT_EQ(ring.size(), static_cast<std::size_t>(6 * r));
        std::set<Hex> unique(ring.begin(), ring.end());
        EXPECT_EQ(unique.size(), ring.size());
        for (Hex h : ring) {
            EXPECT_EQ(centre.distance(h), r);
        }
    }
}

TEST(Hex, SpiralCoversTheWholeRange) {
    EXPECT_EQ(Hex{}.spiral(3).size(), 1u + 6 + 12 + 18);
}

TEST(Hex, LineDrawStepsToAdjacentCells) {
    for (Hex b : {Hex{5, -2}, Hex{-4, 7}, Hex{0, -6}, Hex{3, 3}}) {
        auto line = Hex::lineDraw(Hex{0, 0}, b);
        ASSERT_EQ(line.size(), static_cast<std::size_t>(b.length() + 1));
        EXPECT_EQ(line.front(), (Hex{0, 0}));
        EXPECT_EQ(line.back(), b);
        for (std::size_t i = 1; i < line.size(); ++i) {
            EXPECT_EQ(line[i - 1].distance(line[i]), 1);
        }
    }
}

TEST(Hex, RoundPicksNearestCell) {
    EXPECT_EQ(Hex::round(0.1, -0.05), (Hex{0, 0}));
    EXPECT_EQ(Hex::round(0.9, 0.05), (Hex{1, 0}));
    EXPECT_EQ(Hex::round(-0.4, 0.9), (Hex{0, 1}));
}

} // namespace sandtable
