#include "editor/import_file.hpp"

#include "formats/atomic_file.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/tiled/tiled_import.hpp"
#include "formats/vassal/board_import.hpp"
#include "model/file_names.hpp"
#include "render/counter_side.hpp"

#include <algorithm>
#include <fstream>

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

std::string importedPictureName(const std::filesystem::path& out) {
    std::string stem = utf8(out.filename());
    for (const char* ending : {".sandtable.xml", ".xml"}) {
        if (stem.ends_with(ending)) {
            stem.resize(stem.size() - std::string_view(ending).size());
            break;
        }
    }
    return (stem.empty() ? std::string("battle") : stem) + "-board.png";
}

std::expected<ImportResult, std::string> importBattle(const ImportRequest& request,
                                                      const std::filesystem::path& out) {
    auto kind = importKindOf(request.file);
    if (!kind) {
        return std::unexpected(kind.error());
    }
    if (*kind == ImportKind::Vassal) {
        if (request.terrainTable) {
            return std::unexpected(
                "--terrain-table maps a Tiled map's tiles; a VASSAL board's terrain is painted "
                "over its picture");
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
    if (imported && table) {
        // A line of the table no tile used is most likely a typing error: say so.
        for (const TileTerrainRule& rule : table->rules) {
            if (rule.terrain && !imported->battle.map.terrainIndexOf(*rule.terrain)) {
                imported->report.notes.push_back(table->source + ":" + std::to_string(rule.line) + ": '" +
                                                 rule.tile + "' matches no tile of the map");
            }
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
