#pragma once
// A picture's size in pixels from the first bytes of its file (PNG, JPEG, GIF), without decoding
// it: how big a board is, read from a module or a scan before anything is allocated for its pixels.
#include <optional>
#include <string_view>

namespace sandtable {

struct PictureSize {
    int width = 0;
    int height = 0;
};

// The size the header states, or nothing when the bytes are none of these formats or are cut short
// before it.
std::optional<PictureSize> pictureSize(std::string_view bytes);

} // namespace sandtable
