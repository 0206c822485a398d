#include "map_print.hpp"

#include "model/file_names.hpp"
#include "model/limits.hpp"
#include "render/cairo_handles.hpp"
#include "render/colours.hpp"
#include "render/map_index.hpp"
#include "render/map_painter.hpp"
#include "render/png_bands.hpp"
#include "render/print_legend.hpp"
#include "render/text.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <ostream>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

namespace sandtable {
namespace {

constexpr double unitsPerCell = mapUnitsPerCell;

// A print's map: its layout and painter, and the whole map arranged once (pieces, markers, words)
// so that every page and every band of a picture shows a name in the same place.
class PrintedMap {
  public:
    PrintedMap(const Scenario& s, const PrintOptions& o, double pointsPerUnit, double pixelsPerUnit)
        : layout_(s.map.grid, unitsPerCell), painter_(s, layout_), options_(o.layers),
          pixelsPerUnit_(pixelsPerUnit) {
        options_.paperPointsPerUnit = pointsPerUnit;
        // Each page or band looks up the pieces and paths near it, as the canvas does, instead of
        // walking every path of the map (a 300 x 300 map's PNG has 132 bands).
        index_.rebuild(s);
        painter_.setIndex(&index_);
    }
    const Layout& layout() const { return layout_; }
    // The bands of one picture share the natural ground's rows where they meet.
    void shareNaturalRows(NaturalGround::SharedRows* rows) { painter_.setSharedNaturalRows(rows); }
    // Draws the map with its top-left at (x, y), `scale` device units per map unit, clipped to a
    // rectangle of the page; collects the words that found no place.
    void draw(cairo_t* cr, double x, double y, double scale, double clipX, double clipY, double clipW,
              double clipH) {
        arrange();
        for (std::string& u : drawArranged(cr, x, y, scale, clipX, clipY, clipW, clipH)) {
            if (std::find(unplaced_.begin(), unplaced_.end(), u) == unplaced_.end()) {
                unplaced_.push_back(std::move(u));
            }
        }
    }
    void arrange() {
        if (!scene_) {
            auto measure = owned(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
            cairo_t* m = cairo_create(measure.get());
            scene_ = painter_.arrange(m, MapRect{0, 0, layout_.width(), layout_.height()}, pixelsPerUnit_,
                                      options_);
            cairo_destroy(m);
        }
    }
    // After arrange(): changes nothing, so the bands of a picture draw it on several threads at once.
    // Returns the words that found no place.
    std::vector<std::string> drawArranged(cairo_t* cr, double x, double y, double scale, double clipX,
                                          double clipY, double clipW, double clipH) const {
        cairo_save(cr);
        cairo_rectangle(cr, clipX, clipY, clipW, clipH);
        cairo_clip(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, scale, scale);
        const MapRect visible{(clipX - x) / scale, (clipY - y) / scale, clipW / scale, clipH / scale};
        std::vector<std::string> unplaced =
            painter_.draw(cr, visible, pixelsPerUnit_, options_, scene_.get());
        cairo_restore(cr);
        return unplaced;
    }
    const std::vector<std::string>& unplaced() const { return unplaced_; }

  private:
    Layout layout_;
    MapIndex index_;
    MapPainter painter_;
    RenderOptions options_;
    double pixelsPerUnit_;
    std::shared_ptr<const MapPainter::Scene> scene_;
    std::vector<std::string> unplaced_;
};

void text(cairo_t* cr, double x, double y, double size, const std::string& t, bool bold = false) {
    TextWriter(cr, Font{size, bold}).drawOnBaseline(x, y, t);
}

} // namespace

std::expected<void, std::string> finishSurface(cairo_surface_t* surface, const std::filesystem::path& file,
                                               const std::string& what) {
    cairo_surface_finish(surface);
    const bool ok = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(surface);
    if (!ok) {
        return std::unexpected(file.string() + ": cannot write the " + what);
    }
    return {};
}

namespace {

std::string pageName(int col, int row) {
    std::string letters;
    for (int c = col + 1; c > 0; c = (c - 1) / 26) {
        letters.insert(letters.begin(), static_cast<char>('A' + (c - 1) % 26));
    }
    return letters + std::to_string(row + 1);
}

struct Pagination {
    double pageW, pageH, printW, printH, stepX, stepY, mapW, mapH, scale;
    int columns, rows;
};

std::expected<Pagination, std::string> paginate(const Layout& layout, const PrintOptions& o) {
    Pagination p{};
    p.pageW = o.landscape ? o.paper.heightPt : o.paper.widthPt;
    p.pageH = o.landscape ? o.paper.widthPt : o.paper.heightPt;
    p.printW = p.pageW - 2 * o.marginPt;
    p.printH = p.pageH - 2 * o.marginPt - 14; // room for the page label
    p.stepX = p.printW - o.overlapPt;
    p.stepY = p.printH - o.overlapPt;
    p.scale = o.cellSizePt / unitsPerCell;
    p.mapW = layout.width() * p.scale;
    p.mapH = layout.height() * p.scale;
    if (!(p.stepX > 0 && p.stepY > 0)) {
        return std::unexpected("the margins leave no room on the page; use a smaller --margin");
    }
    // In double first: a huge map at a huge cell size must not overflow an int on the way.
    const double columns = std::max(1.0, std::ceil((p.mapW - o.overlapPt) / p.stepX));
    const double rows = std::max(1.0, std::ceil((p.mapH - o.overlapPt) / p.stepY));
    if (!(columns * rows <= limits::maxPrintPages)) {
        return std::unexpected("the map would print on " + limits::formatNumber(columns) + " x " +
                               limits::formatNumber(rows) + " pages; at most " +
                               limits::formatNumber(static_cast<long long>(limits::maxPrintPages)) +
                               " pages are printed: use a smaller --cell-size or a larger --paper");
    }
    p.columns = static_cast<int>(columns);
    p.rows = static_cast<int>(rows);
    return p;
}

} // namespace

std::expected<PrintResult, std::string> pagesOf(const Scenario& s, const PrintOptions& o) {
    const Layout layout(s.map.grid, unitsPerCell);
    auto p = paginate(layout, o);
    if (!p) {
        return std::unexpected(p.error());
    }
    return PrintResult{1 + p->columns * p->rows, p->columns, p->rows, {}};
}

namespace {

void cropMarks(cairo_t* cr, double x, double y, double w, double h) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.5);
    const double m = 10;
    for (auto [cx, cy, dx, dy] : {std::tuple{x, y, -1.0, -1.0}, std::tuple{x + w, y, 1.0, -1.0},
                                  std::tuple{x, y + h, -1.0, 1.0}, std::tuple{x + w, y + h, 1.0, 1.0}}) {
        cairo_move_to(cr, cx + dx * 2, cy);
        cairo_line_to(cr, cx + dx * m, cy);
        cairo_move_to(cr, cx, cy + dy * 2);
        cairo_line_to(cr, cx, cy + dy * m);
    }
    cairo_stroke(cr);
}

void overviewPage(cairo_t* cr, const Scenario& s, const Pagination& p, const PrintOptions& o) {
    const double left = o.marginPt, top = o.marginPt;
    const double areaW = p.pageW - 2 * o.marginPt;
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, left, top + 16, 16, s.info.title.empty() ? "Untitled scenario" : s.info.title, true);
    text(cr, left, top + 32, 9,
         s.info.date + (s.info.place.empty() ? "" : ", " + s.info.place) + "   ruleset: " + s.info.ruleset);
    const double cellMm = o.cellSizePt / 72 * 25.4;
    const std::string style(inkStyleName(o.ink));
    char scaleText[300];
    std::snprintf(
        scaleText, sizeof scaleText,
        "A cell is %.1f mm across on paper and %.0f yards on the ground; %d x %d pages of %s %s, %s%s",
        cellMm, s.map.yardsPerCell, p.columns, p.rows, o.paper.name.c_str(),
        o.landscape ? "landscape" : "portrait", style.c_str(),
        o.remark.empty() ? "" : ("; " + o.remark).c_str());
    text(cr, left, top + 44, 8, scaleText);
    // The legend and scale bar at the foot, as tall as they need; the whole map above them,
    // scaled to fit, with the page grid over it.
    const auto measure = owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
    cairo_t* m = cairo_create(measure.get());
    const double legendH = drawLegend(m, s, 0, 0, areaW);
    cairo_destroy(m);
    const double footH = legendH + 34;
    const double areaTop = top + 56, areaH = p.pageH - areaTop - o.marginPt - footH - 8;
    const double fit = std::min(areaW / p.mapW, areaH / p.mapH);
    PrintedMap miniature(s, o, p.scale, p.scale * fit * 300.0 / 72.0);
    miniature.draw(cr, left, areaTop, p.scale * fit, left, areaTop, p.mapW * fit, p.mapH * fit);
    setSource(cr, Rgb{204, 26, 26}); // the page grid, grey in grayscale like everything else
    cairo_set_line_width(cr, 0.8);
    for (int r = 0; r < p.rows; ++r) {
        for (int c = 0; c < p.columns; ++c) {
            const double x = left + c * p.stepX * fit, y = areaTop + r * p.stepY * fit;
            cairo_rectangle(cr, x, y, p.printW * fit, p.printH * fit);
            cairo_stroke(cr);
            text(cr, x + 3, y + 10, 8, pageName(c, r), true);
        }
    }
    const double footTop = p.pageH - o.marginPt - footH;
    drawLegend(cr, s, left, footTop, areaW);
    const double barTop = footTop + legendH + 8;
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, left, barTop + 4, 7, "Scale", true);
    const double bar =
        drawScaleBar(cr, left + 30, barTop, std::min(areaW - 200, 260.0), s.map.yardsPerCell / o.cellSizePt);
    std::string table;
    if (s.map.tabletop) {
        char t[160];
        std::snprintf(t, sizeof t, "On the table: %g inches are %g yards", s.map.tabletop->inches,
                      s.map.tabletop->yards);
        table = t;
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, left + 30 + bar + 40, barTop + 4, 7, table);
}

} // namespace

const std::vector<PaperSize>& papers() {
    static const std::vector<PaperSize> all{{"a4", 595.276, 841.89},
                                            {"a3", 841.89, 1190.55},
                                            {"letter", 612, 792},
                                            {"legal", 612, 1008},
                                            {"tabloid", 792, 1224}};
    return all;
}

std::expected<PaperSize, std::string> paperByName(const std::string& name) {
    for (const auto& p : papers()) {
        if (p.name == name) {
            return p;
        }
    }
    return std::unexpected("unknown paper '" + name + "'; expected a4, a3, letter, legal or tabloid");
}

std::expected<RenderOptions, std::string> parseLayers(const std::string& list) {
    RenderOptions o;
    for (const auto& [layer, member] : renderLayers) {
        o.*member = false;
    }
    std::string rest = list;
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string name = rest.substr(0, comma);
        rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
        bool RenderOptions::*flag = nullptr;
        for (const auto& [layer, member] : renderLayers) {
            flag = layer == name ? member : flag;
        }
        if (flag == nullptr) {
            std::string names;
            for (const auto& [layer, member] : renderLayers) {
                names += (names.empty() ? "" : ", ") + std::string(layer);
            }
            return std::unexpected("unknown layer '" + name + "'; the layers are " + names);
        }
        o.*flag = true;
    }
    return o;
}

std::expected<double, std::string> parseLength(const std::string& text) {
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    const std::string unit(end, text.data() + text.size());
    if (ec != std::errc{} || !std::isfinite(value) || value <= 0) {
        return std::unexpected("'" + text + "' is not a length; write it as 25mm, 1in or 72pt");
    }
    if (unit == "mm") {
        return value / 25.4 * 72;
    }
    if (unit == "cm") {
        return value / 2.54 * 72;
    }
    if (unit == "in") {
        return value * 72;
    }
    if (unit == "pt") {
        return value;
    }
    return std::unexpected("'" + text + "' has no unit; write it as 25mm, 1in or 72pt");
}

namespace {

// Page 0 is the overview; pages 1 to columns x rows are the map, row by row, each with its
// overlap, crop marks and name (A1, B1...).
void drawPage(cairo_t* cr, const Scenario& s, PrintedMap& map, const Pagination& p, const PrintOptions& o,
              int page) {
    setInkStyle(cr, o.ink);
    if (page == 0) {
        overviewPage(cr, s, p, o);
        return;
    }
    const int c = (page - 1) % p.columns, r = (page - 1) / p.columns;
    // The map's top-left moves left and up by whole steps; the print area stays put.
    const double x = o.marginPt - c * p.stepX, y = o.marginPt + 14 - r * p.stepY;
    map.draw(cr, x, y, p.scale, o.marginPt, o.marginPt + 14, p.printW, p.printH);
    cropMarks(cr, o.marginPt, o.marginPt + 14, p.printW, p.printH);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, o.marginPt, o.marginPt + 9, 9, "Page " + pageName(c, r) + "  -  " + s.info.title, true);
    // The cell size and a short scale bar at the head of every page, for a player with one sheet.
    char cell[120];
    std::snprintf(cell, sizeof cell, "cell %.1f mm = %.0f yd", o.cellSizePt / 72 * 25.4, s.map.yardsPerCell);
    const double right = o.marginPt + p.printW;
    text(cr, right - 200, o.marginPt + 9, 7, cell);
    drawScaleBar(cr, right - 110, o.marginPt + 1, 100, s.map.yardsPerCell / o.cellSizePt);
}

} // namespace

struct TiledPrint::Impl {
    const Scenario& s;
    PrintOptions o;
    std::expected<Pagination, std::string> p;
    std::optional<PrintedMap> map;
};

TiledPrint::TiledPrint(const Scenario& s, const PrintOptions& o)
    : impl_(std::make_unique<Impl>(Impl{s, o, paginate(Layout(s.map.grid, unitsPerCell), o), std::nullopt})) {
    if (impl_->p) {
        impl_->map.emplace(s, o, impl_->p->scale, impl_->p->scale * 300.0 / 72.0);
    }
}

TiledPrint::~TiledPrint() = default;

std::expected<PrintResult, std::string> TiledPrint::result() const {
    if (!impl_->p) {
        return std::unexpected(impl_->p.error());
    }
    const Pagination& p = *impl_->p;
    return PrintResult{1 + p.columns * p.rows, p.columns, p.rows, impl_->map->unplaced()};
}

PageSizePt TiledPrint::pageSize() const {
    return impl_->p ? PageSizePt{impl_->p->pageW, impl_->p->pageH} : PageSizePt{};
}

std::expected<PageSizePt, std::string> TiledPrint::drawPage(cairo_t* cr, int page) {
    if (!impl_->p) {
        return std::unexpected(impl_->p.error());
    }
    const Pagination& p = *impl_->p;
    if (page < 0 || page > p.columns * p.rows) {
        return std::unexpected("there is no page " + std::to_string(page + 1));
    }
    sandtable::drawPage(cr, impl_->s, *impl_->map, p, impl_->o, page);
    return PageSizePt{p.pageW, p.pageH};
}

std::expected<PrintResult, std::string> printMapPdf(const Scenario& s, const std::filesystem::path& out,
                                                    const PrintOptions& o) {
    TiledPrint print(s, o);
    const auto planned = print.result();
    if (!planned) {
        return std::unexpected(out.string() + ": " + planned.error());
    }
    const int total = planned->pages;
    const PageSizePt page = print.pageSize();
    cairo_surface_t* surface = cairo_pdf_surface_create(utf8(out).c_str(), page.width, page.height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return std::unexpected(out.string() + ": cannot create the PDF");
    }
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, s.info.title.c_str());
    cairo_t* cr = cairo_create(surface);
    for (int n = 0; n < total; ++n) {
        if (n > 0 && o.progress && !o.progress(n - 1, total - 1)) {
            cairo_destroy(cr);
            cairo_surface_destroy(surface);
            return std::unexpected(out.string() + ": cancelled; nothing was written");
        }
        (void)print.drawPage(cr, n); // every page from 0 to total - 1 exists
        cairo_show_page(cr);
    }
    cairo_destroy(cr);
    if (auto done = finishSurface(surface, out, "PDF"); !done) {
        return std::unexpected(done.error());
    }
    return print.result();
}

std::expected<void, std::string> printMapSvg(const Scenario& s, const std::filesystem::path& out,
                                             const PrintOptions& o) {
    const Layout layout(s.map.grid, unitsPerCell);
    const double scale = o.cellSizePt / unitsPerCell;
    if (!(layout.width() * scale <= limits::maxPrintSidePt &&
          layout.height() * scale <= limits::maxPrintSidePt)) {
        return std::unexpected(out.string() + ": the picture would be " +
                               limits::formatNumber(std::round(layout.width() * scale)) + " x " +
                               limits::formatNumber(std::round(layout.height() * scale)) +
                               " points; use a smaller --cell-size");
    }
    cairo_surface_t* surface =
        cairo_svg_surface_create(utf8(out).c_str(), layout.width() * scale, layout.height() * scale);
    cairo_t* cr = cairo_create(surface);
    setInkStyle(cr, o.ink);
    PrintedMap map(s, o, scale, scale * 300.0 / 72.0);
    map.draw(cr, 0, 0, scale, 0, 0, layout.width() * scale, layout.height() * scale);
    cairo_destroy(cr);
    return finishSurface(surface, out, "SVG");
}

std::expected<void, std::string> printMapPng(const Scenario& s, const std::filesystem::path& out,
                                             const PrintOptions& o) {
    const Layout layout(s.map.grid, unitsPerCell);
    const double scale = o.cellSizePt / unitsPerCell * o.dpi / 72.0; // pixels per map unit
    // Sizes in double until they are known to fit: 1e9pt cells must not wrap an int.
    const double wd = std::ceil(layout.width() * scale), hd = std::ceil(layout.height() * scale);
    if (!(wd * hd <= limits::maxPicturePixels && wd <= limits::maxPictureSide &&
          hd <= limits::maxPictureSide)) {
        return std::unexpected(out.string() + ": the image would be " + limits::formatNumber(wd) + " x " +
                               limits::formatNumber(hd) + " pixels; at most " +
                               limits::formatNumber(static_cast<long long>(limits::maxPicturePixels)) +
                               " pixels (and " +
                               limits::formatNumber(static_cast<long long>(limits::maxPictureSide)) +
                               " a side) are drawn: lower --dpi or --cell-size");
    }
    const int w = static_cast<int>(wd), h = static_cast<int>(hd);
    // Drawn in bands of rows on every core (render/png_bands): memory for a few bands, not the
    // whole picture. The map is arranged once, before the bands share it.
    PrintedMap map(s, o, o.cellSizePt / unitsPerCell, scale);
    map.arrange();
    NaturalGround::SharedRows sharedRows;
    map.shareNaturalRows(&sharedRows);
    const auto paint = [&](cairo_surface_t* band, int top, int rows) {
        cairo_t* cr = cairo_create(band);
        setInkStyle(cr, o.ink);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        // The map moved up by whole pixels: every band lands on the same pixel grid.
        (void)map.drawArranged(cr, 0, -top, scale, 0, 0, w, rows);
        const bool drawn = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
        cairo_destroy(cr);
        return drawn;
    };
    PngBandOptions bands;
    bands.workers = o.pictureWorkers;
    if (o.pictureBandRows > 0) {
        bands.bandRows = o.pictureBandRows;
    }
    return writePngInBands(out, w, h, paint, bands);
}

std::expected<void, std::string> printMapThumbnail(const Scenario& s, const std::filesystem::path& out,
                                                   int longestSidePx) {
    if (!limits::thumbnailPixels.allows(longestSidePx)) {
        return std::unexpected("a thumbnail's size must be " + limits::thumbnailPixels.expected() + ", not " +
                               std::to_string(longestSidePx));
    }
    const Layout layout(s.map.grid, unitsPerCell);
    PrintOptions o;
    o.dpi = 72; // a point a pixel
    // A hair under the size, so that rounding the sides up never makes them a pixel too long.
    o.cellSizePt = (longestSidePx - 0.01) / std::max(layout.width(), layout.height()) * unitsPerCell;
    o.layers.grid = false;
    o.layers.labels = false;
    o.layers.features = false;
    return printMapPng(s, out, o);
}

} // namespace sandtable
