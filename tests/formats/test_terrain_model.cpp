// Elevation from terrain models: small rasters made here with GDAL itself (a cone hill and a tilted
// plane of known heights in UTM zone 18N), sampled over placed maps.
#include "editor/cli/cli.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/terrain_model.hpp"
#include "model/layout.hpp"
#include "model/map.hpp"
#include "model/scenario_generator.hpp"
#include "tests/file_bytes.hpp"
#include "tests/formats/synthetic_dem.hpp"
#include "tests/temporary_folder.hpp"

#include <gdal.h>
#include <gtest/gtest.h>

#include <ogr_spatialref.h>
#include <optional>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numbers>
#include <sstream>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

constexpr double west = 300'000, north = 4'400'000, pixel = 10; // UTM 18N metres
constexpr int side = 400;                                       // 4 km square
constexpr double hillEast = 302'000, hillNorth = 4'398'000;

void writeDem(const fs::path& file, const std::function<double(double, double)>& height,
              const char* unit = "m") {
    ASSERT_TRUE(testing_support::writeUtmDem(file, {side, pixel, west, north}, height, unit));
}

double cone(double e, double n) {
    const double d = std::hypot(e - hillEast, n - hillNorth);
    return 100 + std::max(0.0, 100 * (1 - d / 1000)); // 100 m plain, a 100 m hill 1 km across
}
double plane(double e, double) {
    return (e - west) * 0.05; // 5 m a 100 m eastward: 0 to 200 m
}

Map placedMap(double rotation = 0,
              GeoPlacement at = {"EPSG:32618", GeoAnchor::Centre, hillEast, hillNorth, 0}) {
    Scenario s = generateScenario(GeneratorParameters{20, 20, 2, 1, 1, GridShape::HexFlat});
    Map map = s.map;
    map.yardsPerCell = 100;
    at.rotationDegrees = rotation;
    map.geo = at;
    return map;
}

// A 20 x 20 battle of 100-yard cells saved as `file` and placed over the hill by the command line.
void writePlacedBattle(const fs::path& file) {
    Scenario s = generateScenario(GeneratorParameters{20, 20, 2, 1, 1, GridShape::HexFlat});
    s.map.yardsPerCell = 100;
    ASSERT_TRUE(saveScenario(s, file));
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"place", file.string(), "--crs", "EPSG:32618", "--x", "302000", "--y", "4398000"},
                       out, err),
              0)
        << err.str();
}

class TerrainModel : public testing::Test {
  protected:
    // The McPherson's Ridge sample, and the terrain model of its landforms its script writes to
    // `dem` (in `dir`); nothing, the reason said, when the script does not run or the sample does
    // not load.
    std::optional<Scenario> mcPhersonsRidgeAndItsDem(fs::path& dem) const {
        const fs::path folder = fs::path(SANDTABLE_SAMPLES) / "mcphersons-ridge";
        dem = dir / "relief.asc";
        const std::string command = "cd '" + folder.string() + "' && python3 build_sample.py --dem '" +
                                    dem.string() + "' > /dev/null";
        if (std::system(command.c_str()) != 0) {
            ADD_FAILURE() << "the sample script did not run (is python3 installed?): " << command;
            return std::nullopt;
        }
        auto sample = readScenario(folder / "mcphersons-ridge.sandtable.xml");
        if (!sample) {
            ADD_FAILURE() << sample.error().toString();
            return std::nullopt;
        }
        return std::move(*sample);
    }
    testing_support::TemporaryFolder folder_{"dem"};
    const fs::path dir = folder_.path();
};

TEST_F(TerrainModel, TheHillsTopCellGetsTheTopLevel) {
    const fs::path dem = dir / "hill.tif";
    writeDem(dem, cone);
    const Map map = placedMap();
    for (ElevationSampling how :
         {ElevationSampling::Centre, ElevationSampling::Mean, ElevationSampling::Max}) {
        auto got = importElevation(map, dem, {20, 0.0, how, {}});
        ASSERT_TRUE(got) << got.error();
        // The cell nearest the summit.
        Offset top{};
        double nearest = 1e9;
        for (std::size_t i = 0; i < map.terrain.size(); ++i) {
            const auto [e, n] = testing_support::centreOnGround(map, map.grid.offsetAt(i));
            if (std::hypot(e - hillEast, n - hillNorth) < nearest) {
                nearest = std::hypot(e - hillEast, n - hillNorth);
                top = map.grid.offsetAt(i);
            }
        }
        const auto highest = *std::max_element(got->levels.begin(), got->levels.end());
        EXPECT_EQ(got->levels[map.grid.index(top)], highest) << enumName(how);
        EXPECT_TRUE(got->outside.empty());
        EXPECT_NEAR(got->lowestFeet, 328, 1) << "the plain is 100 m";
        if (how == ElevationSampling::Max) {
            EXPECT_GE(got->highestFeet, 600) << "the summit cell's highest pixel is near 200 m (656 ft)";
        }
    }
}

TEST_F(TerrainModel, LevelsFollowTheIntervalExactlyAtCellCentres) {
    const fs::path dem = dir / "plane.tif";
    writeDem(dem, plane);
    const Map map = placedMap();
    auto got = importElevation(map, dem, {10, 0.0, ElevationSampling::Centre, {}});
    ASSERT_TRUE(got) << got.error();
    EXPECT_EQ(got->feetPerContour, 10);
    int checked = 0;
    for (std::size_t i = 0; i < map.terrain.size(); ++i) {
        const auto [e, n] = testing_support::centreOnGround(map, map.grid.offsetAt(i));
        const double feet = plane(e, n) / 0.3048;
        const double exact = feet / 10;
        if (std::abs(exact - std::floor(exact) - 0.5) < 0.02) {
            continue; // on a level's boundary: either side is right
        }
        EXPECT_EQ(got->levels[i], std::lround(exact))
            << map.grid.label(map.grid.offsetAt(i)) << " at " << feet << " ft";
        ++checked;
    }
    EXPECT_GT(checked, 350);
}

TEST_F(TerrainModel, APlacementInLatitudeAndLongitudeSamplesTheSameGround) {
    const fs::path dem = dir / "hill.tif";
    writeDem(dem, cone);
    OGRSpatialReference utm, geographic;
    utm.importFromEPSG(32618);
    geographic.SetWellKnownGeogCS("WGS84");
    utm.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    geographic.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    OGRCoordinateTransformation* t = OGRCreateCoordinateTransformation(&utm, &geographic);
    double lon = hillEast, lat = hillNorth;
    ASSERT_TRUE(t->Transform(1, &lon, &lat));
    OGRCoordinateTransformation::DestroyCT(t);
    const Map inUtm = placedMap();
    const Map inDegrees = placedMap(0, GeoPlacement{"EPSG:4326", GeoAnchor::Centre, lon, lat, 0});
    auto a = importElevation(inUtm, dem, {20, 0.0, ElevationSampling::Mean, {}});
    auto b = importElevation(inDegrees, dem, {20, 0.0, ElevationSampling::Mean, {}});
    ASSERT_TRUE(a && b);
    int differ = 0;
    for (std::size_t i = 0; i < a->levels.size(); ++i) {
        EXPECT_LE(std::abs(a->levels[i] - b->levels[i]), 1);
        differ += a->levels[i] != b->levels[i];
    }
    EXPECT_LE(differ, 4) << "the same ground, placed in two coordinate systems";
}

TEST_F(TerrainModel, ATurnedMapSamplesTheGroundTurned) {
    const fs::path dem = dir / "plane.tif";
    writeDem(dem, plane);
    // Turned a quarter clockwise, the map's up points east, where the plane rises.
    const Map map = placedMap(90);
    auto got = importElevation(map, dem, {10, 0.0, ElevationSampling::Centre, {}});
    ASSERT_TRUE(got) << got.error();
    double top = 0, bottom = 0;
    for (int col = 0; col < map.grid.cols(); ++col) {
        top += got->levels[map.grid.index({col, 0})];
        bottom += got->levels[map.grid.index({col, map.grid.rows() - 1})];
    }
    EXPECT_GT(top / map.grid.cols(), bottom / map.grid.cols() + 20) << "the top row is the eastern edge";
    for (int row = 0; row < map.grid.rows(); ++row) {
        EXPECT_NEAR(got->levels[map.grid.index({0, row})],
                    got->levels[map.grid.index({map.grid.cols() - 2, row})], 1)
            << "a row runs north-south, along the contours";
    }
}

TEST_F(TerrainModel, CellsOutsideTheTerrainModelAreReportedAndKeepTheirLevel) {
    const fs::path dem = dir / "hill.tif";
    writeDem(dem, cone);
    // The map's centre near the raster's western edge: its western half is off it.
    Map map = placedMap(0, GeoPlacement{"EPSG:32618", GeoAnchor::Centre, west + 50, hillNorth, 0});
    std::fill(map.elevation.begin(), map.elevation.end(), std::int16_t{7});
    auto got = importElevation(map, dem, {20, 0.0, ElevationSampling::Mean, {}});
    ASSERT_TRUE(got) << got.error();
    ASSERT_FALSE(got->outside.empty());
    for (Offset c : got->outside) {
        EXPECT_EQ(got->levels[map.grid.index(c)], 7) << map.grid.label(c);
        EXPECT_LT(testing_support::centreOnGround(map, c).first, west + 60)
            << "only cells west of the raster are outside";
    }
}

TEST_F(TerrainModel, BadInputIsRefusedWithWhatIsWrong) {
    const fs::path dem = dir / "hill.tif", text = dir / "notes.txt";
    writeDem(dem, cone, "");
    { std::ofstream(text) << "not a raster\n"; }
    Map unplaced = placedMap();
    unplaced.geo.reset();
    auto e1 = importElevation(unplaced, dem);
    ASSERT_FALSE(e1);
    EXPECT_NE(e1.error().find("not placed on the Earth"), std::string::npos) << e1.error();
    auto e2 = importElevation(placedMap(), text);
    ASSERT_FALSE(e2);
    EXPECT_NE(e2.error().find("notes.txt: not a raster GDAL can read"), std::string::npos) << e2.error();
    auto e3 = importElevation(placedMap(), dem);
    ASSERT_FALSE(e3);
    EXPECT_NE(e3.error().find("metres or feet"), std::string::npos) << e3.error();
    EXPECT_TRUE(importElevation(placedMap(), dem, {20, {}, ElevationSampling::Mean, HeightUnit::Metre}));
    EXPECT_FALSE(checkCoordinateSystem("EPSG:999999"));
    EXPECT_TRUE(checkCoordinateSystem("EPSG:32618"));
}

// A raster is read only where the map lies: a terrain model declared 1,000,000 pixels a side (10 m
// pixels, the 400-pixel hill in its middle) gives the levels the hill's own file gives.
TEST_F(TerrainModel, OnlyThePartOfARasterUnderTheMapIsRead) {
    const fs::path dem = dir / "hill.tif", huge = dir / "huge.vrt";
    writeDem(dem, cone);
    constexpr long long hugeSide = 1'000'000, at = 500'000;
    ASSERT_TRUE(testing_support::writeVirtualRaster(huge, hugeSide, pixel, west - at * pixel,
                                                    north + at * pixel, "Float32", dem, side, at, side));
    const Map map = placedMap();
    auto direct = importElevation(map, dem, {20, {}, ElevationSampling::Mean, {}});
    auto throughHuge = importElevation(map, huge, {20, {}, ElevationSampling::Mean, {}});
    ASSERT_TRUE(direct) << direct.error();
    ASSERT_TRUE(throughHuge) << throughHuge.error();
    EXPECT_EQ(throughHuge->levels, direct->levels);
    EXPECT_EQ(throughHuge->baseFeet, direct->baseFeet);
}

// The issue's own file: a valid VRT of 1,000,000 x 1,000,000 Float32 pixels of 2 mm over the placed
// map (the map's 1.7 x 1.9 km on 826,685 x 957,091 of them) once ended the command with std::bad_alloc and a
// core dump. Now the part under the map is measured before anything is allocated, and refused in one line
// with exit code 2; the battle is left as it was.
TEST_F(TerrainModel, ARasterTooLargeUnderTheMapIsRefusedBeforeItIsRead) {
    const fs::path dem = dir / "hill.tif", huge = dir / "huge.vrt", file = dir / "map.xml";
    writeDem(dem, cone);
    ASSERT_TRUE(testing_support::writeVirtualRaster(huge, 1'000'000, 0.002, 301'000, 4'399'000, "Float32",
                                                    dem, side, 0, 1'000'000));
    ASSERT_NO_FATAL_FAILURE(writePlacedBattle(file));
    std::ostringstream out, err;
    const std::string saved = testing_support::fileBytes(file);
    EXPECT_EQ(
        cli::run({"import-elevation", file.string(), huge.string(), "--interval", "20ft", "--dem-units", "m"},
                 out, err),
        2);
    EXPECT_EQ(err.str(),
              "sandtable import-elevation: " + huge.string() +
                  ": the part of the raster under the map is 826,685 x 957,091 pixels (of 1,000,000 x "
                  "1,000,000); at most 50,000,000 pixels are read. Resample it to coarser pixels first "
                  "(for example with gdalwarp -tr)\n");
    EXPECT_EQ(testing_support::fileBytes(file), saved);
}

// A raster named on the command line or in a scenario is read only from a local file the user chose:
// no network, no device, and a VRT's sources only from the VRT's folder and below (docs/terrain-data.md).
TEST_F(TerrainModel, ARasterIsReadOnlyFromLocalFilesTheUserChose) {
    const fs::path dem = dir / "hill.tif";
    writeDem(dem, cone);
    const Map map = placedMap();
    const auto refusal = [&](const fs::path& raster) {
        auto got = importElevation(map, raster, {20, {}, ElevationSampling::Mean, HeightUnit::Metre});
        return got ? std::string("accepted") : got.error();
    };
    const auto vrtOf = [&](const fs::path& vrt, const std::string& source, bool relative) {
        std::ofstream(vrt)
            << "<VRTDataset rasterXSize=\"400\" rasterYSize=\"400\">\n"
            << "  <SRS>EPSG:32618</SRS>\n  <GeoTransform>300000, 10, 0, 4400000, 0, -10</GeoTransform>\n"
            << "  <VRTRasterBand dataType=\"Float32\" band=\"1\">\n    <SimpleSource>\n"
            << "      <SourceFilename relativeToVRT=\"" << (relative ? 1 : 0) << "\">" << source
            << "</SourceFilename>\n      <SourceBand>1</SourceBand>\n    </SimpleSource>\n"
            << "  </VRTRasterBand>\n</VRTDataset>\n";
    };
    EXPECT_EQ(
        refusal("/vsicurl/http://192.0.2.1/dem.tif"),
        "/vsicurl/http://192.0.2.1/dem.tif: not a file on this computer; Sandtable reads rasters only from "
        "local files (no /vsi... paths or URLs): download it first");
    EXPECT_NE(refusal("https://192.0.2.1/dem.tif").find("not a file on this computer"), std::string::npos);
    EXPECT_EQ(refusal(dir / "missing.tif"), (dir / "missing.tif").string() + ": no such file");
    EXPECT_EQ(refusal(dir), dir.string() + ": not a regular file (a device, folder or pipe); Sandtable reads "
                                           "rasters from files");
#ifndef _WIN32
    EXPECT_NE(refusal("/dev/zero").find("/dev/zero: not a regular file"), std::string::npos);
#endif
    // A VRT: its sources beside it are read; one on the network, a device, or outside its folder is not.
    vrtOf(dir / "beside.vrt", "hill.tif", true);
    EXPECT_EQ(refusal(dir / "beside.vrt"), "accepted");
    vrtOf(dir / "remote.vrt", "/vsicurl/http://192.0.2.1/dem.tif", false);
    EXPECT_EQ(refusal(dir / "remote.vrt"),
              (dir / "remote.vrt").string() +
                  ": its source '/vsicurl/http://192.0.2.1/dem.tif' is not on this "
                  "computer (a /vsi... path or URL); a VRT's sources are local files");
    vrtOf(dir / "device.vrt", "/dev/zero", false);
    EXPECT_NE(refusal(dir / "device.vrt").find("its source '/dev/zero' is outside the VRT's folder"),
              std::string::npos);
    fs::create_directories(dir / "vrts");
    vrtOf(dir / "vrts" / "up.vrt", "../hill.tif", true);
    EXPECT_NE(refusal(dir / "vrts" / "up.vrt").find("its source '../hill.tif' is outside the VRT's folder"),
              std::string::npos);
    // Nested: a VRT over a VRT over the network is refused at the inner one.
    vrtOf(dir / "outer.vrt", "remote.vrt", true);
    EXPECT_NE(refusal(dir / "outer.vrt").find("remote.vrt: its source '/vsicurl/"), std::string::npos)
        << refusal(dir / "outer.vrt");
    // A format GDAL reads from the network (a WMS description) is named and refused unopened.
    std::ofstream(dir / "tiles.xml")
        << "<GDAL_WMS><Service name=\"TMS\"><ServerUrl>http://192.0.2.1/${z}/${x}/${y}"
           ".png</ServerUrl></Service><DataWindow><UpperLeftX>-20037508.34</UpperLeftX>"
           "<UpperLeftY>20037508.34</UpperLeftY><LowerRightX>20037508.34</LowerRightX>"
           "<LowerRightY>-20037508.34</LowerRightY><TileLevel>18</TileLevel>"
           "<TileCountX>1</TileCountX><TileCountY>1</TileCountY><YOrigin>top</YOrigin>"
           "</DataWindow><Projection>EPSG:3857</Projection><BlockSizeX>256</BlockSizeX>"
           "<BlockSizeY>256</BlockSizeY><BandsCount>3</BandsCount></GDAL_WMS>\n";
    EXPECT_NE(refusal(dir / "tiles.xml").find("(GDAL's WMS driver), which Sandtable does not read"),
              std::string::npos)
        << refusal(dir / "tiles.xml");
}

// A scan that carries its own georeference (here a PNG with a world file, in UTM, 10 m pixels)
// lands on the placed map with no clicks: its pixel at the placement's point falls on the map's
// centre, and a pixel 500 m east falls 500 m east of it (a hair off, by the grid's convergence).
TEST_F(TerrainModel, AGeoreferencedScanLandsOnTheCellsItCovers) {
    GDALAllRegister();
    const fs::path png = dir / "scan.png";
    GDALDatasetH mem = GDALCreate(GDALGetDriverByName("MEM"), "", 200, 200, 1, GDT_Byte, nullptr);
    double gt[6] = {hillEast - 1000, 10, 0, hillNorth + 1000, 0, -10};
    GDALSetGeoTransform(mem, gt);
    std::vector<unsigned char> checkerboard(200 * 200);
    for (int y = 0; y < 200; ++y) {
        for (int x = 0; x < 200; ++x) {
            checkerboard[static_cast<std::size_t>(y * 200 + x)] = ((x / 20 + y / 20) % 2) ? 230 : 30;
        }
    }
    ASSERT_EQ(GDALRasterIO(GDALGetRasterBand(mem, 1), GF_Write, 0, 0, 200, 200, checkerboard.data(), 200, 200,
                           GDT_Byte, 0, 0),
              CE_None);
    const char* worldFile[] = {"WORLDFILE=YES", nullptr};
    GDALDatasetH written = GDALCreateCopy(GDALGetDriverByName("PNG"), png.c_str(), mem, FALSE,
                                          const_cast<char**>(worldFile), nullptr, nullptr);
    ASSERT_NE(written, nullptr);
    GDALClose(written);
    GDALClose(mem);
    ASSERT_TRUE(fs::exists(dir / "scan.wld"));
    fs::remove(dir / "scan.png.aux.xml"); // only the world file: the coordinate system is the map's

    const Map map = placedMap();
    auto fit = georeferencedPlacement(map, png);
    ASSERT_TRUE(fit) << fit.error();
    const Layout cells(map.grid, 1.0);
    const double metresPerCell = map.yardsPerCell * 0.9144;
    BackgroundImage scan;
    scan.affine = fit->transform;
    const auto [cx, cy] = scan.toMap(100, 100);
    EXPECT_NEAR(cx, cells.width() / 2, 0.05);
    EXPECT_NEAR(cy, cells.height() / 2, 0.05);
    const auto [ex, ey] = scan.toMap(150, 100); // 500 m east on the UTM grid
    EXPECT_NEAR(ex, cells.width() / 2 + 500 / metresPerCell, 0.1);
    EXPECT_NEAR(ey, cells.height() / 2, 0.25);
    EXPECT_LT(fit->rms, 0.01) << "over 2 km the projection is all but affine";
    // A plain picture is refused with its reason.
    const fs::path plain = dir / "plain.png";
    fs::copy_file(png, plain);
    EXPECT_FALSE(georeferencedPlacement(map, plain));
}

// Placed by control points (cells and their coordinates, given a metre or two off): the fit finds
// the placement they came from within a tenth of a cell and a quarter of a degree, with residuals.
TEST_F(TerrainModel, ControlPointsFitThePlacement) {
    const Map truth = placedMap(12);
    std::vector<GeoControlPoint> points;
    const double off[4][2] = {{1.5, -0.5}, {-1, 1}, {0.5, 1.5}, {-1, -1.5}};
    int i = 0;
    for (Offset c : {Offset{2, 3}, Offset{17, 2}, Offset{4, 18}, Offset{16, 16}}) {
        const auto [e, n] = testing_support::centreOnGround(truth, c);
        points.push_back({c, e + off[i][0], n + off[i][1]});
        ++i;
    }
    Map unplaced = truth;
    unplaced.geo.reset();
    auto fit = fitPlacement(unplaced, "EPSG:32618", points);
    ASSERT_TRUE(fit) << fit.error();
    const double cell = truth.yardsPerCell * 0.9144;
    EXPECT_NEAR(fit->placement.x, hillEast, 0.1 * cell);
    EXPECT_NEAR(fit->placement.y, hillNorth, 0.1 * cell);
    EXPECT_NEAR(fit->placement.rotationDegrees, 12, 0.25);
    ASSERT_EQ(fit->residuals.size(), 4u);
    EXPECT_LT(fit->rms, 3) << "yards";
    EXPECT_FALSE(fitPlacement(unplaced, "EPSG:32618", {points.front()}));
    // The same from the command line, which prints the residuals.
    Scenario sc = generateScenario(GeneratorParameters{20, 20, 2, 1, 1, GridShape::HexFlat});
    sc.map = unplaced;
    const fs::path file = dir / "points.xml";
    ASSERT_TRUE(saveScenario(sc, file));
    std::string list;
    for (const GeoControlPoint& p : points) {
        list += (list.empty() ? "" : " ") + truth.grid.label(p.cell) + "," + std::to_string(p.x) + "," +
                std::to_string(p.y);
    }
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"place", file.string(), "--crs", "EPSG:32618", "--points", list}, out, err), 0)
        << err.str();
    EXPECT_NE(out.str().find("residuals in yards"), std::string::npos) << out.str();
    auto back = readScenario(file);
    ASSERT_TRUE(back && back->map.geo);
    EXPECT_NEAR(back->map.geo->rotationDegrees, 12, 0.25);
}

// The command line: place, then import, into a file that reads back with its placement.
TEST_F(TerrainModel, TheCommandLinePlacesAndImports) {
    const fs::path dem = dir / "hill.tif", file = dir / "map.xml";
    writeDem(dem, cone);
    ASSERT_NO_FATAL_FAILURE(writePlacedBattle(file));
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"import-elevation", file.string(), dem.string(), "--interval", "20ft"}, out, err), 0)
        << err.str();
    EXPECT_NE(out.str().find("level 0 at 320 feet"), std::string::npos) << out.str();
    std::ostringstream json;
    ASSERT_EQ(cli::run({"import-elevation", file.string(), dem.string(), "--interval", "20ft", "--json"},
                       json, err),
              0)
        << err.str();
    EXPECT_NE(json.str().find("\"base_feet\": 320"), std::string::npos) << json.str();
    EXPECT_NE(json.str().find("\"levels\": ["), std::string::npos) << json.str();
    std::ostringstream placed;
    ASSERT_EQ(
        cli::run({"place", file.string(), "--crs", "EPSG:32618", "--x", "302000", "--y", "4398000", "--json"},
                 placed, err),
        0);
    EXPECT_NE(placed.str().find("\"crs\": \"EPSG:32618\""), std::string::npos) << placed.str();
    auto back = readScenario(file);
    ASSERT_TRUE(back);
    ASSERT_TRUE(back->map.geo);
    EXPECT_EQ(back->map.geo->crs, "EPSG:32618");
    EXPECT_GT(*std::max_element(back->map.elevation.begin(), back->map.elevation.end()), 10);
    std::ostringstream bad;
    EXPECT_EQ(cli::run({"place", file.string(), "--crs", "EPSG:nonsense", "--x", "1", "--y", "2"}, out, bad),
              2);
    EXPECT_NE(bad.str().find("not a coordinate system GDAL knows"), std::string::npos) << bad.str();
}

// Resized on any side, a placed map keeps every cell it keeps on the same ground: its anchor point
// (the centre, or the top-left corner) moves with the resize, the rotation stays.
TEST_F(TerrainModel, AResizedMapKeepsItsCellsOnTheirGround) {
    for (GeoAnchor anchor : {GeoAnchor::Centre, GeoAnchor::TopLeft}) {
        for (ResizeAnchor grows : {ResizeAnchor{1, 1}, ResizeAnchor{0, -1}, ResizeAnchor{-1, 1}}) {
            const Map before = placedMap(20, {"EPSG:32618", anchor, hillEast, hillNorth, 0});
            const ResizePlan plan = ResizePlan::anchored(before.grid, 25, 17, grows);
            auto placed = placementAfterResize(before, plan);
            ASSERT_TRUE(placed) << placed.error();
            Map after = before;
            after.grid = resizedGrid(before.grid, plan);
            after.geo = *placed;
            EXPECT_EQ(placed->rotationDegrees, 20);
            for (Offset c : {Offset{0, 0}, Offset{7, 3}, Offset{10, 10}, Offset{19, 15}}) {
                const Offset moved{c.col + plan.shift.col, c.row + plan.shift.row};
                if (!after.grid.contains(moved)) {
                    continue;
                }
                const auto [e0, n0] = testing_support::centreOnGround(before, c);
                const auto [e1, n1] = testing_support::centreOnGround(after, moved);
                EXPECT_NEAR(e1, e0, 0.5) << before.grid.label(c) << " anchored " << enumName(anchor);
                EXPECT_NEAR(n1, n0, 0.5) << before.grid.label(c) << " anchored " << enumName(anchor);
            }
        }
    }
}

// The McPherson's Ridge sample is placed on the Earth and its script writes its landforms as a
// terrain model (heights in metres on 10 m pixels, in a projection of its own, as an ASCII grid with
// a .prj): imported at the sample's own datum and interval, each cell's level comes back as the
// script set it, but where a cell's height lies within a rounding of a contour. The whole chain is
// checked: placement, coordinate systems, the raster's georeference, sampling and quantising.
TEST_F(TerrainModel, TheMcPhersonsRidgeSampleTakesBackItsElevationFromATerrainModelOfItsLandforms) {
    fs::path dem;
    const std::optional<Scenario> sample = mcPhersonsRidgeAndItsDem(dem);
    ASSERT_TRUE(sample);
    ASSERT_TRUE(sample->map.geo) << "the sample is not placed on the Earth";
    auto imported =
        importElevation(sample->map, dem, {10, 490, ElevationSampling::Centre, HeightUnit::Metre});
    ASSERT_TRUE(imported) << imported.error();
    EXPECT_TRUE(imported->outside.empty());
    std::size_t same = 0;
    for (std::size_t i = 0; i < imported->levels.size(); ++i) {
        same += imported->levels[i] == sample->map.elevation[i];
        EXPECT_LE(std::abs(imported->levels[i] - sample->map.elevation[i]), 1)
            << sample->map.grid.label(sample->map.grid.offsetAt(i));
    }
    EXPECT_GE(same * 100, imported->levels.size() * 95) << same << " of " << imported->levels.size();
    // Turned a quarter, the map samples other ground: far fewer cells agree. The check can fail.
    Map turned = sample->map;
    turned.geo->rotationDegrees = 90;
    auto wrong = importElevation(turned, dem, {10, 490, ElevationSampling::Centre, HeightUnit::Metre});
    ASSERT_TRUE(wrong) << wrong.error();
    std::size_t agree = 0;
    for (std::size_t i = 0; i < wrong->levels.size(); ++i) {
        agree += wrong->levels[i] == sample->map.elevation[i];
    }
    EXPECT_LT(agree * 100, wrong->levels.size() * 60);
}

// The sample keeps its landforms' heights (Map::surface), as an import of their terrain model
// would: the cells' levels are those heights at their centres, and importing the model gives the
// same surface, to the raster's 10 m pixels.
TEST_F(TerrainModel, TheMcPhersonsRidgeSampleKeepsTheSurfaceItsTerrainModelGives) {
    fs::path dem;
    const std::optional<Scenario> sample = mcPhersonsRidgeAndItsDem(dem);
    ASSERT_TRUE(sample);
    ASSERT_TRUE(sample->map.surface) << "the sample keeps no surface";
    const HeightSurface& kept = *sample->map.surface;
    const Grid& g = sample->map.grid;
    const Layout inCells(g, 1.0);
    // Between the lattice's points the surface is bilinear, so a centre near half a level may round
    // the other way; never by more.
    std::size_t same = 0;
    for (std::size_t i = 0; i < g.cellCount(); ++i) {
        const Point c = inCells.cellCenter(g.offsetAt(i));
        const double height = std::max(0.0, kept.at(c.x, c.y));
        EXPECT_LT(std::abs(height - sample->map.elevation[i]), 0.6) << g.label(g.offsetAt(i));
        same += std::lround(height) == sample->map.elevation[i] ? 1 : 0;
    }
    EXPECT_GE(same * 100, g.cellCount() * 90) << same << " of " << g.cellCount();
    auto imported =
        importElevation(sample->map, dem, {10, 490, ElevationSampling::Centre, HeightUnit::Metre});
    ASSERT_TRUE(imported) << imported.error();
    ASSERT_TRUE(imported->surface) << "the import kept no surface";
    EXPECT_EQ(baseFeetOf(*imported), 490);
    EXPECT_EQ(sample->map.baseFeet, 490) << "the sample keeps its datum as an import would";
    ASSERT_EQ(imported->surface->cols, kept.cols);
    ASSERT_EQ(imported->surface->rows, kept.rows);
    std::size_t close = 0;
    for (std::size_t k = 0; k < kept.levels.size(); ++k) {
        close += std::abs(imported->surface->levels[k] - std::max(kept.levels[k], 0.0f)) < 0.35f ? 1 : 0;
    }
    EXPECT_GE(close * 100, kept.levels.size() * 95) << close << " of " << kept.levels.size();
}

} // namespace
} // namespace sandtable
