#include "render/tile_picture.hpp"

#include "model/file_names.hpp"
#include "model/limits.hpp"
#include "render/png_bytes.hpp"

#include <cairo.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>

namespace sandtable {
namespace {

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

cairo_status_t readFile(void* closure, unsigned char* data, unsigned int length) {
    return std::fread(data, 1, length, static_cast<std::FILE*>(closure)) == length ? CAIRO_STATUS_SUCCESS
                                                                                   : CAIRO_STATUS_READ_ERROR;
}

} // namespace

std::expected<std::string, std::string> drawTilePicture(const TilePicturePlan& plan) {
    if (plan.width <= 0 || plan.height <= 0 || plan.width > limits::maxPictureSide ||
        plan.height > limits::maxPictureSide ||
        static_cast<long long>(plan.width) * plan.height > limits::maxPicturePixels) {
        return std::unexpected("the tiles' picture would be " + std::to_string(plan.width) + " x " +
                               std::to_string(plan.height) + " pixels; a picture is at most " +
                               std::to_string(limits::maxPictureSide) + " pixels a side");
    }
    Surface target(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, plan.width, plan.height),
                   cairo_surface_destroy);
    if (cairo_surface_status(target.get()) != CAIRO_STATUS_SUCCESS) {
        return std::unexpected(std::string("the tiles' picture cannot be made: ") +
                               cairo_status_to_string(cairo_surface_status(target.get())));
    }
    std::map<std::string, Surface> pictures;
    cairo_t* cr = cairo_create(target.get());
    std::string problem;
    for (const TileStamp& stamp : plan.stamps) {
        auto it = pictures.find(stamp.picture);
        if (it == pictures.end()) {
            // A regular file only: a pipe or device named by a tileset would block or never end.
            std::error_code ec;
            std::FILE* file = std::filesystem::is_regular_file(pathFromUtf8(stamp.picture), ec)
                                  ? openCFile(pathFromUtf8(stamp.picture), "rb")
                                  : nullptr;
            Surface picture(file != nullptr ? cairo_image_surface_create_from_png_stream(readFile, file)
                                            : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 0, 0),
                            cairo_surface_destroy);
            if (file != nullptr) {
                std::fclose(file);
            }
            if (file == nullptr || cairo_surface_status(picture.get()) != CAIRO_STATUS_SUCCESS) {
                problem = stamp.picture + ": not a PNG picture that can be read";
                break;
            }
            it = pictures.emplace(stamp.picture, std::move(picture)).first;
        }
        cairo_save(cr);
        cairo_translate(cr, stamp.x, stamp.y);
        // Tiled's flips: the diagonal first (a transposition), then horizontal and vertical.
        const double w = stamp.width, h = stamp.height;
        cairo_matrix_t m;
        cairo_matrix_init_identity(&m);
        if (stamp.flipH) {
            cairo_matrix_t f{-1, 0, 0, 1, w, 0};
            cairo_matrix_multiply(&m, &m, &f);
        }
        if (stamp.flipV) {
            cairo_matrix_t f{1, 0, 0, -1, 0, h};
            cairo_matrix_multiply(&m, &m, &f);
        }
        if (stamp.flipD) {
            cairo_matrix_t f{0, 1, 1, 0, 0, 0};
            cairo_matrix_multiply(&m, &f, &m);
        }
        cairo_transform(cr, &m);
        cairo_rectangle(cr, 0, 0, w, h);
        cairo_clip(cr);
        cairo_set_source_surface(cr, it->second.get(), -stamp.sx, -stamp.sy);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
        cairo_paint(cr);
        cairo_restore(cr);
    }
    cairo_destroy(cr);
    if (!problem.empty()) {
        return std::unexpected(problem);
    }
    auto png = pngBytes(target.get());
    if (!png) {
        return std::unexpected("cannot encode the tile picture: " + png.error());
    }
    return png;
}

} // namespace sandtable
