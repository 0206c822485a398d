// Tiled maps made battles: every orientation, stagger, index and layer encoding on generated TMX
// and JSON maps; every sample through Sandtable's TMX export and back, as TMX and as the JSON the
// real Tiled writes of it; Tiled's own example maps as Debian installs them; hostile maps.
#include "editor/import_file.hpp"
#include "editor/install_layout.hpp"
#include "exports/tmx_export.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/tiled/tiled_import.hpp"
#include "model/battle.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"
#include "tests/temporary_folder.hpp"

#include <cairo.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <zlib.h>
#include <zstd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

std::string bytesOf(const std::vector<std::uint32_t>& gids) {
    std::string out;
    for (std::uint32_t g : gids) {
        for (int k = 0; k < 4; ++k) {
            out.push_back(static_cast<char>((g >> (8 * k)) & 0xFF));
        }
    }
    return out;
}

std::string base64(std::string_view bytes) {
    static constexpr std::string_view alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 |
                           static_cast<unsigned char>(bytes[i + 1]) << 8 |
                           static_cast<unsigned char>(bytes[i + 2]);
        for (int k = 3; k >= 0; --k) {
            out.push_back(alphabet[(v >> (6 * k)) & 63]);
        }
    }
    if (i < bytes.size()) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) {
            v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        }
        out.push_back(alphabet[(v >> 18) & 63]);
        out.push_back(alphabet[(v >> 12) & 63]);
        out.push_back(i + 1 < bytes.size() ? alphabet[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

std::string deflated(std::string_view bytes, bool gzip) {
    z_stream z{};
    EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string zstdPacked(std::string_view bytes) {
    std::string out(ZSTD_compressBound(bytes.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
    EXPECT_FALSE(ZSTD_isError(n));
    out.resize(n);
    return out;
}

// The layer data as a file holds it.
std::string encoded(const std::vector<std::uint32_t>& gids, const std::string& encoding,
                    const std::string& compression) {
    if (encoding == "csv") {
        std::string out;
        for (std::size_t i = 0; i < gids.size(); ++i) {
            out += (i > 0 ? "," : "") + std::to_string(gids[i]);
        }
        return out;
    }
    const std::string raw = bytesOf(gids);
    if (compression == "zlib" || compression == "gzip") {
        return base64(deflated(raw, compression == "gzip"));
    }
    if (compression == "zstd") {
        return base64(zstdPacked(raw));
    }
    return base64(raw);
}

// A generated map: five columns, four rows, tile k + 1 (class "open", "woods", "water") at
// (col + 2 row) % 3, the flip bits set on every other tile (a flipped tile is the same terrain).
struct MapSpec {
    std::string orientation = "hexagonal";
    char axis = 'x';
    bool even = false;
    std::string encoding = "csv", compression;
    bool infinite = false;
    int originX = 0, originY = 0; // an infinite map's first cell
    bool json = false;
};

constexpr int specCols = 5, specRows = 4;
const std::array<std::string, 3> specTerrain{"open", "woods", "water"};

std::uint32_t specGid(int col, int row) {
    return static_cast<std::uint32_t>(1 + (col + 2 * row) % 3) | ((col + row) % 2 == 1 ? 0x80000000u : 0u);
}

std::vector<std::uint32_t> specGids(int x0, int y0, int width, int height, int originX, int originY) {
    std::vector<std::uint32_t> gids;
    for (int y = y0; y < y0 + height; ++y) {
        for (int x = x0; x < x0 + width; ++x) {
            gids.push_back(specGid(x - originX, y - originY));
        }
    }
    return gids;
}

std::string tmxOf(const MapSpec& m) {
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"" << m.orientation
      << "\" renderorder=\"right-down\" width=\"" << specCols << "\" height=\"" << specRows
      << "\" tilewidth=\"64\" tileheight=\"56\" hexsidelength=\"32\" staggeraxis=\"" << m.axis
      << "\" staggerindex=\"" << (m.even ? "even" : "odd") << "\" infinite=\"" << (m.infinite ? 1 : 0)
      << "\">\n"
      << " <tileset firstgid=\"1\" name=\"ground\" tilewidth=\"64\" tileheight=\"56\" tilecount=\"3\" "
         "columns=\"3\">\n"
      << "  <tile id=\"0\" class=\"open\"/>\n  <tile id=\"1\" type=\"woods\"/>\n"
      << "  <tile id=\"2\"><properties><property name=\"terrain\" value=\"water\"/></properties></tile>\n"
      << " </tileset>\n <layer id=\"1\" name=\"ground\" width=\"" << specCols << "\" height=\"" << specRows
      << "\">\n"
      << "  <data encoding=\"" << m.encoding << "\""
      << (m.compression.empty() ? "" : " compression=\"" + m.compression + "\"") << ">";
    if (m.infinite) {
        // Two chunks side by side: the first two columns and the other three.
        o << "\n<chunk x=\"" << m.originX << "\" y=\"" << m.originY << "\" width=\"2\" height=\"" << specRows
          << "\">"
          << encoded(specGids(m.originX, m.originY, 2, specRows, m.originX, m.originY), m.encoding,
                     m.compression)
          << "</chunk>\n<chunk x=\"" << m.originX + 2 << "\" y=\"" << m.originY << "\" width=\"3\" height=\""
          << specRows << "\">"
          << encoded(specGids(m.originX + 2, m.originY, 3, specRows, m.originX, m.originY), m.encoding,
                     m.compression)
          << "</chunk>\n";
    } else {
        o << encoded(specGids(0, 0, specCols, specRows, 0, 0), m.encoding, m.compression);
    }
    o << "</data>\n </layer>\n</map>\n";
    return o.str();
}

std::string jsonOf(const MapSpec& m) {
    using Json = nlohmann::json;
    Json layer{{"type", "tilelayer"},
               {"name", "ground"},
               {"width", specCols},
               {"height", specRows},
               {"visible", true}};
    if (m.encoding != "csv") {
        layer["encoding"] = "base64";
        if (!m.compression.empty()) {
            layer["compression"] = m.compression;
        }
    }
    auto data = [&](int x0, int y0, int w, int h) -> Json {
        const auto gids =
            m.infinite ? specGids(x0, y0, w, h, m.originX, m.originY) : specGids(x0, y0, w, h, 0, 0);
        if (m.encoding == "csv") {
            return Json(gids);
        }
        return encoded(gids, m.encoding, m.compression);
    };
    if (m.infinite) {
        layer["chunks"] = Json::array({Json{{"x", m.originX},
                                            {"y", m.originY},
                                            {"width", 2},
                                            {"height", specRows},
                                            {"data", data(m.originX, m.originY, 2, specRows)}},
                                       Json{{"x", m.originX + 2},
                                            {"y", m.originY},
                                            {"width", 3},
                                            {"height", specRows},
                                            {"data", data(m.originX + 2, m.originY, 3, specRows)}}});
    } else {
        layer["data"] = data(0, 0, specCols, specRows);
    }
    Json tiles = Json::array(
        {Json{{"id", 0}, {"class", "open"}}, Json{{"id", 1}, {"type", "woods"}},
         Json{{"id", 2},
              {"properties",
               Json::array({Json{{"name", "terrain"}, {"type", "string"}, {"value", "water"}}})}}});
    Json map{{"type", "map"},
             {"orientation", m.orientation},
             {"width", specCols},
             {"height", specRows},
             {"tilewidth", 64},
             {"tileheight", 56},
             {"hexsidelength", 32},
             {"staggeraxis", std::string(1, m.axis)},
             {"staggerindex", m.even ? "even" : "odd"},
             {"infinite", m.infinite},
             {"layers", Json::array({layer})},
             {"tilesets", Json::array({Json{{"firstgid", 1},
                                            {"name", "ground"},
                                            {"tilewidth", 64},
                                            {"tileheight", 56},
                                            {"tilecount", 3},
                                            {"columns", 3},
                                            {"tiles", tiles}}})}};
    return map.dump(1);
}

class TiledImport : public testing::Test {
  protected:
    fs::path write(const std::string& name, const std::string& text) {
        const fs::path p = dir / name;
        std::ofstream(p, std::ios::binary) << text;
        return p;
    }

    std::expected<ImportResult, std::string> importText(const std::string& name, const std::string& text,
                                                        const TileTerrainTable* table = nullptr) {
        auto map = readTiledMap(write(name, text));
        if (!map) {
            return std::unexpected(map.error().toString());
        }
        return importTiledMap(*map, table);
    }

    testing_support::TemporaryFolder folder_{"tiled"};
    const fs::path dir = folder_.path();
};

// Every orientation Sandtable's grids have, both stagger indexes, every encoding, finite and
// infinite, TMX and JSON: the same cells with the same terrain.
TEST_F(TiledImport, EveryOrientationStaggerIndexAndEncodingGivesTheSameCells) {
    struct Shape {
        std::string orientation;
        char axis;
        GridShape shape;
    };
    const std::vector<Shape> shapes{{"hexagonal", 'x', GridShape::HexFlat},
                                    {"hexagonal", 'y', GridShape::HexPointy},
                                    {"orthogonal", 'y', GridShape::Square}};
    const std::vector<std::pair<std::string, std::string>> encodings{
        {"csv", ""}, {"base64", ""}, {"base64", "zlib"}, {"base64", "gzip"}, {"base64", "zstd"}};
    int checked = 0;
    for (const Shape& shape : shapes) {
        for (bool even : {false, true}) {
            for (const auto& [encoding, compression] : encodings) {
                for (bool infinite : {false, true}) {
                    for (bool json : {false, true}) {
                        MapSpec m{shape.orientation, shape.axis, even, encoding, compression,
                                  infinite,          -2,         4,    json};
                        const std::string what = shape.orientation + " " + shape.axis +
                                                 (even ? " even " : " odd ") + encoding + " " + compression +
                                                 (infinite ? " infinite" : "") + (json ? " json" : " tmx");
                        auto imported =
                            importText(json ? "map.json" : "map.tmx", json ? jsonOf(m) : tmxOf(m));
                        ASSERT_TRUE(imported) << what << ": " << imported.error();
                        const Map& map = imported->battle.map;
                        EXPECT_EQ(map.grid.shape(), shape.shape) << what;
                        if (shape.shape != GridShape::Square) {
                            EXPECT_EQ(map.grid.parity(), even ? OffsetParity::Even : OffsetParity::Odd)
                                << what;
                        }
                        ASSERT_EQ(map.grid.cols(), specCols) << what;
                        ASSERT_EQ(map.grid.rows(), specRows) << what;
                        for (int row = 0; row < specRows; ++row) {
                            for (int col = 0; col < specCols; ++col) {
                                const auto want = specTerrain[static_cast<std::size_t>((col + 2 * row) % 3)];
                                EXPECT_EQ(map.terrainAt({col, row}).key, want)
                                    << what << " at " << col << "," << row;
                            }
                        }
                        EXPECT_EQ(imported->report.cellsUnmapped, 0) << what;
                        ++checked;
                    }
                }
            }
        }
    }
    EXPECT_EQ(checked, 3 * 2 * 5 * 2 * 2);
}

// Tiled counts its stagger in its own coordinates: an infinite map whose first column is odd has
// its parity turned over in the new map, where that column is the first.
TEST_F(TiledImport, AnInfiniteMapStartingAtAnOddColumnTurnsItsParityOver) {
    MapSpec m{"hexagonal", 'x', false, "csv", "", true, -3, 0, false};
    auto imported = importText("odd.tmx", tmxOf(m));
    ASSERT_TRUE(imported) << imported.error();
    EXPECT_EQ(imported->battle.map.grid.parity(), OffsetParity::Even);
    EXPECT_EQ(imported->battle.map.terrainAt({0, 0}).key, "open");
    m.axis = 'y';
    m.originX = 0;
    m.originY = -1;
    imported = importText("odd-rows.tmx", tmxOf(m));
    ASSERT_TRUE(imported) << imported.error();
    EXPECT_EQ(imported->battle.map.grid.shape(), GridShape::HexPointy);
    EXPECT_EQ(imported->battle.map.grid.parity(), OffsetParity::Even);
}

// A map's clock properties: read when they are good, reported and left out when not.
TEST_F(TiledImport, TheTurnClockPropertiesAreReadOrReported) {
    const MapSpec m{"hexagonal", 'x', false, "csv", "", false, 0, 0, false};
    auto withProperties = [&](const std::string& properties) {
        std::string tmx = tmxOf(m);
        const auto at = tmx.find(" <tileset");
        tmx.insert(at, " <properties>" + properties + "</properties>\n");
        return tmx;
    };
    auto good = importText("clock.tmx", withProperties("<property name=\"turns\" type=\"int\" value=\"20\"/>"
                                                       "<property name=\"startTime\" value=\"05:40\"/>"
                                                       "<property name=\"nightTurns\" value=\"12\"/>"
                                                       "<property name=\"dawn\" value=\"04:30\"/>"));
    ASSERT_TRUE(good) << good.error();
    EXPECT_EQ(good->battle.info.startTime, ClockTime{5 * 60 + 40});
    EXPECT_EQ(good->battle.info.nightTurns, std::vector<int>{12});
    EXPECT_EQ(good->battle.info.dawn, ClockTime{4 * 60 + 30});
    auto bad =
        importText("bad-clock.tmx", withProperties("<property name=\"turns\" type=\"int\" value=\"8\"/>"
                                                   "<property name=\"startTime\" value=\"5:40 am\"/>"
                                                   "<property name=\"nightTurns\" value=\"4 12\"/>"));
    ASSERT_TRUE(bad) << bad.error();
    EXPECT_FALSE(bad->battle.info.startTime);
    EXPECT_TRUE(bad->battle.info.nightTurns.empty());
    const auto& notes = bad->report.notes;
    EXPECT_TRUE(std::ranges::any_of(notes, [](const std::string& n) {
        return n.find("bad-clock.tmx: map property startTime = '5:40 am' is not a time of day as HH:MM") !=
               std::string::npos;
    }));
    EXPECT_TRUE(std::ranges::any_of(notes, [](const std::string& n) {
        return n.find("map property nightTurns = '4 12' is not turn numbers separated by spaces, rising, "
                      "each once (13 30), "
                      "up to turn 8") != std::string::npos;
    }));
}

TEST_F(TiledImport, ATableMapsTilesByIdByTilesetAndByClassAndReportsWhatItLeaves) {
    auto table = parseTileTerrainTable(
        "# the ground tileset\n2 = heavy-woods\nground:0 = orchard # id in its tileset\n"
        "water = -\n",
        "ground.txt");
    ASSERT_TRUE(table) << table.error();
    MapSpec m;
    auto imported = importText("map.tmx", tmxOf(m), &*table);
    ASSERT_TRUE(imported) << imported.error();
    const Map& map = imported->battle.map;
    EXPECT_EQ(map.terrainAt({0, 0}).key, "orchard");     // tile 1, ground:0
    EXPECT_EQ(map.terrainAt({1, 0}).key, "heavy-woods"); // global id 2
    EXPECT_EQ(map.terrainAt({2, 0}).key, "open");        // water: "-", left
    EXPECT_TRUE(imported->report.unmappedTiles.empty()); // "-" says nothing more of them
    EXPECT_EQ(imported->report.cellsUnmapped, 6);
    EXPECT_EQ(imported->report.cellsByTerrain.at("orchard"), 7);

    // Without a line for a tile it is reported with its cells.
    auto some = parseTileTerrainTable("ground:0 = woods\n", "some.txt");
    imported = importText("map.tmx", tmxOf(m), &*some);
    ASSERT_TRUE(imported);
    // Tile 2 says "woods" by its type, tile 3 "water" by its property: only the table's tile changes.
    EXPECT_EQ(imported->battle.map.terrainAt({0, 0}).key, "woods");
    EXPECT_EQ(imported->battle.map.terrainAt({2, 0}).key, "water");

    // A line no tile matches is said: most likely a typing error.
    auto typo = parseTileTerrainTable("ground:0 = woods\ngrund:1 = water\n", "typo.txt");
    imported = importText("map.tmx", tmxOf(m), &*typo);
    ASSERT_TRUE(imported);
    EXPECT_NE(std::ranges::find(imported->report.notes, "typo.txt:2: 'grund:1' matches no tile of the map"),
              imported->report.notes.end());

    // A key the map does not have is added, and the report says so.
    auto added = parseTileTerrainTable("ground:0 = rough\n", "added.txt");
    imported = importText("map.tmx", tmxOf(m), &*added);
    ASSERT_TRUE(imported);
    EXPECT_EQ(imported->battle.map.terrainAt({0, 0}).key, "rough");
    EXPECT_NE(std::ranges::find_if(
                  imported->report.notes,
                  [](const std::string& n) { return n.find("'rough' is not one of") != std::string::npos; }),
              imported->report.notes.end());
}

TEST_F(TiledImport, ABadTableLineIsNamedByFileAndLineWhateverItsLineEnds) {
    EXPECT_EQ(parseTileTerrainTable("1 = open\r2 = woods\rthree woods\r", "mac.txt").error(),
              "mac.txt:3: expected TILE = TERRAIN, not 'three woods'");
    EXPECT_EQ(parseTileTerrainTable("1 = open\r\n1 = woods\r\n", "dos.txt").error(),
              "dos.txt:2: '1' is already given on line 1");
    EXPECT_EQ(parseTileTerrainTable("1 = open woods\n", "t.txt").error(),
              "t.txt:1: after '=' comes one terrain key (or - to leave the tile), not 'open woods'");
    EXPECT_EQ(parseTileTerrainTable("# nothing\n", "empty.txt").error(),
              "empty.txt: no tiles (each line is TILE = TERRAIN)");
}

// Names from other programs' files are made fit to save (found by fuzzing: a byte 0xff in a tile
// property's name made a battle that did not reopen).
TEST(ImportedName, IsOneLineOfUtf8WithinItsLength) {
    EXPECT_EQ(importedName("Mill\xff Run", 100), "Mill? Run");
    EXPECT_EQ(importedName("Two\nlines\tand\x01", 100), "Two lines and ");
    EXPECT_EQ(importedName("Zo\xc3\xab", 3), "Zo"); // not half of the e with diaeresis
    EXPECT_EQ(importedName("Zo\xc3\xab", 4), "Zo\xc3\xab");
}

TEST_F(TiledImport, IsometricMapsAreRefusedNamingTheSetting) {
    MapSpec m;
    m.orientation = "isometric";
    auto imported = importText("iso.tmx", tmxOf(m));
    ASSERT_FALSE(imported);
    EXPECT_NE(imported.error().find("orientation 'isometric' cannot be represented"), std::string::npos)
        << imported.error();
}

// Layer data that is not what the layer needs: every way, a clear message and no more memory than
// the layer's cells.
TEST(TiledData, BrokenOrHostileDataIsRefusedSayingWhy) {
    const std::vector<std::uint32_t> four{1, 2, 3, 4};
    EXPECT_EQ(decodeTiledData("1,2,3", "csv", "", 4).error(),
              "the CSV data has 3 tiles; the layer has 4 cells");
    EXPECT_EQ(decodeTiledData("1,2,x,4", "csv", "", 4).error(),
              "the CSV data holds 'x,4' where a tile id (a whole number from 0 to 4294967295) belongs");
    EXPECT_EQ(decodeTiledData("1,2,3,4,5", "csv", "", 4).error(),
              "the CSV data has more than the layer's 4 tiles");
    EXPECT_EQ(decodeTiledData("AAAA!", "base64", "", 4).error(),
              "the base64 text holds '!', which base64 does not use");
    EXPECT_EQ(decodeTiledData(encoded(four, "base64", ""), "base64", "lzma", 4).error(),
              "unknown compression 'lzma' (Tiled writes zlib, gzip or zstd)");
    EXPECT_EQ(decodeTiledData(encoded(four, "base64", ""), "base85", "", 4).error(),
              "unknown data encoding 'base85' (Tiled writes csv or base64)");
    EXPECT_EQ(decodeTiledData(encoded({1, 2, 3}, "base64", ""), "base64", "", 4).error(),
              "the data holds 3 tiles; the layer has 4 cells");
    // A bomb: 64 MiB of zeros in a few kilobytes, for a layer of four cells.
    const std::string zeros(64u << 20, '\0');
    for (const std::string compression : {"zlib", "gzip"}) {
        auto bomb = decodeTiledData(base64(deflated(zeros, compression == "gzip")), "base64", compression, 4);
        ASSERT_FALSE(bomb);
        EXPECT_EQ(bomb.error(), "the " + compression + " data unpacks to more than the layer's 4 tiles");
    }
    EXPECT_EQ(decodeTiledData(base64(zstdPacked(zeros)), "base64", "zstd", 4).error(),
              "the zstd data unpacks to more than the layer's 4 tiles");
    const std::string cut = deflated(bytesOf(four), false);
    EXPECT_NE(
        decodeTiledData(base64(cut.substr(0, cut.size() / 2)), "base64", "zlib", 4).error().find("cut short"),
        std::string::npos);
    EXPECT_NE(
        decodeTiledData(base64("garbage!"), "base64", "zstd", 4).error().find("the zstd data is corrupt"),
        std::string::npos);
    // And what Tiled writes reads back.
    for (const std::string compression : {"", "zlib", "gzip", "zstd"}) {
        EXPECT_EQ(*decodeTiledData(encoded(four, "base64", compression), "base64", compression, 4), four)
            << compression;
    }
}

TEST_F(TiledImport, HostileMapsGetAClearErrorNamingFileAndPlace) {
    // Chunks a billion cells apart.
    const std::string far =
        R"(<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8" infinite="1">
 <layer name="far" width="1" height="1"><data encoding="csv">
  <chunk x="0" y="0" width="1" height="1">1</chunk>
  <chunk x="999999999" y="0" width="1" height="1">1</chunk>
 </data></layer>
</map>)";
    auto farMap = readTiledMap(write("far.tmx", far));
    ASSERT_FALSE(farMap);
    EXPECT_NE(farMap.error().toString().find("the infinite map's chunks cover 1000000000 x 1 cells"),
              std::string::npos)
        << farMap.error().toString();
    // A map larger than any Sandtable map.
    auto huge = readTiledMap(
        write("huge.tmx",
              R"(<map orientation="orthogonal" width="100000" height="100000" tilewidth="8" tileheight="8">
</map>)"));
    ASSERT_FALSE(huge);
    EXPECT_EQ(huge.error().toString(),
              (dir / "huge.tmx").string() +
                  ":1: the map is 100000 x 100000 cells; Sandtable reads at most 10000 a side "
                  "and 25,000,000 cells");
    // An external tileset that is a device.
    auto device = readTiledMap(write(
        "device.tmx", R"(<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" source="/dev/zero"/>
</map>)"));
    ASSERT_FALSE(device);
    EXPECT_NE(device.error().toString().find("device.tmx:2: tileset '/dev/zero'"), std::string::npos)
        << device.error().toString();
    EXPECT_NE(device.error().toString().find("not a regular file"), std::string::npos);
    // JSON nested a hundred thousand deep is refused before it is parsed (no stack overflow).
    auto deep = readTiledMap(write("deep.json", std::string(100000, '[') + std::string(100000, ']')));
    ASSERT_FALSE(deep);
    EXPECT_NE(deep.error().toString().find("nest deeper than"), std::string::npos);
    // Broken JSON: the line of the fault.
    auto broken = readTiledMap(write("broken.json", "{\n \"type\": \"map\",\n \"width\": 3,,\n}"));
    ASSERT_FALSE(broken);
    EXPECT_EQ(broken.error().line, 3) << broken.error().toString();
    // A wrong value: where it is in the document.
    auto wrong =
        readTiledMap(write("wrong.json", R"({"type":"map","orientation":"orthogonal","width":2,"height":1,
"tilewidth":8,"tileheight":8,"layers":[{"type":"tilelayer","name":"g","width":2,"height":1,"data":[1,"x"]}]})"));
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().toString().find("layers[0] 'g': data holds \"x\", not a tile id"),
              std::string::npos)
        << wrong.error().toString();
    // A gzipped map that is cut short.
    const std::string gz = deflated(tmxOf(MapSpec{}), true);
    auto cut = readTiledMap(write("cut.tmx.gz", gz.substr(0, gz.size() / 2)));
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().toString().find("cut short"), std::string::npos);
    // A whole gzipped map reads.
    EXPECT_TRUE(readTiledMap(write("whole.tmx.gz", gz)));
}

// A tileset or a picture outside the map's folder is read (Tiled projects share a tileset folder) but
// the report names each one; what lies in the folder or below it goes unremarked.
TEST_F(TiledImport, FilesOutsideTheMapsFolderAreNamedInTheReport) {
    const std::string tileset =
        R"(<tileset name="shared" tilewidth="8" tileheight="8" tilecount="1" columns="1">
 <image source="ground.png" width="8" height="8"/>
</tileset>)";
    fs::create_directories(dir / "maps" / "sets");
    write("shared.tsx", tileset);
    write("maps/sets/inner.tsx", tileset);
    auto mapWith = [&](const std::string& source) {
        return R"(<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" source=")" +
               source + R"("/>
 <layer name="g" width="1" height="1"><data encoding="csv">1</data></layer>
</map>)";
    };
    auto notesOf = [&](const std::string& name, const std::string& source) {
        auto imported = importText(name, mapWith(source));
        EXPECT_TRUE(imported) << (imported ? "" : imported.error());
        std::vector<std::string> outside;
        for (const std::string& n : imported ? imported->report.notes : std::vector<std::string>{}) {
            if (n.find("outside the map's folder") != std::string::npos) {
                outside.push_back(n);
            }
        }
        return outside;
    };
    const std::string map = (dir / "maps" / "up.tmx").string();
    EXPECT_EQ(notesOf("maps/up.tmx", "../shared.tsx"),
              (std::vector<std::string>{map + ": reads the tileset " + (dir / "shared.tsx").string() +
                                            ", outside the map's folder",
                                        map + ": reads the tileset picture " + (dir / "ground.png").string() +
                                            ", outside the map's folder"}));
    EXPECT_EQ(notesOf("maps/in.tmx", "sets/inner.tsx"), std::vector<std::string>{});
    EXPECT_EQ(notesOf("maps/sly.tmx", "sets/../../shared.tsx").size(), 2u);
    EXPECT_EQ(notesOf("maps/abs.tmx", (dir / "shared.tsx").string()).size(), 2u);
}

// Every sample exported as TMX comes back the same map: grid, terrain types and every cell's terrain,
// elevation, cell sides, roads and railroads, map features. And so does the JSON the real Tiled
// writes of that TMX.
TEST_F(TiledImport, EverySampleComesBackFromItsTmxExportAndFromTiledsJson) {
    ASSERT_EQ(std::system("command -v tiled > /dev/null"), 0)
        << "tiled (Debian package tiled) is missing: run ./dev deps";
    int samples = 0;
    for (const SampleBattle& sample : sampleBattles(SANDTABLE_SAMPLES)) {
        auto original = readScenario(sample.file);
        ASSERT_TRUE(original) << original.error().toString();
        const std::string name = sample.file.stem().stem().string();
        const fs::path tmx = dir / (name + ".tmx"), json = dir / (name + ".json");
        ASSERT_TRUE(exportTmx(*original, tmx));
        const std::string command = "QT_QPA_PLATFORM=offscreen tiled --export-map json '" + tmx.string() +
                                    "' '" + json.string() + "' 2>/dev/null";
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
        for (const fs::path& file : {tmx, json}) {
            auto read = readTiledMap(file);
            ASSERT_TRUE(read) << read.error().toString();
            auto back = importTiledMap(*read);
            ASSERT_TRUE(back) << back.error();
            const Map& a = original->map;
            const Map& b = back->battle.map;
            const std::string what = name + " through " + file.extension().string();
            EXPECT_EQ(b.grid, a.grid) << what;
            EXPECT_EQ(b.terrainTypes, a.terrainTypes) << what;
            EXPECT_EQ(b.terrain, a.terrain) << what;
            EXPECT_EQ(b.elevation, a.elevation) << what;
            EXPECT_EQ(b.hexsides, a.hexsides) << what;
            EXPECT_EQ(b.yardsPerCell, a.yardsPerCell) << what;
            ASSERT_EQ(b.paths.size(), a.paths.size()) << what;
            for (auto pa = a.paths.begin(), pb = b.paths.begin(); pa != a.paths.end(); ++pa, ++pb) {
                EXPECT_EQ(pb->second, pa->second) << what << ": path " << pa->second.name;
            }
            ASSERT_EQ(b.features.size(), a.features.size()) << what;
            for (auto fa = a.features.begin(), fb = b.features.begin(); fa != a.features.end(); ++fa, ++fb) {
                EXPECT_EQ(fb->second, fa->second) << what << ": feature " << fa->second.name;
            }
            EXPECT_EQ(back->battle.info.title, original->info.title) << what;
            EXPECT_EQ(back->battle.info.startTime, original->info.startTime) << what;
            EXPECT_EQ(back->battle.info.nightTurns, original->info.nightTurns) << what;
            EXPECT_EQ(back->battle.info.dawn, original->info.dawn) << what;
            EXPECT_EQ(back->report.cellsUnmapped, 0) << what;
            // And it saves and reopens.
            const fs::path saved = dir / (name + "-back.sandtable.xml");
            ASSERT_TRUE(saveScenario(back->battle, saved)) << what;
        }
        ++samples;
    }
    EXPECT_EQ(samples, 6);
}

// Tiled's own example maps, as Debian's tiled package installs them with its documentation.
fs::path tiledExamples() {
    FILE* list = ::popen("dpkg -L tiled 2>/dev/null | grep '/examples/hexagonal-mini.tmx$'", "r");
    char line[4096] = {0};
    const bool found = list != nullptr && std::fgets(line, sizeof line, list) != nullptr;
    if (list != nullptr) {
        ::pclose(list);
    }
    if (!found) {
        return {};
    }
    std::string path = line;
    path.erase(path.find_last_not_of('\n') + 1);
    return fs::path(path).parent_path();
}

TEST_F(TiledImport, TiledsExampleMapsImportWithASensibleReport) {
    const fs::path examples = tiledExamples();
    ASSERT_FALSE(examples.empty())
        << "Tiled's example maps are missing (`dpkg -L tiled` lists none): run ./dev deps";
    // The designer's walk-through: the hexagonal example, its tiles mapped by the table in docs/.
    auto table = readTileTerrainTable(fs::path(SANDTABLE_SOURCE_DIR) / "docs" / "import" /
                                      "hexagonal-mini.terrain.txt");
    ASSERT_TRUE(table) << table.error();
    auto mini = readTiledMap(examples / "hexagonal-mini.tmx");
    ASSERT_TRUE(mini) << mini.error().toString();
    auto imported = importTiledMap(*mini, &*table);
    ASSERT_TRUE(imported) << imported.error();
    const Map& map = imported->battle.map;
    EXPECT_EQ(map.grid.shape(), GridShape::HexPointy);
    EXPECT_EQ(map.grid.parity(), OffsetParity::Odd);
    EXPECT_EQ(map.grid.cols(), 20);
    EXPECT_EQ(map.grid.rows(), 20);
    EXPECT_EQ(imported->report.cellsUnmapped, 0);
    EXPECT_TRUE(imported->report.unmappedTiles.empty());
    EXPECT_EQ(imported->report.cellsByTerrain.at("water"), 94);
    EXPECT_TRUE(saveScenario(imported->battle, dir / "mini.sandtable.xml"));

    // Its tiles as the picture under the grid: each cell's centre on the picture is where Tiled
    // draws it, and the picture there is the tile's (the lake's blue).
    const fs::path out = dir / "tiles.sandtable.xml";
    auto tiles = importBattle(
        ImportRequest{examples / "hexagonal-mini.tmx",
                      fs::path(SANDTABLE_SOURCE_DIR) / "docs" / "import" / "hexagonal-mini.terrain.txt", true,
                      ""},
        out);
    ASSERT_TRUE(tiles) << tiles.error();
    ASSERT_TRUE(tiles->battle.map.background);
    EXPECT_EQ(tiles->battle.map.background->file, "tiles-tiles.png");
    ASSERT_EQ(tiles->files.size(), 1u);
    ASSERT_TRUE(writeImportedBattle(*tiles, out));
    cairo_surface_t* picture = cairo_image_surface_create_from_png((dir / "tiles-tiles.png").c_str());
    ASSERT_EQ(cairo_surface_status(picture), CAIRO_STATUS_SUCCESS);
    const Layout cells(tiles->battle.map.grid, 1.0);
    const unsigned char* data = cairo_image_surface_get_data(picture);
    const int stride = cairo_image_surface_get_stride(picture);
    int lakes = 0, blue = 0;
    double worst = 0;
    const auto [firstX, firstY] = tiledCellCentre(*mini, {0, 0});
    const auto [atX, atY] =
        tiles->battle.map.background->toPixel(cells.cellCenter({0, 0}).x, cells.cellCenter({0, 0}).y);
    for (std::size_t i = 0; i < tiles->battle.map.grid.cellCount(); ++i) {
        const Offset c = tiles->battle.map.grid.offsetAt(i);
        const auto [tx, ty] = tiledCellCentre(*mini, c);
        const auto [px, py] =
            tiles->battle.map.background->toPixel(cells.cellCenter(c).x, cells.cellCenter(c).y);
        worst = std::max(worst, std::hypot((px - atX) - (tx - firstX), (py - atY) - (ty - firstY)));
        if (tiles->battle.map.terrainAt(c).key == "water") {
            ++lakes;
            const unsigned char* p =
                data + static_cast<int>(py) * stride + static_cast<int>(px) * 4; // B G R A
            blue += p[0] > p[2] + 60 ? 1 : 0;
        }
    }
    cairo_surface_destroy(picture);
    EXPECT_LT(worst, 0.5) << "a cell's centre on the tiles' picture is this far from where Tiled draws it";
    EXPECT_EQ(lakes, 94);
    EXPECT_EQ(blue, lakes) << "lake cells whose picture is not the lake's blue";

    // Every other example: a battle, or a refusal naming what Sandtable cannot represent.
    int maps = 0, refused = 0;
    for (const auto& entry : fs::recursive_directory_iterator(examples)) {
        const std::string file = entry.path().filename().string();
        if (!file.ends_with(".tmx") && !file.ends_with(".tmx.gz")) {
            continue;
        }
        ++maps;
        auto read = readTiledMap(entry.path());
        ASSERT_TRUE(read) << read.error().toString();
        auto battle = importTiledMap(*read);
        if (!battle) {
            EXPECT_NE(battle.error().find("cannot be represented"), std::string::npos) << battle.error();
            ++refused;
            continue;
        }
        EXPECT_FALSE(battle->report.lines().empty());
        EXPECT_TRUE(saveScenario(battle->battle, dir / "example.sandtable.xml")) << file;
    }
    EXPECT_GE(maps, 10);
    EXPECT_EQ(refused, 2); // the isometric and staggered examples
}

} // namespace
} // namespace sandtable
