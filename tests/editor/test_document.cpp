#include "editor/document.hpp"
#include "model/commands/edits.hpp"

#include "formats/atomic_file.hpp"
#include "formats/scenario_xml.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

class DocumentTest : public testing::Test {
  protected:
    void SetUp() override {
        ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);
        fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "rules" / "hexed-general.base.xml", dir / "battle.xml");
    }
    void TearDown() override { ::unsetenv("XDG_STATE_HOME"); }
    testing_support::TemporaryFolder folder_{"doc"};
    const fs::path dir = folder_.path();
};

TEST_F(DocumentTest, ProblemsFollowEveryEditUndoAndRedo) {
    auto doc = Document::open(dir / "battle.xml");
    ASSERT_TRUE(doc) << doc.error();
    Document& d = **doc;
    EXPECT_EQ(d.rulesetName(), "hexed-general");
    EXPECT_EQ(d.problems().errors(), 0);
    // Move Cutler's Brigade onto the Iron Brigade: a stacking error appears...
    auto placement = d.scenario().deployment.placements.at(PieceRef::unit(UnitId{2}));
    placement.cells = {{2, 2}};
    d.execute(edits::setPlacement(d.scenario(), PieceRef::unit(UnitId{2}), placement));
    ASSERT_EQ(d.problems().errors(), 1);
    const auto& found = d.problems().violations;
    EXPECT_TRUE(std::ranges::any_of(found, [](const Violation& v) {
        return v.rule == "stacking.units-per-cell" && v.severity == Severity::Error;
    }));
    // ...and goes with undo, and comes back with redo.
    d.undo();
    EXPECT_EQ(d.problems().errors(), 0);
    d.redo();
    EXPECT_EQ(d.problems().errors(), 1);
}

TEST_F(DocumentTest, SaveMarksCleanKeepsABackupAndReopens) {
    auto doc = Document::open(dir / "battle.xml");
    ASSERT_TRUE(doc);
    Document& d = **doc;
    EXPECT_FALSE(d.isModified());
    ScenarioInfo info = d.scenario().info;
    info.title = "Renamed";
    d.execute(edits::setInfo(d.scenario(), info));
    EXPECT_TRUE(d.isModified());
    ASSERT_TRUE(d.save(dir / "battle.xml"));
    EXPECT_FALSE(d.isModified());
    EXPECT_TRUE(fs::exists(dir / "battle.xml.bak"));
    auto again = Document::open(dir / "battle.xml");
    ASSERT_TRUE(again);
    EXPECT_EQ((*again)->scenario().info.title, "Renamed");
}

TEST_F(DocumentTest, AutosaveWritesUnsavedWorkAndRecoveryFindsIt) {
    auto doc = Document::open(dir / "battle.xml");
    ASSERT_TRUE(doc);
    Document& d = **doc;
    EXPECT_FALSE(d.autosaveIfModified()) << "nothing to autosave";
    d.execute(edits::setEvent(d.scenario(), 2, "Thunderstorm"));
    ASSERT_TRUE(d.autosaveIfModified());
    EXPECT_FALSE(d.autosaveIfModified()) << "no new edits since the last autosave";
    // The autosave is newer than the file: after a crash, recovery offers it.
    auto found = recoverableAutosaveFor(dir / "battle.xml");
    ASSERT_TRUE(found);
    auto recovered = Document::open(*found);
    ASSERT_TRUE(recovered);
    EXPECT_EQ((*recovered)->scenario().events.at(2), "Thunderstorm");
    // Saving removes it.
    ASSERT_TRUE(d.save(dir / "battle.xml"));
    EXPECT_FALSE(recoverableAutosaveFor(dir / "battle.xml"));
}

TEST_F(DocumentTest, UntitledDocumentsAutosaveInTheStateFolder) {
    auto base = Document::open(dir / "battle.xml");
    ASSERT_TRUE(base);
    Document untitled((*base)->scenario());
    untitled.execute(edits::setEvent(untitled.scenario(), 3, "Fog"));
    ASSERT_TRUE(untitled.autosaveIfModified());
    EXPECT_EQ(untitled.autosavePath().parent_path(), dir / "state" / "sandtable");
    const auto found = findRecoverableAutosaves();
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found.front(), untitled.autosavePath());
    untitled.removeAutosave();
    EXPECT_TRUE(findRecoverableAutosaves().empty());
}

TEST_F(DocumentTest, ABadFileGivesTheReadersMessage) {
    auto doc = Document::open(fs::path(SANDTABLE_TEST_DATA) / "bad" / "unknown-arm.xml");
    ASSERT_FALSE(doc);
    EXPECT_NE(doc.error().find("unknown-arm.xml:49:5: attribute 'arm' of <unit> is 'infantery'"),
              std::string::npos)
        << doc.error();
}

TEST_F(DocumentTest, AnUnknownRulesetIsReported) {
    auto doc = Document::open(dir / "battle.xml");
    ASSERT_TRUE(doc);
    auto used = (*doc)->useRuleset("nonsense");
    ASSERT_FALSE(used);
    EXPECT_NE(used.error().find("no built-in ruleset is called 'nonsense'"), std::string::npos);
    EXPECT_EQ((*doc)->rulesetName(), "hexed-general") << "the previous ruleset stays";
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(DocumentTest, TheRulesetFollowsTheScenarioThroughUndo) {
    auto doc = Document::open(dir / "battle.xml");
    ASSERT_TRUE(doc);
    Document& d = **doc;
    ScenarioInfo info = d.scenario().info;
    info.ruleset = "acw-area";
    d.execute(edits::setInfo(d.scenario(), info));
    EXPECT_EQ(d.rulesetName(), "acw-area");
    d.undo();
    EXPECT_EQ(d.rulesetName(), "hexed-general");
}

TEST_F(DocumentTest, AutosaveFollowsRevisionsNotTheUndoIndex) {
    auto doc = Document::open(dir / "battle.xml");
    ASSERT_TRUE(doc);
    Document& d = **doc;
    auto paint = [&](int terrain) {
        d.execute(edits::paint(d.scenario(), CellLayer::Terrain, {{1, 1}}, terrain));
    };
    paint(1);
    ASSERT_TRUE(d.autosaveIfModified());
    d.undo();
    paint(0 == d.scenario().map.terrain[d.scenario().map.grid.index({1, 1})] ? 1 : 0);
    // The undo index is back where the autosave was, but the scenario is not the autosaved one.
    ASSERT_TRUE(d.autosaveIfModified());
    auto saved = readScenario(d.autosavePath());
    ASSERT_TRUE(saved) << saved.error().toString();
    EXPECT_EQ(*saved, d.scenario());
    EXPECT_FALSE(d.autosaveIfModified()) << "nothing changed since";
}

TEST_F(DocumentTest, AutosaveReadsBackLikeSaveAndKeepsTheLastGoodCopy) {
    auto doc = Document::open(dir / "battle.xml");
    ASSERT_TRUE(doc);
    Document& d = **doc;
    d.execute(edits::paint(d.scenario(), CellLayer::Terrain, {{1, 1}}, 1));
    ASSERT_TRUE(d.autosaveIfModified());
    const auto good = readWholeFile(d.autosavePath());
    ASSERT_TRUE(good);
    // A unit without a name cannot be saved; an edit that slipped past the panels must not replace
    // the last good autosave with a file that will not open.
    Unit nameless = d.scenario().oob.units.begin()->second;
    nameless.name.clear();
    d.execute(edits::setUnit(d.scenario(), d.scenario().oob.units.begin()->first, nameless));
    EXPECT_FALSE(d.autosaveIfModified());
    EXPECT_EQ(readWholeFile(d.autosavePath()).value(), *good);
}

} // namespace
} // namespace sandtable
