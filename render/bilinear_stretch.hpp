#pragma once
// A picture stretched bilinearly onto another, on the processor's vector unit, for the canvas's
// previews while the wheel turns (render/view_cache). Pixman's bilinear stretch takes a 4K frame
// 23 to 26 ms of one core on this machine kind, the most of a wheel notch's frame; done in two
// passes (each row of the result blends two rows of the picture, then each pixel two neighbours
// along that row), four pixels at a time with SSSE3, it takes two thirds of that (the benchmark
// stretchTheGround).
//
// Each pixel's value depends only on where it is, not on what else is stretched with it: a part
// stretched alone equals the same part of a stretch of all of it, whichever rows a thread takes.
#include "render/pixel_rect.hpp"

#include <cstdint>

namespace sandtable {

// Pixels of 32 bits (Cairo's RGB24 or premultiplied ARGB32), rows `stride` bytes apart.
struct PixelRows {
    unsigned char* data = nullptr;
    int width = 0, height = 0;
    int stride = 0;
    std::uint32_t* row(int y) const {
        return reinterpret_cast<std::uint32_t*>(data + static_cast<long long>(y) * stride);
    }
};

// Where a stretched pixel comes from: the centre of pixel (x, y) of the result shows the picture at
// (x + 0.5) * scale + left, (y + 0.5) * scale + top, in the picture's own pixels (its pixel i
// covering i to i + 1).
struct StretchPlacement {
    double scale = 1;
    double left = 0, top = 0;
};

// How the picture lies in memory: its pixel (0, 0) at (x, y), the rest wrapped round the edges (a
// view kept wrapped, render/view_bands' WrappedOrigin).
struct PictureOrigin {
    int x = 0, y = 0;
};

// The code a stretch runs, each giving the same pixels to the bit.
enum class StretchCode {
    Fastest, // the first of the others the processor has
    Ssse3,   // four pixels at a time (x86-64 processors since 2006)
    Portable // plain C++, a pixel at a time
};

// `part` of `into` (cut to it) shows `picture` stretched as `placement` says: each pixel the
// bilinear blend of the four picture pixels round where its centre falls (the picture's edge
// pixels repeated beyond it), weighed in 64ths; a pixel whose centre falls outside the picture is
// `background`.
// The code StretchCode::Fastest runs here (the tests compare every code this processor has).
StretchCode stretchCodeHere();

void stretchBilinear(const PixelRows& picture, PictureOrigin origin, StretchPlacement placement,
                     const PixelRows& into, PixelRect part, std::uint32_t background,
                     StretchCode code = StretchCode::Fastest);

} // namespace sandtable
