#include "formats/atomic_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace sandtable {

TEST(AtomicFile, WritesReadsAndBacksUp) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("sandtable-atomic-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path file = dir / "a.txt";
    ASSERT_TRUE(writeFileAtomically(file, "one"));
    EXPECT_FALSE(fs::exists(dir / "a.txt.bak"));
    ASSERT_TRUE(writeFileAtomically(file, "two"));
    EXPECT_EQ(readWholeFile(file).value(), "two");
    EXPECT_EQ(readWholeFile(dir / "a.txt.bak").value(), "one");
    ASSERT_TRUE(writeFileAtomically(file, "three", AtomicWriteOptions{false}));
    EXPECT_EQ(readWholeFile(dir / "a.txt.bak").value(), "one");
    EXPECT_EQ(fs::status(file).permissions() & fs::perms::others_read, fs::perms::others_read);
    fs::remove_all(dir);
}

TEST(AtomicFile, ReadingAFolderSaysSo) {
    auto r = readWholeFile(std::filesystem::temp_directory_path());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), "is a directory, not a file");
}

} // namespace sandtable
