// TMX exports checked with the real program: Tiled's tmxrasterizer draws them, and the picture
// must have the size of Tiled's hex formulas and each cell's terrain colour at its centre.
#include "exports/tmx_export.hpp"
#include "formats/scenario_xml.hpp"
#include "model/scenario_generator.hpp"
#include "tests/file_bytes.hpp"
#include "tests/temporary_folder.hpp"

#include <cairo.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

class TmxExport : public testing::Test {
  protected:
    void SetUp() override {
        ASSERT_EQ(std::system("command -v tmxrasterizer > /dev/null"), 0)
            << "tmxrasterizer (Debian package tiled) is missing: run ./dev deps";
    }

    // Exports, rasterizes with Tiled (object layers hidden) and compares sizes and centre colours.
    void checkWithTiled(const Scenario& s, const std::string& name) {
        const fs::path tmx = dir / (name + ".tmx"), png = dir / (name + ".png");
        ASSERT_TRUE(exportTmx(s, tmx));
        const std::string command = "QT_QPA_PLATFORM=offscreen tmxrasterizer --hide-layer hexsides "
                                    "--hide-layer paths --hide-layer features "
                                    "--hide-layer pieces '" +
                                    tmx.string() + "' '" + png.string() + "' 2>/dev/null";
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
        cairo_surface_t* image = cairo_image_surface_create_from_png(png.c_str());
        ASSERT_EQ(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
        const TmxGeometry g = TmxGeometry::of(s.map.grid);
        EXPECT_EQ(cairo_image_surface_get_width(image), g.mapWidth(s.map.grid)) << name;
        EXPECT_EQ(cairo_image_surface_get_height(image), g.mapHeight(s.map.grid)) << name;
        const unsigned char* data = cairo_image_surface_get_data(image);
        const int stride = cairo_image_surface_get_stride(image);
        int wrong = 0;
        for (int row = 0; row < s.map.grid.rows(); ++row) {
            for (int col = 0; col < s.map.grid.cols(); ++col) {
                const Offset c{col, row};
                // Beside the centre, 0.4 of a cell out: clear of every terrain symbol the tiles carry.
                const int x = static_cast<int>(g.centreX(c) - 0.4 * g.tileHeight),
                          y = static_cast<int>(g.centreY(c));
                const unsigned char* px = data + y * stride + x * 4; // ARGB32 little endian: B, G, R, A
                const Rgb want = s.map.terrainAt(c).colour;
                if (px[2] != want.r || px[1] != want.g || px[0] != want.b) {
                    ++wrong;
                }
            }
        }
        EXPECT_EQ(wrong, 0) << name
                            << ": cells whose ground is not their terrain's colour in Tiled's rendering";
        cairo_surface_destroy(image);
    }

    testing_support::TemporaryFolder folder_{"tmx"};
    const fs::path dir = folder_.path();
};

TEST_F(TmxExport, FirstBullRunRendersInTiledWithItsTerrain) {
    auto s = readScenario(fs::path(SANDTABLE_SAMPLES) / "first-bull-run" / "first-bull-run.sandtable.xml");
    ASSERT_TRUE(s);
    checkWithTiled(*s, "bull-run");
}

TEST_F(TmxExport, EveryGridShapeAndParityMatchesTiledsGeometry) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        for (OffsetParity parity : {OffsetParity::Odd, OffsetParity::Even}) {
            Scenario s = generateScenario(GeneratorParameters{13, 9, 20, 5, 4, shape});
            Grid::Parameters p = s.map.grid.parameters();
            p.parity = parity;
            Map m = Map::blank(Grid(p), s.map.terrainTypes);
            for (std::size_t i = 0; i < m.terrain.size(); ++i) {
                m.terrain[i] = static_cast<TerrainIndex>((i * 7 + i / 13) % m.terrainTypes.size());
            }
            s.map = m;
            s.deployment = {};
            checkWithTiled(s, std::string(enumName(shape)) + "-" + std::string(enumName(parity)));
        }
    }
}

TEST_F(TmxExport, TiledReadsTheObjectsAndProperties) {
    auto s = readScenario(std::string(SANDTABLE_TEST_DATA) + "/good/small.xml");
    ASSERT_TRUE(s);
    const fs::path tmx = dir / "small.tmx", json = dir / "small.json";
    ASSERT_TRUE(exportTmx(*s, tmx, TmxExportOptions{true}));
    const std::string command = "QT_QPA_PLATFORM=offscreen tiled --export-map json '" + tmx.string() + "' '" +
                                json.string() + "' 2>/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const std::string text = testing_support::fileBytes(json);
    EXPECT_NE(text.find("\"orientation\":\"hexagonal\""), std::string::npos) << text.substr(0, 400);
    EXPECT_NE(text.find("\"staggeraxis\":\"x\""), std::string::npos);
    EXPECT_NE(text.find("\"name\":\"22nd Alabama\""), std::string::npos) << "units are objects";
    EXPECT_NE(text.find("\"name\":\"exportForced\""), std::string::npos);
    EXPECT_NE(text.find("\"value\":\"rifle-musket\""), std::string::npos) << "unit properties";
    EXPECT_NE(text.find("\"name\":\"Main road\""), std::string::npos) << "roads are polylines";
    EXPECT_NE(text.find("\"value\":\"stream\""), std::string::npos) << "hexsides carry their kind";
}

} // namespace
} // namespace sandtable
