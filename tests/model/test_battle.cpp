// A battle of several scenarios: one map and order of battle, each scenario its own start. The
// model's switching, the scenario commands and their undo, edits of the battle reaching every
// scenario, the file format's round trip and the command line's per-scenario reports.
#include "../cli/run_cli.hpp"
#include "editor/document.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "model/commands/resize_map.hpp"
#include "model/commands/scenarios.hpp"
#include "model/commands/undo_stack.hpp"
#include "tests/file_bytes.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

const std::string battleFile = std::string(SANDTABLE_TEST_DATA) + "/good/battle.xml";

Scenario readBattle() {
    auto battle = readScenario(battleFile);
    EXPECT_TRUE(battle) << (battle ? "" : battle.error().toString());
    return battle ? std::move(*battle) : Scenario{};
}

const PieceRef iowa = PieceRef::unit(UnitId{1});
const PieceRef alabama = PieceRef::unit(UnitId{3});

TEST(Battle, ReadsEveryScenarioWithItsOwnStartTheFirstCurrent) {
    const Scenario b = readBattle();
    ASSERT_EQ(scenarioCount(b), 2u);
    EXPECT_EQ(b.current, 0u);
    EXPECT_EQ(b.info.title, "Morning");
    EXPECT_EQ(scenarioInfo(b, 1).title, "Afternoon");
    EXPECT_FALSE(b.deployment.forces) << "the morning has the whole order of battle";
    const ScenarioStart afternoon = scenarioStart(b, 1);
    ASSERT_TRUE(afternoon.deployment.forces);
    EXPECT_EQ(*afternoon.deployment.forces, (std::set{HeadquartersId{3}, HeadquartersId{6}}));
    EXPECT_EQ(afternoon.deployment.placements.at(iowa).now, (StrengthNow{2, 610}));
    EXPECT_EQ(afternoon.deployment.reinforcements.at(alabama).now, (StrengthNow{2, 530}));
    EXPECT_FALSE(b.deployment.placements.at(iowa).now.reduced()) << "full strength in the morning";
}

TEST(Battle, IsCalledWhatItsScenariosTitlesShareBeforeAColon) {
    Scenario b = readBattle();
    EXPECT_EQ(battleTitle(b), "Morning") << "nothing shared: the first scenario's title";
    b.info.title = "Shiloh: morning";
    EXPECT_EQ(battleTitle(b), "Shiloh: morning") << "the afternoon does not share it";
    b.otherStarts[0].info.title = "Shiloh: afternoon";
    EXPECT_EQ(battleTitle(b), "Shiloh");
    b.otherStarts[0].info.title = "Shiloh afternoon";
    EXPECT_EQ(battleTitle(b), "Shiloh: morning");
    b.otherStarts.clear();
    EXPECT_EQ(battleTitle(b), "Shiloh: morning") << "a scenario alone keeps its whole title";
}

TEST(Battle, SavesTheSameBytesWhicheverScenarioIsCurrent) {
    Scenario b = readBattle();
    const std::string first = writeScenarioToString(b);
    makeCurrent(b, 1);
    EXPECT_EQ(b.info.title, "Afternoon");
    EXPECT_EQ(scenarioInfo(b, 0).title, "Morning");
    EXPECT_EQ(writeScenarioToString(b), first);
    const std::string onDisk = testing_support::fileBytes(battleFile);
    EXPECT_EQ(first, onDisk) << "the test battle is in canonical form";
}

TEST(Battle, AVersionOneFileIsABattleOfOneScenarioWrittenInVersionTwo) {
    int version = 0;
    auto small = readScenario(std::string(SANDTABLE_TEST_DATA) + "/good/small.xml", &version);
    ASSERT_TRUE(small);
    EXPECT_EQ(version, 1);
    EXPECT_EQ(scenarioCount(*small), 1u);
    const std::string written = writeScenarioToString(*small);
    EXPECT_NE(written.find("<battle format-version=\"2\">"), std::string::npos);
    auto again = readScenarioFromString(written, "again", &version);
    ASSERT_TRUE(again);
    EXPECT_EQ(version, 2);
    EXPECT_EQ(*again, *small);
}

TEST(Battle, FindsAScenarioByTitleOrNumberAndListsThemOtherwise) {
    const Scenario b = readBattle();
    EXPECT_EQ(findScenario(b, "Afternoon"), 1u);
    EXPECT_EQ(findScenario(b, "1"), 0u);
    EXPECT_EQ(findScenario(b, "2"), 1u);
    auto missing = findScenario(b, "Evening");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error(), "the battle has no scenario 'Evening'; it has 2: 1 'Morning', 2 'Afternoon'");
    EXPECT_FALSE(findScenario(b, "3"));
    EXPECT_FALSE(findScenario(b, "0"));
}

TEST(Battle, AScenarioTitleMustBeItsOwn) {
    const Scenario b = readBattle();
    EXPECT_EQ(scenarioTitleProblem(b, 0, "Morning"), std::nullopt) << "its own title again";
    EXPECT_EQ(scenarioTitleProblem(b, 0, "Afternoon"),
              "scenario 2 is titled 'Afternoon' already; each scenario of a battle needs its own title");
    EXPECT_TRUE(scenarioTitleProblem(b, 2, "Afternoon")) << "a scenario about to be added";
    EXPECT_EQ(scenarioTitleProblem(b, 2, "Evening"), std::nullopt);
    EXPECT_TRUE(scenarioTitleProblem(b, 1, "")) << "blank";
    EXPECT_TRUE(scenarioTitleProblem(b, 1, "two\nlines"));
}

TEST(Battle, APieceTakesPartWhenItsForceIsListed) {
    Scenario b = readBattle();
    EXPECT_TRUE(takesPart(b, PieceRef::commander(HeadquartersId{2}))) << "no list: everyone";
    makeCurrent(b, 1);
    EXPECT_TRUE(takesPart(b, iowa)) << "under the 1st Division";
    EXPECT_TRUE(takesPart(b, PieceRef::commander(HeadquartersId{3})))
        << "the listed division's own commander";
    EXPECT_FALSE(takesPart(b, PieceRef::commander(HeadquartersId{2}))) << "the corps above is not listed";
    EXPECT_FALSE(takesPart(b, PieceRef::train(TrainId{1}))) << "a corps train belongs to the corps";
}

TEST(Battle, StackingCountsTheStandsAUnitHasNow) {
    Scenario b = readBattle();
    makeCurrent(b, 1);
    const Unit& u = b.oob.units.at(UnitId{1});
    EXPECT_EQ(standsNow(u, strengthOf(b, UnitId{1})), 2);
    EXPECT_EQ(strengthNow(u, strengthOf(b, UnitId{1})), 610);
    EXPECT_EQ(standsNow(u, strengthOf(b, UnitId{2})), u.stands) << "another unit's losses are not this one's";
}

TEST(Battle, ScenarioCommandsUndoToTheSameBattle) {
    Scenario b = readBattle();
    const Scenario original = b;
    UndoStack stack(b);
    stack.push(edits::duplicateScenario(b, freeScenarioTitle(b, "Morning")));
    ASSERT_EQ(scenarioCount(b), 3u);
    EXPECT_EQ(b.current, 1u) << "the copy follows its original and is current";
    EXPECT_EQ(b.info.title, "Morning (2)");
    EXPECT_EQ(b.deployment, original.deployment) << "the copy starts from the same deployment";
    stack.push(edits::moveScenario(b, 1, 2));
    EXPECT_EQ(b.current, 2u) << "the moved scenario stays current";
    EXPECT_EQ(scenarioInfo(b, 1).title, "Afternoon");
    stack.push(edits::removeScenario(b, 0));
    EXPECT_EQ(scenarioCount(b), 2u);
    EXPECT_EQ(b.info.title, "Morning (2)");
    stack.undo();
    stack.undo();
    stack.undo();
    EXPECT_EQ(b, original);
    stack.redo();
    stack.redo();
    stack.redo();
    EXPECT_EQ(scenarioInfo(b, 0).title, "Afternoon");
    EXPECT_EQ(scenarioInfo(b, 1).title, "Morning (2)");
    EXPECT_EQ(
        edits::removeScenario(readScenario(std::string(SANDTABLE_TEST_DATA) + "/good/small.xml").value(), 0),
        nullptr)
        << "a battle keeps one scenario at least";
}

TEST(Battle, UndoOfADeploymentEditGoesBackToItsScenario) {
    Scenario b = readBattle();
    UndoStack stack(b);
    makeCurrent(b, 1);
    Placement moved = b.deployment.placements.at(iowa);
    moved.cells = {{4, 1}};
    stack.push(edits::setPlacement(b, iowa, moved));
    makeCurrent(b, 0); // the designer looks at the morning again
    const Placement morning = b.deployment.placements.at(iowa);
    stack.undo();
    EXPECT_EQ(b.current, 1u) << "the undo happened where the edit was made";
    EXPECT_EQ(b.deployment.placements.at(iowa).cells, (PlacedCells{{2, 1}}));
    EXPECT_EQ(scenarioStart(b, 0).deployment.placements.at(iowa), morning) << "the morning untouched";
    makeCurrent(b, 0);
    stack.redo();
    EXPECT_EQ(b.current, 1u);
    EXPECT_EQ(b.deployment.placements.at(iowa).cells, (PlacedCells{{4, 1}}));
}

TEST(Battle, AMapEditIsTheBattlesAndSeenFromEveryScenario) {
    Scenario b = readBattle();
    UndoStack stack(b);
    stack.push(edits::paint(b, CellLayer::Terrain, {{0, 0}}, 1));
    makeCurrent(b, 1);
    EXPECT_EQ(b.map.terrain[0], 1);
    stack.undo();
    EXPECT_EQ(b.current, 1u) << "a map edit undoes wherever the designer is";
    EXPECT_EQ(b.map.terrain[0], 0);
}

TEST(Battle, DeletingFromTheOrderOfBattleReachesEveryScenario) {
    Scenario b = readBattle();
    const Scenario original = b;
    UndoStack stack(b);
    stack.push(edits::removePiece(b, iowa));
    EXPECT_FALSE(b.deployment.placements.contains(iowa));
    EXPECT_FALSE(scenarioStart(b, 1).deployment.placements.contains(iowa));
    stack.push(edits::removeHeadquarters(b, HeadquartersId{6}));
    const ScenarioStart afternoon = scenarioStart(b, 1);
    EXPECT_FALSE(afternoon.deployment.reinforcements.contains(alabama));
    EXPECT_EQ(*afternoon.deployment.forces, (std::set{HeadquartersId{3}, HeadquartersId{5}}))
        << "the deleted division gives way to its corps";
    EXPECT_TRUE(readScenarioFromString(writeScenarioToString(b), "after")) << "still saves and reopens";
    stack.undo();
    stack.undo();
    EXPECT_EQ(b, original);
}

TEST(Battle, DeletingAScenariosOnlyArmyLeavesItTheWholeOrderOfBattle) {
    Scenario b = readBattle();
    UndoStack stack(b);
    makeCurrent(b, 1);
    stack.push(edits::setForces(b, std::set{HeadquartersId{4}}));
    stack.push(edits::removeHeadquarters(b, HeadquartersId{4}));
    EXPECT_FALSE(b.deployment.forces) << "never a scenario without forces, which would not save";
    EXPECT_TRUE(readScenarioFromString(writeScenarioToString(b), "after"));
}

// Choosing the forces takes the others' pieces off the map and out of the schedule in the same undo
// step, so the scenario always saves and reopens.
TEST(Battle, ChoosingTheForcesTakesTheOthersPiecesOffInOneStep) {
    Scenario b = readBattle();
    const Scenario original = b;
    UndoStack stack(b);
    // The morning, with only the Union's 1st Division and the Confederate corps.
    stack.push(edits::chooseForces(b, std::set{HeadquartersId{3}, HeadquartersId{5}}));
    EXPECT_EQ(stack.size(), 1u);
    EXPECT_EQ(*b.deployment.forces, (std::set{HeadquartersId{3}, HeadquartersId{5}}));
    EXPECT_TRUE(b.deployment.placements.contains(iowa));
    EXPECT_TRUE(b.deployment.placements.contains(PieceRef::commander(HeadquartersId{6})))
        << "under the corps";
    EXPECT_FALSE(b.deployment.placements.contains(PieceRef::train(TrainId{1})))
        << "the I Corps train is Smith's, above the division";
    EXPECT_FALSE(b.deployment.reinforcements.contains(PieceRef::commander(HeadquartersId{2})))
        << "Smith himself takes no part";
    auto reread = readScenarioFromString(writeScenarioToString(b), "after");
    ASSERT_TRUE(reread) << reread.error().toString();
    stack.undo();
    EXPECT_EQ(b, original);
    // Every army chosen is the whole order of battle.
    stack.push(edits::chooseForces(b, std::nullopt));
    EXPECT_FALSE(b.deployment.forces);
    EXPECT_EQ(b.deployment, original.deployment);
}

// The order of battle's full strength may not fall below what a scenario starts a unit with.
TEST(Battle, AFullStrengthBelowAScenariosStartIsRefused) {
    const Scenario b = readBattle();
    Unit iowaUnit = b.oob.units.at(UnitId{1});
    iowaUnit.strength = 700;
    EXPECT_FALSE(fullStrengthProblem(b, UnitId{1}, iowaUnit)) << "the afternoon starts it with 610";
    iowaUnit.strength = 600;
    EXPECT_EQ(fullStrengthProblem(b, UnitId{1}, iowaUnit),
              "scenario 2, 'Afternoon' starts 1st Iowa with 610 men or guns; at full strength it cannot have "
              "fewer");
    iowaUnit.strength = 900;
    iowaUnit.stands = 1;
    EXPECT_EQ(fullStrengthProblem(b, UnitId{1}, iowaUnit),
              "scenario 2, 'Afternoon' starts 1st Iowa with 2 stands; at full strength it cannot have fewer");
}

TEST(Battle, AResizeMovesEveryScenarioInOneStepAndReportsEach) {
    Scenario b = readBattle();
    const Scenario original = b;
    UndoStack stack(b);
    // Two columns fewer, kept on the left: the afternoon's Alabama entry (0601) and commander
    // (0403 stays) and the morning's pieces in column 5 and 6 fall off.
    const ResizePlan plan = ResizePlan::anchored(b.map.grid, 4, 5, {});
    const ResizeLosses losses = resizeLosses(b, plan);
    ASSERT_EQ(losses.scenarios.size(), 2u);
    EXPECT_EQ(losses.scenarios[0].title, "Morning");
    EXPECT_EQ(losses.scenarios[0].pieces,
              (std::vector<std::string>{"22nd Alabama", "Withers", "II Corps train"}));
    EXPECT_EQ(losses.scenarios[1].reinforcementEntries, (std::vector<std::string>{"22nd Alabama"}));
    EXPECT_NE(losses.summary().find("in 'Morning': 3 pieces (22nd Alabama, Withers, II Corps train)"),
              std::string::npos)
        << losses.summary();
    EXPECT_NE(losses.summary().find("in 'Afternoon': 1 reinforcement entry (22nd Alabama)"),
              std::string::npos)
        << losses.summary();
    stack.push(resizeMap(b, plan));
    EXPECT_EQ(stack.size(), 1u);
    EXPECT_FALSE(scenarioStart(b, 1).deployment.reinforcements.contains(alabama));
    EXPECT_TRUE(readScenarioFromString(writeScenarioToString(b), "resized"));
    stack.undo();
    EXPECT_EQ(b, original);
}

TEST(Battle, ADocumentShowsOneScenarioAndCountsTheOthersProblems) {
    Document doc(readBattle(), battleFile, 2);
    EXPECT_EQ(doc.scenario().info.title, "Morning");
    EXPECT_EQ(doc.problems().warnings(), 3) << "Grant, Johnston and Bragg are not deployed";
    ASSERT_EQ(doc.otherScenarioProblems().size(), 1u);
    EXPECT_EQ(doc.otherScenarioProblems()[0].index, 1u);
    EXPECT_TRUE(doc.otherScenarioProblems()[0].validated);
    EXPECT_EQ(doc.otherScenarioProblems()[0].warnings, 0) << "the afternoon's forces are all deployed";
    doc.chooseScenario(1);
    EXPECT_EQ(doc.scenario().info.title, "Afternoon");
    EXPECT_EQ(doc.problems().warnings(), 0);
    EXPECT_FALSE(doc.isModified()) << "choosing a scenario changes nothing in the file";
    EXPECT_EQ(doc.otherScenarioProblems()[0].warnings, 3);
}

TEST(Battle, ADocumentReadInVersionOneSaysItWillBeWrittenInVersionTwo) {
    const testing_support::TemporaryFolder folder("battle");
    const fs::path& dir = folder.path();
    fs::copy_file(std::string(SANDTABLE_TEST_DATA) + "/good/small.xml", dir / "old.xml",
                  fs::copy_options::overwrite_existing);
    auto doc = Document::open(dir / "old.xml");
    ASSERT_TRUE(doc);
    EXPECT_EQ((*doc)->readFormatVersion(), 1);
    EXPECT_TRUE((*doc)->savesInNewerFormat());
    ASSERT_TRUE((*doc)->save(dir / "old.xml"));
    EXPECT_FALSE((*doc)->savesInNewerFormat());
    int version = 0;
    EXPECT_TRUE(readScenario(dir / "old.xml", &version));
    EXPECT_EQ(version, 2);
}

using test_support::CliResult;
using test_support::run;

TEST(BattleCli, ValidateReportsEveryScenarioUnderItsOwnRuleset) {
    const CliResult r = run({"validate", battleFile});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find(battleFile + ": scenario 1, 'Morning': hexed-general: 0 errors, 3 warnings"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(battleFile + ": scenario 2, 'Afternoon': hexed-general: 0 errors, 0 warnings"),
              std::string::npos)
        << r.out;
    const CliResult one = run({"validate", battleFile, "--scenario", "2"});
    EXPECT_EQ(one.out.find("'Morning'"), std::string::npos) << one.out;
    const CliResult json = run({"validate", battleFile, "--json"});
    EXPECT_EQ(json.out.front(), '[') << "a battle's reports are an array";
    EXPECT_NE(json.out.find("\"scenario\": \"Afternoon\""), std::string::npos) << json.out;
    const CliResult jsonOne = run({"validate", battleFile, "--scenario", "Afternoon", "--json"});
    EXPECT_EQ(jsonOne.out.front(), '{') << "one scenario's report is one object";
}

TEST(BattleCli, AnyScenarioWithErrorsExitsOne) {
    const testing_support::TemporaryFolder folder("battle-cli");
    const fs::path& dir = folder.path();
    Scenario b = readBattle();
    makeCurrent(b, 1);
    // Two units of opposite sides in one hex: an error in the afternoon only.
    b.deployment.placements[iowa].cells = {{3, 2}};
    b.deployment.reinforcements.erase(alabama);
    b.deployment.placements[alabama] = Placement{{{3, 2}}, Facing{FacingKind::Corner, 3}};
    ASSERT_TRUE(saveScenario(b, dir / "b.xml"));
    const std::string file = (dir / "b.xml").string();
    const CliResult all = run({"validate", file});
    EXPECT_EQ(all.code, 1) << all.out;
    EXPECT_EQ(run({"validate", file, "--scenario", "Morning"}).code, 0);
    EXPECT_EQ(run({"validate", file, "--scenario", "Afternoon"}).code, 1);
    const CliResult unknown = run({"validate", file, "--scenario", "Evening"});
    EXPECT_EQ(unknown.code, 2);
    EXPECT_EQ(unknown.err,
              file + ": the battle has no scenario 'Evening'; it has 2: 1 'Morning', 2 'Afternoon'\n");
}

TEST(BattleCli, InfoListsTheScenarios) {
    const CliResult r = run({"info", battleFile});
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("  * 1. Morning, 1862-04-06, 8 turns, hexed-general\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("    2. Afternoon, 1862-04-06, 6 turns, hexed-general\n"), std::string::npos)
        << r.out;
    const CliResult afternoon = run({"info", battleFile, "--scenario", "Afternoon", "--json"});
    EXPECT_NE(afternoon.out.find("\"scenario\": 2"), std::string::npos) << afternoon.out;
}

} // namespace
} // namespace sandtable
