// A picture's size from its header (formats/picture_size), and the scanned map refused before it is
// decoded when it is no file or states more pixels than the editor holds.
#include "formats/picture_size.hpp"
#include "model/limits.hpp"
#include "tests/temporary_folder.hpp"

#include <gdal.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h> // getpid (MinGW-w64 has it too)
#ifndef _WIN32
#include <sys/stat.h>
#endif

namespace sandtable {
namespace {

namespace fs = std::filesystem;

// A PNG's signature and header chunk stating `width` x `height` (the CRC is not checked here).
std::string pngHeader(std::uint32_t width, std::uint32_t height) {
    std::string png = "\x89PNG\r\n\x1a\n";
    png += std::string("\0\0\0\x0dIHDR", 8);
    for (std::uint32_t v : {width, height}) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            png += static_cast<char>((v >> shift) & 0xff);
        }
    }
    png += std::string("\x08\x02\0\0\0\0\0\0\0", 9);
    return png;
}

TEST(PictureSize, TheHeaderSaysTheSize) {
    const auto png = pictureSize(pngHeader(640, 480));
    ASSERT_TRUE(png);
    EXPECT_EQ(png->width, 640);
    EXPECT_EQ(png->height, 480);
    const auto gif = pictureSize(std::string("GIF89a\x20\x03\x58\x02", 10));
    ASSERT_TRUE(gif);
    EXPECT_EQ(gif->width, 800);
    EXPECT_EQ(gif->height, 600);
    EXPECT_FALSE(pictureSize("not a picture"));
    EXPECT_FALSE(pictureSize(pngHeader(640, 480).substr(0, 20))); // cut short
}

TEST(PictureSize, AScanIsAFileWithinTheLimitBeforeItIsDecoded) {
    const testing_support::TemporaryFolder folder("scan");
    const fs::path& dir = folder.path();
    const auto write = [&](const std::string& name, const std::string& bytes) {
        std::ofstream(dir / name, std::ios::binary) << bytes;
        return dir / name;
    };
    EXPECT_FALSE(scanRefusal(write("small.png", pngHeader(4000, 3000))));
    EXPECT_EQ(scanRefusal(write("huge.png", pngHeader(60000, 60000))),
              (dir / "huge.png").string() +
                  ": 60,000 x 60,000 pixels; a scanned map may have 100,000,000 at most "
                  "(scan it at a lower resolution)");
    EXPECT_EQ(scanRefusal(dir / "missing.png"),
              (dir / "missing.png").string() +
                  ": not a picture file (not there, or a folder, pipe or device)");
    EXPECT_TRUE(scanRefusal(dir));
    EXPECT_EQ(scanRefusal(write("other.pcx", std::string("\x0a\x05\x01\x08", 4))),
              (dir / "other.pcx").string() +
                  ": not a PNG, JPEG, GIF, TIFF or BMP picture (or its header is damaged)")
        << "a picture of no known size could ask the decoder for any amount of memory";
    EXPECT_TRUE(scanRefusal(write("cut.tif", std::string("II*\0", 4))));
#ifndef _WIN32
    ASSERT_EQ(::mkfifo((dir / "pipe.png").c_str(), 0600), 0);
    EXPECT_TRUE(scanRefusal(dir / "pipe.png")) << "a pipe would block the editor";
    EXPECT_TRUE(scanRefusal("/dev/zero"));
#endif
}

// TIFF and BMP files written by GDAL's own drivers (sparse, so a big one takes no room), in both byte
// orders and as BigTIFF: the size the header reader finds is the size GDAL wrote.
TEST(PictureSize, TiffAndBmpFilesWrittenByGdalSayTheirSize) {
    GDALAllRegister();
    const testing_support::TemporaryFolder folder("tiff");
    const fs::path& dir = folder.path();
    auto make = [&](const char* driver, const std::string& name, int width, int height,
                    std::vector<const char*> options) {
        options.push_back(nullptr);
        const fs::path file = dir / name;
        GDALDatasetH ds = GDALCreate(GDALGetDriverByName(driver), file.string().c_str(), width, height, 1,
                                     GDT_Byte, const_cast<char**>(options.data()));
        EXPECT_NE(ds, nullptr) << name;
        if (ds != nullptr) {
            GDALClose(ds);
        }
        return file;
    };
    struct Case {
        const char* driver;
        std::string name;
        int width, height;
        std::vector<const char*> options;
    };
    for (const Case& c : {Case{"GTiff", "little.tif", 3000, 2000, {"SPARSE_OK=TRUE"}},
                          Case{"GTiff", "big-endian.tif", 3001, 2001, {"SPARSE_OK=TRUE", "ENDIANNESS=BIG"}},
                          Case{"GTiff", "bigtiff.tif", 3002, 2002, {"SPARSE_OK=TRUE", "BIGTIFF=YES"}},
                          Case{"GTiff", "tiled.tif", 70000, 300, {"SPARSE_OK=TRUE", "TILED=YES"}},
                          Case{"BMP", "picture.bmp", 301, 201, {}}}) {
        const fs::path file = make(c.driver, c.name, c.width, c.height, c.options);
        const auto size = pictureSizeOfFile(file);
        ASSERT_TRUE(size) << c.name;
        EXPECT_EQ(size->width, c.width) << c.name;
        EXPECT_EQ(size->height, c.height) << c.name;
    }
    EXPECT_FALSE(scanRefusal(dir / "little.tif"));
    const fs::path huge = make("GTiff", "huge.tif", 20000, 20000, {"SPARSE_OK=TRUE"});
    EXPECT_EQ(scanRefusal(huge), huge.string() +
                                     ": 20,000 x 20,000 pixels; a scanned map may have 100,000,000 at most "
                                     "(scan it at a lower resolution)");
}

// A TIFF's directory may follow its pixels, past the first 64 KB read for the other formats; an
// OS/2 BMP's header has 16-bit sides, a Windows one signed 32-bit (negative: top row first).
TEST(PictureSize, ATiffDirectoryAfterThePixelsAndEveryBmpHeaderAreRead) {
    auto le = [](std::uint64_t v, int bytes) {
        std::string out;
        for (int i = 0; i < bytes; ++i) {
            out += static_cast<char>((v >> (8 * i)) & 0xff);
        }
        return out;
    };
    // Header, 100 KB of pixels, then the directory: width (SHORT) and height (LONG).
    const std::uint32_t directory = 8 + 100'000;
    std::string tiff = std::string("II*\0", 4) + le(directory, 4) + std::string(100'000, '\0');
    tiff += le(2, 2) + le(256, 2) + le(3, 2) + le(1, 4) + le(5000, 4) + le(257, 2) + le(4, 2) + le(1, 4) +
            le(7000, 4) + le(0, 4);
    const testing_support::TemporaryFolder folder("late");
    const fs::path& dir = folder.path();
    std::ofstream(dir / "late.tif", std::ios::binary) << tiff;
    const auto late = pictureSizeOfFile(dir / "late.tif");
    ASSERT_TRUE(late);
    EXPECT_EQ(late->width, 5000);
    EXPECT_EQ(late->height, 7000);
    EXPECT_EQ(pictureSize(tiff)->height, 7000) << "the same from bytes in memory";
    // A directory past the end, or a count running past it: no size, no read past the bytes.
    std::string pastTheEnd = std::string("II*\0", 4) + le(0xfffffff0u, 4);
    EXPECT_FALSE(pictureSize(pastTheEnd));
    EXPECT_FALSE(pictureSize(tiff.substr(0, tiff.size() - 10)));

    const std::string os2 =
        "BM" + std::string(12, '\0') + le(12, 4) + le(640, 2) + le(480, 2) + le(1, 2) + le(24, 2);
    ASSERT_TRUE(pictureSize(os2));
    EXPECT_EQ(pictureSize(os2)->width, 640);
    const std::string topDown =
        "BM" + std::string(12, '\0') + le(40, 4) + le(800, 4) + le(static_cast<std::uint32_t>(-600), 4);
    ASSERT_TRUE(pictureSize(topDown));
    EXPECT_EQ(pictureSize(topDown)->height, 600);
    EXPECT_FALSE(pictureSize("BM" + std::string(12, '\0') + le(40, 4) + le(800, 4) + le(0, 4)));
}

} // namespace
} // namespace sandtable
