// The render library draws on plain Cairo image surfaces: no wx, no display. Pixels at cell centres,
// on counters and on the overview show the right colours.
#include "model/scenario_generator.hpp"
#include "render/colours.hpp"
#include "render/map_painter.hpp"
#include "render/terrain_overview.hpp"
#include "tests/render/cairo_pixels.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <memory>

namespace sandtable {
namespace {

// An image surface with the map drawn at one pixel per map unit.
class Picture {
  public:
    Picture(const Scenario& s, const Layout& layout, const RenderOptions& o, double pixelsPerUnit = 1.0,
            const TerrainOverview* overview = nullptr)
        : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(layout.width()) + 1,
                                              static_cast<int>(layout.height()) + 1),
                   cairo_surface_destroy) {
        cairo_t* cr = cairo_create(surface_.get());
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
        MapPainter(s, layout, overview)
            .draw(cr, MapRect{0, 0, layout.width(), layout.height()}, pixelsPerUnit, o);
        cairo_destroy(cr);
        cairo_surface_flush(surface_.get());
    }
    Rgb at(Point p) const {
        return testing_support::pixelOf(surface_.get(), static_cast<int>(p.x), static_cast<int>(p.y));
    }

  private:
    testing_support::SurfacePtr surface_;
};

int brightness(Rgb c) {
    return c.r + c.g + c.b;
}

Scenario plain(GridShape shape, int cols, int rows) {
    Scenario s = generateScenario(GeneratorParameters{cols, rows, 0, 0, 3, shape});
    s.map.hexsides.clear();
    s.map.paths.clear();
    s.map.features.clear();
    std::fill(s.map.terrain.begin(), s.map.terrain.end(), TerrainIndex{0});
    std::fill(s.map.elevation.begin(), s.map.elevation.end(), std::int16_t{0});
    return s;
}

TEST(MapPainter, CellCentresShowTheirTerrainColour) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        Scenario s = plain(shape, 12, 9);
        for (std::size_t i = 0; i < s.map.terrain.size(); ++i) {
            s.map.terrain[i] = static_cast<TerrainIndex>(i % s.map.terrainTypes.size());
        }
        const Layout layout(s.map.grid, 40);
        RenderOptions o;
        o.labels = false;
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
    o.labels = false;
    const Picture picture(s, layout, o);
    EXPECT_EQ(picture.at(layout.cellCenter({3, 3})), shaded(s.map.terrainTypes[0].colour, 3));
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
    EXPECT_EQ(picture.at({(a.x + b.x) / 2, (a.y + b.y) / 2}), (Rgb{40, 90, 190}));
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

} // namespace
} // namespace sandtable
