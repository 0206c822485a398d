#pragma once
// Printing the map at tabletop scale: a cell of a chosen printed size, the map tiled over pages
// of a chosen paper with overlap, alignment marks and a page index (A1, B1...), after an overview
// page with the title block, legend and a scale bar. PDF and SVG through Cairo, PNG as one image.
// The same MapPainter draws the screen, so what prints is what the editor shows.
#include "formats/atomic_file.hpp"
#include "model/scenario.hpp"
#include "render/map_painter.hpp"

#include <expected>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

typedef struct _cairo cairo_t;

namespace sandtable {

struct PaperSize {
    std::string name;
    double widthPt = 595.276, heightPt = 841.89; // portrait, 1/72 inch
};

struct PrintOptions {
    double cellSizePt = 72; // across the flats of a hex (or a square's side) on paper
    PaperSize paper;
    bool landscape = false;
    double marginPt = 28.35;  // 10 mm
    double overlapPt = 14.17; // 5 mm repeated on neighbouring pages, for gluing
    double dpi = 150;         // PNG only
    bool forced = false;
    RenderOptions layers; // which layers to draw
    // Called before each PDF page (done, total); returning false cancels the print, leaving no file.
    std::function<bool(int, int)> progress;
};

// "a4", "a3", "letter", "legal", "tabloid".
const std::vector<PaperSize>& papers();
std::expected<PaperSize, std::string> paperByName(const std::string& name);
// "grid,labels,elevation,hexsides,paths,features,pieces" (any of them, comma separated): the layers
// to draw; the others are left out.
std::expected<RenderOptions, std::string> parseLayers(const std::string& list);
// "25mm", "1in", "1.5in", "72pt": a printed length in points.
std::expected<double, std::string> parseLength(const std::string& text);

struct PrintResult {
    int pages = 0; // PDF: overview + map pages
    int columns = 0, rows = 0;
};

// How many pages the PDF would have (overview + columns x rows), or why it cannot be printed.
[[nodiscard]] std::expected<PrintResult, std::string> pagesOf(const Scenario& s, const PrintOptions& o);
// Draws one page of the tiled print (0: the overview, then the map pages row by row) on any cairo
// context in points: the PDF writer and File > Print share it. Returns the page's size.
struct PageSizePt {
    double width = 0, height = 0;
};
[[nodiscard]] std::expected<PageSizePt, std::string> drawPrintPage(cairo_t* cr, const Scenario& s,
                                                                   const PrintOptions& o, int page);
[[nodiscard]] std::expected<PrintResult, std::string>
printMapPdf(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);
[[nodiscard]] std::expected<void, std::string>
printMapSvg(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);
[[nodiscard]] std::expected<void, std::string>
printMapPng(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);

// A print is written to an AtomicFile beside its target and renamed into place only when all went
// well; otherwise the temporary file goes, so no half-written file is left under the name asked for.
[[nodiscard]] std::expected<AtomicFile, std::string> createPrintFile(const std::filesystem::path& out);
std::expected<void, std::string> commitPrint(bool ok, AtomicFile& file, const std::string& what);

// The command line's printing: parses the request's options and prints; returns an exit code.
int printForCommandLine(const Scenario& s, const std::string& kind, const std::string& output,
                        const std::string& cellSize, const std::string& paper, const std::string& orientation,
                        const std::string& dpi, const std::string& layers, const std::string& margin,
                        bool forced, std::ostream& out, std::ostream& err);

} // namespace sandtable
