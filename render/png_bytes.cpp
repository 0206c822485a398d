#include "render/png_bytes.hpp"

#include <cairo.h>

namespace sandtable {
namespace {

cairo_status_t appendPngBytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

} // namespace

std::expected<std::string, std::string> pngBytes(cairo_surface_t* surface) {
    std::string out;
    const cairo_status_t status = cairo_surface_write_to_png_stream(surface, appendPngBytes, &out);
    if (status != CAIRO_STATUS_SUCCESS) {
        return std::unexpected(std::string(cairo_status_to_string(status)));
    }
    return out;
}

} // namespace sandtable
