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

namespace {

constexpr Rgb paperWhite{255, 252, 240};

// The band's hue of a level above 0: pale yellow-green, ochre, tan, brown, each level a step
// along the ramp.
Rgb levelHue(int level) {
    static constexpr std::array<Rgb, 5> bands{
        {{214, 220, 150}, {226, 206, 140}, {220, 184, 120}, {204, 160, 104}, {186, 140, 96}}};
    const double along = std::min(level, 12) / 3.0; // 0 to 4 over the first twelve levels
    const std::size_t band = std::min<std::size_t>(static_cast<std::size_t>(along), bands.size() - 2);
    return mix(bands[band], bands[band + 1], std::min(1.0, along - static_cast<double>(band)));
}

// How far a level above 0 lifts a colour's luminance toward the paper's (0 to 0.62): by a step
// every level, more slowly as it climbs.
double levelLift(int level) {
    return (1.0 - std::pow(0.9, std::clamp(level, 0, 40))) * 0.62;
}

// Hollows and river bottoms: darker and a little bluer, a step a level down to five.
constexpr Rgb hollowHue{40, 60, 80};
constexpr double hollowStep = 0.07;

} // namespace

Rgb elevationTint(Rgb base, int level) {
    if (level == 0) {
        return base;
    }
    if (level < 0) {
        return mix(base, hollowHue, std::min(-level, 5) * hollowStep);
    }
    // A third of the band's hue, so woods on a hill still read as woods...
    const Rgb tinted = mix(base, levelHue(level), 0.3);
    // ...at a luminance that rises with every level, toward the paper: each level is a step of
    // grey, whatever the hue.
    const double target = luminance(base) + (1.0 - luminance(base)) * levelLift(level);
    const Rgb shadow{0, 0, 0};
    const bool lighter = luminance(tinted) < target;
    double lo = 0, hi = 1;
    for (int i = 0; i < 24; ++i) {
        const double t = (lo + hi) / 2;
        const double l = luminance(mix(tinted, lighter ? paperWhite : shadow, t));
        ((l < target) == lighter ? lo : hi) = t;
    }
    return mix(tinted, lighter ? paperWhite : shadow, (lo + hi) / 2);
}

Rgb shadedColour(Rgb c, int shade) {
    return overlaid(c, hillShade(shade));
}

Overlay overlay(Rgb c, double alpha) {
    return {c.r * alpha, c.g * alpha, c.b * alpha, alpha};
}

Overlay over(const Overlay& top, const Overlay& under) {
    const double k = 1 - top.alpha;
    return {top.r + k * under.r, top.g + k * under.g, top.b + k * under.b, top.alpha + k * under.alpha};
}

Rgb overlaid(Rgb base, const Overlay& o) {
    const double k = 1 - o.alpha;
    return {clampByte(base.r * k + o.r), clampByte(base.g * k + o.g), clampByte(base.b * k + o.b)};
}

Overlay inked(const Overlay& o, InkStyle style) {
    if (o.alpha <= 0) {
        return {};
    }
    const Rgb c =
        inked(Rgb{clampByte(o.r / o.alpha), clampByte(o.g / o.alpha), clampByte(o.b / o.alpha)}, style, true);
    return overlay(c, o.alpha);
}

Overlay levelStep(int level) {
    if (level < 0) {
        return level >= -5 ? overlay(hollowHue, hollowStep) : Overlay{};
    }
    if (level == 0) {
        return {};
    }
    // Level 1 lays a third of its band's hue and its first lift over the ground, as the cells'
    // tint does (elevationTint); each level above lifts what is under it further toward the paper
    // by its own step of the lift, in a pale hue of its band, so the hue drifts up the ramp. The
    // cells' tint reaches a luminance in linear light, a layer mixes in sRGB: lifted 1.4 times as
    // far, each level is as clear a step of grey (TheNaturalStylesTintIsAStepOfGrey...).
    const auto lift = [](int l) { return std::min(0.95, 1.4 * levelLift(l)); };
    const double before = lift(level - 1), after = lift(level);
    if (level == 1) {
        const double alpha = 1 - 0.7 * (1 - after);
        return overlay(mix(levelHue(1), paperWhite, after / alpha), alpha);
    }
    return overlay(mix(levelHue(level), paperWhite, 0.9), 1 - (1 - after) / (1 - before));
}

Overlay levelTint(int level) {
    Overlay tint;
    const int step = level < 0 ? -1 : 1;
    for (int l = step; l * step <= level * step; l += step) {
        tint = over(levelStep(l), tint);
    }
    return tint;
}

Overlay hillShade(double shade) {
    // Rising toward the light: the slope faces away from it, in shadow; the other way, lit.
    return shade > 0   ? overlay(Rgb{30, 20, 10}, 0.05 * shade)
           : shade < 0 ? overlay(Rgb{255, 250, 235}, 0.045 * -shade)
                       : Overlay{};
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
