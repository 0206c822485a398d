// A tile layer's data as Tiled writes it: CSV, or base64 of little-endian 32-bit ids, raw or
// compressed with zlib, gzip or zstd. Decompression is bounded by the size the layer needs: a
// stream that would give more is refused after one byte too many, whatever it claims.
#include "formats/tiled/tiled_map.hpp"

#include "model/limits.hpp"

#include <zlib.h>
#include <zstd.h>

#include <array>
#include <charconv>
#include <memory>

namespace sandtable {
namespace {

std::expected<std::string, std::string> base64(std::string_view text) {
    static const std::array<int, 256> values = [] {
        std::array<int, 256> v{};
        v.fill(-1);
        constexpr std::string_view alphabet =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (std::size_t i = 0; i < alphabet.size(); ++i) {
            v[static_cast<unsigned char>(alphabet[i])] = static_cast<int>(i);
        }
        return v;
    }();
    std::string out;
    out.reserve(text.size() / 4 * 3);
    unsigned bits = 0;
    int count = 0;
    bool padded = false;
    for (const char c : text) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            continue;
        }
        if (c == '=') {
            padded = true;
            continue;
        }
        const int v = values[static_cast<unsigned char>(c)];
        if (v < 0 || padded) {
            return std::unexpected("the base64 text holds " + limits::quoted(std::string(1, c)) +
                                   ", which base64 does not use");
        }
        bits = (bits << 6) | static_cast<unsigned>(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(static_cast<char>((bits >> count) & 0xFFu));
        }
    }
    return out;
}

// zlib or gzip (zlib tells them apart by their header), at most `limit` bytes plus one.
std::expected<std::string, std::string> inflateBounded(std::string_view in, std::size_t limit,
                                                       std::string_view name) {
    z_stream z{};
    if (inflateInit2(&z, 15 + 32) != Z_OK) {
        return std::unexpected("zlib cannot start");
    }
    std::string out(limit + 1, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int status = inflate(&z, Z_FINISH);
    const std::size_t produced = out.size() - z.avail_out;
    inflateEnd(&z);
    if (status != Z_STREAM_END) {
        if (produced > limit || (status == Z_BUF_ERROR && z.avail_out == 0)) {
            return std::unexpected("the " + std::string(name) + " data unpacks to more than the layer's " +
                                   std::to_string(limit / 4) + " tiles");
        }
        return std::unexpected("the " + std::string(name) + " data is corrupt or cut short (" +
                               (z.msg != nullptr ? std::string(z.msg) : "it ends early") + ")");
    }
    out.resize(produced);
    return out;
}

std::expected<std::string, std::string> zstdBounded(std::string_view in, std::size_t limit) {
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> context(ZSTD_createDCtx(), ZSTD_freeDCtx);
    std::string out(limit + 1, '\0');
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    while (true) {
        const std::size_t left = ZSTD_decompressStream(context.get(), &output, &input);
        if (ZSTD_isError(left) != 0U) {
            return std::unexpected("the zstd data is corrupt (" + std::string(ZSTD_getErrorName(left)) + ")");
        }
        if (output.pos > limit) {
            return std::unexpected("the zstd data unpacks to more than the layer's " +
                                   std::to_string(limit / 4) + " tiles");
        }
        if (left == 0 && input.pos == input.size) {
            break;
        }
        if (input.pos == input.size && output.pos < output.size) {
            return std::unexpected("the zstd data is cut short");
        }
    }
    out.resize(output.pos);
    return out;
}

} // namespace

std::expected<std::vector<std::uint32_t>, std::string> decodeTiledData(std::string_view text,
                                                                       std::string_view encoding,
                                                                       std::string_view compression,
                                                                       std::size_t count) {
    std::vector<std::uint32_t> gids;
    if (encoding == "csv") {
        if (!compression.empty()) {
            return std::unexpected("CSV data cannot be compressed ('" + std::string(compression) + "')");
        }
        gids.reserve(count);
        std::size_t i = 0;
        while (i < text.size()) {
            while (i < text.size() &&
                   (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) {
                ++i;
            }
            if (i == text.size()) {
                break;
            }
            std::uint32_t v = 0;
            const auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), v);
            if (ec != std::errc{}) {
                return std::unexpected(
                    "the CSV data holds " +
                    limits::quoted(text.substr(i, std::min<std::size_t>(12, text.size() - i))) +
                    " where a tile id (a whole number from 0 to 4294967295) belongs");
            }
            if (gids.size() == count) {
                return std::unexpected("the CSV data has more than the layer's " + std::to_string(count) +
                                       " tiles");
            }
            gids.push_back(v);
            i = static_cast<std::size_t>(end - text.data());
            while (i < text.size() &&
                   (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) {
                ++i;
            }
            if (i < text.size()) {
                if (text[i] != ',') {
                    return std::unexpected("the CSV data holds " + limits::quoted(text.substr(i, 1)) +
                                           " where a comma belongs");
                }
                ++i;
            }
        }
        if (gids.size() != count) {
            return std::unexpected("the CSV data has " + std::to_string(gids.size()) +
                                   " tiles; the layer has " + std::to_string(count) + " cells");
        }
        return gids;
    }
    if (encoding != "base64") {
        return std::unexpected("unknown data encoding '" + std::string(encoding) +
                               "' (Tiled writes csv or base64)");
    }
    auto bytes = base64(text);
    if (!bytes) {
        return std::unexpected(bytes.error());
    }
    const std::size_t needed = count * 4;
    if (compression == "zlib" || compression == "gzip") {
        bytes = inflateBounded(*bytes, needed, compression);
    } else if (compression == "zstd") {
        bytes = zstdBounded(*bytes, needed);
    } else if (!compression.empty()) {
        return std::unexpected("unknown compression '" + std::string(compression) +
                               "' (Tiled writes zlib, gzip or zstd)");
    }
    if (!bytes) {
        return std::unexpected(bytes.error());
    }
    if (bytes->size() != needed) {
        return std::unexpected("the data holds " + std::to_string(bytes->size() / 4) + " tiles" +
                               (bytes->size() % 4 != 0 ? " and a broken one" : "") + "; the layer has " +
                               std::to_string(count) + " cells");
    }
    gids.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto* b = reinterpret_cast<const unsigned char*>(bytes->data() + i * 4);
        gids[i] = static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8 |
                  static_cast<std::uint32_t>(b[2]) << 16 | static_cast<std::uint32_t>(b[3]) << 24;
    }
    return gids;
}

} // namespace sandtable
