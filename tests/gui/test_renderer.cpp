// The renderer draws off screen with no display: pixels at cell centres show the right colours.
#include "editor/canvas/map_renderer.hpp"
#include "model/scenario_generator.hpp"

#include <gtest/gtest.h>
#include <wx/image.h>
#include <wx/init.h>

#include <memory>

namespace sandtable {
namespace {

wxImage render(const Scenario& s, const Layout& layout, const RenderOptions& o) {
    wxImage image(static_cast<int>(layout.width()) + 1, static_cast<int>(layout.height()) + 1);
    image.SetRGB(wxRect(0, 0, image.GetWidth(), image.GetHeight()), 0, 0, 0);
    {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(image));
        gc->SetAntialiasMode(wxANTIALIAS_NONE);
        MapRenderer(s, layout).draw(*gc, wxRect2DDouble(0, 0, layout.width(), layout.height()), 1.0, o);
    }
    return image;
}

TEST(MapRenderer, CellCentresShowTheirTerrainColour) {
    wxInitializer init;
    ASSERT_TRUE(init.IsOk());
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        Scenario s = generateScenario(GeneratorParameters{12, 9, 0, 0, 3, shape});
        s.map.hexsides.clear();
        for (std::size_t i = 0; i < s.map.terrain.size(); ++i) {
            s.map.terrain[i] = static_cast<TerrainIndex>(i % s.map.terrainTypes.size());
            s.map.elevation[i] = 0;
        }
        const Layout layout(s.map.grid, 40);
        RenderOptions o;
        o.labels = false;
        const wxImage image = render(s, layout, o);
        for (int row = 0; row < s.map.grid.rows(); ++row) {
            for (int col = 0; col < s.map.grid.cols(); ++col) {
                const Offset c{col, row};
                const Point p = layout.cellCenter(c);
                const Rgb want = s.map.terrainAt(c).colour;
                const int x = static_cast<int>(p.x), y = static_cast<int>(p.y);
                EXPECT_EQ((Rgb{image.GetRed(x, y), image.GetGreen(x, y), image.GetBlue(x, y)}), want)
                    << enumName(shape) << " cell " << s.map.grid.label(c);
            }
        }
    }
}

TEST(MapRenderer, HigherGroundIsDrawnLighter) {
    wxInitializer init;
    Scenario s = generateScenario(GeneratorParameters{6, 6, 0, 0, 3, GridShape::HexFlat});
    s.map.hexsides.clear();
    std::fill(s.map.terrain.begin(), s.map.terrain.end(), TerrainIndex{0});
    std::fill(s.map.elevation.begin(), s.map.elevation.end(), std::int16_t{0});
    s.map.elevation[s.map.grid.index({3, 3})] = 3;
    const Layout layout(s.map.grid, 40);
    RenderOptions o;
    o.labels = false;
    const wxImage image = render(s, layout, o);
    const Point flat = layout.cellCenter({1, 1}), hill = layout.cellCenter({3, 3});
    const int flatSum = image.GetRed(int(flat.x), int(flat.y)) + image.GetGreen(int(flat.x), int(flat.y)) +
                        image.GetBlue(int(flat.x), int(flat.y));
    const int hillSum = image.GetRed(int(hill.x), int(hill.y)) + image.GetGreen(int(hill.x), int(hill.y)) +
                        image.GetBlue(int(hill.x), int(hill.y));
    EXPECT_GT(hillSum, flatSum + 30);
}

} // namespace
} // namespace sandtable
