#pragma once
// Counter sheets to print on both sides of the paper, cut and play with (kind `counters`): every
// unit, commander and train taking part in the scenario, then the ruleset's markers and turn
// markers, fronts on one page and their backs on the next, placed so that each back lands on its
// front when the sheet is turned over on its long edge (as duplex printers do). Faces are drawn by
// render/counter_art, the same code as the VASSAL module's pieces.
#include "model/play_rules.hpp"
#include "model/scenario.hpp"
#include "render/map_print.hpp"

#include <expected>
#include <filesystem>

namespace sandtable {

// Where the counters of one sheet go: a grid of squares `size` across, centred on the page.
struct CounterSheetLayout {
    double pageWidth = 0, pageHeight = 0;
    double size = 0;
    int columns = 0, rows = 0;
    double left = 0, top = 0;

    int perPage() const { return columns * rows; }
    // The top-left corner of the `index`th counter of a page (row by row), on the front page and on
    // the back page: the back mirrored across the page's upright middle.
    std::pair<double, double> front(int index) const;
    std::pair<double, double> back(int index) const;
};
// Fails when not one counter fits between the margins.
std::expected<CounterSheetLayout, std::string> counterSheetLayout(double pageWidth, double pageHeight,
                                                                  double margin, double size);

// The counter's side on paper: `o.counterSizePt`, or 0.8 of the printed cell.
double counterSizeOf(const PrintOptions& o);

// Writes the sheets; the page count.
[[nodiscard]] std::expected<int, std::string> printCounterSheets(const Scenario& s,
                                                                 const std::filesystem::path& out,
                                                                 const PrintOptions& o,
                                                                 const PlaySetup& play);

} // namespace sandtable
