// The VASSAL module as a play kit: the components a player plays with (the nine of the published
// analysis of 562 modules and the range thread), each in the form VASSAL writes it, read back with
// Sandtable's own reader; the dice and the stacking total from the scenario's ruleset.
#include "exports/vassal_casualties.hpp"
#include "exports/vassal_components.hpp"
#include "exports/vassal_module.hpp"
#include "exports/vassal_prototypes.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/vassal/module_reader.hpp"
#include "formats/vassal/sequence.hpp"
#include "model/battle.hpp"
#include "tests/exports/play_setup_of.hpp"
#include "tests/file_bytes.hpp"
#include "tests/formats/vassal_oracle.hpp"
#include "tests/temporary_folder.hpp"
#include "validators/play_setup.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

namespace sandtable {
namespace {

using testing_support::fileBytes;

namespace fs = std::filesystem;

const fs::path referenceBuildFile =
    fs::path(SANDTABLE_SHARED) / "vassal" / "reference" / "every-component.buildFile.xml";

struct Exported {
    Scenario scenario;
    PlaySetup play;
    VassalModule module;
};

fs::path sampleFolder(const std::string& name) {
    return fs::path(SANDTABLE_SAMPLES) / name;
}

std::expected<Scenario, std::string> readSample(const std::string& name) {
    auto s = readScenario(sampleFolder(name) / (name + ".sandtable.xml"));
    if (!s) {
        return std::unexpected(s.error().toString());
    }
    return std::move(*s);
}

// The scenario's module as Sandtable's reader reads it back, or what went wrong.
std::expected<VassalModule, std::string> exportAndRead(const Scenario& s, const PlaySetup& play,
                                                       const std::string& tag) {
    const testing_support::TemporaryFolder scratch("play-kit-" + tag);
    const fs::path vmod = scratch / "play-kit.vmod";
    auto written = exportVassal(s, vmod, VassalExportOptions{60, true, play});
    if (!written) {
        return std::unexpected(written.error());
    }
    auto module = readVassalModule(vmod);
    if (!module) {
        return std::unexpected(module.error().toString());
    }
    return std::move(*module);
}

Exported exportSample(const std::string& name) {
    const fs::path folder = fs::path(SANDTABLE_SAMPLES) / name;
    auto s = readScenario(folder / (name + ".sandtable.xml"));
    EXPECT_TRUE(s) << s.error().toString();
    Exported out{*s, testing_support::playSetupOfScenario(*s, folder), {}};
    auto module = exportAndRead(*s, out.play, name);
    EXPECT_TRUE(module) << module.error();
    if (module) {
        out.module = std::move(*module);
    }
    return out;
}

// The table of components and attributes is VASSAL's: the engine's own module reads with no
// problem, and every component of the table is in it.
TEST(VassalComponents, TheReferenceModuleVassalWroteHasTheFormOfTheTable) {
    ASSERT_TRUE(fs::exists(referenceBuildFile)) << referenceBuildFile
                                                << " is missing (the shared folder: ../shared beside the "
                                                   "source tree, or cmake -DSANDTABLE_SHARED_DIR=...)";
    auto module = readVassalBuildFile(fileBytes(referenceBuildFile), "every-component.buildFile.xml",
                                      [](const std::string&) {
                                          return std::pair{100, 100};
                                      });
    ASSERT_TRUE(module) << module.error().toString();
    std::set<std::string_view> seen;
    for (const VassalComponent& c : module->components) {
        ASSERT_NE(c.info, nullptr);
        EXPECT_EQ(c.formProblems(), std::vector<std::string>{}) << c.info->className;
        seen.insert(c.info->className);
        for (const VassalComponent& child : c.children) {
            seen.insert(child.info->className);
        }
    }
    for (const VassalComponentInfo& info : vassalComponents()) {
        EXPECT_EQ(seen.contains(info.className), info.inReference)
            << info.className
            << (info.inReference ? " is not in VASSAL's reference"
                                 : " is in the reference now: read its form from there");
    }
}

TEST(VassalComponents, AComponentOutOfFormIsReported) {
    VassalComponent zoomer;
    zoomer.info = vassalComponentOf("VASSAL.build.module.map.Zoomer");
    ASSERT_NE(zoomer.info, nullptr);
    for (const VassalAttribute& a : zoomer.info->attributes) {
        zoomer.attributes[std::string(a.name)] = a.defaultValue;
    }
    EXPECT_TRUE(zoomer.formProblems().empty());
    zoomer.attributes["zoomStart"] = "first";
    zoomer.attributes.erase("zoomLevels");
    zoomer.attributes["zoomFit"] = "true";
    EXPECT_EQ(zoomer.formProblems(),
              (std::vector<std::string>{"Zoomer: attribute zoomLevels is missing",
                                        "Zoomer: attribute zoomStart 'first' is not a whole number",
                                        "Zoomer: attribute zoomFit is not one VASSAL writes"}));
    EXPECT_THROW(addVassalComponent(pugi::xml_document().append_child("x"), "VASSAL.build.module.map.Zoomer",
                                    {{"zoomFit", "true"}}),
                 std::logic_error);
}

TEST(VassalComponents, TheZoomReachesTheWholeBoardAndStartsAtFullSize) {
    const ZoomLevels big = zoomLevelsFor(12000, 9000);
    ASSERT_FALSE(big.levels.empty());
    EXPECT_LE(big.levels.front() * 12000, 1500.0);
    EXPECT_LE(big.levels.front() * 9000, 850.0);
    EXPECT_TRUE(std::ranges::is_sorted(big.levels));
    EXPECT_EQ(big.levels[big.levels.size() - static_cast<std::size_t>(big.startFromLargest)], 1.0);
    const ZoomLevels small = zoomLevelsFor(600, 400);
    EXPECT_EQ(small.levels.front(), 1.0) << "a board that fits at full size needs no smaller level";
    EXPECT_EQ(small.levels[small.levels.size() - static_cast<std::size_t>(small.startFromLargest)], 1.0);
}

class PlayKit : public testing::TestWithParam<std::string> {};

// Every sample's module has the nine components of the published analysis that a one-scenario
// module can have (a set-up only where the battle has several scenarios) and the range thread,
// each of VASSAL's form; the dice are its ruleset's.
TEST_P(PlayKit, TheModuleHasTheComponentsAPlayerPlaysWithInVassalsForm) {
    const Exported e = exportSample(GetParam());
    const VassalModule& m = e.module;
    for (const VassalComponent& c : m.components) {
        EXPECT_EQ(c.formProblems(), std::vector<std::string>{}) << c.info->className << " at line " << c.line;
    }
    for (std::string_view onMap :
         {"Zoomer", "CounterDetailViewer", "GlobalMap", "HighlightLastMoved", "Flare", "LOS_Thread"}) {
        auto found = m.componentsNamed(onMap);
        std::erase_if(found, [](const VassalComponent* c) { return c->map != "Main Map"; });
        ASSERT_EQ(found.size(), 1u) << onMap << " on the battlefield";
    }
    // The casualties' boxes: a map with its own viewer, which counts the losses.
    ASSERT_NE(m.map("Casualties"), nullptr);
    auto viewers = m.componentsNamed("CounterDetailViewer");
    EXPECT_TRUE(std::ranges::any_of(viewers, [](const VassalComponent* c) {
        return c->map == "Casualties" && (*c)["summaryReportFormat"].find("$sum(") != std::string::npos;
    }));
    for (std::string_view onToolbar : {"TurnTracker", "Inventory", "NotesWindow"}) {
        auto found = m.componentsNamed(onToolbar);
        ASSERT_EQ(found.size(), 1u) << onToolbar;
        EXPECT_EQ(found.front()->map, "") << onToolbar;
    }
    EXPECT_EQ(m.componentsNamed("PredefinedSetup").size(),
              scenarioCount(e.scenario) > 1 ? scenarioCount(e.scenario) : 0u);

    // The turn tracker lists the scenario's turns by date and time (every sample says when its
    // turns fall); the thread reads the range in cells.
    const VassalComponent& turns = *m.componentsNamed("TurnTracker").front();
    ASSERT_TRUE(hasTurnClock(e.scenario.info)) << GetParam();
    EXPECT_EQ(turns["turnFormat"], "$level1$");
    ASSERT_EQ(turns.children.size(), 1u);
    EXPECT_EQ(turns.children.front().info->shortName(), "ListTurnLevel");
    const std::vector<std::string> labels = vassalTokens(turns.children.front()["list"], ',');
    EXPECT_GE(labels.size(), static_cast<std::size_t>(e.scenario.info.turns));
    if (scenarioCount(e.scenario) == 1) {
        ASSERT_EQ(labels.size(), static_cast<std::size_t>(e.scenario.info.turns));
        EXPECT_EQ(labels.front(), "Turn 1: " + turnTimeText(turnTimes(e.scenario.info).front()));
        EXPECT_EQ(labels.back(), "Turn " + std::to_string(labels.size()) + ": " +
                                     turnTimeText(turnTimes(e.scenario.info).back()));
    }
    const VassalComponent& thread = *m.componentsNamed("LOS_Thread").front();
    EXPECT_EQ(thread["drawRange"], "true");
    EXPECT_EQ(thread["scale"], "0") << "0: VASSAL counts the grid's cells";

    // A dice button for every die of the ruleset, orders dice once for each side.
    const auto buttons = m.componentsNamed("DiceButton");
    std::size_t expected = 0;
    for (const PlayDice& d : e.play.play.dice) {
        expected += d.perGeneral ? 2 : 1;
        for (const VassalComponent* b : buttons) {
            if ((*b)["name"] == d.name) {
                EXPECT_EQ((*b)["nDice"], std::to_string(d.count));
                EXPECT_EQ((*b)["nSides"], std::to_string(d.sides));
            }
        }
    }
    EXPECT_EQ(buttons.size(), expected);
    EXPECT_GE(buttons.size(), 2u) << GetParam();

    // The zoom's smallest level shows the whole board.
    const VassalComponent& zoom = *m.componentsNamed("Zoomer").front();
    const VassalBoard& board = m.map("Main Map")->boards.front();
    const double smallest = std::stod(zoom["zoomLevels"].substr(0, zoom["zoomLevels"].find(',')));
    EXPECT_LE(smallest * board.width, 1500.5);
    EXPECT_LE(smallest * board.height, 850.5);
}

INSTANTIATE_TEST_SUITE_P(SampleMaps, PlayKit,
                         testing::Values("antietam", "first-bull-run", "franklin", "gettysburg",
                                         "mcphersons-ridge", "shiloh"),
                         [](const auto& param) {
                             std::string n = param.param;
                             std::ranges::replace(n, '-', '_');
                             return n;
                         });

// Every piece uses its side's and its kind's prototypes; every trait, the prototypes' included, is in
// the form VASSAL writes it; every command a unit has (a value's and a marker's) is reported in the
// chat by a report of the same key, in the same prototype.
TEST_P(PlayKit, EveryPieceUsesPrototypesAndEveryCommandIsReported) {
    const Exported e = exportSample(GetParam());
    const VassalModule& m = e.module;
    const auto problems = testing_support::pieceProblems(m);
    EXPECT_TRUE(problems.empty()) << problems.front();
    std::map<std::string, const VassalPiece*> prototypes;
    for (const VassalPrototype& p : m.prototypes) {
        ASSERT_TRUE(p.piece) << p.name << ": " << p.piece.error();
        prototypes[p.name] = &*p.piece;
    }
    int pieces = 0;
    for (const VassalPieceSlot* slot : m.slots()) {
        ASSERT_TRUE(slot->piece) << slot->entryName;
        const auto& traits = slot->piece->traits;
        ASSERT_GE(traits.size(), 4u) << slot->entryName;
        for (std::size_t i : {0u, 1u}) {
            ASSERT_EQ(traits[i].className(), "UsePrototype") << slot->entryName;
            EXPECT_TRUE(prototypes.contains(traits[i].fields().at(0)))
                << slot->entryName << " uses a prototype the module lacks: " << traits[i].fields().at(0);
        }
        EXPECT_EQ(traits[2].className(), "Marker") << slot->entryName;
        ++pieces;
    }
    for (const VassalPredefinedSetup& setup : m.setups) {
        ASSERT_TRUE(setup.game && *setup.game) << setup.name;
        pieces += static_cast<int>((*setup.game)->pieces.size());
    }
    EXPECT_GT(pieces, 0);
    // The counter tray: every piece taking part, once, by side.
    ASSERT_EQ(m.pieceWindows.size(), 1u);
    EXPECT_EQ(m.pieceWindows.front().name, "Counters");
    std::size_t takingPart = 0;
    for (const auto& [id, u] : e.scenario.oob.units) {
        takingPart += takesPart(e.scenario, PieceRef::unit(id)) ? 1 : 0;
    }
    for (const auto& [id, hq] : e.scenario.oob.headquarters) {
        takingPart += takesPart(e.scenario, PieceRef::commander(id)) ? 1 : 0;
    }
    for (const auto& [id, t] : e.scenario.oob.trains) {
        takingPart += takesPart(e.scenario, PieceRef::train(id)) ? 1 : 0;
    }
    EXPECT_EQ(m.pieceWindows.front().slots.size(), takingPart);

    int units = 0;
    for (const auto& [name, piece] : prototypes) {
        if (!name.starts_with("Unit")) {
            continue;
        }
        ++units;
        std::set<std::string> commandKeys, reportedKeys, layerNames;
        std::string detail;
        int values = 0, layers = 0;
        for (const VassalTrait& t : piece->traits) {
            const auto f = t.fields();
            if (t.className() == "DynamicProperty") {
                ++values;
                for (const std::string& command : vassalTokens(f.at(2), ',')) {
                    commandKeys.insert(vassalTokens(command, ':').at(1));
                }
            } else if (t.className() == "Embellishment") {
                ++layers;
                commandKeys.insert(f.at(26));
                layerNames.insert(f.at(18));
            } else if (t.className() == "CalculatedProperty" && f.at(0) == "Detail") {
                detail = f.at(1);
            } else if (t.className() == "ReportState") {
                for (const std::string& key : vassalTokens(f.at(0), ',')) {
                    reportedKeys.insert(key);
                }
            }
        }
        std::size_t scores = 0;
        for (const PlayMarker& marker : e.play.play.markers) {
            scores += marker.scoreToComplete > 0 ? 1 : 0;
        }
        EXPECT_EQ(static_cast<std::size_t>(values), e.play.play.tracks.size() + scores) << name;
        EXPECT_EQ(static_cast<std::size_t>(layers), e.play.play.markers.size()) << name;
        // The viewer's Detail names the value and every status that is on.
        for (const PlayTrack& t : e.play.play.tracks) {
            EXPECT_NE(detail.find(VassalPlayKit::propertyOf(t)), std::string::npos) << name << ": " << detail;
        }
        for (const std::string& layer : layerNames) {
            EXPECT_NE(detail.find(layer + "_Name"), std::string::npos) << name << ": " << detail;
        }
        EXPECT_FALSE(commandKeys.empty()) << name;
        // The unit's own rotation, outside the prototype, is reported by it too.
        commandKeys.insert(std::string(VassalPlayKit::rotateClockwiseKey));
        commandKeys.insert(std::string(VassalPlayKit::rotateCounterclockwiseKey));
        EXPECT_EQ(commandKeys, reportedKeys) << name << ": every command reported, and no report without one";
    }
    EXPECT_GE(units, 1);
}

// The module's help page names every command a unit has, with its key.
TEST(PlayKitOf, TheHelpPageNamesEveryCommand) {
    const fs::path folder = fs::path(SANDTABLE_SAMPLES) / "shiloh";
    auto s = readScenario(folder / "shiloh.sandtable.xml");
    ASSERT_TRUE(s) << s.error().toString();
    const PlaySetup play = testing_support::playSetupOfScenario(*s, folder);
    const testing_support::TemporaryFolder scratch("play-help");
    const fs::path vmod = scratch / "play-help.vmod";
    ASSERT_TRUE(exportVassal(*s, vmod, VassalExportOptions{60, true, play}));
    auto entries = readVassalModuleEntries(vmod, {"play-help.html"}, 1 << 20);
    ASSERT_TRUE(entries) << entries.error().toString();
    ASSERT_TRUE(entries->at("play-help.html")) << entries->at("play-help.html").error();
    const std::string& help = *entries->at("play-help.html");
    const VassalPlayKit kit(*s, play, 60);
    for (const VassalPieceCommand& c : kit.unitCommands()) {
        EXPECT_NE(help.find("<td>" + c.menu + "</td>"), std::string::npos) << c.menu;
    }
    EXPECT_NE(help.find("<td>Ctrl+Shift+O</td>"), std::string::npos) << "disordered's key";
    EXPECT_NE(help.find("<td>Ctrl+Shift+F</td>"), std::string::npos) << "the end of a side's turn";
    EXPECT_EQ(help.find("it has reached its break point") != std::string::npos, play.breakPoint.has_value())
        << "the break point's message only where the ruleset has a break point";
    EXPECT_NE(help.find("6 stands"), std::string::npos);
}

// The ruleset's tables are a chart of the module, each table as the rule text prints it; a ruleset
// without tables has no such chart.
TEST(PlayKitOf, TheRulesetsTablesAreAChart) {
    // The module's build file and its tables page, or nothing for a page it lacks.
    auto exported = [](const std::string& name) -> std::pair<std::string, std::optional<std::string>> {
        const fs::path folder = fs::path(SANDTABLE_SAMPLES) / name;
        auto s = readScenario(folder / (name + ".sandtable.xml"));
        EXPECT_TRUE(s) << s.error().toString();
        const PlaySetup play = testing_support::playSetupOfScenario(*s, folder);
        const testing_support::TemporaryFolder scratch("play-tables");
        const fs::path vmod = scratch / "play-tables.vmod";
        EXPECT_TRUE(exportVassal(*s, vmod, VassalExportOptions{60, true, play}));
        auto entries = readVassalModuleEntries(vmod, {"buildFile.xml", "ruleset-tables.html"}, 1 << 22);
        EXPECT_TRUE(entries) << entries.error().toString();
        if (!entries || !entries->at("buildFile.xml")) {
            return {};
        }
        const auto& page = entries->at("ruleset-tables.html");
        return {*entries->at("buildFile.xml"), page ? std::optional<std::string>(*page) : std::nullopt};
    };
    const fs::path folder = fs::path(SANDTABLE_SAMPLES) / "franklin";
    auto franklin = readScenario(folder / "franklin.sandtable.xml");
    ASSERT_TRUE(franklin) << franklin.error().toString();
    const PlaySetup rebel = testing_support::playSetupOfScenario(*franklin, folder);
    ASSERT_FALSE(rebel.play.tables.empty()) << "Franklin is played with Good Old Rebel";
    const auto [buildFile, page] = exported("franklin");
    EXPECT_NE(buildFile.find("ChartWindow"), std::string::npos);
    EXPECT_NE(buildFile.find("name=\"Ruleset tables\""), std::string::npos);
    ASSERT_TRUE(page) << "no ruleset-tables.html in the module";
    const auto escaped = [](std::string text) {
        for (auto at = text.find("<>"); at != std::string::npos; at = text.find("<>", at)) {
            text.replace(at, 2, "&lt;&gt;");
        }
        return text;
    };
    for (const PlayTable& t : rebel.play.tables) {
        EXPECT_NE(page->find("<h2>" + escaped(t.label) + "</h2>"), std::string::npos) << t.name;
        EXPECT_NE(page->find("<th>" + t.rows[0][1] + "</th>"), std::string::npos) << t.name;
    }
    EXPECT_NE(page->find("<td>6&lt;&gt;3</td>"), std::string::npos) << "close combat, escaped";
    EXPECT_NE(page->find("<li>A HIT is caused for each '6' rolled.</li>"), std::string::npos);

    const auto [areaBuildFile, areaPage] = exported("shiloh");
    EXPECT_FALSE(areaPage) << "the area rules have no tables";
    EXPECT_EQ(areaBuildFile.find("name=\"Ruleset tables\""), std::string::npos);
}

// The viewer reads a stack's total against the ruleset's limit, and orders dice count the side's
// generals.
TEST(PlayKitOf, TheStackTotalAndTheOrdersDiceFollowTheRuleset) {
    const Exported hexed = exportSample("gettysburg");
    const VassalComponent& viewer = *hexed.module.componentsNamed("CounterDetailViewer").front();
    ASSERT_EQ(viewer.map, "Main Map");
    EXPECT_EQ(viewer["summaryReportFormat"], "$LocationName$: $sum(Units)$ of 1 unit");
    EXPECT_EQ(viewer["counterReportFormat"], "$Detail$");
    const PlayDice& orders = hexed.play.play.dice.front();
    ASSERT_TRUE(orders.perGeneral);
    for (Side side : {Side::Union, Side::Confederate}) {
        int generals = 0;
        for (const auto& [id, hq] : hexed.scenario.oob.headquarters) {
            generals += hq.side == side && (hq.echelon == Echelon::Army || hq.echelon == Echelon::Corps) &&
                        takesPart(hexed.scenario, PieceRef::commander(id));
        }
        EXPECT_GT(generals, 1);
        const std::string name = hexed.scenario.info.sideNames[sideIndex(side)] + " " + orders.name;
        auto buttons = hexed.module.componentsNamed("DiceButton");
        auto button =
            std::ranges::find_if(buttons, [&](const VassalComponent* b) { return (*b)["name"] == name; });
        ASSERT_NE(button, buttons.end()) << name;
        EXPECT_EQ((**button)["nDice"], std::to_string(generals)) << name;
    }
    // Eliminate sends a piece to its side's box; the box counts the units that count toward the
    // break point.
    const VassalPrototype* unionSide = nullptr;
    for (const VassalPrototype& p : hexed.module.prototypes) {
        if (p.name == hexed.scenario.info.sideNames[0] + " side") {
            unionSide = &p;
        }
    }
    ASSERT_NE(unionSide, nullptr);
    ASSERT_TRUE(unionSide->piece);
    auto send = std::ranges::find_if(unionSide->piece->traits,
                                     [](const VassalTrait& t) { return t.className() == "SendToLocation"; });
    ASSERT_NE(send, unionSide->piece->traits.end());
    EXPECT_EQ(send->fields().at(0), "Eliminate");
    EXPECT_EQ(send->fields().at(2), "Casualties");
    auto reported = std::ranges::find_if(unionSide->piece->traits,
                                         [](const VassalTrait& t) { return t.className() == "ReportState"; });
    ASSERT_NE(reported, unionSide->piece->traits.end());
    EXPECT_EQ(vassalTokens(reported->fields().at(0), ',').at(0), send->fields().at(1))
        << "the elimination is reported";
    // Moves are flagged (the map's Clear moved clears them), and the flag switched by hand is reported.
    auto moved = std::ranges::find_if(
        unionSide->piece->traits, [](const VassalTrait& t) { return t.className() == "MovementMarkable"; });
    ASSERT_NE(moved, unionSide->piece->traits.end());
    EXPECT_TRUE(std::ranges::any_of(unionSide->piece->traits, [&](const VassalTrait& t) {
        return t.className() == "ReportState" &&
               vassalTokens(t.fields().at(0), ',').at(0) == moved->fields().at(4);
    })) << "switching the moved flag is reported";
    const auto reports = [&](const std::string& key) {
        return std::ranges::any_of(unionSide->piece->traits, [&](const VassalTrait& t) {
            return t.className() == "ReportState" && vassalTokens(t.fields().at(0), ',').at(0) == key;
        });
    };
    // The end of the side's turn: a command on any of its pieces sends the moved flag's "not moved"
    // key to the side's pieces, and only theirs; it is reported once.
    auto endTurn = std::ranges::find_if(unionSide->piece->traits, [](const VassalTrait& t) {
        return t.className() == "CounterGlobalKeyCommand";
    });
    ASSERT_NE(endTurn, unionSide->piece->traits.end());
    const std::string unionName = hexed.scenario.info.sideNames[0];
    EXPECT_EQ(endTurn->fields().at(0), "End of the " + unionName + " turn: clear moved flags");
    EXPECT_EQ(endTurn->fields().at(1), VassalPlayKit::endTurnKey());
    EXPECT_EQ(endTurn->fields().at(2), moved->fields().at(10)) << "the moved flag's not-moved key";
    EXPECT_EQ(endTurn->fields().at(3), "{Side == \"" + unionName + "\"}");
    EXPECT_EQ(endTurn->fields().at(6), "true") << "one report, not one a piece";
    EXPECT_TRUE(reports(VassalPlayKit::endTurnKey())) << "the end of a turn is reported";
    EXPECT_NE(VassalPlayKit::endTurnKey(), moved->fields().at(4)) << "its own key, not the flag's switch";
    // Reaching the break point: after an elimination, when the side's box holds as many losses as
    // break the army, a trigger sends a key that a report says in the chat.
    const auto point = sideBreakPoint(hexed.scenario, hexed.play, Side::Union);
    ASSERT_TRUE(point);
    auto reached = std::ranges::find_if(
        unionSide->piece->traits, [](const VassalTrait& t) { return t.className() == "TriggerAction"; });
    ASSERT_NE(reached, unionSide->piece->traits.end());
    EXPECT_EQ(reached->fields().at(1), "") << "no menu entry of its own";
    EXPECT_EQ(reached->fields().at(2), VassalPlayKit::eliminateKey());
    EXPECT_EQ(reached->fields().at(3), "{SumStack(\"BreakCount\") >= BreakAt}");
    const std::vector<std::string> sent = vassalTokens(reached->fields().at(5), ',');
    ASSERT_EQ(sent.size(), 1u);
    auto said = std::ranges::find_if(unionSide->piece->traits, [&](const VassalTrait& t) {
        return t.className() == "ReportState" && vassalTokens(t.fields().at(0), ',').at(0) == sent.front();
    });
    ASSERT_NE(said, unionSide->piece->traits.end()) << "the trigger's key is reported";
    EXPECT_EQ(said->fields().at(1), "The " + unionName +
                                        " army has lost $Losses$ of its $BreakOf$ units: it has reached "
                                        "its break point ($BreakAt$)");
    EXPECT_TRUE(std::ranges::any_of(unionSide->piece->traits, [](const VassalTrait& t) {
        return t.className() == "CalculatedProperty" && t.fields().at(0) == "Losses" &&
               t.fields().at(1) == "{SumStack(\"BreakCount\")}";
    }));
    // Trigger and report come after the elimination: outside the SendToLocation in the chain.
    EXPECT_LT(reached - unionSide->piece->traits.begin(), send - unionSide->piece->traits.begin());
    const VassalComponent* lost = nullptr;
    for (const VassalComponent* c : hexed.module.componentsNamed("CounterDetailViewer")) {
        lost = c->map == "Casualties" ? c : lost;
    }
    ASSERT_NE(lost, nullptr);
    EXPECT_EQ((*lost)["summaryReportFormat"],
              "$sum(BreakCount)$ lost toward the break point, $sum(Units)$ units in all");
    EXPECT_GT(point->counted, 0);
    EXPECT_EQ(point->breaksAt, hexed.play.breakPoint->unitsToBreak(point->counted));

    const Exported area = exportSample("shiloh");
    EXPECT_EQ((*area.module.componentsNamed("CounterDetailViewer").front())["summaryReportFormat"],
              "$LocationName$: $sum(Stands)$ of 6 stands");
}

// A battle's scenarios share the prototypes; each scenario's pieces carry its own break point, which
// the trigger and the report read. Gettysburg with its second scenario fought by one corps a side.
// Gettysburg's three scenarios share one list of turns, the whole battle's: 8 am on 1 July to 5 pm
// on 3 July with a night turn each night. Each set-up starts the tracker at its own scenario's first
// turn, a reset goes back there, and the tracker shows only the scenario's own turns.
TEST(PlayKitOf, EachScenarioOfABattleStartsTheTurnTrackerAtItsOwnFirstTurn) {
    const fs::path folder = sampleFolder("gettysburg");
    auto read = readSample("gettysburg");
    ASSERT_TRUE(read) << read.error();
    const Scenario& battle = *read;
    ASSERT_EQ(scenarioCount(battle), 3u);
    auto module = exportAndRead(battle, testing_support::playSetupOfScenario(battle, folder), "turns");
    ASSERT_TRUE(module) << module.error();
    const VassalComponent& tracker = *module->componentsNamed("TurnTracker").front();
    ASSERT_EQ(tracker.children.size(), 1u);
    const std::vector<std::string> labels = vassalTokens(tracker.children.front()["list"], ',');
    ASSERT_EQ(labels.size(), 44u) << "the whole battle's turns; the other two are runs of it";
    EXPECT_EQ(labels[0], "8:00 am, 1 July 1863") << "no turn numbers: each scenario numbers its own";
    EXPECT_EQ(labels[11], "7:00 pm, 1 July 1863");
    EXPECT_EQ(labels[12], "Night of 1-2 July 1863");
    EXPECT_EQ(labels[13], "4:00 am, 2 July 1863");
    EXPECT_EQ(labels[29], "Night of 2-3 July 1863");
    EXPECT_EQ(labels[43], "5:00 pm, 3 July 1863");
    ASSERT_EQ(module->setups.size(), 3u);
    const int expectedFirst[] = {0, 13, 30};
    for (std::size_t i = 0; i < 3; ++i) {
        const VassalPredefinedSetup& setup = module->setups[i];
        ASSERT_TRUE(setup.game && *setup.game) << setup.name;
        const auto& trackers = (*setup.game)->turnTrackers;
        ASSERT_TRUE(trackers.contains(std::string(vassalTurnTrackerId))) << setup.name;
        const VassalTurnTrackerState& state = trackers.at(std::string(vassalTurnTrackerId));
        EXPECT_EQ(state.currentLevel, 0);
        ASSERT_EQ(state.levels.size(), 1u);
        const auto list = decodeVassalListTurnState(state.levels.front());
        ASSERT_TRUE(list) << state.levels.front();
        EXPECT_EQ(list->current, expectedFirst[i]) << setup.name;
        EXPECT_EQ(list->first, expectedFirst[i])
            << setup.name << ": a reset goes back to the scenario's start";
        Scenario current = battle;
        makeCurrent(current, i);
        const std::size_t first = static_cast<std::size_t>(expectedFirst[i]);
        ASSERT_EQ(list->shown.size(), labels.size());
        for (std::size_t k = 0; k < labels.size(); ++k) {
            EXPECT_EQ(list->shown[k], k >= first && k < first + static_cast<std::size_t>(current.info.turns))
                << setup.name << ": only the scenario's own turns are shown; turn " << k;
        }
        EXPECT_EQ(labels[static_cast<std::size_t>(list->current)],
                  turnTimeText(turnTimes(current.info).front()))
            << setup.name;
    }
}

// Where the scenarios' turns interleave (one battle, turns of 20 and of 30 minutes), no one list
// holds them in order: the tracker counts turns as before.
TEST(PlayKitOf, ScenariosWhoseTurnsInterleaveAreCountedByNumber) {
    const fs::path folder = sampleFolder("first-bull-run");
    auto read = readSample("first-bull-run");
    ASSERT_TRUE(read) << read.error();
    Scenario battle = *read;
    ASSERT_EQ(scenarioCount(battle), 2u);
    ASSERT_TRUE(vassalTurnList(battle)) << "the morning's turns run on into the afternoon's";
    EXPECT_EQ(vassalTurnList(battle)->firstOf, (std::vector<int>{0, 12}));
    makeCurrent(battle, 1);
    battle.info.turnMinutes = 30;
    battle.info.startTime = ClockTime{13 * 60 + 30};
    makeCurrent(battle, 0);
    EXPECT_FALSE(vassalTurnList(battle)) << "1:20, 1:30 and 1:40 pm would interleave";
    auto module = exportAndRead(battle, testing_support::playSetupOfScenario(battle, folder), "interleave");
    ASSERT_TRUE(module) << module.error();
    const VassalComponent& tracker = *module->componentsNamed("TurnTracker").front();
    EXPECT_EQ(tracker["turnFormat"], "Turn $level1$");
    ASSERT_EQ(tracker.children.size(), 1u);
    EXPECT_EQ(tracker.children.front().info->shortName(), "CounterTurnLevel");
    for (const VassalPredefinedSetup& setup : module->setups) {
        ASSERT_TRUE(setup.game && *setup.game);
        EXPECT_TRUE((*setup.game)->turnTrackers.empty()) << "a counter starts at 1 in every set-up";
    }
}

TEST(PlayKitOf, EachScenarioOfABattleBreaksAtItsOwnLosses) {
    const fs::path folder = sampleFolder("gettysburg");
    auto read = readSample("gettysburg");
    ASSERT_TRUE(read) << read.error();
    Scenario battle = *read;
    ASSERT_GT(scenarioCount(battle), 1u);
    std::set<HeadquartersId> oneCorpsEach;
    for (Side side : {Side::Union, Side::Confederate}) {
        for (const auto& [id, hq] : battle.oob.headquarters) {
            if (hq.side == side && hq.echelon == Echelon::Corps) {
                oneCorpsEach.insert(id);
                break;
            }
        }
    }
    ASSERT_EQ(oneCorpsEach.size(), 2u);
    makeCurrent(battle, 1);
    battle.deployment.forces = oneCorpsEach;
    makeCurrent(battle, 0);
    const PlaySetup play = testing_support::playSetupOfScenario(battle, folder);
    auto module = exportAndRead(battle, play, "break-points");
    ASSERT_TRUE(module) << module.error();
    ASSERT_EQ(module->setups.size(), scenarioCount(battle));
    std::set<std::set<std::string>> differentPoints;
    for (std::size_t i = 0; i < module->setups.size(); ++i) {
        Scenario current = battle;
        makeCurrent(current, i);
        std::set<std::string> expected, found;
        for (Side side : {Side::Union, Side::Confederate}) {
            const auto p = sideBreakPoint(current, play, side);
            ASSERT_TRUE(p);
            expected.insert(std::to_string(p->lossesThatBreak()));
        }
        const VassalPredefinedSetup& setup = module->setups[i];
        ASSERT_TRUE(setup.game && *setup.game) << setup.name;
        for (const VassalSavedPiece& piece : (*setup.game)->pieces) {
            for (const VassalTrait& t : piece.piece.traits) {
                if (t.className() != "Marker") {
                    continue;
                }
                const auto keys = vassalTokens(t.fields().at(0), ',');
                const auto values = vassalTokens(t.state, ',');
                for (std::size_t k = 0; k < keys.size() && k < values.size(); ++k) {
                    if (keys[k] == "BreakAt") {
                        found.insert(values[k]);
                    }
                }
            }
        }
        EXPECT_EQ(found, expected) << setup.name;
        differentPoints.insert(found);
    }
    EXPECT_GT(differentPoints.size(), 1u) << "the corps-sized scenario breaks at fewer losses";
    // The boxes, made once for the battle, print each scenario's break point.
    const std::vector<std::string> lines = casualtyBoxLines(battle, play, Side::Union);
    ASSERT_EQ(lines.size(), 3u) << "a heading, then scenarios 1 and 3, and scenario 2";
    Scenario second = battle;
    makeCurrent(second, 1);
    const auto corps = sideBreakPoint(second, play, Side::Union);
    EXPECT_EQ(lines[2], std::to_string(corps->breaksAt) + " of its " + std::to_string(corps->counted) +
                            " (scenario 2)");
    EXPECT_TRUE(lines[1].ends_with("(scenarios 1, 3)")) << lines[1];
    EXPECT_EQ(casualtyBoxLines(*read, play, Side::Union).size(), 1u) << "the sample: one for all three days";
}

} // namespace
} // namespace sandtable
