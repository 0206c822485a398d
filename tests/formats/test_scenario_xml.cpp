#include "formats/scenario_xml.hpp"
#include "formats/scenario_xml_read_back.hpp"
#include "model/limits.hpp"
#include "model/scenario_generator.hpp"
#include "tests/file_bytes.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

namespace sandtable {
namespace {

using testing_support::fileBytes;

namespace fs = std::filesystem;

// A scenario that sets every field the model has, so a round trip proves nothing is dropped.
Scenario everyField() {
    Scenario s = generateScenario(GeneratorParameters{12, 10, 16, 3, 11, GridShape::HexPointy});
    s.info.title = "Every field <&> \"quoted\"";
    s.info.date = "1862-09-17";
    s.info.place = "Sharpsburg, Maryland";
    s.info.theatre = Theatre::Western;
    s.info.turnMinutes = 15;
    s.info.turns = 33;
    s.info.startTime = ClockTime{5 * 60 + 40};
    s.info.nightTurns = {14, 30};
    s.info.dawn = ClockTime{4 * 60 + 30};
    s.info.firstPlayer = Side::Confederate;
    s.info.ruleset = "good-old-rebel";
    s.info.otherRulesets = {"acw-area", "house-rules/my-kallistra.xml"};
    s.info.sideNames = {"Army of the Potomac", "Army of Northern Virginia"};
    s.info.setupNotes = "Line one.\nLine two, with  two spaces.";
    s.info.specialRules = "Fog until turn 3.";
    s.info.objectives = {"Take the bridge.", "Hold the bridge."};
    s.info.victoryConditions = "Whoever holds 0506.";
    s.map.yardsPerCell = 333.5;
    s.map.feetPerContour = 10;
    s.map.baseFeet = -150;
    s.map.background = BackgroundImage{"maps/scan 1.png", -1.5, 2.25, 0.0125, 3.5, 0.4};
    s.map.geo = GeoPlacement{"EPSG:32618", GeoAnchor::TopLeft,
                             301234.5,     4398765.25,
                             -12.5,        {{{1, 2}, 301300.125, 4398700}, {{4, 0}, 301999.5, 4398800.75}}};
    s.map.background->affine = Affine{0.0123, -0.0021, 1.75, 0.0018, 0.0131, -0.5};
    s.map.background->controlPoints = {{12.5, 40, 1.9, 0}, {600, 35.25, 9.2, -0.1}, {20, 700, 2, 8.75}};
    Hexside bridge;
    bridge.set(SideFeature::River, true);
    bridge.set(SideFeature::Wall, true);
    bridge.crossing = Crossing::Bridge;
    s.map.hexsides[s.map.grid.edge({0, 0}, 3)] = bridge; // a border side whose owner is off the map
    s.map.features[FeatureId{7}] =
        Feature{FeatureKind::Objective, {5, 5}, "Burnside's Bridge", Side::Union, 3};
    s.map.features[FeatureId{8}] = Feature{FeatureKind::Landing, {0, 4}, "", std::nullopt, 0};
    auto& hq = s.oob.headquarters.begin()->second;
    hq.commanderQuality = Quality::Veteran;
    auto& unit = s.oob.units.begin()->second;
    unit.gun = Gun::Parrott10lb;
    unit.weapon = Weapon::BreechLoader;
    unit.formation = Formation::Skirmish;
    s.deployment.placements[PieceRef::unit(s.oob.units.begin()->first)] =
        Placement{{{3, 3}, {4, 3}}, Facing{FacingKind::Side, 2}};
    s.deployment.reinforcements[PieceRef::commander(HeadquartersId{2})] =
        Reinforcement{4, {0, 9}, "Arrives from Harpers Ferry", {}};
    s.deployment.placements.erase(PieceRef::commander(HeadquartersId{2}));
    s.exclusions.push_back(Exclusion{
        "stacking.max-stands", {{3, 3}}, {PieceRef::unit(UnitId{1})}, "Historical: packed in the lane"});
    s.events[12] = "Reinforcements <early> & fast";
    HeightSurface surface;
    surface.samplesPerCell = 2;
    std::tie(surface.cols, surface.rows) = HeightSurface::shapeFor(s.map.grid, surface.samplesPerCell);
    for (int k = 0; k < surface.cols * surface.rows; ++k) {
        surface.levels.push_back(static_cast<float>(k % 913 - 200) / 100.0f); // hundredths, as kept
    }
    s.map.surface = surface;
    return s;
}

TEST(ScenarioXml, EveryFieldRoundTrips) {
    const Scenario s = everyField();
    const std::string xml = writeScenarioToString(s);
    auto back = readScenarioFromString(xml, "every.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(back->info, s.info);
    EXPECT_EQ(back->map, s.map);
    EXPECT_EQ(back->oob, s.oob);
    EXPECT_EQ(back->deployment, s.deployment);
    EXPECT_EQ(back->events, s.events);
    EXPECT_EQ(back->exclusions, s.exclusions);
    EXPECT_EQ(writeScenarioToString(*back), xml);
}

TEST(ScenarioXml, GeneratedScenariosRoundTripOnEveryGrid) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        const Scenario s = generateScenario(GeneratorParameters{50, 40, 300, -1, 2, shape});
        const std::string xml = writeScenarioToString(s);
        auto back = readScenarioFromString(xml, "generated.xml");
        ASSERT_TRUE(back) << back.error().toString();
        EXPECT_EQ(*back, s);
        EXPECT_EQ(writeScenarioToString(*back), xml);
    }
}

// A large battle is read on two cores (the map's contents beside the order of battle, the lexical
// check beside the parse) and written on two: it reads back equal, and a file with several
// mistakes gets the message a reading on one thread meets first.
TEST(ScenarioXml, ALargeBattleReadOnTwoCoresSaysWhatOneReaderWould) {
    const Scenario s = generateScenario(GeneratorParameters{560, 560, 1'500, 120, 4, GridShape::HexFlat});
    const std::string xml = writeScenarioToString(s);
    ASSERT_GT(xml.size(), std::size_t{1} << 20) << "the battle must be large enough to be read on two cores";
    auto back = readScenarioFromString(xml, "big.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(*back, s);
    EXPECT_EQ(writeScenarioToString(*back), xml);

    const auto replaced = [&](std::string text, std::string_view from, std::string_view to) {
        const auto at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return at == std::string::npos ? text : text.replace(at, from.size(), to);
    };
    const auto messageOf = [](const std::string& text) {
        auto r = readScenarioFromString(text, "big.xml");
        return r ? std::string("(loaded)") : r.error().message;
    };
    // A unit under no headquarters, alone and after a path that jumps: the path is in the map,
    // which is read first.
    const std::string badUnit = replaced(xml, "<unit id=\"1\" parent=\"", "<unit id=\"1\" parent=\"9999");
    EXPECT_NE(messageOf(badUnit).find("unit's parent headquarters 9999"), std::string::npos)
        << messageOf(badUnit);
    const std::string pathId = "<path id=\"1\" kind=\"";
    const auto path = badUnit.find(pathId), cells = badUnit.find("cells=\"", path) + 7;
    ASSERT_NE(path, std::string::npos);
    std::string both = badUnit;
    const std::string corner = s.map.grid.label({0, 0});
    both.insert(cells, corner + " ");
    EXPECT_NE(messageOf(both).find("<path> jumps from " + corner + " to"), std::string::npos)
        << messageOf(both);
    // A deployment mistake is said of its scenario.
    const std::string badPlace = replaced(xml, "<place piece=\"unit:", "<place piece=\"unit:9");
    EXPECT_NE(messageOf(badPlace).find("scenario 'Generated scenario (seed 4)': "), std::string::npos)
        << messageOf(badPlace);
    // The deployments are read as far as they can be without the order of battle beside it: their
    // mistakes are still said in the order a reading in one go meets them.
    const std::string badCell = replaced(xml, "<place piece=\"unit:", "<place cells=\"zz\" piece=\"unit:");
    EXPECT_NE(messageOf(badCell).find("cell 'zz'"), std::string::npos) << messageOf(badCell);
    const std::string unknownAndBadCell =
        replaced(xml, "<place piece=\"unit:", "<place cells=\"zz\" piece=\"unit:99999");
    EXPECT_NE(messageOf(unknownAndBadCell).find("which is not in the order of battle"), std::string::npos)
        << "the piece comes before its cells: " << messageOf(unknownAndBadCell);
    const std::string badUnitAndCell =
        replaced(badUnit, "<place piece=\"unit:", "<place cells=\"zz\" piece=\"unit:");
    EXPECT_NE(messageOf(badUnitAndCell).find("unit's parent headquarters 9999"), std::string::npos)
        << "the order of battle comes before the deployment: " << messageOf(badUnitAndCell);
    const std::string tooManyAndBadStrength =
        replaced(xml, "<place piece=\"unit:", "<place stands=\"100\" strength=\"x\" piece=\"unit:");
    EXPECT_NE(messageOf(tooManyAndBadStrength).find("at full strength"), std::string::npos)
        << "the stands are held to the unit's before the strength is read: "
        << messageOf(tooManyAndBadStrength);
    // A control character and, later, an element never closed: the lexical check's message.
    std::string twoFaults = replaced(xml, "</battle>", "<open>");
    twoFaults = replaced(twoFaults, "name=\"1st", "name=\"\x01st");
    EXPECT_NE(messageOf(twoFaults).find("control character"), std::string::npos) << messageOf(twoFaults);
}

// A large file as Sandtable writes it is parsed as two documents at once, its map apart from the
// rest. A mistake anywhere is placed at the same line and column as when the file is parsed whole
// (as one whose declaration is written otherwise is), and what could fool the search for the map
// (a map tag in a comment, a second map) only makes the file be parsed whole.
TEST(ScenarioXml, ALargeFileParsedInTwoPlacesEveryMistakeAsParsedWhole) {
    const Scenario s = generateScenario(GeneratorParameters{560, 560, 1'500, 120, 4, GridShape::HexFlat});
    const std::string xml = writeScenarioToString(s);
    const std::string declaration = R"(<?xml version="1.0" encoding="UTF-8"?>)";
    ASSERT_TRUE(xml.starts_with(declaration));
    ASSERT_GT(xml.size(), std::size_t{1} << 20) << "the battle must be large enough to be parsed in two";
    const auto replaced = [&](std::string text, std::string_view from, std::string_view to) {
        const auto at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return at == std::string::npos ? text : text.replace(at, from.size(), to);
    };
    // The same bytes but the declaration's "UTF-8" in small letters: the file is parsed whole.
    const auto parsedWhole = [&](std::string text) { return replaced(std::move(text), "UTF-8", "utf-8"); };
    const auto errorOf = [](const std::string& text) {
        auto r = readScenarioFromString(text, "big.xml");
        return r ? std::string("(loaded)") : r.error().toString();
    };
    const auto mapAt = xml.find("<map "), restAt = xml.find("</map>") + 6;
    const std::vector<std::pair<std::string, std::string>> mistakes{
        // before the map, in it (an attribute, a layer's value, a path), after it
        {"<battle format-version=\"2\">", "<battle format-version=\"2\" colour=\"red\">"},
        {"<map grid=\"hex-flat\"", "<map grid=\"hex-round\""},
        {"<terrain encoding=\"csv\">\n0", "<terrain encoding=\"csv\">\n77"},
        {"<path id=\"2\" kind=\"", "<path id=\"1\" kind=\""},
        {"</paths>", "</paths><paths/>"},
        {"<unit id=\"1\" parent=\"", "<unit id=\"1\" parent=\"9999"},
        {"<place piece=\"unit:", "<place piece=\"unit:9"},
        {"</battle>", "<open>"},
    };
    const auto inTwo = [](const std::string& text) {
        const std::size_t before = filesParsedInTwo();
        (void)readScenarioFromString(text, "big.xml");
        return filesParsedInTwo() == before + 1;
    };
    EXPECT_TRUE(inTwo(xml));
    EXPECT_FALSE(inTwo(parsedWhole(xml)));
    for (const auto& [from, to] : mistakes) {
        const std::string bad = replaced(xml, from, to);
        const std::string error = errorOf(bad);
        EXPECT_NE(error, "(loaded)") << to;
        EXPECT_EQ(error, errorOf(parsedWhole(bad))) << to;
    }
    // Two mistakes, one met by each core when parsed in two (the map is read on the second core
    // while the first reads the root, then the order of battle): the one a reading in the file's
    // order meets first is said, as when the file is parsed whole.
    for (std::size_t first = 0; first < mistakes.size(); ++first) {
        for (std::size_t second = first + 1; second < mistakes.size(); ++second) {
            const std::string bad = replaced(replaced(xml, mistakes[first].first, mistakes[first].second),
                                             mistakes[second].first, mistakes[second].second);
            EXPECT_EQ(errorOf(bad), errorOf(parsedWhole(bad)))
                << mistakes[first].second << " and " << mistakes[second].second;
        }
    }
    // The map's head wrong and the root wrong: the root's message.
    const std::string rootAndHead =
        replaced(replaced(xml, mistakes[0].first, mistakes[0].second), mistakes[1].first, mistakes[1].second);
    EXPECT_NE(errorOf(rootAndHead).find("colour"), std::string::npos) << errorOf(rootAndHead);
    // A mistake in the map is placed through the map's own document.
    EXPECT_TRUE(inTwo(replaced(xml, "<terrain encoding=\"csv\">\n0", "<terrain encoding=\"csv\">\n77")));
    // Both halves of a file whose map the search could mistake: the file loads as it is.
    const std::string commented =
        replaced(xml, "<battle format-version=\"2\">",
                 "<battle format-version=\"2\"><!-- <map grid=\"square\"></map> -->");
    auto back = readScenarioFromString(commented, "big.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(*back, s);
    EXPECT_FALSE(inTwo(commented)) << "the map in the comment, cut out, leaves a battle with a map";
    const std::string inComment = replaced(xml, "<paths>", "<!-- </map> --><paths>");
    back = readScenarioFromString(inComment, "big.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(*back, s);
    EXPECT_FALSE(inTwo(inComment)) << "the map cut at the comment is not well formed";
    // Two maps: the message of a file read whole.
    const std::string twoMaps =
        xml.substr(0, restAt) + xml.substr(mapAt, restAt - mapAt) + xml.substr(restAt);
    EXPECT_NE(errorOf(twoMaps).find("more than one <map>"), std::string::npos) << errorOf(twoMaps);
    EXPECT_EQ(errorOf(twoMaps), errorOf(parsedWhole(twoMaps)));
}

// A file lists its placements in the order of battle's order and a headquarters' units together,
// and the reader finds them fastest so; a file edited by hand may list them in any order, and a
// mistake after a run of good ones is still found.
TEST(ScenarioXml, PiecesInAnyOrderAreFoundAndAMissingOneIsNamed) {
    const Scenario s = generateScenario(GeneratorParameters{30, 24, 60, 10, 5, GridShape::HexFlat});
    ASSERT_GT(s.deployment.placements.size(), std::size_t{20});
    const std::string xml = writeScenarioToString(s);
    // The <place> lines reversed, where they are.
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < xml.size();) {
        const std::size_t end = std::min(xml.find('\n', at), xml.size());
        lines.push_back(xml.substr(at, end - at));
        at = end + 1;
    }
    const auto isPlace = [](const std::string& line) { return line.find("<place ") != std::string::npos; };
    std::vector<std::size_t> places;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (isPlace(lines[i])) {
            places.push_back(i);
        }
    }
    const auto joined = [](const std::vector<std::string>& all) {
        std::string out;
        for (const std::string& line : all) {
            out += line + "\n";
        }
        return out.substr(0, out.size() - 1);
    };
    std::vector<std::string> reversed = lines;
    for (std::size_t k = 0; k < places.size(); ++k) {
        reversed[places[k]] = lines[places[places.size() - 1 - k]];
    }
    auto back = readScenarioFromString(joined(reversed), "reversed.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(back->deployment.placements, s.deployment.placements);

    // A unit missing from the order of battle, in its place in the list, between two that are there.
    Scenario gap = s;
    auto placed = std::next(gap.deployment.placements.begin(),
                            static_cast<std::ptrdiff_t>(gap.deployment.placements.size() / 2));
    while (placed->first.kind != PieceKind::Unit) {
        ++placed;
    }
    const std::uint32_t gone = placed->first.id;
    ASSERT_TRUE(gap.oob.units.contains(UnitId{gone + 1}));
    gap.deployment.placements.erase(placed);
    gap.oob.units.erase(UnitId{gone});
    std::string missing = writeScenarioToString(gap);
    const std::size_t next = missing.find("<place piece=\"unit:" + std::to_string(gone + 1) + "\"");
    ASSERT_NE(next, std::string::npos);
    missing.insert(next, "<place piece=\"unit:" + std::to_string(gone) + "\" cells=\"0101\" />\n");
    auto refused = readScenarioFromString(missing, "missing.xml");
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("unit:" + std::to_string(gone) +
                                           ", which is not in the order of battle"),
              std::string::npos)
        << refused.error().message;

    // The last unit's headquarters missing, after units whose headquarters are there.
    std::string badParent = xml;
    const std::string lastUnit =
        "<unit id=\"" + std::to_string(s.oob.units.rbegin()->first.value) + "\" parent=\"";
    const std::size_t unit = badParent.find(lastUnit);
    ASSERT_NE(unit, std::string::npos);
    badParent.insert(unit + lastUnit.size(), "9999");
    auto orphan = readScenarioFromString(badParent, "orphan.xml");
    ASSERT_FALSE(orphan);
    EXPECT_NE(orphan.error().message.find("unit's parent headquarters 9999"), std::string::npos)
        << orphan.error().message;
}

TEST(ScenarioXml, DenseLayersAreCompact) {
    const Scenario s = generateScenario(GeneratorParameters{200, 200, 100, 10, 2, GridShape::HexFlat});
    const std::string xml = writeScenarioToString(s);
    // Two single-digit layers at two bytes per cell, plus the rest.
    EXPECT_LT(xml.size(), 200u * 200u * 4u + 100'000u);
}

TEST(ScenarioXml, SamplesLoadAndAreStoredCanonically) {
    int samples = 0;
    for (const auto& entry : fs::recursive_directory_iterator(SANDTABLE_SAMPLES)) {
        if (entry.path().extension() != ".xml") {
            continue;
        }
        ++samples;
        auto s = readScenario(entry.path());
        ASSERT_TRUE(s) << s.error().toString();
        const std::string onDisk = fileBytes(entry.path());
        EXPECT_EQ(writeScenarioToString(*s), onDisk)
            << entry.path() << " is not in canonical form; run sandtable convert on it";
        EXPECT_FALSE(s->oob.units.empty());
        EXPECT_FALSE(s->deployment.placements.empty());
    }
    EXPECT_GE(samples, 1);
}

TEST(ScenarioXml, SaveIsAtomicAndKeepsABackup) {
    const testing_support::TemporaryFolder folder("save");
    const fs::path& dir = folder.path();
    const fs::path file = dir / "battle.xml";
    Scenario first = everyField();
    ASSERT_TRUE(saveScenario(first, file));
    Scenario second = first;
    second.info.title = "Second version";
    ASSERT_TRUE(saveScenario(second, file));
    auto now = readScenario(file);
    auto backup = readScenario(dir / "battle.xml.bak");
    ASSERT_TRUE(now);
    ASSERT_TRUE(backup);
    EXPECT_EQ(now->info.title, "Second version");
    EXPECT_EQ(backup->info.title, first.info.title);
    int files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) {
        ++files;
    }
    EXPECT_EQ(files, 2) << "a temporary file was left behind";
}

TEST(ScenarioXml, SavingIntoAMissingFolderFailsAndSaysWhere) {
    auto saved = saveScenario(everyField(), "/nonexistent-folder/battle.xml");
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().find("/nonexistent-folder/battle.xml"), std::string::npos) << saved.error();
}

TEST(ScenarioXml, AMissingFileIsAnErrorNamingIt) {
    auto s = readScenario("/no/such/battle.xml");
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().toString(), "/no/such/battle.xml: cannot open: No such file or directory");
}

} // namespace
} // namespace sandtable

namespace sandtable {

// Regression: a straight road along the last row of a flat-top map dipped off the map, and the
// file was written but could not be opened again.
TEST(ScenarioXml, GeneratedScenariosOfManySizesAlwaysLoadBack) {
    for (int side : {4, 5, 17, 100}) {
        for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
            for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                const Scenario s = generateScenario(
                    GeneratorParameters{side, side, side * side / 4, side * side / 20, seed, shape});
                auto back = readScenarioFromString(writeScenarioToString(s), "generated.xml");
                ASSERT_TRUE(back) << side << " " << enumName(shape) << " seed " << seed << ": "
                                  << back.error().toString();
            }
        }
    }
}

TEST(ScenarioXml, AScenarioThatWouldNotLoadBackIsNotSaved) {
    const testing_support::TemporaryFolder folder("unsaved");
    const fs::path& dir = folder.path();
    const auto file = dir / "battle.xml";
    Scenario good = generateScenario(GeneratorParameters{10, 10, 10, 2, 1, GridShape::HexFlat});
    ASSERT_TRUE(saveScenario(good, file));
    Scenario broken = good;
    broken.map.paths[PathId{99}] = Path{PathKind::Road, "off the map", {{9, 9}, {9, 10}}};
    auto saved = saveScenario(broken, file);
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().find("not saved, because the scenario would not load again"), std::string::npos)
        << saved.error();
    EXPECT_EQ(*readScenario(file), good) << "the previous file must be unchanged";
    // The bytes were being written while they were read back: their temporary file is gone too.
    const auto left =
        std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator());
    EXPECT_EQ(left, 1) << "only battle.xml: no temporary file, no backup of a save that did not happen";
}

namespace {

std::size_t filesIn(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

// Large enough that a save writes the map on a second core and reads each half back as it is
// written (250,000 cells and more).
Scenario largeBattle() {
    return generateScenario(GeneratorParameters{510, 510, 600, 60, 7, GridShape::HexFlat});
}

} // namespace

// A large battle's save reads each half of its text back as soon as it is written. The file holds
// exactly the bytes of the battle's text (the halves put in their places), it loads as the battle,
// and a second save keeps the first as the backup.
TEST(ScenarioXml, ALargeBattleIsReadBackInTwoAsItIsWrittenAndSavedWhole) {
    const testing_support::TemporaryFolder folder("large-save");
    const fs::path file = folder.path() / "battle.xml";
    const Scenario first = largeBattle();
    const std::size_t before = savesReadBackInTwo();
    ASSERT_TRUE(saveScenario(first, file));
    EXPECT_EQ(savesReadBackInTwo(), before + 1) << "the save was read back in two";
    const std::string firstText = writeScenarioToString(first);
    EXPECT_EQ(fileBytes(file), firstText);
    Scenario second = first;
    second.map.terrain[12345] = second.map.terrain[12345] == 0 ? 1 : 0;
    second.oob.units.begin()->second.name = "The Iron Brigade";
    ASSERT_TRUE(saveScenario(second, file));
    EXPECT_EQ(savesReadBackInTwo(), before + 2);
    EXPECT_EQ(fileBytes(file), writeScenarioToString(second));
    EXPECT_EQ(fileBytes(fs::path(file).concat(".bak")), firstText);
    auto loaded = readScenario(file);
    ASSERT_TRUE(loaded) << loaded.error().toString();
    EXPECT_EQ(*loaded, second);
    EXPECT_EQ(filesIn(folder.path()), 2U) << "the file and its backup, no temporary file";
    // A third save supersedes the first backup.
    ASSERT_TRUE(saveScenario(first, file));
    EXPECT_EQ(fileBytes(file), firstText);
    EXPECT_EQ(fileBytes(fs::path(file).concat(".bak")), writeScenarioToString(second));
    EXPECT_EQ(filesIn(folder.path()), 2U) << "the file and its backup, nothing of the first backup";
}

// The temporary file of a large save is made while the text is written: a folder that is not there
// is still refused with the file's name and the reason, and nothing is made.
TEST(ScenarioXml, ALargeBattleSavedIntoAMissingFolderSaysWhy) {
    const testing_support::TemporaryFolder folder("large-nowhere");
    const fs::path file = folder.path() / "not-there" / "battle.xml";
    auto saved = saveScenario(largeBattle(), file);
    ASSERT_FALSE(saved);
    EXPECT_EQ(saved.error().rfind(file.string() + ": cannot create a temporary file beside it: ", 0), 0U)
        << saved.error();
    EXPECT_EQ(filesIn(folder.path()), 0U);
}

// A large battle that would not load again, whichever half holds what is wrong (the map's head,
// its contents, the order of battle, and a byte the lexical check refuses in either half), is not
// saved, and the message is the one a load of the whole text gives, line and all.
TEST(ScenarioXml, ALargeBattleThatWouldNotLoadBackIsNotSavedWithTheWholeTextsMessage) {
    const testing_support::TemporaryFolder folder("large-unsaved");
    const fs::path file = folder.path() / "battle.xml";
    const Scenario good = largeBattle();
    ASSERT_TRUE(saveScenario(good, file));
    const std::string goodBytes = fileBytes(file);
    const std::vector<std::pair<std::string, std::function<void(Scenario&)>>> breakings{
        {"a road off the map (the map's contents)",
         [](Scenario& s) {
             s.map.paths[PathId{99'999}] = Path{PathKind::Road, "off the map", {{509, 509}, {509, 510}}};
         }},
        {"a control character in a terrain's name (the map's head)",
         [](Scenario& s) { s.map.terrainTypes.front().name = "open\x01ground"; }},
        {"a unit under no headquarters (the order of battle)",
         [](Scenario& s) { s.oob.units.begin()->second.parent = HeadquartersId{999'999}; }},
        {"a control character in a unit's name (the rest's lexical check)",
         [](Scenario& s) { s.oob.units.begin()->second.name = "1st\x02Minnesota"; }},
    };
    for (const auto& [what, breakIt] : breakings) {
        SCOPED_TRACE(what);
        Scenario broken = good;
        breakIt(broken);
        const auto whole = readScenarioFromString(writeScenarioToString(broken), file.string());
        ASSERT_FALSE(whole) << "the broken battle must not load";
        const std::size_t before = savesReadBackInTwo();
        auto saved = saveScenario(broken, file);
        ASSERT_FALSE(saved);
        EXPECT_EQ(saved.error(), file.string() + ": not saved, because the scenario would not load again (" +
                                     whole.error().message +
                                     "). The previous file is unchanged; please report this as a bug.");
        EXPECT_EQ(savesReadBackInTwo(), before);
        EXPECT_EQ(fileBytes(file), goodBytes) << "the previous file must be unchanged";
        EXPECT_EQ(filesIn(folder.path()), 1U) << "no temporary file, no backup of a save that did not happen";
    }
}

namespace {

std::string smallFile() {
    return fileBytes(fs::path(SANDTABLE_TEST_DATA) / "good" / "small.xml");
}

std::string withNotes(const std::string& notes) {
    std::string xml = smallFile();
    const std::string old = "<setup-notes>Both sides deploy as shown.</setup-notes>";
    xml.replace(xml.find(old), old.size(), "<setup-notes>" + notes + "</setup-notes>");
    return xml;
}

} // namespace

TEST(ScenarioXml, FreeTextIsReadWholeAcrossCommentsAndCdata) {
    auto s = readScenarioFromString(withNotes("Both sides <!-- a remark -->deploy<![CDATA[ <as> & ]]>shown."),
                                    "notes.xml");
    ASSERT_TRUE(s) << s.error().toString();
    EXPECT_EQ(s->info.setupNotes, "Both sides deploy <as> & shown.");
    auto spaces = readScenarioFromString(withNotes("  "), "spaces.xml");
    ASSERT_TRUE(spaces) << spaces.error().toString();
    EXPECT_EQ(spaces->info.setupNotes, "  ");
}

TEST(ScenarioXml, CarriageReturnsInTextRoundTripToTheSameBytes) {
    auto s = readScenarioFromString(withNotes("Line one.&#13;\nLine two.&#13;"), "cr.xml");
    ASSERT_TRUE(s) << s.error().toString();
    EXPECT_EQ(s->info.setupNotes, "Line one.\r\nLine two.\r");
    const std::string once = writeScenarioToString(*s);
    auto back = readScenarioFromString(once, "once.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(back->info.setupNotes, s->info.setupNotes);
    EXPECT_EQ(writeScenarioToString(*back), once);
}

TEST(ScenarioXml, OnlyAnErrorAtTheEndSaysTheFileMayBeTruncated) {
    const std::string xml = smallFile();
    auto cut = readScenarioFromString(xml.substr(0, xml.size() / 2), "cut.xml");
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().message.find("is it truncated?"), std::string::npos) << cut.error().message;
    std::string typo = xml;
    typo.replace(typo.find("</victory-conditions>"), 21, "</victory-condition>");
    auto mismatch = readScenarioFromString(typo, "typo.xml");
    ASSERT_FALSE(mismatch);
    EXPECT_EQ(mismatch.error().message.find("truncated"), std::string::npos) << mismatch.error().message;
}

// A terrain model's surface is checked as the cells' layers are: its size from the map and its
// points a cell, its heights in range, each error with its line and place.
TEST(ScenarioXml, ASurfaceOfTheWrongSizeOrOutOfRangeIsNamed) {
    Scenario s = everyField();
    const std::string xml = writeScenarioToString(s);
    const auto start = xml.find("<surface"), end = xml.find("</surface>");
    ASSERT_NE(start, std::string::npos);
    const std::string good = xml.substr(start, end - start);
    const auto withSurface = [&](const std::string& surface) {
        std::string changed = xml;
        changed.replace(start, end - start, surface);
        return readScenarioFromString(changed, "surface.xml");
    };
    // A value short, in its last row: the row, and how wide the surface is; a whole row short: how
    // many the map needs.
    const auto [cols, rows] = HeightSurface::shapeFor(s.map.grid, 2);
    auto shortOne = withSurface(good.substr(0, good.rfind(',')));
    ASSERT_FALSE(shortOne);
    EXPECT_NE(shortOne.error().message.find("row " + std::to_string(rows) + " of <surface> has " +
                                            std::to_string(cols - 1) + " values; the surface is " +
                                            std::to_string(cols) + " points wide"),
              std::string::npos)
        << shortOne.error().message;
    auto shortRow = withSurface(good.substr(0, good.rfind('\n', good.size() - 2)));
    ASSERT_FALSE(shortRow);
    EXPECT_NE(shortRow.error().message.find("a surface of 2 points a cell on the 12 x 10 map (" +
                                            std::to_string(cols) + " x " + std::to_string(rows) +
                                            " points) needs " + std::to_string(cols * rows)),
              std::string::npos)
        << shortRow.error().message;
    // Points a cell out of range.
    std::string zero = good;
    zero.replace(zero.find("samples-per-cell=\"2\""), 20, "samples-per-cell=\"0\"");
    auto none = withSurface(zero);
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("samples-per-cell"), std::string::npos) << none.error().message;
    // A height past the elevation's range, at its point.
    std::string high = good;
    const auto first = high.find('>') + 2; // past the newline
    high.replace(first, high.find(',', first) - first, "100001");
    auto tooHigh = withSurface(high);
    ASSERT_FALSE(tooHigh);
    EXPECT_NE(tooHigh.error().message.find("height 100001 in <surface> at point 1 of row 1 is out of range"),
              std::string::npos)
        << tooHigh.error().message;
    EXPECT_GT(tooHigh.error().line, 1) << "the error names the file's line";
}

TEST(ScenarioXml, ABaseHeightPastTheLimitsIsNamed) {
    std::string xml = writeScenarioToString(everyField());
    xml.replace(xml.find("base-feet=\"-150\""), 16, "base-feet=\"40000\"");
    auto s = readScenarioFromString(xml, "base.xml");
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().message.find("base-feet"), std::string::npos) << s.error().message;
    EXPECT_NE(s.error().message.find("40000"), std::string::npos) << s.error().message;
    EXPECT_GT(s.error().line, 1);
}

TEST(ScenarioXml, MessagesQuoteValuesOnOneShortLine) {
    std::string xml = smallFile();
    xml.replace(xml.find("turns=\"8\""), 9, "turns=\"8&#10;" + std::string(200, '9') + "\"");
    auto s = readScenarioFromString(xml, "long.xml");
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().message.find('\n'), std::string::npos) << s.error().message;
    EXPECT_LT(s.error().message.size(), 160u) << s.error().message;
    EXPECT_NE(s.error().message.find("8\\n999"), std::string::npos) << s.error().message;
}

TEST(ScenarioXml, ReadingRefusesWhatIsNotARegularFileOrTooLarge) {
    auto device = readScenario("/dev/zero");
    ASSERT_FALSE(device);
    EXPECT_EQ(device.error().toString(),
              "/dev/zero: is a character device, not a regular file; Sandtable reads only regular files");
    const testing_support::TemporaryFolder folder("fifo");
    const fs::path& dir = folder.path();
    const fs::path fifo = dir / "pipe.xml";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto pipe = readScenario(fifo);
    ASSERT_FALSE(pipe);
    EXPECT_EQ(pipe.error().message,
              "is a pipe (FIFO), not a regular file; Sandtable reads only regular files");
    const fs::path big = dir / "big.xml";
    { std::ofstream out(big); }
    fs::resize_file(big, limits::maxFileBytes + 1); // sparse: no disk used
    auto large = readScenario(big);
    ASSERT_FALSE(large);
    EXPECT_EQ(large.error().message,
              "is 536,870,913 bytes; Sandtable reads files of at most 536,870,912 bytes");
}

TEST(ScenarioXml, TheDefaultScenarioSaves) {
    Scenario s;
    s.map = Map::blank(Grid(Grid::Parameters{GridShape::Square, OffsetParity::Odd, 3, 3, 1}),
                       defaultTerrainTypes());
    auto back = readScenarioFromString(writeScenarioToString(s), "default.xml");
    ASSERT_TRUE(back) << back.error().toString();
    EXPECT_EQ(*back, s);
}

} // namespace sandtable
