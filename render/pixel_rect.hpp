#pragma once

#include <algorithm>

namespace sandtable {

// A rectangle of an image's pixels: from x to before x + width, y to before y + height.
struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
    int right() const { return x + width; }
    int bottom() const { return y + height; }
    bool operator==(const PixelRect&) const = default;
};

// Where `a` and `b` meet: empty (no width, no height) when they do not.
inline PixelRect overlapOf(PixelRect a, PixelRect b) {
    const int x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
    const int x1 = std::min(a.right(), b.right()), y1 = std::min(a.bottom(), b.bottom());
    return x1 > x0 && y1 > y0 ? PixelRect{x0, y0, x1 - x0, y1 - y0} : PixelRect{};
}

} // namespace sandtable
