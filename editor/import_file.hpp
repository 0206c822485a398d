#pragma once
// One way in for someone else's map, for the command line's `sandtable import` and the editor's
// File > Import: a Tiled map (.tmx, .tmx.gz, .tmj, .json) or a VASSAL module (.vmod) by its content,
// converted to a battle with its report, then written: the board's picture beside the battle first,
// the battle last and checked by reading it back, so a battle never names a picture that is not
// there. Nothing is written but OUT and OUT's own picture beside it. No wx.
#include "formats/import_report.hpp"

#include <expected>
#include <filesystem>
#include <optional>
#include <string>

namespace sandtable {

enum class ImportKind : std::uint8_t { Tiled, Vassal };

struct ImportRequest {
    std::filesystem::path file;
    std::optional<std::filesystem::path> terrainTable; // Tiled: TILE = TERRAIN lines
    bool tilesBackground = false;                      // Tiled: the tiles' picture under the grid
    std::string board;                                 // VASSAL: the board to take
};

// What a file is, by its first bytes (a zip is a module), else by its name.
std::expected<ImportKind, std::string> importKindOf(const std::filesystem::path& file);

// The name a battle saved as `out` gives its imported picture: "gettysburg.sandtable.xml" ->
// "gettysburg-board.png" (a Tiled map's tiles: "-tiles.png").
std::string importedPictureName(const std::filesystem::path& out, std::string_view what = "board");

// Reads and converts; `out` is where the battle will be saved (its pictures are named after it).
[[nodiscard]] std::expected<ImportResult, std::string> importBattle(const ImportRequest& request,
                                                                    const std::filesystem::path& out);

// Writes the pictures beside `out`, then the battle (atomically, read back).
[[nodiscard]] std::expected<void, std::string> writeImportedBattle(const ImportResult& imported,
                                                                   const std::filesystem::path& out);

} // namespace sandtable
