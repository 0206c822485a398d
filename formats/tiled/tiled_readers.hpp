#pragma once
// What the Tiled readers share (formats/tiled/): a layer as a file gives it (a whole layer or an
// infinite map's chunks), a reader's failure, a file's text (gunzipped when it is gzipped), the
// checks of sizes and tilesets, and the two readers' entry points. Not for use outside formats/tiled.
#include "formats/tiled/tiled_map.hpp"

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::tiled_detail {

namespace fs = std::filesystem;

// A layer as the file gives it: the whole map's rectangle, or chunks of an infinite map.
struct Chunk {
    int x = 0, y = 0, width = 0, height = 0;
    std::vector<std::uint32_t> gids;
};
struct RawLayer {
    std::string name;
    bool visible = true;
    int line = 0;
    std::vector<Chunk> chunks; // a finite layer is one chunk at 0,0
};

// What a reader throws to stop at the first fault: its line (TMX; 0 where there is none) and message.
struct Failure {
    int line = 0;
    std::string message;
};

// A file's text, unpacked when it is gzipped.
std::expected<std::string, std::string> readText(const fs::path& file);
// A path a file names, relative to that file's folder.
fs::path besides(const fs::path& file, std::string_view relative);
// Places every layer's chunks in the map's rectangle (an infinite map's: the chunks' bounds).
std::expected<void, std::string> placeLayers(TiledMap& map, std::vector<RawLayer>& raw);
std::expected<void, std::string> checkSize(long long width, long long height, const std::string& what);
// Every tileset's tiles and global ids must fit the limits.
std::expected<void, std::string> checkTileset(const TiledTileset& t);
// An external tileset (.tsx, or .tsj / .json), by its content.
std::expected<TiledTileset, std::string> readTilesetAt(const fs::path& path);

// The TMX reader (tiled_tmx.cpp) and the JSON reader (tiled_json.cpp).
std::expected<TiledMap, LoadError> readTmxMap(std::string_view text, const fs::path& file);
std::expected<TiledTileset, std::string> readTsxTileset(std::string_view text, const fs::path& file);
std::expected<TiledMap, LoadError> readJsonMap(std::string_view text, const fs::path& file);
std::expected<TiledTileset, std::string> readJsonTileset(std::string_view text, const fs::path& file);

} // namespace sandtable::tiled_detail
