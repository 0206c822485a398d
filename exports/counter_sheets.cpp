#include "exports/counter_sheets.hpp"

#include "model/battle.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"
#include "render/counter_art.hpp"
#include "render/text.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <cmath>
#include <functional>
#include <sstream>

namespace sandtable {

std::pair<double, double> CounterSheetLayout::front(int index) const {
    return {left + (index % columns) * size, top + (index / columns) * size};
}

std::pair<double, double> CounterSheetLayout::back(int index) const {
    const auto [x, y] = front(index);
    return {pageWidth - x - size, y};
}

std::expected<CounterSheetLayout, std::string> counterSheetLayout(double pageWidth, double pageHeight,
                                                                  double margin, double size) {
    CounterSheetLayout l;
    l.pageWidth = pageWidth;
    l.pageHeight = pageHeight;
    l.size = size;
    l.columns = static_cast<int>(std::floor((pageWidth - 2 * margin) / size));
    // A line at the top for the sheet's title.
    l.rows = static_cast<int>(std::floor((pageHeight - 2 * margin - 14) / size));
    if (l.columns < 1 || l.rows < 1) {
        return std::unexpected("a counter " + std::to_string(static_cast<int>(std::lround(size))) +
                               " points across does not fit between the margins of the page");
    }
    // Centred across, so that turning the sheet over lands the backs on the fronts whatever the
    // printer's own margins.
    l.left = (pageWidth - l.columns * size) / 2;
    l.top = margin + 14;
    return l;
}

double counterSizeOf(const PrintOptions& o) {
    return o.counterSizePt > 0 ? o.counterSizePt : o.cellSizePt * 0.8;
}

namespace {

// One counter of the sheets: how to draw its front and its back.
struct SheetCounter {
    std::function<void(cairo_t*, double, double, double)> front, back;
};

std::vector<SheetCounter> countersOf(const Scenario& s, const PlaySetup& play) {
    std::vector<SheetCounter> out;
    auto piece = [&](PieceRef p) {
        if (!takesPart(s, p)) {
            return;
        }
        const CounterFace front = counterFace(s, play, p, false);
        // Commanders and trains have no reduced face: their backs repeat the front.
        const CounterFace back = p.kind == PieceKind::Unit ? counterFace(s, play, p, true) : front;
        out.push_back({[front](cairo_t* cr, double x, double y, double size) {
                           drawCounterFace(cr, front, x, y, size);
                       },
                       [back](cairo_t* cr, double x, double y, double size) {
                           drawCounterFace(cr, back, x, y, size);
                       }});
    };
    for (Side side : {Side::Union, Side::Confederate}) {
        for (const auto& [id, u] : s.oob.units) {
            if (s.oob.sideOf(u.parent) == side) {
                piece(PieceRef::unit(id));
            }
        }
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.side == side) {
                piece(PieceRef::commander(id));
            }
        }
        for (const auto& [id, t] : s.oob.trains) {
            if (s.oob.sideOf(t.corps) == side) {
                piece(PieceRef::train(id));
            }
        }
    }
    // The ruleset's markers, six of each (both faces the marker, so either side up works), and two
    // turn markers.
    for (const PlayMarker& m : play.play.markers) {
        for (int i = 0; i < 6; ++i) {
            auto draw = [m](cairo_t* cr, double x, double y, double size) {
                drawMarkerCounter(cr, m.marker, m.label, x, y, size);
            };
            out.push_back({draw, draw});
        }
    }
    for (int i = 0; i < 2; ++i) {
        out.push_back({drawTurnMarker, drawTurnMarker});
    }
    return out;
}

void cutLines(cairo_t* cr, const CounterSheetLayout& l, int count, bool back) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.3);
    for (int i = 0; i < count; ++i) {
        const auto [x, y] = back ? l.back(i) : l.front(i);
        cairo_rectangle(cr, x, y, l.size, l.size);
    }
    cairo_stroke(cr);
}

} // namespace

std::expected<int, std::string> printCounterSheets(const Scenario& s, const std::filesystem::path& out,
                                                   const PrintOptions& o, const PlaySetup& play) {
    const double size = counterSizeOf(o);
    if (!limits::counterSizePt.allows(size)) {
        std::ostringstream given;
        given << size;
        return std::unexpected(out.string() + ": a counter must be " + limits::counterSizePt.expected() +
                               " points across, not " + given.str());
    }
    const double w = o.landscape ? o.paper.heightPt : o.paper.widthPt;
    const double h = o.landscape ? o.paper.widthPt : o.paper.heightPt;
    auto layout = counterSheetLayout(w, h, o.marginPt, size);
    if (!layout) {
        return std::unexpected(out.string() + ": " + layout.error());
    }
    const std::vector<SheetCounter> counters = countersOf(s, play);
    cairo_surface_t* surface = cairo_pdf_surface_create(utf8(out).c_str(), w, h);
    cairo_t* cr = cairo_create(surface);
    const int perPage = layout->perPage();
    const int sheets = std::max(1, static_cast<int>((counters.size() + perPage - 1) / perPage));
    int pages = 0;
    for (int sheet = 0; sheet < sheets; ++sheet) {
        const int first = sheet * perPage;
        const int count = std::min<int>(perPage, static_cast<int>(counters.size()) - first);
        for (bool back : {false, true}) {
            {
                TextWriter title(cr, Font{9, true});
                cairo_set_source_rgb(cr, 0, 0, 0);
                title.drawOnBaseline(
                    o.marginPt, o.marginPt + 8,
                    s.info.title + ": counters, sheet " + std::to_string(sheet + 1) + " of " +
                        std::to_string(sheets) +
                        (back ? ", backs (on the other side, turned on the long edge)" : ", fronts") +
                        (o.remark.empty() ? "" : " (" + o.remark + ")"));
            }
            for (int i = 0; i < count; ++i) {
                const auto [x, y] = back ? layout->back(i) : layout->front(i);
                const SheetCounter& c = counters[static_cast<std::size_t>(first + i)];
                (back ? c.back : c.front)(cr, x, y, size);
            }
            cutLines(cr, *layout, count, back);
            cairo_show_page(cr);
            ++pages;
            if (o.progress && !o.progress(pages - 1, sheets * 2)) {
                cairo_destroy(cr);
                cairo_surface_finish(surface);
                cairo_surface_destroy(surface);
                return std::unexpected(out.string() + ": cancelled; nothing was written");
            }
        }
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const bool ok = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(surface);
    if (!ok) {
        return std::unexpected(out.string() + ": cannot write the PDF");
    }
    return pages;
}

} // namespace sandtable
