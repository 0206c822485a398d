#pragma once
// A picture's size in pixels from its header (PNG, JPEG, GIF, TIFF, BMP), without decoding it: how
// big a board is, read from a module or a scan before anything is allocated for its pixels.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

struct PictureSize {
    int width = 0;
    int height = 0;
};

// The size the header states, or nothing when the bytes are none of these formats or are cut short
// before it.
std::optional<PictureSize> pictureSize(std::string_view bytes);

// The size the header of the picture file `file` states (its first 64 KB read: a JPEG's size may
// follow its metadata; a TIFF's directory is read where it is), or nothing when it is not a regular
// file (a pipe or device would block or never end) or not one of these formats.
std::optional<PictureSize> pictureSizeOfFile(const std::filesystem::path& file);

// Why the picture file `file` is not taken as a scanned map, or nothing: not a regular file (a pipe
// or device would block or never end), not one of these formats (the decoder would be asked for
// memory no header bounds), or a header stating more than limits::maxScanPixels; checked before
// anything is decoded.
std::optional<std::string> scanRefusal(const std::filesystem::path& file);

} // namespace sandtable
