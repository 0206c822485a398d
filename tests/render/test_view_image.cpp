// The canvas's sharp ground's place, made before the first wheel notch with its pages brought in on a
// thread beside: the image Cairo would make (size, format, stride, every pixel zero, drawn on as
// any), every page in memory soon after without a byte written, the memory given back when the image
// goes (even while its pages are still coming in), and no image where Cairo would refuse one.
#include "render/view_image.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <cerrno>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace sandtable {
namespace {

#if defined(__linux__)
bool everyByteZero(cairo_surface_t* image) {
    cairo_surface_flush(image);
    const unsigned char* data = cairo_image_surface_get_data(image);
    const std::size_t bytes = static_cast<std::size_t>(cairo_image_surface_get_stride(image)) *
                              static_cast<std::size_t>(cairo_image_surface_get_height(image));
    for (std::size_t i = 0; i < bytes; ++i) {
        if (data[i] != 0) {
            return false;
        }
    }
    return true;
}

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

TEST(ViewImage, TheImageIsCairosEveryPixelZeroItsPagesBroughtInWithoutAByteWritten) {
    cairo_surface_t* image = createImagePagedInBeside(CAIRO_FORMAT_RGB24, 1920, 1080);
    ASSERT_NE(image, nullptr);
    ASSERT_EQ(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
    EXPECT_EQ(cairo_image_surface_get_width(image), 1920);
    EXPECT_EQ(cairo_image_surface_get_height(image), 1080);
    EXPECT_EQ(cairo_image_surface_get_format(image), CAIRO_FORMAT_RGB24);
    const int stride = cairo_image_surface_get_stride(image);
    EXPECT_EQ(stride, cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, 1920));
    void* data = cairo_image_surface_get_data(image);
    const std::size_t bytes = static_cast<std::size_t>(stride) * 1080;
    double share = 0;
    for (const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
         (share = residentShare(data, bytes)) < 1 && std::chrono::steady_clock::now() < until;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_EQ(share, 1.0) << "every page brought in beside";
    EXPECT_TRUE(everyByteZero(image)) << "as cairo_image_surface_create's, nothing written by the paging in";
    cairo_t* cr = cairo_create(image);
    cairo_set_source_rgb(cr, 1, 0, 0);
    cairo_rectangle(cr, 100, 200, 50, 50);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_flush(image);
    const auto pixel = [&](int x, int y) {
        return reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(image) +
                                                      static_cast<std::ptrdiff_t>(y) * stride)[x] &
               0xffffffU;
    };
    EXPECT_EQ(pixel(120, 220), 0xff0000U);
    EXPECT_EQ(pixel(99, 220), 0U);
    EXPECT_EQ(pixel(1919, 1079), 0U);
    cairo_surface_destroy(image);
}

TEST(ViewImage, TheMemoryGoesWithTheImagesLastReferenceEvenWhilePagesStillCameIn) {
    for (int i = 0; i < 5; ++i) {
        cairo_surface_t* image = createImagePagedInBeside(CAIRO_FORMAT_ARGB32, 3840, 2160);
        ASSERT_NE(image, nullptr);
        void* data = cairo_image_surface_get_data(image);
        const std::size_t bytes = static_cast<std::size_t>(cairo_image_surface_get_stride(image)) * 2160;
        cairo_surface_t* held = cairo_surface_reference(image);
        cairo_surface_destroy(image); // at once: the paging in has barely started
        EXPECT_GE(residentShare(data, bytes), 0) << "still mapped: another reference holds the image";
        cairo_surface_destroy(held);
        EXPECT_EQ(residentShare(data, bytes), -1) << "unmapped with the last reference";
    }
}

TEST(ViewImage, NoImageWhereCairoWouldRefuseOne) {
    EXPECT_EQ(createImagePagedInBeside(CAIRO_FORMAT_RGB24, 40000, 100), nullptr);
    EXPECT_EQ(createImagePagedInBeside(CAIRO_FORMAT_RGB24, 0, 100), nullptr);
    EXPECT_EQ(createImagePagedInBeside(CAIRO_FORMAT_RGB24, 100, -1), nullptr);
}
#else
TEST(ViewImage, NoneWhereTheSystemCannotBringPagesInBeside) {
    EXPECT_EQ(createImagePagedInBeside(CAIRO_FORMAT_RGB24, 1920, 1080), nullptr)
        << "the canvas makes its own when the first notch comes";
}
#endif

} // namespace
} // namespace sandtable
