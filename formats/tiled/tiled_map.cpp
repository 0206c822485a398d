// Tiled's two map formats read into one TiledMap: TMX (XML, through pugixml) and JSON (through
// nlohmann-json). Both give their layers as raw layers first (a whole layer, or an infinite map's
// chunks), placed into the map's rectangle once every layer is known.
#include "formats/tiled/tiled_map.hpp"

#include "formats/atomic_file.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstring>
#include <functional>

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

namespace {

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

struct Failure {
    int line = 0;
    std::string message;
};

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

// An external tileset (.tsx, or .tsj / .json), by its content.
std::expected<TiledTileset, std::string> readTilesetAt(const fs::path& path);

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

// --- TMX -----------------------------------------------------------------------------------------

class TmxReader {
  public:
    TmxReader(std::string_view text, fs::path file) : text_(text), file_(std::move(file)) {}

    std::expected<TiledMap, LoadError> read() {
        pugi::xml_document doc;
        const pugi::xml_parse_result parsed =
            doc.load_buffer(text_.data(), text_.size(), pugi::parse_default);
        if (!parsed) {
            return std::unexpected(
                LoadError::at(utf8(file_), text_, parsed.offset,
                              std::string("not well-formed XML: ") + parsed.description()));
        }
        pugi::xml_node root = doc.document_element();
        if (std::string_view(root.name()) != "map") {
            return std::unexpected(LoadError::at(utf8(file_), text_, root.offset_debug(),
                                                 "not a Tiled map: its root element is <" +
                                                     std::string(root.name()) + ">, not <map>"));
        }
        try {
            readMap(root);
        } catch (const Failure& f) {
            return std::unexpected(LoadError{utf8(f.line > 0             ? file_
                                                  : failingFile_.empty() ? file_
                                                                         : failingFile_),
                                             f.line, 0, f.message});
        }
        return std::move(map_);
    }

  private:
    int lineOf(pugi::xml_node n) const { return lineAt(text_, n.offset_debug()); }
    [[noreturn]] void fail(pugi::xml_node n, std::string message) const {
        throw Failure{n ? lineOf(n) : 0, std::move(message)};
    }
    long long integer(pugi::xml_node n, const char* name, long long fallback, long long lo = INT_MIN,
                      long long hi = INT_MAX) const {
        pugi::xml_attribute a = n.attribute(name);
        if (!a) {
            return fallback;
        }
        const std::string_view v = a.value();
        long long out = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
        if (ec != std::errc{} || end != v.data() + v.size() || out < lo || out > hi) {
            fail(n, "<" + std::string(n.name()) + "> " + name + "=" + limits::quoted(v) +
                        " is not a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
        }
        return out;
    }
    double real(pugi::xml_node n, const char* name) const {
        pugi::xml_attribute a = n.attribute(name);
        if (!a) {
            return 0;
        }
        char* end = nullptr;
        const double v = std::strtod(a.value(), &end);
        if (end == a.value() || *end != '\0' || !std::isfinite(v)) {
            fail(n, "<" + std::string(n.name()) + "> " + name + "=" + limits::quoted(a.value()) +
                        " is not a number");
        }
        return v;
    }

    static TiledProperties properties(pugi::xml_node n) {
        TiledProperties out;
        for (pugi::xml_node p : n.child("properties").children("property")) {
            TiledProperty prop;
            prop.type = p.attribute("type") ? p.attribute("type").value() : "string";
            prop.value = p.attribute("value") ? p.attribute("value").value() : p.text().get();
            out[p.attribute("name").value()] = std::move(prop);
        }
        return out;
    }

    void readMap(pugi::xml_node root) {
        map_.file = file_;
        map_.orientation = root.attribute("orientation").value();
        map_.renderOrder = root.attribute("renderorder").value();
        map_.infinite = integer(root, "infinite", 0, 0, 1) == 1;
        map_.width = static_cast<int>(integer(root, "width", 0, 0, INT_MAX));
        map_.height = static_cast<int>(integer(root, "height", 0, 0, INT_MAX));
        if (!map_.infinite) {
            if (auto ok = checkSize(map_.width, map_.height, "the map"); !ok) {
                fail(root, ok.error());
            }
        }
        map_.tileWidth = static_cast<int>(integer(root, "tilewidth", 0, 0, 1'000'000));
        map_.tileHeight = static_cast<int>(integer(root, "tileheight", 0, 0, 1'000'000));
        map_.hexSideLength = static_cast<int>(integer(root, "hexsidelength", 0, 0, 1'000'000));
        const std::string_view axis = root.attribute("staggeraxis").value();
        if (!axis.empty() && axis != "x" && axis != "y") {
            fail(root, "staggeraxis=" + limits::quoted(axis) + " is neither x nor y");
        }
        map_.staggerAxis = axis == "x" ? 'x' : 'y';
        const std::string_view index = root.attribute("staggerindex").value();
        if (!index.empty() && index != "odd" && index != "even") {
            fail(root, "staggerindex=" + limits::quoted(index) + " is neither odd nor even");
        }
        map_.staggerEven = index == "even";
        map_.properties = properties(root);
        std::vector<RawLayer> raw;
        for (pugi::xml_node child : root.children()) {
            const std::string_view name = child.name();
            if (name == "tileset") {
                map_.tilesets.push_back(tileset(child));
            }
        }
        std::ranges::sort(map_.tilesets, {}, &TiledTileset::firstGid);
        layers(root, "", true, raw, 0);
        if (auto placed = placeLayers(map_, raw); !placed) {
            fail(root, placed.error());
        }
    }

    void layers(pugi::xml_node parent, const std::string& prefix, bool visible, std::vector<RawLayer>& raw,
                int depth) {
        if (depth > limits::maxTiledNesting) {
            fail(parent, "groups nest deeper than " + std::to_string(limits::maxTiledNesting) + " levels");
        }
        for (pugi::xml_node child : parent.children()) {
            const std::string_view kind = child.name();
            const std::string name = prefix + child.attribute("name").value();
            const bool shown = visible && integer(child, "visible", 1, 0, 1) == 1;
            if (kind == "layer") {
                if (static_cast<long long>(raw.size()) >= limits::maxTiledLayers) {
                    fail(child, "more than " + std::to_string(limits::maxTiledLayers) + " tile layers");
                }
                raw.push_back(tileLayer(child, name, shown));
            } else if (kind == "objectgroup") {
                map_.objectLayers.push_back(objectLayer(child, name, shown));
            } else if (kind == "group") {
                layers(child, name + "/", shown, raw, depth + 1);
            } else if (kind == "imagelayer") {
                map_.notes.push_back(utf8(file_) + ":" + std::to_string(lineOf(child)) + ": image layer '" +
                                     name + "' is not read (Sandtable's map has one background picture)");
            }
        }
    }

    RawLayer tileLayer(pugi::xml_node n, const std::string& name, bool visible) {
        RawLayer layer{name, visible, lineOf(n), {}};
        const pugi::xml_node data = n.child("data");
        const std::string encoding = data.attribute("encoding").value();
        const std::string compression = data.attribute("compression").value();
        auto decode = [&](pugi::xml_node holder, long long width, long long height) {
            if (auto ok = checkSize(width, height, "layer '" + name + "'"); !ok) {
                fail(holder, ok.error());
            }
            const auto count = static_cast<std::size_t>(width * height);
            if (encoding.empty()) {
                std::vector<std::uint32_t> gids;
                gids.reserve(count);
                for (pugi::xml_node t : holder.children("tile")) {
                    if (gids.size() == count) {
                        fail(t, "layer '" + name + "' has more <tile> elements than its " +
                                    std::to_string(count) + " cells");
                    }
                    gids.push_back(static_cast<std::uint32_t>(integer(t, "gid", 0, 0, UINT32_MAX)));
                }
                if (gids.size() != count) {
                    fail(holder, "layer '" + name + "' has " + std::to_string(gids.size()) +
                                     " <tile> elements for " + std::to_string(count) + " cells");
                }
                return gids;
            }
            std::string text;
            for (pugi::xml_node t = holder.first_child(); t; t = t.next_sibling()) {
                if (t.type() == pugi::node_pcdata || t.type() == pugi::node_cdata) {
                    text += t.value();
                }
            }
            auto gids = decodeTiledData(text, encoding, compression, count);
            if (!gids) {
                fail(holder, "layer '" + name + "': " + gids.error());
            }
            return std::move(*gids);
        };
        if (!data) {
            fail(n, "layer '" + name + "' has no <data>");
        }
        if (map_.infinite) {
            for (pugi::xml_node c : data.children("chunk")) {
                Chunk chunk;
                chunk.x = static_cast<int>(integer(c, "x", 0, -1'000'000'000, 1'000'000'000));
                chunk.y = static_cast<int>(integer(c, "y", 0, -1'000'000'000, 1'000'000'000));
                chunk.width = static_cast<int>(integer(c, "width", 0, 0, limits::mapSide.hi));
                chunk.height = static_cast<int>(integer(c, "height", 0, 0, limits::mapSide.hi));
                chunk.gids = decode(c, chunk.width, chunk.height);
                layer.chunks.push_back(std::move(chunk));
            }
        } else {
            Chunk whole{0, 0, map_.width, map_.height, decode(data, map_.width, map_.height)};
            layer.chunks.push_back(std::move(whole));
        }
        return layer;
    }

    TiledObjectLayer objectLayer(pugi::xml_node n, const std::string& name, bool visible) {
        TiledObjectLayer layer{name, visible, {}, lineOf(n)};
        for (pugi::xml_node o : n.children("object")) {
            TiledObject object;
            object.id = static_cast<int>(integer(o, "id", 0));
            object.name = o.attribute("name").value();
            object.className =
                o.attribute("class") ? o.attribute("class").value() : o.attribute("type").value();
            object.x = real(o, "x");
            object.y = real(o, "y");
            object.width = real(o, "width");
            object.height = real(o, "height");
            object.rotation = real(o, "rotation");
            object.gid = static_cast<std::uint32_t>(integer(o, "gid", 0, 0, UINT32_MAX));
            object.point = static_cast<bool>(o.child("point"));
            object.ellipse = static_cast<bool>(o.child("ellipse"));
            object.polyline = points(o.child("polyline"));
            object.polygon = points(o.child("polygon"));
            object.text = o.child("text").text().get();
            object.properties = properties(o);
            object.line = lineOf(o);
            layer.objects.push_back(std::move(object));
        }
        return layer;
    }

    std::vector<std::pair<double, double>> points(pugi::xml_node n) const {
        std::vector<std::pair<double, double>> out;
        if (!n) {
            return out;
        }
        const std::string text = n.attribute("points").value();
        const char* p = text.c_str();
        while (*p != '\0') {
            char* end = nullptr;
            const double x = std::strtod(p, &end);
            if (end == p || *end != ',') {
                fail(n, "points=" + limits::quoted(text) + " is not a list of X,Y pairs");
            }
            p = end + 1;
            const double y = std::strtod(p, &end);
            if (end == p || !std::isfinite(x) || !std::isfinite(y)) {
                fail(n, "points=" + limits::quoted(text) + " is not a list of X,Y pairs");
            }
            out.emplace_back(x, y);
            p = end;
            while (*p == ' ') {
                ++p;
            }
        }
        return out;
    }

    TiledTileset tileset(pugi::xml_node n) {
        const int firstGid = static_cast<int>(integer(n, "firstgid", 1, 1, INT_MAX));
        if (pugi::xml_attribute source = n.attribute("source")) {
            const fs::path path = besides(file_, source.value());
            auto external = readExternalTileset(path);
            if (!external) {
                failingFile_ = path;
                fail(n, "tileset " + limits::quoted(source.value()) + ": " + external.error());
            }
            external->firstGid = firstGid;
            external->source = path;
            external->line = lineOf(n);
            return std::move(*external);
        }
        TiledTileset t = inlineTileset(n, file_);
        t.firstGid = firstGid;
        return t;
    }

    TiledTileset inlineTileset(pugi::xml_node n, const fs::path& file) const {
        TiledTileset t;
        t.name = n.attribute("name").value();
        t.tileWidth = static_cast<int>(integer(n, "tilewidth", 0, 0, 1'000'000));
        t.tileHeight = static_cast<int>(integer(n, "tileheight", 0, 0, 1'000'000));
        t.spacing = static_cast<int>(integer(n, "spacing", 0, 0, 1'000'000));
        t.margin = static_cast<int>(integer(n, "margin", 0, 0, 1'000'000));
        t.tileCount = static_cast<int>(integer(n, "tilecount", 0, 0, INT_MAX));
        t.columns = static_cast<int>(integer(n, "columns", 0, 0, INT_MAX));
        t.offsetX = static_cast<int>(integer(n.child("tileoffset"), "x", 0));
        t.offsetY = static_cast<int>(integer(n.child("tileoffset"), "y", 0));
        t.properties = properties(n);
        t.line = lineOf(n);
        if (pugi::xml_node image = n.child("image")) {
            t.image = besides(file, image.attribute("source").value());
            t.imageWidth = static_cast<int>(integer(image, "width", 0, 0, 1'000'000));
            t.imageHeight = static_cast<int>(integer(image, "height", 0, 0, 1'000'000));
        }
        for (pugi::xml_node tile : n.children("tile")) {
            TiledTile tt;
            tt.id = static_cast<int>(integer(tile, "id", 0, 0, limits::maxTiledTilesetTiles));
            tt.className =
                tile.attribute("class") ? tile.attribute("class").value() : tile.attribute("type").value();
            tt.properties = properties(tile);
            if (pugi::xml_node image = tile.child("image")) {
                tt.image = utf8(besides(file, image.attribute("source").value()));
            }
            if (static_cast<long long>(t.tiles.size()) >= limits::maxTiledTilesetTiles) {
                fail(tile, "tileset '" + t.name + "' describes more than " +
                               limits::formatNumber(limits::maxTiledTilesetTiles) + " tiles");
            }
            t.tiles[tt.id] = std::move(tt);
        }
        if (auto ok = checkTileset(t); !ok) {
            fail(n, ok.error());
        }
        return t;
    }

    std::expected<TiledTileset, std::string> readExternalTileset(const fs::path& path) const {
        return readTilesetAt(path);
    }

  public:
    TiledTileset readTilesetRoot(pugi::xml_node root) const { return inlineTileset(root, file_); }

  private:
    std::string_view text_;
    fs::path file_, failingFile_;
    TiledMap map_;
};

// --- JSON ----------------------------------------------------------------------------------------

using Json = nlohmann::json;

// The deepest nesting of arrays and objects in a JSON text, counted without parsing it (nlohmann's
// parser recurses: a hostile file of a million '[' must be refused before it).
int jsonDepth(std::string_view text) {
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (const char c : text) {
        if (inString) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                inString = false;
            }
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

class JsonReader {
  public:
    JsonReader(std::string_view text, fs::path file) : text_(text), file_(std::move(file)) {}

    std::expected<TiledMap, LoadError> read() {
        if (jsonDepth(text_) > limits::maxTiledNesting * 3) {
            return std::unexpected(LoadError{utf8(file_), 0, 0,
                                             "arrays and objects nest deeper than " +
                                                 std::to_string(limits::maxTiledNesting * 3) +
                                                 " levels, more than any Tiled map"});
        }
        Json doc;
        try {
            doc = Json::parse(text_.begin(), text_.end());
        } catch (const Json::parse_error& e) {
            // "[json.exception.parse_error.101] parse error at line 1, column 25: syntax error ...":
            // the place is the LoadError's, the rest is the reason.
            std::string what = e.what();
            if (auto at = what.find("; last read"); at != std::string::npos) {
                what = what.substr(0, at);
            }
            if (auto colon = what.find(": ");
                what.starts_with("[json.exception") && colon != std::string::npos) {
                what = what.substr(colon + 2);
            }
            return std::unexpected(LoadError::at(utf8(file_), text_, static_cast<std::ptrdiff_t>(e.byte) - 1,
                                                 "not well-formed JSON: " + what));
        }
        try {
            if (!doc.is_object() || doc.value("type", std::string("map")) != "map") {
                throw Failure{0, "not a Tiled map: the document is not an object of \"type\": \"map\""};
            }
            readMap(doc);
        } catch (const Failure& f) {
            return std::unexpected(
                LoadError{utf8(failingFile_.empty() ? file_ : failingFile_), 0, 0, f.message});
        } catch (const Json::exception& e) {
            return std::unexpected(LoadError{utf8(file_), 0, 0, std::string("not a Tiled map: ") + e.what()});
        }
        return std::move(map_);
    }

    // A tileset document (.tsj / .json), for external tilesets of either format's maps.
    static std::expected<TiledTileset, std::string> tilesetFrom(std::string_view text, const fs::path& file) {
        if (jsonDepth(text) > limits::maxTiledNesting * 3) {
            return std::unexpected("arrays and objects nest too deep");
        }
        try {
            const Json doc = Json::parse(text.begin(), text.end());
            JsonReader reader(text, file);
            return reader.tileset(doc, "the tileset", file);
        } catch (const Json::parse_error& e) {
            return std::unexpected("not well-formed JSON at line " +
                                   std::to_string(lineAt(text, static_cast<std::ptrdiff_t>(e.byte) - 1)));
        } catch (const Failure& f) {
            return std::unexpected(f.message);
        } catch (const Json::exception& e) {
            return std::unexpected(std::string("not a Tiled tileset: ") + e.what());
        }
    }

  private:
    [[noreturn]] static void fail(const std::string& where, std::string message) {
        throw Failure{0, where + ": " + std::move(message)};
    }
    static long long integer(const Json& j, const char* key, long long fallback, const std::string& where,
                             long long lo = INT_MIN, long long hi = INT_MAX) {
        if (!j.contains(key)) {
            return fallback;
        }
        const Json& v = j[key];
        if (!v.is_number_integer() &&
            !(v.is_number_float() && std::floor(v.get<double>()) == v.get<double>())) {
            fail(where, std::string(key) + " is " + v.dump().substr(0, 40) + ", not a whole number");
        }
        const double d = v.get<double>();
        if (d < static_cast<double>(lo) || d > static_cast<double>(hi)) {
            fail(where, std::string(key) + " is " + v.dump() + ", not from " + std::to_string(lo) + " to " +
                            std::to_string(hi));
        }
        return v.is_number_integer() ? v.get<long long>() : static_cast<long long>(d);
    }
    static double real(const Json& j, const char* key, const std::string& where) {
        if (!j.contains(key)) {
            return 0;
        }
        if (!j[key].is_number()) {
            fail(where, std::string(key) + " is " + j[key].dump().substr(0, 40) + ", not a number");
        }
        return j[key].get<double>();
    }
    static std::string string(const Json& j, const char* key) {
        return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
    }
    static TiledProperties properties(const Json& j) {
        TiledProperties out;
        if (!j.contains("properties") || !j["properties"].is_array()) {
            return out;
        }
        for (const Json& p : j["properties"]) {
            if (!p.is_object()) {
                continue;
            }
            TiledProperty prop;
            prop.type = p.value("type", std::string("string"));
            const Json& v = p.contains("value") ? p["value"] : Json();
            prop.value = v.is_string()    ? v.get<std::string>()
                         : v.is_boolean() ? (v.get<bool>() ? "true" : "false")
                                          : v.dump();
            out[string(p, "name")] = std::move(prop);
        }
        return out;
    }

    void readMap(const Json& doc) {
        map_.file = file_;
        map_.orientation = string(doc, "orientation");
        map_.renderOrder = string(doc, "renderorder");
        map_.infinite = doc.value("infinite", false);
        map_.width = static_cast<int>(integer(doc, "width", 0, "the map", 0));
        map_.height = static_cast<int>(integer(doc, "height", 0, "the map", 0));
        if (!map_.infinite) {
            if (auto ok = checkSize(map_.width, map_.height, "the map"); !ok) {
                fail("the map", ok.error());
            }
        }
        map_.tileWidth = static_cast<int>(integer(doc, "tilewidth", 0, "the map", 0, 1'000'000));
        map_.tileHeight = static_cast<int>(integer(doc, "tileheight", 0, "the map", 0, 1'000'000));
        map_.hexSideLength = static_cast<int>(integer(doc, "hexsidelength", 0, "the map", 0, 1'000'000));
        const std::string axis = string(doc, "staggeraxis"), index = string(doc, "staggerindex");
        if (!axis.empty() && axis != "x" && axis != "y") {
            fail("the map", "staggeraxis " + limits::quoted(axis) + " is neither x nor y");
        }
        if (!index.empty() && index != "odd" && index != "even") {
            fail("the map", "staggerindex " + limits::quoted(index) + " is neither odd nor even");
        }
        map_.staggerAxis = axis == "x" ? 'x' : 'y';
        map_.staggerEven = index == "even";
        map_.properties = properties(doc);
        if (doc.contains("tilesets")) {
            std::size_t i = 0;
            for (const Json& t : doc["tilesets"]) {
                const std::string where = "tilesets[" + std::to_string(i++) + "]";
                const int firstGid = static_cast<int>(integer(t, "firstgid", 1, where, 1));
                TiledTileset set;
                if (t.contains("source")) {
                    const fs::path path = besides(file_, string(t, "source"));
                    auto external = readTilesetFile(path);
                    if (!external) {
                        failingFile_ = path;
                        fail(where,
                             "tileset " + limits::quoted(string(t, "source")) + ": " + external.error());
                    }
                    set = std::move(*external);
                    set.source = path;
                } else {
                    set = tileset(t, where, file_);
                }
                set.firstGid = firstGid;
                map_.tilesets.push_back(std::move(set));
            }
        }
        std::ranges::sort(map_.tilesets, {}, &TiledTileset::firstGid);
        std::vector<RawLayer> raw;
        if (doc.contains("layers")) {
            layers(doc["layers"], "", true, raw, "layers", 0);
        }
        if (auto placed = placeLayers(map_, raw); !placed) {
            fail("the map", placed.error());
        }
    }

    void layers(const Json& list, const std::string& prefix, bool visible, std::vector<RawLayer>& raw,
                const std::string& path, int depth) {
        if (depth > limits::maxTiledNesting) {
            fail(path, "groups nest deeper than " + std::to_string(limits::maxTiledNesting) + " levels");
        }
        if (!list.is_array()) {
            fail(path, "is not a list of layers");
        }
        std::size_t i = 0;
        for (const Json& l : list) {
            const std::string where = path + "[" + std::to_string(i++) + "]";
            const std::string type = string(l, "type"), name = prefix + string(l, "name");
            const bool shown = visible && l.value("visible", true);
            if (type == "tilelayer") {
                if (static_cast<long long>(raw.size()) >= limits::maxTiledLayers) {
                    fail(where, "more than " + std::to_string(limits::maxTiledLayers) + " tile layers");
                }
                raw.push_back(tileLayer(l, name, shown, where + " '" + name + "'"));
            } else if (type == "objectgroup") {
                map_.objectLayers.push_back(objectLayer(l, name, shown, where));
            } else if (type == "group") {
                if (l.contains("layers")) {
                    layers(l["layers"], name + "/", shown, raw, where + ".layers", depth + 1);
                }
            } else if (type == "imagelayer") {
                map_.notes.push_back(utf8(file_) + ": " + where + ": image layer '" + name +
                                     "' is not read (Sandtable's map has one background picture)");
            } else {
                fail(where, "unknown layer type " + limits::quoted(type));
            }
        }
    }

    RawLayer tileLayer(const Json& l, const std::string& name, bool visible, const std::string& where) {
        RawLayer layer{name, visible, 0, {}};
        const std::string encoding = l.contains("encoding") ? string(l, "encoding") : "csv";
        const std::string compression = string(l, "compression");
        auto decode = [&](const Json& holder, long long width, long long height, const std::string& at) {
            if (auto ok = checkSize(width, height, at); !ok) {
                fail(at, ok.error());
            }
            const auto count = static_cast<std::size_t>(width * height);
            if (!holder.contains("data")) {
                fail(at, "has no data");
            }
            const Json& data = holder["data"];
            if (data.is_string()) {
                auto gids = decodeTiledData(data.get_ref<const std::string&>(),
                                            encoding == "csv" ? "base64" : encoding, compression, count);
                if (!gids) {
                    fail(at, gids.error());
                }
                return std::move(*gids);
            }
            if (!data.is_array()) {
                fail(at, "data is neither a list of tile ids nor base64 text");
            }
            if (data.size() != count) {
                fail(at, "data has " + std::to_string(data.size()) + " tiles; the layer has " +
                             std::to_string(count) + " cells");
            }
            std::vector<std::uint32_t> gids;
            gids.reserve(count);
            for (const Json& v : data) {
                if (!v.is_number_unsigned() || v.get<unsigned long long>() > UINT32_MAX) {
                    fail(at, "data holds " + v.dump().substr(0, 40) + ", not a tile id");
                }
                gids.push_back(static_cast<std::uint32_t>(v.get<unsigned long long>()));
            }
            return gids;
        };
        if (map_.infinite) {
            if (l.contains("chunks")) {
                std::size_t i = 0;
                for (const Json& c : l["chunks"]) {
                    const std::string at = where + ".chunks[" + std::to_string(i++) + "]";
                    Chunk chunk;
                    chunk.x = static_cast<int>(integer(c, "x", 0, at, -1'000'000'000, 1'000'000'000));
                    chunk.y = static_cast<int>(integer(c, "y", 0, at, -1'000'000'000, 1'000'000'000));
                    chunk.width = static_cast<int>(integer(c, "width", 0, at, 0, limits::mapSide.hi));
                    chunk.height = static_cast<int>(integer(c, "height", 0, at, 0, limits::mapSide.hi));
                    chunk.gids = decode(c, chunk.width, chunk.height, at);
                    layer.chunks.push_back(std::move(chunk));
                }
            }
        } else {
            layer.chunks.push_back(
                {0, 0, map_.width, map_.height, decode(l, map_.width, map_.height, where)});
        }
        return layer;
    }

    TiledObjectLayer objectLayer(const Json& l, const std::string& name, bool visible,
                                 const std::string& where) {
        TiledObjectLayer layer{name, visible, {}, 0};
        if (!l.contains("objects")) {
            return layer;
        }
        std::size_t i = 0;
        for (const Json& o : l["objects"]) {
            const std::string at = where + ".objects[" + std::to_string(i++) + "]";
            TiledObject object;
            object.id = static_cast<int>(integer(o, "id", 0, at));
            object.name = string(o, "name");
            object.className = o.contains("class") ? string(o, "class") : string(o, "type");
            object.x = real(o, "x", at);
            object.y = real(o, "y", at);
            object.width = real(o, "width", at);
            object.height = real(o, "height", at);
            object.rotation = real(o, "rotation", at);
            object.gid = static_cast<std::uint32_t>(integer(o, "gid", 0, at, 0, UINT32_MAX));
            object.point = o.value("point", false);
            object.ellipse = o.value("ellipse", false);
            auto points = [&](const char* key) {
                std::vector<std::pair<double, double>> out;
                if (o.contains(key)) {
                    for (const Json& p : o[key]) {
                        out.emplace_back(real(p, "x", at), real(p, "y", at));
                    }
                }
                return out;
            };
            object.polyline = points("polyline");
            object.polygon = points("polygon");
            if (o.contains("text") && o["text"].is_object()) {
                object.text = string(o["text"], "text");
            }
            object.properties = properties(o);
            layer.objects.push_back(std::move(object));
        }
        return layer;
    }

    TiledTileset tileset(const Json& t, const std::string& where, const fs::path& file) const {
        TiledTileset set;
        set.name = string(t, "name");
        set.tileWidth = static_cast<int>(integer(t, "tilewidth", 0, where, 0, 1'000'000));
        set.tileHeight = static_cast<int>(integer(t, "tileheight", 0, where, 0, 1'000'000));
        set.spacing = static_cast<int>(integer(t, "spacing", 0, where, 0, 1'000'000));
        set.margin = static_cast<int>(integer(t, "margin", 0, where, 0, 1'000'000));
        set.tileCount = static_cast<int>(integer(t, "tilecount", 0, where, 0));
        set.columns = static_cast<int>(integer(t, "columns", 0, where, 0));
        if (t.contains("tileoffset")) {
            set.offsetX = static_cast<int>(integer(t["tileoffset"], "x", 0, where));
            set.offsetY = static_cast<int>(integer(t["tileoffset"], "y", 0, where));
        }
        set.properties = properties(t);
        if (t.contains("image")) {
            set.image = besides(file, string(t, "image"));
            set.imageWidth = static_cast<int>(integer(t, "imagewidth", 0, where, 0, 1'000'000));
            set.imageHeight = static_cast<int>(integer(t, "imageheight", 0, where, 0, 1'000'000));
        }
        if (t.contains("tiles")) {
            std::size_t i = 0;
            for (const Json& tile : t["tiles"]) {
                const std::string at = where + ".tiles[" + std::to_string(i++) + "]";
                TiledTile tt;
                tt.id = static_cast<int>(integer(tile, "id", 0, at, 0, limits::maxTiledTilesetTiles));
                tt.className = tile.contains("class") ? string(tile, "class") : string(tile, "type");
                tt.properties = properties(tile);
                if (tile.contains("image")) {
                    tt.image = utf8(besides(file, string(tile, "image")));
                }
                set.tiles[tt.id] = std::move(tt);
            }
        }
        if (auto ok = checkTileset(set); !ok) {
            fail(where, ok.error());
        }
        return set;
    }

    std::string_view text_;
    fs::path file_, failingFile_;
    TiledMap map_;

    static std::expected<TiledTileset, std::string> readTilesetFile(const fs::path& path) {
        return readTilesetAt(path);
    }
};

bool looksLikeJson(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
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
    if (looksLikeJson(*text)) {
        return JsonReader::tilesetFrom(*text, path);
    }
    pugi::xml_document doc;
    if (const auto parsed = doc.load_buffer(text->data(), text->size()); !parsed) {
        return std::unexpected("not well-formed XML at line " + std::to_string(lineAt(*text, parsed.offset)) +
                               ": " + parsed.description());
    }
    const pugi::xml_node root = doc.document_element();
    if (std::string_view(root.name()) != "tileset") {
        return std::unexpected("not a Tiled tileset: its root element is <" + std::string(root.name()) + ">");
    }
    try {
        TmxReader reader(*text, path);
        return reader.readTilesetRoot(root);
    } catch (const Failure& f) {
        return std::unexpected("line " + std::to_string(f.line) + ": " + f.message);
    }
}

} // namespace

std::expected<TiledMap, LoadError> readTiledMapText(std::string_view text,
                                                    const std::filesystem::path& file) {
    if (looksLikeJson(text)) {
        return JsonReader(text, file).read();
    }
    return TmxReader(text, file).read();
}

std::expected<TiledMap, LoadError> readTiledMap(const std::filesystem::path& file) {
    auto text = readText(file);
    if (!text) {
        return std::unexpected(LoadError{utf8(file), 0, 0, text.error()});
    }
    return readTiledMapText(*text, file);
}

} // namespace sandtable
