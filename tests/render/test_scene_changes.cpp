// What a pan changes among a view's words (render/scene_changes): the words placed in one
// arrangement and not in the same way in the other, out to their halos, and where they lie in the
// view's pixels.
#include "render/scene_changes.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace sandtable {
namespace {

PlacedLabel word(const char* text, Box box, LabelRole role = LabelRole::PlaceName) {
    return PlacedLabel{text, role, box};
}

MapPainter::Scene sceneOf(std::vector<PlacedLabel> labels) {
    MapPainter::Scene scene;
    scene.plan.labels = std::move(labels);
    return scene;
}

TEST(SceneChanges, WordsPlacedAlikeInBothChangeNothingWhateverTheirOrder) {
    const auto before =
        sceneOf({word("Round Top", {0, 0, 40, 10}), word("Peach Orchard", {100, 50, 160, 60})});
    const auto after =
        sceneOf({word("Peach Orchard", {100, 50, 160, 60}), word("Round Top", {0, 0, 40, 10})});
    EXPECT_TRUE(wordsMovedBetween(before, after).empty());
    EXPECT_TRUE(wordsMovedBetween(before, before).empty());
}

TEST(SceneChanges, AWordSetElsewhereChangesWhereItWasAndWhereItGoesWithItsHalo) {
    const auto before =
        sceneOf({word("Round Top", {0, 0, 40, 10}), word("Cemetery Ridge", {200, 0, 260, 10})});
    const auto after =
        sceneOf({word("Round Top", {0, 20, 40, 30}), word("Cemetery Ridge", {200, 0, 260, 10})});
    auto moved = wordsMovedBetween(before, after);
    ASSERT_EQ(moved.size(), 2U);
    std::ranges::sort(moved, {}, &Box::y0);
    // Half the word's height round it: its halo and a cut-out's round ends lie within.
    EXPECT_DOUBLE_EQ(moved[0].x0, -5);
    EXPECT_DOUBLE_EQ(moved[0].y0, -5);
    EXPECT_DOUBLE_EQ(moved[0].x1, 45);
    EXPECT_DOUBLE_EQ(moved[0].y1, 15);
    EXPECT_DOUBLE_EQ(moved[1].y0, 15);
    EXPECT_DOUBLE_EQ(moved[1].y1, 35);
}

TEST(SceneChanges, AWordInOneArrangementAloneChangesAndSoDoesItsTurnRoleOrCut) {
    const PlacedLabel plain = word("340", {0, 0, 20, 8}, LabelRole::ContourHeight);
    PlacedLabel turned = plain;
    turned.turn = 0.5;
    PlacedLabel cut = plain;
    cut.cutOut = LineCutOut{Rgb{200, 190, 150}, Rgb{190, 180, 140}};
    PlacedLabel otherRole = plain;
    otherRole.role = LabelRole::Caption;
    PlacedLabel otherText = plain;
    otherText.text = "350";
    for (const PlacedLabel& changed : {turned, cut, otherRole, otherText}) {
        EXPECT_EQ(wordsMovedBetween(sceneOf({plain}), sceneOf({changed})).size(), 2U) << changed.text;
    }
    EXPECT_EQ(wordsMovedBetween(sceneOf({plain}), sceneOf({})).size(), 1U) << "left out of the new view";
    EXPECT_EQ(wordsMovedBetween(sceneOf({}), sceneOf({plain})).size(), 1U) << "come into it";
}

TEST(SceneChanges, InTheViewsPixelsAMovedWordIsOutToWholePixelsAndCutToTheView) {
    const auto before = sceneOf({word("Round Top", {100, 100, 140, 110})});
    const auto after = sceneOf({});
    // At 2 pixels a unit, scrolled 150.5 across and 190 down: the box with its halo, 95..145 across
    // and 95..115 down, is pixels 39.5..139.5 across and 0..40 down; out to whole pixels and one more
    // each side, 38..141 and -1..41; cut to the view's 120 x 30.
    const auto pixels = pixelsOfWordsMoved(before, after, ViewPlacement{150.5, 190, 2}, 120, 30);
    ASSERT_EQ(pixels.size(), 1U);
    EXPECT_EQ(pixels[0].x, 38);
    EXPECT_EQ(pixels[0].y, 0);
    EXPECT_EQ(pixels[0].right(), 120);
    EXPECT_EQ(pixels[0].bottom(), 30);
    EXPECT_TRUE(pixelsOfWordsMoved(before, after, ViewPlacement{1000, 1000, 2}, 120, 30).empty())
        << "out of view";
}

} // namespace
} // namespace sandtable
