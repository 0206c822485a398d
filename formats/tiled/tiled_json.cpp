// Tiled's JSON maps and tilesets (.tmj, .tsj, .json, through nlohmann-json), each fault named by
// its place in the document ("layers[2] 'Ground': ...").
#include "formats/tiled/tiled_readers.hpp"

#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <cmath>

namespace sandtable::tiled_detail {
namespace {

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

} // namespace

std::expected<TiledMap, LoadError> readJsonMap(std::string_view text, const fs::path& file) {
    return JsonReader(text, file).read();
}

std::expected<TiledTileset, std::string> readJsonTileset(std::string_view text, const fs::path& file) {
    return JsonReader::tilesetFrom(text, file);
}

} // namespace sandtable::tiled_detail
