// The map reads like a published wargame map: elevation tinted and shaded, terrain symbols, water
// that runs on at corners, bridges, counters turned to what they face, colours that survive
// grayscale and colour blindness, and words that never cover a counter, a marker or each other.
#include "formats/scenario_xml.hpp"
#include "render/colours.hpp"
#include "render/label_placement.hpp"
#include "render/map_painter.hpp"
#include "render/map_water.hpp"
#include "render/terrain_symbols.hpp"
#include "tests/render/map_picture.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>

namespace sandtable {
namespace {

using testing_support::addUnionRegiments;
using testing_support::brightness;
using testing_support::Picture;
using testing_support::plain;

constexpr double pi = std::numbers::pi;

bool dark(Rgb c) {
    return brightness(c) < 150;
}

Rgb grey(Rgb c) {
    return inked(c, InkStyle::Grayscale);
}

// Deuteranopia as Viénot, Brettel and Mollon simulate it (1999), on linear light.
Rgb deuteranope(Rgb c) {
    auto lin = [](std::uint8_t v) {
        const double x = v / 255.0;
        return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
    };
    auto back = [](double x) {
        x = std::clamp(x, 0.0, 1.0);
        const double v = x <= 0.0031308 ? x * 12.92 : 1.055 * std::pow(x, 1 / 2.4) - 0.055;
        return static_cast<std::uint8_t>(std::lround(v * 255));
    };
    const double r = lin(c.r), g = lin(c.g), b = lin(c.b);
    return {back(0.29275 * r + 0.70725 * g), back(0.29275 * r + 0.70725 * g),
            back(-0.02234 * r + 0.02234 * g + b)};
}

TEST(Cartography, EachLevelIsAStepOfGreyAndWoodsOnAHillStillReadAsWoods) {
    for (const TerrainType& t : defaultTerrainTypes()) {
        for (int level = 0; level < 10; ++level) {
            const double low = luminance(elevationTint(t.colour, level));
            const double high = luminance(elevationTint(t.colour, level + 1));
            EXPECT_GT(high, low + 0.005) << t.key << " level " << level << " to " << level + 1;
        }
        EXPECT_LT(luminance(elevationTint(t.colour, -1)), luminance(t.colour)) << t.key << ": hollows darker";
    }
    const Rgb open = defaultTerrainTypes()[0].colour, woods = defaultTerrainTypes()[1].colour;
    for (int level = 0; level <= 6; ++level) {
        const Rgb w = elevationTint(woods, level), o = elevationTint(open, level);
        EXPECT_GT(w.g, w.r) << "woods stay green at level " << level;
        EXPECT_LT(luminance(w), luminance(o)) << "woods stay darker than open ground at level " << level;
    }
}

TEST(Cartography, TheNaturalStylesTintIsAStepOfGreyEachLevelOverEveryTerrain) {
    // The natural style lays its tint over the terrain as one layer whatever the terrain is
    // (render/natural_relief): it must keep what the cells' tint keeps, and stay near it.
    for (const TerrainType& t : defaultTerrainTypes()) {
        for (int level = 0; level < 10; ++level) {
            const double low = luminance(overlaid(t.colour, levelTint(level)));
            const double high = luminance(overlaid(t.colour, levelTint(level + 1)));
            EXPECT_GT(high, low + 0.005) << t.key << " level " << level << " to " << level + 1;
            const Rgb natural = overlaid(t.colour, levelTint(level)), cells = elevationTint(t.colour, level);
            // The cells' tint reaches a luminance of its own for each terrain; one layer over
            // every terrain cannot, but stays within a tenth of it.
            EXPECT_LT(std::abs(luminance(natural) - luminance(cells)), 0.1)
                << t.key << " level " << level << ": the natural tint strays from the cells'";
        }
        EXPECT_LT(luminance(overlaid(t.colour, levelTint(-1))), luminance(t.colour))
            << t.key << ": hollows darker";
        EXPECT_LT(luminance(overlaid(t.colour, levelTint(-3))), luminance(overlaid(t.colour, levelTint(-2))))
            << t.key << ": deeper hollows darker still";
    }
    const Rgb open = defaultTerrainTypes()[0].colour, woods = defaultTerrainTypes()[1].colour;
    for (int level = 0; level <= 6; ++level) {
        const Rgb w = overlaid(woods, levelTint(level)), o = overlaid(open, levelTint(level));
        EXPECT_GT(w.g, w.r) << "woods stay green at level " << level;
        EXPECT_LT(luminance(w), luminance(o)) << "woods stay darker than open ground at level " << level;
    }
    // Steps laid one over another are the level's tint: the paper's nested fills and the raster's
    // pixels show the same colour.
    for (int level : {-4, -1, 1, 2, 7}) {
        Overlay stacked;
        for (int l = level < 0 ? -1 : 1; std::abs(l) <= std::abs(level); l += level < 0 ? -1 : 1) {
            stacked = over(levelStep(l), stacked);
        }
        EXPECT_EQ(overlaid(open, stacked), overlaid(open, levelTint(level))) << "level " << level;
    }
}

TEST(Cartography, SideColoursStayApartInGreyAndForColourBlindReaders) {
    const Rgb blue = sideColour(Side::Union), grey_ = sideColour(Side::Confederate);
    EXPECT_GE(contrast(blue, grey_), 2.5);
    EXPECT_GE(contrast(grey(blue), grey(grey_)), 2.5) << "in grayscale";
    EXPECT_GE(contrast(deuteranope(blue), deuteranope(grey_)), 2.5) << "for a deuteranope";
    for (Side side : {Side::Union, Side::Confederate}) {
        EXPECT_GE(contrast(sideInk(side), sideColour(side)), 4.5)
            << "text on the counter, " << enumName(side);
        EXPECT_GE(contrast(grey(sideInk(side)), grey(sideColour(side))), 4.5);
    }
}

TEST(Cartography, GrayscaleInkHasNoColourAndLowInkIsLighter) {
    Scenario s = generateScenario(GeneratorParameters{10, 8, 6, 2, 7, GridShape::HexFlat});
    const Layout layout(s.map.grid, 60);
    const Picture colour(s, layout, RenderOptions{});
    const Picture greyPicture(s, layout, RenderOptions{}, 1.0, nullptr, InkStyle::Grayscale);
    const Picture lowInk(s, layout, RenderOptions{}, 1.0, nullptr, InkStyle::LowInk);
    int coloured = 0, notGrey = 0;
    long long inkColour = 0, inkLow = 0;
    for (int y = 0; y < colour.height(); y += 3) {
        for (int x = 0; x < colour.width(); x += 3) {
            const Rgb c = colour.at({double(x), double(y)}), g = greyPicture.at({double(x), double(y)});
            coloured += c.r != c.g || c.g != c.b ? 1 : 0;
            notGrey += std::abs(g.r - g.g) > 2 || std::abs(g.g - g.b) > 2 ? 1 : 0; // text antialiasing aside
            inkColour += 765 - brightness(c);
            inkLow += 765 - brightness(lowInk.at({double(x), double(y)}));
        }
    }
    EXPECT_GT(coloured, 1000);
    EXPECT_EQ(notGrey, 0);
    EXPECT_LT(inkLow, inkColour * 7 / 10) << "low ink uses at least 30% less";
}

// Light from the north-west: the slope below a hill's south-east side is in shadow, the one below
// its north-west side lit; level ground around is neither.
TEST(Cartography, HillShadingDarkensSlopesFacingAwayFromTheLight) {
    Scenario s = plain(GridShape::Square, 7, 7);
    s.map.elevation[s.map.grid.index({3, 3})] = 2;
    const Layout layout(s.map.grid, 100);
    RenderOptions shaded, flat;
    shaded.labels = flat.labels = false;
    flat.shading = false;
    const Picture with(s, layout, shaded), without(s, layout, flat);
    auto at = [&](const Picture& p, Offset c) { return brightness(p.at(layout.cellCenter(c))); };
    EXPECT_LT(at(with, {4, 3}), at(without, {4, 3})) << "east of the hill: ground rises toward the light";
    EXPECT_LT(at(with, {3, 4}), at(without, {3, 4})) << "south of the hill";
    EXPECT_GT(at(with, {2, 3}), at(without, {2, 3})) << "west of the hill: faces the light";
    EXPECT_GT(at(with, {3, 2}), at(without, {3, 2})) << "north of the hill";
    EXPECT_EQ(at(with, {0, 6}), at(without, {0, 6})) << "level ground";
}

TEST(Cartography, WoodsCarryTreeSymbolsThatTheLayerTurnsOff) {
    Scenario s = plain(GridShape::HexFlat, 5, 5);
    s.map.terrain[s.map.grid.index({2, 2})] = 1; // woods
    ASSERT_EQ(s.map.terrainTypes[1].symbol, TerrainSymbol::Trees);
    const Layout layout(s.map.grid, 100);
    RenderOptions on, off;
    on.labels = off.labels = false;
    off.symbols = false;
    auto darkPixels = [&](const Picture& p, Offset cell) {
        const Point c = layout.cellCenter(cell);
        int n = 0;
        for (int dy = -40; dy <= 40; ++dy) {
            for (int dx = -40; dx <= 40; ++dx) {
                n += brightness(p.at({c.x + dx, c.y + dy})) < brightness(s.map.terrainTypes[1].colour) - 60
                         ? 1
                         : 0;
            }
        }
        return n;
    };
    EXPECT_GT(darkPixels(Picture(s, layout, on), {2, 2}), 300) << "tree crowns";
    EXPECT_EQ(darkPixels(Picture(s, layout, off), {2, 2}), 0);
    EXPECT_EQ(darkPixels(Picture(s, layout, on), {0, 0}), 0) << "open ground has no symbol";
}

TEST(Cartography, BuildingsLineUpAlongTheRoad) {
    // Blocks beside a road running east-west: rows above and below it, none on it.
    Scenario s = plain(GridShape::Square, 5, 3);
    s.map.terrain[s.map.grid.index({2, 1})] = 4; // town
    ASSERT_EQ(s.map.terrainTypes[4].symbol, TerrainSymbol::Buildings);
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.style = MapStyle::Cells; // the cells. blocks (natural: TownsAreBuildingsAlongBothSides...)
    o.labels = o.paths = false;
    const Picture alone(s, layout, o);
    s.map.paths[PathId{1}] = Path{PathKind::Road, "", {{1, 1}, {2, 1}, {3, 1}}};
    const Picture withRoad(s, layout, o);
    const Point c = layout.cellCenter({2, 1});
    const int ground = brightness(s.map.terrainTypes[4].colour);
    auto block = [&](const Picture& p, Point at) { return brightness(p.at(at)) < ground - 100; };
    EXPECT_TRUE(block(withRoad, {c.x + 20, c.y - 16}) && block(withRoad, {c.x - 20, c.y + 16}))
        << "blocks either side of the road";
    EXPECT_FALSE(block(withRoad, {c.x, c.y})) << "the road itself is clear";
    EXPECT_FALSE(block(withRoad, {c.x, c.y - 16})) << "a gap between blocks along the road";
    EXPECT_TRUE(block(alone, {c.x + 14, c.y + 14})) << "without a road, a square of blocks";
}

TEST(Cartography, SegmentsJoinIntoOneLineWhateverTheirOrder) {
    const Point a{0, 0}, b{10, 0}, c{15, 8}, d{25, 8};
    const auto lines = joinSegments({{c, d}, {a, b}, {c, b}});
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].size(), 4u);
}

// A river along four sides of a hex column zigzag: every corner where two stretches meet is water,
// not a gap or a bank across it.
TEST(Cartography, ARiverRunsWithoutGapsAtCorners) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        Scenario s = plain(shape, 6, 6);
        Hexside river;
        river.set(SideFeature::River, true);
        // The sides of cell (2, 2) from 0 to 3 in order: they meet at its corners.
        const Offset cell{2, 2};
        const int n = s.map.grid.sideCount();
        for (int dir = 0; dir < n / 2 + 1; ++dir) {
            s.map.hexsides[s.map.grid.edge(cell, dir)] = river;
        }
        const Layout layout(s.map.grid, 100);
        RenderOptions o;
        o.style = MapStyle::Cells; // along the sides themselves (natural: AStreamMeandersAlongEverySide...)
        o.labels = false;
        const Picture picture(s, layout, o);
        const Rgb water{95, 150, 220};
        for (int dir = 0; dir < n / 2; ++dir) {
            // The corner between side dir and side dir+1, and points along both sides near it.
            const auto [a0, a1] = layout.edgeSegment(s.map.grid.edge(cell, dir));
            const auto [b0, b1] = layout.edgeSegment(s.map.grid.edge(cell, dir + 1));
            for (const Point& p : {a0, a1}) {
                for (const Point& q : {b0, b1}) {
                    if (std::hypot(p.x - q.x, p.y - q.y) < 1) {
                        EXPECT_EQ(picture.at(p), water) << enumName(shape) << " corner after side " << dir;
                    }
                }
            }
        }
    }
}

TEST(Cartography, ARoadOverARiverCrossesABridgeAndAFordIsMarked) {
    Scenario s = plain(GridShape::Square, 4, 3);
    Hexside river;
    river.set(SideFeature::River, true);
    const EdgeId crossing = s.map.grid.edge({1, 1}, *s.map.grid.directionTo({1, 1}, {2, 1}));
    s.map.hexsides[crossing] = river;
    s.map.paths[PathId{1}] = Path{PathKind::Road, "", {{0, 1}, {1, 1}, {2, 1}, {3, 1}}};
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    const auto [a, b] = layout.edgeSegment(crossing);
    const Point m{(a.x + b.x) / 2, (a.y + b.y) / 2};
    // The parapets run along the road 7 units either side of it, over the water.
    const Picture bridged(s, layout, o);
    EXPECT_TRUE(dark(bridged.at({m.x, m.y - 7})) && dark(bridged.at({m.x, m.y + 7}))) << "parapets";
    s.map.hexsides[crossing].crossing = Crossing::Ford;
    const Picture forded(s, layout, o);
    EXPECT_FALSE(dark(forded.at({m.x, m.y - 7}))) << "no bridge at a ford";
    EXPECT_EQ(forded.at({m.x + 10, m.y - 5}), (Rgb{230, 210, 160}))
        << "the ford's sandy band across the river";
}

// Each facing turns the counter so its front bar (dark) lies toward the faced corner or side, and
// nothing dark lies the other way.
TEST(Cartography, ACounterTurnsToEveryFacing) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::Square}) {
        for (FacingKind kind : {FacingKind::Corner, FacingKind::Side}) {
            Scenario s = plain(shape, 5, 5);
            addUnionRegiments(s, 1);
            const Layout layout(s.map.grid, 100);
            RenderOptions o;
            o.labels = false;
            o.grid = false;
            for (int index = 0; index < s.map.grid.sideCount(); ++index) {
                s.deployment.placements[PieceRef::unit(UnitId{1})] =
                    Placement{{{2, 2}}, Facing{kind, static_cast<std::uint8_t>(index)}};
                const Picture picture(s, layout, o);
                const double angle =
                    (kind == FacingKind::Corner ? layout.cornerAngle(index) : layout.sideAngle(index)) * pi /
                    180;
                const Point c = layout.cellCenter({2, 2});
                const double r = (MapPainter::counterHeight + MapPainter::frontBar) / 2 * 100;
                const Point front{c.x + r * std::cos(angle), c.y + r * std::sin(angle)};
                const Point back{c.x - r * std::cos(angle), c.y - r * std::sin(angle)};
                EXPECT_EQ(picture.at(front), (Rgb{20, 20, 20}))
                    << enumName(shape) << " " << enumName(kind) << " " << index << ": the front bar";
                EXPECT_NE(picture.at(back), (Rgb{20, 20, 20}))
                    << enumName(shape) << " " << enumName(kind) << " " << index;
            }
        }
    }
}

// The editor outlines a chosen counter inside its pile: each counter's box, bottom to top, each a
// step up and right of the one below, and the top one's box where its pixels are.
TEST(Cartography, APileSaysWhereEachOfItsCountersIs) {
    Scenario s = plain(GridShape::Square, 6, 6);
    addUnionRegiments(s, 3, Offset{3, 3});
    const Layout layout(s.map.grid, 100);
    const auto pile = MapPainter(s, layout).pileAt({3, 3});
    ASSERT_EQ(pile.size(), 3u);
    for (std::size_t i = 1; i < pile.size(); ++i) {
        EXPECT_NEAR(pile[i].second.x0 - pile[i - 1].second.x0, 7, 1e-9);
        EXPECT_NEAR(pile[i].second.y0 - pile[i - 1].second.y0, -7, 1e-9);
    }
    EXPECT_TRUE(MapPainter(s, layout).pileAt({2, 3}).empty());
    RenderOptions o;
    o.labels = o.grid = false;
    const Picture picture(s, layout, o, 0.2);
    const Box top = pile.back().second;
    EXPECT_EQ(picture.at({top.x0 + 2, top.y0 + 2}), sideColour(Side::Union))
        << "its upper left (the badge is at its upper right)";
}

TEST(Cartography, AnEntryArrowStandsAtTheMapEdgeAndPointsOntoTheMap) {
    Scenario s = plain(GridShape::Square, 6, 6);
    addUnionRegiments(s, 1);
    s.deployment.reinforcements[PieceRef::unit(UnitId{1})] = Reinforcement{3, {0, 3}, "", {}};
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    const Picture picture(s, layout, o);
    const Point c = layout.cellCenter({0, 3});
    const Rgb blue = sideColour(Side::Union);
    EXPECT_EQ(picture.at({c.x - 20, c.y}), blue) << "toward the edge";
    EXPECT_EQ(picture.at({c.x - 15, c.y - 8}), blue) << "its head, pointing east onto the map";
    EXPECT_NE(picture.at({c.x - 35, c.y - 10}), blue) << "its tail is narrower than its head";
    ASSERT_EQ(picture.plan().labels.size(), 1u);
    EXPECT_EQ(picture.plan().labels[0].text, "turn 3");
}

// Names are set in points on paper: the same name is as tall on a map of 16 mm cells as on one of
// 30 mm cells, though the cells differ.
TEST(Cartography, NamesHaveTheirSizeInPointsWhateverTheCell) {
    Scenario s = plain(GridShape::HexFlat, 6, 6);
    s.map.features[FeatureId{1}] = Feature{FeatureKind::Town, {2, 2}, "Gettysburg", std::nullopt, 0};
    const Layout layout(s.map.grid, 100);
    auto heightInPoints = [&](double cellPoints) {
        RenderOptions o;
        o.paperPointsPerUnit = cellPoints / 100;
        const Picture picture(s, layout, o, cellPoints / 100 * 300 / 72);
        EXPECT_EQ(picture.plan().labels.size(), 1u);
        return picture.plan().labels.empty() ? 0.0
                                             : picture.plan().labels[0].box.height() * o.paperPointsPerUnit;
    };
    const double small = heightInPoints(16 / 25.4 * 72), large = heightInPoints(30 / 25.4 * 72);
    EXPECT_NEAR(small, large, 0.01);
    EXPECT_NEAR(small, LabelSizes::placeName * 1.17, 1.0) << "a line of 8.5 pt type";
}

TEST(Cartography, ALabelThatCannotBePlacedIsReported) {
    LabelPlan plan;
    plan.counters.push_back({0, 0, 100, 100}); // covers the whole map
    const std::vector<LabelRequest> requests{{"Cemetery Hill", LabelRole::PlaceName, 30, 8,
                                              candidatesAround({50, 50}, 30, 8, 10, 20, 2), "cell 1312"}};
    placeLabels(plan, requests, Box{0, 0, 100, 100}, 1);
    EXPECT_TRUE(plan.labels.empty());
    ASSERT_EQ(plan.unplaced.size(), 1u);
    EXPECT_EQ(plan.unplaced[0], "Cemetery Hill (cell 1312): no free place near it");
    plan.counters[0] = {40, 40, 60, 60};
    plan.unplaced.clear();
    placeLabels(plan, requests, Box{0, 0, 100, 100}, 1);
    ASSERT_EQ(plan.labels.size(), 1u);
    EXPECT_EQ(overlapsIn(plan), 0);
    EXPECT_GE(plan.labels[0].box.y0, 60) << "its first choice, below the anchor";
}

// On every sample, at print scale and at 100% on screen, in both styles: no word (the natural
// style's contour heights too) covers a counter, a marker, a cell number or another word, no cell
// number is under a counter, and every name is placed or reported.
TEST(Cartography, OnEverySampleNoWordCoversAnything) {
    int samples = 0;
    for (const auto& folder : std::filesystem::directory_iterator(SANDTABLE_SAMPLES)) {
        const auto file = folder.path() / (folder.path().filename().string() + ".sandtable.xml");
        if (!std::filesystem::exists(file)) {
            continue;
        }
        ++samples;
        const auto s = readScenario(file);
        ASSERT_TRUE(s) << file;
        const Layout layout(s->map.grid, 100);
        const MapRect all{0, 0, layout.width(), layout.height()};
        auto surface = testing_support::owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 10, 10));
        cairo_t* cr = cairo_create(surface.get());
        const double printScale = 72.0 / 100; // an inch a cell, in points per unit
        for (const auto& [view, pixelsPerUnit, paper, style] :
             {std::tuple{"print", printScale * 300 / 72, printScale, MapStyle::Cells},
              std::tuple{"screen 100%", 1.0, 0.0, MapStyle::Cells},
              std::tuple{"print, natural", printScale * 300 / 72, printScale, MapStyle::Natural},
              std::tuple{"screen 100%, natural", 1.0, 0.0, MapStyle::Natural}}) {
            RenderOptions o;
            o.style = style;
            o.paperPointsPerUnit = paper;
            o.smallestWordPixels = paper > 0 ? 0 : LabelSizes::screenWordPixels; // as the editor draws
            const LabelPlan plan = MapPainter(*s, layout).planLabels(cr, all, pixelsPerUnit, o);
            EXPECT_EQ(overlapsIn(plan), 0) << file.filename() << " " << view;
            // The natural style writes its index contours' heights: every sample has hills.
            const auto heights = std::ranges::count_if(
                plan.labels, [](const PlacedLabel& l) { return l.role == LabelRole::ContourHeight; });
            if (style == MapStyle::Natural) {
                EXPECT_GT(heights, 0) << file.filename() << " " << view;
            } else {
                EXPECT_EQ(heights, 0) << file.filename() << " " << view;
            }
            EXPECT_EQ(plan.cellNumbers.size(), s->map.grid.cellCount()) << view;
            std::size_t named = 0;
            for (const auto& [id, f] : s->map.features) {
                named += f.name.empty() ? 0 : 1;
            }
            EXPECT_GE(plan.labels.size() + plan.unplaced.size(), named) << file.filename() << " " << view;
            for (const std::string& u : plan.unplaced) {
                ADD_FAILURE() << file.filename() << " " << view << ": " << u;
            }
        }
        cairo_destroy(cr);
    }
    EXPECT_GE(samples, 6);
}

} // namespace
} // namespace sandtable
