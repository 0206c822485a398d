// Pieces traced into the outlines of their union, outlines simplified alike where two share a
// stretch, and segments chained into lines (render/outline_tracing): what keeps the natural
// ground's PDF small.
#include "render/outline_tracing.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace sandtable {
namespace {

constexpr double quantum = 1.0 / 1024;

std::vector<std::vector<Point>> ringsOf(const Polylines& lines) {
    std::vector<std::vector<Point>> out;
    const Point* p = lines.points.data();
    for (const std::uint32_t n : lines.sizes) {
        out.emplace_back(p, p + n);
        p += n;
    }
    return out;
}

// How far `p` is from the nearest segment of `polyline`.
double distanceToLine(Point p, const std::vector<Point>& polyline) {
    double nearest = 1e9;
    for (std::size_t k = 0; k + 1 < polyline.size(); ++k) {
        const Point u = polyline[k], v = polyline[k + 1];
        const double dx = v.x - u.x, dy = v.y - u.y;
        const double s = std::clamp(((p.x - u.x) * dx + (p.y - u.y) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
        nearest = std::min(nearest, std::hypot(p.x - u.x - s * dx, p.y - u.y - s * dy));
    }
    return nearest;
}

void addSquare(OutlineTracer& tracer, double x, double y, double size = 1) {
    const std::vector<Point> square{{x, y}, {x + size, y}, {x + size, y + size}, {x, y + size}};
    tracer.add(square.data(), square.size());
}

TEST(OutlineTracing, SquaresSideBySideAreOneRectangleOfFourCorners) {
    OutlineTracer tracer({0, 0}, quantum);
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 3; ++j) {
            addSquare(tracer, i, j);
        }
    }
    const auto rings = ringsOf(tracer.outlines());
    ASSERT_EQ(rings.size(), 1u);
    EXPECT_EQ(rings[0].size(), 4u);
    EXPECT_DOUBLE_EQ(signedArea(rings[0]), 15.0);
    for (const Point& p : rings[0]) {
        EXPECT_TRUE((p.x == 0 || p.x == 5) && (p.y == 0 || p.y == 3)) << p.x << "," << p.y;
    }
}

// The black squares of a checkerboard first (none shares a side: 7,200 sides open at once, more
// than the open sides' table starts with), then the white ones closing them: whatever the order,
// the union is the board, and a board with its middle square left out has that hole.
TEST(OutlineTracing, PiecesInAnyOrderTraceTheirUnion) {
    constexpr int side = 60;
    for (const bool holed : {false, true}) {
        OutlineTracer tracer({0, 0}, quantum);
        for (const int colour : {0, 1}) {
            for (int j = 0; j < side; ++j) {
                for (int i = 0; i < side; ++i) {
                    if ((i + j) % 2 == colour && !(holed && i == side / 2 && j == side / 2)) {
                        addSquare(tracer, i, j);
                    }
                }
            }
        }
        auto rings = ringsOf(tracer.outlines());
        ASSERT_EQ(rings.size(), holed ? 2u : 1u);
        std::ranges::sort(rings, [](const auto& a, const auto& b) { return signedArea(a) > signedArea(b); });
        EXPECT_EQ(rings[0].size(), 4u);
        EXPECT_DOUBLE_EQ(signedArea(rings[0]), side * side);
        if (holed) {
            EXPECT_DOUBLE_EQ(signedArea(rings[1]), -1.0);
        }
    }
}

TEST(OutlineTracing, AFrameIsAnOutlineAndAHoleTurningTheOtherWay) {
    OutlineTracer tracer({0, 0}, quantum);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            if (i != 1 || j != 1) {
                addSquare(tracer, i, j);
            }
        }
    }
    auto rings = ringsOf(tracer.outlines());
    ASSERT_EQ(rings.size(), 2u);
    std::ranges::sort(rings, [](const auto& a, const auto& b) { return signedArea(a) > signedArea(b); });
    EXPECT_DOUBLE_EQ(signedArea(rings[0]), 9.0);
    EXPECT_DOUBLE_EQ(signedArea(rings[1]), -1.0);
}

TEST(OutlineTracing, SidesComputedApartMeetWithinAQuantum) {
    // Two triangles whose shared side was computed from either end, as two lattice squares
    // interpolate the point where a boundary crosses the side between them.
    const double t = 0.3;
    const Point a{0, 0}, b{1, 0.7};
    const Point fromA{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
    const Point fromB{b.x + (a.x - b.x) * (1 - t), b.y + (a.y - b.y) * (1 - t)};
    OutlineTracer tracer({0, 0}, quantum);
    const std::vector<Point> left{a, fromA, {0, 1}}, right{fromB, b, {1, 1}, {0, 1}};
    tracer.add(left.data(), left.size());
    tracer.add(right.data(), right.size());
    const auto rings = ringsOf(tracer.outlines());
    ASSERT_EQ(rings.size(), 1u);
    EXPECT_NEAR(signedArea(rings[0]), signedArea(left) + signedArea(right), 1e-3);
}

// A wavy line from (0, 0) to (20, 0), in steps of a tenth.
std::vector<Point> wave() {
    std::vector<Point> line;
    for (int k = 0; k <= 200; ++k) {
        const double x = k * 0.1;
        line.push_back({x, 0.6 * std::sin(x) + 0.05 * std::sin(7 * x)});
    }
    return line;
}

TEST(OutlineTracing, TwoOutlinesSimplifiedKeepTheSameStretchTheyShare) {
    // Above the wave and below it, each one polygon: the wave is the stretch they share, walked
    // one way by the first and the other by the second.
    const std::vector<Point> line = wave();
    std::vector<Point> above(line), below(line.rbegin(), line.rend());
    above.push_back({20, -3});
    above.push_back({0, -3});
    below.push_back({0, 3});
    below.push_back({20, 3});
    OutlineTracer up({0, 0}, quantum), down({0, 0}, quantum);
    up.add(above.data(), above.size());
    down.add(below.data(), below.size());
    const OutlineTracer::Rings upRings = up.rings(), downRings = down.rings();
    const std::vector<std::uint64_t> junctions = OutlineTracer::junctions({&upRings, &downRings});
    // The frame's corners, each in one outline only, and where the wave meets the frame: there
    // the outlines part.
    EXPECT_EQ(junctions.size(), 6u);
    const double tolerance = 0.02;
    const auto upper = ringsOf(up.outlines(upRings, tolerance, junctions));
    const auto lower = ringsOf(down.outlines(downRings, tolerance, junctions));
    ASSERT_EQ(upper.size(), 1u);
    ASSERT_EQ(lower.size(), 1u);
    const auto onWave = [](const std::vector<Point>& ring) {
        std::vector<Point> kept;
        std::ranges::copy_if(ring, std::back_inserter(kept), [](Point p) { return std::abs(p.y) < 1; });
        std::ranges::sort(kept);
        return kept;
    };
    const std::vector<Point> a = onWave(upper[0]), b = onWave(lower[0]);
    EXPECT_EQ(a, b);
    EXPECT_LT(a.size(), line.size() / 3) << "the wave kept most of its points";
    EXPECT_GT(a.size(), 10u) << "the wave lost its shape";
    // And every point of the wave is within the tolerance of the simplified line.
    for (const Point& p : line) {
        EXPECT_LE(distanceToLine(p, a), tolerance + quantum) << "at x = " << p.x;
    }
}

TEST(OutlineTracing, SegmentsInAnyOrderAndDirectionAreChainedIntoLines) {
    const std::vector<Point> line = wave();
    std::vector<std::pair<Point, Point>> segments;
    for (std::size_t k = 0; k + 1 < line.size(); ++k) {
        segments.emplace_back(k % 2 == 0 ? std::pair{line[k], line[k + 1]} : std::pair{line[k + 1], line[k]});
    }
    // A closed square, and one of the wave's segments given twice (both cells draw a side).
    const std::vector<Point> square{{0, 5}, {1, 5}, {1, 6}, {0, 6}};
    for (std::size_t k = 0; k < square.size(); ++k) {
        segments.emplace_back(square[k], square[(k + 1) % square.size()]);
    }
    segments.push_back({line[51], line[50]});
    std::mt19937 shuffle(7);
    std::ranges::shuffle(segments, shuffle);
    const auto lines = ringsOf(chainSegments(segments, {0, 0}, quantum));
    ASSERT_EQ(lines.size(), 2u);
    const auto& waveLine = lines[0].size() > lines[1].size() ? lines[0] : lines[1];
    const auto& loop = lines[0].size() > lines[1].size() ? lines[1] : lines[0];
    ASSERT_EQ(waveLine.size(), line.size()) << "the wave was cut, or a segment drawn twice";
    const bool forward = std::abs(waveLine.front().x) < quantum;
    for (std::size_t k = 0; k < line.size(); ++k) {
        const Point expected = line[forward ? k : line.size() - 1 - k];
        EXPECT_NEAR(waveLine[k].x, expected.x, quantum);
        EXPECT_NEAR(waveLine[k].y, expected.y, quantum);
    }
    ASSERT_EQ(loop.size(), 5u);
    EXPECT_EQ(loop.front(), loop.back());
}

TEST(OutlineTracing, ChainedLinesWithAToleranceKeepTheirEndsAndStayWithinIt) {
    // What the natural style prints its contours and its tints' edges with: the wave as its
    // segments, and a closed square larger than the tolerance.
    const std::vector<Point> line = wave();
    std::vector<std::pair<Point, Point>> segments;
    for (std::size_t k = 0; k + 1 < line.size(); ++k) {
        segments.emplace_back(line[k], line[k + 1]);
    }
    const std::vector<Point> square{{0, 5}, {1, 5}, {1, 6}, {0, 6}};
    for (std::size_t k = 0; k < square.size(); ++k) {
        segments.emplace_back(square[k], square[(k + 1) % square.size()]);
    }
    const double tolerance = 0.02;
    const auto lines = ringsOf(chainSegments(segments, {0, 0}, quantum, tolerance));
    ASSERT_EQ(lines.size(), 2u);
    const auto& waveLine = lines[0].size() > lines[1].size() ? lines[0] : lines[1];
    const auto& loop = lines[0].size() > lines[1].size() ? lines[1] : lines[0];
    EXPECT_LT(waveLine.size(), line.size() / 3) << "the wave kept most of its points";
    EXPECT_GT(waveLine.size(), 10u) << "the wave lost its shape";
    // Its ends are the wave's ends.
    const auto near = [](Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y) <= quantum; };
    EXPECT_TRUE((near(waveLine.front(), line.front()) && near(waveLine.back(), line.back())) ||
                (near(waveLine.front(), line.back()) && near(waveLine.back(), line.front())));
    for (const Point& p : line) {
        EXPECT_LE(distanceToLine(p, waveLine), tolerance + quantum) << "at x = " << p.x;
    }
    // The square keeps its corners, closed.
    ASSERT_EQ(loop.size(), 5u);
    EXPECT_EQ(loop.front(), loop.back());
    // Without a tolerance every point is kept.
    const auto whole = ringsOf(chainSegments(segments, {0, 0}, quantum));
    EXPECT_EQ(std::max(whole[0].size(), whole[1].size()), line.size());
}

} // namespace
} // namespace sandtable
