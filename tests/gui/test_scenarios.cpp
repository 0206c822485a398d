// A battle's scenarios in the editor: the Scenarios panel and the Scenario menu's list commands,
// a second scenario made from the first by duplicating it and moving a piece, each scenario's
// problems, undo across scenarios, and the notice before an old file is written in the new format.
#include "editor/panels/problems_panel.hpp"
#include "editor/panels/scenario_panel.hpp"
#include "editor/panels/scenarios_panel.hpp"
#include "editor_window.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "tests/file_bytes.hpp"

#include <wx/listctrl.h>
#include <wx/propgrid/propgrid.h>

#include <fstream>

namespace sandtable {
namespace {

class Scenarios : public EditorWindow {
  protected:
    ScenariosPanel& panel() { return *frame->scenariosPanel(); }
    fs::path copyOf(const char* name) {
        const fs::path file = dir / name;
        fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "good" / name, file,
                      fs::copy_options::overwrite_existing);
        return file;
    }
    // What the designer types into the title box.
    // An action by its name, as its menu item or toolbar button runs it (Undo's label changes).
    void run(const char* name) {
        const Action* action = findAction(frame->actions(), name);
        ASSERT_NE(action, nullptr) << name;
        menu(action->id);
    }
    void typeTitle(const wxString& title) {
        frame->askEdit = [this, title](const wxString& question, const wxString& suggestion) {
            questions.push_back(question + " [" + suggestion + "]");
            return title;
        };
    }
};

const PieceRef iowa = PieceRef::unit(UnitId{1});

TEST_F(Scenarios, ThePanelListsTheBattlesScenariosWithTheirProblems) {
    ASSERT_TRUE(frame->open(copyOf("battle.xml")));
    ASSERT_EQ(panel().rowCount(), 2);
    EXPECT_EQ(panel().rowText(0, 1), "Morning");
    EXPECT_EQ(panel().rowText(1, 1), "Afternoon");
    EXPECT_EQ(panel().rowText(0, 3), "3 warnings");
    EXPECT_EQ(panel().rowText(1, 3), "clean");
    EXPECT_EQ(panel().selectedRow(), 0);
    EXPECT_TRUE(
        frame->problems()->summaryText().ends_with("other scenarios: 'Afternoon' 0 errors, 0 warnings"))
        << frame->problems()->summaryText();
    // Choosing a row makes it current, and the map and problems follow; nothing to save.
    panel().list()->SetItemState(1, wxLIST_STATE_SELECTED, wxLIST_STATE_SELECTED);
    pump();
    if (scenario().current != 1) { // not every port sends the event for a programmatic selection
        wxListEvent e(wxEVT_LIST_ITEM_SELECTED, panel().list()->GetId());
        e.m_itemIndex = 1;
        e.SetEventObject(panel().list());
        panel().list()->ProcessWindowEvent(e);
        pump();
    }
    EXPECT_EQ(scenario().current, 1u);
    EXPECT_EQ(scenario().info.title, "Afternoon");
    EXPECT_EQ(frame->document()->problems().warnings(), 0);
    EXPECT_FALSE(frame->document()->isModified());
    EXPECT_TRUE(frame->problems()->summaryText().ends_with("other scenarios: 'Morning' 0 errors, 3 warnings"))
        << frame->problems()->summaryText();
    // Bragg's corps takes no part in the afternoon: dropping him on the map is refused, as the file
    // would refuse it.
    std::vector<std::string> messages;
    frame->canvas()->tools()->onMessage = [&](const std::string& m) { messages.push_back(m); };
    frame->canvas()->tools()->placePiece(PieceRef::commander(HeadquartersId{5}), at({0, 4}));
    EXPECT_FALSE(scenario().deployment.placements.contains(PieceRef::commander(HeadquartersId{5})));
    ASSERT_FALSE(messages.empty());
    EXPECT_EQ(messages.back(), "Not placed: its force does not take part in the scenario 'Afternoon'");
    frame->canvas()->tools()->placePiece(PieceRef::commander(HeadquartersId{3}), at({0, 4}));
    EXPECT_EQ(scenario().deployment.placements.at(PieceRef::commander(HeadquartersId{3})).cells,
              (PlacedCells{{0, 4}}))
        << "a piece of a listed force is placed";
    menu("Scenario", "Previous scenario");
    EXPECT_EQ(scenario().info.title, "Morning");
    EXPECT_EQ(panel().selectedRow(), 0);
    // The Scenario panel's title takes no other scenario's either.
    frame->scenarioPanel()->grid()->ChangePropertyValue("title", "Afternoon");
    pump();
    EXPECT_EQ(scenario().info.title, "Morning");
    frame->scenarioPanel()->grid()->ChangePropertyValue("title", "Dawn");
    pump();
    EXPECT_EQ(scenario().info.title, "Dawn");
    EXPECT_EQ(panel().rowText(0, 1), "Dawn");
}

TEST_F(Scenarios, TheSecondDayIsTheFirstDuplicatedWithItsPiecesMoved) {
    const fs::path file = copyOf("battle.xml");
    ASSERT_TRUE(frame->open(file));
    typeTitle("Morning, second hour");
    menu("Scenario", "Duplicate scenario...");
    ASSERT_EQ(scenarioCount(scenario()), 3u);
    EXPECT_EQ(scenario().current, 1u) << "the copy follows the original and is the one edited";
    EXPECT_EQ(scenario().info.title, "Morning, second hour");
    EXPECT_EQ(questions.back(), "Title of the copy [Morning (2)]");
    EXPECT_EQ(panel().rowText(1, 1), "Morning, second hour");
    EXPECT_EQ(panel().selectedRow(), 1);
    // Move the Iowans in the copy: the morning keeps them where they were.
    Placement moved = scenario().deployment.placements.at(iowa);
    moved.cells = {{3, 1}};
    frame->document()->execute(edits::setPlacement(scenario(), iowa, moved));
    pump();
    EXPECT_EQ(scenarioStart(scenario(), 0).deployment.placements.at(iowa).cells, (PlacedCells{{1, 1}}));
    // Undo from another scenario goes back to where the move was made.
    menu("Scenario", "Previous scenario");
    EXPECT_EQ(scenario().current, 0u);
    run("edit.undo");
    EXPECT_EQ(scenario().current, 1u);
    EXPECT_EQ(panel().selectedRow(), 1);
    EXPECT_EQ(scenario().deployment.placements.at(iowa).cells, (PlacedCells{{1, 1}}));
    run("edit.redo");
    // A title another scenario has is refused, and said.
    typeTitle("Afternoon");
    menu("Scenario", "Rename scenario...");
    EXPECT_EQ(scenario().info.title, "Morning, second hour");
    ASSERT_FALSE(errors.empty());
    EXPECT_TRUE(errors.back().Contains("is titled 'Afternoon' already")) << errors.back();
    // Reorder, save, reopen: the file holds all three in the new order.
    menu("Scenario", "Move scenario down");
    EXPECT_EQ(scenarioInfo(scenario(), 2).title, "Morning, second hour");
    menu("File", "Save");
    auto reopened = readScenario(file);
    ASSERT_TRUE(reopened);
    ASSERT_EQ(scenarioCount(*reopened), 3u);
    EXPECT_EQ(scenarioInfo(*reopened, 1).title, "Afternoon");
    EXPECT_EQ(scenarioStart(*reopened, 2).deployment.placements.at(iowa).cells, (PlacedCells{{3, 1}}));
    // Delete asks first, and Undo brings the scenario back.
    answer = wxYES;
    menu("Scenario", "Delete scenario");
    EXPECT_EQ(scenarioCount(scenario()), 2u);
    run("edit.undo");
    EXPECT_EQ(scenarioCount(scenario()), 3u);
    EXPECT_EQ(scenario().info.title, "Morning, second hour");
}

TEST_F(Scenarios, AnOldFileIsWrittenInTheNewVersionOnlyAfterSaying) {
    const fs::path file = copyOf("small.xml");
    ASSERT_TRUE(frame->open(file));
    frame->document()->execute(edits::setEvent(scenario(), 3, "Rain"));
    answer = wxNO;
    menu("File", "Save");
    ASSERT_FALSE(questions.empty());
    EXPECT_TRUE(questions.back().Contains("format-version 1")) << questions.back();
    int version = 0;
    ASSERT_TRUE(readScenario(file, &version));
    EXPECT_EQ(version, 1) << "declined: the old file is untouched";
    answer = wxYES;
    menu("File", "Save");
    ASSERT_TRUE(readScenario(file, &version));
    EXPECT_EQ(version, 2);
    const std::size_t asked = questions.size();
    menu("File", "Save");
    EXPECT_EQ(questions.size(), asked) << "said once, before the first save";
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

// A VASSAL module holds every scenario of the battle: an error in another scenario is asked about
// before it is written, while a map export draws the current scenario and asks about its own only.
TEST_F(Scenarios, AnExportThatHoldsEveryScenarioAsksAboutTheOthersErrors) {
    const fs::path file = dir / "crowded-afternoon.xml";
    {
        std::string text = testing_support::fileBytes(fs::path(SANDTABLE_TEST_DATA) / "good" / "battle.xml");
        const std::string clean = R"(<place piece="unit:2" cells="0303" facing="corner:0" />)";
        const auto at = text.find(clean);
        ASSERT_NE(at, std::string::npos);
        text.replace(at, clean.size(), R"(<place piece="unit:2" cells="0302" facing="corner:0" />)");
        std::ofstream(file) << text;
    }
    ASSERT_TRUE(frame->open(file));
    ASSERT_EQ(scenario().current, 0u);
    questions.clear();
    answer = wxNO;
    EXPECT_TRUE(frame->exportTo(dir / "morning.tmx", "tmx"));
    EXPECT_TRUE(questions.empty()) << "the morning is clean";
    EXPECT_FALSE(frame->exportTo(dir / "battle.vmod", "vassal"));
    EXPECT_FALSE(fs::exists(dir / "battle.vmod"));
    ASSERT_EQ(questions.size(), 1u);
    EXPECT_TRUE(questions.back().Contains("1 errors: 0 in this one")) << questions.back();
    answer = wxYES;
    EXPECT_TRUE(frame->exportTo(dir / "battle.vmod", "vassal"));
    EXPECT_TRUE(fs::exists(dir / "battle.vmod"));
}

} // namespace
} // namespace sandtable

#include "editor/panels/oob_panel.hpp"
#include "editor/panels/properties_panel.hpp"

namespace sandtable {
namespace {

// A unit's stands and men at the scenario's start are edited in its properties, one undo step in
// that scenario, up to its full strength; the order of battle's full strength may not fall below a
// scenario's start.
TEST_F(Scenarios, AUnitsStrengthAtTheStartIsTheScenarios) {
    ASSERT_TRUE(frame->open(copyOf("battle.xml")));
    frame->document()->chooseScenario(1);
    pump();
    frame->propertiesPanel()->show(iowa);
    wxPropertyGrid* grid = frame->propertiesPanel()->grid();
    ASSERT_NE(grid->GetProperty("Men or guns at start"), nullptr);
    EXPECT_EQ(grid->GetPropertyValue("Men or guns at start").GetLong(), 610);
    EXPECT_EQ(grid->GetPropertyValue("Stands at start").GetLong(), 2);
    // More than full strength is refused, saying what is allowed.
    auto refused = frame->propertiesPanel()->edit("Men or guns at start", wxVariant("901"));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error(), "Men or guns at start must be a whole number from 0 to 900, not '901'");
    auto edit = frame->propertiesPanel()->edit("Men or guns at start", wxVariant("480"));
    ASSERT_TRUE(edit) << edit.error();
    frame->document()->execute(std::move(*edit));
    EXPECT_EQ(scenario().deployment.placements.at(iowa).now, (StrengthNow{2, 480}));
    // Back to full strength: nothing is written for it.
    edit = frame->propertiesPanel()->edit("Stands at start", wxVariant("3"));
    ASSERT_TRUE(edit) << edit.error();
    frame->document()->execute(std::move(*edit));
    EXPECT_EQ(scenario().deployment.placements.at(iowa).now, (StrengthNow{std::nullopt, 480}));
    // The order of battle's full strength may not fall below the 480 this scenario starts it with.
    refused = frame->propertiesPanel()->edit("Men or guns", wxVariant("400"));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error(), "scenario 2, 'Afternoon' starts 1st Iowa with 480 men or guns; at full "
                               "strength it cannot have fewer");
    // Both edits undo in the afternoon, and the morning never changed.
    run("edit.undo");
    run("edit.undo");
    EXPECT_EQ(scenario().deployment.placements.at(iowa).now, (StrengthNow{2, 610}));
    EXPECT_FALSE(scenarioStart(scenario(), 0).deployment.placements.at(iowa).now.reduced());
    // In the morning, where it starts at full strength, the fields show its full strength.
    frame->document()->chooseScenario(0);
    pump();
    frame->propertiesPanel()->show(iowa);
    EXPECT_EQ(frame->propertiesPanel()->grid()->GetPropertyValue("Men or guns at start").GetLong(), 900);
}

// Scenario > Forces taking part: ticking formations in the order of battle; the others' pieces leave
// the map and the schedule in one undo step; none ticked is refused; every army is the whole.
TEST_F(Scenarios, TheForcesTakingPartAreTickedInTheOrderOfBattle) {
    ASSERT_TRUE(frame->open(copyOf("battle.xml")));
    wxArrayString offered;
    std::vector<int> ticks;
    std::vector<int> tickedBefore;
    frame->askChoices = [&](const wxString&, const wxArrayString& items, const std::vector<int>& ticked) {
        offered = items;
        tickedBefore = ticked;
        return std::optional(ticks);
    };
    // Army of the Tennessee, I Corps, 1st Division, Army of Mississippi, II Corps, 2nd Division.
    ticks = {2, 4};
    run("scenarios.forces");
    ASSERT_EQ(offered.size(), 6u);
    EXPECT_EQ(offered[2], "        1st Division - Jones");
    EXPECT_EQ(tickedBefore, (std::vector<int>{0, 3})) << "the whole order of battle: both armies";
    ASSERT_TRUE(scenario().deployment.forces);
    EXPECT_EQ(*scenario().deployment.forces, (std::set{HeadquartersId{3}, HeadquartersId{5}}));
    EXPECT_FALSE(scenario().deployment.placements.contains(PieceRef::train(TrainId{1})));
    EXPECT_TRUE(frame->GetStatusBar()->GetStatusText(0).Contains("2 pieces of the others left"))
        << frame->GetStatusBar()->GetStatusText(0);
    run("scenarios.forces");
    EXPECT_EQ(tickedBefore, (std::vector<int>{2, 4}));
    // None ticked is refused; nothing changes.
    ticks = {};
    run("scenarios.forces");
    ASSERT_FALSE(errors.empty());
    EXPECT_TRUE(errors.back().Contains("at least one force")) << errors.back();
    EXPECT_EQ(*scenario().deployment.forces, (std::set{HeadquartersId{3}, HeadquartersId{5}}));
    // Both armies: the whole order of battle again.
    ticks = {0, 3};
    run("scenarios.forces");
    EXPECT_FALSE(scenario().deployment.forces);
    // Undo goes back through the three choices to the whole order of battle with every piece.
    run("edit.undo");
    EXPECT_EQ(*scenario().deployment.forces, (std::set{HeadquartersId{3}, HeadquartersId{5}}));
    run("edit.undo");
    run("edit.undo");
    EXPECT_FALSE(scenario().deployment.forces);
    EXPECT_TRUE(scenario().deployment.placements.contains(PieceRef::train(TrainId{1}))) << "back on the map";
    EXPECT_TRUE(scenario().deployment.reinforcements.contains(PieceRef::commander(HeadquartersId{2})));
    EXPECT_TRUE(frame->save());
    auto reread = readScenario(dir / "battle.xml");
    ASSERT_TRUE(reread) << reread.error().toString();
}

} // namespace
} // namespace sandtable
