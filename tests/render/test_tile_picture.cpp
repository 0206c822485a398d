// A picture made of tiles (render/tile_picture): what a tileset names is read only when it is a
// file, so a pipe or a device named as a tileset's picture is refused, not waited on for ever.
#include "render/tile_picture.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h> // getpid (MinGW-w64 has it too)
#ifndef _WIN32
#include <sys/stat.h>
#endif

namespace sandtable {
namespace {

namespace fs = std::filesystem;

TEST(TilePicture, OnlyAFileIsReadAsATilesPicture) {
    const testing_support::TemporaryFolder folder("tile-picture");
    const fs::path& dir = folder.path();
    const auto refusal = [](const std::string& picture) {
        auto drawn = drawTilePicture({32, 32, {{picture, 0, 0, 32, 32, 0, 0}}});
        return drawn ? std::string("drawn") : drawn.error();
    };
    EXPECT_EQ(refusal((dir / "missing.png").string()),
              (dir / "missing.png").string() + ": not a PNG picture that can be read");
    EXPECT_EQ(refusal(dir.string()), dir.string() + ": not a PNG picture that can be read");
#ifndef _WIN32
    const fs::path pipe = dir / "pipe.png";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    EXPECT_EQ(refusal(pipe.string()),
              pipe.string() + ": not a PNG picture that can be read"); // no writer: would block
    EXPECT_EQ(refusal("/dev/zero"), "/dev/zero: not a PNG picture that can be read");
#endif
}

} // namespace
} // namespace sandtable
