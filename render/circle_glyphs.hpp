#pragma once
// Many small circles on paper as the glyphs of a font made for them. A path of circles costs a
// PDF twelve printed numbers a circle and Cairo's page replay one analysis of every curve: the
// crowns of a 300 x 300 map's woods were a third of its PDF's time and bytes. A glyph is drawn
// once, in its font, and every circle after it is a place: two numbers. The page looks the same:
// the glyph is the same circle, and the circles are laid as one shape (a group), so where two
// overlap a translucent source is laid once, as one path of them has it.
#include "model/layout.hpp"

#include <span>

typedef struct _cairo cairo_t;

namespace sandtable {

// Whether `cr` draws on paper that keeps glyphs as vectors (PDF, SVG, PostScript).
bool takesCircleGlyphs(cairo_t* cr);

// Fills, in `cr`'s source laid with `alpha`, a circle of radius radii[k] round each centres[k]
// (user units) or, with `ringWidth` > 0, the ring a stroke that wide along it paints, as glyphs
// that do not read as text. Returns false, drawing nothing, when `cr` does not take them (then
// draw paths), when no radius is above 0, or when the ring is over four times as wide as the
// largest radius (more than a glyph's index holds).
bool fillCircleGlyphs(cairo_t* cr, std::span<const Point> centres, std::span<const double> radii,
                      double ringWidth, double alpha);

} // namespace sandtable
