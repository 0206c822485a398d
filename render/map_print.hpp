#pragma once
// Printing the map at tabletop scale: a cell of a chosen printed size, the map tiled over pages
// of a chosen paper with overlap, alignment marks and a page index (A1, B1...), after an overview
// page with the title block, legend and a scale bar. PDF and SVG through Cairo, PNG as one image.
// The same MapPainter draws the screen, so what prints is what the editor shows.
#include "model/scenario.hpp"
#include "render/colours.hpp"
#include "render/map_painter.hpp"

#include <expected>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
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
    double counterSizePt = 0; // counter sheets: a counter's side; 0 for 0.8 of a cell
    int pictureWorkers = 0;   // PNG: threads drawing its bands; 0 for one a core
    int pictureBandRows = 0;  // PNG: rows a band; 0 for the band writer's own (render/png_bands)
    // Said on the overview page after the scale ("exported despite validation errors").
    std::string remark;
    RenderOptions layers; // which layers to draw
    InkStyle ink = InkStyle::Colour;
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
    std::vector<std::string> unplacedLabels; // names that found no free place, each with its cell
};

// How many pages the PDF would have (overview + columns x rows), or why it cannot be printed.
[[nodiscard]] std::expected<PrintResult, std::string> pagesOf(const Scenario& s, const PrintOptions& o);
struct PageSizePt {
    double width = 0, height = 0;
};
// One tiled print, its pages drawn one at a time on any cairo context in points: the PDF writer
// draws them all, File > Print each as the printer or the preview asks. The pagination and the
// arrangement of the whole map (where every counter and name goes) are made once for all pages.
// The scenario must outlive it.
class TiledPrint {
  public:
    TiledPrint(const Scenario& s, const PrintOptions& o);
    ~TiledPrint();
    TiledPrint(const TiledPrint&) = delete;
    TiledPrint& operator=(const TiledPrint&) = delete;

    // Its pages (overview + columns x rows) and the names that found no place so far, or why it
    // cannot be printed.
    [[nodiscard]] std::expected<PrintResult, std::string> result() const;
    // The size of every page, in points.
    PageSizePt pageSize() const;
    // Draws page `page` (0: the overview, then the map pages row by row); returns its size.
    [[nodiscard]] std::expected<PageSizePt, std::string> drawPage(cairo_t* cr, int page);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};
// The writers write to the path they are given: exports (editor/exports) give them a temporary file
// beside the target and rename it into place only when all went well.
[[nodiscard]] std::expected<PrintResult, std::string>
printMapPdf(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);
[[nodiscard]] std::expected<void, std::string>
printMapSvg(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);
[[nodiscard]] std::expected<void, std::string>
printMapPng(const Scenario& s, const std::filesystem::path& out, const PrintOptions& o);
// The whole map as a PNG whose longer side is `longestSidePx` (limits::thumbnailPixels), as a file
// manager shows a scenario: the ground, water, roads and the forces, without the grid, cell numbers
// and names, which at a few pixels a cell would only be noise.
[[nodiscard]] std::expected<void, std::string>
printMapThumbnail(const Scenario& s, const std::filesystem::path& out, int longestSidePx);

} // namespace sandtable
