#include "colours.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <cairo.h>

namespace sandtable {
namespace {

const cairo_user_data_key_t inkStyleKey{};

// sRGB to linear light, once per byte value: tints ask for luminance many times a frame.
const std::array<double, 256>& linearTable() {
    static const std::array<double, 256> table = [] {
        std::array<double, 256> t{};
        for (std::size_t v = 0; v < t.size(); ++v) {
            const double c = static_cast<double>(v) / 255.0;
            t[v] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
        }
        return t;
    }();
    return table;
}

double linear(std::uint8_t v) {
    return linearTable()[v];
}

std::uint8_t clampByte(double v) {
    return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
}

Rgb mix(Rgb a, Rgb b, double t) {
    return {clampByte(a.r + (b.r - a.r) * t), clampByte(a.g + (b.g - a.g) * t),
            clampByte(a.b + (b.b - a.b) * t)};
}

} // namespace

std::string_view inkStyleName(InkStyle style) {
    const auto it = std::ranges::find(inkStyles, style, &std::pair<std::string_view, InkStyle>::second);
    return it == inkStyles.end() ? std::string_view{} : it->first;
}

std::optional<InkStyle> inkStyleNamed(std::string_view name) {
    const auto it = std::ranges::find(inkStyles, name, &std::pair<std::string_view, InkStyle>::first);
    return it == inkStyles.end() ? std::nullopt : std::optional(it->second);
}

void setInkStyle(cairo_t* cr, InkStyle style) {
    // Stored as the value itself, not a pointer to anything: nothing to free.
    cairo_set_user_data(cr, &inkStyleKey, reinterpret_cast<void*>(static_cast<std::uintptr_t>(style) + 1),
                        nullptr);
}

InkStyle inkStyleOf(cairo_t* cr) {
    const auto stored = reinterpret_cast<std::uintptr_t>(cairo_get_user_data(cr, &inkStyleKey));
    return stored == 0 ? InkStyle::Colour : static_cast<InkStyle>(stored - 1);
}

Rgb sideColour(Side side) {
    return side == Side::Union ? Rgb{52, 84, 160} : Rgb{160, 160, 160};
}

Rgb sideInk(Side side) {
    return side == Side::Union ? Rgb{255, 255, 255} : Rgb{20, 20, 20};
}

Rgb elevationTint(Rgb base, int level) {
    if (level == 0) {
        return base;
    }
    if (level < 0) { // hollows and river bottoms: darker and a little bluer
        const double k = std::min(-level, 5) * 0.07;
        return mix(base, Rgb{40, 60, 80}, k);
    }
    // The band's hue: pale yellow-green, ochre, tan, brown, each level a step along the ramp.
    static constexpr std::array<Rgb, 5> bands{
        {{214, 220, 150}, {226, 206, 140}, {220, 184, 120}, {204, 160, 104}, {186, 140, 96}}};
    const double along = std::min(level, 12) / 3.0; // 0 to 4 over the first twelve levels
    const std::size_t band = std::min<std::size_t>(static_cast<std::size_t>(along), bands.size() - 2);
    const Rgb hue = mix(bands[band], bands[band + 1], std::min(1.0, along - static_cast<double>(band)));
    // A third of the band's hue, so woods on a hill still read as woods...
    const Rgb tinted = mix(base, hue, 0.3);
    // ...at a luminance that rises with every level (more slowly as it climbs), toward the paper:
    // each level is a step of grey, whatever the hue.
    const double lift = (1.0 - std::pow(0.9, std::min(level, 40))) * 0.62;
    const double target = luminance(base) + (1.0 - luminance(base)) * lift;
    const Rgb paper{255, 252, 240}, shadow{0, 0, 0};
    const bool lighter = luminance(tinted) < target;
    double lo = 0, hi = 1;
    for (int i = 0; i < 24; ++i) {
        const double t = (lo + hi) / 2;
        const double l = luminance(mix(tinted, lighter ? paper : shadow, t));
        ((l < target) == lighter ? lo : hi) = t;
    }
    return mix(tinted, lighter ? paper : shadow, (lo + hi) / 2);
}

Rgb shadedColour(Rgb c, int shade) {
    // Rising toward the light: the slope faces away from it, in shadow; the other way, lit.
    return shade > 0   ? mix(c, Rgb{30, 20, 10}, 0.05 * shade)
           : shade < 0 ? mix(c, Rgb{255, 250, 235}, 0.045 * -shade)
                       : c;
}

Rgb objectiveColour(std::optional<Side> side) {
    return side ? sideColour(*side) : Rgb{200, 30, 30};
}

Rgb cellColour(const Map& map, std::size_t index, bool elevation) {
    const Rgb base = map.terrainTypes[map.terrain[index]].colour;
    return elevation ? elevationTint(base, map.elevation[index]) : base;
}

double luminance(Rgb c) {
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast(Rgb a, Rgb b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

Rgb inked(Rgb c, InkStyle style, bool area) {
    switch (style) {
    case InkStyle::Colour:
        return c;
    case InkStyle::Grayscale: {
        // The grey of the same luminance, back in sRGB.
        const double l = luminance(c);
        const double v = l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1 / 2.4) - 0.055;
        const std::uint8_t g = clampByte(v * 255);
        return {g, g, g};
    }
    case InkStyle::LowInk:
        return area ? mix(c, Rgb{255, 255, 255}, 0.6) : c;
    }
    return c;
}

void setSource(cairo_t* cr, Rgb c, double alpha) {
    const Rgb i = inked(c, inkStyleOf(cr));
    cairo_set_source_rgba(cr, i.r / 255.0, i.g / 255.0, i.b / 255.0, alpha);
}

void setAreaSource(cairo_t* cr, Rgb c, double alpha) {
    const Rgb i = inked(c, inkStyleOf(cr), true);
    cairo_set_source_rgba(cr, i.r / 255.0, i.g / 255.0, i.b / 255.0, alpha);
}

void strokeWith(cairo_t* cr, Rgb c, double width, double alpha) {
    setSource(cr, c, alpha);
    cairo_set_line_width(cr, width);
    cairo_stroke(cr);
}

void fillWith(cairo_t* cr, Rgb c, double alpha) {
    setSource(cr, c, alpha);
    cairo_fill(cr);
}

} // namespace sandtable
