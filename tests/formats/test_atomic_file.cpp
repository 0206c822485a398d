#include "formats/atomic_file.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandtable {

TEST(AtomicFile, WritesReadsAndBacksUp) {
    namespace fs = std::filesystem;
    const testing_support::TemporaryFolder folder("atomic");
    const fs::path& dir = folder.path();
    const fs::path file = dir / "a.txt";
    ASSERT_TRUE(writeFileAtomically(file, "one"));
    EXPECT_FALSE(fs::exists(dir / "a.txt.bak"));
    ASSERT_TRUE(writeFileAtomically(file, "two"));
    EXPECT_EQ(readWholeFile(file).value(), "two");
    EXPECT_EQ(readWholeFile(dir / "a.txt.bak").value(), "one");
    ASSERT_TRUE(writeFileAtomically(file, "three", AtomicWriteOptions{false}));
    EXPECT_EQ(readWholeFile(dir / "a.txt.bak").value(), "one");
    EXPECT_EQ(fs::status(file).permissions() & fs::perms::others_read, fs::perms::others_read);
}

TEST(AtomicFile, ReadingAFolderSaysSo) {
    auto r = readWholeFile(std::filesystem::temp_directory_path());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), "is a directory, not a file");
}

namespace {

namespace fs = std::filesystem;

// A fresh folder per test, removed afterwards, and what it holds.
struct Folder : testing_support::TemporaryFolder {
    Folder() : TemporaryFolder("atomic") {}
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& e : fs::directory_iterator(path())) {
            out.push_back(e.path().filename().string());
        }
        std::sort(out.begin(), out.end());
        return out;
    }
};

} // namespace

TEST(AtomicFile, SavingThroughASymlinkReplacesItsTargetAndKeepsTheLink) {
    Folder dir;
    fs::create_directories(dir.path() / "real");
    ASSERT_TRUE(writeFileAtomically(dir.path() / "real" / "battle.xml", "old"));
    fs::create_symlink("real/battle.xml", dir.path() / "link.xml");
    ASSERT_TRUE(writeFileAtomically(dir.path() / "link.xml", "new"));
    EXPECT_TRUE(fs::is_symlink(dir.path() / "link.xml"));
    EXPECT_EQ(readWholeFile(dir.path() / "real" / "battle.xml").value(), "new");
    EXPECT_EQ(readWholeFile(dir.path() / "real" / "battle.xml.bak").value(), "old");
}

TEST(AtomicFile, RefusesAFifoADeviceAndADirectory) {
    Folder dir;
    const fs::path fifo = dir.path() / "pipe.xml";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto r = writeFileAtomically(fifo, "x");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), fifo.string() + ": is a pipe (FIFO); Sandtable writes only regular files");
    auto dev = writeFileAtomically("/dev/null", "x");
    ASSERT_FALSE(dev);
    EXPECT_EQ(dev.error(), "/dev/null: is a character device; Sandtable writes only regular files");
    auto folder = writeFileAtomically(dir.path(), "x");
    ASSERT_FALSE(folder);
    EXPECT_EQ(folder.error(), dir.path().string() + ": is a directory; Sandtable writes only regular files");
    EXPECT_EQ(dir.names(), std::vector<std::string>{"pipe.xml"});
}

TEST(AtomicFile, KeepsTheFilesPermissions) {
    Folder dir;
    const fs::path file = dir.path() / "private.xml";
    ASSERT_TRUE(writeFileAtomically(file, "one"));
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
    ASSERT_TRUE(writeFileAtomically(file, "two"));
    EXPECT_EQ(fs::status(file).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_EQ(readWholeFile(file).value(), "two");
}

TEST(AtomicFile, RefusesAReadOnlyFileAndLeavesIt) {
    Folder dir;
    const fs::path file = dir.path() / "locked.xml";
    ASSERT_TRUE(writeFileAtomically(file, "keep me"));
    fs::permissions(file, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    auto r = writeFileAtomically(file, "overwrite");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(),
              file.string() + ": is read-only; nothing was written (make it writable or save elsewhere)");
    EXPECT_EQ(readWholeFile(file).value(), "keep me");
    EXPECT_EQ(dir.names(), std::vector<std::string>{"locked.xml"});
}

TEST(AtomicFile, ANextSaveCleansUpTheTemporaryFileOfAKilledOne) {
    Folder dir;
    const fs::path file = dir.path() / "battle.xml";
    ASSERT_TRUE(writeFileAtomically(file, "one"));
    // A save killed after writing its temporary file: a child process that never commits.
    const pid_t child = ::fork();
    if (child == 0) {
        auto pending = AtomicFile::create(file);
        if (pending && pending->write("half")) {
            ::_exit(0); // no destructor, no commit: what a kill leaves
        }
        ::_exit(1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_EQ(WEXITSTATUS(status), 0);
    ASSERT_EQ(dir.names().size(), 2u) << "the killed save left no temporary file to clean";
    ASSERT_TRUE(writeFileAtomically(file, "two"));
    EXPECT_EQ(dir.names(), (std::vector<std::string>{"battle.xml", "battle.xml.bak"}));
    EXPECT_EQ(readWholeFile(file).value(), "two");
}

// Each save keeps the version it replaces as the backup; the backup before it (renamed aside while
// the new file goes in place, then removed) leaves nothing behind.
TEST(AtomicFile, EachSaveKeepsOnlyTheVersionItReplacedAsTheBackup) {
    Folder dir;
    const fs::path file = dir.path() / "battle.xml";
    for (const char* text : {"one", "two", "three", "four"}) {
        ASSERT_TRUE(writeFileAtomically(file, text));
    }
    EXPECT_EQ(readWholeFile(file).value(), "four");
    EXPECT_EQ(readWholeFile(dir.path() / "battle.xml.bak").value(), "three");
    EXPECT_EQ(dir.names(), (std::vector<std::string>{"battle.xml", "battle.xml.bak"}));
}

TEST(AtomicFile, NeverReplacesAFileWithoutItsBackup) {
    Folder dir;
    const fs::path file = dir.path() / "battle.xml";
    ASSERT_TRUE(writeFileAtomically(file, "one"));
    fs::create_directories(dir.path() / "battle.xml.bak"); // the backup's name is taken by a folder
    auto r = writeFileAtomically(file, "two");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("cannot keep the previous version"), std::string::npos) << r.error();
    EXPECT_EQ(readWholeFile(file).value(), "one");
    EXPECT_EQ(dir.names(), (std::vector<std::string>{"battle.xml", "battle.xml.bak"}));
}

// A save flushes its bytes while it reads them back; what is written after a flush is flushed
// again by the commit, and the file holds every byte.
TEST(AtomicFile, AFlushBeforeTheCommitKeepsEveryByteWrittenAfterIt) {
    Folder dir;
    auto file = AtomicFile::create(dir.path() / "battle.xml");
    ASSERT_TRUE(file);
    ASSERT_TRUE(file->write("one "));
    ASSERT_TRUE(file->flush());
    EXPECT_TRUE(dir.names().size() == 1 && dir.names().front().starts_with(".battle.xml."))
        << "before the commit only the temporary file is there";
    ASSERT_TRUE(file->write("two"));
    ASSERT_TRUE(file->commit());
    EXPECT_EQ(readWholeFile(dir.path() / "battle.xml").value(), "one two");
    const auto late = file->flush();
    ASSERT_FALSE(late);
    EXPECT_NE(late.error().find("nothing to flush"), std::string::npos) << late.error();
}

TEST(AtomicFile, ACancelledFileLeavesNothing) {
    Folder dir;
    {
        auto pending = AtomicFile::create(dir.path() / "export.pdf");
        ASSERT_TRUE(pending);
        ASSERT_TRUE(pending->write("partial"));
    }
    EXPECT_TRUE(dir.names().empty());
}

} // namespace sandtable

#include "formats/file_system_calls.hpp"
#include "model/file_names.hpp"

namespace sandtable {
namespace {

TEST(AtomicFile, AFolderAndFileNamedWithAccentsAndSpacesAreWrittenAndRead) {
    Folder folder;
    const fs::path maps = folder.path() / pathFromUtf8("Zoë's maps");
    fs::create_directories(maps);
    const fs::path file = maps / pathFromUtf8("Gettysburg, 1863 — day 1.sandtable.xml");
    ASSERT_TRUE(writeFileAtomically(file, "<scenario/>"));
    ASSERT_TRUE(writeFileAtomically(file, "<scenario format-version=\"1\"/>"));
    EXPECT_EQ(readWholeFile(file).value(), "<scenario format-version=\"1\"/>");
    EXPECT_EQ(readWholeFile(file.string() + ".bak").value(), "<scenario/>");
    EXPECT_EQ(utf8(file.filename()), "Gettysburg, 1863 — day 1.sandtable.xml");
    EXPECT_EQ(pathFromUtf8(utf8(file)), file);
    std::FILE* c = openCFile(file, "rb");
    ASSERT_NE(c, nullptr);
    std::fclose(c);
}

TEST(FileSystemCalls, TheRunningProcessIsKnownAndAnImpossibleOneIsNot) {
    EXPECT_TRUE(sys::processRunning(sys::processId()));
    EXPECT_FALSE(sys::processRunning(999'999'999));
}

TEST(FileSystemCalls, TheUsersStateFolderFollowsXdgStateHome) {
    const char* before = std::getenv("XDG_STATE_HOME");
    const std::string kept = before != nullptr ? before : "";
    ::setenv("XDG_STATE_HOME", "/somewhere/state", 1);
    EXPECT_EQ(sys::userStateFolder(), fs::path("/somewhere/state/sandtable"));
    ::unsetenv("XDG_STATE_HOME");
    EXPECT_EQ(sys::userStateFolder().filename(), "sandtable");
    EXPECT_EQ(sys::userStateFolder().parent_path().filename(), "state");
    if (before != nullptr) {
        ::setenv("XDG_STATE_HOME", kept.c_str(), 1);
    }
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

// A leftover whose process number is too long for any process (copied from another system, or
// made by hand) is a leftover like any other: the save removes it and does not fail.
TEST(AtomicFile, ALeftoverWithAnImpossibleProcessNumberIsCleanedUpNotFatal) {
    Folder dir;
    const fs::path file = dir.path() / "battle.xml";
    ASSERT_TRUE(writeFileAtomically(file, "one"));
    ASSERT_TRUE(writeFileAtomically(dir.path() / ".battle.xml.99999999999999999999.abcdef", "stale",
                                    AtomicWriteOptions{false}));
    ASSERT_TRUE(writeFileAtomically(file, "two"));
    EXPECT_EQ(dir.names(), (std::vector<std::string>{"battle.xml", "battle.xml.bak"}));
}

TEST(FileSystemCalls, AProcessNumberIsReadOnlyFromDigitsThatFit) {
    EXPECT_EQ(sys::processIdFrom("12345"), 12345);
    EXPECT_EQ(sys::processIdFrom("0"), 0);
    EXPECT_EQ(sys::processIdFrom(""), std::nullopt);
    EXPECT_EQ(sys::processIdFrom("12a"), std::nullopt);
    EXPECT_EQ(sys::processIdFrom("-5"), std::nullopt);
    EXPECT_EQ(sys::processIdFrom("99999999999999999999"), std::nullopt);
}

} // namespace
} // namespace sandtable
