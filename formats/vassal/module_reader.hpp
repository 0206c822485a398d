#pragma once
// A VASSAL module (.vmod) read as VASSAL reads it: the build file's maps, their boards (with their
// picture's size), grids and numbering, at-start stacks, piece windows and prototypes, and every
// piece definition decoded into its traits. Sandtable's own exports are checked through it in every
// test run, and the import of VASSAL boards starts from it. Nothing is extracted to disk; what is
// read is bounded by model/limits.hpp whatever the archive claims.
#include "formats/load_error.hpp"
#include "formats/vassal/components.hpp"
#include "formats/vassal/grid.hpp"
#include "formats/vassal/pieces.hpp"
#include "formats/vassal/saved_game.hpp"

#include <expected>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// A PieceSlot: a piece in an at-start stack or a piece window.
struct VassalPieceSlot {
    std::string entryName;
    std::string gpid;
    int width = 0, height = 0;
    std::string definition; // the AddPiece command, as the build file holds it
    std::expected<VassalPiece, std::string> piece = std::unexpected(std::string("not decoded"));
    int line = 0;
};

struct VassalBoard {
    std::string name;
    std::string image; // the picture's name in the module's images/ folder; empty for a plain board
    int width = 0, height = 0;
    std::optional<VassalGrid> grid; // none: no grid, or one Sandtable does not read (see `notes`)
    int line = 0;
};

struct VassalSetupStack {
    std::string name;
    std::string owningBoard;
    bool useGridLocation = false;
    std::string location;
    int x = 0, y = 0;
    std::vector<VassalPieceSlot> slots;
    int line = 0;
};

struct VassalMap {
    std::string name;
    std::vector<VassalBoard> boards;
    std::vector<VassalSetupStack> stacks;

    // The board a stack stands on: its owning board, or the map's only board.
    const VassalBoard* boardOf(const VassalSetupStack& stack) const;
    // Where VASSAL puts a stack on its board: its grid location's pixel, or its x and y.
    std::expected<VassalPoint, std::string> position(const VassalSetupStack& stack) const;
};

struct VassalPieceWindow {
    std::string name;
    std::vector<VassalPieceSlot> slots;
};

struct VassalPrototype {
    std::string name;
    std::string definition;
    std::expected<VassalPiece, std::string> piece = std::unexpected(std::string("not decoded"));
    int line = 0;
};

// A predefined set-up: an entry of File > New game. A menu's entries are listed after it with the
// menu's name and " / " before theirs.
struct VassalPredefinedSetup {
    std::string name;
    std::string file; // the saved game's path in the archive
    bool useFile = true, isMenu = false;
    int line = 0;
    // Read by readVassalModule from the archive: the game, or why it cannot be read; nothing when
    // only the build file was read (or the set-up starts from the at-start stacks).
    std::optional<std::expected<VassalSavedGame, std::string>> game;
};

struct VassalModule {
    std::string name, version, vassalVersion, description;
    std::vector<VassalMap> maps;
    std::vector<VassalPieceWindow> pieceWindows;
    std::vector<VassalPrototype> prototypes;
    std::vector<VassalPredefinedSetup> setups;
    // Every component of VASSAL's reference table (formats/vassal/components.hpp), in the order of
    // the file: the maps, their Zoomers, viewers and threads (each with its map's name), the
    // toolbar's dice, turn trackers and inventories, the set-ups and prototypes.
    std::vector<VassalComponent> components;
    // What was read but is not understood ("buildFile.xml:12: a ZonedGrid ..."), for a report.
    std::vector<std::string> notes;

    const VassalMap* map(std::string_view mapName) const;
    // The components of a class ("VASSAL.build.module.DiceButton" or its short name "DiceButton").
    std::vector<const VassalComponent*> componentsNamed(std::string_view className) const;
    // Every piece slot: at-start stacks first, map by map, then the piece windows.
    std::vector<const VassalPieceSlot*> slots() const;
};

// A board picture's size by its name in images/, or nothing when the module lacks it.
using VassalPictureSizes = std::function<std::optional<std::pair<int, int>>(const std::string& image)>;

// Reads a build file's text; `file` names it in errors.
std::expected<VassalModule, LoadError> readVassalBuildFile(std::string_view xml, const std::string& file,
                                                           const VassalPictureSizes& pictures);
// Reads a module archive: its buildFile.xml (or the older buildFile), its board pictures' sizes and
// its predefined set-ups' saved games.
std::expected<VassalModule, LoadError> readVassalModule(const std::filesystem::path& vmod);
// The names of a module's entries, the archive's own order, leaving out any that names a place
// outside the archive (an absolute path, "..", a drive); at most limits::maxVassalArchiveEntries.
std::expected<std::vector<std::string>, LoadError> listVassalModuleEntries(const std::filesystem::path& vmod);
// Entries of a module by their names in the archive ("images/board.png"), each at most `limit`
// bytes; an entry that is missing, larger or unreadable gets why. Nothing is written to disk.
using VassalEntries = std::map<std::string, std::expected<std::string, std::string>>;
std::expected<VassalEntries, LoadError> readVassalModuleEntries(const std::filesystem::path& vmod,
                                                                const std::vector<std::string>& names,
                                                                long long limit);

} // namespace sandtable
