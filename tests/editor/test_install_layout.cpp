// Where the program finds its samples, rulesets' files and guide: installed under a prefix (the
// Debian package), in the portable Windows folder, or in the source tree of a build.
#include "editor/install_layout.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

class InstallLayoutTest : public testing::Test {
  protected:
    static void write(const fs::path& file, const std::string& text) {
        fs::create_directories(file.parent_path());
        std::ofstream(file) << text;
    }
    testing_support::TemporaryFolder folder_{"layout"};
    const fs::path dir = folder_.path();
};

TEST_F(InstallLayoutTest, AnInstalledProgramFindsItsFilesUnderItsPrefix) {
    fs::create_directories(dir / "usr/share/sandtable/rulesets");
    const InstallLayout layout = installLayoutFor(dir / "usr/bin/sandtable", dir / "src");
    EXPECT_EQ(layout.samples, dir / "usr/share/sandtable/samples");
    EXPECT_EQ(layout.rulesets, dir / "usr/share/sandtable/rulesets");
    EXPECT_EQ(layout.docs, dir / "usr/share/doc/sandtable");
    // Linux's fonts are the system's: none shipped, none named.
    EXPECT_TRUE(layout.fonts.empty());
}

TEST_F(InstallLayoutTest, TheProgramsInLibexecFindTheSameFiles) {
    // sandtable hands commands to PREFIX/libexec/sandtable/sandtable-editor and sandtable-draw,
    // which must find the same samples and rulesets as the sandtable in PREFIX/bin.
    fs::create_directories(dir / "usr/share/sandtable/rulesets");
    for (const std::string program : {"sandtable-editor", "sandtable-draw"}) {
        const InstallLayout layout = installLayoutFor(dir / "usr/libexec/sandtable" / program, dir / "src");
        EXPECT_EQ(layout.rulesets, dir / "usr/share/sandtable/rulesets");
        EXPECT_EQ(layout.docs, dir / "usr/share/doc/sandtable");
    }
    // Any other folder named sandtable is a build, not an installation.
    EXPECT_EQ(installLayoutFor(dir / "home/sandtable/sandtable-editor", dir / "src").rulesets,
              dir / "src/validators/rulesets");
}

TEST_F(InstallLayoutTest, SandtableFindsTheProgramsItHandsCommandsToBesideItOrInLibexec) {
    for (const std::string program : {"sandtable-editor", "sandtable-draw"}) {
        // A build: beside it, whether or not it is there yet (the error then names that file).
        EXPECT_EQ(handedProgramFor(dir / "build/editor/sandtable", program), dir / "build/editor" / program);
        // Installed in PREFIX/bin: PREFIX/libexec/sandtable.
        EXPECT_EQ(handedProgramFor(dir / "usr/bin/sandtable", program),
                  dir / "usr/libexec/sandtable" / program);
        // ...unless it stands beside it (a build's bin folder).
        write(dir / "opt/bin" / program, "");
        EXPECT_EQ(handedProgramFor(dir / "opt/bin/sandtable", program), dir / "opt/bin" / program);
    }
    // Each is found on its own: the editor beside sandtable says nothing of where sandtable-draw is.
    write(dir / "srv/bin/sandtable-editor", "");
    EXPECT_EQ(handedProgramFor(dir / "srv/bin/sandtable", "sandtable-draw"),
              dir / "srv/libexec/sandtable/sandtable-draw");
}

TEST_F(InstallLayoutTest, TheWindowsFolderHasTheSameLayoutAndShipsItsFonts) {
    // The zip and the installer: PREFIX\bin\sandtable.exe, wherever the user put PREFIX.
    const fs::path prefix = dir / "Program Files" / "sandtable-0.1.0-win64";
    fs::create_directories(prefix / "share/sandtable/rulesets");
    fs::create_directories(prefix / "share/sandtable/fonts");
    const InstallLayout layout = installLayoutFor(prefix / "bin/sandtable.exe", dir / "src");
    EXPECT_EQ(layout.rulesets, prefix / "share/sandtable/rulesets");
    EXPECT_EQ(layout.fonts, prefix / "share/sandtable/fonts");
}

TEST_F(InstallLayoutTest, ABuildUsesTheSourceTreeItWasBuiltFrom) {
    // A bin folder without share/sandtable beside it is not an installation.
    fs::create_directories(dir / "build/bin");
    const InstallLayout layout = installLayoutFor(dir / "build/bin/sandtable", dir / "src");
    EXPECT_EQ(layout.samples, dir / "src/sample-maps");
    EXPECT_EQ(layout.rulesets, dir / "src/validators/rulesets");
    EXPECT_EQ(layout.docs, dir / "src/docs");
    EXPECT_TRUE(layout.fonts.empty());
    // The test program itself is such a build: its layout is this source tree.
    EXPECT_EQ(installLayout().rulesets, fs::path(SANDTABLE_SOURCE_DIR) / "validators/rulesets");
    EXPECT_TRUE(fs::is_regular_file(installLayout().docs / "user-guide.md"));
}

TEST_F(InstallLayoutTest, SampleBattlesAreListedByTheirReadmesTitles) {
    write(dir / "zulu/zulu.sandtable.xml", "<scenario/>");
    write(dir / "zulu/README.md", "# Antietam (Sharpsburg), 17 September 1862\n\ntext\n");
    write(dir / "alpha/alpha.sandtable.xml", "<scenario/>");
    write(dir / "alpha/README.md", "no heading here\n");
    write(dir / "empty/README.md", "# A folder without its scenario\n");
    write(dir / "loose.sandtable.xml", "<scenario/>");
    const std::vector<SampleBattle> battles = sampleBattles(dir);
    ASSERT_EQ(battles.size(), 2U);
    EXPECT_EQ(battles[0].title, "Antietam (Sharpsburg), 17 September 1862");
    EXPECT_EQ(battles[0].file, dir / "zulu/zulu.sandtable.xml");
    EXPECT_EQ(battles[1].title, "alpha"); // no heading: the folder's name
    EXPECT_TRUE(sampleBattles(dir / "missing").empty());
}

TEST_F(InstallLayoutTest, TheSixSampleBattlesOfThisTreeAreFound) {
    const std::vector<SampleBattle> battles = sampleBattles(installLayout().samples);
    ASSERT_EQ(battles.size(), 6U);
    EXPECT_EQ(battles.front().title, "Antietam (Sharpsburg), 17 September 1862");
    for (const SampleBattle& b : battles) {
        EXPECT_TRUE(fs::is_regular_file(b.file)) << b.file;
    }
}

} // namespace
} // namespace sandtable
