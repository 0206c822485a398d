#include "model/deployment.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <utility>

namespace sandtable {
namespace {

// Whether the placement's cells lie in the placement's own bytes, not in a heap block of their own.
bool heldInside(const Placement& placement) {
    const auto* first = reinterpret_cast<const std::byte*>(&placement);
    const auto* cells = reinterpret_cast<const std::byte*>(placement.cells.data());
    const std::less<const std::byte*> before;
    return !before(cells, first) && before(cells, first + sizeof(Placement));
}

// A piece standing in one cell keeps it inside its placement, copied or moved: a battle of 10,000
// pieces loads without a heap block for each (the load's profile had them as the largest part of its
// malloc). A line spanning several cells keeps them all, in the order given.
TEST(Placement, OneCellIsHeldInsideThePlacementAndALineKeepsAllItsCellsInOrder) {
    Placement one;
    one.cells.push_back({3, 4});
    EXPECT_TRUE(heldInside(one));
    const Placement copied = one;
    EXPECT_TRUE(heldInside(copied));
    EXPECT_EQ(copied, one);
    // Moved from a named placement: Placement(copied) would be a copy, its move elided.
    Placement source = one;
    const Placement moved = std::move(source);
    EXPECT_TRUE(heldInside(moved));
    EXPECT_EQ(moved, one);

    Placement line = one;
    line.cells.push_back({4, 4});
    line.cells.push_back({5, 5});
    ASSERT_EQ(line.cells.size(), 3u);
    EXPECT_EQ(line.cells[0], (Offset{3, 4}));
    EXPECT_EQ(line.cells[1], (Offset{4, 4}));
    EXPECT_EQ(line.cells[2], (Offset{5, 5}));
    EXPECT_NE(line, one);
    line.cells.erase(line.cells.begin() + 1, line.cells.end());
    EXPECT_EQ(line, one);
}

} // namespace
} // namespace sandtable
