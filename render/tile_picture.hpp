#pragma once
// A picture made of pieces of other pictures: each stamp a rectangle of a PNG drawn at a place,
// flipped as a Tiled tile may be. File > Import and `sandtable import --tiles-background` draw a
// Tiled map's tile layers so, as Tiled draws them, to put under the new battle's grid.
#include <expected>
#include <string>
#include <vector>

namespace sandtable {

struct TileStamp {
    std::string picture;                       // a PNG file (UTF-8 path)
    int sx = 0, sy = 0, width = 0, height = 0; // the rectangle of it
    double x = 0, y = 0;                       // its top-left corner in the picture made
    bool flipH = false, flipV = false, flipD = false;
};

struct TilePicturePlan {
    int width = 0, height = 0;
    std::vector<TileStamp> stamps; // drawn in order, the last on top
};

// The picture as PNG bytes, or what is wrong (a picture that is no PNG Cairo reads, a size past
// model/limits.hpp's).
[[nodiscard]] std::expected<std::string, std::string> drawTilePicture(const TilePicturePlan& plan);

} // namespace sandtable
