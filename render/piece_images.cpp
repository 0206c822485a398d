#include "render/piece_images.hpp"

#include "render/counter_art.hpp"
#include "render/counters.hpp"
#include "render/map_painter.hpp"
#include "render/png_bytes.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>

namespace sandtable {
namespace {

// A transparent w x h picture drawn by `draw`, as PNG bytes.
template <typename Draw> std::expected<PieceImage, std::string> picture(int w, int h, Draw draw) {
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(surface);
    draw(cr);
    cairo_destroy(cr);
    auto png = pngBytes(surface);
    cairo_surface_destroy(surface);
    if (!png) {
        return std::unexpected("cannot draw a counter: " + png.error());
    }
    return PieceImage{w, h, std::move(*png)};
}

} // namespace

std::expected<PieceImage, std::string> pieceImage(const Scenario& s, const PlaySetup& play, PieceRef piece,
                                                  double cellPixels) {
    const bool held = piece.kind == PieceKind::Unit        ? s.oob.units.contains(UnitId{piece.id})
                      : piece.kind == PieceKind::Commander ? s.oob.find(HeadquartersId{piece.id}) != nullptr
                                                           : s.oob.trains.contains(TrainId{piece.id});
    if (!held) {
        return std::unexpected("no such piece: " + std::string(enumName(piece.kind)) + ":" +
                               std::to_string(piece.id));
    }
    constexpr int margin = 2; // room for the outline's outer half
    const double side = std::round(cellPixels * MapPainter::counterWidth);
    const double bar =
        piece.kind == PieceKind::Unit ? std::max(2.0, std::round(cellPixels * MapPainter::frontBar)) : 0;
    const CounterFace face = counterFace(s, play, piece);
    // The body is centred in the picture (a bar's height of room below it too), so that turning the
    // picture about its centre turns the counter about its own.
    return picture(static_cast<int>(side) + 2 * margin, static_cast<int>(side + 2 * bar) + 2 * margin,
                   [&](cairo_t* cr) {
                       drawCounterFace(cr, face, margin, margin + bar, side);
                       cairo_rectangle(cr, margin, margin + bar, side, side);
                       cairo_set_source_rgb(cr, 0.08, 0.08, 0.08);
                       cairo_set_line_width(cr, 1);
                       cairo_stroke(cr);
                       if (bar > 0) {
                           drawFrontBar(cr, {margin, margin, side, bar});
                       }
                   });
}

std::expected<PieceImage, std::string> movedMarkerImage(double cellPixels) {
    const double side = std::max(10.0, std::round(cellPixels * MapPainter::counterWidth * 0.28));
    return picture(static_cast<int>(side), static_cast<int>(side), [&](cairo_t* cr) {
        // A pennant on its staff, the way a moved piece is flagged on a table.
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
        cairo_set_line_width(cr, std::max(1.0, side * 0.1));
        cairo_move_to(cr, side * 0.2, side * 0.95);
        cairo_line_to(cr, side * 0.2, side * 0.05);
        cairo_stroke(cr);
        cairo_move_to(cr, side * 0.25, side * 0.05);
        cairo_line_to(cr, side * 0.95, side * 0.3);
        cairo_line_to(cr, side * 0.25, side * 0.55);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.95, 0.55, 0.05);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
    });
}

double statusMarkerOffset(double cellPixels) {
    return std::round(cellPixels * MapPainter::counterWidth * 0.36);
}

int movedMarkerOffset(double cellPixels) {
    // Half the counter across, less an inset of a twentieth of a cell.
    return static_cast<int>(std::lround(cellPixels * MapPainter::counterWidth / 2 - cellPixels * 0.05));
}

std::expected<PieceImage, std::string> statusMarkerImage(StatusMarker marker, std::string_view label,
                                                         double cellPixels) {
    const double w = std::round(cellPixels * MapPainter::counterWidth);
    const double h = std::max(8.0, std::round(cellPixels * MapPainter::counterWidth * 0.22));
    return picture(static_cast<int>(w), static_cast<int>(h),
                   [&](cairo_t* cr) { drawStatusBand(cr, marker, std::string(label), 0, 0, w, h); });
}

} // namespace sandtable
