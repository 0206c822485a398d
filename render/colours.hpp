#pragma once
// The map's colours in one place: sides, elevation tints, cells, and the print style every colour
// passes through (colour, grayscale, low ink).
#include "model/map.hpp"
#include "model/side.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

typedef struct _cairo cairo_t;

namespace sandtable {

// How a picture is inked. Grayscale turns every colour into its luminance; low ink keeps lines and
// text but lightens area fills (cells, counters) toward the paper.
enum class InkStyle { Colour, Grayscale, LowInk };
inline constexpr std::array<std::pair<std::string_view, InkStyle>, 3> inkStyles{
    {{"colour", InkStyle::Colour}, {"grayscale", InkStyle::Grayscale}, {"low-ink", InkStyle::LowInk}}};

// "colour", "grayscale", "low-ink"; and the style of a name, if it is one.
std::string_view inkStyleName(InkStyle style);
std::optional<InkStyle> inkStyleNamed(std::string_view name);

// Every drawing on `cr` afterwards uses this style (it is kept with the context; Colour by default).
void setInkStyle(cairo_t* cr, InkStyle style);
InkStyle inkStyleOf(cairo_t* cr);

// Union blue and Confederate grey, on the map, counters and sheets: far apart in luminance, so they
// stay distinct in grayscale and for every colour-blind reader.
Rgb sideColour(Side side);
// The colour of text and symbols on a side's counters: white on blue, black on grey.
Rgb sideInk(Side side);
// Hypsometric tint: the terrain's colour blended with the band of its level (greens low, ochres
// and browns high), its luminance rising steadily with the level so hills read in grayscale too.
Rgb elevationTint(Rgb base, int level);
// A colour in a slope's hill shading: darker for positive `shade` (facing away from the light),
// lighter for negative (hillShade laid over it).
Rgb shadedColour(Rgb c, int shade);

// A translucent layer laid over a colour, its colour already multiplied by its opacity (0 to 255,
// and 0 to 1), so layers stack by one rule (Porter-Duff over) in any order of building.
struct Overlay {
    double r = 0, g = 0, b = 0, alpha = 0;
};
Overlay overlay(Rgb c, double alpha);

// An opaque colour as one pixel of a Cairo image (RGB24 or ARGB32: alpha, red, green, blue from the
// top byte down), for code that writes pixels itself.
constexpr std::uint32_t opaquePixel(Rgb c) {
    return 0xff000000u | std::uint32_t{c.r} << 16 | std::uint32_t{c.g} << 8 | std::uint32_t{c.b};
}
// An opaque pixel (opaquePixel) laid over `under` with `coverage` (0 to 255) of it, as Cairo's OVER
// lays an opaque colour through a mask, on premultiplied ARGB32 or RGB24 alike: each byte
// (s a + d (255 - a)) / 255, rounded.
constexpr std::uint32_t laidOver(std::uint32_t under, std::uint32_t opaque, std::uint32_t coverage) {
    std::uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const std::uint32_t t =
            ((opaque >> shift) & 255U) * coverage + ((under >> shift) & 255U) * (255 - coverage) + 128;
        out |= ((t + (t >> 8)) >> 8) << shift;
    }
    return out;
}
// `top` laid over `under`: one layer that lays the two.
Overlay over(const Overlay& top, const Overlay& under);
Rgb overlaid(Rgb base, const Overlay& o);
// The layer in the given style: its colour inked as an area's, its opacity kept. Low ink is then
// exact (its lightening is a mix, which layering keeps); grayscale is the grey of the layer's hue.
Overlay inked(const Overlay& o, InkStyle style);
// The natural style's hypsometric tint, as layers over the terrain's colour (the terrain is drawn
// once, its relief over it): `levelStep` is what level `level` lays over the tint of the level
// next to it toward 0, `levelTint` every step from 0 to `level`. Close to elevationTint's colours,
// but one layer whatever the terrain under it.
Overlay levelStep(int level);
Overlay levelTint(int level);
// Hill shading as a layer, for any shade between -MapPainter::shadeSteps (lit) and shadeSteps.
Overlay hillShade(double shade);
// Contour lines and the heights written along them.
inline constexpr Rgb contourBrown{140, 90, 40};
// An objective's star: its side's colour, red when it is both sides'.
Rgb objectiveColour(std::optional<Side> side);
// The colour a cell is drawn in: its terrain, tinted by its level when `elevation`.
Rgb cellColour(const Map& map, std::size_t index, bool elevation);

// Relative luminance (0 black to 1 white) and the WCAG contrast ratio of two colours (1 to 21).
double luminance(Rgb c);
double contrast(Rgb a, Rgb b);
// What the colour is in the given style (the grey of grayscale; low ink's lighter fill when `area`).
Rgb inked(Rgb c, InkStyle style, bool area = false);

// Lines, text and small symbols.
void setSource(cairo_t* cr, Rgb c, double alpha = 1.0);
// Large fills: cells and counters' bodies, which low ink lightens.
void setAreaSource(cairo_t* cr, Rgb c, double alpha = 1.0);
// Strokes or fills the current path in the colour (as inked), with the stroke `width` wide.
void strokeWith(cairo_t* cr, Rgb c, double width, double alpha = 1.0);
void fillWith(cairo_t* cr, Rgb c, double alpha = 1.0);

} // namespace sandtable
