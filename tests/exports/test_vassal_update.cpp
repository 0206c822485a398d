// Re-exporting a module a designer customised in VASSAL's editor (--update): their chart, button,
// file, trait and changed setting are kept, Sandtable's board and pieces made again; a module that
// is not one, or not Sandtable's, is refused with nothing written.
#include "exports/vassal_module.hpp"
#include "exports/vassal_prototypes.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/vassal/module_reader.hpp"
#include "formats/vassal/sequence.hpp"
#include "tests/exports/play_setup_of.hpp"
#include "tests/formats/vassal_oracle.hpp"
#include "tests/formats/zip_archive.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

class VassalUpdate : public testing::Test {
  protected:
    void SetUp() override {
        const fs::path folder = fs::path(SANDTABLE_SAMPLES) / "shiloh";
        auto s = readScenario(folder / "shiloh.sandtable.xml");
        ASSERT_TRUE(s) << s.error().toString();
        scenario = *s;
        play = testing_support::playSetupOfScenario(scenario, folder);
    }

    std::expected<std::string, std::string> exportTo(const fs::path& out,
                                                     std::optional<fs::path> update = {}) {
        return exportVassal(scenario, out, VassalExportOptions{60, true, play, update});
    }

    testing_support::TemporaryFolder folder_{"update"};
    const fs::path dir = folder_.path();
    Scenario scenario;
    PlaySetup play;
};

// The designer's edits, made the way VASSAL's editor writes them into the build file.
void customise(const fs::path& from, const fs::path& to) {
    auto names = listVassalModuleEntries(from);
    ASSERT_TRUE(names);
    auto entries = readVassalModuleEntries(from, *names, 64 << 20);
    ASSERT_TRUE(entries);
    std::vector<std::pair<std::string, std::string>> files;
    pugi::xml_document doc;
    for (const std::string& name : *names) {
        if (name == "buildFile.xml") {
            ASSERT_TRUE(doc.load_string(entries->at(name)->c_str()));
        } else {
            files.emplace_back(name, *entries->at(name));
        }
    }
    pugi::xml_node root = doc.document_element();
    pugi::xml_node chart = root.append_child("VASSAL.build.module.ChartWindow");
    chart.append_attribute("name") = "House rules";
    chart.append_attribute("text") = "House rules";
    pugi::xml_node html = chart.append_child("VASSAL.build.widget.HtmlChart");
    html.append_attribute("chartName") = "House rules";
    html.append_attribute("fileName") = "house-rules.html";
    files.emplace_back("house-rules.html", "<html><body>Rally on a 3 at our club.</body></html>");
    pugi::xml_node dice = root.append_child("VASSAL.build.module.DiceButton");
    dice.append_attribute("name") = "1D20";
    dice.append_attribute("nDice") = "1";
    dice.append_attribute("nSides") = "20";
    // A setting of Sandtable's changed: the Zoomer starts further out.
    pugi::xml_node zoomer = root.find_node(
        [](pugi::xml_node n) { return std::string_view(n.name()) == "VASSAL.build.module.map.Zoomer"; });
    ASSERT_TRUE(zoomer);
    zoomer.attribute("zoomStart") = "5";
    // A trait added to Sandtable's unit prototype, outermost, as the editor adds it.
    pugi::xml_node unit = root.find_node([](pugi::xml_node n) {
        return std::string_view(n.name()) == "VASSAL.build.module.PrototypeDefinition" &&
               std::string_view(n.attribute("name").value()) == "Unit";
    });
    ASSERT_TRUE(unit);
    auto piece = decodeVassalPiece(unit.child_value());
    ASSERT_TRUE(piece) << piece.error();
    std::vector<VassalTraitText> chain{{"cmt;Our club rallies on a 3", ""}};
    for (std::size_t i = 0; i + 1 < piece->traits.size(); ++i) {
        chain.push_back({piece->traits[i].type, piece->traits[i].state});
    }
    const VassalTraitText whole = vassalChain(chain, {piece->basic().type, piece->basic().state});
    unit.text() = vassalSequence({"+", piece->id, whole.type, whole.state}, '/').c_str();
    std::ostringstream text;
    doc.save(text);
    files.emplace_back("buildFile.xml", text.str());
    testing_support::writeZip(to, files);
}

TEST_F(VassalUpdate, TheDesignersChartButtonFileTraitAndSettingAreKeptAndTheBoardIsNew) {
    const fs::path old = dir / "old.vmod", custom = dir / "custom.vmod", updated = dir / "updated.vmod";
    ASSERT_TRUE(exportTo(old));
    customise(old, custom);
    // The map changes: a cell's terrain.
    scenario.map.terrain[scenario.map.grid.index({2, 2})] =
        scenario.map.terrain[scenario.map.grid.index({2, 2})] == 0 ? 1 : 0;
    auto written = exportTo(updated, custom);
    ASSERT_TRUE(written) << written.error();
    EXPECT_NE(written->find("kept your ChartWindow 'House rules'"), std::string::npos) << *written;
    EXPECT_NE(written->find("kept 1 trait you added to prototype 'Unit'"), std::string::npos) << *written;

    auto module = readVassalModule(updated);
    ASSERT_TRUE(module) << module.error().toString();
    const auto problems = testing_support::pieceProblems(*module);
    EXPECT_TRUE(problems.empty()) << problems.front();
    auto entries =
        readVassalModuleEntries(updated, {"buildFile.xml", "house-rules.html", "images/board.png"}, 64 << 20);
    ASSERT_TRUE(entries);
    ASSERT_TRUE(entries->at("house-rules.html")) << "the chart's page is kept";
    const std::string& build = *entries->at("buildFile.xml");
    EXPECT_NE(build.find("name=\"House rules\""), std::string::npos);
    EXPECT_NE(build.find("name=\"1D20\""), std::string::npos);
    const auto zoom = module->componentsNamed("Zoomer");
    ASSERT_EQ(zoom.size(), 1u);
    EXPECT_EQ((*zoom.front())["zoomStart"], "5") << "the designer's setting";
    // The prototype: their trait outermost, then every one of Sandtable's.
    auto fresh = readVassalModule(old);
    ASSERT_TRUE(fresh);
    auto prototype = [](const VassalModule& m) -> const VassalPiece* {
        for (const VassalPrototype& p : m.prototypes) {
            if (p.name == "Unit" && p.piece) {
                return &*p.piece;
            }
        }
        return nullptr;
    };
    const VassalPiece* now = prototype(*module);
    const VassalPiece* before = prototype(*fresh);
    ASSERT_NE(now, nullptr);
    ASSERT_NE(before, nullptr);
    ASSERT_EQ(now->traits.size(), before->traits.size() + 1);
    EXPECT_EQ(now->traits.front().type, "cmt;Our club rallies on a 3");
    for (std::size_t i = 0; i < before->traits.size(); ++i) {
        EXPECT_EQ(now->traits[i + 1].type, before->traits[i].type);
    }
    // The board is the new map's.
    auto oldBoard = readVassalModuleEntries(old, {"images/board.png"}, 64 << 20);
    ASSERT_TRUE(oldBoard && oldBoard->at("images/board.png") && entries->at("images/board.png"));
    EXPECT_NE(*oldBoard->at("images/board.png"), *entries->at("images/board.png"));
    // And again over the updated one: nothing doubles.
    const fs::path twice = dir / "twice.vmod";
    ASSERT_TRUE(exportTo(twice, updated));
    auto again = readVassalModule(twice);
    ASSERT_TRUE(again);
    EXPECT_EQ(prototype(*again)->traits.size(), now->traits.size());
    EXPECT_EQ(again->componentsNamed("DiceButton").size(), module->componentsNamed("DiceButton").size());
}

std::vector<std::string> listedTurns(const VassalModule& module) {
    const auto tracker = module.componentsNamed("TurnTracker");
    if (tracker.size() != 1 || tracker.front()->children.size() != 1 ||
        tracker.front()->children.front().info->shortName() != "ListTurnLevel") {
        return {};
    }
    return vassalTokens(tracker.front()->children.front()["list"], ',');
}

// What comes from the scenario and its ruleset is made again in Sandtable's components the old
// module keeps: the turns the tracker counts and the dice a button rolls; a turn format the
// designer wrote stays theirs, and the update says what the scenario's would be.
TEST_F(VassalUpdate, TheTurnsAndTheDiceFollowTheScenarioAndTheRulesetAgain) {
    const fs::path old = dir / "old.vmod", updated = dir / "updated.vmod";
    // A module of a Sandtable before turns had times: a counter of turns.
    const std::optional<ClockTime> start = scenario.info.startTime;
    ASSERT_TRUE(start);
    scenario.info.startTime.reset();
    ASSERT_TRUE(exportTo(old));
    auto before = readVassalModule(old);
    ASSERT_TRUE(before);
    EXPECT_EQ((*before->componentsNamed("TurnTracker").front())["turnFormat"],
              "Turn $level1$ of " + std::to_string(scenario.info.turns));
    scenario.info.startTime = start;
    ASSERT_FALSE(play.play.dice.empty());
    const std::string die = play.play.dice.front().name;
    scenario.info.turns += 3;
    play.play.dice.front().count += 1;
    auto written = exportTo(updated, old);
    ASSERT_TRUE(written) << written.error();
    auto module = readVassalModule(updated);
    ASSERT_TRUE(module) << module.error().toString();
    const auto tracker = module->componentsNamed("TurnTracker");
    ASSERT_EQ(tracker.size(), 1u);
    EXPECT_EQ((*tracker.front())["turnFormat"], "$level1$");
    const std::vector<std::string> turns = listedTurns(*module);
    ASSERT_EQ(turns.size(), static_cast<std::size_t>(scenario.info.turns)) << "the counter became a list";
    EXPECT_EQ(turns.front(), "Turn 1: 7:00 am, 6 April 1862");
    EXPECT_NE(written->find("the turn tracker counts the scenario's turns again: " +
                            std::to_string(scenario.info.turns) + " turns, Turn 1: 7:00 am, 6 April 1862 to"),
              std::string::npos)
        << *written;
    const auto buttons = module->componentsNamed("DiceButton");
    const auto button =
        std::ranges::find_if(buttons, [&](const VassalComponent* b) { return (*b)["name"] == die; });
    ASSERT_NE(button, buttons.end()) << die;
    EXPECT_EQ((**button)["nDice"], std::to_string(play.play.dice.front().count));
    EXPECT_NE(written->find("dice button '" + die + "' rolls"), std::string::npos) << *written;

    // A turn format of the designer's own: kept, and the scenario's said; the turns it lists are
    // still the scenario's.
    const fs::path custom = dir / "custom.vmod", again = dir / "again.vmod";
    {
        auto names = listVassalModuleEntries(updated);
        ASSERT_TRUE(names);
        auto entries = readVassalModuleEntries(updated, *names, 64 << 20);
        ASSERT_TRUE(entries);
        std::vector<std::pair<std::string, std::string>> files;
        for (const std::string& name : *names) {
            std::string bytes = *entries->at(name);
            if (name == "buildFile.xml") {
                const std::string from = "turnFormat=\"$level1$\"";
                const auto at = bytes.find(from);
                ASSERT_NE(at, std::string::npos);
                bytes.replace(at, from.size(), "turnFormat=\"Now: $level1$\"");
                // And the tracker's report as Sandtable wrote it before turns had times.
                const auto reportAt = bytes.find("$oldTurn$ ends");
                ASSERT_NE(reportAt, std::string::npos);
                bytes.insert(reportAt, "turn ");
            }
            files.emplace_back(name, std::move(bytes));
        }
        testing_support::writeZip(custom, files);
    }
    scenario.info.turns += 1;
    auto third = exportTo(again, custom);
    ASSERT_TRUE(third) << third.error();
    auto kept = readVassalModule(again);
    ASSERT_TRUE(kept);
    EXPECT_EQ((*kept->componentsNamed("TurnTracker").front())["turnFormat"], "Now: $level1$");
    EXPECT_NE(third->find("kept your turn format 'Now: $level1$'; the scenario's would be '$level1$'"),
              std::string::npos)
        << *third;
    EXPECT_EQ(listedTurns(*kept).size(), static_cast<std::size_t>(scenario.info.turns));
    EXPECT_EQ((*kept->componentsNamed("TurnTracker").front())["reportFormat"],
              "* <$PlayerId$> $oldTurn$ ends; $newTurn$ begins");
}

TEST_F(VassalUpdate, AModuleThatIsNotOneOrNotSandtablesIsRefusedAndNothingIsWritten) {
    const fs::path out = dir / "out.vmod";
    const fs::path text = dir / "notes.vmod";
    std::ofstream(text) << "not a zip";
    auto notZip = exportTo(out, text);
    ASSERT_FALSE(notZip);
    EXPECT_NE(notZip.error().find("does not open as a zip archive"), std::string::npos) << notZip.error();
    const fs::path empty = testing_support::writeZip(dir / "empty.vmod", {{"readme.txt", "hello"}});
    auto noBuild = exportTo(out, empty);
    ASSERT_FALSE(noBuild);
    EXPECT_NE(noBuild.error().find("holds no buildFile.xml"), std::string::npos) << noBuild.error();
    const fs::path other = testing_support::writeZip(
        dir / "other.vmod",
        {{"buildFile.xml", "<?xml version=\"1.0\"?><VASSAL.build.GameModule name=\"Theirs\" "
                           "ModuleOther1=\"\" description=\"A published module\"/>"}});
    auto notOurs = exportTo(out, other);
    ASSERT_FALSE(notOurs);
    EXPECT_NE(notOurs.error().find("was not made by Sandtable"), std::string::npos) << notOurs.error();
    const fs::path broken =
        testing_support::writeZip(dir / "broken.vmod", {{"buildFile.xml", "<VASSAL.build.Game"}});
    auto badXml = exportTo(out, broken);
    ASSERT_FALSE(badXml);
    EXPECT_NE(badXml.error().find("is not well-formed XML"), std::string::npos) << badXml.error();
    EXPECT_FALSE(fs::exists(out));
}

} // namespace
} // namespace sandtable
