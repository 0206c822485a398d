#pragma once
// What an import made of someone else's map (a Tiled map, a VASSAL board): the new battle, the
// files to write beside it (a board's picture), and a report of what became what and what did not,
// which the command line prints and the editor's File > Import shows before it opens the battle.
#include "model/scenario.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// A tile (or a piece's picture) that nothing said how to convert: how many cells hold it, and where.
struct UnconvertedTile {
    std::string tile; // "hex mini:3 (class 'forest')"
    long cells = 0;
    std::vector<Offset> firstCells; // the first few, for the designer to find them
};

struct ImportReport {
    std::string source; // "Tiled map, hexagonal (pointy tops, odd rows shifted)", "VASSAL board 'Main'"
    long cells = 0;
    std::map<std::string, long> cellsByTerrain; // terrain key -> cells the mapping gave it
    long cellsUnmapped = 0;                     // cells no tile of which says a terrain
    std::vector<UnconvertedTile> unmappedTiles;
    long cellsWithElevation = 0;
    int paths = 0, hexsides = 0, features = 0;
    std::map<std::string, int> piecesBySide; // by the battle's side names, and "side not known"
    int reinforcements = 0;
    int scenarios = 1;
    // What was read and not converted, one line each, naming the file and the place in it.
    std::vector<std::string> notes;

    // The report as the command line prints it, a line each.
    std::vector<std::string> lines() const;
};

// A file an import writes beside the battle (its name relative to the battle's folder).
struct ImportedFile {
    std::string name;
    std::string bytes;
};

// A name from someone else's file as a battle may hold it: on one line (line breaks and other control
// characters become spaces), bytes that are not UTF-8 replaced by '?', at most `maxBytes` (cut at a
// character's boundary). A battle never holds what it could not save and read back.
std::string importedName(std::string_view text, std::size_t maxBytes);

struct ImportResult {
    Scenario battle;
    ImportReport report;
    std::vector<ImportedFile> files;
};

} // namespace sandtable
