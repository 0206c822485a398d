#pragma once
// Reading pixels back from Cairo image surfaces (RGB24 or ARGB32), in the render tests.
#include "model/terrain.hpp"

#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace sandtable::testing_support {

using SurfacePtr = std::unique_ptr<cairo_surface_t, void (*)(cairo_surface_t*)>;

inline SurfacePtr owned(cairo_surface_t* surface) {
    return SurfacePtr(surface, cairo_surface_destroy);
}

inline Rgb pixelOf(cairo_surface_t* surface, int x, int y) {
    const unsigned char* data = cairo_image_surface_get_data(surface);
    const std::uint32_t v =
        *(reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) *
                                                            cairo_image_surface_get_stride(surface)) +
          x);
    return Rgb{static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 8),
               static_cast<std::uint8_t>(v)};
}

// Whether two images are of one size with the same colour at every pixel (RGB24's unused byte
// aside).
inline bool samePixels(cairo_surface_t* a, cairo_surface_t* b) {
    const int width = cairo_image_surface_get_width(a), height = cairo_image_surface_get_height(a);
    if (width != cairo_image_surface_get_width(b) || height != cairo_image_surface_get_height(b)) {
        return false;
    }
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            if (!(pixelOf(a, x, y) == pixelOf(b, x, y))) {
                return false;
            }
        }
    }
    return true;
}

// The largest difference between two colours in any one channel.
inline int channelDifference(Rgb a, Rgb b) {
    return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

} // namespace sandtable::testing_support
