#pragma once
// Export to a VASSAL module (.vmod), the engine hex wargames are played on online: one map with the
// board drawn by render/ (no pieces, no cell numbers) under a VASSAL grid that matches it cell for
// cell and names every cell as Sandtable labels it; a counter picture and a piece for every unit,
// commander and train; the deployment as at-start stacks in their cells, turned to their facing;
// the reinforcements on a second map, one stack for each turn and entry; the scenario's text in a
// chart window. A battle of several scenarios makes each one a predefined set-up (File > New game):
// a saved game in the module holding that scenario's start and reinforcements, at its strength at
// the start, with its reinforcements on a board of its own. Documented in docs/export.md; checked
// through Sandtable's VASSAL reader by tests, and against the real engine where one is at hand.
#include "formats/vassal/sequence.hpp"
#include "model/play_rules.hpp"
#include "model/scenario.hpp"

#include <expected>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// VASSAL's grid for a Sandtable grid drawn with cells `cellPixels` across their flats: the
// attributes of its HexGrid (or SquareGrid) and numbering. VASSAL lays hexes out in columns
// ("sideways" turns that a quarter, for pointy-top hexes), shifts every odd column down half a
// hex, and with `stagger` numbers the odd columns one row on, which is how an even parity is said.
struct VassalGeometry {
    bool hex = true;
    bool sideways = false;
    double dx = 0, dy = 0; // VASSAL's: a column's width and a row's height (before turning)
    int x0 = 0, y0 = 0;    // the centre of the first cell (before turning)
    bool stagger = false;
    char first = 'H'; // 'H': the column's number first; 'V': the row's
    int offset = 1;   // the first cell's number (the label base)
    int leading = 1;  // zeros that pad a number: its digits less one
    int boardWidth = 0, boardHeight = 0;

    static VassalGeometry of(const Grid& grid, double cellPixels);
};

struct VassalExportOptions {
    int cellPixels = 0;  // a cell across its flats on the board; 0: limits::defaultVassalCellPixels
    bool forced = false; // exported despite validation errors: said in the module's description
    PlaySetup play = {}; // the ruleset's dice, unit values, markers, stacking limit and break point
    // A module made before and customised in VASSAL's editor: what the designer added or changed is
    // kept, what Sandtable made is made again (exports/vassal_update.hpp).
    std::optional<std::filesystem::path> update = std::nullopt;
};

// Writes the module to `out` atomically. Says what it holds ("42 pieces in 30 stacks...").
[[nodiscard]] std::expected<std::string, std::string>
exportVassal(const Scenario& s, const std::filesystem::path& out, const VassalExportOptions& options = {});

} // namespace sandtable
