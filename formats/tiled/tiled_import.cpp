#include "formats/tiled/tiled_import.hpp"

#include "formats/atomic_file.hpp"
#include "formats/load_error.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <set>
#include <sstream>
#include <unordered_map>

namespace sandtable {

const TileTerrainRule* TileTerrainTable::find(std::string_view tile) const {
    auto it = std::ranges::find(rules, tile, &TileTerrainRule::tile);
    return it == rules.end() ? nullptr : &*it;
}

namespace {

std::string trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) {
        return {};
    }
    const auto last = s.find_last_not_of(" \t\r");
    return std::string(s.substr(first, last - first + 1));
}

} // namespace

std::expected<TileTerrainTable, std::string> parseTileTerrainTable(std::string_view text,
                                                                   const std::string& source) {
    TileTerrainTable table;
    table.source = source;
    int number = 0;
    for (std::string_view line : splitLines(text)) { // "\r\n" is one line end, "\r" alone too
        ++number;
        if (const auto hash = line.find('#'); hash != std::string_view::npos) {
            line = line.substr(0, hash);
        }
        if (trimmed(line).empty()) {
            continue;
        }
        const std::string where = source + ":" + std::to_string(number) + ": ";
        const auto equals = line.find('=');
        if (equals == std::string_view::npos) {
            return std::unexpected(where + "expected TILE = TERRAIN, not " + limits::quoted(trimmed(line)));
        }
        const std::string tile = trimmed(line.substr(0, equals)), terrain = trimmed(line.substr(equals + 1));
        if (tile.empty()) {
            return std::unexpected(where + "no tile before '=' (a tile id, TILESET:ID, or a class)");
        }
        if (terrain.empty() || terrain.find_first_of(" \t") != std::string::npos) {
            return std::unexpected(where + "after '=' comes one terrain key (or - to leave the tile), not " +
                                   limits::quoted(terrain));
        }
        if (const TileTerrainRule* earlier = table.find(tile)) {
            return std::unexpected(where + limits::quoted(tile) + " is already given on line " +
                                   std::to_string(earlier->line));
        }
        table.rules.push_back({tile, terrain == "-" ? std::nullopt : std::optional(terrain), number});
    }
    if (table.rules.empty()) {
        return std::unexpected(source + ": no tiles (each line is TILE = TERRAIN)");
    }
    return table;
}

std::expected<TileTerrainTable, std::string> readTileTerrainTable(const std::filesystem::path& file) {
    auto text = readWholeFile(file);
    if (!text) {
        return std::unexpected(utf8(file) + ": " + text.error());
    }
    return parseTileTerrainTable(*text, utf8(file));
}

namespace {

// Tiled's hexagonal and orthogonal renderers' cell centres, in the map's pixels (Tiled's own cell
// coordinates: an infinite map's first cell is its origin).
class TiledGeometry {
  public:
    explicit TiledGeometry(const TiledMap& m) : m_(m) {
        hex_ = m.orientation == "hexagonal";
        if (hex_) {
            if (m.staggerAxis == 'x') {
                sideOffset_ = (m.tileWidth - m.hexSideLength) / 2;
                step_ = sideOffset_ + m.hexSideLength;
            } else {
                sideOffset_ = (m.tileHeight - m.hexSideLength) / 2;
                step_ = sideOffset_ + m.hexSideLength;
            }
        }
    }
    bool staggered(int index) const { return ((index & 1) != 0) != m_.staggerEven; }
    std::pair<double, double> centre(int col, int row) const {
        const double tw = m_.tileWidth, th = m_.tileHeight;
        if (!hex_) {
            return {col * tw + tw / 2, row * th + th / 2};
        }
        if (m_.staggerAxis == 'x') {
            return {col * static_cast<double>(step_) + tw / 2,
                    row * th + th / 2 + (staggered(col) ? th / 2 : 0)};
        }
        return {col * tw + tw / 2 + (staggered(row) ? tw / 2 : 0), row * static_cast<double>(step_) + th / 2};
    }
    // Tiled cells near a pixel, nearest first.
    std::vector<std::pair<int, int>> near(double x, double y) const {
        const double cw = hex_ && m_.staggerAxis == 'x' ? step_ : m_.tileWidth;
        const double ch = hex_ && m_.staggerAxis == 'y' ? step_ : m_.tileHeight;
        const int col = static_cast<int>(std::floor(x / std::max(1.0, cw)));
        const int row = static_cast<int>(std::floor(y / std::max(1.0, ch)));
        std::vector<std::pair<double, std::pair<int, int>>> found;
        for (int dr = -2; dr <= 2; ++dr) {
            for (int dc = -2; dc <= 2; ++dc) {
                const auto [cx, cy] = centre(col + dc, row + dr);
                found.push_back({std::hypot(cx - x, cy - y), {col + dc, row + dr}});
            }
        }
        std::ranges::sort(found);
        std::vector<std::pair<int, int>> out;
        for (const auto& f : found) {
            out.push_back(f.second);
        }
        return out;
    }

  private:
    const TiledMap& m_;
    bool hex_ = false;
    int sideOffset_ = 0, step_ = 1;
};

std::string tileName(const TiledTileset& set, int id) {
    std::string name = set.name + ":" + std::to_string(id);
    if (const TiledTile* t = set.tile(id); t != nullptr && !t->className.empty()) {
        name += " (class '" + t->className + "')";
    }
    return name;
}

std::optional<std::string> propertyOf(const TiledTile* tile, const char* name) {
    if (tile == nullptr) {
        return std::nullopt;
    }
    auto it = tile->properties.find(name);
    return it == tile->properties.end() ? std::nullopt : std::optional(it->second.value);
}

std::optional<Rgb> colourOf(std::string_view text) {
    // Tiled's colours: "#RRGGBB" or "#AARRGGBB".
    if (text.starts_with('#')) {
        text.remove_prefix(1);
    }
    if (text.size() != 6 && text.size() != 8) {
        return std::nullopt;
    }
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (ec != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return Rgb{static_cast<std::uint8_t>((value >> 16) & 0xFF),
               static_cast<std::uint8_t>((value >> 8) & 0xFF), static_cast<std::uint8_t>(value & 0xFF)};
}

// The terrain type a tile of Sandtable's own TMX export declares (key, name, class, cover...).
std::optional<TerrainType> sandtableTerrain(const TiledTile& tile) {
    const auto key = propertyOf(&tile, "key");
    const auto cls = propertyOf(&tile, "class");
    if (!key || !cls || !parseEnum<TerrainClass>(*cls)) {
        return std::nullopt;
    }
    TerrainType t;
    t.key = *key;
    t.name = propertyOf(&tile, "name").value_or(*key);
    t.terrainClass = *parseEnum<TerrainClass>(*cls);
    t.cover = parseEnum<Cover>(propertyOf(&tile, "cover").value_or("none")).value_or(Cover::None);
    t.blocksSight = propertyOf(&tile, "blocksSight").value_or("false") == "true";
    for (const TerrainType& d : defaultTerrainTypes()) {
        if (d.key == t.key) {
            t.colour = d.colour;
            t.symbol = d.symbol;
        }
    }
    if (auto colour = propertyOf(&tile, "colour"); colour && colourOf(*colour)) {
        t.colour = *colourOf(*colour);
    }
    if (auto symbol = propertyOf(&tile, "symbol"); symbol && parseEnum<TerrainSymbol>(*symbol)) {
        t.symbol = *parseEnum<TerrainSymbol>(*symbol);
    }
    return t;
}

class TiledImport {
  public:
    TiledImport(const TiledMap& m, const TileTerrainTable* table) : m_(m), table_(table), geometry_(m) {}

    std::expected<ImportResult, std::string> run() {
        const std::string file = utf8(m_.file);
        Grid::Parameters p;
        if (m_.orientation == "orthogonal") {
            p.shape = GridShape::Square;
            result_.report.source = "Tiled map, orthogonal: a square grid";
        } else if (m_.orientation == "hexagonal") {
            // Tiled counts staggered columns (axis x) or rows (axis y) in its own coordinates; an
            // infinite map's first cell may be an odd one, which turns the parity over.
            const bool flat = m_.staggerAxis == 'x';
            const int first = flat ? m_.originX : m_.originY;
            const bool evenShifted = m_.staggerEven != ((first & 1) != 0);
            p.shape = flat ? GridShape::HexFlat : GridShape::HexPointy;
            p.parity = evenShifted ? OffsetParity::Even : OffsetParity::Odd;
            result_.report.source = std::string("Tiled map, hexagonal: ") +
                                    (flat ? "flat tops, columns" : "pointy tops, rows") + " staggered, " +
                                    (evenShifted ? "even" : "odd") + " ones shifted";
        } else {
            return std::unexpected(
                file + ": orientation '" + m_.orientation +
                "' cannot be represented: Sandtable's grids are square (Tiled's orthogonal) or "
                "hexagonal, not isometric or staggered diamonds");
        }
        if (m_.width < limits::mapSide.lo || m_.height < limits::mapSide.lo) {
            return std::unexpected(file + ": the map has no cells (" + std::to_string(m_.width) + " x " +
                                   std::to_string(m_.height) + ")");
        }
        if (m_.tileWidth <= 0 || m_.tileHeight <= 0) {
            return std::unexpected(file + ": the map's tiles have no size (tilewidth and tileheight)");
        }
        p.cols = m_.width;
        p.rows = m_.height;
        p.labelBase = 1;
        if (auto base = property("cellLabelBase"); base && (*base == "0" || *base == "1")) {
            p.labelBase = *base == "0" ? 0 : 1;
        }
        Scenario& s = result_.battle;
        s.map = Map::blank(Grid(p), terrainTypes());
        s.info.title =
            importedName(property("title").value_or(utf8(m_.file.stem().stem())), limits::maxNameBytes);
        if (s.info.title.find_first_not_of(' ') == std::string::npos) {
            s.info.title = "Imported map"; // a battle's title is never empty
        }
        readInfo();
        if (m_.infinite) {
            result_.report.notes.push_back(file + ": an infinite map: its chunks cover " +
                                           std::to_string(m_.width) + " x " + std::to_string(m_.height) +
                                           " cells from Tiled's cell (" + std::to_string(m_.originX) + ", " +
                                           std::to_string(m_.originY) + "), which is the new map's first");
        }
        if (auto ok = paintCells(); !ok) {
            return std::unexpected(ok.error());
        }
        readObjects();
        noteFilesOutsideTheMapFolder();
        result_.report.notes.insert(result_.report.notes.begin(), m_.notes.begin(), m_.notes.end());
        if (table_ != nullptr) {
            // A line no tile used is most likely a typing error: say so.
            for (const TileTerrainRule& rule : table_->rules) {
                if (!usedLines_.contains(rule.line)) {
                    result_.report.notes.push_back(table_->source + ":" + std::to_string(rule.line) + ": '" +
                                                   rule.tile + "' matches no tile of the map");
                }
            }
        }
        return std::move(result_);
    }

  private:
    // Tiled projects often keep tilesets in a folder shared by their maps, so a tileset or picture
    // outside the map's folder is read, but never without saying so: the report names each one.
    void noteFilesOutsideTheMapFolder() {
        const std::filesystem::path folder = m_.file.parent_path().lexically_normal();
        std::set<std::string> named;
        auto note = [&](const std::filesystem::path& path, const char* what) {
            const std::filesystem::path normal = path.lexically_normal();
            if (path.empty() || isInside(normal, folder) || !named.insert(utf8(normal)).second) {
                return;
            }
            result_.report.notes.push_back(utf8(m_.file) + ": reads " + what + " " + utf8(normal) +
                                           ", outside the map's folder");
        };
        for (const TiledTileset& set : m_.tilesets) {
            note(set.source, "the tileset");
            note(set.image, "the tileset picture");
            for (const auto& [id, tile] : set.tiles) {
                note(pathFromUtf8(tile.image), "the tile picture");
            }
        }
    }

    // Lexically, as the map names it: a path with no ".." climbing above the folder.
    static bool isInside(const std::filesystem::path& path, const std::filesystem::path& folder) {
        if (folder.empty()) {
            return path.is_relative() && (path.empty() || *path.begin() != "..");
        }
        const std::filesystem::path relative = path.lexically_relative(folder);
        return !relative.empty() && *relative.begin() != "..";
    }

    std::optional<std::string> property(const char* name) const {
        auto it = m_.properties.find(name);
        return it == m_.properties.end() ? std::nullopt : std::optional(it->second.value);
    }

    // Sandtable's own tiles declare every terrain type of the map they came from, in order; other
    // maps start from the default types, and keys the table names that are not among them are added.
    std::vector<TerrainType> terrainTypes() {
        std::vector<TerrainType> declared;
        for (const TiledTileset& set : m_.tilesets) {
            for (const auto& [id, tile] : set.tiles) {
                if (auto t = sandtableTerrain(tile);
                    t && std::ranges::find(declared, t->key, &TerrainType::key) == declared.end()) {
                    declared.push_back(*t);
                }
            }
        }
        return declared.empty() ? defaultTerrainTypes() : declared;
    }

    void readInfo() {
        Scenario& s = result_.battle;
        auto note = [&](const char* name, const std::string& value, const std::string& expected) {
            result_.report.notes.push_back(utf8(m_.file) + ": map property " + name + " = " +
                                           limits::quoted(value) + " is not " + expected +
                                           "; left at its default");
        };
        auto integer = [&](const char* name, limits::IntRange range, int& into) {
            if (auto v = property(name)) {
                int value = 0;
                const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), value);
                if (ec == std::errc{} && end == v->data() + v->size() && range.allows(value)) {
                    into = value;
                } else {
                    note(name, *v, range.expected());
                }
            }
        };
        s.info.date = importedName(property("date").value_or(""), limits::maxNameBytes);
        s.info.place = importedName(property("place").value_or(""), limits::maxNameBytes);
        if (auto t = property("theatre")) {
            if (auto theatre = parseEnum<Theatre>(*t)) {
                s.info.theatre = *theatre;
            } else {
                note("theatre", *t, expectedNames<Theatre>());
            }
        }
        integer("turns", limits::turns, s.info.turns);
        integer("turnMinutes", limits::turnMinutes, s.info.turnMinutes);
        if (auto f = property("firstPlayer")) {
            if (auto side = parseEnum<Side>(*f)) {
                s.info.firstPlayer = *side;
            } else {
                note("firstPlayer", *f, expectedNames<Side>());
            }
        }
        if (auto r = property("ruleset"); r && !r->empty()) {
            s.info.ruleset = importedName(*r, limits::maxNameBytes);
        }
        for (const auto& [name, time] : {std::pair{"startTime", &s.info.startTime}, {"dawn", &s.info.dawn}}) {
            if (auto t = property(name); t && !t->empty()) {
                *time = parseClockTime(*t);
                if (!*time) {
                    note(name, *t, std::string(clockTimeForm));
                }
            }
        }
        if (auto n = property("nightTurns"); n && !n->empty()) {
            auto nights = parseTurnList(*n);
            if (nights && (nights->empty() || nights->back() <= s.info.turns)) {
                s.info.nightTurns = std::move(*nights);
            } else {
                note("nightTurns", *n,
                     std::string(turnListForm) + ", up to turn " + std::to_string(s.info.turns));
            }
        }
        if (auto y = property("yardsPerCell")) {
            char* end = nullptr;
            const double v = std::strtod(y->c_str(), &end);
            if (end != y->c_str() && *end == '\0' && limits::yardsPerCell.allows(v)) {
                s.map.yardsPerCell = v;
            } else {
                note("yardsPerCell", *y, limits::yardsPerCell.expected());
            }
        }
    }

    struct TileMeaning {
        std::optional<TerrainIndex> terrain;
        bool silenced = false; // the table says "-"
        std::optional<std::int16_t> level;
        std::string name;
    };

    std::expected<TerrainIndex, std::string> terrainIndex(const std::string& key, const TiledTile* tile) {
        Map& map = result_.battle.map;
        if (auto i = map.terrainIndexOf(key)) {
            return static_cast<TerrainIndex>(*i);
        }
        if (static_cast<long long>(map.terrainTypes.size()) >= limits::terrainTypes.hi) {
            return std::unexpected(utf8(m_.file) + ": the tiles name more than " +
                                   std::to_string(limits::terrainTypes.hi) + " terrain types");
        }
        TerrainType t;
        if (tile != nullptr) {
            if (auto declared = sandtableTerrain(*tile); declared && declared->key == key) {
                t = *declared;
            }
        }
        if (t.key.empty()) {
            // A colour of its own, so the new terrain is told from open ground at a glance.
            static constexpr std::array<Rgb, 6> added{{{196, 164, 110},
                                                       {170, 150, 196},
                                                       {120, 180, 196},
                                                       {214, 140, 120},
                                                       {150, 150, 110},
                                                       {200, 196, 120}}};
            t.key = importedName(key, limits::maxNameBytes);
            t.name = t.key;
            t.colour = added[map.terrainTypes.size() % added.size()];
            result_.report.notes.push_back(
                "terrain '" + key +
                "' is not one of the map's types: added as open ground without cover; "
                "set its class, cover and colour in Map > Terrain types");
        }
        map.terrainTypes.push_back(t);
        return static_cast<TerrainIndex>(map.terrainTypes.size() - 1);
    }

    std::expected<TileMeaning, std::string> meaningOf(std::uint32_t gid) {
        TileMeaning meaning;
        const auto found = m_.tileOf(gid);
        if (!found) {
            meaning.name = "global id " + std::to_string(gid & ~tiledFlipBits) + " (in no tileset)";
            return meaning;
        }
        const auto [set, id] = *found;
        const TiledTile* tile = set->tile(id);
        meaning.name = tileName(*set, id);
        std::vector<std::string> candidates{std::to_string(gid & ~tiledFlipBits),
                                            set->name + ":" + std::to_string(id)};
        if (tile != nullptr) {
            if (!tile->className.empty()) {
                candidates.push_back(tile->className);
            }
            for (const char* p : {"terrain", "key"}) {
                if (auto v = propertyOf(tile, p)) {
                    candidates.push_back(*v);
                }
            }
        }
        for (const char* p : {"level", "elevation"}) {
            if (auto v = propertyOf(tile, p)) {
                int level = 0;
                const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), level);
                if (ec == std::errc{} && end == v->data() + v->size() && limits::elevation.allows(level)) {
                    meaning.level = static_cast<std::int16_t>(level);
                }
            }
        }
        if (table_ != nullptr) {
            for (const std::string& c : candidates) {
                if (const TileTerrainRule* rule = table_->find(c)) {
                    usedLines_.insert(rule->line);
                    if (!rule->terrain) {
                        meaning.silenced = true;
                        return meaning;
                    }
                    auto index = terrainIndex(*rule->terrain, tile);
                    if (!index) {
                        return std::unexpected(index.error());
                    }
                    meaning.terrain = *index;
                    return meaning;
                }
            }
        }
        // Without a line of the table: what the tile says of itself, when it names a terrain.
        for (std::size_t i = 2; i < candidates.size(); ++i) {
            const bool declared = tile != nullptr && sandtableTerrain(*tile).has_value();
            if (result_.battle.map.terrainIndexOf(candidates[i]) ||
                (declared && candidates[i] == *propertyOf(tile, "key"))) {
                auto index = terrainIndex(candidates[i], tile);
                if (!index) {
                    return std::unexpected(index.error());
                }
                meaning.terrain = *index;
                return meaning;
            }
        }
        return meaning;
    }

    std::expected<void, std::string> paintCells() {
        Map& map = result_.battle.map;
        const Grid& grid = map.grid;
        std::unordered_map<std::uint32_t, TileMeaning> meanings;
        std::map<std::string, UnconvertedTile> unmapped;
        std::vector<bool> levelled(grid.cellCount(), false);
        for (std::size_t i = 0; i < grid.cellCount(); ++i) {
            std::optional<TerrainIndex> terrain;
            bool silenced = false;
            const TileMeaning* firstUnknown = nullptr;
            // The topmost layer's tile that says a terrain decides, as the topmost is what Tiled shows.
            for (auto layer = m_.tileLayers.rbegin(); layer != m_.tileLayers.rend(); ++layer) {
                const std::uint32_t gid = layer->gids[i] & ~tiledFlipBits;
                if (gid == 0) {
                    continue;
                }
                auto it = meanings.find(gid);
                if (it == meanings.end()) {
                    auto meaning = meaningOf(gid);
                    if (!meaning) {
                        return std::unexpected(meaning.error());
                    }
                    it = meanings.emplace(gid, std::move(*meaning)).first;
                }
                const TileMeaning& m = it->second;
                if (m.level && !levelled[i]) {
                    map.elevation[i] = *m.level;
                    levelled[i] = true;
                }
                if (!terrain && !silenced) {
                    if (m.terrain) {
                        terrain = m.terrain;
                    } else if (m.silenced) {
                        silenced = true;
                    } else if (!m.level && firstUnknown == nullptr) {
                        firstUnknown = &m;
                    }
                }
            }
            if (terrain) {
                map.terrain[i] = *terrain;
                ++result_.report.cellsByTerrain[map.terrainTypes[*terrain].key];
            } else {
                ++result_.report.cellsUnmapped;
                if (firstUnknown != nullptr && !silenced) {
                    UnconvertedTile& u = unmapped[firstUnknown->name];
                    u.tile = firstUnknown->name;
                    ++u.cells;
                    if (u.firstCells.size() < 5) {
                        u.firstCells.push_back(grid.offsetAt(i));
                    }
                }
            }
        }
        result_.report.cells = static_cast<long>(grid.cellCount());
        result_.report.cellsWithElevation = static_cast<long>(std::ranges::count(levelled, true));
        for (auto& [name, u] : unmapped) {
            result_.report.unmappedTiles.push_back(std::move(u));
        }
        std::ranges::sort(result_.report.unmappedTiles, std::greater<>{}, &UnconvertedTile::cells);
        return {};
    }

    // The map cell a Tiled pixel lies in (nearest centre), or nothing when it is off the map.
    std::optional<Offset> cellAt(double x, double y) const {
        for (const auto& [col, row] : geometry_.near(x, y)) {
            const Offset c{col - m_.originX, row - m_.originY};
            return result_.battle.map.grid.contains(c) ? std::optional(c) : std::nullopt;
        }
        return std::nullopt;
    }

    std::optional<Offset> labelledCell(const TiledObject& o) const {
        auto it = o.properties.find("cell");
        if (it != o.properties.end()) {
            if (auto c = result_.battle.map.grid.parseLabel(it->second.value)) {
                if (result_.battle.map.grid.contains(*c)) {
                    return c;
                }
            }
        }
        double x = o.x, y = o.y;
        if (!o.point) {
            // A tile object stands on its bottom-left corner; other shapes hang from their top-left.
            x += o.width / 2;
            y += o.gid != 0 ? -o.height / 2 : o.height / 2;
        }
        return cellAt(x, y);
    }

    std::string kindOf(const TiledObject& o) const {
        auto it = o.properties.find("kind");
        std::string kind = it != o.properties.end() ? it->second.value : o.className;
        std::ranges::transform(kind, kind.begin(),
                               [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return kind;
    }

    void readObjects() {
        Map& map = result_.battle.map;
        std::uint32_t nextPath = 1, nextFeature = 1;
        std::map<std::string, int> skipped;
        int pieces = 0, outside = 0;
        for (const TiledObjectLayer& layer : m_.objectLayers) {
            for (const TiledObject& o : layer.objects) {
                const std::string kind = kindOf(o);
                const std::string cls = o.className;
                // Sandtable's TMX export writes pieces and their arrivals (an "entry" with a turn; an
                // entry point of the map has none).
                if (cls == "unit" || cls == "commander" || cls == "train" ||
                    (cls == "entry" && o.properties.contains("turn"))) {
                    ++pieces;
                    continue;
                }
                if (!o.polyline.empty() &&
                    (cls == "hexside" || kind.find("river") != std::string::npos ||
                     kind.find("stream") != std::string::npos || kind.find("wall") != std::string::npos ||
                     kind.find("fence") != std::string::npos) &&
                    !parseEnum<PathKind>(kind)) {
                    if (!addSide(o, kind)) {
                        ++outside;
                    }
                    continue;
                }
                if (auto pathKind = parseEnum<PathKind>(kind); pathKind && !o.polyline.empty()) {
                    Path path{*pathKind, importedName(o.name, limits::maxNameBytes), cellsAlong(o)};
                    if (path.cells.size() < 2) {
                        ++outside;
                        continue;
                    }
                    map.paths.emplace(PathId{nextPath++}, std::move(path));
                    ++result_.report.paths;
                    continue;
                }
                std::optional<FeatureKind> featureKind = parseEnum<FeatureKind>(kind);
                if (!featureKind && !o.text.empty()) {
                    featureKind = FeatureKind::Label;
                }
                if (featureKind) {
                    const auto cell = labelledCell(o);
                    if (!cell) {
                        ++outside;
                        continue;
                    }
                    Feature f{*featureKind, *cell,
                              importedName(o.name.empty() ? o.text : o.name, limits::maxNameBytes),
                              std::nullopt, 0};
                    if (auto side = o.properties.find("side"); side != o.properties.end()) {
                        f.side = parseEnum<Side>(side->second.value);
                    }
                    if (auto value = o.properties.find("value"); value != o.properties.end()) {
                        int v = 0;
                        const std::string& t = value->second.value;
                        if (std::from_chars(t.data(), t.data() + t.size(), v).ec == std::errc{} &&
                            limits::featureValue.allows(v)) {
                            f.value = v;
                        }
                    }
                    map.features.emplace(FeatureId{nextFeature++}, std::move(f));
                    ++result_.report.features;
                    continue;
                }
                ++skipped[layer.name + (cls.empty() ? "" : " (class '" + cls + "')")];
            }
        }
        const std::string file = utf8(m_.file);
        if (pieces > 0) {
            result_.report.notes.push_back(
                file + ": " + std::to_string(pieces) +
                " pieces and entries are not imported: a Tiled map holds no order of "
                "battle (import the VASSAL module, or the battle itself)");
        }
        if (outside > 0) {
            result_.report.notes.push_back(
                file + ": " + std::to_string(outside) +
                " objects lie off the map or touch fewer than two cells: not imported");
        }
        for (const auto& [where, count] : skipped) {
            result_.report.notes.push_back(
                file + ": " + std::to_string(count) + " object" + (count == 1 ? "" : "s") + " of layer '" +
                where +
                "' not converted: their class names no road, railroad, river, stream, "
                "wall, fence, town, label, landing, objective or entry point");
        }
    }

    // The cells a polyline passes, adjacent one to the next.
    std::vector<Offset> cellsAlong(const TiledObject& o) const {
        const Grid& grid = result_.battle.map.grid;
        std::vector<Offset> cells;
        for (const auto& [px, py] : o.polyline) {
            const auto c = cellAt(o.x + px, o.y + py);
            if (!c || (!cells.empty() && cells.back() == *c)) {
                continue;
            }
            if (!cells.empty() && !grid.adjacent(cells.back(), *c)) {
                const auto line = grid.lineDraw(cells.back(), *c);
                cells.insert(cells.end(), line.begin() + 1, line.end() - 1);
            }
            cells.push_back(*c);
        }
        return cells;
    }

    // A cell side: the two cells nearest the middle of the polyline's first segment.
    bool addSide(const TiledObject& o, const std::string& kind) {
        Map& map = result_.battle.map;
        const Grid& grid = map.grid;
        if (o.polyline.size() < 2) {
            return false;
        }
        bool any = false;
        for (std::size_t k = 0; k + 1 < o.polyline.size(); ++k) {
            const double mx = o.x + (o.polyline[k].first + o.polyline[k + 1].first) / 2,
                         my = o.y + (o.polyline[k].second + o.polyline[k + 1].second) / 2;
            const auto near = geometry_.near(mx, my);
            const Offset a{near[0].first - m_.originX, near[0].second - m_.originY},
                b{near[1].first - m_.originX, near[1].second - m_.originY};
            const Offset owner = grid.contains(a) ? a : b;
            const Offset other = owner == a ? b : a;
            const auto dir = grid.directionTo(owner, other);
            if (!grid.contains(owner) || !dir) {
                continue;
            }
            const EdgeId edge = grid.edge(owner, *dir);
            Hexside side = map.hexsideAt(edge);
            std::istringstream words(kind);
            for (std::string w; words >> w;) {
                if (auto f = parseEnum<SideFeature>(w)) {
                    side.set(*f, true);
                }
            }
            if (auto crossing = o.properties.find("crossing"); crossing != o.properties.end()) {
                side.crossing = parseEnum<Crossing>(crossing->second.value).value_or(Crossing::None);
            }
            if (!side.empty()) {
                if (!map.hexsides.contains(edge)) {
                    ++result_.report.hexsides;
                }
                map.hexsides[edge] = side;
                any = true;
            }
        }
        return any;
    }

    const TiledMap& m_;
    const TileTerrainTable* table_;
    std::set<int> usedLines_;
    TiledGeometry geometry_;
    ImportResult result_;
};

} // namespace

std::pair<double, double> tiledCellCentre(const TiledMap& map, Offset cell) {
    return TiledGeometry(map).centre(cell.col + map.originX, cell.row + map.originY);
}

std::expected<ImportResult, std::string> importTiledMap(const TiledMap& map, const TileTerrainTable* table) {
    return TiledImport(map, table).run();
}

} // namespace sandtable
