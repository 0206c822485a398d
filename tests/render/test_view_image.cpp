// The images the canvas keeps its ground in: Cairo's image (size, format, stride, every pixel zero,
// drawn on as any) over memory with room to spare, which holds the view at another size without new
// memory, its bytes as they lie, and stays while either image does; on Linux the image's own pages
// brought in on a thread beside without a byte written, and given back when the last image goes
// (even while its pages are still coming in); no image where Cairo would refuse one.
#include "render/view_image.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <cerrno>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace sandtable {
namespace {

bool everyByteZero(cairo_surface_t* image) {
    cairo_surface_flush(image);
    const unsigned char* data = cairo_image_surface_get_data(image);
    const std::size_t bytes = static_cast<std::size_t>(cairo_image_surface_get_stride(image)) *
                              static_cast<std::size_t>(cairo_image_surface_get_height(image));
    return std::all_of(data, data + bytes, [](unsigned char b) { return b == 0; });
}

std::uint32_t rgbBitsAt(cairo_surface_t* image, int x, int y) {
    cairo_surface_flush(image);
    return reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(image) +
                                                  static_cast<std::ptrdiff_t>(y) *
                                                      cairo_image_surface_get_stride(image))[x] &
           0xffffffU;
}

void fillRed(cairo_surface_t* image, double x, double y, double side) {
    cairo_t* cr = cairo_create(image);
    cairo_set_source_rgb(cr, 1, 0, 0);
    cairo_rectangle(cr, x, y, side, side);
    cairo_fill(cr);
    cairo_destroy(cr);
}

TEST(ViewImage, TheImageIsCairosEveryPixelZeroAndDrawnOnAsAny) {
    for (const PagesIn pages : {PagesIn::WhenWritten, PagesIn::Beside}) {
        cairo_surface_t* image = createViewImage(CAIRO_FORMAT_RGB24, 1920, 1080, 2400, 1350, pages);
        ASSERT_NE(image, nullptr);
        ASSERT_EQ(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
        EXPECT_EQ(cairo_image_surface_get_width(image), 1920);
        EXPECT_EQ(cairo_image_surface_get_height(image), 1080);
        EXPECT_EQ(cairo_image_surface_get_format(image), CAIRO_FORMAT_RGB24);
        EXPECT_EQ(cairo_image_surface_get_stride(image),
                  cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, 1920));
        EXPECT_TRUE(everyByteZero(image)) << "as cairo_image_surface_create's";
        fillRed(image, 100, 200, 50);
        EXPECT_EQ(rgbBitsAt(image, 120, 220), 0xff0000U);
        EXPECT_EQ(rgbBitsAt(image, 99, 220), 0U);
        EXPECT_EQ(rgbBitsAt(image, 1919, 1079), 0U);
        cairo_surface_destroy(image);
    }
}

TEST(ViewImage, TheSameRoomHoldsTheViewAtAnotherSizeItsBytesAsTheyLie) {
    cairo_surface_t* image = createViewImage(CAIRO_FORMAT_ARGB32, 400, 300, 500, 375);
    ASSERT_NE(image, nullptr);
    fillRed(image, 0, 0, 10); // the first ten rows' first ten pixels
    cairo_surface_flush(image);
    for (const auto& [width, height] : std::vector<std::pair<int, int>>{{500, 375}, {300, 200}, {480, 310}}) {
        cairo_surface_t* other = imageInTheSameRoom(image, width, height);
        ASSERT_NE(other, nullptr) << width << " x " << height;
        EXPECT_EQ(cairo_image_surface_get_width(other), width);
        EXPECT_EQ(cairo_image_surface_get_height(other), height);
        EXPECT_EQ(cairo_image_surface_get_format(other), CAIRO_FORMAT_ARGB32);
        EXPECT_EQ(cairo_image_surface_get_stride(other),
                  cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width));
        EXPECT_EQ(cairo_image_surface_get_data(other), cairo_image_surface_get_data(image))
            << "no new memory";
        // Row 1 of the image begins 400 pixels in: in rows of `width`, where that lands.
        EXPECT_EQ(rgbBitsAt(other, 400 % width, 400 / width), 0xff0000U) << "the bytes as they lie";
        cairo_surface_destroy(other);
    }
    EXPECT_EQ(imageInTheSameRoom(image, 501, 376), nullptr) << "beyond the room";
    EXPECT_EQ(imageInTheSameRoom(image, 1000, 300), nullptr);
    cairo_surface_t* cairos = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 300);
    EXPECT_EQ(imageInTheSameRoom(cairos, 100, 100), nullptr) << "Cairo's own image has no room of ours";
    EXPECT_EQ(imageInTheSameRoom(nullptr, 100, 100), nullptr);
    cairo_surface_destroy(cairos);
    // The memory stays with the second image when the first goes: drawn on (an address checker
    // would catch a write to memory given back).
    cairo_surface_t* second = imageInTheSameRoom(image, 200, 100);
    ASSERT_NE(second, nullptr);
    cairo_surface_destroy(image);
    fillRed(second, 150, 50, 20);
    EXPECT_EQ(rgbBitsAt(second, 160, 60), 0xff0000U);
    cairo_surface_destroy(second);
}

// Rows as long as the room is wide: an image of another size over the same memory finds every pixel
// of the part the two cover where it was; an image in place of another asks for rows laid out alike.
TEST(ViewImage, RowsOfTheRoomsWidthKeepEveryPixelWhereItWasAtAnotherSize) {
    cairo_surface_t* image =
        createViewImage(CAIRO_FORMAT_RGB24, 400, 300, 500, 375, PagesIn::WhenWritten, Rows::RoomsWidth);
    ASSERT_NE(image, nullptr);
    EXPECT_EQ(rowsOfViewImage(image), Rows::RoomsWidth);
    EXPECT_EQ(cairo_image_surface_get_stride(image), cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, 500));
    EXPECT_TRUE(everyByteZero(image));
    fillRed(image, 390, 290, 10); // the bottom right corner
    fillRed(image, 0, 0, 1);
    for (const auto& [width, height] : std::vector<std::pair<int, int>>{{500, 375}, {420, 310}, {395, 295}}) {
        const std::string what = std::to_string(width) + " x " + std::to_string(height);
        cairo_surface_t* other = imageInTheSameRoom(image, width, height);
        ASSERT_NE(other, nullptr) << what;
        EXPECT_EQ(cairo_image_surface_get_width(other), width) << what;
        EXPECT_EQ(cairo_image_surface_get_stride(other),
                  cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, 500))
            << what;
        EXPECT_EQ(rowsOfViewImage(other), Rows::RoomsWidth) << what;
        EXPECT_EQ(rgbBitsAt(other, 0, 0), 0xff0000U) << what;
        EXPECT_EQ(rgbBitsAt(other, 1, 0), 0U) << what;
        EXPECT_EQ(rgbBitsAt(other, 392, 292), 0xff0000U) << what << ": where it was";
        EXPECT_EQ(rgbBitsAt(other, 389, 292), 0U) << what;
        cairo_surface_destroy(other);
    }
    EXPECT_EQ(imageInTheSameRoom(image, 501, 300), nullptr) << "wider than the room";
    EXPECT_EQ(imageInTheSameRoom(image, 400, 376), nullptr) << "taller than the room";
    // In place of it: the same memory for rows laid out alike, new memory for the image's own rows.
    unsigned char* const memory = cairo_image_surface_get_data(image);
    cairo_surface_t* same = viewImageInPlaceOf(cairo_surface_reference(image), CAIRO_FORMAT_RGB24, 450, 320,
                                               PagesIn::WhenWritten, Rows::RoomsWidth);
    EXPECT_EQ(cairo_image_surface_get_data(same), memory);
    EXPECT_EQ(rgbBitsAt(same, 395, 295), 0xff0000U);
    cairo_surface_t* own = viewImageInPlaceOf(same, CAIRO_FORMAT_RGB24, 450, 320);
    EXPECT_EQ(rowsOfViewImage(own), Rows::ImagesWidth);
    EXPECT_EQ(cairo_image_surface_get_stride(own), cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, 450));
    EXPECT_NE(cairo_image_surface_get_data(own), memory) << "rows laid out otherwise: new memory";
    EXPECT_TRUE(everyByteZero(own));
    cairo_surface_destroy(own);
    cairo_surface_t* cairos = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 10, 10);
    EXPECT_EQ(rowsOfViewImage(cairos), std::nullopt) << "not a view image";
    EXPECT_EQ(rowsOfViewImage(nullptr), std::nullopt);
    cairo_surface_destroy(cairos);
    cairo_surface_destroy(image);
}

TEST(ViewImage, NoImageWhereCairoWouldRefuseOne) {
    EXPECT_EQ(createViewImage(CAIRO_FORMAT_RGB24, 40000, 100, 40000, 100), nullptr);
    EXPECT_EQ(createViewImage(CAIRO_FORMAT_RGB24, 0, 100, 100, 100), nullptr);
    EXPECT_EQ(createViewImage(CAIRO_FORMAT_RGB24, 100, -1, 100, 100), nullptr);
    cairo_surface_t* image = createViewImage(CAIRO_FORMAT_RGB24, 100, 100, 40000, 200);
    ASSERT_NE(image, nullptr) << "room asked beyond Cairo's largest side is cut to it";
    EXPECT_EQ(imageInTheSameRoom(image, 0, 10), nullptr);
    EXPECT_EQ(imageInTheSameRoom(image, 40000, 1), nullptr);
    cairo_surface_destroy(image);
}

#if defined(__linux__)
// The share of the image's pages in memory (mincore), or -1 when its memory is not mapped.
double residentShare(void* data, std::size_t bytes) {
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> resident((bytes + page - 1) / page);
    if (mincore(data, bytes, resident.data()) != 0) {
        return errno == ENOMEM ? -1 : 0;
    }
    std::size_t in = 0;
    for (unsigned char r : resident) {
        in += r & 1U;
    }
    return static_cast<double>(in) / static_cast<double>(resident.size());
}

TEST(ViewImage, BesideTheImagesOwnPagesAreBroughtInWithoutAByteWrittenAndNotTheRoom) {
    cairo_surface_t* image = createViewImage(CAIRO_FORMAT_RGB24, 1920, 1080, 2400, 1350, PagesIn::Beside);
    ASSERT_NE(image, nullptr);
    unsigned char* data = cairo_image_surface_get_data(image);
    const std::size_t bytes = static_cast<std::size_t>(cairo_image_surface_get_stride(image)) * 1080;
    double share = 0;
    for (const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
         (share = residentShare(data, bytes)) < 1 && std::chrono::steady_clock::now() < until;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_EQ(share, 1.0) << "every page of the image brought in beside";
    EXPECT_TRUE(everyByteZero(image)) << "nothing written by the paging in";
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t roomBeyond =
        static_cast<std::size_t>(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, 2400)) * 1350 - bytes;
    EXPECT_EQ(residentShare(data + (bytes + page - 1) / page * page, roomBeyond / page * page), 0.0)
        << "the room beyond costs no memory until it is drawn on";
    cairo_surface_destroy(image);
    cairo_surface_t* written =
        createViewImage(CAIRO_FORMAT_RGB24, 1920, 1080, 1920, 1080, PagesIn::WhenWritten);
    ASSERT_NE(written, nullptr);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(residentShare(cairo_image_surface_get_data(written), bytes), 0.0)
        << "nothing brought in before it is drawn on";
    cairo_surface_destroy(written);
}

TEST(ViewImage, TheMemoryGoesWithTheLastImageOverItEvenWhilePagesStillCameIn) {
    for (int i = 0; i < 5; ++i) {
        cairo_surface_t* image =
            createViewImage(CAIRO_FORMAT_ARGB32, 3840, 2160, 3840, 2160, PagesIn::Beside);
        ASSERT_NE(image, nullptr);
        void* data = cairo_image_surface_get_data(image);
        const std::size_t bytes = static_cast<std::size_t>(cairo_image_surface_get_stride(image)) * 2160;
        cairo_surface_t* held = cairo_surface_reference(image);
        cairo_surface_t* smaller = imageInTheSameRoom(image, 1920, 1080);
        cairo_surface_destroy(image); // at once: the paging in has barely started
        cairo_surface_destroy(held);
        EXPECT_GE(residentShare(data, bytes), 0) << "still mapped: another image is over it";
        cairo_surface_destroy(smaller);
        EXPECT_EQ(residentShare(data, bytes), -1) << "unmapped with the last image";
    }
}
#endif

} // namespace
} // namespace sandtable
