#include "editor/tools/background_alignment.hpp"

#include <gtest/gtest.h>

#include <random>

namespace sandtable {
namespace {

// A scan drawn at 0.01 cells a pixel from the map's corner, as Map > Background image puts it.
BackgroundImage scan() {
    BackgroundImage b;
    b.file = "scan.png";
    b.unitsPerPixel = 0.01;
    return b;
}

// Clicks as the canvas makes them: the scan point where pixel (px, py) is drawn now, then `grid`.
void clickPair(BackgroundAlignment& a, const BackgroundImage& drawn, double px, double py, Point grid) {
    const auto [x, y] = drawn.toMap(px, py);
    a.click({x, y});
    a.click(grid);
}

TEST(BackgroundAlignment, TwoPairsAlignByPositionScaleAndRotationAndThreeOrMoreByAFit) {
    const BackgroundImage drawn = scan();
    BackgroundAlignment a(drawn);
    EXPECT_FALSE(a.aligned());
    clickPair(a, drawn, 0, 0, {1, 1});
    EXPECT_FALSE(a.aligned()) << "one pair fixes nothing";
    clickPair(a, drawn, 1000, 0, {11, 1});
    ASSERT_TRUE(a.aligned());
    EXPECT_FALSE(a.aligned()->affine);
    EXPECT_FALSE(a.rms());
    EXPECT_NEAR(a.aligned()->unitsPerPixel, 0.01, 1e-12);
    EXPECT_EQ(*a.aligned(), drawn.alignedBy(0, 0, 1, 1, 1000, 0, 11, 1));

    clickPair(a, drawn, 0, 500, {1, 6.5}); // the scan is stretched down the sheet
    ASSERT_TRUE(a.aligned());
    ASSERT_TRUE(a.aligned()->affine);
    ASSERT_TRUE(a.rms());
    EXPECT_NEAR(*a.rms(), 0, 1e-9) << "three points fit exactly";
    const auto [x, y] = a.aligned()->toMap(0, 500);
    EXPECT_NEAR(x, 1, 1e-9);
    EXPECT_NEAR(y, 6.5, 1e-9);
}

TEST(BackgroundAlignment, TheFitRecoversAKnownTransformationFromNoisyClicksAndReportsTheResiduals) {
    const BackgroundImage drawn = scan();
    const Affine wanted{0.011, 0.002, 1.5, -0.001, 0.0095, 2.0};
    std::mt19937 random(7);
    std::normal_distribution<double> noise(0, 0.03); // clicks a thirtieth of a cell off
    BackgroundAlignment a(drawn);
    const std::vector<std::pair<double, double>> pixels{{0, 0},     {1200, 0},  {0, 900},  {1200, 900},
                                                        {600, 450}, {300, 700}, {900, 200}};
    for (auto [px, py] : pixels) {
        clickPair(a, drawn, px, py,
                  {wanted[0] * px + wanted[1] * py + wanted[2] + noise(random),
                   wanted[3] * px + wanted[4] * py + wanted[5] + noise(random)});
    }
    ASSERT_TRUE(a.aligned());
    for (auto [px, py] : pixels) {
        const auto [x, y] = a.aligned()->toMap(px, py);
        EXPECT_NEAR(x, wanted[0] * px + wanted[1] * py + wanted[2], 0.1);
        EXPECT_NEAR(y, wanted[3] * px + wanted[4] * py + wanted[5], 0.1);
    }
    ASSERT_EQ(a.pairs().size(), pixels.size());
    double sum = 0;
    for (const auto& pair : a.pairs()) {
        ASSERT_TRUE(pair.residual);
        EXPECT_LT(*pair.residual, 0.15);
        sum += *pair.residual * *pair.residual;
    }
    EXPECT_NEAR(*a.rms(), std::sqrt(sum / static_cast<double>(pixels.size())), 1e-9);
    EXPECT_GT(*a.rms(), 0.0);
    EXPECT_NE(a.hint().find("7 pairs, fitted within"), std::string::npos) << a.hint();
}

TEST(BackgroundAlignment, AClickIsTakenBackAndPointsOnOneLineFixNothing) {
    const BackgroundImage drawn = scan();
    BackgroundAlignment a(drawn);
    EXPECT_FALSE(a.takeBack());
    clickPair(a, drawn, 0, 0, {0, 0});
    clickPair(a, drawn, 100, 100, {1, 1});
    clickPair(a, drawn, 200, 200, {2, 2}); // all on one line: no affine fit
    EXPECT_EQ(a.completePairs(), 3u);
    EXPECT_FALSE(a.aligned());
    EXPECT_NE(a.hint().find("fix no alignment"), std::string::npos) << a.hint();
    EXPECT_TRUE(a.takeBack()); // the third grid point
    EXPECT_TRUE(a.waitingForGridPoint());
    EXPECT_EQ(a.completePairs(), 2u);
    ASSERT_TRUE(a.aligned()) << "back to two pairs";
    EXPECT_TRUE(a.takeBack()); // the third scan point
    EXPECT_FALSE(a.waitingForGridPoint());
    EXPECT_EQ(a.pairs().size(), 2u);
    EXPECT_NE(a.hint().find("Enter applies"), std::string::npos) << a.hint();
}

// The pairs are kept with the scan: opened again, the alignment starts from them, as aligned, and
// a fourth pair refits all four.
TEST(BackgroundAlignment, StartsFromThePairsTheScanWasAlignedByAndTakesOneMore) {
    const BackgroundImage drawn = scan();
    BackgroundAlignment first(drawn);
    clickPair(first, drawn, 0, 0, {1, 1});
    clickPair(first, drawn, 1000, 0, {11, 1.2});
    clickPair(first, drawn, 0, 800, {0.8, 9});
    ASSERT_TRUE(first.aligned());
    const BackgroundImage aligned = *first.aligned();
    ASSERT_EQ(aligned.controlPoints.size(), 3u);
    EXPECT_EQ(aligned.controlPoints[1], (ControlPoint{1000, 0, 11, 1.2}));

    BackgroundAlignment again(aligned);
    ASSERT_EQ(again.completePairs(), 3u);
    ASSERT_TRUE(again.aligned());
    EXPECT_EQ(*again.aligned(), aligned) << "nothing changes until a pair does";
    // Each kept pair's scan point is where the aligned scan draws that pixel: on its grid point.
    EXPECT_NEAR(again.pairs()[1].onScan.x, 11, 1e-9);
    EXPECT_NEAR(again.pairs()[1].onScan.y, 1.2, 1e-9);
    clickPair(again, aligned, 1000, 800, {10.5, 9.5});
    ASSERT_EQ(again.completePairs(), 4u);
    ASSERT_TRUE(again.rms());
    EXPECT_EQ(again.aligned()->controlPoints.size(), 4u);
    EXPECT_TRUE(again.takeBack());
    EXPECT_TRUE(again.takeBack());
    EXPECT_EQ(*again.aligned(), aligned) << "the fourth pair taken back";
}

// Two pairs after a fit: origin, scale and rotation again, the fit's affine gone (it used to stay
// and override them, so the new alignment did nothing).
TEST(BackgroundAlignment, TwoPairsAfterAFitReplaceIt) {
    BackgroundImage fitted = scan();
    fitted.affine = Affine{0.02, 0.001, 3, 0.0, 0.02, 4};
    fitted.controlPoints = {{0, 0, 3, 4}, {100, 0, 5, 4}, {0, 100, 3.1, 6}};
    BackgroundAlignment a(fitted);
    while (a.takeBack()) {
    }
    clickPair(a, fitted, 0, 0, {1, 1});
    clickPair(a, fitted, 500, 0, {6, 1});
    ASSERT_TRUE(a.aligned());
    EXPECT_FALSE(a.aligned()->affine);
    EXPECT_EQ(a.aligned()->controlPoints.size(), 2u);
    const auto [x, y] = a.aligned()->toMap(500, 0);
    EXPECT_NEAR(x, 6, 1e-9);
    EXPECT_NEAR(y, 1, 1e-9);
}

TEST(BackgroundAlignment, TheScanPointIsThePixelWhereTheScanIsDrawnNow) {
    BackgroundImage drawn = scan();
    drawn.originX = 3;
    drawn.originY = 2;
    drawn.rotationDegrees = 30;
    BackgroundAlignment a(drawn);
    const auto [x, y] = drawn.toMap(250, 120);
    a.click({x, y});
    ASSERT_EQ(a.pairs().size(), 1u);
    EXPECT_NEAR(a.pairs()[0].pixelX, 250, 1e-9);
    EXPECT_NEAR(a.pairs()[0].pixelY, 120, 1e-9);
}

} // namespace
} // namespace sandtable
