// The natural style (render/natural_ground): the middle of every cell shows its own terrain and
// level whatever its neighbours, on screen and at print scale; contours run only where the levels
// change and cross between every two cells of different levels; the grid is marks at the vertices;
// a view drawn in tiles is the view drawn whole.
#include "model/layout.hpp"
#include "render/colours.hpp"
#include "render/map_painter.hpp"
#include "render/map_water.hpp"
#include "render/natural_ground.hpp"
#include "render/view_bands.hpp"
#include "tests/render/cairo_pixels.hpp"
#include "tests/render/map_picture.hpp"

#include <gtest/gtest.h>

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>

namespace sandtable {
namespace {

using testing_support::channelDifference;
using testing_support::owned;
using testing_support::pixelOf;
using testing_support::plain;
using testing_support::streamAfterColumn;
using testing_support::SurfacePtr;

// The map's ground (no words: the contours' heights are cut out of their lines) drawn on an image
// surface a pixel a map unit. `paper`: through a recording surface, so
// the painter draws as it does on paper (PDF, SVG, the printer) and the picture is that replayed.
SurfacePtr drawn(const Scenario& s, const Layout& layout, const RenderOptions& o, bool paper,
                 std::vector<MapRect> parts = {}, bool smooth = false) {
    SurfacePtr image = owned(cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, static_cast<int>(layout.width()) + 1, static_cast<int>(layout.height()) + 1));
    const MapPainter painter(s, layout);
    const cairo_antialias_t antialias = smooth ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE;
    auto paint = [&](cairo_t* cr) {
        cairo_set_antialias(cr, antialias);
        if (parts.empty()) {
            // Unclipped, as the canvas's bands and a PNG's are: stamps go on an image only then.
            (void)painter.draw(cr, MapRect{0, 0, layout.width(), layout.height()}, 1.0, o, nullptr,
                               MapLayers::Ground);
        }
        for (const MapRect& part : parts) {
            cairo_save(cr);
            cairo_rectangle(cr, part.x, part.y, part.width, part.height);
            cairo_clip(cr);
            (void)painter.draw(cr, part, 1.0, o, nullptr, MapLayers::Ground);
            cairo_restore(cr);
        }
    };
    cairo_t* cr = cairo_create(image.get());
    if (paper) {
        SurfacePtr recording = owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
        cairo_t* rc = cairo_create(recording.get());
        paint(rc);
        cairo_destroy(rc);
        cairo_set_antialias(cr, antialias);
        cairo_set_source_surface(cr, recording.get(), 0, 0);
        cairo_paint(cr);
    } else {
        paint(cr);
    }
    cairo_destroy(cr);
    cairo_surface_flush(image.get());
    return image;
}

RenderOptions groundOnly() {
    RenderOptions o;
    o.style = MapStyle::Natural;
    o.labels = false;
    o.symbols = false; // trees and orchards are drawn at the middles: the fill is what is tested
    o.pieces = false;
    o.features = false;
    o.grid = false;
    return o;
}

// A scrambled patchwork of four terrains, with lone cells among others, on ground rising and
// falling a level at a time.
Scenario patchwork(GridShape shape) {
    Scenario s = plain(shape, 14, 10);
    const Grid& g = s.map.grid;
    for (int row = 0; row < g.rows(); ++row) {
        for (int col = 0; col < g.cols(); ++col) {
            const std::size_t i = g.index({col, row});
            const unsigned h = static_cast<unsigned>(col * 73856093 ^ row * 19349663) % 97u;
            s.map.terrain[i] = static_cast<TerrainIndex>(h % 4);
            s.map.elevation[i] = static_cast<std::int16_t>(std::abs((col + row) % 8 - 4));
        }
    }
    return s;
}

// Every cell's middle in `picture` (drawn by `drawn`) shows its own terrain at its own level, in any
// of the hill shading's shades (the shading is smooth: every sixteenth of a shade). Without the
// shading, nearer its level than the levels either side (a shade can be a level's step). On paper
// the relief is laid a level's step at a time and the shading from an image, each rounded to a
// byte: within 6, not 1.
void expectEveryMiddleShowsItsCell(const Scenario& s, const Layout& layout, cairo_surface_t* picture,
                                   bool paper, bool shading, const std::string& what) {
    for (int row = 0; row < s.map.grid.rows(); ++row) {
        for (int col = 0; col < s.map.grid.cols(); ++col) {
            const Offset c{col, row};
            const int level = s.map.elevationAt(c), near = paper ? 6 : 1;
            const int shades = shading ? 16 * MapPainter::shadeSteps : 0;
            const auto nearest = [&](Rgb got, int l) {
                const Rgb tinted = overlaid(s.map.terrainAt(c).colour, levelTint(l));
                int best = 255;
                for (int k = -shades; k <= shades; ++k) {
                    best = std::min(best, channelDifference(got, overlaid(tinted, hillShade(k / 16.0))));
                }
                return best;
            };
            const Point centre = layout.cellCenter(c);
            const double r = naturalMiddle * layout.cellSize() / 2;
            for (int k = 0; k <= 8; ++k) {
                const double a = k * std::numbers::pi / 4;
                const Point p =
                    k == 8 ? centre : Point{centre.x + r * std::cos(a), centre.y + r * std::sin(a)};
                const Rgb got = pixelOf(picture, static_cast<int>(p.x), static_cast<int>(p.y));
                const int own = nearest(got, level);
                const std::string where = what + (paper ? " on paper" : " on screen") + " cell " +
                                          s.map.grid.label(c) + " point " + std::to_string(k) + ": (" +
                                          std::to_string(got.r) + ", " + std::to_string(got.g) + ", " +
                                          std::to_string(got.b) + ")";
                EXPECT_LE(own, near) << where << " is not terrain '" << s.map.terrainAt(c).key
                                     << "' at level " << level;
                if (!shading) {
                    EXPECT_LT(own, std::min(nearest(got, level - 1), nearest(got, level + 1)))
                        << where << " is as near the level beside " << level;
                }
            }
        }
    }
}

TEST(NaturalGround, TheMiddleOfEveryCellShowsItsOwnTerrainAndLevel) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const Scenario s = patchwork(shape);
        for (const auto& [paper, shading] :
             {std::pair{false, false}, {false, true}, {true, false}, {true, true}}) {
            const Layout layout(s.map.grid, 48);
            RenderOptions o = groundOnly();
            o.shading = shading;
            const SurfacePtr picture = drawn(s, layout, o, paper);
            expectEveryMiddleShowsItsCell(s, layout, picture.get(), paper, shading,
                                          std::string(enumName(shape)));
        }
    }
}

// A terrain model of `g` kept four points a cell: `model`'s height at each point (u across and v
// down, in cells' sizes).
HeightSurface surfaceOf(const Grid& g, const std::function<double(double, double)>& model) {
    HeightSurface surface;
    surface.samplesPerCell = 4;
    std::tie(surface.cols, surface.rows) = HeightSurface::shapeFor(g, 4);
    for (int j = 0; j < surface.rows; ++j) {
        for (int i = 0; i < surface.cols; ++i) {
            surface.levels.push_back(static_cast<float>(model(i / 4.0, j / 4.0)));
        }
    }
    return surface;
}

// Each cell of `s` at the level `levelAt` gives its middle (in cells' sizes, as surfaceOf's model).
void setLevels(Scenario& s, const Layout& layout, const std::function<long(const Offset&, Point)>& levelAt) {
    const Grid& g = s.map.grid;
    for (int row = 0; row < g.rows(); ++row) {
        for (int col = 0; col < g.cols(); ++col) {
            const Point c = layout.cellCenter({col, row});
            s.map.elevation[g.index({col, row})] = static_cast<std::int16_t>(
                levelAt({col, row}, {c.x / layout.cellSize(), c.y / layout.cellSize()}));
        }
    }
}

// A terrain model's heights (Map::surface) of hills a few cells across, each cell's level the
// model's at its middle rounded, and every seventh cell a level above it (a designer's change): the
// model's contours pass close to many middles and through some.
Scenario patchworkOnAModel(GridShape shape, int cellSize) {
    Scenario s = patchwork(shape);
    const HeightSurface surface = surfaceOf(
        s.map.grid, [](double u, double v) { return 2 + 1.6 * std::sin(u * 0.8) * std::cos(v * 0.6); });
    setLevels(s, Layout(s.map.grid, cellSize), [&](const Offset& c, Point m) {
        return std::lround(surface.at(m.x, m.y)) + (s.map.grid.index(c) % 7 == 3 ? 1 : 0);
    });
    s.map.surface = surface;
    return s;
}

TEST(NaturalGround, WithATerrainModelTheMiddleOfEveryCellShowsItsOwnTerrainAndLevel) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::Square}) {
        const Scenario s = patchworkOnAModel(shape, 48);
        for (const auto& [paper, shading] : {std::pair{false, false}, {true, false}, {false, true}}) {
            const Layout layout(s.map.grid, 48);
            RenderOptions o = groundOnly();
            o.shading = shading;
            const SurfacePtr picture = drawn(s, layout, o, paper);
            expectEveryMiddleShowsItsCell(s, layout, picture.get(), paper, shading,
                                          std::string(enumName(shape)) + " on a terrain model");
        }
    }
}

// The lattice's samples and a point found alone (shownAt, heightAt: what the tests and the contours'
// heights use) are the same sums of the same cells at the same warped place: at every lattice
// point of a region, the terrain the lattice shows is the one found there alone. (The lattice warps
// its points a row at a time, the point alone on its own.)
TEST(NaturalGround, EveryLatticePointShowsWhatThatPointFoundAloneShows) {
    for (const GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        SCOPED_TRACE(static_cast<int>(shape));
        const Scenario s = patchwork(shape);
        const Layout layout(s.map.grid, 48);
        NaturalGround::Options options;
        options.samplesPerCell = 7;
        const double step = layout.cellSize() / options.samplesPerCell;
        // A region away from the map's corner, its edges between lattice points.
        const double left = 2.3 * layout.cellSize(), top = 1.7 * layout.cellSize();
        const double right = left + 6 * layout.cellSize(), bottom = top + 5 * layout.cellSize();
        const NaturalGround ground(s.map, layout, left, top, right, bottom, options);
        int points = 0, differ = 0, terrains = 0;
        std::vector<bool> seen(s.map.terrainTypes.size());
        for (int j = static_cast<int>(std::ceil(top / step)); j * step <= bottom; ++j) {
            for (int i = static_cast<int>(std::ceil(left / step)); i * step <= right; ++i) {
                const Point p{i * step, j * step};
                const std::optional<int> lattice = ground.terrainAt(p);
                const std::optional<GroundClass> alone = NaturalGround::shownAt(s.map, layout, p, options);
                ASSERT_TRUE(lattice && alone) << "(" << p.x << ", " << p.y << ") is on the ground";
                ++points;
                differ += *lattice != alone->terrain ? 1 : 0;
                if (!seen[static_cast<std::size_t>(*lattice)]) {
                    seen[static_cast<std::size_t>(*lattice)] = true;
                    ++terrains;
                }
            }
        }
        EXPECT_GT(points, 1000);
        EXPECT_EQ(terrains, 4) << "the region shows every terrain of the patchwork";
        EXPECT_EQ(differ, 0) << "of " << points << " lattice points";
    }
}

TEST(NaturalGround, TheGroundIsNotTheCellsOutlines) {
    // Two terrains in halves along a hex column's zigzag: the natural boundary leaves the cells'
    // sides, so some side midpoints show the other side's colour (the cells' style never does).
    Scenario s = plain(GridShape::HexFlat, 12, 8);
    for (int row = 0; row < 8; ++row) {
        for (int col = 6; col < 12; ++col) {
            s.map.terrain[s.map.grid.index({col, row})] = 1;
        }
    }
    const Layout layout(s.map.grid, 48);
    const SurfacePtr picture = drawn(s, layout, groundOnly(), false);
    const Rgb open = s.map.terrainTypes[0].colour, other = s.map.terrainTypes[1].colour;
    int crossings = 0, samples = 0;
    for (int row = 0; row < 8; ++row) {
        for (double along = 0.38; along <= 0.621; along += 0.02) {
            // Along the line between the centres of cells 5 and 6 of the row.
            const Point a = layout.cellCenter({5, row}), b = layout.cellCenter({6, row});
            const Point p{a.x + (b.x - a.x) * along, a.y + (b.y - a.y) * along};
            const Rgb got = pixelOf(picture.get(), static_cast<int>(p.x), static_cast<int>(p.y));
            ++samples;
            crossings += (along < 0.5 && got == other) || (along > 0.5 && got == open) ? 1 : 0;
        }
    }
    EXPECT_GT(crossings, 0) << "the boundary never leaves the cells' sides in " << samples << " points";
}

TEST(NaturalGround, ContoursRunOnlyWhereTheLevelChangesAndBetweenEveryTwoLevels) {
    // A hill: levels rising a step a ring toward the middle.
    Scenario s = plain(GridShape::HexFlat, 15, 13);
    testing_support::raiseHill(s, {7, 6}, 6);
    const Grid& g = s.map.grid;
    const Layout layout(g, 60);
    RenderOptions o = groundOnly();
    o.shading = false;
    const SurfacePtr picture = drawn(s, layout, o, false);
    const Rgb brown{140, 90, 40};
    // No contour inside a cell whose neighbours are all at its level.
    for (int row = 0; row < g.rows(); ++row) {
        for (int col = 0; col < g.cols(); ++col) {
            const Offset c{col, row};
            bool flat = true;
            for (int d = 0; d < g.sideCount(); ++d) {
                const Offset n = g.neighbor(c, d);
                flat = flat && (!g.contains(n) || s.map.elevationAt(n) == s.map.elevationAt(c));
            }
            if (!flat) {
                continue;
            }
            const Point centre = layout.cellCenter(c);
            for (int dy = -12; dy <= 12; dy += 2) {
                for (int dx = -12; dx <= 12; dx += 2) {
                    EXPECT_NE(pixelOf(picture.get(), static_cast<int>(centre.x) + dx,
                                      static_cast<int>(centre.y) + dy),
                              brown)
                        << "a contour inside the level ground of " << g.label(c);
                }
            }
        }
    }
    // Between every two neighbours of different levels, a contour line crosses the way from one
    // middle to the other.
    int pairs = 0;
    for (int row = 0; row < g.rows(); ++row) {
        for (int col = 0; col < g.cols(); ++col) {
            const Offset c{col, row};
            for (int d = 0; d < g.sideCount() / 2; ++d) {
                const Offset n = g.neighbor(c, d);
                if (!g.contains(n) || s.map.elevationAt(n) == s.map.elevationAt(c)) {
                    continue;
                }
                ++pairs;
                const Point a = layout.cellCenter(c), b = layout.cellCenter(n);
                // A line a pixel wide can slip between the pixels of another: each step looks at
                // the pixels around it.
                bool crossed = false;
                for (double t = 0; t <= 1 && !crossed; t += 0.01) {
                    const int x = static_cast<int>(a.x + (b.x - a.x) * t),
                              y = static_cast<int>(a.y + (b.y - a.y) * t);
                    for (int k = 0; k < 9 && !crossed; ++k) {
                        crossed = pixelOf(picture.get(), x + k % 3 - 1, y + k / 3 - 1) == brown;
                    }
                }
                EXPECT_TRUE(crossed) << "no contour between " << g.label(c) << " and " << g.label(n);
            }
        }
    }
    EXPECT_GT(pairs, 30);
}

// How far the model's height at cell `c`'s middle lies past its level's band: 0.45 each way, less
// the model's rise over the middle's fifth of a cell (its slope over a quarter of a cell each way).
double middleCorrectionOf(const HeightSurface& surface, const Layout& layout, const Map& map, Offset c) {
    const Point m = layout.cellCenter(c);
    const double u = m.x / layout.cellSize(), v = m.y / layout.cellSize();
    const double ground = surface.at(u, v), level = map.elevationAt(c);
    const double slope = std::hypot(surface.at(u + 0.25, v) - surface.at(u - 0.25, v),
                                    surface.at(u, v + 0.25) - surface.at(u, v - 0.25)) /
                         0.5;
    return std::max(0.0, std::abs(ground - level) - std::max(0.0, 0.45 - 0.2 * slope));
}

// A map whose elevation came from a terrain model keeps the model's heights (Map::surface): the
// ground's height is the model's wherever no cell's middle holds it, the middles still show their
// cells' levels, and the contours drawn are the model's.
TEST(NaturalGround, AMapWithATerrainModelDrawsItsContoursFromIt) {
    Scenario s = plain(GridShape::HexFlat, 16, 12);
    const Grid& g = s.map.grid;
    const Layout layout(g, 60);
    const HeightSurface surface =
        surfaceOf(g, [](double u, double v) { return 0.55 * u + 0.8 * std::sin(v * 0.9) + 1; });
    setLevels(s, layout, [&](const Offset&, Point m) { return std::lround(surface.at(m.x, m.y)); });
    const Scenario cellsOnly = s;
    s.map.surface = surface;
    const int samples = NaturalGround::samplesFor(60, false);
    // The largest correction of a middle within a cell of `p`: as far as the ground may leave the model.
    const auto correctionNear = [&](Point p) {
        double correction = 0;
        const auto cell = layout.cellAt(p);
        if (!cell) {
            return correction;
        }
        for (const Offset n : g.neighbors(*cell)) {
            const Point m = layout.cellCenter(n);
            if (std::hypot(p.x - m.x, p.y - m.y) < 60) {
                correction = std::max(correction, middleCorrectionOf(surface, layout, s.map, n));
            }
        }
        return std::max(correction, middleCorrectionOf(surface, layout, s.map, *cell));
    };
    int away = 0, differs = 0, exact = 0;
    for (double y = 20; y < layout.height() - 20; y += 7) {
        for (double x = 20; x < layout.width() - 20; x += 7) {
            const Point p{x, y};
            const auto cell = layout.cellAt(p);
            if (!cell) {
                continue; // a notch between the edge's staggered cells
            }
            const Point c = layout.cellCenter(*cell);
            const double fromMiddle = std::hypot(p.x - c.x, p.y - c.y) / 60;
            const double h = NaturalGround::heightAt(s.map, layout, p, samples);
            if (fromMiddle < 0.08) {
                EXPECT_EQ(std::floor(h + 0.5), s.map.elevationAt(*cell))
                    << "the middle of " << g.label(*cell);
            } else if (fromMiddle > 0.35) {
                ++away;
                // Where a middle's level disagrees with the model (it lies past the level's band),
                // its correction spreads over the cell: the ground may move by that much there,
                // and is the model's wherever no cell within reach disagrees.
                const double correction = correctionNear(p);
                if (correction == 0) {
                    ++exact;
                    EXPECT_NEAR(h, surface.at(x / 60, y / 60), 1e-3) << x << "," << y;
                } else {
                    EXPECT_LE(std::abs(h - surface.at(x / 60, y / 60)), correction + 1e-3) << x << "," << y;
                }
                differs +=
                    std::abs(NaturalGround::heightAt(cellsOnly.map, layout, p, samples) - h) > 0.1 ? 1 : 0;
            }
        }
    }
    EXPECT_GT(away, 500);
    EXPECT_GT(exact, away / 20) << "the model's own height is drawn where no middle is corrected";
    EXPECT_GT(differs, away / 10) << "the cells' own contours would have served: the test tests nothing";
    // The contours drawn run where the model is half a level between two levels (away from the
    // middles), or as near it as the corrections of the middles around allow.
    RenderOptions o = groundOnly();
    o.shading = false;
    const SurfacePtr picture = drawn(s, layout, o, false);
    int onLine = 0, offLine = 0;
    for (int y = 10; y < static_cast<int>(layout.height()) - 10; ++y) {
        for (int x = 10; x < static_cast<int>(layout.width()) - 10; ++x) {
            if (pixelOf(picture.get(), x, y) != contourBrown) {
                continue;
            }
            const Point p{x + 0.5, y + 0.5};
            const auto cell = layout.cellAt(p);
            if (!cell ||
                std::hypot(p.x - layout.cellCenter(*cell).x, p.y - layout.cellCenter(*cell).y) < 0.35 * 60) {
                continue;
            }
            const double halfAbove = surface.at(p.x / 60, p.y / 60) - 0.5; // a whole number on a contour
            (std::abs(halfAbove - std::round(halfAbove)) < 0.12 + correctionNear(p) ? onLine : offLine) += 1;
        }
    }
    EXPECT_GT(onLine, 300);
    EXPECT_LT(offLine, onLine / 50) << onLine << " contour pixels on the model's half levels, " << offLine
                                    << " off";
}

TEST(NaturalGround, TheGridIsMarksAtTheVerticesAndNotLinesAlongTheSides) {
    Scenario s = plain(GridShape::HexFlat, 8, 6);
    RenderOptions o = groundOnly();
    o.grid = true;
    const Layout layout(s.map.grid, 60);
    const SurfacePtr picture = drawn(s, layout, o, false);
    const Rgb open = s.map.terrainTypes[0].colour;
    const Offset c{3, 2};
    const std::vector<Point> corners = layout.corners(c);
    for (std::size_t k = 0; k < corners.size(); ++k) {
        const Point a = corners[k], b = corners[(k + 1) % corners.size()];
        // Whether the pixels around the point t along the side are all open ground.
        auto bare = [&](double t) {
            const int x = static_cast<int>(std::lround(a.x + (b.x - a.x) * t)),
                      y = static_cast<int>(std::lround(a.y + (b.y - a.y) * t));
            bool all = true;
            for (int n = 0; n < 9; ++n) {
                all = all && pixelOf(picture.get(), x + n % 3 - 1, y + n / 3 - 1) == open;
            }
            return all;
        };
        EXPECT_FALSE(bare(0.06)) << "a mark by corner " << k;
        EXPECT_FALSE(bare(0.94)) << "a mark by corner " << (k + 1) % corners.size();
        EXPECT_TRUE(bare(0.5)) << "no line along side " << k;
    }
}

TEST(NaturalGround, AStreamMeandersAlongEverySideItMarksAndCrossesNoOther) {
    // A stream down the sides between columns 3 and 4: a zigzag of sides, corner to corner.
    Scenario s = plain(GridShape::HexFlat, 8, 8);
    const Grid& g = s.map.grid;
    std::set<std::pair<Point, Point>> marked;
    const Layout layout(g, 80);
    auto key = [](std::pair<Point, Point> side) {
        return side.second < side.first ? std::pair{side.second, side.first} : side;
    };
    for (const EdgeId& edge : streamAfterColumn(s, 3)) {
        marked.insert(key(layout.edgeSegment(edge)));
    }
    const SurfacePtr picture = drawn(s, layout, groundOnly(), false);
    const Rgb water = waterStyle(false).water;
    // Water within `reach` pixels of the middle of a side, across it.
    auto waterNear = [&](std::pair<Point, Point> side, double reach) {
        const auto [a, b] = side;
        const double length = std::hypot(b.x - a.x, b.y - a.y);
        const Point mid{(a.x + b.x) / 2, (a.y + b.y) / 2},
            normal{-(b.y - a.y) / length, (b.x - a.x) / length};
        for (double t = -reach; t <= reach; t += 0.5) {
            const int x = static_cast<int>(mid.x + normal.x * t), y = static_cast<int>(mid.y + normal.y * t);
            const bool onPicture = x >= 0 && y >= 0 && x < cairo_image_surface_get_width(picture.get()) &&
                                   y < cairo_image_surface_get_height(picture.get());
            if (onPicture && pixelOf(picture.get(), x, y) == water) {
                return true;
            }
        }
        return false;
    };
    const double wander = meanderAmplitude * layout.cellSize() + 2;
    int sides = 0;
    for (const auto& side : marked) {
        EXPECT_TRUE(waterNear(side, wander))
            << "no water along the side at (" << side.first.x << ", " << side.first.y << ")";
        ++sides;
    }
    EXPECT_GE(sides, 14);
    // Every other side of the map, away from the stream's corners: no water at its middle.
    for (int row = 0; row < g.rows(); ++row) {
        for (int col = 0; col < g.cols(); ++col) {
            for (int d = 0; d < g.sideCount(); ++d) {
                const auto side = key(layout.edgeSegment(g.edge({col, row}, d)));
                if (marked.contains(side)) {
                    continue;
                }
                EXPECT_FALSE(waterNear(side, 3))
                    << "water across the side " << d << " of " << g.label({col, row});
            }
        }
    }
    // And the stream is not the straight sides: somewhere it leaves a side's middle.
    int offSide = 0;
    for (const auto& [a, b] : marked) {
        offSide += pixelOf(picture.get(), static_cast<int>((a.x + b.x) / 2),
                           static_cast<int>((a.y + b.y) / 2)) == water
                       ? 0
                       : 1;
    }
    EXPECT_GT(offSide, 0);
}

// A ridge whose crest the model runs at a contour's height, its cells a level above: the crest is
// lifted clear of the contour along its whole length. Before, only each middle was, and the contour
// ran along the crest beaded round every middle.
TEST(NaturalGround, ACrestAtAContoursHeightIsNotBeadedAtItsMiddles) {
    Scenario s = plain(GridShape::HexFlat, 11, 9);
    const Grid& g = s.map.grid;
    const Layout layout(g, 60);
    const double crest = layout.cellCenter({5, 0}).x / 60;
    const auto model = [&](double u) { return 2.5 - 0.8 * (u - crest) * (u - crest); };
    s.map.surface = surfaceOf(g, [&](double u, double) { return model(u); });
    setLevels(s, layout, [&](const Offset&, Point m) { return std::lround(model(m.x)); });
    ASSERT_EQ(s.map.elevationAt({5, 4}), 3) << "the crest's cells are a level above its height";
    const int samples = NaturalGround::samplesFor(60, false);
    for (int row = 1; row + 2 < g.rows(); ++row) {
        const Point a = layout.cellCenter({5, row}), b = layout.cellCenter({5, row + 1});
        for (const double t : {0.0, 0.25, 0.5, 0.75}) {
            const Point p{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
            EXPECT_GT(NaturalGround::heightAt(s.map, layout, p, samples), 2.5 + 0.02)
                << "on the crest, " << t << " of the way from row " << row << " to the next";
        }
    }
}

// A terrain model whose contour runs straight down a column of cells, a sixth of a cell from their
// middles, where the model agrees with every cell's level: the contour drawn runs straight too. It
// was beaded with a bulge round every middle, the middles' hold pushing it out of each in turn.
TEST(NaturalGround, AContourAlongAColumnOfMiddlesIsNotBeaded) {
    Scenario s = plain(GridShape::HexFlat, 12, 10);
    const Grid& g = s.map.grid;
    const Layout layout(g, 60);
    const double column = layout.cellCenter({5, 0}).x / 60, contour = column + 1.0 / 6;
    const auto model = [&](double u) { return 2.5 + (u - contour); };
    s.map.surface = surfaceOf(g, [&](double u, double) { return model(u); });
    setLevels(s, layout, [&](const Offset&, Point m) { return std::lround(model(m.x)); });
    ASSERT_EQ(s.map.elevationAt({5, 4}), 2) << "the column's middles are at the lower level";
    const int samples = NaturalGround::samplesFor(60, false);
    // Down the column's middle rows, where the contour crosses each line across (to a 200th of a cell).
    double nearest = 1e9, farthest = -1e9;
    const double top = layout.cellCenter({5, 2}).y, bottom = layout.cellCenter({5, 7}).y;
    for (double y = top; y <= bottom; y += 3) {
        std::optional<double> crossing;
        for (double u = column - 0.2; u < column + 0.8 && !crossing; u += 0.005) {
            if (NaturalGround::heightAt(s.map, layout, {u * 60, y}, samples) >= 2.5) {
                crossing = u;
            }
        }
        ASSERT_TRUE(crossing) << "no contour beside the column at y " << y;
        nearest = std::min(nearest, *crossing - column);
        farthest = std::max(farthest, *crossing - column);
    }
    EXPECT_GT(nearest, naturalMiddle / 2) << "the contour crosses the middles";
    EXPECT_LT(farthest - nearest, 0.02)
        << "the contour wanders from " << nearest << " to " << farthest << " of a cell beside the middles";
}

// A bridge or a ford stands where the meandering water crosses its side's middle, not on the straight
// side the water has wandered off.
TEST(NaturalGround, ABridgeStandsOnTheStreamsMeander) {
    Scenario s = plain(GridShape::HexFlat, 8, 8);
    const Grid& g = s.map.grid;
    const Layout layout(g, 100);
    const std::vector<EdgeId> edges = streamAfterColumn(s, 3);
    std::vector<std::pair<Point, Point>> sides;
    for (const EdgeId& edge : edges) {
        sides.push_back(layout.edgeSegment(edge));
    }
    // The moved side's middle is a point of the meandering line, whichever way the line runs.
    const std::vector<std::vector<Point>> lines = joinSegments(sides);
    ASSERT_EQ(lines.size(), 1u);
    std::vector<Point> reversed(lines[0].rbegin(), lines[0].rend());
    // Through a point: one of the ends its cubic pieces join at.
    const auto passesThrough = [](const SmoothLine& curve, Point p) {
        return std::ranges::any_of(curve.pieces, [&](const CubicPiece& piece) {
            return std::hypot(piece.to.x - p.x, piece.to.y - p.y) < 1e-9;
        });
    };
    double widest = 0;
    std::size_t chosen = 0;
    for (std::size_t k = 0; k < sides.size(); ++k) {
        const auto [a, b] = meanderedSide(sides[k], layout.cellSize());
        const Point middle{(a.x + b.x) / 2, (a.y + b.y) / 2};
        EXPECT_TRUE(passesThrough(meanderCurve(lines[0], layout.cellSize()), middle)) << "side " << k;
        EXPECT_TRUE(passesThrough(meanderCurve(reversed, layout.cellSize()), middle)) << "side " << k;
        const auto [p, q] = sides[k];
        const double off = std::hypot(middle.x - (p.x + q.x) / 2, middle.y - (p.y + q.y) / 2);
        EXPECT_LE(off, meanderAmplitude * layout.cellSize() + 1e-9);
        // Only across the side: its ends move as far as its middle.
        EXPECT_NEAR(std::hypot(b.x - a.x, b.y - a.y), std::hypot(q.x - p.x, q.y - p.y), 1e-9);
        if (off > widest) {
            widest = off;
            chosen = k;
        }
    }
    ASSERT_GT(widest, 3.0) << "some side's meander leaves its middle by more than a bridge's parapet";
    // A road across the side whose water wanders furthest: its bridge's parapets stand on the meander.
    const EdgeId e = edges[chosen];
    const Offset from = e.cell, to = g.neighbor(e.cell, e.dir);
    s.map.paths[PathId{1}] = Path{PathKind::Road, "", {from, to}};
    RenderOptions o = groundOnly();
    o.paths = true;
    o.hexsides = true;
    const SurfacePtr picture = drawn(s, layout, o, false);
    const auto [a, b] = meanderedSide(sides[chosen], layout.cellSize());
    const double length = std::hypot(b.x - a.x, b.y - a.y);
    const Point middle{(a.x + b.x) / 2, (a.y + b.y) / 2}, along{(b.x - a.x) / length, (b.y - a.y) / length},
        across{-along.y, along.x};
    // drawBridge's parapets: 0.07 of a cell either side of the road, 0.1 of a cell each way across
    // the stream, in near-black.
    const auto parapet = [&](double acrossBy, double alongBy) {
        const Rgb c = pixelOf(
            picture.get(), static_cast<int>(std::lround(middle.x + across.x * acrossBy + along.x * alongBy)),
            static_cast<int>(std::lround(middle.y + across.y * acrossBy + along.y * alongBy)));
        return c.r < 80 && c.g < 80 && c.b < 80;
    };
    for (const double side : {-7.0, 7.0}) {
        EXPECT_TRUE(parapet(-9, side)) << "the parapet's near end, " << side;
        EXPECT_TRUE(parapet(9, side)) << "the parapet's far end, " << side;
    }
}

TEST(NaturalGround, CrownsAreScatteredOverTheWoodsAndNowhereElse) {
    // A wood of one cell and an orchard of one cell in open ground: their crowns stand where the
    // ground shows them, past the cell's middle, and not in the open.
    Scenario s = plain(GridShape::HexFlat, 9, 7);
    const Offset wood{2, 3}, orchard{6, 3};
    s.map.terrain[s.map.grid.index(wood)] = 1;    // woods
    s.map.terrain[s.map.grid.index(orchard)] = 3; // orchard
    RenderOptions o = groundOnly();
    o.symbols = true;
    // Outlined paths when a cell is 60 pixels or more across; stamps below.
    for (const double cell : {80.0, 40.0}) {
        const Layout layout(s.map.grid, cell);
        const double area = cell * cell / (80.0 * 80.0);
        const SurfacePtr picture = drawn(s, layout, o, false);
        const Rgb open = s.map.terrainTypes[0].colour, woods = s.map.terrainTypes[1].colour,
                  orchards = s.map.terrainTypes[3].colour;
        std::map<std::string, int> crowns;
        int farOut = 0, offMiddle = 0;
        for (int y = 0; y < static_cast<int>(layout.height()); ++y) {
            for (int x = 0; x < static_cast<int>(layout.width()); ++x) {
                const Rgb c = pixelOf(picture.get(), x, y);
                if (c == open || c == woods || c == orchards) {
                    continue;
                }
                const Point w = layout.cellCenter(wood), r = layout.cellCenter(orchard);
                const double toWood = std::hypot(x - w.x, y - w.y) / layout.cellSize(),
                             toOrchard = std::hypot(x - r.x, y - r.y) / layout.cellSize();
                const double nearest = std::min(toWood, toOrchard);
                ++crowns[toWood < toOrchard ? "wood" : "orchard"];
                farOut += nearest > 0.8 ? 1 : 0;
                offMiddle += nearest > 0.42 ? 1 : 0;
            }
        }
        EXPECT_GT(crowns["wood"], 400 * area)
            << cell << ": " << crowns["wood"] << " crown pixels over the wood";
        EXPECT_GT(crowns["orchard"], 100 * area) << cell << ": trees in rows over the orchard";
        EXPECT_EQ(farOut, 0) << cell << ": crown pixels in the open ground";
        EXPECT_GT(offMiddle, 100 * area)
            << cell << ": " << offMiddle
            << " crown pixels past the six places a cell draws its crowns at (0.37 of a cell out)";
    }
}

TEST(NaturalGround, TownsAreBuildingsAlongBothSidesOfTheirStreetsAndNowhereElse) {
    // A town three cells deep and five long in open ground, a road along its middle row.
    Scenario s = plain(GridShape::Square, 11, 9);
    constexpr TerrainIndex town = 4;
    ASSERT_EQ(s.map.terrainTypes[town].symbol, TerrainSymbol::Buildings);
    for (int col = 3; col <= 7; ++col) {
        for (int row = 3; row <= 5; ++row) {
            s.map.terrain[s.map.grid.index({col, row})] = town;
        }
    }
    Path road;
    for (int col = 0; col < 11; ++col) {
        road.cells.push_back({col, 4});
    }
    s.map.paths.emplace(PathId{1}, road);
    RenderOptions o = groundOnly();
    o.symbols = true;
    o.paths = false; // the street's own pixels are looked at
    const Layout layout(s.map.grid, 80);
    const SurfacePtr picture = drawn(s, layout, o, false);
    const double size = layout.cellSize(), street = layout.cellCenter({0, 4}).y;
    // A roof: the buildings' dark brown over the town's light ground.
    const auto roof = [&](int x, int y) {
        const Rgb c = pixelOf(picture.get(), x, y);
        return c.r < 120 && c.g < 100;
    };
    int above = 0, below = 0, onStreet = 0, farOut = 0, away = 0;
    for (int y = 0; y < static_cast<int>(layout.height()); ++y) {
        for (int x = 0; x < static_cast<int>(layout.width()); ++x) {
            if (!roof(x, y)) {
                continue;
            }
            // How far the pixel is from the town's cells, in cells (0 inside one).
            const double dx = std::max({0.0, layout.cellCenter({3, 0}).x - size / 2 - x,
                                        x - layout.cellCenter({7, 0}).x - size / 2});
            const double dy = std::max({0.0, layout.cellCenter({0, 3}).y - size / 2 - y,
                                        y - layout.cellCenter({0, 5}).y - size / 2});
            farOut += std::hypot(dx, dy) > 0.3 * size ? 1 : 0;
            const double across = (y - street) / size;
            const bool alongTown = x > layout.cellCenter({3, 0}).x && x < layout.cellCenter({7, 0}).x;
            onStreet += std::abs(across) < 0.03 ? 1 : 0;
            above += alongTown && across < -0.05 && across > -0.3 ? 1 : 0;
            below += alongTown && across > 0.05 && across < 0.3 ? 1 : 0;
            away += std::abs(across) > 0.6 && std::abs(across) < 1.4 && dx == 0 ? 1 : 0;
        }
    }
    // Four cells of frontage a side: at 0.13 of a cell a lot and 0.09 deep or more, most built.
    const double frontage = 4 * size * 0.09 * size * 0.6;
    EXPECT_GT(above, frontage) << above << " roof pixels along the street's north side";
    EXPECT_GT(below, frontage) << below << " roof pixels along its south side";
    EXPECT_EQ(onStreet, 0) << "a building on the street";
    EXPECT_EQ(farOut, 0) << "a building in the open, off the town's ground";
    EXPECT_GT(away, 0) << "no building in the town away from the street";
    // The street is built up closer than the rest of the town: roofs per pixel of the strips
    // along it (a quarter of a cell deep, four cells long, each side) against the town's rows
    // away from it (its outer rows, inside the town, 0.6 to 1.4 cells off the street).
    const double frontageShare = (above + below) / (2 * 4 * size * 0.25 * size);
    const double restShare = away / (2 * 5 * size * 0.8 * size);
    EXPECT_GT(frontageShare, 1.4 * restShare)
        << frontageShare << " of the frontage is roofs, " << restShare << " of the rest of the town";
}

TEST(NaturalGround, AViewDrawnInTilesIsTheViewDrawnWhole) {
    // The canvas keeps its ground in tiles drawn apart: their edges must meet without a seam.
    Scenario s = patchwork(GridShape::HexPointy);
    // And a town where the tiles meet (x 200, y 150), a road through it: its buildings too.
    Path road;
    for (int col = 0; col < s.map.grid.cols(); ++col) {
        road.cells.push_back({col, 3});
        for (int row = 2; row <= 4; ++row) {
            if (col >= 2 && col <= 6) {
                s.map.terrain[s.map.grid.index({col, row})] = 4; // town
            }
        }
    }
    s.map.paths.emplace(PathId{1}, road);
    const Layout layout(s.map.grid, 48);
    RenderOptions o = groundOnly();
    o.grid = true;
    o.symbols = true; // the crowns scattered over woods, and the buildings, too
    // As the canvas draws them (render/view_bands): each region its own surface over the image's
    // rows, unclipped, so stamps go on it as on the whole.
    const MapPainter painter(s, layout);
    const int w = static_cast<int>(layout.width()), h = static_cast<int>(layout.height());
    const auto picture = [&](std::initializer_list<PixelRect> regions) {
        SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
        for (const PixelRect& r : regions) {
            drawViewRegion(painter, image.get(), r, ViewPlacement{0, 0, 1}, Rgb{60, 60, 64}, o,
                           MapLayers::Ground, 1);
        }
        cairo_surface_flush(image.get());
        return image;
    };
    const SurfacePtr whole = picture({{0, 0, w, h}});
    const SurfacePtr tiled = picture(
        {{0, 0, 200, 150}, {200, 0, w - 200, 150}, {0, 150, 200, h - 150}, {200, 150, w - 200, h - 150}});
    // Cairo strokes a path whole on each surface: on a tile's surface a contour's antialiased
    // edge may come out a few levels apart, and on the tile's very edge the stroke may lose what
    // lies past it. A seam would be a run of pixels along the edges, far apart.
    int inside = 0, edge = 0, edgePixels = 0, most = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const bool onEdge = x == 199 || x == 200 || y == 149 || y == 150;
            edgePixels += onEdge ? 1 : 0;
            const int d = channelDifference(pixelOf(whole.get(), x, y), pixelOf(tiled.get(), x, y));
            if (onEdge) {
                edge += d > 0 ? 1 : 0;
            } else {
                inside += d > 0 ? 1 : 0;
                most = std::max(most, d);
            }
        }
    }
    EXPECT_LE(most, 24) << inside << " pixels differ inside the tiles";
    EXPECT_LT(inside * 100, w * h) << inside << " of " << w * h << " pixels differ inside the tiles";
    EXPECT_LT(edge * 20, edgePixels) << edge << " of the " << edgePixels
                                     << " pixels on the tiles' edges differ";
}

// The patchwork's whole ground on a lattice of 6 a cell, 48 map units (pixels) a cell, and its
// terrains' colours.
struct PatchworkGround {
    explicit PatchworkGround(GridShape shape) : s(patchwork(shape)) {}
    Scenario s;
    Layout layout{s.map.grid, 48};
    NaturalGround ground{s.map, layout, 0, 0, layout.width(), layout.height(), [] {
                             NaturalGround::Options options;
                             options.samplesPerCell = 6;
                             return options;
                         }()};
    NaturalGround::ColourOf colour = [this](int terrain) {
        return s.map.terrainTypes[static_cast<std::size_t>(terrain)].colour;
    };
    int width = static_cast<int>(layout.width()), height = static_cast<int>(layout.height());
};

TEST(NaturalGround, ItsPixelsSetOneByOneAreItsPathsFilled) {
    // The canvas and a PNG have their ground set pixel by pixel (paint); PDF, SVG and a printer
    // keep it as paths (fill). Both show the same ground: they differ only along boundaries, where
    // a path's straight cut across a lattice square and the pixels' own interpolation part by
    // less than a pixel.
    const PatchworkGround p(GridShape::HexFlat);
    const NaturalGround& ground = p.ground;
    const auto& colour = p.colour;
    const int w = p.width, h = p.height;
    const auto picture = [&](bool painted) {
        SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
        cairo_t* cr = cairo_create(image.get());
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
        if (painted) {
            EXPECT_TRUE(ground.paint(cr, colour));
        } else {
            ground.fill(cr, colour);
        }
        cairo_destroy(cr);
        cairo_surface_flush(image.get());
        return image;
    };
    const SurfacePtr painted = picture(true), filled = picture(false);
    // A pixel that differs has the other picture's colour beside it: the boundary has moved by a
    // pixel, no more. Where three classes meet, fill leaves a sliver between its straight cuts
    // and fills it in the class most inside the square: a few pixels more.
    int differ = 0, apart = 0;
    const auto near = [&](cairo_surface_t* image, int x, int y, Rgb c) {
        for (int n = 0; n < 9; ++n) {
            const int px = std::clamp(x + n % 3 - 1, 0, w - 1), py = std::clamp(y + n / 3 - 1, 0, h - 1);
            if (pixelOf(image, px, py) == c) {
                return true;
            }
        }
        return false;
    };
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Rgb a = pixelOf(painted.get(), x, y), b = pixelOf(filled.get(), x, y);
            if (a != b) {
                ++differ;
                apart += near(painted.get(), x, y, b) && near(filled.get(), x, y, a) ? 0 : 1;
            }
        }
    }
    EXPECT_LT(differ * 20, w * h) << differ << " of " << w * h << " pixels differ";
    EXPECT_LT(apart * 200, w * h) << apart << " pixels differ from all the other picture has beside them";

    // Where pixels cannot be set straight, nothing is drawn and the caller fills paths.
    SurfacePtr recording = owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
    cairo_t* rc = cairo_create(recording.get());
    EXPECT_FALSE(ground.paint(rc, colour)) << "a recording surface (PDF's way)";
    cairo_destroy(rc);
    SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
    cairo_t* turned = cairo_create(image.get());
    cairo_rotate(turned, 0.3);
    EXPECT_FALSE(ground.paint(turned, colour)) << "a turned view";
    cairo_destroy(turned);
}

TEST(NaturalGround, ItsReliefLaidPixelByPixelIsItsReliefOnPaper) {
    // The relief (tints and hill shading) is laid pixel by pixel on an image, and on paper as a
    // nested fill a level and an image of the shading. Both lay the same layers: they differ
    // along the tints' edges by the antialiasing's share of a pixel, and in the shading by the
    // smoothing's rounding and, since the paper's image has a pixel for every two lattice steps,
    // by a few levels of 255 where the slope turns within two steps (this patchwork's cliffs: 7 %
    // of its pixels differ by 5 to 8, under 1 % by more).
    const PatchworkGround p(GridShape::HexPointy);
    const NaturalGround& ground = p.ground;
    const auto& colour = p.colour;
    const int w = p.width, h = p.height;
    enum class Relief { None, Pixels, Paper };
    const auto picture = [&](Relief relief) {
        SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
        cairo_t* cr = cairo_create(image.get());
        EXPECT_TRUE(ground.paint(cr, colour));
        if (relief == Relief::Pixels) {
            ground.relief(cr);
        } else if (relief == Relief::Paper) {
            SurfacePtr recording = owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
            cairo_t* rc = cairo_create(recording.get());
            ground.relief(rc);
            cairo_destroy(rc);
            cairo_set_source_surface(cr, recording.get(), 0, 0);
            cairo_paint(cr);
        }
        cairo_destroy(cr);
        cairo_surface_flush(image.get());
        return image;
    };
    const SurfacePtr bare = picture(Relief::None), pixels = picture(Relief::Pixels),
                     paper = picture(Relief::Paper);
    int tinted = 0, differ = 0, most = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            tinted += channelDifference(pixelOf(bare.get(), x, y), pixelOf(pixels.get(), x, y)) > 8 ? 1 : 0;
            const int d = channelDifference(pixelOf(pixels.get(), x, y), pixelOf(paper.get(), x, y));
            differ += d > 8 ? 1 : 0;
            most = std::max(most, d);
        }
    }
    EXPECT_GT(tinted * 2, w * h) << "the relief is laid over most of the ground (levels 0 to 4)";
    EXPECT_LT(differ * 50, w * h) << differ << " of " << w * h << " pixels differ by more than 8";
    // Where the two put a tint's edge a pixel apart, they differ by a level's step, no more (and
    // the shading's rounding).
    int step = 0;
    for (const TerrainType& t : p.s.map.terrainTypes) {
        for (int level = 0; level < 4; ++level) {
            step = std::max(step, channelDifference(overlaid(t.colour, levelTint(level)),
                                                    overlaid(t.colour, levelTint(level + 1))));
        }
    }
    EXPECT_LE(most, step + 6) << "a level's step is at most " << step;
}

// The ground's terrain painted and its relief laid over it, on an image of the whole map.
SurfacePtr paintedWithRelief(const Scenario& s, const Layout& layout, const NaturalGround::Options& options) {
    const NaturalGround ground(s.map, layout, 0, 0, layout.width(), layout.height(), options);
    SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(layout.width()),
                                                        static_cast<int>(layout.height())));
    cairo_t* cr = cairo_create(image.get());
    EXPECT_TRUE(ground.paint(
        cr, [&](int terrain) { return s.map.terrainTypes[static_cast<std::size_t>(terrain)].colour; }));
    ground.relief(cr);
    cairo_destroy(cr);
    cairo_surface_flush(image.get());
    return image;
}

int pixelsThatDiffer(cairo_surface_t* a, cairo_surface_t* b) {
    int differ = 0;
    for (int y = 0; y < cairo_image_surface_get_height(a); ++y) {
        for (int x = 0; x < cairo_image_surface_get_width(a); ++x) {
            differ += pixelOf(a, x, y) != pixelOf(b, x, y) ? 1 : 0;
        }
    }
    return differ;
}

TEST(NaturalGround, ASquareInOneShadeIsLaidAsEachOfItsPixelsFindsItsShade) {
    // The relief lays a lattice square at one level whose shade is one slot throughout from one
    // layer, found once for the square; every pixel of it must be what the pixel finds alone.
    for (const GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const Scenario s = patchwork(shape);
        const Layout layout(s.map.grid, 48);
        NaturalGround::Options options;
        options.samplesPerCell = 6;
        const SurfacePtr whole = paintedWithRelief(s, layout, options);
        options.wholeSquares = false;
        const SurfacePtr alone = paintedWithRelief(s, layout, options);
        EXPECT_EQ(pixelsThatDiffer(whole.get(), alone.get()), 0) << "grid " << static_cast<int>(shape);
    }
}

TEST(NaturalGround, EachPaintedPixelIsItsCornersTerrainOrTheirMeanWithItsMiddle) {
    // paint sets runs of pixels whose corners lie in squares of one terrain whole, and finds the
    // rest corner by corner; every pixel must be what its own corners and middle make it: their
    // terrain's colour where the four show one, else the mean of the four and, twice, the middle.
    // Drawn at a scale and shift that put no pixel edge on a lattice line, through a clip of two
    // rectangles (the canvas's update region), on all three grids.
    for (const GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const PatchworkGround p(shape);
        const double scale = 1.37, shiftX = 3.3, shiftY = -2.7;
        const int w = static_cast<int>(p.width * scale) + 4, h = static_cast<int>(p.height * scale) + 4;
        SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
        cairo_t* cr = cairo_create(image.get());
        cairo_set_source_rgb(cr, 1, 0, 1);
        cairo_paint(cr);
        // Two bands of the image, a gap between them, as an update region has them.
        const int gapTop = h / 3, gapBottom = h / 3 + 17;
        cairo_rectangle(cr, 0, 0, w, gapTop);
        cairo_rectangle(cr, 0, gapBottom, w, h - gapBottom);
        cairo_clip(cr);
        cairo_translate(cr, shiftX, shiftY);
        cairo_scale(cr, scale, scale);
        ASSERT_TRUE(p.ground.paint(cr, p.colour));
        cairo_destroy(cr);
        cairo_surface_flush(image.get());

        const auto terrainAt = [&](double x, double y) {
            return p.ground.terrainAt({(x - shiftX) / scale, (y - shiftY) / scale});
        };
        const auto colourOf = [&](int terrain) {
            return p.s.map.terrainTypes[static_cast<std::size_t>(terrain)].colour;
        };
        int checked = 0, mixed = 0, wrong = 0, outside = 0;
        std::string first;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const Rgb got = pixelOf(image.get(), x, y);
                if (y >= gapTop && y < gapBottom) {
                    outside += got != Rgb{255, 0, 255} ? 1 : 0; // the gap is left as it was
                    continue;
                }
                // Only pixels wholly on the map.
                const double left = (x - shiftX) / scale, top = (y - shiftY) / scale;
                const double right = (x + 1 - shiftX) / scale, bottom = (y + 1 - shiftY) / scale;
                if (left < 0 || top < 0 || right > p.layout.width() || bottom > p.layout.height()) {
                    continue;
                }
                const std::array<std::optional<int>, 4> corners{terrainAt(x, y), terrainAt(x + 1, y),
                                                                terrainAt(x + 1, y + 1), terrainAt(x, y + 1)};
                Rgb expected;
                if (corners[0] &&
                    std::ranges::all_of(corners, [&](const auto& c) { return c == corners[0]; })) {
                    expected = colourOf(*corners[0]);
                } else {
                    ++mixed;
                    unsigned red = 0, green = 0, blue = 0, count = 0;
                    const auto add = [&](const std::optional<int>& terrain, unsigned times) {
                        if (terrain) {
                            const Rgb c = colourOf(*terrain);
                            red += c.r * times;
                            green += c.g * times;
                            blue += c.b * times;
                            count += times;
                        }
                    };
                    for (const auto& c : corners) {
                        add(c, 1);
                    }
                    add(terrainAt(x + 0.5, y + 0.5), 2);
                    ASSERT_GT(count, 0U);
                    expected = {static_cast<std::uint8_t>((red + count / 2) / count),
                                static_cast<std::uint8_t>((green + count / 2) / count),
                                static_cast<std::uint8_t>((blue + count / 2) / count)};
                }
                ++checked;
                if (got != expected && wrong++ == 0) {
                    first = "pixel " + std::to_string(x) + ", " + std::to_string(y);
                }
            }
        }
        const std::string grid = "grid " + std::to_string(static_cast<int>(shape));
        EXPECT_EQ(wrong, 0) << grid << ": " << wrong << " of " << checked << " pixels, the first " << first;
        EXPECT_EQ(outside, 0) << grid << ": pixels set outside the clip";
        EXPECT_GT(checked, w * h / 2) << grid;
        EXPECT_GT(mixed, 1000) << grid << ": boundaries cross pixels";
    }
}

TEST(NaturalGround, ARectangleInOneTerrainThroughoutShowsItAtEveryPoint) {
    // terrainThroughout answers for a whole rectangle (the fields' plots ask it before their
    // furrows): where it names a terrain, the ground shows that terrain at every point inside.
    const PatchworkGround p(GridShape::HexPointy);
    int named = 0, unnamed = 0;
    for (int k = 0; k < 400; ++k) {
        const auto hash = [&](int salt) {
            return static_cast<double>(static_cast<unsigned>((k * 2654435761u) ^ (salt * 40503u)) % 10007u) /
                   10007.0;
        };
        const double width = 1 + 40 * hash(1) * hash(1), height = 1 + 40 * hash(2) * hash(2);
        const double left = hash(3) * (p.layout.width() - width),
                     top = hash(4) * (p.layout.height() - height);
        const std::optional<int> terrain = p.ground.terrainThroughout(left, top, left + width, top + height);
        if (!terrain) {
            ++unnamed;
            continue;
        }
        ++named;
        for (double y = top; y <= top + height; y += 0.5) {
            for (double x = left; x <= left + width; x += 0.5) {
                ASSERT_EQ(p.ground.terrainAt({x, y}), terrain)
                    << "at " << x << ", " << y << " in rectangle " << k;
            }
        }
    }
    EXPECT_GT(named, 40);
    EXPECT_GT(unnamed, 40);
}

TEST(NaturalGround, APointAllOfWhoseCellsAreAlikeShowsWhatItsSumsShow) {
    // A lattice point all of whose cells show one terrain and level takes them without adding the
    // cells up (Options::wholeCells). Terrain in blocks of 10 x 10 cells and levels from 0 to 6 in
    // blocks of 10 x 10 half a block aside, so many points are such: the picture, its contours and
    // the terrain shown at every point must be what adding every point's cells up gives.
    for (const GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        Scenario s = plain(shape, 30, 24);
        for (int row = 0; row < 24; ++row) {
            for (int col = 0; col < 30; ++col) {
                const std::size_t i = s.map.grid.index({col, row});
                s.map.terrain[i] = static_cast<TerrainIndex>((col / 10 + row / 10) % 4);
                s.map.elevation[i] = static_cast<std::int16_t>(((col + 5) / 10 * 3 + (row + 5) / 10 * 2) % 7);
            }
        }
        const Layout layout(s.map.grid, 30);
        NaturalGround::Options options;
        options.samplesPerCell = 5;
        const NaturalGround whole(s.map, layout, 0, 0, layout.width(), layout.height(), options);
        EXPECT_GT(whole.pointsOfOneCell(), 2000U) << "points inside the blocks' meetings";
        const SurfacePtr wholePicture = paintedWithRelief(s, layout, options);
        options.wholeCells = false;
        const NaturalGround summed(s.map, layout, 0, 0, layout.width(), layout.height(), options);
        EXPECT_EQ(summed.pointsOfOneCell(), 0U);
        const SurfacePtr summedPicture = paintedWithRelief(s, layout, options);
        EXPECT_EQ(pixelsThatDiffer(wholePicture.get(), summedPicture.get()), 0)
            << "grid " << static_cast<int>(shape);
        std::vector<std::pair<Point, Point>> thin[2], index[2];
        whole.contours(thin[0], index[0]);
        summed.contours(thin[1], index[1]);
        EXPECT_GT(thin[0].size(), 100U) << "the levels change along the blocks' edges";
        EXPECT_TRUE(thin[0] == thin[1]) << thin[0].size() << " and " << thin[1].size() << " thin segments";
        EXPECT_TRUE(index[0] == index[1])
            << index[0].size() << " and " << index[1].size() << " index segments";
        int points = 0, differ = 0;
        for (double y = 1; y < layout.height(); y += 3.7) {
            for (double x = 1; x < layout.width(); x += 3.7) {
                ++points;
                differ += whole.terrainAt({x, y}) != summed.terrainAt({x, y}) ? 1 : 0;
            }
        }
        EXPECT_EQ(differ, 0) << "of " << points << " points";
        // A region inside the map (a page of a print, a tile), whose lattice cells beside it reach.
        const double left = 5.3 * layout.cellSize(), top = 4.6 * layout.cellSize();
        const double right = left + 9 * layout.cellSize(), bottom = top + 6 * layout.cellSize();
        options.wholeCells = true;
        const NaturalGround part(s.map, layout, left, top, right, bottom, options);
        EXPECT_GT(part.pointsOfOneCell(), 100U);
        int partDiffer = 0;
        for (double y = top; y < bottom; y += 2.9) {
            for (double x = left; x < right; x += 2.9) {
                partDiffer += part.terrainAt({x, y}) != summed.terrainAt({x, y}) ? 1 : 0;
            }
        }
        EXPECT_EQ(partDiffer, 0);
    }
}

TEST(NaturalGround, BandsThatShareTheRowsWhereTheyMeetDrawWhatEachDrawsAlone) {
    // A PNG's bands take the lattice rows along their sides from the band beside them
    // (SharedRows). Each band must draw what it draws alone, whichever band worked a row out: top
    // to bottom, bottom to top, and two bands at once.
    for (const GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const Scenario s = patchwork(shape);
        const Layout layout(s.map.grid, 48);
        NaturalGround::Options options;
        options.samplesPerCell = 6;
        constexpr int bands = 4;
        const double bandHeight = layout.height() / bands;
        const int w = static_cast<int>(layout.width()), h = static_cast<int>(std::ceil(bandHeight));
        const auto picture = [&](int band, NaturalGround::SharedRows* shared) {
            const double top = band * bandHeight;
            const NaturalGround ground(s.map, layout, 0, top, layout.width(), top + bandHeight, options,
                                       shared);
            SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
            cairo_t* cr = cairo_create(image.get());
            cairo_translate(cr, 0, -top);
            EXPECT_TRUE(ground.paint(cr, [&](int terrain) {
                return s.map.terrainTypes[static_cast<std::size_t>(terrain)].colour;
            }));
            ground.relief(cr);
            cairo_destroy(cr);
            cairo_surface_flush(image.get());
            const unsigned char* data = cairo_image_surface_get_data(image.get());
            return std::vector<unsigned char>(data, data + cairo_image_surface_get_stride(image.get()) * h);
        };
        std::vector<std::vector<unsigned char>> alone;
        for (int band = 0; band < bands; ++band) {
            alone.push_back(picture(band, nullptr));
        }
        NaturalGround::SharedRows downward, upward, atOnce;
        for (int band = 0; band < bands; ++band) {
            EXPECT_TRUE(picture(band, &downward) == alone[static_cast<std::size_t>(band)])
                << "band " << band << " drawn top to bottom, grid " << static_cast<int>(shape);
        }
        for (int band = bands - 1; band >= 0; --band) {
            EXPECT_TRUE(picture(band, &upward) == alone[static_cast<std::size_t>(band)])
                << "band " << band << " drawn bottom to top, grid " << static_cast<int>(shape);
        }
        // Each band's two sides meet a band, but the outer ones: the rows of three meetings taken.
        EXPECT_GT(downward.rowsTaken(), 0u);
        EXPECT_GT(upward.rowsTaken(), 0u);
        std::array<std::vector<unsigned char>, bands> drawn;
        {
            std::vector<std::jthread> threads;
            for (int band = 0; band < bands; ++band) {
                threads.emplace_back(
                    [&, band] { drawn[static_cast<std::size_t>(band)] = picture(band, &atOnce); });
            }
        }
        for (int band = 0; band < bands; ++band) {
            EXPECT_TRUE(drawn[static_cast<std::size_t>(band)] == alone[static_cast<std::size_t>(band)])
                << "band " << band << " drawn beside the others at once, grid " << static_cast<int>(shape);
        }
    }
}

TEST(NaturalGround, ACellAWholeNumberOfLatticeSquaresAcrossTakesThatMany) {
    // A square every 8 pixels on a raster, every 16 on paper, at least 3 a cell.
    EXPECT_EQ(NaturalGround::samplesFor(56, false), 7);
    EXPECT_EQ(NaturalGround::samplesFor(57, false), 8);
    EXPECT_EQ(NaturalGround::samplesFor(55, false), 7);
    EXPECT_EQ(NaturalGround::samplesFor(10, false), 3);
    EXPECT_EQ(NaturalGround::samplesFor(1000, false), 16);
    EXPECT_EQ(NaturalGround::samplesFor(96, true), 6);
    EXPECT_EQ(NaturalGround::samplesFor(97, true), 7);
    // A 56 pt cell at 72 dpi: 0.56 pixels a map unit, whose 100 units are 56.00000000000001.
    const double scale = 56.0 / mapUnitsPerCell * 72 / 72.0;
    ASSERT_GT(scale * mapUnitsPerCell, 56.0);
    EXPECT_EQ(NaturalGround::samplesFor(scale * mapUnitsPerCell, false), 7);
    EXPECT_EQ(NaturalGround::samplesFor(std::nextafter(64.0, 65.0), false), 8);
    // Its squares are then the raster's 8 pixels, set pixel by pixel; past 128 pixels a cell (16
    // squares at most) they grow larger and are filled.
    EXPECT_TRUE(NaturalGround::squaresFitRaster(scale * mapUnitsPerCell, 7));
    EXPECT_FALSE(NaturalGround::squaresFitRaster(57, 7));
    EXPECT_TRUE(NaturalGround::squaresFitRaster(128, NaturalGround::samplesFor(128, false)));
    EXPECT_FALSE(NaturalGround::squaresFitRaster(129, NaturalGround::samplesFor(129, false)));
}

// On paper the hill shading is an image of a pixel for every two lattice steps each way, a quarter
// of the lattice's points: a shade changes over cells, and a pixel a point was most of a large
// PDF's bytes. That it looks as the relief laid pixel by pixel, the test above says.
TEST(NaturalGround, OnPaperTheShadingIsAnImageOfEveryOtherLatticePoint) {
    const PatchworkGround p(GridShape::HexPointy);
    std::string pdf;
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(
        [](void* closure, const unsigned char* data, unsigned int length) {
            static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
            return CAIRO_STATUS_SUCCESS;
        },
        &pdf, p.width, p.height);
    cairo_t* cr = cairo_create(surface);
    p.ground.relief(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    // The largest image's size, from its dictionary (plain text before its deflated pixels).
    const auto largest = [&](std::string_view key) {
        int most = 0;
        for (std::size_t at = pdf.find(key); at != std::string::npos; at = pdf.find(key, at + 1)) {
            most = std::max(most, std::atoi(pdf.c_str() + at + key.size()));
        }
        return most;
    };
    const double step = p.layout.cellSize() / 6; // PatchworkGround's samples a cell
    const double latticeWide = p.width / step + 1, latticeHigh = p.height / step + 1;
    ASSERT_GT(largest("/Width "), 0) << "no shading image";
    EXPECT_NEAR(largest("/Width "), latticeWide / 2, 3) << "the lattice is " << latticeWide << " points wide";
    EXPECT_NEAR(largest("/Height "), latticeHigh / 2, 3)
        << "the lattice is " << latticeHigh << " points high";
}

TEST(NaturalGround, TheGridStampedOnAnImageIsTheGridStrokedOnPaper) {
    // On an image every cell stamps the marks of half its sides, the map's outer sides stroked
    // besides; on paper every side is stroked. The same marks, the outer sides' too.
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const Scenario s = plain(shape, 7, 5);
        RenderOptions o = groundOnly();
        o.grid = true;
        const Layout layout(s.map.grid, 60);
        // Smoothed, as stamps are.
        const SurfacePtr screen = drawn(s, layout, o, false, {}, true),
                         paper = drawn(s, layout, o, true, {}, true);
        const Rgb open = s.map.terrainTypes[0].colour;
        int marked = 0, differ = 0;
        for (int y = 0; y < static_cast<int>(layout.height()); ++y) {
            for (int x = 0; x < static_cast<int>(layout.width()); ++x) {
                const Rgb a = pixelOf(screen.get(), x, y), b = pixelOf(paper.get(), x, y);
                marked += channelDifference(b, open) > 24 ? 1 : 0;
                differ += channelDifference(a, b) > 24 ? 1 : 0;
            }
        }
        EXPECT_GT(marked, 0) << enumName(shape);
        // A stamp lands within an eighth of a pixel of the stroke: pixels along a mark's edge.
        EXPECT_LT(differ * 4, marked) << enumName(shape) << ": " << differ << " pixels differ of the "
                                      << marked << " the marks cover on paper";
    }
}

} // namespace
} // namespace sandtable
