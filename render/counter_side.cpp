#include "render/counter_side.hpp"

#include "render/colours.hpp"

#include <cairo.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>

namespace sandtable {
namespace {

struct Reading {
    std::string_view bytes;
    std::size_t at = 0;
};

cairo_status_t readBytes(void* closure, unsigned char* data, unsigned int length) {
    auto* r = static_cast<Reading*>(closure);
    if (r->bytes.size() - r->at < length) {
        return CAIRO_STATUS_READ_ERROR;
    }
    std::memcpy(data, r->bytes.data() + r->at, length);
    r->at += length;
    return CAIRO_STATUS_SUCCESS;
}

} // namespace

std::optional<Rgb> commonColour(std::string_view png) {
    Reading reading{png, 0};
    cairo_surface_t* surface = cairo_image_surface_create_from_png_stream(readBytes, &reading);
    std::optional<Rgb> result;
    if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
        cairo_surface_flush(surface);
        const int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface),
                  stride = cairo_image_surface_get_stride(surface);
        const unsigned char* data = cairo_image_surface_get_data(surface);
        std::map<unsigned, long> counts;
        for (int y = 0; y < h; ++y) {
            const auto* row =
                reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
            for (int x = 0; x < w; ++x) {
                const std::uint32_t p = row[x];
                if ((p >> 24) != 0xFF) {
                    continue; // premultiplied: only opaque pixels have their own colour
                }
                ++counts[(p & 0xF0F0F0u)];
            }
        }
        if (!counts.empty()) {
            const auto best = std::ranges::max_element(counts, {}, &std::pair<const unsigned, long>::second);
            const unsigned c = best->first;
            result = Rgb{static_cast<std::uint8_t>(((c >> 16) & 0xFF) | 8),
                         static_cast<std::uint8_t>(((c >> 8) & 0xFF) | 8),
                         static_cast<std::uint8_t>((c & 0xFF) | 8)};
        }
    }
    cairo_surface_destroy(surface);
    return result;
}

std::optional<Side> sideOfColour(Rgb c) {
    const int r = c.r, g = c.g, b = c.b;
    // Blue: blue well above red and at least green (Union blue, navy, sky blue).
    if (b > r + 40 && b >= g) {
        return Side::Union;
    }
    // Grey or butternut: no hue to speak of, neither black nor white (Confederate grey, tan).
    const int spread = std::max({r, g, b}) - std::min({r, g, b});
    const int light = (r + g + b) / 3;
    if (spread < 24 && light > 90 && light < 215) {
        return Side::Confederate;
    }
    return std::nullopt;
}

std::optional<Side> sideOfCounterPicture(std::string_view png) {
    const auto colour = commonColour(png);
    return colour ? sideOfColour(*colour) : std::nullopt;
}

} // namespace sandtable
