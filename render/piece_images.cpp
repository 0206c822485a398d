#include "render/piece_images.hpp"

#include "render/colours.hpp"
#include "render/counters.hpp"
#include "render/map_painter.hpp"
#include "render/text.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>

namespace sandtable {
namespace {

cairo_status_t appendBytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

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

std::expected<std::string, std::string> pngBytes(cairo_surface_t* surface) {
    std::string out;
    const cairo_status_t status = cairo_surface_write_to_png_stream(surface, appendBytes, &out);
    if (status != CAIRO_STATUS_SUCCESS) {
        return std::unexpected(std::string(cairo_status_to_string(status)));
    }
    return out;
}

std::expected<PieceImage, std::string> pieceImage(const Scenario& s, PieceRef piece, double cellPixels) {
    const double size = cellPixels;
    constexpr int margin = 2; // room for the outline's outer half
    switch (piece.kind) {
    case PieceKind::Unit: {
        auto it = s.oob.units.find(UnitId{piece.id});
        if (it == s.oob.units.end()) {
            break;
        }
        const Unit& unit = it->second;
        const Side side = s.oob.sideOf(unit.parent).value_or(Side::Union);
        const double w = std::round(size * MapPainter::counterWidth);
        const double h = std::round(size * MapPainter::counterHeight);
        const double bar = std::max(2.0, std::round(size * MapPainter::frontBar));
        // The body is centred in the picture (a bar's height of room below it too), so that turning
        // the picture about its centre turns the counter about its own.
        return picture(static_cast<int>(w) + 2 * margin, static_cast<int>(h + 2 * bar) + 2 * margin,
                       [&](cairo_t* cr) {
                           TextWriter text(cr, Font{size * 0.14, true});
                           setSource(cr, sideInk(side));
                           drawUnitCounter(cr, unit, side, margin, margin + bar, w, h, true, &text);
                           drawFrontBar(cr, margin, margin + bar, w, bar);
                       });
    }
    case PieceKind::Commander: {
        const Headquarters* hq = s.oob.find(HeadquartersId{piece.id});
        if (hq == nullptr) {
            break;
        }
        const double r = std::round(size * 0.15);
        const int side = static_cast<int>(2 * r) + 2 * margin;
        return picture(side, side, [&](cairo_t* cr) {
            TextWriter text(cr, Font{size * 0.09, true});
            drawCommander(cr, hq->echelon, hq->side, side / 2.0, side / 2.0, r - 1, &text);
        });
    }
    case PieceKind::Train: {
        auto it = s.oob.trains.find(TrainId{piece.id});
        if (it == s.oob.trains.end()) {
            break;
        }
        const Side side = s.oob.sideOf(it->second.corps).value_or(Side::Union);
        const double w = std::round(size * 0.4), h = std::round(size * 0.2);
        // The wheels hang below the wagon's box.
        return picture(static_cast<int>(w) + 2 * margin, static_cast<int>(h * 1.5) + 2 * margin,
                       [&](cairo_t* cr) { drawTrain(cr, side, margin, margin, w, h); });
    }
    }
    return std::unexpected("no such piece: " + std::string(enumName(piece.kind)) + ":" +
                           std::to_string(piece.id));
}

namespace {

// The band's colour by the marker's kind.
Rgb markerInk(StatusMarker m) {
    switch (m) {
    case StatusMarker::Disrupted:
    case StatusMarker::Disordered:
    case StatusMarker::ChargeDeclared:
        return Rgb{204, 31, 26};
    case StatusMarker::Recoiled:
    case StatusMarker::Routed:
        return Rgb{230, 128, 13};
    case StatusMarker::Entrenching:
    case StatusMarker::Entrenched:
        return Rgb{115, 77, 38};
    default:
        return Rgb{38, 77, 153};
    }
}

} // namespace

double statusMarkerOffset(double cellPixels) {
    return std::round(cellPixels * MapPainter::counterHeight * 0.3);
}

std::expected<PieceImage, std::string> statusMarkerImage(StatusMarker marker, std::string_view label,
                                                         double cellPixels) {
    const double w = std::round(cellPixels * MapPainter::counterWidth);
    const double h = std::max(8.0, std::round(cellPixels * MapPainter::counterHeight * 0.34));
    return picture(static_cast<int>(w), static_cast<int>(h), [&](cairo_t* cr) {
        setSource(cr, markerInk(marker));
        cairo_rectangle(cr, 0.5, 0.5, w - 1, h - 1);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        // As large as the band allows, narrowed to its width for a long word.
        const std::string word(label);
        double size = h * 0.62;
        {
            TextWriter probe(cr, Font{size, true});
            const double wide = probe.measure(word).width;
            if (wide > w - 4) {
                size *= (w - 4) / wide;
            }
        }
        TextWriter text(cr, Font{size, true});
        text.drawCentred(w / 2.0, (h - text.measure(word).height) / 2.0, word);
    });
}

} // namespace sandtable
