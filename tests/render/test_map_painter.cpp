// The render library draws on plain Cairo image surfaces: no wx, no display. Pixels at cell centres,
// on counters and on the overview show the right colours.
#include "model/scenario_generator.hpp"
#include "render/colours.hpp"
#include "render/map_index.hpp"
#include "render/map_painter.hpp"
#include "render/map_scene.hpp"
#include "render/terrain_overview.hpp"
#include "render/view_bands.hpp"
#include "tests/render/cairo_pixels.hpp"
#include "tests/render/map_picture.hpp"

#include <gtest/gtest.h>

#include <cstdio>

#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {
namespace {

using testing_support::addUnionRegiments;
using testing_support::brightness;
using testing_support::Picture;
using testing_support::plain;
using testing_support::streamAfterColumn;

TEST(MapPainter, CellCentresShowTheirTerrainColour) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        Scenario s = plain(shape, 12, 9);
        for (std::size_t i = 0; i < s.map.terrain.size(); ++i) {
            s.map.terrain[i] = static_cast<TerrainIndex>(i % s.map.terrainTypes.size());
        }
        const Layout layout(s.map.grid, 40);
        RenderOptions o;
        o.labels = false;
        o.symbols = false; // trees and orchards would cover some centres
        const Picture picture(s, layout, o);
        for (int row = 0; row < s.map.grid.rows(); ++row) {
            for (int col = 0; col < s.map.grid.cols(); ++col) {
                const Offset c{col, row};
                EXPECT_EQ(picture.at(layout.cellCenter(c)), s.map.terrainAt(c).colour)
                    << enumName(shape) << " cell " << s.map.grid.label(c);
            }
        }
    }
}

TEST(MapPainter, HigherGroundIsDrawnLighter) {
    Scenario s = plain(GridShape::HexFlat, 6, 6);
    s.map.elevation[s.map.grid.index({3, 3})] = 3;
    const Layout layout(s.map.grid, 40);
    RenderOptions o;
    o.style = MapStyle::Cells; // each cell.s own tint (natural: TheMiddleOfEveryCellShowsItsOwn...)
    o.labels = false;
    const Picture picture(s, layout, o);
    EXPECT_EQ(picture.at(layout.cellCenter({3, 3})), elevationTint(s.map.terrainTypes[0].colour, 3));
    EXPECT_GT(brightness(picture.at(layout.cellCenter({3, 3}))),
              brightness(picture.at(layout.cellCenter({1, 1}))) + 30);
}

TEST(MapPainter, CountersAreInTheirSidesColourAndRiversBlue) {
    Scenario s = plain(GridShape::HexFlat, 8, 6);
    s.oob.headquarters[HeadquartersId{1}] =
        Headquarters{Side::Union, Echelon::Army, {}, "Army", "Meade", {}, {}};
    s.oob.headquarters[HeadquartersId{2}] =
        Headquarters{Side::Confederate, Echelon::Army, {}, "ANV", "Lee", {}, {}};
    s.oob.units[UnitId{1}] = Unit{HeadquartersId{1}, "Iron Brigade"};
    s.oob.units[UnitId{2}] = Unit{HeadquartersId{2}, "Stonewall Brigade"};
    s.deployment.placements[PieceRef::unit(UnitId{1})] = Placement{{{2, 2}}, {}};
    s.deployment.placements[PieceRef::unit(UnitId{2})] = Placement{{{5, 2}}, {}};
    Hexside river;
    river.set(SideFeature::River, true);
    s.map.hexsides[s.map.grid.edge({3, 4}, 0)] = river;
    const Layout layout(s.map.grid, 60);
    RenderOptions o;
    o.labels = false;
    // Small on screen: counters are plain blocks of colour (no symbol, no number).
    const Picture picture(s, layout, o, 0.3);
    const Point union_ = layout.cellCenter({2, 2}), confederate = layout.cellCenter({5, 2});
    EXPECT_EQ(picture.at({union_.x + 10, union_.y + 10}), sideColour(Side::Union));
    EXPECT_EQ(picture.at({confederate.x + 10, confederate.y + 10}), sideColour(Side::Confederate));
    const auto [a, b] = layout.edgeSegment(s.map.grid.edge({3, 4}, 0));
    EXPECT_EQ(picture.at({(a.x + b.x) / 2, (a.y + b.y) / 2}), (Rgb{95, 150, 220})) << "the water";
}

TEST(MapPainter, FarOutTheOverviewImageStandsInForTheCells) {
    Scenario s = plain(GridShape::Square, 40, 30);
    s.map.terrain[s.map.grid.index({10, 10})] = 1;
    Path road{PathKind::Road, "", {{20, 5}, {21, 5}}};
    s.map.paths[PathId{1}] = road;
    TerrainOverview overview;
    overview.rebuild(s.map);
    ASSERT_TRUE(overview.valid());
    EXPECT_EQ(overview.pixel(10, 10), cellColour(s.map, s.map.grid.index({10, 10}), true));
    EXPECT_EQ(overview.pixel(20, 5), pathColour(PathKind::Road));
    s.map.terrain[s.map.grid.index({3, 3})] = 2;
    overview.update(s.map, {{3, 3}});
    EXPECT_EQ(overview.pixel(3, 3), s.map.terrainTypes[2].colour);
    // At 5 pixels a cell the painter draws the overview: the painted cell has its terrain's colour.
    const Layout layout(s.map.grid, 100);
    const Picture picture(s, layout, RenderOptions{}, 0.05, &overview);
    EXPECT_EQ(picture.at(layout.cellCenter({10, 10})), s.map.terrainTypes[1].colour);
    EXPECT_EQ(picture.at(layout.cellCenter({3, 3})), s.map.terrainTypes[2].colour);
}

// Three regiments in one cell: a pile of three counters, each a step up and right, and a badge.
TEST(MapPainter, AStackOfThreeDrawsThreeOffsetCountersAndABadge) {
    Scenario s = plain(GridShape::Square, 6, 6);
    addUnionRegiments(s, 3, Offset{3, 3});
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    o.grid = false;
    const Picture picture(s, layout, o, 0.2); // plain counters: no symbols, no numbers
    const Point c = layout.cellCenter({3, 3});
    const Rgb blue = sideColour(Side::Union), ground = s.map.terrainTypes[0].colour;
    // Counters are 56 x 42 with a step of 7: the bottom one reaches below and left of a lone counter,
    // the middle one shows between them, the top one reaches above and right.
    EXPECT_EQ(picture.at({c.x - 33, c.y + 26}), blue) << "the bottom counter";
    EXPECT_EQ(picture.at({c.x + 26, c.y + 19}), blue) << "the middle counter";
    EXPECT_EQ(picture.at({c.x + 20, c.y - 26}), blue) << "the top counter";
    EXPECT_EQ(picture.at({c.x + 37, c.y - 30}), MapPainter::stackBadgeColour) << "the badge";
    // One regiment alone leaves those corners bare.
    s.deployment.placements.erase(PieceRef::unit(UnitId{2}));
    s.deployment.placements.erase(PieceRef::unit(UnitId{3}));
    const Picture alone(s, layout, o, 0.2);
    EXPECT_EQ(alone.at({c.x - 33, c.y + 26}), ground);
    EXPECT_EQ(alone.at({c.x + 20, c.y - 26}), ground);
    EXPECT_EQ(alone.at({c.x + 37, c.y - 30}), ground) << "no badge on a single counter";
}

// How many pixels of two pictures of one size differ.
int pixelsApart(const Picture& a, const Picture& b) {
    int apart = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            apart += a.at({static_cast<double>(x), static_cast<double>(y)}) !=
                             b.at({static_cast<double>(x), static_cast<double>(y)})
                         ? 1
                         : 0;
        }
    }
    return apart;
}

// A counter's name (or roster number), like a word on the map, is written only where it can be read
// (LabelSizes::smallestPixels), though the counter shows its arm's symbol from a smaller size.
TEST(MapPainter, ACountersTextIsWrittenOnlyWhereItCanBeRead) {
    Scenario s = plain(GridShape::Square, 4, 4);
    addUnionRegiments(s, 1, Offset{1, 1});
    Scenario renamed = s;
    renamed.oob.units.begin()->second.name = "Wxyz Regiment";
    ASSERT_NE(s.oob.units.begin()->second.name.substr(0, 4), "Wxyz");
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    // The name is set at 0.14 of a cell: 4.2 pixels at 30 pixels a cell, 7 at 50.
    EXPECT_EQ(pixelsApart(Picture(s, layout, o, 0.3), Picture(renamed, layout, o, 0.3)), 0)
        << "4.2 pixels: no text";
    EXPECT_GT(pixelsApart(Picture(s, layout, o, 0.5), Picture(renamed, layout, o, 0.5)), 20)
        << "7 pixels: the name's first letters";
}

// A map drawn on an SVG surface (paper: strokes, not stamps).
std::string svgOf(const Scenario& s, const Layout& layout, const RenderOptions& o) {
    std::string svg;
    cairo_surface_t* surface = cairo_svg_surface_create_for_stream(
        [](void* closure, const unsigned char* data, unsigned int length) {
            static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
            return CAIRO_STATUS_SUCCESS;
        },
        &svg, layout.width(), layout.height());
    cairo_t* cr = cairo_create(surface);
    (void)MapPainter(s, layout).draw(cr, MapRect{0, 0, layout.width(), layout.height()}, 3.0, o);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    return svg;
}

int countOf(const std::string& text, char c) {
    return static_cast<int>(std::count(text.begin(), text.end(), c));
}

int countOf(const std::string& text, std::string_view word) {
    int n = 0;
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + word.size())) {
        ++n;
    }
    return n;
}

// The natural style's grid alone: its marks over open ground.
RenderOptions marksOnly() {
    RenderOptions o;
    o.style = MapStyle::Natural;
    o.elevation = o.shading = o.symbols = o.hexsides = o.paths = o.features = o.pieces = o.labels = false;
    return o;
}

// A map drawn as on paper (a recording surface, what a PDF page is), then laid on a white image
// with a margin of `margin` pixels round it.
testing_support::SurfacePtr onPaper(const Scenario& s, const Layout& layout, const RenderOptions& o,
                                    int margin) {
    auto page = testing_support::owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
    cairo_t* cr = cairo_create(page.get());
    (void)MapPainter(s, layout).draw(cr, MapRect{0, 0, layout.width(), layout.height()}, 1.0, o);
    cairo_destroy(cr);
    auto image = testing_support::owned(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(layout.width()) + 1 + 2 * margin,
                                   static_cast<int>(layout.height()) + 1 + 2 * margin));
    cr = cairo_create(image.get());
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_surface(cr, page.get(), margin, margin);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(image.get());
    return image;
}

// On paper the marks repeat with the grid: one tile of them, laid over the map as a pattern, not
// a stroke for every side (270,000 on a 300 x 300 map, each outlined by Cairo's PDF surface).
// Every side of every cell, the map's outer sides too, is marked at both ends and bare between
// them, as on screen; and nothing is marked past the map's edge.
TEST(MapPainter, OnPaperTheVertexMarksAreOneTileLaidOverTheMap) {
    for (const GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const char* name = shape == GridShape::Square    ? "square"
                           : shape == GridShape::HexFlat ? "flat"
                                                         : "pointy";
        const Scenario s = plain(shape, 7, 5);
        const Layout layout(s.map.grid, 60);
        constexpr int margin = 20;
        const testing_support::SurfacePtr paper = onPaper(s, layout, marksOnly(), margin);
        // A mark's ink, even where it covers a pixel in part: well darker than the open ground (where
        // the ground's edge is antialiased it is lighter, not darker).
        const int ground = brightness(s.map.terrainTypes[0].colour);
        const auto inked = [&](Rgb c) { return brightness(c) < ground * 85 / 100; };
        // Whether the pixels round the point t along the side from a to b have no ink.
        const auto bare = [&](Point a, Point b, double t) {
            const int x = margin + static_cast<int>(std::lround(a.x + (b.x - a.x) * t)),
                      y = margin + static_cast<int>(std::lround(a.y + (b.y - a.y) * t));
            bool same = true;
            for (int n = 0; n < 9; ++n) {
                same = same && !inked(testing_support::pixelOf(paper.get(), x + n % 3 - 1, y + n / 3 - 1));
            }
            return same;
        };
        int sides = 0;
        for (int row = 0; row < 5; ++row) {
            for (int col = 0; col < 7; ++col) {
                const std::vector<Point> corners = layout.corners({col, row});
                for (std::size_t k = 0; k < corners.size(); ++k) {
                    const Point a = corners[k], b = corners[(k + 1) % corners.size()];
                    EXPECT_FALSE(bare(a, b, 0.06))
                        << name << " cell " << col << "," << row << " corner " << k;
                    EXPECT_FALSE(bare(a, b, 0.94))
                        << name << " cell " << col << "," << row << " corner " << k + 1;
                    EXPECT_TRUE(bare(a, b, 0.5)) << name << " cell " << col << "," << row << " side " << k;
                    ++sides;
                }
            }
        }
        EXPECT_GT(sides, 100);
        // Past the map's edge (where the natural ground runs on a little) no ink: marks stop at the
        // outline.
        const int w = cairo_image_surface_get_width(paper.get()),
                  h = cairo_image_surface_get_height(paper.get());
        // The cells filled as a mask: a pixel any of them touches is on the map.
        auto mask = testing_support::owned(cairo_image_surface_create(CAIRO_FORMAT_A8, w, h));
        cairo_t* cr = cairo_create(mask.get());
        for (int row = 0; row < 5; ++row) {
            for (int col = 0; col < 7; ++col) {
                cairo_new_sub_path(cr);
                for (const Point p : layout.corners({col, row})) {
                    cairo_line_to(cr, p.x + margin, p.y + margin);
                }
                cairo_close_path(cr);
            }
        }
        cairo_fill(cr);
        cairo_destroy(cr);
        cairo_surface_flush(mask.get());
        std::vector<bool> onMap(static_cast<std::size_t>(w * h));
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                onMap[static_cast<std::size_t>(y * w + x)] =
                    cairo_image_surface_get_data(
                        mask.get())[y * cairo_image_surface_get_stride(mask.get()) + x] != 0;
            }
        }
        int marked = 0, outside = 0;
        for (int y = 2; y < h - 2; ++y) {
            for (int x = 2; x < w - 2; ++x) {
                // Two pixels off the map, beyond what antialiasing touches.
                bool near = false;
                for (int n = 0; n < 25 && !near; ++n) {
                    near = onMap[static_cast<std::size_t>((y + n / 5 - 2) * w + x + n % 5 - 2)];
                }
                if (near) {
                    continue;
                }
                ++outside;
                marked += inked(testing_support::pixelOf(paper.get(), x, y));
            }
        }
        EXPECT_GT(outside, 4 * margin * margin) << name;
        EXPECT_EQ(marked, 0) << name << ": marks past the map's edge";
    }
    // The marks' vector path does not grow with the map: a map four times the cells adds about
    // twice the path of one (its outer sides and outline), where a stroke a side would add four.
    const auto markPath = [](int cols, int rows) {
        const Scenario s = plain(GridShape::HexFlat, cols, rows);
        const Layout layout(s.map.grid, 100);
        RenderOptions bare = marksOnly();
        bare.grid = false;
        const std::string marked = svgOf(s, layout, marksOnly()), unmarked = svgOf(s, layout, bare);
        EXPECT_EQ(countOf(marked, "<pattern"), 1);
        return countOf(marked, 'L') + countOf(marked, 'M') - countOf(unmarked, 'L') - countOf(unmarked, 'M');
    };
    const int small = markPath(8, 6), large = markPath(16, 12);
    EXPECT_GT(small, 0);
    EXPECT_LT(large, small * 5 / 2) << small << " path points for 8 x 6, " << large << " for 16 x 12";
}

// On paper the natural style's water is its smooth curve: four cubic pieces a side (the side's
// ends and three points off it), stroked twice (bank and water), and no straight segment; the
// cells' style keeps the sides straight.
TEST(MapPainter, OnPaperTheNaturalStylesWaterIsCurves) {
    Scenario s = plain(GridShape::HexFlat, 6, 5);
    const Layout layout(s.map.grid, 100);
    const auto sides = static_cast<int>(streamAfterColumn(s, 2).size());
    RenderOptions o;
    o.style = MapStyle::Natural;
    o.grid = o.elevation = o.shading = o.symbols = o.paths = o.features = o.pieces = o.labels = false;
    RenderOptions without = o;
    without.hexsides = false;
    const std::string water = svgOf(s, layout, o), bare = svgOf(s, layout, without);
    EXPECT_EQ(countOf(water, 'C') - countOf(bare, 'C'), 2 * 4 * sides);
    EXPECT_EQ(countOf(water, 'L'), countOf(bare, 'L'));
    o.style = without.style = MapStyle::Cells;
    const std::string cells = svgOf(s, layout, o), cellsBare = svgOf(s, layout, without);
    EXPECT_EQ(countOf(cells, 'C'), countOf(cellsBare, 'C'));
    EXPECT_GT(countOf(cells, 'L'), countOf(cellsBare, 'L'));
}

// Far out (the map drawn as its overview), each unit is a square of its side's colour on its cell,
// the pieces taken from the map's index or, without one, from the deployment, the same pixels
// either way: a square on every cell a unit stands on (a stack one square; a unit whose headquarters
// is not in the order of battle the Union's, as its counter), and none elsewhere. The index keeps
// the cells by side: rebuilt after a side changed (as the canvas does after any change to the order
// of battle), its squares change colour.
TEST(MapPainter, FarOutEachUnitIsASquareOfItsSidesColour) {
    Scenario s = plain(GridShape::Square, 30, 20);
    s.oob.headquarters[HeadquartersId{1}] =
        Headquarters{Side::Union, Echelon::Army, {}, "Army", "Meade", {}, {}};
    s.oob.headquarters[HeadquartersId{2}] =
        Headquarters{Side::Confederate, Echelon::Army, {}, "Army", "Lee", {}, {}};
    std::map<Offset, Side> standing;
    const auto place = [&](std::uint32_t id, Offset cell, HeadquartersId parent, Side shown) {
        s.oob.units[UnitId{id}] = Unit{parent, "Regiment"};
        s.deployment.placements[PieceRef::unit(UnitId{id})] = Placement{{cell}, {}};
        standing[cell] = shown;
    };
    for (std::uint32_t id = 1; id <= 60; ++id) { // 60 cells apart
        const Side side = id % 3 == 0 ? Side::Confederate : Side::Union;
        place(id, {static_cast<int>(id * 7 % 30), static_cast<int>(id * 11 % 20)},
              HeadquartersId{side == Side::Union ? 1u : 2u}, side);
    }
    place(61, {29, 19}, HeadquartersId{2}, Side::Confederate); // a stack of two
    place(62, {29, 19}, HeadquartersId{2}, Side::Confederate);
    place(63, {28, 19}, HeadquartersId{99}, Side::Union); // under no known headquarters
    ASSERT_EQ(standing.size(), 62U);
    const Layout layout(s.map.grid, 100);
    TerrainOverview overview;
    overview.rebuild(s.map);
    MapIndex index;
    index.rebuild(s);
    constexpr double pixelsPerUnit = 0.1; // 10 pixels a cell: the overview's
    const auto drawFar = [&](const MapIndex* with) {
        MapPainter painter(s, layout, &overview);
        painter.setIndex(with);
        auto image = testing_support::owned(cairo_image_surface_create(
            CAIRO_FORMAT_RGB24, static_cast<int>(layout.width() * pixelsPerUnit) + 1,
            static_cast<int>(layout.height() * pixelsPerUnit) + 1));
        cairo_t* cr = cairo_create(image.get());
        cairo_scale(cr, pixelsPerUnit, pixelsPerUnit);
        (void)painter.draw(cr, MapRect{0, 0, layout.width(), layout.height()}, pixelsPerUnit,
                           RenderOptions{});
        cairo_destroy(cr);
        cairo_surface_flush(image.get());
        return image;
    };
    const auto shownAt = [&](cairo_surface_t* image, Offset cell) {
        const Point c = layout.cellCenter(cell);
        return testing_support::pixelOf(image, static_cast<int>(c.x * pixelsPerUnit),
                                        static_cast<int>(c.y * pixelsPerUnit));
    };
    const auto fromTheIndex = drawFar(&index), fromTheDeployment = drawFar(nullptr);
    for (cairo_surface_t* image : {fromTheIndex.get(), fromTheDeployment.get()}) {
        SCOPED_TRACE(image == fromTheIndex.get() ? "from the index" : "from the deployment");
        int squares = 0;
        for (int row = 0; row < s.map.grid.rows(); ++row) {
            for (int col = 0; col < s.map.grid.cols(); ++col) {
                const Rgb shown = shownAt(image, {col, row});
                const auto unit = standing.find({col, row});
                if (unit != standing.end()) {
                    EXPECT_EQ(shown, sideColour(unit->second)) << "cell " << col << ", " << row;
                    ++squares;
                } else {
                    EXPECT_NE(shown, sideColour(Side::Union)) << "cell " << col << ", " << row;
                    EXPECT_NE(shown, sideColour(Side::Confederate)) << "cell " << col << ", " << row;
                }
            }
        }
        EXPECT_EQ(squares, 62);
    }
    EXPECT_TRUE(testing_support::samePixels(fromTheIndex.get(), fromTheDeployment.get()));
    // Lee's army goes over to the Union: its squares, from the rebuilt index, are the Union's.
    s.oob.headquarters[HeadquartersId{2}].side = Side::Union;
    index.rebuildPieces(s);
    const auto turned = drawFar(&index);
    EXPECT_EQ(shownAt(turned.get(), {29, 19}), sideColour(Side::Union));
    EXPECT_EQ(shownAt(turned.get(), {21, 13}), sideColour(Side::Union)); // unit 3's
    EXPECT_TRUE(testing_support::samePixels(turned.get(), drawFar(nullptr).get()));
}

// On paper the natural style's contours are smooth curves: cubic pieces only, each turning into the
// next without a corner (where two meet, their tangents point the same way), where the lattice's
// straight cuts turned at every square and showed as corners along a line printed large.
TEST(MapPainter, OnPaperTheNaturalContoursAreSmoothCurves) {
    Scenario s = plain(GridShape::HexFlat, 10, 9);
    const Layout layout(s.map.grid, 100);
    // A hill rising to level 3 round its middle.
    const Point middle = layout.cellCenter({5, 4});
    for (int row = 0; row < s.map.grid.rows(); ++row) {
        for (int col = 0; col < s.map.grid.cols(); ++col) {
            const Point c = layout.cellCenter({col, row});
            const double apart = std::hypot(c.x - middle.x, c.y - middle.y) / layout.cellSize();
            s.map.elevation[s.map.grid.index({col, row})] =
                static_cast<std::int16_t>(std::max(0.0, std::round(3.4 - apart)));
        }
    }
    RenderOptions o;
    o.style = MapStyle::Natural;
    o.grid = o.shading = o.symbols = o.hexsides = o.paths = o.features = o.pieces = o.labels = false;
    const std::string svg = svgOf(s, layout, o);
    char brown[96];
    std::snprintf(brown, sizeof brown, "stroke:rgb(%f%%,%f%%,%f%%)", contourBrown.r / 2.55,
                  contourBrown.g / 2.55, contourBrown.b / 2.55);
    int curves = 0, straight = 0, corners = 0, lines = 0;
    for (std::size_t at = svg.find("<path"); at != std::string::npos; at = svg.find("<path", at + 1)) {
        const std::size_t end = svg.find("/>", at);
        const std::string tag = svg.substr(at, end - at);
        const std::size_t d = tag.find(" d=\"");
        if (tag.find(brown) == std::string::npos || d == std::string::npos) {
            continue;
        }
        std::istringstream words(tag.substr(d + 4, tag.find('"', d + 4) - d - 4));
        std::string word;
        Point current, lastHandle, firstHandle, start;
        bool afterCurve = false, firstPiece = true;
        // Whether the piece ending at `current` with its last handle `in` turns into one leaving with
        // its first handle `out` without a corner.
        const auto smoothAt = [&](Point in, Point out) {
            const Point a{current.x - in.x, current.y - in.y}, b{out.x - current.x, out.y - current.y};
            const double la = std::hypot(a.x, a.y), lb = std::hypot(b.x, b.y);
            return la < 1e-6 || lb < 1e-6 ||
                   (std::abs(a.x * b.y - a.y * b.x) / (la * lb) < 0.02 && a.x * b.x + a.y * b.y > 0);
        };
        while (words >> word) {
            if (word == "M") {
                words >> current.x >> current.y;
                start = current;
                afterCurve = false;
                firstPiece = true;
                ++lines;
            } else if (word == "C") {
                Point c1, c2, to;
                words >> c1.x >> c1.y >> c2.x >> c2.y >> to.x >> to.y;
                if (afterCurve && !smoothAt(lastHandle, c1)) {
                    ++corners;
                }
                if (firstPiece) {
                    firstHandle = c1;
                    firstPiece = false;
                }
                lastHandle = c2;
                current = to;
                afterCurve = true;
                ++curves;
            } else if (word == "L") {
                words >> current.x >> current.y;
                afterCurve = false;
                ++straight;
            } else if (word == "Z") {
                // A closed contour turns smoothly where it closes too.
                if (afterCurve && std::hypot(current.x - start.x, current.y - start.y) < 1e-3 &&
                    !smoothAt(lastHandle, firstHandle)) {
                    ++corners;
                }
                current = start;
                afterCurve = false;
            }
        }
    }
    EXPECT_GE(lines, 3) << "a contour round each of the hill's three levels";
    EXPECT_GT(curves, 10 * lines);
    EXPECT_EQ(straight, 0) << "no straight segment";
    EXPECT_EQ(corners, 0) << "no corner where two pieces meet";
}

// Brown contour pixels along the sides where the level changes, none between equal levels, and
// the index contour (every fifth level) heavier.
TEST(MapPainter, ContoursRunBetweenLevelsOnlyAndEveryFifthIsHeavier) {
    Scenario s = plain(GridShape::Square, 8, 4);
    s.map.elevation[s.map.grid.index({2, 1})] = 1;
    s.map.elevation[s.map.grid.index({5, 1})] = 5; // 4 to 5 crosses the index contour
    s.map.elevation[s.map.grid.index({6, 1})] = 4;
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.style = MapStyle::Cells; // along the cells. sides (natural: ContoursRunOnlyWhereTheLevelChanges...)
    o.labels = false;
    o.grid = false;
    const Picture picture(s, layout, o);
    const Rgb brown{140, 90, 40};
    auto midSide = [&](Offset a, Offset b) {
        const Point p = layout.cellCenter(a), q = layout.cellCenter(b);
        return Point{(p.x + q.x) / 2, (p.y + q.y) / 2};
    };
    // Across a vertical side: how many brown pixels the line is wide.
    auto width = [&](Offset a, Offset b) {
        const Point m = midSide(a, b);
        int n = 0;
        for (int dx = -8; dx <= 8; ++dx) {
            n += picture.at({m.x + dx, m.y}) == brown ? 1 : 0;
        }
        return n;
    };
    EXPECT_EQ(picture.at(midSide({2, 1}, {3, 1})), brown) << "level 1 next to 0";
    EXPECT_EQ(picture.at(midSide({2, 1}, {2, 0})), brown);
    EXPECT_NE(picture.at(midSide({0, 1}, {1, 1})), brown) << "0 next to 0";
    EXPECT_NE(picture.at(midSide({3, 2}, {4, 2})), brown);
    EXPECT_GE(width({2, 1}, {3, 1}), 2);
    EXPECT_GT(width({5, 1}, {6, 1}), width({2, 1}, {3, 1}) + 2) << "the index contour is heavier";
}

TEST(MapPainter, AnObjectiveIsAStarInItsSidesColour) {
    Scenario s = plain(GridShape::Square, 5, 5);
    s.map.features[FeatureId{1}] = Feature{FeatureKind::Objective, {2, 2}, "", Side::Confederate, 5};
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    const Picture picture(s, layout, o);
    // At the cell's lower right, clear of a counter and of the cell's number.
    const Point c = layout.cellCenter({2, 2});
    EXPECT_EQ(picture.at({c.x + 25, c.y + 27}), sideColour(Side::Confederate));
    EXPECT_EQ(picture.at({c.x + 25, c.y + 27 - 7}), sideColour(Side::Confederate)) << "its top point";
    EXPECT_NE(picture.at({c.x + 25 + 8, c.y + 27 - 8}), sideColour(Side::Confederate)) << "between points";
}

// Regression: a commander's disc drawn after another's mark was joined to it by a yellow line
// (the mark's text left a current point, and an arc starts with a line from there).
TEST(MapPainter, NothingJoinsOneCommanderToTheNext) {
    Scenario s = plain(GridShape::Square, 8, 4);
    s.oob.headquarters[HeadquartersId{1}] =
        Headquarters{Side::Union, Echelon::Army, {}, "Army", "Meade", {}, {}};
    s.oob.headquarters[HeadquartersId{2}] =
        Headquarters{Side::Union, Echelon::Corps, HeadquartersId{1}, "I Corps", "Reynolds", {}, {}};
    s.deployment.placements[PieceRef::commander(HeadquartersId{1})] = Placement{{{1, 1}}, {}};
    s.deployment.placements[PieceRef::commander(HeadquartersId{2})] = Placement{{{6, 1}}, {}};
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    o.grid = false;
    const Picture picture(s, layout, o); // detailed: the discs carry their echelon marks
    const Point a = layout.cellCenter({1, 1}), b = layout.cellCenter({6, 1});
    // Columns between the two discs, from well above to well below them: only ground.
    for (double t : {0.3, 0.5, 0.7}) {
        const double x = a.x + (b.x - a.x) * t;
        for (double y = a.y - 60; y <= a.y + 10; y += 1) {
            ASSERT_EQ(picture.at({x, y}), s.map.terrainTypes[0].colour) << "at " << x << "," << y;
        }
    }
}

TEST(MapPainter, RoadsCurveThroughTheirCellCentres) {
    // A smooth curve passes through every point, and straight points stay on their line.
    const std::vector<Point> straight{{0, 0}, {10, 0}, {20, 0}};
    for (const CubicPiece& c : smoothThrough(straight)) {
        EXPECT_DOUBLE_EQ(c.c1.y, 0);
        EXPECT_DOUBLE_EQ(c.c2.y, 0);
    }
    EXPECT_EQ(smoothThrough(straight).back().to, (Point{20, 0}));

    // A road turning a square corner: through the corner cell's centre, and rounded before it
    // where a polyline would run straight along the cell row.
    Scenario s = plain(GridShape::Square, 5, 5);
    s.map.paths[PathId{1}] = Path{PathKind::Road, "", {{1, 2}, {2, 2}, {2, 1}}};
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    o.grid = false;
    const Picture picture(s, layout, o);
    const Point a = layout.cellCenter({1, 2}), b = layout.cellCenter({2, 2});
    ASSERT_EQ(b.y, a.y);
    EXPECT_EQ(picture.at(b), pathColour(PathKind::Road)) << "through the corner cell's centre";
    EXPECT_EQ(picture.at(a), pathColour(PathKind::Road));
    // 80% of the way from a to b the curve runs about 6 units off the row's centre line.
    EXPECT_EQ(picture.at({a.x + 85, a.y + 6}), pathColour(PathKind::Road)) << "the curve";
    EXPECT_NE(picture.at({a.x + 85, a.y - 5}), pathColour(PathKind::Road))
        << "not the straight line's far edge";
}

// Routes are laid kind by kind, whatever order the map lists them in: roads, then pikes over them,
// then railroads over both, on a raster (laid in its pixels, antialiased or not) and on paper.
TEST(MapPainter, PikesLieOverRoadsAndRailroadsOverBoth) {
    Scenario s = plain(GridShape::Square, 6, 6);
    s.map.paths[PathId{1}] = Path{PathKind::Railroad, "", {{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}}};
    s.map.paths[PathId{2}] = Path{PathKind::Pike, "", {{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}}};
    s.map.paths[PathId{3}] = Path{PathKind::Road, "", {{0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}}};
    const Layout layout(s.map.grid, 100);
    RenderOptions o;
    o.labels = false;
    o.grid = false;
    const Rgb pikeFill{205, 150, 80};
    const Point roadAlone = layout.cellCenter({1, 2}), overPike = layout.cellCenter({2, 2}),
                overRailroad = layout.cellCenter({3, 2});
    const auto check = [&](const std::function<Rgb(Point)>& at, const std::string& how) {
        EXPECT_EQ(at(roadAlone), pathColour(PathKind::Road)) << how;
        EXPECT_EQ(at(overPike), pikeFill) << how << ": the pike over the road";
        EXPECT_EQ(at(overRailroad), pathColour(PathKind::Railroad)) << how << ": the railroad over the road";
    };
    const Picture unsmoothed(s, layout, o);
    check([&](Point p) { return unsmoothed.at(p); }, "without antialiasing");
    for (const bool onPaper : {false, true}) {
        auto image = testing_support::owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 601, 601));
        cairo_t* cr = cairo_create(image.get());
        const MapPainter painter(s, layout);
        if (onPaper) {
            // As paper has it: drawn through a recording (Cairo's strokes), then replayed.
            auto recording =
                testing_support::owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR, nullptr));
            cairo_t* paper = cairo_create(recording.get());
            (void)painter.draw(paper, MapRect{0, 0, 600, 600}, 1.0, o);
            cairo_destroy(paper);
            cairo_set_source_surface(cr, recording.get(), 0, 0);
            cairo_paint(cr);
        } else {
            (void)painter.draw(cr, MapRect{0, 0, 600, 600}, 1.0, o);
        }
        cairo_destroy(cr);
        cairo_surface_flush(image.get());
        check(
            [&](Point p) {
                return testing_support::pixelOf(image.get(), static_cast<int>(p.x), static_cast<int>(p.y));
            },
            onPaper ? "on paper" : "on a raster");
    }
}

// An edit can leave a placement whose unit is gone (oob.references reports it): the map still draws.
TEST(MapPainter, APlacementWithoutItsUnitIsSkipped) {
    Scenario s = plain(GridShape::Square, 4, 4);
    s.deployment.placements[PieceRef::unit(UnitId{99})] = Placement{{{1, 1}}, {}};
    const Layout layout(s.map.grid, 100);
    const Picture near(s, layout, RenderOptions{}, 1.0);
    EXPECT_EQ(near.at(layout.cellCenter({1, 1})), s.map.terrainTypes[0].colour);
    TerrainOverview overview;
    overview.rebuild(s.map);
    const Picture far(s, layout, RenderOptions{}, 0.05, &overview);
    EXPECT_EQ(far.at(layout.cellCenter({1, 1})), s.map.terrainTypes[0].colour);
}

// The canvas keeps an index of where pieces and paths lie, so that a view of a big map looks only at
// those near it. Every view must come out pixel for pixel as without it; an index left behind by an
// edit that changed what it counts is not used.
// The canvas draws a view in bands of rows on several threads: the same pixels as one thread, at
// every zoom, counters, names and roads across the bands' edges included.
TEST(MapPainter, AViewDrawnInBandsOnSeveralThreadsHasTheOneThreadsPixels) {
    const Scenario s = generateScenario(GeneratorParameters{90, 70, 900, 60, 3, GridShape::HexFlat});
    const Layout layout(s.map.grid, 40);
    MapIndex index;
    index.rebuild(s);
    TerrainOverview overview;
    overview.rebuild(s.map);
    const int width = 700, height = 430;
    auto draw = [&](int workers, ViewPlacement view) {
        auto surface = testing_support::owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
        MapPainter painter(s, layout, &overview);
        painter.setIndex(&index);
        drawView(painter, surface.get(), view, Rgb{60, 60, 64}, RenderOptions{}, workers);
        const unsigned char* data = cairo_image_surface_get_data(surface.get());
        return std::vector<unsigned char>(data,
                                          data + cairo_image_surface_get_stride(surface.get()) * height);
    };
    // The largest difference of a channel, and how many bytes differ at all.
    const auto apart = [](const std::vector<unsigned char>& a, const std::vector<unsigned char>& b) {
        int most = 0, bytes = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const int d = std::abs(static_cast<int>(a[i]) - static_cast<int>(b[i]));
            most = std::max(most, d);
            bytes += d > 0 ? 1 : 0;
        }
        return std::pair{most, bytes};
    };
    int views = 0, exactly = 0;
    for (const double zoom : {0.1, 0.5, 1.0, 2.25, 2.5}) {
        for (const Offset corner : {Offset{0, 0}, Offset{37, 21}, Offset{-3, 50}}) {
            const Point p = layout.cellCenter(corner);
            const ViewPlacement view{p.x * zoom + 0.3, p.y * zoom - 0.6, zoom}; // not on whole pixels
            const auto alone = draw(1, view);
            for (const int bands : {2, 5}) {
                const auto inBands = draw(bands, view);
                ASSERT_EQ(inBands.size(), alone.size());
                // A word across a band's edge is set whole on an image of its own and laid over
                // (render/text.cpp's showUncut): a level of rounding apart from the word set
                // straight, at its pixels. Cut instead, it was a row apart (198 levels) at 2.25.
                const auto [most, bytes] = apart(inBands, alone);
                EXPECT_LE(most, 2) << bands << " bands, zoom " << zoom << " at " << s.map.grid.label(corner);
                EXPECT_LE(bytes, width * height / 500) << bands << " bands, zoom " << zoom;
                exactly += bytes == 0 ? 1 : 0;
            }
            ++views;
        }
    }
    EXPECT_EQ(views, 15);
    EXPECT_GT(exactly, 0) << "views no word crosses a band's edge in are the same bytes";
}

// Small counters that no other touches are drawn together, a fill for each side's, one stroke for
// their outlines and a fill for their front bars: turned or upright, they must look as each drawn on
// its own, where it was, in its colours, its outline over its fill.
TEST(MapPainter, CountersApartDrawnTogetherLookAsEachDrawnAlone) {
    const Scenario s = generateScenario(GeneratorParameters{90, 70, 1500, 60, 4, GridShape::HexFlat});
    const Layout layout(s.map.grid, 40);
    MapPainter painter(s, layout);
    const int width = 900, height = 600;
    int compared = 0;
    for (const double zoom : {0.3, 0.45}) {
        const MapRect visible{200, 300, width / zoom, height / zoom};
        auto measuring = testing_support::owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
        cairo_t* measure = cairo_create(measuring.get());
        const auto arranged = painter.arrange(measure, visible, zoom, RenderOptions{});
        cairo_destroy(measure);
        MapPainter::Scene oneByOne = *arranged;
        std::size_t apart = 0, turned = 0;
        for (MapPainter::Scene::Counter& c : oneByOne.counters) {
            apart += c.apart ? 1 : 0;
            turned += c.apart && c.turn != 0 ? 1 : 0;
            c.apart = false;
        }
        ASSERT_GT(apart, 100u) << "zoom " << zoom;
        ASSERT_GT(turned, 20u) << "zoom " << zoom;
        const auto draw = [&](const MapPainter::Scene& scene) {
            auto surface =
                testing_support::owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
            cairo_t* cr = cairo_create(surface.get());
            cairo_translate(cr, -visible.x * zoom, -visible.y * zoom);
            cairo_scale(cr, zoom, zoom);
            painter.draw(cr, visible, zoom, RenderOptions{}, &scene);
            cairo_destroy(cr);
            cairo_surface_flush(surface.get());
            const unsigned char* data = cairo_image_surface_get_data(surface.get());
            return std::vector<unsigned char>(data,
                                              data + cairo_image_surface_get_stride(surface.get()) * height);
        };
        const auto together = draw(*arranged), alone = draw(oneByOne);
        // Cairo sets one path of many outlines to pixels by another rule than one outline (boxes
        // against a scan at a 15th of a pixel): their edges differ by a few levels. A counter
        // missing, in another colour, or its outline under its fill would differ by a hundred.
        int most = 0;
        for (std::size_t i = 0; i < together.size(); ++i) {
            most = std::max(most, std::abs(int{together[i]} - int{alone[i]}));
        }
        EXPECT_LE(most, 16) << "levels at zoom " << zoom;
        ++compared;
    }
    EXPECT_EQ(compared, 2);
}

TEST(MapPainter, TheIndexOfPiecesAndPathsChangesNoPixel) {
    Scenario s = generateScenario(GeneratorParameters{90, 70, 900, 60, 2, GridShape::HexFlat});
    const Layout layout(s.map.grid, 40);
    MapIndex index;
    index.rebuild(s);
    ASSERT_TRUE(index.describes(s));
    const int width = 640, height = 400;
    auto draw = [&](const MapIndex* with, double x0, double y0, double zoom) {
        cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
        cairo_t* cr = cairo_create(surface);
        cairo_translate(cr, -x0 * zoom, -y0 * zoom);
        cairo_scale(cr, zoom, zoom);
        MapPainter painter(s, layout);
        painter.setIndex(with);
        painter.draw(cr, MapRect{x0, y0, width / zoom, height / zoom}, zoom);
        cairo_destroy(cr);
        cairo_surface_flush(surface);
        const unsigned char* data = cairo_image_surface_get_data(surface);
        std::vector<unsigned char> pixels(data, data + cairo_image_surface_get_stride(surface) * height);
        cairo_surface_destroy(surface);
        return pixels;
    };
    int views = 0;
    for (const double zoom : {0.25, 1.0, 2.0}) {
        for (const Offset corner : {Offset{0, 0}, Offset{37, 21}, Offset{80, 60}, Offset{-3, 50}}) {
            const Point p = layout.cellCenter(corner);
            EXPECT_EQ(draw(&index, p.x, p.y, zoom), draw(nullptr, p.x, p.y, zoom))
                << "zoom " << zoom << " at " << s.map.grid.label(corner);
            ++views;
        }
    }
    EXPECT_EQ(views, 12);
    // A unit added without rebuilding the index: it no longer describes the scenario, and the
    // painter draws the new counter all the same.
    const auto& [id, unit] = *s.oob.units.begin();
    UnitId added{s.oob.units.rbegin()->first.value + 1};
    s.oob.units[added] = unit;
    Placement at;
    at.cells = {{5, 5}};
    s.deployment.placements[PieceRef::unit(added)] = at;
    EXPECT_FALSE(index.describes(s));
    const Point p = layout.cellCenter({2, 2});
    EXPECT_EQ(draw(&index, p.x, p.y, 1.0), draw(nullptr, p.x, p.y, 1.0));
    // A map of another size in the same scenario: rebuilding the pieces alone must not leave the
    // paths indexed in the old blocks.
    index.rebuild(s);
    s = generateScenario(GeneratorParameters{200, 30, 300, 20, 4, GridShape::HexFlat});
    index.rebuildPieces(s);
    EXPECT_FALSE(index.describes(s));
    index.rebuildPaths(s);
    EXPECT_TRUE(index.describes(s));
}

} // namespace
} // namespace sandtable
