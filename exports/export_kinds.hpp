#pragma once
// Every kind of export, once: its name on the command line (--to), its title in File > Export, its
// file extension and dialog filter, the options it takes, and the function that writes it. The
// CLI's --to and --help, the export dialog and the docs test all read this one table; nothing else
// matches export kinds by name.
#include "model/play_rules.hpp"
#include "model/scenario.hpp"
#include "render/map_print.hpp"

#include <array>
#include <expected>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

// What one export is asked for. Each kind reads its own part only (its flags below say which), as
// Tiled's format plugins each take their own options: the print options know nothing of VASSAL's
// board or of validation.
struct ExportOptions {
    PrintOptions print;       // on paper or as a picture: pdf, svg, png, roster, counters, booklet
    int vassalCellPixels = 0; // vassal: a board cell across, in pixels; 0 for the default
    PlaySetup play = {};      // vassal, counters: what the scenario's ruleset needs in play
    std::optional<std::filesystem::path> vassalUpdate = std::nullopt; // vassal: the module to update
    bool forced = false; // exported despite validation errors: every kind records it its own way
};

// Writes the export to `out`, atomically, and says what was written ("7 pages (an overview and
// 3 x 2 map pages)"), or what went wrong.
using ExportWriter = std::expected<std::string, std::string> (*)(const Scenario&,
                                                                 const std::filesystem::path& out,
                                                                 const ExportOptions&);

struct ExportKind {
    std::string_view kind;      // --to
    std::string_view title;     // in the dialog
    std::string_view extension; // of the file written
    std::string_view filter;    // the file dialog's wildcard
    bool paper = false;         // paper, orientation, margin
    bool cellSize = false;      // printed size of a cell
    bool layers = false;        // which map layers
    bool dpi = false;           // pixels per inch
    bool cellPixels = false;    // a board cell's size in pixels (VASSAL)
    bool counterSize = false;   // a counter's size on paper (counter sheets)
    bool tiledPages = false;    // the map tiled over pages: a page count to show; File > Print follows it
    bool everyScenario = false; // holds every scenario of a battle; the others draw the current one
    bool updates = false;       // may update a module made before (VASSAL: --update)
    ExportWriter write = nullptr;
};

const std::array<ExportKind, 9>& exportKinds();
std::optional<ExportKind> exportKindNamed(std::string_view kind);
// "pdf, svg, png, tmx, vassal, json, roster, counters or booklet"
std::string exportKindList();

// The one policy for exporting a scenario with validation errors, for the command line (--force) and
// File > Export (which asks): errors stop the export unless the designer forces it, and a forced
// export says so in what it writes.
struct ExportClearance {
    bool allowed = true;
    bool forced = false;
};
ExportClearance clearForExport(int errors, bool force);

// Writes `kind` of `s` to `out` through a temporary file renamed into place only when all went well:
// a failed or cancelled export leaves no file under the name asked for (and an older one untouched).
std::expected<std::string, std::string> exportScenario(const ExportKind& kind, const Scenario& s,
                                                       const std::filesystem::path& out,
                                                       const ExportOptions& o);

// Calls `draw` with a temporary file beside `out` and renames it into place only when all went well:
// a failed or cancelled writer leaves no file under the name asked for (and an older one untouched);
// its message names `out`, not the temporary file.
using TemporaryFileWriter =
    std::function<std::expected<std::string, std::string>(const std::filesystem::path& temporary)>;
std::expected<std::string, std::string> throughTemporaryFile(const std::filesystem::path& out,
                                                             const TemporaryFileWriter& draw);

} // namespace sandtable
