// A picture drawn in bands on several threads and written as one PNG (render/png_bands): read back
// by libpng through Cairo, every pixel where the painter put it, whichever deflater and however the
// bands fall; a painter or a disk that fails stops it with a message naming the file.
#include "render/png_bands.hpp"

#include "tests/file_bytes.hpp"
#include "tests/render/cairo_pixels.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

// Each pixel's colour from its position: any band drawn or written in the wrong place shows.
Rgb expected(int x, int y) {
    return {static_cast<std::uint8_t>(x * 7 + y), static_cast<std::uint8_t>(y * 3),
            static_cast<std::uint8_t>(x ^ y)};
}

bool paintPattern(cairo_surface_t* surface, int top, int rows) {
    cairo_surface_flush(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface),
              width = cairo_image_surface_get_width(surface);
    for (int y = 0; y < rows; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < width; ++x) {
            const Rgb c = expected(x, top + y);
            row[x] = 0xff000000u | (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b;
        }
    }
    cairo_surface_mark_dirty(surface);
    return true;
}

// Fills a stretch of this thread's stack below the caller with bytes from `seed`.
[[gnu::noinline]] void scribbleOnTheStack(unsigned seed) {
    volatile unsigned char junk[256 * 1024];
    for (std::size_t i = 0; i < sizeof junk; ++i) {
        seed = seed * 1664525u + 1013904223u;
        junk[i] = static_cast<unsigned char>(seed >> 24);
    }
}

class PngBands : public testing::Test {
  protected:
    // Every pixel of `file` as the pattern has it.
    static void expectPattern(const fs::path& file, int width, int height) {
        auto image = testing_support::owned(cairo_image_surface_create_from_png(file.c_str()));
        ASSERT_EQ(cairo_surface_status(image.get()), CAIRO_STATUS_SUCCESS) << file;
        ASSERT_EQ(cairo_image_surface_get_width(image.get()), width);
        ASSERT_EQ(cairo_image_surface_get_height(image.get()), height);
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                ASSERT_EQ(testing_support::pixelOf(image.get(), x, y), expected(x, y)) << x << "," << y;
            }
        }
    }
    testing_support::TemporaryFolder folder_{"png-bands"};
    const fs::path dir = folder_.path();
};

TEST_F(PngBands, EveryPixelLandsWhereItWasDrawnWithEitherDeflaterAndAnyBands) {
    ASSERT_TRUE(haveIsaL()) << "this build has no ISA-L (Debian's libisal-dev; ./dev installs it): the "
                               "fast deflater is not built, so it cannot be checked";
    for (const Deflater deflater : {Deflater::IsaL, Deflater::Zlib}) {
        for (const auto& [bandRows, workers] :
             {std::pair{7, 3}, std::pair{1, 2}, std::pair{500, 1}, std::pair{16, 0}}) {
            SCOPED_TRACE(std::to_string(bandRows) + " rows a band, " + std::to_string(workers) + " workers");
            const fs::path file = dir / "pattern.png";
            ASSERT_TRUE(writePngInBands(file, 97, 131, paintPattern, {bandRows, workers, deflater}));
            expectPattern(file, 97, 131);
        }
    }
}

// Rows are packed four pixels at a time, and the rest one by one: every width up to two groups and
// past them lands each pixel's R, G and B where they belong.
TEST_F(PngBands, EveryPixelLandsWhereItWasDrawnAtWidthsOfWholeAndPartGroups) {
    for (const int pictureWidth : {1, 2, 3, 4, 5, 7, 8, 9, 13}) {
        SCOPED_TRACE(std::to_string(pictureWidth) + " pixels wide");
        const fs::path file = dir / "narrow.png";
        ASSERT_TRUE(writePngInBands(file, pictureWidth, 11, paintPattern, {4, 2, fastestDeflater()}));
        expectPattern(file, pictureWidth, 11);
    }
}

TEST_F(PngBands, TheSamePictureIsTheSameBytesWhicheverThreadDeflatesWhichBand) {
    // Each band its own pseudo-random texture of short runs, so the deflater's hash table fills with
    // places that would match the next band's bytes if it were kept from one band to the next.
    const auto paint = [](cairo_surface_t* surface, int top, int rows) {
        if (top / 32 % 3 == 1) {
            std::this_thread::sleep_for(std::chrono::milliseconds(3)); // another thread gets ahead
        }
        // The stack the deflater is given next left with what this thread and band left on it: a
        // deflater that read its own state before writing it would write other bytes.
        scribbleOnTheStack(static_cast<unsigned>(top) * 2654435761u ^
                           static_cast<unsigned>(std::hash<std::thread::id>{}(std::this_thread::get_id())));
        cairo_surface_flush(surface);
        unsigned char* data = cairo_image_surface_get_data(surface);
        const int stride = cairo_image_surface_get_stride(surface),
                  width = cairo_image_surface_get_width(surface);
        std::uint32_t state = 12345u + static_cast<std::uint32_t>(top / 32 % 4);
        for (int y = 0; y < rows; ++y) {
            auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
            for (int x = 0; x < width; ++x) {
                state = state * 1664525u + 1013904223u;
                row[x] = 0xff000000u | ((state >> 28) * 0x111111u);
            }
        }
        cairo_surface_mark_dirty(surface);
        return true;
    };
    for (const Deflater deflater : {Deflater::Zlib, fastestDeflater()}) {
        SCOPED_TRACE(deflater == Deflater::Zlib ? "zlib" : "ISA-L");
        ASSERT_TRUE(writePngInBands(dir / "one.png", 300, 640, paint, {32, 1, deflater}));
        const std::string alone = testing_support::fileBytes(dir / "one.png");
        for (const int workers : {2, 3, 4}) {
            ASSERT_TRUE(writePngInBands(dir / "many.png", 300, 640, paint, {32, workers, deflater}));
            EXPECT_EQ(testing_support::fileBytes(dir / "many.png"), alone) << workers << " workers";
        }
    }
}

TEST_F(PngBands, BandsAreDrawnOnSeveralThreadsAndEachOnce) {
    std::mutex mutex;
    std::set<std::thread::id> threads;
    std::multiset<int> tops;
    const auto paint = [&](cairo_surface_t* surface, int top, int rows) {
        {
            std::lock_guard lock(mutex);
            threads.insert(std::this_thread::get_id());
            tops.insert(top);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2)); // long enough for the others to take bands
        return paintPattern(surface, top, rows);
    };
    ASSERT_TRUE(writePngInBands(dir / "threads.png", 40, 400, paint, {.bandRows = 10, .workers = 4}));
    EXPECT_EQ(threads.size(), 4U);
    ASSERT_EQ(tops.size(), 40U);
    for (int top = 0; top < 400; top += 10) {
        EXPECT_EQ(tops.count(top), 1U) << top;
    }
    expectPattern(dir / "threads.png", 40, 400);
}

TEST_F(PngBands, APainterThatFailsStopsThePictureAndSaysSo) {
    std::atomic<int> drawn{0};
    const auto failing = [&](cairo_surface_t* surface, int top, int rows) {
        ++drawn;
        return top < 50 && paintPattern(surface, top, rows);
    };
    const auto result =
        writePngInBands(dir / "failed.png", 30, 1000, failing, {.bandRows = 10, .workers = 2});
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error(),
              (dir / "failed.png").string() + ": cannot write the PNG (the map could not be drawn)");
    EXPECT_LT(drawn.load(), 20) << "the other bands are not drawn once one has failed";
}

TEST_F(PngBands, NothingToDrawOrNowhereToWriteIsAnError) {
    EXPECT_FALSE(writePngInBands(dir / "empty.png", 0, 10, paintPattern));
    const auto nowhere = writePngInBands(dir / "missing" / "x.png", 10, 10, paintPattern);
    ASSERT_FALSE(nowhere);
    EXPECT_NE(nowhere.error().find("cannot be created"), std::string::npos) << nowhere.error();
}

} // namespace
} // namespace sandtable
