#pragma once
// A Tiled map (TMX or JSON, docs at doc.mapeditor.org "TMX Map Format" and "JSON Map Format") read
// as Tiled reads it: its orientation and hexagon settings, its tilesets (inline or external .tsx /
// .tsj, with each tile's class and properties), its tile layers decoded whatever their encoding (CSV,
// base64 raw, zlib, gzip or zstd, or the old <tile> elements), infinite maps' chunks placed in one
// rectangle, group layers flattened, and its object layers. A gzipped map (.tmx.gz) is read too.
// What is read is bounded by model/limits.hpp whatever the file claims; errors name the file, the
// line (TMX) or the place in the document (JSON), and what is wrong.
#include "formats/load_error.hpp"

#include <cstdint>
#include <expected>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// A custom property: its name, type ("string", "int", "float", "bool", "color", "file", "object",
// "class") and value as text.
struct TiledProperty {
    std::string type = "string";
    std::string value;
};
using TiledProperties = std::map<std::string, TiledProperty>;

struct TiledTile {
    int id = 0;
    std::string className; // the tile's class (Tiled 1.9+) or type (earlier)
    TiledProperties properties;
    std::string image; // an image-collection tileset's picture of this tile
};

struct TiledTileset {
    int firstGid = 1;
    std::string name;
    std::filesystem::path source; // the external tileset file, empty when inline
    int tileWidth = 0, tileHeight = 0, spacing = 0, margin = 0, tileCount = 0, columns = 0;
    int offsetX = 0, offsetY = 0;
    std::filesystem::path image; // the tileset's picture, resolved against the file naming it
    int imageWidth = 0, imageHeight = 0;
    std::map<int, TiledTile> tiles; // the tiles that say something (class, properties, picture)
    TiledProperties properties;
    int line = 0;

    const TiledTile* tile(int id) const {
        auto it = tiles.find(id);
        return it == tiles.end() ? nullptr : &it->second;
    }
};

// Tiled keeps a tile's flips in the top bits of its global id.
inline constexpr std::uint32_t tiledFlipBits = 0xF0000000u;

struct TiledTileLayer {
    std::string name; // a layer inside groups is named "Group/Layer"
    bool visible = true;
    // One global id per cell of the map's rectangle, row by row; 0 is no tile. Flip bits kept.
    std::vector<std::uint32_t> gids;
    int line = 0;
};

struct TiledObject {
    int id = 0;
    std::string name, className;
    double x = 0, y = 0, width = 0, height = 0, rotation = 0;
    std::uint32_t gid = 0; // a tile object's tile
    bool point = false, ellipse = false;
    std::vector<std::pair<double, double>> polyline, polygon; // relative to x, y
    std::string text;                                         // a text object's text
    TiledProperties properties;
    int line = 0;
};

struct TiledObjectLayer {
    std::string name;
    bool visible = true;
    std::vector<TiledObject> objects;
    int line = 0;
};

struct TiledMap {
    std::filesystem::path file;
    std::string orientation; // "orthogonal", "isometric", "staggered" or "hexagonal"
    std::string renderOrder;
    int width = 0, height = 0;    // cells; for an infinite map, the rectangle its chunks cover
    int originX = 0, originY = 0; // an infinite map: the first cell's coordinates in Tiled
    int tileWidth = 0, tileHeight = 0, hexSideLength = 0;
    char staggerAxis = 'y'; // 'x' or 'y'
    bool staggerEven = false;
    bool infinite = false;
    TiledProperties properties;
    std::vector<TiledTileset> tilesets; // by first global id
    std::vector<TiledTileLayer> tileLayers;
    std::vector<TiledObjectLayer> objectLayers;
    std::vector<std::string> notes; // read but not understood: image layers, an unknown orientation

    // The tileset a global id belongs to, and the tile's local id in it.
    std::optional<std::pair<const TiledTileset*, int>> tileOf(std::uint32_t gid) const;
};

// Reads a .tmx, .tmx.gz or .json/.tmj map with its external tilesets.
std::expected<TiledMap, LoadError> readTiledMap(const std::filesystem::path& file);
// Reads a map from its text; `file` names it in errors and resolves its tilesets' and pictures' paths.
std::expected<TiledMap, LoadError> readTiledMapText(std::string_view text, const std::filesystem::path& file);

// Decodes one layer's data as the file holds it: "csv", or "base64" with compression "", "zlib",
// "gzip" or "zstd", into exactly `count` global ids; says what is wrong otherwise.
std::expected<std::vector<std::uint32_t>, std::string> decodeTiledData(std::string_view text,
                                                                       std::string_view encoding,
                                                                       std::string_view compression,
                                                                       std::size_t count);

} // namespace sandtable
