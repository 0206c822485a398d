#include "colours.hpp"

#include <algorithm>

#include <cairo.h>

namespace sandtable {

Rgb sideColour(Side side) {
    return side == Side::Union ? Rgb{52, 84, 160} : Rgb{150, 150, 150};
}

Rgb shaded(Rgb c, int level) {
    const double k = std::clamp(level * 0.07, -0.4, 0.5);
    auto mix = [k](int v) {
        const double out = k >= 0 ? v + (255 - v) * k * 0.8 : v * (1 + k);
        return static_cast<std::uint8_t>(std::clamp(out, 0.0, 255.0));
    };
    return Rgb{mix(c.r), mix(c.g), mix(c.b)};
}

Rgb cellColour(const Map& map, std::size_t index, bool elevation) {
    const Rgb base = map.terrainTypes[map.terrain[index]].colour;
    return elevation ? shaded(base, map.elevation[index]) : base;
}

void setSource(cairo_t* cr, Rgb c, double alpha) {
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, alpha);
}

} // namespace sandtable
