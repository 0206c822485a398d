#include "model/grid.hpp"

#include <gtest/gtest.h>

#include <set>

namespace sandtable {
namespace {

struct GridCase {
    GridShape shape;
    OffsetParity parity;
};

std::string caseName(const testing::TestParamInfo<GridCase>& param) {
    std::string name =
        std::string(enumName(param.param.shape)) + "_" + std::string(enumName(param.param.parity));
    std::erase(name, '-');
    return name;
}

class GridProperties : public testing::TestWithParam<GridCase> {
  protected:
    Grid grid{Grid::Parameters{GetParam().shape, GetParam().parity, 13, 11, 1}};
};

TEST_P(GridProperties, OffsetAndCubeRoundTrip) {
    if (!grid.isHex()) {
        GTEST_SKIP() << "squares have no cube coordinates";
    }
    for (int row = -3; row < 14; ++row) {
        for (int col = -3; col < 16; ++col) {
            EXPECT_EQ(grid.fromHex(grid.toHex({col, row})), (Offset{col, row}));
        }
    }
}

TEST_P(GridProperties, NeighboursAreSymmetric) {
    for (int row = 0; row < grid.rows(); ++row) {
        for (int col = 0; col < grid.cols(); ++col) {
            const Offset c{col, row};
            for (int d = 0; d < grid.sideCount(); ++d) {
                const Offset n = grid.neighbor(c, d);
                EXPECT_EQ(grid.neighbor(n, grid.opposite(d)), c);
                EXPECT_EQ(grid.distance(c, n), 1);
                EXPECT_EQ(grid.directionTo(c, n), d);
            }
        }
    }
}

TEST_P(GridProperties, DistanceIsAMetric) {
    const std::vector<Offset> cells{{0, 0}, {5, 3}, {12, 10}, {7, 0}, {1, 9}};
    for (Offset a : cells) {
        for (Offset b : cells) {
            EXPECT_EQ(grid.distance(a, b), grid.distance(b, a));
            EXPECT_EQ(grid.distance(a, b) == 0, a == b);
            for (Offset c : cells) {
                EXPECT_LE(grid.distance(a, c), grid.distance(a, b) + grid.distance(b, c));
            }
        }
    }
}

TEST_P(GridProperties, LineDrawIsAChainOfAdjacentCellsOfMinimalLength) {
    const std::vector<Offset> cells{{0, 0}, {5, 3}, {12, 10}, {7, 0}, {1, 9}};
    for (Offset a : cells) {
        for (Offset b : cells) {
            auto line = grid.lineDraw(a, b);
            EXPECT_EQ(line.front(), a);
            EXPECT_EQ(line.back(), b);
            EXPECT_EQ(line.size(), static_cast<std::size_t>(grid.distance(a, b) + 1));
            for (std::size_t i = 1; i < line.size(); ++i) {
                EXPECT_TRUE(grid.adjacent(line[i - 1], line[i]));
            }
        }
    }
}

TEST_P(GridProperties, RingsAndRangesMatchDistance) {
    const Offset centre{6, 5};
    std::size_t total = 0;
    for (int n = 0; n <= 4; ++n) {
        auto ring = grid.ring(centre, n);
        std::set<Offset> unique(ring.begin(), ring.end());
        EXPECT_EQ(unique.size(), ring.size());
        EXPECT_EQ(ring.size(), static_cast<std::size_t>(n == 0 ? 1 : grid.sideCount() * n)) << n;
        for (Offset c : ring) {
            EXPECT_EQ(grid.distance(centre, c), n);
        }
        total += ring.size();
    }
    EXPECT_EQ(grid.range(centre, 4).size(), total);
}

TEST_P(GridProperties, EdgesAreCanonicalAndSharedByBothCells) {
    std::set<EdgeId> edges;
    for (int row = 0; row < grid.rows(); ++row) {
        for (int col = 0; col < grid.cols(); ++col) {
            const Offset c{col, row};
            for (int d = 0; d < grid.sideCount(); ++d) {
                const Offset n = grid.neighbor(c, d);
                const EdgeId e = grid.edge(c, d);
                EXPECT_EQ(e, grid.edge(n, grid.opposite(d)));
                EXPECT_LT(e.dir, grid.sideCount() / 2);
                auto [a, b] = grid.edgeCells(e);
                EXPECT_TRUE((a == c && b == n) || (a == n && b == c));
                edges.insert(e);
            }
        }
    }
    // Each interior side is counted once: V - E + F style check on the number of distinct sides.
    const std::size_t cells = grid.cellCount();
    EXPECT_LT(edges.size(), cells * static_cast<std::size_t>(grid.sideCount()));
    EXPECT_GE(edges.size(), cells * static_cast<std::size_t>(grid.sideCount()) / 2);
}

TEST_P(GridProperties, CornersAreSharedByThreeMutuallyAdjacentHexes) {
    if (!grid.isHex()) {
        GTEST_SKIP();
    }
    for (int corner = 0; corner < 6; ++corner) {
        auto cells = grid.cornerCells({6, 5}, corner);
        ASSERT_EQ(cells.size(), 3u);
        EXPECT_TRUE(grid.adjacent(cells[0], cells[1]));
        EXPECT_TRUE(grid.adjacent(cells[1], cells[2]));
        EXPECT_TRUE(grid.adjacent(cells[0], cells[2]));
    }
}

TEST_P(GridProperties, LabelsRoundTrip) {
    for (Offset c : {Offset{0, 0}, Offset{12, 10}, Offset{3, 7}}) {
        EXPECT_EQ(grid.parseLabel(grid.label(c)), c);
    }
    EXPECT_EQ(grid.label({3, 11 - 1}), "0411");
    EXPECT_FALSE(grid.parseLabel("9999"));
    EXPECT_FALSE(grid.parseLabel("04x1"));
    EXPECT_FALSE(grid.parseLabel("041"));
    // Either half, at either digit, with the characters just before '0' and just after '9'.
    for (const char* notDigits : {"x411", "0/11", "04:1", "041/", " 411", "04 1"}) {
        EXPECT_FALSE(grid.parseLabel(notDigits)) << notDigits;
    }
}

INSTANTIATE_TEST_SUITE_P(AllGrids, GridProperties,
                         testing::Values(GridCase{GridShape::HexFlat, OffsetParity::Odd},
                                         GridCase{GridShape::HexFlat, OffsetParity::Even},
                                         GridCase{GridShape::HexPointy, OffsetParity::Odd},
                                         GridCase{GridShape::HexPointy, OffsetParity::Even},
                                         GridCase{GridShape::Square, OffsetParity::Odd}),
                         caseName);

} // namespace

TEST(Grid, FlatOddColumnsShiftDown) {
    // In odd-q layouts odd columns sit half a cell lower, so column 0's south-east neighbour is in
    // the same row and its north-east neighbour is off the map, while column 1's are one row lower.
    const Grid g(Grid::Parameters{GridShape::HexFlat, OffsetParity::Odd, 5, 5, 1});
    EXPECT_EQ(g.neighbor({0, 0}, 0), (Offset{1, 0}));  // south-east
    EXPECT_EQ(g.neighbor({0, 0}, 1), (Offset{1, -1})); // north-east
    EXPECT_EQ(g.neighbor({1, 0}, 0), (Offset{2, 1}));
    EXPECT_EQ(g.neighbor({1, 0}, 1), (Offset{2, 0}));
}

TEST(Grid, SquaresAreAdjacentOnlyAcrossSides) {
    const Grid g(Grid::Parameters{GridShape::Square, OffsetParity::Odd, 5, 5, 1});
    EXPECT_TRUE(g.adjacent({2, 2}, {3, 2}));
    EXPECT_FALSE(g.adjacent({2, 2}, {3, 3}));
    EXPECT_EQ(g.distance({0, 0}, {3, 3}), 6);
    EXPECT_EQ(g.neighbors({0, 0}).size(), 2u);
}

TEST(Grid, LabelsGrowForBigMapsAndHonourTheBase) {
    const Grid big(Grid::Parameters{GridShape::HexFlat, OffsetParity::Odd, 1000, 1000, 1});
    EXPECT_EQ(big.label({0, 0}), "00010001");
    EXPECT_EQ(big.label({999, 999}), "10001000");
    const Grid zero(Grid::Parameters{GridShape::HexFlat, OffsetParity::Odd, 10, 10, 0});
    EXPECT_EQ(zero.label({4, 9}), "0409");
}

// Every cell's label as the definition says (each number in decimal, zeros before it to the
// grid's width), on grids at and either side of each width, and the cells beside the map
// (a neighbour's label in a message) as before: the label is written two ways, the second for
// those.
TEST(Grid, EveryLabelIsEachNumberPaddedToTheGridsWidth) {
    const auto padded = [](int v, std::size_t width) {
        std::string s = std::to_string(v);
        return std::string(width > s.size() ? width - s.size() : 0, '0') + s;
    };
    struct Size {
        int cols, rows, base;
    };
    int checked = 0;
    for (const Size size : {Size{10, 10, 0}, Size{99, 5, 1}, Size{100, 100, 0}, Size{100, 100, 1},
                            Size{1000, 3, 1}, Size{3, 1000, 0}, Size{101, 2, 0}}) {
        const Grid g(
            Grid::Parameters{GridShape::HexFlat, OffsetParity::Odd, size.cols, size.rows, size.base});
        const std::size_t width = g.labelLength() / 2;
        for (int row = -1; row <= size.rows; ++row) {
            for (int col = -1; col <= size.cols; ++col) {
                const std::string label = g.label({col, row});
                ASSERT_EQ(label, padded(col + size.base, width) + padded(row + size.base, width))
                    << size.cols << " x " << size.rows << " from " << size.base << ", cell " << col << ","
                    << row;
                if (g.contains({col, row})) {
                    ASSERT_EQ(g.parseLabel(label), (Offset{col, row}));
                }
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 20'000);
}

} // namespace sandtable
