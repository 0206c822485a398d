#pragma once
// A picture too large to hold, drawn and compressed in bands of rows on every core, written as one
// standard PNG (8-bit RGB). Each band is drawn by a worker into a Cairo surface of its own,
// deflated on its own at the fastest level, ending on a byte boundary, so the bands join into the
// one zlib stream PNG asks for (zlib's adler32_combine joins their checksums), and written in order
// by the calling thread. The deflate is Intel's ISA-L where the build has it (libisal-dev on
// Debian: five times zlib's speed at the same size, measured on our maps), else zlib's.
// (Cairo's own writer, at the default level with adaptive filters on one thread, takes several
// times as long on a big map.) At most two bands a
// worker are held at once: memory follows the band, not the picture (a 14,566-pixel-wide picture in bands of
// 128 rows: about 20 MB a band).
#include <cairo.h>

#include <expected>
#include <filesystem>
#include <functional>
#include <string>

namespace sandtable {

// Draws the band whose first row is `top` (of `rows`) into `surface`: an RGB24 image as wide as the
// picture, `rows` or more rows tall, the map moved up by `top` rows. Called on worker threads, one
// band at a time each: it must share nothing mutable. False stops the picture.
using BandPainter = std::function<bool(cairo_surface_t* surface, int top, int rows)>;

enum class Deflater { IsaL, Zlib };
// The deflater a build prefers: ISA-L when it has it.
Deflater fastestDeflater();
bool haveIsaL();

struct PngBandOptions {
    int bandRows = 128;
    int workers = 0; // 0: one for each core
    Deflater deflater = fastestDeflater();
};

// Writes the width x height picture to `out` (exports write a temporary file and rename it into
// place: exports/export_kinds.hpp). The error names `out` and says what failed.
std::expected<void, std::string> writePngInBands(const std::filesystem::path& out, int width, int height,
                                                 const BandPainter& paint, PngBandOptions options = {});

} // namespace sandtable
