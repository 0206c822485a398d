// What a ruleset needs in play (the <play> section of its file): the built-in rulesets' dice, unit
// values and markers as their rule texts give them, house rules that change them, and the mistakes
// a designer can make, each with file and line.
#include "formats/ruleset_xml.hpp"
#include "tests/file_bytes.hpp"
#include "tests/temporary_folder.hpp"
#include "validators/play_setup.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

Ruleset builtin(std::string_view name) {
    auto r = loadRuleset(name);
    EXPECT_TRUE(r) << r.error().toString();
    return r ? *r : Ruleset{};
}

const PlayTrack* track(const Ruleset& r, std::string_view name) {
    auto it = std::ranges::find(r.play.tracks, name, &PlayTrack::name);
    return it == r.play.tracks.end() ? nullptr : &*it;
}

const PlayDice* dice(const Ruleset& r, std::string_view name) {
    auto it = std::ranges::find(r.play.dice, name, &PlayDice::name);
    return it == r.play.dice.end() ? nullptr : &*it;
}

std::vector<StatusMarker> markers(const Ruleset& r) {
    std::vector<StatusMarker> out;
    for (const PlayMarker& m : r.play.markers) {
        out.push_back(m.marker);
    }
    return out;
}

TEST(PlayRules, TheHexedGeneralRollsOrdersForEachGeneralAndRemovesAUnitAtThreeHits) {
    const Ruleset r = builtin("hexed-general");
    const PlayDice* orders = dice(r, "Orders");
    ASSERT_NE(orders, nullptr);
    EXPECT_TRUE(orders->perGeneral);
    EXPECT_EQ(orders->count, 1);
    EXPECT_EQ(orders->sides, 6);
    for (const PlayDice& d : r.play.dice) {
        EXPECT_EQ(d.sides, 6) << "All dice are 6 sided: " << d.name;
    }
    const PlayTrack* hits = track(r, "hits");
    ASSERT_NE(hits, nullptr);
    EXPECT_EQ(hits->mostFor(4), 3) << "3 hits whatever the unit's stands";
    EXPECT_EQ(hits->atMost, TrackEnd::Removed);
    EXPECT_EQ(hits->rally, 1);
    ASSERT_TRUE(r.play.back);
    EXPECT_EQ(r.play.back->label, "2 hits") << "the spent face: a unit that may rally";
    const PlayMarker* column = r.play.marker(StatusMarker::MarchColumn);
    ASSERT_NE(column, nullptr);
    EXPECT_EQ(column->label, "Road column") << "in the Hexed General's words";
}

TEST(PlayRules, KallistraCountsStandsLostUpToTheUnitsStandsAndRollsTwelveSidedDice) {
    const Ruleset r = builtin("kallistra-hex");
    const PlayTrack* lost = track(r, "stands-lost");
    ASSERT_NE(lost, nullptr);
    EXPECT_EQ(lost->mostFor(4), 4);
    EXPECT_EQ(lost->mostFor(6), 6);
    EXPECT_EQ(lost->atMost, TrackEnd::Removed);
    EXPECT_EQ(lost->rally, 0) << "no rally gives stands back";
    ASSERT_NE(dice(r, "D12"), nullptr);
    EXPECT_EQ(dice(r, "D12")->sides, 12);
    ASSERT_NE(dice(r, "D6"), nullptr);
    EXPECT_EQ(markers(r), (std::vector<StatusMarker>{StatusMarker::Disrupted, StatusMarker::ChargeDeclared,
                                                     StatusMarker::Recoiled, StatusMarker::Routed,
                                                     StatusMarker::Line, StatusMarker::Column,
                                                     StatusMarker::MarchColumn, StatusMarker::Skirmish}));
}

TEST(PlayRules, TheAreaRulesGiveEachStandTwoHitsAndEntrenchingAScoreOfSix) {
    const Ruleset r = builtin("acw-area");
    const PlayTrack* hits = track(r, "hits");
    ASSERT_NE(hits, nullptr);
    EXPECT_EQ(hits->mostFor(3), 6);
    EXPECT_EQ(hits->mostFor(1), 2);
    const PlayMarker* entrenching = r.play.marker(StatusMarker::Entrenching);
    ASSERT_NE(entrenching, nullptr);
    EXPECT_EQ(entrenching->scoreToComplete, 6);
    EXPECT_NE(r.play.marker(StatusMarker::Disordered), nullptr);
    EXPECT_EQ(r.play.marker(StatusMarker::Disrupted), nullptr) << "the area rules say disordered";
}

TEST(PlayRules, GoodOldRebelsHitsPileUpAndARallyTakesTwoOff) {
    const Ruleset r = builtin("good-old-rebel");
    const PlayTrack* hits = track(r, "hits");
    ASSERT_NE(hits, nullptr);
    EXPECT_EQ(hits->mostFor(2), 0) << "no most";
    EXPECT_EQ(hits->atMost, TrackEnd::Nothing);
    EXPECT_EQ(hits->rally, 2);
    const PlayDice* events = dice(r, "2D6");
    ASSERT_NE(events, nullptr);
    EXPECT_EQ(events->count, 2);
    EXPECT_EQ(events->sides, 6);
    EXPECT_EQ(formationOf(StatusMarker::Limbered), Formation::Limbered);
    EXPECT_EQ(formationOf(StatusMarker::Routed), std::nullopt);
}

// Every die, value and marker of the built-in rulesets cites its rule text: the file exists in
// ../shared/seeds and every quoted passage is in it (kinds and runs of spaces aside); and
// docs/rules.md quotes the same source.
TEST(PlayRules, EveryBuiltInPlayElementQuotesItsRuleText) {
    const fs::path seeds = fs::path(SANDTABLE_SHARED) / "seeds";
    ASSERT_TRUE(fs::is_directory(seeds))
        << "the rule texts are not at " << seeds << " (they sit beside the source tree)";
    auto squeeze = [](std::string text) { // no-break spaces (U+00A0) are spaces too
        for (std::size_t at = text.find("\xC2\xA0"); at != std::string::npos;
             at = text.find("\xC2\xA0", at)) {
            text.replace(at, 2, " ");
        }
        std::string out;
        for (char c : text) {
            const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
            if (!space || (!out.empty() && out.back() != ' ')) {
                out += space ? ' ' : c;
            }
        }
        return out;
    };
    const std::string doc = testing_support::fileBytes(fs::path(SANDTABLE_SOURCE_DIR) / "docs" / "rules.md");
    int quotes = 0;
    auto check = [&](const std::string& ruleset, const std::string& what, const std::string& source) {
        SCOPED_TRACE(ruleset + ": " + what);
        const std::string file = source.substr(0, source.find(','));
        ASSERT_TRUE(fs::exists(seeds / file)) << "no rule text " << file;
        const std::string text = squeeze(testing_support::fileBytes(seeds / file));
        static const std::regex quoted("\"([^\"]+)\"");
        for (std::sregex_iterator it(source.begin(), source.end(), quoted), end; it != end; ++it) {
            EXPECT_NE(text.find(squeeze((*it)[1])), std::string::npos) << (*it)[1] << " is not in " << file;
            ++quotes;
        }
        EXPECT_NE(doc.find(source), std::string::npos) << "docs/rules.md does not quote: " << source;
    };
    for (const std::string& name : builtinRulesetNames()) {
        const Ruleset r = builtin(name);
        EXPECT_FALSE(r.play.dice.empty()) << name;
        EXPECT_FALSE(r.play.tracks.empty()) << name;
        EXPECT_FALSE(r.play.markers.empty()) << name;
        for (const PlayDice& d : r.play.dice) {
            check(name, "dice " + d.name, d.source);
        }
        for (const PlayTrack& t : r.play.tracks) {
            check(name, "track " + t.name, t.source);
        }
        for (const PlayMarker& m : r.play.markers) {
            check(name, "marker " + std::string(enumName(m.marker)), m.source);
        }
        for (const PlayTable& t : r.play.tables) {
            check(name, "table " + t.name, t.source);
        }
        ASSERT_TRUE(r.play.back) << name << " says no counter back";
        check(name, "back", r.play.back->source);
    }
    EXPECT_GE(quotes, 44);
}

// Every row of every built-in table is in its rule text, its cells one after another (spaces, and
// Good Old Rebel's '|' between cells, aside), and so is every note.
TEST(PlayRules, EveryBuiltInTablesRowsAndNotesAreInItsRuleText) {
    const fs::path seeds = fs::path(SANDTABLE_SHARED) / "seeds";
    auto squeezed = [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        std::string out;
        for (char c; in.get(c);) {
            const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '|';
            if (!space || (!out.empty() && out.back() != ' ')) {
                out += space ? ' ' : c;
            }
        }
        return out;
    };
    int rows = 0;
    for (const std::string& name : builtinRulesetNames()) {
        for (const PlayTable& t : builtin(name).play.tables) {
            const std::string file = t.source.substr(0, t.source.find(','));
            ASSERT_TRUE(fs::exists(seeds / file)) << name << ": no rule text " << file;
            const std::string text = squeezed(seeds / file);
            for (std::size_t r = 1; r < t.rows.size(); ++r, ++rows) {
                std::string joined;
                for (const std::string& cell : t.rows[r]) {
                    if (!cell.empty()) {
                        joined += (joined.empty() ? "" : " ") + cell;
                    }
                }
                EXPECT_NE(text.find(joined), std::string::npos) << name << " " << t.name << ": " << joined;
            }
            for (const std::string& note : t.notes) {
                std::string one;
                for (char c : note) {
                    if (c != ' ' || (!one.empty() && one.back() != ' ')) {
                        one += c;
                    }
                }
                EXPECT_NE(text.find(one), std::string::npos) << name << " " << t.name << ": " << note;
            }
        }
    }
    EXPECT_GE(rows, 25) << "Good Old Rebel's and Kallistra's tables";
}

// A ruleset's tables are its rule text's, cell for cell: Good Old Rebel prints a table as lines
// ending in '|' (a lone '|' between rows), and the table's cells, row by row, are a run of them.
TEST(PlayRules, GoodOldRebelsTablesAreItsRuleTextsCellForCell) {
    const fs::path seed = fs::path(SANDTABLE_SHARED) / "seeds" / "good-old-rebel-v1.txt";
    std::ifstream in(seed, std::ios::binary);
    ASSERT_TRUE(in) << "the rule text is not at " << seed;
    std::vector<std::string> printed; // every cell the text prints, in order
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (line.size() > 1 && line.back() == '|') {
            line.pop_back();
            while (!line.empty() && line.back() == ' ') {
                line.pop_back();
            }
            printed.push_back(line);
        }
    }
    const Ruleset r = builtin("good-old-rebel");
    ASSERT_EQ(r.play.tables.size(), 4u) << "artillery, small arms, close combat and breech loading fire";
    for (const PlayTable& t : r.play.tables) {
        std::vector<std::string> cells;
        for (const auto& row : t.rows) {
            ASSERT_EQ(row.size(), t.rows.front().size()) << t.name;
            cells.insert(cells.end(), row.begin(), row.end());
        }
        EXPECT_NE(std::ranges::search(printed, cells).begin(), printed.end())
            << t.name << ": its cells are not a run of the rule text's table";
        EXPECT_FALSE(t.notes.empty()) << t.name << ": the modifiers under it";
    }
    const PlayTable& close = r.play.tables[2];
    EXPECT_EQ(close.name, "close-combat");
    EXPECT_EQ(close.rows[1], (std::vector<std::string>{"Infantry", "6<>3", "4<>2", "8<>2", "5<>2"}));
}

TEST(PlayRules, AHouseRuleChangesAddsAndRemovesPlayElementsByName) {
    const std::string xml =
        "<ruleset name=\"h\" extends=\"hexed-general\">\n<play>\n"
        "<track name=\"hits\" label=\"Hits\" most=\"4\" at-most=\"removed\" rally=\"2\"/>\n"
        "<marker name=\"disrupted\" label=\"Shaken\"/>\n"
        "<marker name=\"dismounted\" enabled=\"false\"/>\n"
        "<dice name=\"2D6\" enabled=\"false\"/>\n"
        "<table name=\"orders\" label=\"Orders\">\n<row>Orders | Moves</row>\n<row>1 | 1</row>\n</table>\n"
        "</play>\n</ruleset>";
    const testing_support::TemporaryFolder scratch("house-play");
    const fs::path file = scratch / "house-play.xml";
    std::ofstream(file) << xml;
    auto loaded = loadRuleset(file.string());
    ASSERT_TRUE(loaded) << loaded.error().toString();
    const Ruleset parent = builtin("hexed-general");
    ASSERT_NE(track(*loaded, "hits"), nullptr);
    EXPECT_EQ(track(*loaded, "hits")->most, 4);
    EXPECT_EQ(track(*loaded, "hits")->rally, 2);
    EXPECT_EQ(loaded->play.tracks.size(), parent.play.tracks.size()) << "replaced, not added";
    ASSERT_NE(loaded->play.marker(StatusMarker::Disrupted), nullptr);
    EXPECT_EQ(loaded->play.marker(StatusMarker::Disrupted)->label, "Shaken");
    EXPECT_EQ(loaded->play.marker(StatusMarker::Dismounted), nullptr);
    EXPECT_EQ(dice(*loaded, "2D6"), nullptr);
    EXPECT_NE(dice(*loaded, "Orders"), nullptr) << "the parent's other dice are kept";
    EXPECT_EQ(loaded->play.markers.size(), parent.play.markers.size()) << "one added, one removed";
    ASSERT_EQ(loaded->play.tables.size(), parent.play.tables.size() + 1) << "a table added";
    EXPECT_EQ(loaded->play.tables.back().rows[1], (std::vector<std::string>{"1", "1"}));

    // Good Old Rebel's close combat replaced, its breech loading fire taken away.
    const std::string gor =
        "<ruleset name=\"g\" extends=\"good-old-rebel\">\n<play>\n"
        "<table name=\"close-combat\" label=\"Close combat\">\n<row>CC | Vs infantry</row>\n"
        "<row>Infantry | 5&lt;&gt;3</row>\n</table>\n"
        "<table name=\"breech-loading-fire\" enabled=\"false\"/>\n"
        "</play>\n</ruleset>";
    std::ofstream(file) << gor;
    auto house = loadRuleset(file.string());
    ASSERT_TRUE(house) << house.error().toString();
    const Ruleset gorParent = builtin("good-old-rebel");
    ASSERT_EQ(house->play.tables.size(), gorParent.play.tables.size() - 1);
    EXPECT_EQ(house->play.tables[2].rows[1], (std::vector<std::string>{"Infantry", "5<>3"}));
    EXPECT_TRUE(std::ranges::none_of(house->play.tables,
                                     [](const PlayTable& t) { return t.name == "breech-loading-fire"; }));
}

TEST(PlayRules, MistakesInThePlaySectionNameTheFileAndLine) {
    auto error = [](std::string_view play) {
        auto r = parseRuleset("<ruleset name=\"h\">\n<play>\n" + std::string(play) + "\n</play>\n</ruleset>",
                              "house.xml");
        return r ? std::string("loaded") : r.error().toString();
    };
    EXPECT_EQ(error("<marker name=\"shaken\" label=\"Shaken\"/>"),
              "house.xml:3:1: unknown marker 'shaken'; expected disrupted, disordered, recoiled, routed, "
              "entrenching, entrenched, charge-declared, line, column, march-column, skirmish, square, "
              "limbered or dismounted");
    EXPECT_TRUE(error("<marker name=\"shaken\" enabled=\"false\"/>")
                    .starts_with("house.xml:3:1: unknown marker 'shaken'; expected disrupted, "))
        << "a marker taken away must be one the rules know";
    EXPECT_EQ(error("<track name=\"hits\" most=\"0\"/>"),
              "house.xml:3:1: attribute 'most' of <track> must be a whole number from 1 to 99, not '0'");
    EXPECT_EQ(error("<track name=\"hits\" most=\"3\" rally=\"4\"/>"),
              "house.xml:3:1: track 'hits': a rally takes off 4, more than its most of 3");
    EXPECT_EQ(error("<track name=\"hits\" at-most=\"removed\"/>"),
              "house.xml:3:1: track 'hits' removes a unit at its most but has none; give most or "
              "most-per-stand");
    EXPECT_EQ(error("<track name=\"hits\" most=\"3\" most-per-stand=\"2\"/>"),
              "house.xml:3:1: track 'hits' gives most or most-per-stand, not both");
    EXPECT_EQ(error("<track name=\"Hits!\" most=\"3\"/>"),
              "house.xml:3:1: track name 'Hits!' must be a lower-case letter, then letters, digits or "
              "hyphens (at most 40)");
    EXPECT_EQ(error("<track name=\"hits\" most=\"3\" at-most=\"routed\"/>"),
              "house.xml:3:1: attribute 'at-most' of <track> must be nothing or removed, not 'routed'");
    EXPECT_EQ(error("<marker name=\"routed\" label=\"Routed\" score=\"6\"/>"),
              "house.xml:3:1: only the entrenching marker keeps a score, not 'routed'");
    EXPECT_EQ(error("<marker name=\"routed\"/>"),
              "house.xml:3:1: <marker> 'routed' needs a label (the word on the counter)");
    EXPECT_EQ(error("<dice name=\"D6\" count=\"0\" sides=\"6\"/>"),
              "house.xml:3:1: attribute 'count' of <dice> must be a whole number from 1 to 30, not '0'");
    EXPECT_EQ(error("<dice name=\"D1\" count=\"1\" sides=\"1\"/>"),
              "house.xml:3:1: attribute 'sides' of <dice> must be a whole number from 2 to 100, not '1'");
    EXPECT_EQ(error("<dice name=\"D6\" count=\"1\" sides=\"6\" per=\"corps\"/>"),
              "house.xml:3:1: attribute 'per' of <dice> can only be general (dice rolled for each general), "
              "not 'corps'");
    EXPECT_EQ(
        error("<dice name=\"D6\" count=\"1\" sides=\"6\"/>\n<dice name=\"D6\" count=\"2\" sides=\"6\"/>"),
        "house.xml:4:1: <dice> 'D6' is listed twice");
    EXPECT_EQ(error("<counter name=\"x\"/>"), "house.xml:3:1: unexpected element <counter> in <play>; "
                                              "expected <dice>, <track>, <marker>, <table> or <back>");
    EXPECT_EQ(error("<table name=\"fire\">\n<row>Fire | Short | Long</row>\n<row>Open | 4</row>\n</table>"),
              "house.xml:5:1: a row of table 'fire' has 2 cells where its heading has 3");
    EXPECT_EQ(error("<table name=\"fire\">\n<row>Fire | Short</row>\n</table>"),
              "house.xml:3:1: table 'fire' needs a heading <row> and one row at least");
    EXPECT_EQ(error("<table name=\"fire\">\n<row>Fire</row>\n</table>"),
              "house.xml:4:1: a row of table 'fire' has 1 cells; a row has 2 to 16, split by |");
    EXPECT_EQ(error("<table name=\"fire\">\n<row>a | <b>b</b></row>\n<row>c | d</row>\n</table>"),
              "house.xml:4:10: <row> of table 'fire' holds text only, not <b>");
    EXPECT_EQ(error("<table name=\"fire\">\n<cell>4</cell>\n</table>"),
              "house.xml:4:1: unexpected element <cell> in <table>; expected <row> or <note>");
    EXPECT_EQ(error("<table name=\"fire\">\n<row>a | b</row>\n<note>n</note>\n<row>c | d</row>\n</table>"),
              "house.xml:6:1: table 'fire': a <row> after a <note>; the notes come under the table");
    EXPECT_EQ(error("<table name=\"Fire!\">\n<row>a | b</row>\n<row>c | d</row>\n</table>"),
              "house.xml:3:1: table name 'Fire!' must be a lower-case letter, then letters, digits or "
              "hyphens (at most 40)");
    EXPECT_EQ(error("<back label=\"Spent\"/>\n<back label=\"Tired\"/>"),
              "house.xml:4:1: <back> is given twice; a counter has one back");
    EXPECT_EQ(error("<back/>"), "house.xml:3:1: <back> needs label");
    EXPECT_EQ(error("<dice count=\"1\" sides=\"6\"/>"), "house.xml:3:1: <dice> needs name");
    auto twice = parseRuleset("<ruleset name=\"h\">\n<play/>\n<play/>\n</ruleset>", "house.xml");
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().toString(),
              "house.xml:3:1: <play> is given twice; one <play> holds all of a ruleset's play");
}

// The play kit's stacking total and break point come from the rules that hold them, house rules
// included.
TEST(PlayRules, ThePlaySetupTakesTheStackingLimitAndBreakPointFromTheirRules) {
    auto setupOf = [](std::string_view name) {
        auto r = loadRuleset(name);
        EXPECT_TRUE(r) << r.error().toString();
        auto resolved = resolveRuleset(*r);
        EXPECT_TRUE(resolved) << resolved.error();
        return playSetupOf(*resolved);
    };
    const PlaySetup hexed = setupOf("hexed-general");
    EXPECT_EQ(hexed.ruleset, "hexed-general");
    EXPECT_EQ(hexed.stacking, (StackingLimit{false, 1, "1 unit"}));
    ASSERT_TRUE(hexed.breakPoint);
    EXPECT_EQ(hexed.breakPoint->arms, (std::vector<Arm>{Arm::Infantry, Arm::Cavalry}));
    EXPECT_EQ(hexed.breakPoint->unitsToBreak(24), 12);
    EXPECT_EQ(hexed.breakPoint->unitsToBreak(31), 16);
    EXPECT_EQ(hexed.play, loadRuleset("hexed-general")->play);
    EXPECT_EQ(setupOf("acw-area").stacking, (StackingLimit{true, 6, "6 stands"}));
    EXPECT_FALSE(setupOf("acw-area").breakPoint) << "the area rules give no break point";
    EXPECT_EQ(setupOf("kallistra-hex").stacking,
              (StackingLimit{true, 6, "6 infantry, 4 cavalry or 3 artillery stands"}));
    EXPECT_FALSE(setupOf("good-old-rebel").stacking) << "measured in inches, no stacking rule";

    const testing_support::TemporaryFolder scratch("house-break");
    const fs::path file = scratch / "house-break.xml";
    std::ofstream(file) << "<ruleset name=\"h\" extends=\"hexed-general\">\n<rule key=\"army.break-point\">"
                           "<param name=\"lost-fraction\" value=\"0.33\"/><param name=\"arms\" "
                           "value=\"infantry\"/></rule>\n</ruleset>";
    auto house = loadRuleset(file.string());
    ASSERT_TRUE(house) << house.error().toString();
    auto resolved = resolveRuleset(*house);
    ASSERT_TRUE(resolved) << resolved.error();
    const PlaySetup setup = playSetupOf(*resolved);
    ASSERT_TRUE(setup.breakPoint);
    EXPECT_EQ(setup.breakPoint->arms, std::vector<Arm>{Arm::Infantry});
    EXPECT_EQ(setup.breakPoint->unitsToBreak(30), 10);
    EXPECT_EQ(armsText({Arm::Infantry, Arm::Cavalry, Arm::Artillery}), "infantry, cavalry and artillery");
    EXPECT_EQ(armsText({Arm::Infantry, Arm::Cavalry}, false), "infantry or cavalry");
}

} // namespace
} // namespace sandtable
