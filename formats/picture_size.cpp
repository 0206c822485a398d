#include "formats/picture_size.hpp"

#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <cstdint>
#include <fstream>

namespace sandtable {
namespace {

std::uint32_t byte(std::string_view b, std::size_t at) {
    return static_cast<unsigned char>(b[at]);
}
std::uint32_t bigEndian16(std::string_view b, std::size_t at) {
    return byte(b, at) << 8 | byte(b, at + 1);
}
std::uint32_t bigEndian32(std::string_view b, std::size_t at) {
    return bigEndian16(b, at) << 16 | bigEndian16(b, at + 2);
}
std::uint32_t littleEndian16(std::string_view b, std::size_t at) {
    return byte(b, at) | byte(b, at + 1) << 8;
}

std::optional<PictureSize> sized(std::uint32_t w, std::uint32_t h) {
    constexpr std::uint32_t most = 0x7fffffff;
    if (w == 0 || h == 0 || w > most || h > most) {
        return std::nullopt;
    }
    return PictureSize{static_cast<int>(w), static_cast<int>(h)};
}

// A JPEG's size is in its first start-of-frame segment, after any number of others.
std::optional<PictureSize> jpegSize(std::string_view b) {
    std::size_t at = 2;
    while (at + 4 <= b.size()) {
        if (byte(b, at) != 0xFF) {
            return std::nullopt;
        }
        const std::uint32_t marker = byte(b, at + 1);
        if (marker == 0xFF) { // fill byte
            ++at;
            continue;
        }
        if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
            at += 2; // a marker without a length
            continue;
        }
        const std::uint32_t length = bigEndian16(b, at + 2);
        const bool startOfFrame =
            marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (startOfFrame) {
            if (at + 9 > b.size()) {
                return std::nullopt;
            }
            return sized(bigEndian16(b, at + 7), bigEndian16(b, at + 5));
        }
        if (length < 2) {
            return std::nullopt;
        }
        at += 2 + length;
    }
    return std::nullopt;
}

} // namespace

std::optional<PictureSize> pictureSize(std::string_view b) {
    if (b.size() >= 24 && b.substr(0, 8) == "\x89PNG\r\n\x1a\n" && b.substr(12, 4) == "IHDR") {
        return sized(bigEndian32(b, 16), bigEndian32(b, 20));
    }
    if (b.size() >= 10 && (b.substr(0, 6) == "GIF87a" || b.substr(0, 6) == "GIF89a")) {
        return sized(littleEndian16(b, 6), littleEndian16(b, 8));
    }
    if (b.size() >= 4 && byte(b, 0) == 0xFF && byte(b, 1) == 0xD8) {
        return jpegSize(b);
    }
    return std::nullopt;
}

std::optional<PictureSize> pictureSizeOfFile(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return std::nullopt;
    }
    std::ifstream in(file, std::ios::binary);
    std::string head(64 * 1024, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return pictureSize(head);
}

std::optional<std::string> scanRefusal(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return utf8(file) + ": not a picture file (not there, or a folder, pipe or device)";
    }
    if (const auto size = pictureSizeOfFile(file);
        size && static_cast<long long>(size->width) * size->height > limits::maxScanPixels) {
        return utf8(file) + ": " + limits::formatNumber(static_cast<long long>(size->width)) + " x " +
               limits::formatNumber(static_cast<long long>(size->height)) +
               " pixels; a scanned map may have " + limits::formatNumber(limits::maxScanPixels) +
               " at most (scan it at a lower resolution)";
    }
    return std::nullopt;
}

} // namespace sandtable
