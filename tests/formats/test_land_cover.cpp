// Terrain from land cover: classified rasters made here with GDAL itself (woods to the west, crops to
// the east, a pond in the north-east, a patch of a class no table lists in the south-west), in UTM
// and in the Albers projection NLCD comes in, sampled over a placed map.
#include "editor/cli/cli.hpp"
#include "formats/land_cover.hpp"
#include "formats/scenario_xml.hpp"
#include "model/commands/edits.hpp"
#include "model/scenario_generator.hpp"
#include "tests/file_bytes.hpp"
#include "tests/formats/synthetic_dem.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace sandtable {
namespace {

namespace fs = std::filesystem;
using testing_support::centreOnGround;

constexpr double centreEast = 302'000, centreNorth = 4'398'000; // UTM 18N, where the map is placed
constexpr double pondEast = 302'300, pondNorth = 4'398'500;     // north-east of both
constexpr double patchEast = 301'700, patchNorth = 4'397'300;   // south-west of both

// The ground's class at a UTM point.
int classAt(double e, double n) {
    if (n < patchNorth && e < patchEast) {
        return 99; // in no table
    }
    if (n > pondNorth && e > pondEast) {
        return 11; // open water
    }
    return e < centreEast ? 41 : 82; // deciduous forest, cultivated crops
}

// How far a UTM point is from the nearest line where the class changes, in metres.
double marginAt(double e, double n) {
    double m = std::abs(e - centreEast);
    if (n < patchNorth + 100 && e < patchEast + 100) {
        m = std::min({m, std::abs(n - patchNorth), std::abs(e - patchEast)});
    }
    if (n > pondNorth - 100 && e > pondEast - 100) {
        m = std::min({m, std::abs(n - pondNorth), std::abs(e - pondEast)});
    }
    return m;
}

// 20 x 20 hexes of 100 yards centred on (centreEast, centreNorth), every cell an orchard: a
// terrain no class turns into, so what the import leaves shows.
Scenario orchards() {
    Scenario s = generateScenario(GeneratorParameters{20, 20, 2, 1, 1, GridShape::HexFlat});
    s.map.yardsPerCell = 100;
    s.map.geo = GeoPlacement{"EPSG:32618", GeoAnchor::Centre, centreEast, centreNorth, 0};
    std::ranges::fill(s.map.terrain, static_cast<TerrainIndex>(*s.map.terrainIndexOf("orchard")));
    return s;
}

class LandCover : public testing::Test {
  protected:
    void SetUp() override {
        utm = dir / "cover-utm.tif";
        // 4 km square of 10 m pixels.
        ASSERT_TRUE(testing_support::writeRaster(utm, 32618, {400, 10, 300'000, 4'400'000}, GDT_Byte,
                                                 [](double e, double n) { return classAt(e, n); }));
    }
    LandCoverTable nlcd() const {
        auto t = landCoverTable("nlcd");
        EXPECT_TRUE(t) << t.error();
        return *t;
    }
    testing_support::TemporaryFolder folder_{"land-cover"};
    const fs::path dir = folder_.path();
    fs::path utm;
};

TEST_F(LandCover, EachCellTakesTheTerrainThatCoversMostOfIt) {
    const Scenario s = orchards();
    auto imported = importLandCover(s.map, utm, nlcd());
    ASSERT_TRUE(imported) << imported.error();
    auto index = [&](const char* key) { return static_cast<TerrainIndex>(*s.map.terrainIndexOf(key)); };
    const TerrainIndex woods = index("woods"), open = index("open"), water = index("water"),
                       orchard = index("orchard");
    int checked = 0;
    for (std::size_t i = 0; i < s.map.grid.cellCount(); ++i) {
        const Offset c = s.map.grid.offsetAt(i);
        const auto [e, n] = centreOnGround(s.map, c);
        if (marginAt(e, n) < 60) {
            continue; // a cell (53 m from centre to corner) that a class line may cross
        }
        ++checked;
        const int cls = classAt(e, n);
        const TerrainIndex expected = cls == 41 ? woods : cls == 82 ? open : cls == 11 ? water : orchard;
        EXPECT_EQ(imported->terrain[i], expected) << s.map.grid.label(c) << " of class " << cls;
    }
    EXPECT_GT(checked, 300);
    EXPECT_TRUE(imported->outside.empty());
    EXPECT_GT(imported->cellsByTerrain.at("woods"), 100);
    EXPECT_GT(imported->cellsByTerrain.at("open"), 100);
    EXPECT_GT(imported->cellsByTerrain.at("water"), 5);
    // The patch of class 99: its cells are left as painted and the class is reported.
    EXPECT_GT(imported->unlisted, 3);
    ASSERT_TRUE(imported->unlistedClasses.contains(99));
    EXPECT_GT(imported->unlistedClasses.at(99), 300); // pixels of 10 m
    EXPECT_EQ(imported->unlistedClasses.size(), 1u);
    EXPECT_EQ(imported->changed, imported->cellsByTerrain.at("woods") + imported->cellsByTerrain.at("open") +
                                     imported->cellsByTerrain.at("water"));
}

// Land cover is read only under the map too, after its size there is checked: a raster declared
// 1,000,000 pixels a side gives what its 400-pixel source gives, and one whose part under the map is
// over the limit is refused before it is read.
TEST_F(LandCover, OnlyThePartUnderTheMapIsReadAndWithinTheLimit) {
    const Scenario s = orchards();
    const fs::path huge = dir / "huge.vrt", tooFine = dir / "too-fine.vrt";
    ASSERT_TRUE(testing_support::writeVirtualRaster(huge, 1'000'000, 10, 300'000 - 5e6, 4'400'000 + 5e6,
                                                    "Int32", utm, 400, 500'000, 400));
    auto direct = importLandCover(s.map, utm, nlcd());
    auto throughHuge = importLandCover(s.map, huge, nlcd());
    ASSERT_TRUE(direct) << direct.error();
    ASSERT_TRUE(throughHuge) << throughHuge.error();
    EXPECT_EQ(throughHuge->terrain, direct->terrain);
    ASSERT_TRUE(testing_support::writeVirtualRaster(tooFine, 1'000'000, 0.004, 300'000, 4'400'000, "Int32",
                                                    utm, 400, 0, 1'000'000));
    auto refused = importLandCover(s.map, tooFine, nlcd());
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().find("too-fine.vrt: the part of the raster under the map is"),
              std::string::npos)
        << refused.error();
    EXPECT_NE(refused.error().find("at most 50,000,000 pixels are read"), std::string::npos)
        << refused.error();
}

TEST_F(LandCover, MixedCellsAndClassesTheTableLeavesKeepTheirTerrain) {
    const Scenario s = orchards();
    const auto orchard = static_cast<TerrainIndex>(*s.map.terrainIndexOf("orchard"));
    // Nine tenths of a cell must be one terrain: the cells the woods' edge crosses are mixed.
    auto strict = importLandCover(s.map, utm, nlcd(), LandCoverOptions{0.9});
    ASSERT_TRUE(strict) << strict.error();
    EXPECT_GT(strict->mixed, 10);
    for (std::size_t i = 0; i < s.map.grid.cellCount(); ++i) {
        const auto [e, n] = centreOnGround(s.map, s.map.grid.offsetAt(i));
        if (std::abs(e - centreEast) < 5 && n > patchNorth + 100 && n < pondNorth - 100) {
            EXPECT_EQ(strict->terrain[i], orchard) << "a cell half woods and half crops is mixed";
        }
    }
    // A table that leaves crops alone ("-"): the eastern cells stay orchards.
    auto table = parseLandCoverTable("41 woods\n82 -   crops: leave\n11 water\n99 open\n", "mine.txt");
    ASSERT_TRUE(table) << table.error();
    auto kept = importLandCover(s.map, utm, *table);
    ASSERT_TRUE(kept) << kept.error();
    EXPECT_GT(kept->keptByTable, 100);
    EXPECT_EQ(kept->unlisted, 0);
    EXPECT_TRUE(kept->unlistedClasses.empty());
    for (std::size_t i = 0; i < s.map.grid.cellCount(); ++i) {
        const auto [e, n] = centreOnGround(s.map, s.map.grid.offsetAt(i));
        if (marginAt(e, n) >= 60 && classAt(e, n) == 82) {
            EXPECT_EQ(kept->terrain[i], orchard);
        }
    }
}

// NLCD comes in an Albers equal-area projection (EPSG:5070), not the map's UTM: the same ground,
// drawn in Albers, gives the same terrain.
TEST_F(LandCover, ARasterInAnotherProjectionClassifiesTheSameGround) {
    OGRSpatialReference albers, utmSrs;
    albers.importFromEPSG(5070);
    utmSrs.importFromEPSG(32618);
    albers.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    utmSrs.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    OGRCoordinateTransformation* toAlbers = OGRCreateCoordinateTransformation(&utmSrs, &albers);
    OGRCoordinateTransformation* toUtm = OGRCreateCoordinateTransformation(&albers, &utmSrs);
    ASSERT_NE(toAlbers, nullptr);
    double x = 300'000, y = 4'400'000; // the UTM raster's corner, to put the Albers one around it
    toAlbers->Transform(1, &x, &y);
    const fs::path inAlbers = dir / "cover-albers.tif";
    ASSERT_TRUE(testing_support::writeRaster(inAlbers, 5070, {450, 10, x - 200, y + 200}, GDT_Byte,
                                             [&](double ax, double ay) {
                                                 toUtm->Transform(1, &ax, &ay);
                                                 return classAt(ax, ay);
                                             }));
    OGRCoordinateTransformation::DestroyCT(toAlbers);
    OGRCoordinateTransformation::DestroyCT(toUtm);
    const Scenario s = orchards();
    auto a = importLandCover(s.map, utm, nlcd());
    auto b = importLandCover(s.map, inAlbers, nlcd());
    ASSERT_TRUE(a) << a.error();
    ASSERT_TRUE(b) << b.error();
    EXPECT_TRUE(b->outside.empty());
    int same = 0;
    for (std::size_t i = 0; i < s.map.grid.cellCount(); ++i) {
        same += a->terrain[i] == b->terrain[i];
        const auto [e, n] = centreOnGround(s.map, s.map.grid.offsetAt(i));
        if (marginAt(e, n) >= 60) {
            EXPECT_EQ(a->terrain[i], b->terrain[i]) << s.map.grid.label(s.map.grid.offsetAt(i));
        }
    }
    EXPECT_GE(same, 390) << "of 400 cells";
}

TEST_F(LandCover, CellsOffTheRasterAreReportedAndKeepTheirTerrain) {
    Scenario s = orchards();
    s.map.geo->x = 300'000; // the map's centre on the raster's western edge
    auto imported = importLandCover(s.map, utm, nlcd());
    ASSERT_TRUE(imported) << imported.error();
    EXPECT_GT(imported->outside.size(), 150u);
    for (Offset c : imported->outside) {
        EXPECT_LT(centreOnGround(s.map, c).first, 300'000 + 60) << "only cells west of the raster";
        EXPECT_EQ(imported->terrain[s.map.grid.index(c)], s.map.terrain[s.map.grid.index(c)]);
    }
    s.map.geo->x = 200'000; // nowhere near it
    auto none = importLandCover(s.map, utm, nlcd());
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().find("covers none of the map's cells"), std::string::npos) << none.error();
}

TEST_F(LandCover, TablesAreReadWithTheLineOfEveryMistake) {
    EXPECT_EQ(parseLandCoverTable("41 woods\nforty-two woods\n", "t.txt").error(),
              "t.txt:2: 'forty-two' is not a class number (a whole number)");
    EXPECT_EQ(parseLandCoverTable("# header\n\n41\n", "t.txt").error(),
              "t.txt:3: class 41 has no terrain (a terrain key, or - to leave it)");
    EXPECT_EQ(parseLandCoverTable("41 woods\n42 woods\n41 open # again\n", "t.txt").error(),
              "t.txt:3: class 41 is already given on line 1");
    // Saved with CRLF or a lone CR (old Mac), the same lines.
    EXPECT_EQ(parseLandCoverTable("41 woods\r\n42 woods\r\n41 open # again\r\n", "t.txt").error(),
              "t.txt:3: class 41 is already given on line 1");
    EXPECT_EQ(parseLandCoverTable("41 woods\r42 woods\r41 open # again\r", "t.txt").error(),
              "t.txt:3: class 41 is already given on line 1");
    EXPECT_EQ(parseLandCoverTable("# nothing\n", "t.txt").error(),
              "t.txt: no classes (each line is CLASS TERRAIN [description])");
    auto good =
        parseLandCoverTable("41  woods  Deciduous forest   # trailing note\n21 - Developed\n", "t.txt");
    ASSERT_TRUE(good) << good.error();
    ASSERT_EQ(good->rules.size(), 2u);
    EXPECT_EQ(good->rules[0].description, "Deciduous forest");
    EXPECT_FALSE(good->rules[1].terrain);
    EXPECT_EQ(good->find(21)->line, 2);
    EXPECT_EQ(good->find(22), nullptr);

    // A terrain the map does not have: named with the table's line and the map's own keys.
    const Scenario s = orchards();
    auto wrong = parseLandCoverTable("41 woods\n82 cornfield\n", "mine.txt");
    ASSERT_TRUE(wrong);
    auto refused = importLandCover(s.map, utm, *wrong);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error(), "mine.txt:2: terrain 'cornfield' is not one of this map's terrain types "
                               "(open, woods, heavy-woods, orchard, town, marsh, water)");
    EXPECT_FALSE(landCoverTable((dir / "missing.txt").string()));
    EXPECT_NE(
        landCoverTable((dir / "missing.txt").string()).error().find("not a built-in table: nlcd, worldcover"),
        std::string::npos);
    // Not a raster, and a map not placed.
    EXPECT_NE(importLandCover(s.map, dir / "missing.tif", nlcd()).error().find("missing.tif: no such file"),
              std::string::npos);
    Scenario unplaced = s;
    unplaced.map.geo.reset();
    EXPECT_NE(importLandCover(unplaced.map, utm, nlcd()).error().find("not placed on the Earth"),
              std::string::npos);
}

// The built-in tables give only terrain types every new map has, so they work on one as it is.
TEST_F(LandCover, TheBuiltInTablesFitANewMap) {
    const Map fresh = Map::blank(Grid(Grid::Parameters{}), defaultTerrainTypes());
    ASSERT_EQ(builtinLandCoverTables(), (std::vector<std::string>{"nlcd", "worldcover"}));
    for (const std::string& name : builtinLandCoverTables()) {
        auto table = landCoverTable(name);
        ASSERT_TRUE(table) << table.error();
        EXPECT_GE(table->rules.size(), 10u) << name;
        for (const LandCoverRule& rule : table->rules) {
            if (rule.terrain) {
                EXPECT_TRUE(fresh.terrainIndexOf(*rule.terrain))
                    << name << ":" << rule.line << " " << *rule.terrain;
            }
            EXPECT_FALSE(rule.description.empty()) << name << ":" << rule.line;
        }
    }
}

TEST_F(LandCover, TheImportIsOneUndoableEdit) {
    Scenario s = orchards();
    const Scenario before = s;
    auto imported = importLandCover(s.map, utm, nlcd());
    ASSERT_TRUE(imported);
    auto edit = edits::setTerrainLayer(s, imported->terrain);
    edit->apply(s);
    EXPECT_EQ(s.map.terrain, imported->terrain);
    EXPECT_EQ(edit->text(), "Import land cover");
    edit->revert(s);
    EXPECT_EQ(s, before);
}

TEST_F(LandCover, TheCommandLineImportsAndReportsWhatItLeft) {
    const fs::path file = dir / "map.xml";
    ASSERT_TRUE(saveScenario(orchards(), file));
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"import-land-cover", file.string(), utm.string(), "--table", "nlcd"}, out, err), 0)
        << err.str();
    EXPECT_NE(out.str().find("given terrain by built-in nlcd"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("  woods: "), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("Classes not in the table: 99 ("), std::string::npos) << out.str();
    auto back = readScenario(file);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->map.terrain, importLandCover(orchards().map, utm, nlcd())->terrain);
    // The same report as JSON, for scripts: the figures of the import, run again on the result.
    std::ostringstream json;
    ASSERT_EQ(
        cli::run({"import-land-cover", file.string(), utm.string(), "--table", "nlcd", "--json"}, json, err),
        0)
        << err.str();
    EXPECT_NE(json.str().find("\"table\": \"built-in nlcd\""), std::string::npos) << json.str();
    EXPECT_NE(json.str().find("\"changed\": 0,"), std::string::npos)
        << "nothing left to change: " << json.str();
    EXPECT_NE(json.str().find("\"class\": 99,"), std::string::npos) << json.str();
    EXPECT_NE(json.str().find("\"woods\": "), std::string::npos) << json.str();

    // Mistakes exit 2 with what is wrong, and leave the file as it was.
    const std::string saved = testing_support::fileBytes(file);
    const fs::path table = dir / "bad-table.txt";
    std::ofstream(table) << "41 woods\n82 cornfield\n";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"import-land-cover", file.string(), utm.string(), "--table",
                                   table.string()},
          std::vector<std::string>{"import-land-cover", file.string(), utm.string(), "--table", "nlcd",
                                   "--min-share", "0%"},
          std::vector<std::string>{"import-land-cover", file.string(), utm.string()}}) {
        std::ostringstream o, e;
        EXPECT_EQ(cli::run(args, o, e), 2) << args.back();
        EXPECT_FALSE(e.str().empty());
    }
    std::ostringstream o, e;
    EXPECT_EQ(cli::run({"import-land-cover", file.string(), utm.string(), "--table", table.string()}, o, e),
              2);
    EXPECT_NE(e.str().find("bad-table.txt:2: terrain 'cornfield' is not one of this map's terrain types"),
              std::string::npos)
        << e.str();
    EXPECT_EQ(testing_support::fileBytes(file), saved);
}

} // namespace
} // namespace sandtable
