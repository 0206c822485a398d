// Tiled's TMX maps and TSX tilesets (XML, through pugixml), with each fault's line.
#include "formats/tiled/tiled_readers.hpp"

#include "formats/load_error.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>

namespace sandtable::tiled_detail {
namespace {

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
    int lineOf(pugi::xml_node n) const { return lines_.lineAt(n.offset_debug()); }
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
    LineIndex lines_{text_};
    fs::path file_, failingFile_;
    TiledMap map_;
};

} // namespace

std::expected<TiledMap, LoadError> readTmxMap(std::string_view text, const fs::path& file) {
    return TmxReader(text, file).read();
}

std::expected<TiledTileset, std::string> readTsxTileset(std::string_view text, const fs::path& file) {
    pugi::xml_document doc;
    if (const auto parsed = doc.load_buffer(text.data(), text.size()); !parsed) {
        return std::unexpected("not well-formed XML at line " + std::to_string(lineAt(text, parsed.offset)) +
                               ": " + parsed.description());
    }
    const pugi::xml_node root = doc.document_element();
    if (std::string_view(root.name()) != "tileset") {
        return std::unexpected("not a Tiled tileset: its root element is <" + std::string(root.name()) + ">");
    }
    try {
        TmxReader reader(text, file);
        return reader.readTilesetRoot(root);
    } catch (const Failure& f) {
        return std::unexpected("line " + std::to_string(f.line) + ": " + f.message);
    }
}

} // namespace sandtable::tiled_detail
