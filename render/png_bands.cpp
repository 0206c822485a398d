#include "png_bands.hpp"

#include "cairo_handles.hpp"
#include "model/file_names.hpp"

#include <zlib.h>
#ifdef SANDTABLE_HAVE_ISAL
#include <isa-l.h>
#ifdef __x86_64__
#include <immintrin.h>
#endif
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace sandtable {
namespace {

std::array<unsigned char, 4> bigEndian(std::uint32_t v) {
    return {static_cast<unsigned char>(v >> 24), static_cast<unsigned char>(v >> 16),
            static_cast<unsigned char>(v >> 8), static_cast<unsigned char>(v)};
}

// One chunk: length, type, data, and the CRC of type and data, written as they are (a band's data
// is not copied into a chunk first).
bool writeChunk(std::FILE* file, const char (&type)[5], const unsigned char* data, std::size_t size) {
    static constexpr unsigned char nothing = 0; // zlib's crc32 of a null pointer is its initial value
    data = size == 0 ? &nothing : data;
    uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type), 4);
    // zlib takes at most 4 GB a call; a chunk is far smaller (a band of a picture at most 100,000 wide).
    crc = crc32(crc, data, static_cast<uInt>(size));
    const auto length = bigEndian(static_cast<std::uint32_t>(size));
    const auto check = bigEndian(static_cast<std::uint32_t>(crc));
    return std::fwrite(length.data(), 1, 4, file) == 4 && std::fwrite(type, 1, 4, file) == 4 &&
           std::fwrite(data, 1, size, file) == size && std::fwrite(check.data(), 1, 4, file) == 4;
}

struct CompressedBand {
    std::vector<unsigned char> deflated; // raw deflate, ending on a byte boundary (or the stream's end)
    uLong adler = 1;                     // of the band's filtered rows
    std::size_t rawBytes = 0;
};

// A worker's buffers, kept from band to band: a band's raw rows and the room to deflate them are
// megabytes, and growing a vector zero-fills it (once a band, that was a twentieth of a large picture's
// time in memset and the kernel's page clearing).
struct Scratch {
    std::vector<unsigned char> raw;
    std::vector<unsigned char> out;
    std::vector<std::uint8_t> level;    // ISA-L's working memory
    std::vector<unsigned char> written; // a band the file has taken, whose room the next band reuses
    void room(std::size_t bytes) {
        if (out.size() < bytes) {
            out.resize(bytes);
        }
    }
};

// Raw deflate (the zlib header and checksum are the whole stream's, written once) of one band, into
// `scratch.out`; returns how many bytes, or nothing.
std::optional<std::size_t> deflateWithZlib(Scratch& scratch, bool last) {
    z_stream z{};
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        return std::nullopt;
    }
    const std::vector<unsigned char>& raw = scratch.raw;
    scratch.room(deflateBound(&z, static_cast<uLong>(raw.size())) + 16);
    z.next_in = const_cast<Bytef*>(raw.data()); // zlib's API is not const; it does not write there
    z.avail_in = static_cast<uInt>(raw.size());
    z.next_out = scratch.out.data();
    z.avail_out = static_cast<uInt>(scratch.out.size());
    const int result = deflate(&z, last ? Z_FINISH : Z_SYNC_FLUSH);
    const bool ok = last ? result == Z_STREAM_END : result == Z_OK && z.avail_in == 0 && z.avail_out > 0;
    const std::size_t size = scratch.out.size() - z.avail_out;
    deflateEnd(&z);
    return ok ? std::optional(size) : std::nullopt;
}

#ifdef SANDTABLE_HAVE_ISAL
#ifdef __x86_64__
__attribute__((target("avx"))) void zeroUpperHalves() {
    _mm256_zeroupper();
}
#endif

// ISA-L's vectorised deflate (AVX2, AVX-512) returns with the vector registers' upper halves in use,
// and every SSE instruction after it on that thread pays for them until something clears them: the
// next band's drawing, plain SSE code, took a quarter more time (the 300 x 300 battle's PNG
// 2.8 s of CPU, 2.2 s with them cleared). Cleared after ISA-L, where the processor has AVX.
void afterIsaL() {
#ifdef __x86_64__
    static const bool avx = __builtin_cpu_supports("avx");
    if (avx) {
        zeroUpperHalves();
    }
#endif
}
#endif

std::optional<std::size_t> deflateWithIsaL([[maybe_unused]] Scratch& scratch, [[maybe_unused]] bool last) {
#ifdef SANDTABLE_HAVE_ISAL
    // Zeroed first: isal_deflate_init leaves fields it does not know of as they were (the window's
    // size, hist_bits, among them), and a band's bytes then depended on what the stack held before
    // (the same pixels deflated two ways from run to run).
    isal_zstream s{};
    isal_deflate_init(&s);
    s.hist_bits = 0; // the whole 32 KB window
    // Cleared for every band (300 KB): ISA-L keeps its hash table and token buffer there, and a band
    // deflated after another's leftovers was once two bytes longer than the same band deflated
    // after a third's (the same pixels, another encoding): a picture is the same bytes every time.
    scratch.level.assign(ISAL_DEF_LVL1_DEFAULT, 0);
    s.level = 1;
    s.level_buf = scratch.level.data();
    s.level_buf_size = static_cast<std::uint32_t>(scratch.level.size());
    s.gzip_flag = IGZIP_DEFLATE;
    s.end_of_stream = last ? 1 : 0;
    s.flush = last ? NO_FLUSH : SYNC_FLUSH;
    // Stored blocks at worst: 5 bytes of header for each 64 KB, and the flush's block.
    const std::vector<unsigned char>& raw = scratch.raw;
    scratch.room(raw.size() + raw.size() / 8192 + 1024);
    s.next_in = const_cast<std::uint8_t*>(raw.data()); // ISA-L's API is not const; it does not write there
    s.avail_in = static_cast<std::uint32_t>(raw.size());
    s.next_out = scratch.out.data();
    s.avail_out = static_cast<std::uint32_t>(scratch.out.size());
    const int result = isal_deflate(&s);
    afterIsaL();
    const bool ok = result == COMP_OK && s.avail_in == 0 && s.avail_out > 0 &&
                    (!last || s.internal_state.state == ZSTATE_END);
    return ok ? std::optional(scratch.out.size() - s.avail_out) : std::nullopt;
#else
    return std::nullopt;
#endif
}

// The zlib stream's Adler-32 of the band's bytes: ISA-L's vectorised sum where it deflates (zlib's
// took a fifth of the compression's time), zlib's otherwise; the same number either way.
uLong checksumOf(const std::vector<unsigned char>& raw, [[maybe_unused]] Deflater deflater) {
#ifdef SANDTABLE_HAVE_ISAL
    if (deflater == Deflater::IsaL) {
        return isal_adler32(1, raw.data(), raw.size());
    }
#endif
    return adler32(1, raw.data(), static_cast<uInt>(raw.size()));
}

// A row of Cairo's RGB24 pixels (32-bit native-endian xRGB) as PNG's R G B bytes. Four pixels at
// a time in two stores on a little-endian machine: a byte a store was a fifteenth of the 300 x 300
// battle's PNG.
void packRgb(const std::uint32_t* __restrict src, unsigned char* __restrict out, int width) {
    int x = 0;
    if constexpr (std::endian::native == std::endian::little) {
        for (; x + 4 <= width; x += 4) {
            // Each pixel's bytes reversed and shifted down: R G B in memory order, in 24 bits.
            std::array<std::uint64_t, 4> rgb{};
            for (std::size_t k = 0; k < 4; ++k) {
                rgb[k] = __builtin_bswap32(src[x + static_cast<int>(k)]) >> 8;
            }
            const std::uint64_t first = rgb[0] | rgb[1] << 24 | rgb[2] << 48;
            const auto rest = static_cast<std::uint32_t>(rgb[2] >> 16 | rgb[3] << 8);
            std::memcpy(out, &first, 8);
            std::memcpy(out + 8, &rest, 4);
            out += 12;
        }
    }
    for (; x < width; ++x) {
        const std::uint32_t px = src[x];
        out[0] = static_cast<unsigned char>(px >> 16);
        out[1] = static_cast<unsigned char>(px >> 8);
        out[2] = static_cast<unsigned char>(px);
        out += 3;
    }
}

// The band's rows as PNG wants them, deflated: a filter byte, 0 (none: maps are large areas of flat
// colour, and the Sub filter with or without run-length matching measured slower and larger), then
// R G B per pixel.
std::optional<CompressedBand> compress(cairo_surface_t* surface, int rows, bool last, Deflater deflater,
                                       Scratch& scratch) {
    cairo_surface_flush(surface);
    const int width = cairo_image_surface_get_width(surface),
              stride = cairo_image_surface_get_stride(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 3 + 1;
    std::vector<unsigned char>& raw = scratch.raw;
    raw.resize(rowBytes * static_cast<std::size_t>(rows));
    for (int y = 0; y < rows; ++y) {
        unsigned char* out = raw.data() + rowBytes * static_cast<std::size_t>(y);
        *out = 0;
        packRgb(reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride),
                out + 1, width);
    }
    CompressedBand band;
    band.deflated = std::move(scratch.written); // assign() below keeps its room: no fresh pages
    band.rawBytes = raw.size();
    band.adler = checksumOf(raw, deflater);
    // A band ends on a byte boundary without ending the stream (a sync flush); the next band,
    // deflated on its own, refers to nothing before it, so it follows in the same stream.
    const std::optional<std::size_t> deflated =
        deflater == Deflater::IsaL ? deflateWithIsaL(scratch, last) : deflateWithZlib(scratch, last);
    if (!deflated) {
        return std::nullopt;
    }
    band.deflated.assign(scratch.out.begin(), scratch.out.begin() + static_cast<std::ptrdiff_t>(*deflated));
    return band;
}

} // namespace

bool haveIsaL() {
#ifdef SANDTABLE_HAVE_ISAL
    return true;
#else
    return false;
#endif
}

Deflater fastestDeflater() {
    return haveIsaL() ? Deflater::IsaL : Deflater::Zlib;
}

std::expected<void, std::string> writePngInBands(const std::filesystem::path& out, int width, int height,
                                                 const BandPainter& paint, PngBandOptions options) {
    const auto fail = [&](const std::string& what) {
        return std::unexpected(out.string() + ": cannot write the PNG (" + what + ")");
    };
    if (width <= 0 || height <= 0 || options.bandRows <= 0) {
        return fail("no pixels");
    }
    std::unique_ptr<FILE, int (*)(FILE*)> file(openCFile(out, "wb"), std::fclose);
    if (!file) {
        return fail("the file cannot be created");
    }
    static constexpr std::array<unsigned char, 8> signature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    std::array<unsigned char, 13> header{};
    std::ranges::copy(bigEndian(static_cast<std::uint32_t>(width)), header.begin());
    std::ranges::copy(bigEndian(static_cast<std::uint32_t>(height)), header.begin() + 4);
    // 8 bits, RGB, deflate, adaptive filters, no interlace
    std::ranges::copy(std::array<unsigned char, 5>{8, 2, 0, 0, 0}, header.begin() + 8);
    // The zlib stream's header: deflate with a 32 KB window, the fastest level.
    static constexpr std::array<unsigned char, 2> zlibHeader{0x78, 0x01};
    const bool ok = std::fwrite(signature.data(), 1, signature.size(), file.get()) == signature.size() &&
                    writeChunk(file.get(), "IHDR", header.data(), header.size()) &&
                    writeChunk(file.get(), "IDAT", zlibHeader.data(), zlibHeader.size());

    const int bands = (height + options.bandRows - 1) / options.bandRows;
    const int workers = std::clamp(
        options.workers > 0 ? options.workers : static_cast<int>(std::thread::hardware_concurrency()), 1,
        std::min(bands, 16));
    const int window = 2 * workers; // bands drawn but not yet written, at most
    std::mutex mutex;
    std::condition_variable changed;
    std::map<int, CompressedBand> finished;
    std::vector<std::vector<unsigned char>> spare; // written bands' buffers, for the next bands
    int nextBand = 0, written = 0;
    bool failed = !ok;
    std::string failure = ok ? "" : "the file cannot be written";

    const auto work = [&] {
        cairo_surface_t* surface =
            cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, std::min(options.bandRows, height));
        Scratch scratch;
        while (true) {
            int band = 0;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock,
                             [&] { return failed || nextBand >= bands || nextBand < written + window; });
                if (failed || nextBand >= bands) {
                    break;
                }
                band = nextBand++;
                if (!spare.empty()) {
                    scratch.written = std::move(spare.back());
                    spare.pop_back();
                }
            }
            const int top = band * options.bandRows, rows = std::min(options.bandRows, height - top);
            std::optional<CompressedBand> result;
            bool drawn = false;
            try {
                // A band shorter than the surface (the last) on a surface of its own rows over the
                // same pixels: drawn through a clip shorter than its surface, the stamps and the
                // natural ground's pixels would give way to Cairo's paths, some levels apart from
                // what the picture drawn whole shows there.
                const SurfacePtr shorter =
                    owned(rows == cairo_image_surface_get_height(surface)
                              ? cairo_surface_reference(surface)
                              : cairo_image_surface_create_for_data(cairo_image_surface_get_data(surface),
                                                                    CAIRO_FORMAT_RGB24, width, rows,
                                                                    cairo_image_surface_get_stride(surface)));
                drawn = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS &&
                        cairo_surface_status(shorter.get()) == CAIRO_STATUS_SUCCESS &&
                        paint(shorter.get(), top, rows);
                if (drawn) {
                    result = compress(shorter.get(), rows, band == bands - 1, options.deflater, scratch);
                }
            } catch (const std::exception&) { // out of memory: the picture fails, the program goes on
                result.reset();
            }
            std::lock_guard lock(mutex);
            if (!result) {
                failed = true;
                failure = drawn ? "compression failed" : "the map could not be drawn";
            } else {
                finished.emplace(band, std::move(*result));
            }
            changed.notify_all();
        }
        cairo_surface_destroy(surface);
    };
    std::vector<std::jthread> threads;
    for (int i = 0; i < workers; ++i) {
        threads.emplace_back(work);
    }
    uLong adler = 1;
    while (true) {
        CompressedBand band;
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return failed || written == bands || finished.contains(written); });
            if (failed || written == bands) {
                break;
            }
            band = std::move(finished.extract(written).mapped());
        }
        adler = adler32_combine(adler, band.adler, static_cast<z_off_t>(band.rawBytes));
        const bool bandWritten = band.deflated.empty() ||
                                 writeChunk(file.get(), "IDAT", band.deflated.data(), band.deflated.size());
        std::lock_guard lock(mutex);
        spare.push_back(std::move(band.deflated));
        if (!bandWritten) {
            failed = true;
            failure = "the file cannot be written: is the disk full?";
        }
        ++written;
        changed.notify_all();
    }
    threads.clear(); // joined
    if (failed) {
        return fail(failure);
    }
    const auto checksum = bigEndian(static_cast<std::uint32_t>(adler));
    if (!writeChunk(file.get(), "IDAT", checksum.data(), checksum.size()) ||
        !writeChunk(file.get(), "IEND", nullptr, 0) || std::fflush(file.get()) != 0) {
        return fail("the file cannot be written: is the disk full?");
    }
    return {};
}

} // namespace sandtable
