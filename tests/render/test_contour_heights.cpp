// The index contours' heights (render/contour_heights): written on their own contour, along it and
// upright, cut out of the line; never over a counter or another word; left out quietly where there
// is no room; only in the natural style.
#include "model/layout.hpp"
#include "render/colours.hpp"
#include "render/contour_heights.hpp"
#include "render/map_painter.hpp"
#include "render/natural_ground.hpp"
#include "tests/render/cairo_pixels.hpp"
#include "tests/render/map_picture.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace sandtable {
namespace {

using testing_support::owned;
using testing_support::Picture;

// A broad hill: a level a cell up from the edge to 12 at the middle, so the index contours of
// levels 5 and 10 ring it, 20 feet a level.
Scenario hill(int units = 0) {
    Scenario s = testing_support::plain(GridShape::HexFlat, 30, 26, units);
    s.deployment.placements.clear(); // the tests place their own
    testing_support::raiseHill(s, {15, 13}, 12);
    s.map.feetPerContour = 20;
    return s;
}

// As the map prints: an inch a cell, at 300 pixels an inch.
RenderOptions printed(MapStyle style) {
    RenderOptions o;
    o.style = style;
    o.paperPointsPerUnit = 72.0 / 100;
    return o;
}
constexpr double printPixelsPerUnit = 3.0;

std::vector<PlacedLabel> heightsIn(const LabelPlan& plan) {
    std::vector<PlacedLabel> out;
    for (const PlacedLabel& l : plan.labels) {
        if (l.role == LabelRole::ContourHeight) {
            out.push_back(l);
        }
    }
    return out;
}

LabelPlan planOf(const Scenario& s, const Layout& layout, const RenderOptions& o) {
    auto surface = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 10, 10));
    cairo_t* cr = cairo_create(surface.get());
    LabelPlan plan = MapPainter(s, layout).planLabels(cr, MapRect{0, 0, layout.width(), layout.height()},
                                                      printPixelsPerUnit, o);
    cairo_destroy(cr);
    return plan;
}

Point middleOf(const Box& b) {
    return {(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2};
}

TEST(ContourHeights, EachIsItsContoursHeightWrittenOnItAlongTheLineAndUpright) {
    const Scenario s = hill();
    const Layout layout(s.map.grid, 100);
    const LabelPlan plan = planOf(s, layout, printed(MapStyle::Natural));
    const std::vector<PlacedLabel> heights = heightsIn(plan);
    // Two rings (levels 5 and 10), the outer about 40 cells round: a height in most blocks it crosses.
    int outer = 0, inner = 0;
    for (const PlacedLabel& label : heights) {
        ASSERT_TRUE(label.text == "100" || label.text == "200") << label.text;
        const int level = std::stoi(label.text) / 20;
        (level == 5 ? outer : inner) += 1;
        const Point middle = middleOf(label.box);
        const auto heightAt = [&](Point p) {
            return NaturalGround::heightAt(
                s.map, layout, p, NaturalGround::samplesFor(layout.cellSize() * printPixelsPerUnit, false));
        };
        // On its own contour: the line between levels 4 and 5 is where the height is 4.5.
        EXPECT_NEAR(heightAt(middle), level - 0.5, 0.05)
            << label.text << " at " << middle.x << "," << middle.y;
        // Along it: a third of a cell either way along the word's direction stays near the line,
        // while as far across it the ground has risen or fallen by much more.
        const Point along{std::cos(label.turn), std::sin(label.turn)}, across{-along.y, along.x};
        const double reach = layout.cellSize() * 0.1;
        double alongChange = 0, acrossChange = 0;
        for (const double side : {-1.0, 1.0}) {
            alongChange = std::max(alongChange, std::abs(heightAt({middle.x + along.x * reach * side,
                                                                   middle.y + along.y * reach * side}) -
                                                         (level - 0.5)));
            acrossChange = std::max(acrossChange, std::abs(heightAt({middle.x + across.x * reach * side,
                                                                     middle.y + across.y * reach * side}) -
                                                           (level - 0.5)));
        }
        EXPECT_LT(alongChange * 2, acrossChange) << label.text << " is not along its line";
        // Upright: never turned past a quarter turn, so it never reads upside down.
        EXPECT_GT(label.turn, -std::numbers::pi / 2);
        EXPECT_LE(label.turn, std::numbers::pi / 2);
        EXPECT_TRUE(label.cutOut.has_value());
    }
    EXPECT_GE(outer, 4);
    EXPECT_GE(inner, 1);
    EXPECT_EQ(overlapsIn(plan), 0);
    EXPECT_TRUE(plan.unplaced.empty());
}

TEST(ContourHeights, NeverCoverACounterOrAnotherWordAndGiveWayQuietly) {
    const int cells = 30 * 26;
    Scenario s = hill(cells);
    const Layout layout(s.map.grid, 100);
    const std::vector<PlacedLabel> free = heightsIn(planOf(s, layout, printed(MapStyle::Natural)));
    ASSERT_FALSE(free.empty());
    // A counter on every cell, and a place's name on the hill's flank.
    auto unit = s.oob.units.begin();
    for (int row = 0; row < 26; ++row) {
        for (int col = 0; col < 30; ++col, ++unit) {
            ASSERT_NE(unit, s.oob.units.end());
            s.deployment.placements[PieceRef::unit(unit->first)] = Placement{{{col, row}}, {}};
        }
    }
    s.map.features[FeatureId{1}] = Feature{FeatureKind::Label, {15, 6}, "Seminary Ridge", std::nullopt, 0};
    const LabelPlan crowded = planOf(s, layout, printed(MapStyle::Natural));
    EXPECT_GE(crowded.counters.size(), static_cast<std::size_t>(cells));
    EXPECT_EQ(overlapsIn(crowded), 0) << "a word over a counter, a number or another word";
    for (const std::string& u : crowded.unplaced) {
        EXPECT_NE(u.substr(0, 4), "100 ") << u << ": a height with no room is reported";
        EXPECT_NE(u.substr(0, 4), "200 ") << u << ": a height with no room is reported";
    }
    // The heights a counter or the name now covers have given way: moved along their line, or left out.
    int covered = 0;
    for (const PlacedLabel& before : free) {
        const bool under =
            std::ranges::any_of(crowded.counters, [&](const Box& c) { return c.overlaps(before.box); }) ||
            std::ranges::any_of(crowded.labels, [&](const PlacedLabel& l) {
                return l.role != LabelRole::ContourHeight && l.box.overlaps(before.box);
            });
        covered += under ? 1 : 0;
        for (const PlacedLabel& now : heightsIn(crowded)) {
            EXPECT_FALSE(under && now.box.x0 == before.box.x0 && now.box.y0 == before.box.y0)
                << now.text << " stayed under a counter";
        }
    }
    EXPECT_GT(covered, 0) << "no height was in the counters' way: the test tests nothing";
    EXPECT_FALSE(heightsIn(crowded).empty()) << "no height found room between the counters";
}

// As a survey's figures do, heights keep off roads and railroads: one that a new road runs through
// moves along its line or is left out.
TEST(ContourHeights, KeepOffRoadsAndRailroads) {
    Scenario s = hill();
    const Layout layout(s.map.grid, 100);
    const std::vector<PlacedLabel> free = heightsIn(planOf(s, layout, printed(MapStyle::Natural)));
    ASSERT_FALSE(free.empty());
    // A road down a column of cells through a height: on flat-topped hexes a column's centres share
    // their x, so the road runs straight down x = X, across the word.
    std::optional<std::pair<PlacedLabel, int>> crossed; // the height and the column
    for (const PlacedLabel& label : free) {
        const auto cell = layout.cellAt(middleOf(label.box));
        ASSERT_TRUE(cell.has_value());
        for (const int col : {cell->col - 1, cell->col, cell->col + 1}) {
            const double at = layout.cellCenter({col, 0}).x;
            if (!crossed && label.box.x0 < at && at < label.box.x1) {
                crossed = {label, col};
            }
        }
    }
    ASSERT_TRUE(crossed.has_value()) << "no column's centres run through a height";
    Path road{PathKind::Road, "", {}};
    for (int row = 0; row < s.map.grid.rows(); ++row) {
        road.cells.push_back({crossed->second, row});
    }
    s.map.paths[PathId{1}] = road;
    const double x = layout.cellCenter({crossed->second, 0}).x;
    const double keepOff = layout.cellSize() * routeWidth(PathKind::Road) / 2;
    const std::vector<PlacedLabel> beside = heightsIn(planOf(s, layout, printed(MapStyle::Natural)));
    EXPECT_FALSE(beside.empty()) << "the road took every height away";
    for (const PlacedLabel& label : beside) {
        // The box around the turned word reaches as far across x as the word itself.
        EXPECT_TRUE(label.box.x1 < x - keepOff || label.box.x0 > x + keepOff)
            << label.text << " from " << label.box.x0 << " to " << label.box.x1 << " is on the road at " << x;
    }
    EXPECT_LT(std::ranges::count_if(beside,
                                    [&](const PlacedLabel& l) {
                                        return l.box.x0 == crossed->first.box.x0 &&
                                               l.box.y0 == crossed->first.box.y0;
                                    }),
              1)
        << "the height on the road stayed there";
}

TEST(ContourHeights, TheStretchesNearAWordAreEveryStretchItCrosses) {
    // RouteStretches looks only at the stretches near a word: it must find a crossing wherever
    // looking at every stretch finds one, whatever the grid's squares are.
    std::mt19937 random(29);
    const auto within = [&](double low, double high) {
        return std::uniform_real_distribution<double>(low, high)(random);
    };
    std::vector<RouteStretch> stretches;
    for (int k = 0; k < 300; ++k) {
        const Point a{within(0, 2000), within(0, 2000)};
        const double turn = within(0, 2 * std::numbers::pi), length = within(60, 110);
        stretches.push_back(
            {a, {a.x + length * std::cos(turn), a.y + length * std::sin(turn)}, within(3, 15)});
    }
    for (const double square : {40.0, 100.0, 350.0}) {
        SCOPED_TRACE(square);
        const RouteStretches near(stretches, square);
        int crossing = 0, clear = 0;
        for (int n = 0; n < 4000; ++n) {
            const LineSpot spot{{within(-100, 2100), within(-100, 2100)}, within(-1.5, 1.5)};
            const double width = within(10, 80), height = within(5, 20);
            const bool any = std::ranges::any_of(
                stretches, [&](const RouteStretch& r) { return crosses(spot, width, height, r); });
            ASSERT_EQ(near.anyCrossing(spot, width, height), any)
                << "a word " << width << " x " << height << " at " << spot.middle.x << ", " << spot.middle.y;
            (any ? crossing : clear) += 1;
        }
        EXPECT_GT(crossing, 400);
        EXPECT_GT(clear, 400);
    }
    EXPECT_FALSE(RouteStretches({}, 100).anyCrossing(LineSpot{{0, 0}, 0}, 10, 10));
}

TEST(ContourHeights, AreCutOutOfTheirLineInTheGroundsColour) {
    const Scenario s = hill();
    const Layout layout(s.map.grid, 100);
    RenderOptions o = printed(MapStyle::Natural);
    o.shading = false;
    const Picture picture(s, layout, o, 1.0);
    const std::vector<PlacedLabel> heights = heightsIn(picture.plan());
    ASSERT_FALSE(heights.empty());
    for (const PlacedLabel& label : heights) {
        const Point middle = middleOf(label.box);
        const Point along{std::cos(label.turn), std::sin(label.turn)};
        // Along the line within the word: no pixel of the line itself, and some of the figures'
        // darker ink.
        // Within the word whatever its turn: half the shorter side of the box around it.
        const double half = std::min(label.box.width(), label.box.height()) / 2;
        int line = 0, ink = 0;
        for (double t = -0.8; t <= 0.8; t += 0.05) {
            for (double off = -1; off <= 1; off += 1) {
                const Rgb c = picture.at({middle.x + along.x * half * t - along.y * off,
                                          middle.y + along.y * half * t + along.x * off});
                line += c == contourBrown ? 1 : 0;
                ink += testing_support::brightness(c) < 330 && c.r > c.b ? 1 : 0;
            }
        }
        EXPECT_EQ(line, 0) << label.text << ": the contour runs on through its height";
        EXPECT_GT(ink, 3) << label.text << ": no figures drawn";
    }
}

// Where the map knows level 0's height (an import from a terrain model sets it), heights are above
// the sea, as a survey gives them.
TEST(ContourHeights, AreAboveTheSeaWhereTheMapKnowsItsBase) {
    Scenario s = hill();
    const Layout layout(s.map.grid, 100);
    EXPECT_EQ(contourHeightText(s.map, 5), "100");
    s.map.baseFeet = 490;
    EXPECT_EQ(contourHeightText(s.map, 5), "590");
    EXPECT_EQ(contourHeightText(s.map, -5), "390");
    std::set<std::string> written;
    for (const PlacedLabel& label : heightsIn(planOf(s, layout, printed(MapStyle::Natural)))) {
        written.insert(label.text);
    }
    EXPECT_EQ(written, (std::set<std::string>{"590", "690"}));
}

TEST(ContourHeights, AreLeftToTheNaturalStyleAndFollowTheLayers) {
    const Scenario s = hill();
    const Layout layout(s.map.grid, 100);
    EXPECT_TRUE(heightsIn(planOf(s, layout, printed(MapStyle::Cells))).empty())
        << "the cells' contours run along the sides";
    RenderOptions noElevation = printed(MapStyle::Natural);
    noElevation.elevation = false;
    EXPECT_TRUE(heightsIn(planOf(s, layout, noElevation)).empty());
}

// The canvas keeps the spots from frame to frame: an edit to the ground near a block finds its
// spots again, with no word of the edit to the cache; an edit far from it leaves them.
TEST(ContourHeights, TheKeptSpotsFollowAnEditOfTheGround) {
    Scenario s = hill();
    const Layout layout(s.map.grid, 100);
    ContourHeightLook look{24, 10, {}};
    look.ground.samplesPerCell = 8;
    const auto positions = [](const std::vector<ContourHeightSpots>& found) {
        std::vector<std::tuple<int, double, double>> out;
        for (const ContourHeightSpots& level : found) {
            for (const ContourHeightSpot& spot : level.spots) {
                out.emplace_back(level.level, spot.at.middle.x, spot.at.middle.y);
            }
        }
        return out;
    };
    ContourHeightCache cache;
    const Offset first{0, 0}, last{11, 11}; // the hill's north-west quarter: blocks 0 and 1 each way
    const auto before = positions(contourHeightSpots(s.map, layout, first, last, look, &cache));
    ASSERT_FALSE(before.empty());
    EXPECT_EQ(positions(contourHeightSpots(s.map, layout, first, last, look, &cache)), before);
    // Far away (the south-east corner): nothing in view moves.
    s.map.elevation[s.map.grid.index({29, 25})] = 9;
    EXPECT_EQ(positions(contourHeightSpots(s.map, layout, first, last, look, &cache)), before);
    // The hill's flank in view raised by two levels: its contours, and their spots, move.
    for (int row = 4; row <= 9; ++row) {
        for (int col = 4; col <= 9; ++col) {
            s.map.elevation[s.map.grid.index({col, row})] += 2;
        }
    }
    const auto kept = positions(contourHeightSpots(s.map, layout, first, last, look, &cache));
    EXPECT_NE(kept, before);
    EXPECT_EQ(kept, positions(contourHeightSpots(s.map, layout, first, last, look)))
        << "the kept spots are not those of the edited ground";
    // Another look (larger figures) is found anew too.
    look.width = 40;
    EXPECT_EQ(positions(contourHeightSpots(s.map, layout, first, last, look, &cache)),
              positions(contourHeightSpots(s.map, layout, first, last, look)));
}

TEST(ContourHeights, AWordWithNoRoomIsLeftOutOnlyWhenItMayBe) {
    LabelPlan plan;
    plan.counters.push_back({0, 0, 100, 100});
    LabelRequest height{"200", LabelRole::ContourHeight, 12, 5, {}, {}};
    height.alongLine = {LineSpot{{50, 50}, 0.5}};
    height.optional = true;
    placeLabels(plan, std::vector{height}, Box{0, 0, 200, 200}, 0.5);
    EXPECT_TRUE(plan.labels.empty());
    EXPECT_TRUE(plan.unplaced.empty());
    height.optional = false;
    placeLabels(plan, std::vector{height}, Box{0, 0, 200, 200}, 0.5);
    EXPECT_EQ(plan.unplaced.size(), 1u);
    // Room along the line: the box is the turned word's.
    plan.counters.clear();
    plan.unplaced.clear();
    height.alongLine = {LineSpot{{150, 150}, std::numbers::pi / 2}};
    placeLabels(plan, std::vector{height}, Box{0, 0, 200, 200}, 0.5);
    ASSERT_EQ(plan.labels.size(), 1u);
    EXPECT_NEAR(plan.labels[0].box.width(), 5, 1e-9);
    EXPECT_NEAR(plan.labels[0].box.height(), 12, 1e-9);
    EXPECT_NEAR(plan.labels[0].turn, std::numbers::pi / 2, 1e-12);
}

} // namespace
} // namespace sandtable
