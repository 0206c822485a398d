// The natural style's relief: each level's hypsometric tint and the hill shading, laid as
// translucent layers over the terrain NaturalGround::fill or paint drew (render/colours: levelTint,
// hillShade). A point's level is its height rounded, so a tint's edge is where the contour between
// the two levels runs (NaturalGround::contours, on the same lattice).
#include "cairo_handles.hpp"
#include "colours.hpp"
#include "natural_ground.hpp"
#include "outline_tracing.hpp"
#include "raster_stamps.hpp"
#include "square_cut.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include <cairo.h>

namespace sandtable {
namespace {

// An overlay as four floats, for the pixel loop.
struct Layer {
    float r = 0, g = 0, b = 0, keep = 1; // premultiplied colour; what it keeps of what is under it
};

Layer layerOf(const Overlay& o) {
    return {static_cast<float>(o.r), static_cast<float>(o.g), static_cast<float>(o.b),
            static_cast<float>(1 - o.alpha)};
}

// The same in fixed point (256ths), rounded: a pixel is laid with three multiplications and no
// clamping (keep * 255 + colour stays within 255 * 256).
struct FixedLayer {
    std::uint32_t r = 0, g = 0, b = 0, keep = 256;
};

// Pixel `p` (xRGB) with fixed layer `t` laid over it.
std::uint32_t layFixed(std::uint32_t p, const FixedLayer& t) {
    return (p & 0xff000000u) | ((p >> 16 & 0xffu) * t.keep + t.r) >> 8 << 16 |
           ((p >> 8 & 0xffu) * t.keep + t.g) >> 8 << 8 | ((p & 0xffu) * t.keep + t.b) >> 8;
}

FixedLayer fixedOf(const Overlay& o) {
    const auto keep = static_cast<std::uint32_t>(std::lround((1 - o.alpha) * 256));
    const auto part = [&](double c) {
        return static_cast<std::uint32_t>(
            std::clamp(std::lround(c * 256 + 128), 0L, static_cast<long>((256 - keep) * 255 + 128)));
    };
    return {part(o.r), part(o.g), part(o.b), keep};
}

Layer blend(const Layer& a, const Layer& b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t,
            a.keep + (b.keep - a.keep) * t};
}

// The hill shading's layers a sixteenth of a shade apart, from -steps to steps.
constexpr int shadeSlots = 16;

std::uint8_t byteOf(float v) {
    return static_cast<std::uint8_t>(std::clamp(v + 0.5f, 0.0f, 255.0f));
}

} // namespace

void NaturalGround::relief(cairo_t* cr) const {
    if (!options_.elevation) {
        return;
    }
    if (!paintRelief(cr)) {
        fillRelief(cr);
    }
}

bool NaturalGround::paintRelief(cairo_t* cr) const {
    const std::optional<StraightImage> straight = straightImageOf(cr);
    if (!straight) {
        return false;
    }
    cairo_rectangle_list_t* clips = cairo_copy_clip_rectangle_list(cr);
    if (clips->status != CAIRO_STATUS_SUCCESS) {
        cairo_rectangle_list_destroy(clips);
        return false;
    }
    const LevelRange levels = levels_;
    if (levels.empty()) {
        cairo_rectangle_list_destroy(clips);
        return true;
    }
    const InkStyle ink = inkStyleOf(cr);
    const int steps = options_.shading ? options_.shadeSteps : 0, slots = 2 * steps * shadeSlots + 1;
    // Each level's tint, and each level's tint with each shade over it (most pixels lay that one).
    std::vector<Overlay> tints;
    std::vector<Layer> tint, shade;
    std::vector<FixedLayer> shaded;
    for (int level = levels.low; level <= levels.high; ++level) {
        tints.push_back(levelTint(level));
        tint.push_back(layerOf(inked(tints.back(), ink)));
    }
    for (int k = -steps * shadeSlots; k <= steps * shadeSlots; ++k) {
        shade.push_back(layerOf(inked(hillShade(static_cast<double>(k) / shadeSlots), ink)));
    }
    for (const Overlay& t : tints) {
        for (int k = -steps * shadeSlots; k <= steps * shadeSlots; ++k) {
            shaded.push_back(fixedOf(inked(over(hillShade(static_cast<double>(k) / shadeSlots), t), ink)));
        }
    }
    const bool smooth = cairo_get_antialias(cr) != CAIRO_ANTIALIAS_NONE;
    const auto levelOf = [&](float h) {
        // floor(h + 0.5) without std::floor, which the build's baseline instruction set has no one
        // instruction for (heights are finite and far inside an int's range).
        const float v = h + 0.5f;
        const int truncated = static_cast<int>(v);
        return std::clamp(truncated - (v < static_cast<float>(truncated) ? 1 : 0), levels.low, levels.high);
    };
    const float lastSlot = static_cast<float>(slots - 1);
    const auto lay = [](std::uint32_t& p, const Layer& t) {
        const float red = static_cast<float>(p >> 16 & 0xffu) * t.keep + t.r;
        const float green = static_cast<float>(p >> 8 & 0xffu) * t.keep + t.g;
        const float blue = static_cast<float>(p & 0xffu) * t.keep + t.b;
        p = (p & 0xff000000u) | static_cast<std::uint32_t>(byteOf(red)) << 16 |
            static_cast<std::uint32_t>(byteOf(green)) << 8 | byteOf(blue);
    };

    cairo_surface_t* target = straight->surface;
    const double sx = straight->xx, sy = straight->yy, tx = straight->x0, ty = straight->y0;
    cairo_surface_flush(target);
    unsigned char* data = cairo_image_surface_get_data(target);
    const int width = cairo_image_surface_get_width(target),
              imageHeight = cairo_image_surface_get_height(target);
    const int stride = cairo_image_surface_get_stride(target);
    // A level's change over a pixel along x and y, for each level's change along a lattice square.
    const float perPixelX = static_cast<float>(1 / (step_ * sx)),
                perPixelY = static_cast<float>(1 / (step_ * sy));
    constexpr int mixed = std::numeric_limits<int>::min();
    // What the relief lays over one lattice square of a row, found once for all the pixel rows
    // across it: its corners' heights and slopes (clockwise from the top left), its level where
    // the corners agree (a bilinear height lies between its corners', so the whole square shows
    // it) and, at one level, the one layer that shades it throughout (nullptr when the shade
    // varies across it).
    struct SquareRelief {
        std::size_t begin = 0, end = 0; // the pixels along a row whose middles lie in it
        std::array<float, 4> height{}, slope{};
        int level = mixed;
        const FixedLayer* layer = nullptr;
    };
    // A square's shade is one slot of the table when its four corners' slots lie a 64th of a slot
    // inside the same slot (the slope's slot is bilinear across it, so between its corners'; the
    // 64th so that no rounding of a pixel's own sum crosses into the next).
    const auto oneSlot = [&](const std::array<float, 4>& slope) -> std::optional<int> {
        if (steps == 0) {
            return 0;
        }
        std::array<float, 4> slot{};
        std::ranges::transform(slope, slot.begin(),
                               [&](float v) { return (v + static_cast<float>(steps)) * shadeSlots + 0.5f; });
        const auto [low, high] = std::ranges::minmax(slot);
        constexpr float inside = 1.0f / 64;
        const float whole = std::floor(std::clamp(low, 0.0f, lastSlot));
        if (high <= 1 - inside) {
            return 0; // within the first slot, or below it and clamped to it
        }
        if (low >= lastSlot + inside) {
            return slots - 1; // above the last: clamped to it
        }
        if (low >= whole + inside && high <= whole + 1 - inside) {
            return static_cast<int>(whole);
        }
        return std::nullopt;
    };
    for (int r = 0; r < clips->num_rectangles; ++r) {
        const cairo_rectangle_t& c = clips->rectangles[r];
        const std::optional<PixelBox> box =
            pixelsWithin(c.x, c.y, c.width, c.height, sx, sy, tx, ty, width, imageHeight);
        if (!box) {
            continue;
        }
        const int px0 = box->x0, px1 = box->x1, py0 = box->y0, py1 = box->y1;
        // Along a row, the pixels in each lattice square (a span) and how far across it each is.
        struct Span {
            int square = 0;
            std::size_t begin = 0, end = 0;
        };
        std::vector<Span> spans;
        std::vector<float> within(static_cast<std::size_t>(px1 - px0));
        // A square's pixels' shade slots, heights and levels, along the row.
        std::vector<int> slotOf(within.size()), levelOfPixel(within.size());
        std::vector<float> heightOf(within.size());
        for (std::size_t k = 0; k < within.size(); ++k) {
            const LatticePlace u =
                placeOf(((px0 + static_cast<double>(k) + 0.5 - tx) / sx - x0_) / step_, nx_);
            within[k] = static_cast<float>(u.within);
            if (spans.empty() || spans.back().square != u.square) {
                spans.push_back({u.square, k, k});
            }
            spans.back().end = k + 1;
        }
        // The squares of the lattice row the pixel rows are in that lay anything (a square at one
        // level in one shade whose layer keeps all under it lays nothing, and most squares of a
        // flat map are such).
        std::vector<SquareRelief> laid;
        int laidRow = -1;
        for (int y = py0; y < py1; ++y) {
            const LatticePlace down = placeOf(((y + 0.5 - ty) / sy - y0_) / step_, ny_);
            if (down.square != laidRow) {
                laidRow = down.square;
                laid.clear();
                for (const Span& span : spans) {
                    SquareRelief square{span.begin, span.end};
                    std::array<int, 4> cornerLevel{};
                    if (!cornerRelief(span.square, laidRow, square.height, cornerLevel, square.slope)) {
                        continue; // off the ground
                    }
                    // (A corner's level is levelOf its height: the levels' range is the corners'.)
                    const int level = cornerLevel[0];
                    if (cornerLevel[1] == level && cornerLevel[2] == level && cornerLevel[3] == level) {
                        square.level = level;
                        const FixedLayer* table =
                            &shaded[static_cast<std::size_t>(level - levels.low) * slots];
                        if (const std::optional<int> slot =
                                options_.wholeSquares ? oneSlot(square.slope) : std::nullopt) {
                            square.layer = table + *slot;
                            if (square.layer->keep == 256) {
                                continue; // nothing laid (the parts are below 256ths of a unit)
                            }
                        } else if (steps == 0 && table->keep == 256) {
                            continue; // level 0 unshaded: nothing to lay
                        }
                    }
                    laid.push_back(square);
                }
            }
            const auto fv = static_cast<float>(down.within);
            auto* row =
                reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride) + px0;
            for (const SquareRelief& square : laid) {
                if (square.layer != nullptr) {
                    // At one level in one shade: a layer from the table, laid again only where the
                    // terrain under it changes.
                    std::uint32_t lastIn = row[square.begin], lastOut = layFixed(lastIn, *square.layer);
                    for (std::size_t k = square.begin; k < square.end; ++k) {
                        if (row[k] != lastIn) {
                            lastIn = row[k];
                            lastOut = layFixed(lastIn, *square.layer);
                        }
                        row[k] = lastOut;
                    }
                    continue;
                }
                const auto [h00, h10, h11, h01] = square.height;
                const auto [s00, s10, s11, s01] = square.slope;
                // Along the row the square's height and slope are each a start and a rise across
                // it; the slope as a slot of the shade's tables.
                const float h0 = h00 + (h01 - h00) * fv, hRise = h10 + (h11 - h10) * fv - h0;
                const float s0 = s00 + (s01 - s00) * fv;
                const float sRise = s10 + (s11 - s10) * fv - s0;
                const float slot0 = (s0 + static_cast<float>(steps)) * shadeSlots + 0.5f;
                const float slotRise = sRise * shadeSlots;
                // (Unshaded, the one slot is 0: lastSlot is 0.)
                const auto slotIndex = [&](std::size_t k) {
                    return static_cast<int>(std::clamp(slot0 + slotRise * within[k], 0.0f, lastSlot));
                };
                const auto slotAt = [&](std::size_t k) { return static_cast<std::size_t>(slotIndex(k)); };
                if (square.level != mixed) {
                    // The whole square at one level: tint and shade in one layer from the table.
                    const FixedLayer* table =
                        &shaded[static_cast<std::size_t>(square.level - levels.low) * slots];
                    // Neighbouring pixels are mostly the same terrain in the same shade (a slot is a
                    // sixteenth of one): the last pixel laid is kept for them.
                    std::uint32_t lastIn = 0, lastOut = 0;
                    std::size_t slotLaid = static_cast<std::size_t>(slots);
                    // A span whose ends are in one slot is in it throughout (the slope is linear).
                    const bool spanInOneSlot = slotAt(square.begin) == slotAt(square.end - 1);
                    const std::size_t spanSlot = slotAt(square.begin);
                    if (!spanInOneSlot) {
                        // Each pixel's slot first, in a loop the compiler does four at a time.
                        for (std::size_t k = square.begin; k < square.end; ++k) {
                            slotOf[k] = slotIndex(k);
                        }
                    }
                    for (std::size_t k = square.begin; k < square.end; ++k) {
                        const std::size_t slot =
                            spanInOneSlot ? spanSlot : static_cast<std::size_t>(slotOf[k]);
                        const std::uint32_t p = row[k];
                        if (p != lastIn || slot != slotLaid) {
                            lastIn = p;
                            slotLaid = slot;
                            lastOut = layFixed(p, table[slot]);
                        }
                        row[k] = lastOut;
                    }
                    continue;
                }
                const float riseX = hRise * perPixelX;
                // Each pixel's height, level and slot first, in a loop the compiler does four at a
                // time; then the pixels.
                for (std::size_t k = square.begin; k < square.end; ++k) {
                    heightOf[k] = h0 + hRise * within[k];
                    levelOfPixel[k] = levelOf(heightOf[k]);
                    slotOf[k] = slotIndex(k);
                }
                for (std::size_t k = square.begin; k < square.end; ++k) {
                    const float fu = within[k], h = heightOf[k];
                    const int own = levelOfPixel[k];
                    // How far inside its level the height is from the level's lower and upper edge.
                    const float pastLowEdge = h - (static_cast<float>(own) - 0.5f);
                    const float shortOfHighEdge = (static_cast<float>(own) + 0.5f) - h;
                    // Farther from both edges than half the height's change over a pixel (bounded
                    // above by the sum of its changes along x and y): the pixel lies wholly in its
                    // level, tint and shade in one layer from the table, as a square at one level
                    // lays them.
                    const float riseY = ((h01 - h00) + ((h11 - h10) - (h01 - h00)) * fu) * perPixelY;
                    const auto slot = static_cast<std::size_t>(slotOf[k]);
                    if (!smooth || std::min(pastLowEdge, shortOfHighEdge) >=
                                       0.5f * (std::abs(riseX) + std::abs(riseY))) {
                        row[k] = layFixed(row[k],
                                          shaded[static_cast<std::size_t>(own - levels.low) * slots + slot]);
                        continue;
                    }
                    // Within half a pixel of the level's edge (the contour), the pixel is shared
                    // with the next level by how much of it lies past the edge.
                    Layer t = tint[static_cast<std::size_t>(own - levels.low)];
                    const float rise = std::sqrt(riseX * riseX + riseY * riseY);
                    if (rise > 0) {
                        const float pastLow = pastLowEdge / rise, shortOfHigh = shortOfHighEdge / rise;
                        if (pastLow < 0.5f && own > levels.low) {
                            t = blend(t, tint[static_cast<std::size_t>(own - 1 - levels.low)],
                                      0.5f - pastLow);
                        } else if (shortOfHigh < 0.5f && own < levels.high) {
                            t = blend(t, tint[static_cast<std::size_t>(own + 1 - levels.low)],
                                      0.5f - shortOfHigh);
                        }
                    }
                    lay(row[k], t);
                    if (steps > 0) {
                        lay(row[k], shade[slot]);
                    }
                }
            }
        }
    }
    cairo_rectangle_list_destroy(clips);
    cairo_surface_mark_dirty(target);
    return true;
}

void NaturalGround::fillRelief(cairo_t* cr) const {
    const LevelRange levels = levels_;
    if (levels.empty()) {
        return;
    }
    std::vector<float> height, slope;
    reliefLattice(height, slope);
    const InkStyle ink = inkStyleOf(cr);
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, layout_.width(), layout_.height());
    cairo_clip(cr);
    // The tints: each level's step over the ground at that level and beyond it from 0 (its
    // superlevel set, or below 0 its sublevel set), one inside the other, so every contour's edge
    // is written once and no two fills meet along an edge. A set's outlines are its contour at the
    // level's edge, cut as NaturalGround::contours cuts it, round a lattice closed by a ring of
    // points short of every level, so every line closes on itself (outside the region, which the
    // lattice overlaps) and the set is what they enclose by the even-odd rule.
    const double pad = -1e6;
    std::vector<std::pair<Point, Point>> segments;
    const Point origin{x0_ - 2 * step_, y0_ - 2 * step_};
    const auto cut = [&](int level) {
        const double edge = level > 0 ? level - 0.5 : level + 0.5, toward = level > 0 ? 1 : -1;
        // How far past the level's edge a lattice point is, toward the level.
        const auto margin = [&](int i, int j) {
            if (i < 0 || j < 0 || i >= nx_ || j >= ny_) {
                return pad;
            }
            const float h = height[static_cast<std::size_t>(j) * nx_ + i];
            return std::isnan(h) ? pad : (h - edge) * toward;
        };
        segments.clear();
        for (int j = -1; j < ny_; ++j) {
            for (int i = -1; i < nx_; ++i) {
                const std::array<double, 4> m{margin(i, j), margin(i + 1, j), margin(i + 1, j + 1),
                                              margin(i, j + 1)};
                // Most squares lie wholly on one side of the edge: no line through them.
                const bool inside = m[0] > 0;
                if ((m[1] > 0) == inside && (m[2] > 0) == inside && (m[3] > 0) == inside) {
                    continue;
                }
                const std::array<Point, 4> corner{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)};
                isoLineThrough(corner, m, 0, false, segments);
            }
        }
        const Overlay o = inked(levelStep(level), ink);
        if (segments.empty() || o.alpha <= 0) {
            return;
        }
        // Simplified as the contour drawn along the edge is (a tenth of a lattice square).
        const Polylines outlines = chainSegments(segments, origin, step_ / 1024, step_ / 10);
        cairo_new_path(cr);
        outlines.addToPath(cr, true);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
        cairo_set_source_rgba(cr, o.r / o.alpha / 255, o.g / o.alpha / 255, o.b / o.alpha / 255, o.alpha);
        cairo_fill(cr);
    };
    for (int level = 1; level <= levels.high; ++level) {
        cut(level);
    }
    for (int level = -1; level >= levels.low; --level) {
        cut(level);
    }
    // The shading: an image with a pixel for every two lattice steps each way, the mean of the
    // four points' layers (premultiplied), smoothed between them as it is drawn (PDF asks the
    // viewer to interpolate it). A shade changes over cells, not lattice steps, and a pixel a
    // point was most of a large PDF's bytes: a 300 x 300 map's pages held 43 MB of shading pixels.
    if (options_.shading) {
        const auto steps = static_cast<float>(options_.shadeSteps);
        const int wide = (nx_ + 1) / 2, high = (ny_ + 1) / 2;
        const SurfacePtr image = owned(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, wide, high));
        unsigned char* data = cairo_image_surface_get_data(image.get());
        const int stride = cairo_image_surface_get_stride(image.get());
        for (int j = 0; j < high; ++j) {
            auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(j) * stride);
            for (int i = 0; i < wide; ++i) {
                // The points on the map among the four: off it (past the map's edge) none counts.
                Overlay sum{};
                int on = 0;
                for (int k = 0; k < 4; ++k) {
                    const int pointI = 2 * i + k % 2, pointJ = 2 * j + k / 2;
                    if (pointI >= nx_ || pointJ >= ny_) {
                        continue;
                    }
                    const std::size_t at = static_cast<std::size_t>(pointJ) * nx_ + pointI;
                    if (std::isnan(height[at])) {
                        continue;
                    }
                    const Overlay o = inked(hillShade(std::clamp(slope[at], -steps, steps)), ink);
                    sum = {sum.r + o.r, sum.g + o.g, sum.b + o.b, sum.alpha + o.alpha};
                    ++on;
                }
                const double share = on > 0 ? 1.0 / on : 0.0;
                row[i] = static_cast<std::uint32_t>(byteOf(static_cast<float>(sum.alpha * share * 255)))
                             << 24 |
                         static_cast<std::uint32_t>(byteOf(static_cast<float>(sum.r * share))) << 16 |
                         static_cast<std::uint32_t>(byteOf(static_cast<float>(sum.g * share))) << 8 |
                         byteOf(static_cast<float>(sum.b * share));
            }
        }
        cairo_surface_mark_dirty(image.get());
        cairo_pattern_t* pattern = cairo_pattern_create_for_surface(image.get());
        // Pixel (i, j)'s middle on the middle of lattice points (2i, 2j) and (2i + 1, 2j + 1).
        cairo_matrix_t m;
        cairo_matrix_init_translate(&m, 0.25, 0.25);
        cairo_matrix_scale(&m, 0.5 / step_, 0.5 / step_);
        cairo_matrix_translate(&m, -x0_, -y0_);
        cairo_pattern_set_matrix(pattern, &m);
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR);
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
        cairo_set_source(cr, pattern);
        cairo_paint(cr);
        cairo_pattern_destroy(pattern);
    }
    cairo_restore(cr);
}

} // namespace sandtable
