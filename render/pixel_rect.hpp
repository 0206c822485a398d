#pragma once

namespace sandtable {

// A rectangle of an image's pixels: from x to before x + width, y to before y + height.
struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
    int right() const { return x + width; }
    int bottom() const { return y + height; }
    bool operator==(const PixelRect&) const = default;
};

} // namespace sandtable
