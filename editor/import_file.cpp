#include "editor/import_file.hpp"

#include "formats/atomic_file.hpp"
#include "formats/picture_size.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/tiled/tiled_import.hpp"
#include "formats/vassal/board_import.hpp"
#include "model/file_names.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"
#include "render/counter_side.hpp"
#include "render/tile_picture.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

namespace sandtable {

std::expected<ImportKind, std::string> importKindOf(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return std::unexpected(utf8(file) + ": no such file (or it is not a regular file)");
    }
    std::ifstream in(file, std::ios::binary);
    char head[2] = {0, 0};
    in.read(head, 2);
    if (head[0] == 'P' && head[1] == 'K') {
        return ImportKind::Vassal;
    }
    std::string name = utf8(file.filename());
    std::ranges::transform(name, name.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const char* ending : {".tmx", ".tmx.gz", ".tmj", ".json", ".json.gz", ".xml"}) {
        if (name.ends_with(ending)) {
            return ImportKind::Tiled;
        }
    }
    if (name.ends_with(".vmod") || name.ends_with(".zip")) {
        return std::unexpected(utf8(file) + ": not a VASSAL module: it is not a zip archive");
    }
    return std::unexpected(utf8(file) +
                           ": Sandtable imports Tiled maps (.tmx, .tmx.gz, .tmj, .json) and VASSAL "
                           "modules (.vmod); this is neither");
}

std::string importedPictureName(const std::filesystem::path& out, std::string_view what) {
    std::string stem = utf8(out.filename());
    for (const char* ending : {".sandtable.xml", ".xml"}) {
        if (stem.ends_with(ending)) {
            stem.resize(stem.size() - std::string_view(ending).size());
            break;
        }
    }
    return (stem.empty() ? std::string("battle") : stem) + "-" + std::string(what) + ".png";
}

namespace {

// A picture of more tiles than this is refused: each is a stamp to draw (a map of 2,000 x 2,000
// cells in one layer is one million).
constexpr std::size_t maxTileStamps = 4'000'000;

// The picture's header: a tileset's picture is decoded only when its size is within the limits.
std::expected<PictureSize, std::string> pictureHeader(const std::filesystem::path& file) {
    const auto size = pictureSizeOfFile(file);
    if (!size) {
        return std::unexpected(utf8(file) + ": not a picture that can be read (or not there)");
    }
    if (size->width > limits::maxPictureSide || size->height > limits::maxPictureSide) {
        return std::unexpected(utf8(file) + ": " + std::to_string(size->width) + " x " +
                               std::to_string(size->height) + " pixels, more than a picture may be");
    }
    return *size;
}

// The tile layers drawn as Tiled draws them (each tile's bottom-left at its cell's, moved by its
// tileset's offset), put under the grid aligned by the cells' centres.
std::expected<void, std::string> addTilesBackground(const TiledMap& map, ImportResult& imported,
                                                    const std::string& name) {
    Scenario& s = imported.battle;
    const Grid& grid = s.map.grid;
    TilePicturePlan plan;
    double left = 0, top = 0, right = 0, bottom = 0;
    bool first = true;
    auto cover = [&](double x0, double y0, double x1, double y1) {
        left = first ? x0 : std::min(left, x0);
        top = first ? y0 : std::min(top, y0);
        right = first ? x1 : std::max(right, x1);
        bottom = first ? y1 : std::max(bottom, y1);
        first = false;
    };
    std::map<std::string, std::expected<PictureSize, std::string>> sizes;
    auto sizeOf = [&](const std::string& picture) -> const std::expected<PictureSize, std::string>& {
        auto it = sizes.find(picture);
        if (it == sizes.end()) {
            it = sizes.emplace(picture, pictureHeader(pathFromUtf8(picture))).first;
        }
        return it->second;
    };
    for (std::size_t i = 0; i < grid.cellCount(); ++i) {
        const auto [cx, cy] = tiledCellCentre(map, grid.offsetAt(i));
        const double slotLeft = cx - map.tileWidth / 2.0, slotTop = cy - map.tileHeight / 2.0;
        cover(slotLeft, slotTop, slotLeft + map.tileWidth, slotTop + map.tileHeight);
        for (const TiledTileLayer& layer : map.tileLayers) {
            if (!layer.visible) {
                continue;
            }
            const std::uint32_t gid = layer.gids[i];
            const auto tile = map.tileOf(gid);
            if (!tile) {
                continue;
            }
            const auto [set, id] = *tile;
            TileStamp stamp;
            if (!set->image.empty()) {
                const auto& size = sizeOf(utf8(set->image));
                if (!size) {
                    return std::unexpected(size.error());
                }
                const int step = set->tileWidth + set->spacing;
                const int columns =
                    set->columns > 0
                        ? set->columns
                        : std::max(1, (size->width - 2 * set->margin + set->spacing) / std::max(1, step));
                stamp.picture = utf8(set->image);
                stamp.width = set->tileWidth;
                stamp.height = set->tileHeight;
                stamp.sx = set->margin + (id % columns) * step;
                stamp.sy = set->margin + (id / columns) * (set->tileHeight + set->spacing);
            } else if (const TiledTile* t = set->tile(id); t != nullptr && !t->image.empty()) {
                const auto& size = sizeOf(t->image);
                if (!size) {
                    return std::unexpected(size.error());
                }
                stamp.picture = t->image;
                stamp.width = size->width;
                stamp.height = size->height;
            } else {
                continue;
            }
            stamp.x = slotLeft + set->offsetX;
            stamp.y = slotTop + map.tileHeight - stamp.height + set->offsetY;
            stamp.flipH = (gid & 0x80000000u) != 0;
            stamp.flipV = (gid & 0x40000000u) != 0;
            stamp.flipD = (gid & 0x20000000u) != 0;
            cover(stamp.x, stamp.y, stamp.x + stamp.width, stamp.y + stamp.height);
            if (plan.stamps.size() == maxTileStamps) {
                return std::unexpected("more than " + std::to_string(maxTileStamps) +
                                       " tiles to draw: too many for a picture under the grid");
            }
            plan.stamps.push_back(std::move(stamp));
        }
    }
    if (plan.stamps.empty()) {
        imported.report.notes.push_back("the map's tiles have no pictures to draw: no background");
        return {};
    }
    for (TileStamp& stamp : plan.stamps) {
        stamp.x -= left;
        stamp.y -= top;
    }
    plan.width = static_cast<int>(std::ceil(right - left));
    plan.height = static_cast<int>(std::ceil(bottom - top));
    auto png = drawTilePicture(plan);
    if (!png) {
        return std::unexpected(png.error());
    }
    imported.files.push_back({name, std::move(*png)});
    const sandtable::Layout cells(grid, 1.0);
    std::vector<ControlPoint> points;
    for (const Offset c :
         {Offset{0, 0}, Offset{grid.cols() - 1, 0}, Offset{0, grid.rows() - 1},
          Offset{grid.cols() - 1, grid.rows() - 1}, Offset{grid.cols() / 2, grid.rows() / 2}}) {
        const auto [px, py] = tiledCellCentre(map, c);
        const Point at = cells.cellCenter(c);
        if (std::ranges::none_of(points,
                                 [&](const ControlPoint& p) { return p.mx == at.x && p.my == at.y; })) {
            points.push_back({px - left, py - top, at.x, at.y});
        }
    }
    BackgroundImage background;
    background.file = name;
    background.opacity = 0.6;
    if (auto aligned = background.alignedByPoints(points)) {
        s.map.background = aligned->first;
    } else {
        // One cell: its tile's size is the cell's.
        background.unitsPerPixel = 1.0 / std::max(1, map.tileHeight);
        s.map.background = background;
    }
    imported.report.notes.push_back("the tiles' picture (" + std::to_string(plan.width) + " x " +
                                    std::to_string(plan.height) + " pixels) is under the grid as " + name);
    return {};
}

} // namespace

std::expected<ImportResult, std::string> importBattle(const ImportRequest& request,
                                                      const std::filesystem::path& out) {
    auto kind = importKindOf(request.file);
    if (!kind) {
        return std::unexpected(kind.error());
    }
    if (*kind == ImportKind::Vassal) {
        if (request.terrainTable || request.tilesBackground) {
            return std::unexpected(
                "--terrain-table and --tiles-background are for a Tiled map's tiles; a VASSAL "
                "board's picture is always under its grid");
        }
        VassalImportOptions options;
        options.board = request.board;
        options.pictureName = importedPictureName(out);
        options.sideOfPicture = [](const std::string& picture) { return sideOfCounterPicture(picture); };
        return importVassalModule(request.file, options);
    }
    if (!request.board.empty()) {
        return std::unexpected("--board chooses a VASSAL module's board; a Tiled map has one");
    }
    std::optional<TileTerrainTable> table;
    if (request.terrainTable) {
        auto read = readTileTerrainTable(*request.terrainTable);
        if (!read) {
            return std::unexpected(read.error());
        }
        table = std::move(*read);
    }
    auto map = readTiledMap(request.file);
    if (!map) {
        return std::unexpected(map.error().toString());
    }
    auto imported = importTiledMap(*map, table ? &*table : nullptr);
    if (imported && request.tilesBackground) {
        if (auto drawn = addTilesBackground(*map, *imported, importedPictureName(out, "tiles")); !drawn) {
            return std::unexpected(utf8(request.file) + ": the tiles' picture: " + drawn.error());
        }
    }
    return imported;
}

std::expected<void, std::string> writeImportedBattle(const ImportResult& imported,
                                                     const std::filesystem::path& out) {
    const std::filesystem::path folder =
        out.has_parent_path() ? out.parent_path() : std::filesystem::path(".");
    for (const ImportedFile& f : imported.files) {
        // Names are the import's own (importedPictureName), never an archive's: nothing lands
        // outside OUT's folder.
        const std::filesystem::path name = pathFromUtf8(f.name);
        if (name.has_parent_path() || name.is_absolute()) {
            return std::unexpected(f.name + ": an imported file's name must be a plain file name");
        }
        if (auto written = writeFileAtomically(folder / name, f.bytes, AtomicWriteOptions{false}); !written) {
            return std::unexpected(written.error());
        }
    }
    if (auto saved = saveScenario(imported.battle, out); !saved) {
        return std::unexpected(saved.error());
    }
    return {};
}

} // namespace sandtable
