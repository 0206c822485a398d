#pragma once
// A Cairo image surface as the bytes of a PNG file: counters, tiles and tilesets that go into an
// archive or beside a map rather than to a file of their own.
#include <expected>
#include <string>

typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

[[nodiscard]] std::expected<std::string, std::string> pngBytes(cairo_surface_t* surface);

} // namespace sandtable
