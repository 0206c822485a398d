#include "formats/picture_size.hpp"

#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <functional>
#include <limits>

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
std::uint32_t littleEndian32(std::string_view b, std::size_t at) {
    return littleEndian16(b, at) | littleEndian16(b, at + 2) << 16;
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

// A BMP's size is in its info header: 16-bit for OS/2's 12-byte header, else signed 32-bit (a
// negative height is a picture stored top row first).
std::optional<PictureSize> bmpSize(std::string_view b) {
    if (b.size() < 26) {
        return std::nullopt;
    }
    if (littleEndian32(b, 14) == 12) {
        return sized(littleEndian16(b, 18), littleEndian16(b, 20));
    }
    const auto height = static_cast<std::int32_t>(littleEndian32(b, 22));
    const std::int64_t rows = height < 0 ? -static_cast<std::int64_t>(height) : height;
    return rows > 0x7fffffff ? std::nullopt : sized(littleEndian32(b, 18), static_cast<std::uint32_t>(rows));
}

// A TIFF's size is in its first image file directory (the full picture; reduced ones follow), which
// may be anywhere in the file: `at(offset, length)` gives the bytes there, fewer when the file ends.
std::optional<PictureSize> tiffSize(std::string_view head,
                                    const std::function<std::string(std::uint64_t, std::size_t)>& at) {
    const bool little = head.substr(0, 2) == "II";
    auto u16 = [&](std::string_view b, std::size_t i) {
        return little ? littleEndian16(b, i) : bigEndian16(b, i);
    };
    auto u32 = [&](std::string_view b, std::size_t i) {
        return little ? littleEndian32(b, i) : bigEndian32(b, i);
    };
    auto u64 = [&](std::string_view b, std::size_t i) {
        const std::uint64_t a = u32(b, i), c = u32(b, i + 4);
        return little ? c << 32 | a : a << 32 | c;
    };
    const bool big = u16(head, 2) == 43; // BigTIFF: 64-bit offsets and counts
    if (head.size() < (big ? 16u : 8u) || (!big && u16(head, 2) != 42) || (big && u16(head, 4) != 8)) {
        return std::nullopt;
    }
    const std::uint64_t directory = big ? u64(head, 8) : u32(head, 4);
    const std::size_t countBytes = big ? 8 : 2, entryBytes = big ? 20 : 12;
    const std::string counted = at(directory, countBytes);
    if (counted.size() < countBytes) {
        return std::nullopt;
    }
    // Width and height are among the first tags (they are sorted by number): 64 entries are plenty.
    const std::uint64_t entries = std::min<std::uint64_t>(big ? u64(counted, 0) : u16(counted, 0), 64);
    const std::string table = at(directory + countBytes, static_cast<std::size_t>(entries * entryBytes));
    std::uint32_t width = 0, height = 0;
    for (std::size_t e = 0; (e + 1) * entryBytes <= table.size(); ++e) {
        const std::size_t i = e * entryBytes;
        const std::uint32_t tag = u16(table, i), type = u16(table, i + 2);
        const std::size_t value = i + (big ? 12 : 8);
        std::uint64_t v = 0;
        if (type == 3) { // SHORT, in the value field's first bytes
            v = u16(table, value);
        } else if (type == 4) { // LONG
            v = u32(table, value);
        } else if (type == 16 && big) { // LONG8
            v = u64(table, value);
        } else {
            continue;
        }
        const std::uint32_t clamped = v > 0x7fffffffu ? 0x7fffffffu + 1u : static_cast<std::uint32_t>(v);
        if (tag == 256) {
            width = clamped;
        } else if (tag == 257) {
            height = clamped;
        }
    }
    return sized(width, height);
}

bool isTiff(std::string_view b) {
    return b.size() >= 4 &&
           (b.substr(0, 4) == std::string_view("II*\0", 4) ||
            b.substr(0, 4) == std::string_view("MM\0*", 4) ||
            b.substr(0, 4) == std::string_view("II+\0", 4) || b.substr(0, 4) == std::string_view("MM\0+", 4));
}

// The size of the formats whose header is at the start of the file.
std::optional<PictureSize> headerSize(std::string_view b) {
    if (b.size() >= 24 && b.substr(0, 8) == "\x89PNG\r\n\x1a\n" && b.substr(12, 4) == "IHDR") {
        return sized(bigEndian32(b, 16), bigEndian32(b, 20));
    }
    if (b.size() >= 10 && (b.substr(0, 6) == "GIF87a" || b.substr(0, 6) == "GIF89a")) {
        return sized(littleEndian16(b, 6), littleEndian16(b, 8));
    }
    if (b.size() >= 4 && byte(b, 0) == 0xFF && byte(b, 1) == 0xD8) {
        return jpegSize(b);
    }
    if (b.size() >= 2 && b.substr(0, 2) == "BM") {
        return bmpSize(b);
    }
    return std::nullopt;
}

} // namespace

std::optional<PictureSize> pictureSize(std::string_view b) {
    if (isTiff(b)) {
        return tiffSize(b, [&](std::uint64_t offset, std::size_t length) {
            return offset >= b.size() ? std::string() : std::string(b.substr(offset, length));
        });
    }
    return headerSize(b);
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
    if (!isTiff(head)) {
        return headerSize(head);
    }
    // A TIFF's directory is often written after its pixels, at the end of the file.
    return tiffSize(head, [&](std::uint64_t offset, std::size_t length) {
        std::string bytes(length, '\0');
        in.clear();
        if (offset > static_cast<std::uint64_t>(std::numeric_limits<std::streamoff>::max()) ||
            !in.seekg(static_cast<std::streamoff>(offset))) {
            return std::string();
        }
        in.read(bytes.data(), static_cast<std::streamsize>(length));
        bytes.resize(static_cast<std::size_t>(in.gcount()));
        return bytes;
    });
}

std::optional<std::string> scanRefusal(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return utf8(file) + ": not a picture file (not there, or a folder, pipe or device)";
    }
    const auto size = pictureSizeOfFile(file);
    if (!size) {
        // Its size unknown, a picture could ask the decoder for any amount of memory.
        return utf8(file) + ": not a PNG, JPEG, GIF, TIFF or BMP picture (or its header is damaged)";
    }
    if (static_cast<long long>(size->width) * size->height > limits::maxScanPixels) {
        return utf8(file) + ": " + limits::formatNumber(static_cast<long long>(size->width)) + " x " +
               limits::formatNumber(static_cast<long long>(size->height)) +
               " pixels; a scanned map may have " + limits::formatNumber(limits::maxScanPixels) +
               " at most (scan it at a lower resolution)";
    }
    return std::nullopt;
}

} // namespace sandtable
