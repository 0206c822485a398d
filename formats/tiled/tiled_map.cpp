// Tiled's two map formats read into one TiledMap: TMX (tiled_tmx.cpp, through pugixml) and JSON
// (tiled_json.cpp, through nlohmann-json), told apart by their first character. Both give their
// layers as raw layers first (a whole layer, or an infinite map's chunks), placed into the map's
// rectangle here once every layer is known.
#include "formats/tiled/tiled_map.hpp"

#include "formats/atomic_file.hpp"
#include "formats/tiled/tiled_readers.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <zlib.h>

#include <algorithm>
#include <climits>
namespace sandtable {

std::optional<std::pair<const TiledTileset*, int>> TiledMap::tileOf(std::uint32_t gid) const {
    gid &= ~tiledFlipBits;
    if (gid == 0) {
        return std::nullopt;
    }
    const TiledTileset* found = nullptr;
    for (const TiledTileset& t : tilesets) {
        if (static_cast<std::uint32_t>(t.firstGid) <= gid &&
            (found == nullptr || t.firstGid > found->firstGid)) {
            found = &t;
        }
    }
    if (found == nullptr) {
        return std::nullopt;
    }
    return std::pair{found, static_cast<int>(gid - static_cast<std::uint32_t>(found->firstGid))};
}

namespace tiled_detail {
namespace {

bool gzipped(std::string_view bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::expected<std::string, std::string> gunzipFile(std::string_view bytes) {
    z_stream z{};
    if (inflateInit2(&z, 15 + 16) != Z_OK) {
        return std::unexpected("zlib cannot start");
    }
    std::string out;
    char buffer[65536];
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        status = inflate(&z, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END) {
            inflateEnd(&z);
            return std::unexpected("the gzip file is corrupt or cut short");
        }
        out.append(buffer, sizeof buffer - z.avail_out);
        if (out.size() > limits::maxFileBytes) {
            inflateEnd(&z);
            return std::unexpected("the gzip file unpacks to more than " +
                                   limits::formatNumber(static_cast<long long>(limits::maxFileBytes)) +
                                   " bytes");
        }
        if (status == Z_OK && z.avail_in == 0 && z.avail_out != 0) {
            inflateEnd(&z);
            return std::unexpected("the gzip file is cut short");
        }
    }
    inflateEnd(&z);
    return out;
}

bool looksLikeJsonText(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

} // namespace

// A file's text, unpacked when it is gzipped.
std::expected<std::string, std::string> readText(const fs::path& file) {
    auto bytes = readWholeFile(file);
    if (!bytes) {
        return bytes;
    }
    if (gzipped(*bytes)) {
        return gunzipFile(*bytes);
    }
    return bytes;
}

fs::path besides(const fs::path& file, std::string_view relative) {
    const fs::path p = pathFromUtf8(std::string(relative));
    return p.is_absolute() ? p : file.parent_path() / p;
}

// Places every layer's chunks in the map's rectangle (an infinite map's: the chunks' bounds).
std::expected<void, std::string> placeLayers(TiledMap& map, std::vector<RawLayer>& raw) {
    if (map.infinite) {
        long long left = LLONG_MAX, top = LLONG_MAX, right = LLONG_MIN, bottom = LLONG_MIN;
        for (const RawLayer& l : raw) {
            for (const Chunk& c : l.chunks) {
                left = std::min<long long>(left, c.x);
                top = std::min<long long>(top, c.y);
                right = std::max<long long>(right, static_cast<long long>(c.x) + c.width);
                bottom = std::max<long long>(bottom, static_cast<long long>(c.y) + c.height);
            }
        }
        if (left == LLONG_MAX) {
            left = top = right = bottom = 0;
        }
        if (right - left > limits::mapSide.hi || bottom - top > limits::mapSide.hi) {
            return std::unexpected("the infinite map's chunks cover " + std::to_string(right - left) + " x " +
                                   std::to_string(bottom - top) + " cells; a map is at most " +
                                   std::to_string(limits::mapSide.hi) + " cells a side");
        }
        map.originX = static_cast<int>(left);
        map.originY = static_cast<int>(top);
        map.width = static_cast<int>(right - left);
        map.height = static_cast<int>(bottom - top);
    }
    const std::size_t cells = static_cast<std::size_t>(map.width) * static_cast<std::size_t>(map.height);
    if (static_cast<long long>(cells) * static_cast<long long>(raw.size()) >
        limits::maxTiledLayerCellsTotal) {
        return std::unexpected(std::to_string(raw.size()) + " tile layers of " + std::to_string(cells) +
                               " cells are more than the " +
                               limits::formatNumber(limits::maxTiledLayerCellsTotal) +
                               " cells Sandtable reads from one map");
    }
    for (RawLayer& l : raw) {
        TiledTileLayer layer{l.name, l.visible, {}, l.line};
        if (!map.infinite && l.chunks.size() == 1 && l.chunks.front().gids.size() == cells) {
            layer.gids = std::move(l.chunks.front().gids);
        } else {
            layer.gids.assign(cells, 0);
            for (const Chunk& c : l.chunks) {
                for (int y = 0; y < c.height; ++y) {
                    for (int x = 0; x < c.width; ++x) {
                        const long long mx = static_cast<long long>(c.x) + x - map.originX,
                                        my = static_cast<long long>(c.y) + y - map.originY;
                        if (mx >= 0 && my >= 0 && mx < map.width && my < map.height) {
                            layer.gids[static_cast<std::size_t>(my * map.width + mx)] =
                                c.gids[static_cast<std::size_t>(y) * static_cast<std::size_t>(c.width) +
                                       static_cast<std::size_t>(x)];
                        }
                    }
                }
            }
        }
        map.tileLayers.push_back(std::move(layer));
    }
    return {};
}

std::expected<void, std::string> checkSize(long long width, long long height, const std::string& what) {
    if (width < 0 || height < 0 || width > limits::mapSide.hi || height > limits::mapSide.hi ||
        width * height > limits::maxCells) {
        return std::unexpected(what + " is " + std::to_string(width) + " x " + std::to_string(height) +
                               " cells; Sandtable reads at most " + std::to_string(limits::mapSide.hi) +
                               " a side and " + limits::formatNumber(limits::maxCells) + " cells");
    }
    return {};
}

// Every tileset's tiles and global ids must fit the limits and not overlap the next one's ids.
std::expected<void, std::string> checkTileset(const TiledTileset& t) {
    if (t.firstGid < 1) {
        return std::unexpected("tileset '" + t.name + "' has firstgid " + std::to_string(t.firstGid) +
                               "; Tiled's global ids start at 1");
    }
    if (t.tileCount < 0 || t.tileCount > limits::maxTiledTilesetTiles) {
        return std::unexpected("tileset '" + t.name + "' claims " + std::to_string(t.tileCount) +
                               " tiles; Sandtable reads at most " +
                               limits::formatNumber(limits::maxTiledTilesetTiles));
    }
    return {};
}

std::expected<TiledTileset, std::string> readTilesetAt(const fs::path& named) {
    std::error_code ec;
    fs::path path = named;
    // Debian gzips the files of /usr/share/doc, Tiled's examples among them: "objs.tsx" is there
    // as "objs.tsx.gz".
    if (fs::path gz = fs::path(named) += ".gz"; !fs::exists(path, ec) && fs::is_regular_file(gz, ec)) {
        path = gz;
    }
    if (!fs::is_regular_file(path, ec)) {
        return std::unexpected("no such file (or it is not a regular file): " + utf8(path));
    }
    auto text = readText(path);
    if (!text) {
        return std::unexpected(text.error());
    }
    if (looksLikeJsonText(*text)) {
        return readJsonTileset(*text, path);
    }
    return readTsxTileset(*text, path);
}

} // namespace tiled_detail

std::expected<TiledMap, LoadError> readTiledMapText(std::string_view text,
                                                    const std::filesystem::path& file) {
    return tiled_detail::looksLikeJsonText(text) ? tiled_detail::readJsonMap(text, file)
                                                 : tiled_detail::readTmxMap(text, file);
}

std::expected<TiledMap, LoadError> readTiledMap(const std::filesystem::path& file) {
    auto text = tiled_detail::readText(file);
    if (!text) {
        return std::unexpected(LoadError{utf8(file), 0, 0, text.error()});
    }
    return readTiledMapText(*text, file);
}

} // namespace sandtable
