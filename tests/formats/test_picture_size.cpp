// A picture's size from its header (formats/picture_size), and the scanned map refused before it is
// decoded when it is no file or states more pixels than the editor holds.
#include "formats/picture_size.hpp"
#include "model/limits.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

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
    const fs::path dir = fs::temp_directory_path() / ("sandtable-scan-" + std::to_string(::getpid()));
    fs::create_directories(dir);
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
    EXPECT_FALSE(scanRefusal(write("other.tif", "II*\0")))
        << "a format the header reader does not know is the "
           "decoder's to judge";
#ifndef _WIN32
    ASSERT_EQ(::mkfifo((dir / "pipe.png").c_str(), 0600), 0);
    EXPECT_TRUE(scanRefusal(dir / "pipe.png")) << "a pipe would block the editor";
    EXPECT_TRUE(scanRefusal("/dev/zero"));
#endif
    fs::remove_all(dir);
}

} // namespace
} // namespace sandtable
