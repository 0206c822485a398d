#include "circle_glyphs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <cairo.h>

namespace sandtable {
namespace {

// A glyph's index holds its circle: the radius and the ring's width in font units (each call's
// largest radius is 1024 of them, so a radius is kept to a thousandth of it), 12 bits each.
constexpr int unitsPerLargest = 1024;
constexpr unsigned long fieldMask = 0xfff;

unsigned long glyphOf(long radiusUnits, long widthUnits) {
    return static_cast<unsigned long>(radiusUnits) | static_cast<unsigned long>(widthUnits) << 12;
}

// The circle as four cubic quarters (as MapPainter draws a circle on a raster): the glyph is laid
// at any size, so it is as round as Cairo's arc at its finest.
void addCircle(cairo_t* cr, double r, bool clockwise) {
    const double k = r * 0.5523;
    const double turn = clockwise ? 1 : -1;
    cairo_move_to(cr, r, 0);
    cairo_curve_to(cr, r, turn * k, k, turn * r, 0, turn * r);
    cairo_curve_to(cr, -k, turn * r, -r, turn * k, -r, 0);
    cairo_curve_to(cr, -r, -turn * k, -k, -turn * r, 0, -turn * r);
    cairo_curve_to(cr, k, -turn * r, r, -turn * k, r, 0);
    cairo_close_path(cr);
}

// How far a glyph's ink can reach from its place: the largest radius and half the widest ring.
// Cairo bounds a run of glyphs by its places and this (the font's extents), and a PDF's group of
// them is cut to that bound.
constexpr double farthestInk = unitsPerLargest + fieldMask / 2.0 + 1;

cairo_status_t initFont(cairo_scaled_font_t*, cairo_t*, cairo_font_extents_t* extents) {
    *extents = {farthestInk, farthestInk, 2 * farthestInk, 2 * farthestInk, 0};
    return CAIRO_STATUS_SUCCESS;
}

cairo_status_t renderCircle(cairo_scaled_font_t*, unsigned long glyph, cairo_t* cr,
                            cairo_text_extents_t* extents) {
    const auto radius = static_cast<double>(glyph & fieldMask);
    const auto width = static_cast<double>(glyph >> 12 & fieldMask);
    const double outer = width > 0 ? radius + width / 2 : radius, inner = radius - width / 2;
    addCircle(cr, outer, true);
    if (width > 0 && inner > 0) {
        addCircle(cr, inner, false); // the ring's hole, turning the other way
    }
    cairo_fill(cr);
    *extents = {-outer, -outer, 2 * outer, 2 * outer, 0, 0};
    return CAIRO_STATUS_SUCCESS;
}

// The font, made once and kept for the program's life.
class CircleFont {
  public:
    CircleFont() : face_(cairo_user_font_face_create()) {
        cairo_user_font_face_set_init_func(face_, initFont);
        cairo_user_font_face_set_render_glyph_func(face_, renderCircle);
    }
    ~CircleFont() { cairo_font_face_destroy(face_); }
    CircleFont(const CircleFont&) = delete;
    CircleFont& operator=(const CircleFont&) = delete;
    cairo_font_face_t* face() const { return face_; }

  private:
    cairo_font_face_t* face_;
};

cairo_font_face_t* circleFace() {
    static const CircleFont font;
    return font.face();
}

} // namespace

bool takesCircleGlyphs(cairo_t* cr) {
    switch (cairo_surface_get_type(cairo_get_target(cr))) {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_PS:
        return true;
    default:
        return false;
    }
}

bool fillCircleGlyphs(cairo_t* cr, std::span<const Point> centres, std::span<const double> radii,
                      double ringWidth, double alpha) {
    if (!takesCircleGlyphs(cr) || centres.size() != radii.size() ||
        centres.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
        return false;
    }
    if (centres.empty()) {
        return true;
    }
    const double largest = *std::ranges::max_element(radii);
    if (!(largest > 0)) {
        return false;
    }
    const double unit = largest / unitsPerLargest;
    const long widthUnits = std::lround(std::max(0.0, ringWidth) / unit);
    if (widthUnits > static_cast<long>(fieldMask)) {
        return false;
    }
    std::vector<cairo_glyph_t> glyphs;
    glyphs.reserve(centres.size());
    for (std::size_t k = 0; k < centres.size(); ++k) {
        const long radiusUnits = std::lround(radii[k] / unit);
        if (radiusUnits < 0 || radiusUnits > static_cast<long>(fieldMask)) {
            return false;
        }
        glyphs.push_back({glyphOf(radiusUnits, widthUnits), centres[k].x, centres[k].y});
    }
    cairo_save(cr);
    cairo_set_font_face(cr, circleFace());
    cairo_matrix_t scale;
    cairo_matrix_init_scale(&scale, unit, unit);
    cairo_set_font_matrix(cr, &scale);
    // Placed where they stand: no hinting moves a glyph or rounds its advance.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_set_font_options(cr, options);
    cairo_font_options_destroy(options);
    cairo_push_group(cr);
    // One cluster of no text for every glyph: a PDF's text (copied, searched, pdftotext) holds
    // the map's words, not a character for each circle.
    const cairo_text_cluster_t cluster{0, static_cast<int>(glyphs.size())};
    cairo_show_text_glyphs(cr, "", 0, glyphs.data(), static_cast<int>(glyphs.size()), &cluster, 1,
                           static_cast<cairo_text_cluster_flags_t>(0));
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, alpha);
    cairo_restore(cr);
    return true;
}

} // namespace sandtable
