#include "editor/cli/cli.hpp"
#include "editor/cli/subcommand.hpp"
#include "exports/export_kinds.hpp"
#include "formats/scenario_xml.hpp"
#include "run_cli.hpp"
#include "tests/file_bytes.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

using test_support::run;

class Cli : public testing::Test {
  protected:
    std::string path(const std::string& name) const { return (dir / name).string(); }
    testing_support::TemporaryFolder folder_{"cli"};
    const fs::path dir = folder_.path();
};

TEST_F(Cli, HelpAndVersionSucceed) {
    EXPECT_EQ(run({"--help"}).code, 0);
    EXPECT_NE(run({"--help"}).out.find("generate"), std::string::npos);
    EXPECT_EQ(run({"--version"}).out.rfind("sandtable ", 0), 0u);
    EXPECT_NE(run({"info", "--help"}).out.find("sandtable info FILE [--scenario NAME|NUMBER] [--json]"),
              std::string::npos);
}

TEST_F(Cli, EachCommandsHelpAndParserComeFromItsOneEntry) {
    ASSERT_GE(cli::subcommands().size(), 10U);
    const std::string overview = run({"--help"}).out;
    for (const cli::Subcommand& c : cli::subcommands()) {
        SCOPED_TRACE(std::string(c.name));
        EXPECT_NE(overview.find("  " + std::string(c.name) + " "), std::string::npos) << "listed in --help";
        const std::string help = run({std::string(c.name), "--help"}).out;
        EXPECT_EQ(help.rfind("usage: sandtable " + std::string(c.name), 0), 0U) << help;
        EXPECT_EQ(help, run({"help", std::string(c.name)}).out);
        // The positionals the entry asks for, and each option as a user would give it.
        std::vector<std::string> args;
        for (int i = 0; i < c.minArguments; ++i) {
            args.push_back("x" + std::to_string(i));
        }
        for (const cli::Option& o : c.options) {
            std::string_view names = o.names;
            while (!names.empty()) {
                const auto comma = names.find(", ");
                const std::string name(names.substr(0, comma));
                names = comma == std::string_view::npos ? "" : names.substr(comma + 2);
                EXPECT_NE(help.find(name), std::string::npos) << name << " is not in the help";
                std::vector<std::string> given = args;
                for (const cli::Option& required : c.options) {
                    if (required.need == cli::Option::Need::Required && &required != &o) {
                        given.push_back(std::string(required.names.substr(0, required.names.find(','))));
                        given.push_back("v");
                    }
                }
                given.push_back(name);
                if (!o.value.empty()) {
                    given.push_back("v");
                }
                const cli::Arguments a = cli::parseFor(c, given);
                EXPECT_TRUE(a.ok()) << name << ": " << a.error();
                const std::string first(o.names.substr(0, o.names.find(',')));
                EXPECT_TRUE(o.value.empty() ? a.has(first) : a.value(first) == "v")
                    << name << " reaches the handler as " << first;
            }
        }
        std::vector<std::string> unknown = args;
        unknown.push_back("--frobnicate");
        EXPECT_FALSE(cli::parseFor(c, unknown).ok());
        std::vector<std::string> tooMany = args;
        for (int i = c.minArguments; i <= c.maxArguments; ++i) {
            tooMany.push_back("extra");
        }
        EXPECT_FALSE(cli::parseFor(c, tooMany).ok()) << "more arguments than the entry takes";
    }
    const cli::Subcommand* exportCommand = cli::findSubcommand("export");
    ASSERT_NE(exportCommand, nullptr);
    const cli::Arguments withoutOutput = cli::parseFor(*exportCommand, {"a.xml", "--to", "pdf"});
    EXPECT_EQ(withoutOutput.error(), "-o OUT is required");
    EXPECT_EQ(run({"convert", "a.xml"}).err,
              "sandtable convert: expected IN and OUT; see sandtable convert --help\n");
}

TEST_F(Cli, SandtableRunsTheLightCommandsAndHandsTheRestToTheProgramThatRunsThem) {
    using Words = std::vector<std::string>;
    for (const Words& own : {Words{"rulesets"}, Words{"validate", "a.xml"}, Words{"info", "a.xml"},
                             Words{"convert", "a", "b"}, Words{"generate"}, Words{"--help"}, Words{"-h"},
                             Words{"help"}, Words{"--version"}, Words{"help", "validate"}}) {
        EXPECT_EQ(cli::programFor(own), cli::RunsIn::Sandtable) << own.front();
    }
    // The commands that draw or read modules and maps: sandtable-draw, without wx and GDAL.
    for (const Words& drawn : {Words{"export", "a.xml"}, Words{"thumbnail", "a", "b"},
                               Words{"import", "a.tmx"}, Words{"man-page"}, Words{"help", "export"}}) {
        EXPECT_EQ(cli::programFor(drawn), cli::RunsIn::DrawingProgram) << drawn.back();
    }
    // The editor, and the commands that read terrain data through GDAL: sandtable-editor.
    for (const Words& handed :
         {Words{}, Words{"battle.sandtable.xml"}, Words{"place", "a"}, Words{"import-elevation"},
          Words{"import-land-cover", "a", "b"}, Words{"align-background", "a"}, Words{"help", "place"}}) {
        EXPECT_EQ(cli::programFor(handed), cli::RunsIn::EditorProgram)
            << (handed.empty() ? "(the editor)" : handed.back());
    }
    EXPECT_EQ(cli::programName(cli::RunsIn::Sandtable), "sandtable");
    EXPECT_EQ(cli::programName(cli::RunsIn::DrawingProgram), "sandtable-draw");
    EXPECT_EQ(cli::programName(cli::RunsIn::EditorProgram), "sandtable-editor");
    // The program with everything (this one) has the handler of each command sandtable hands over,
    // once, and no other has one. (sandtable-draw's own, the drawing ones, are run by
    // tests/check_program_split.sh.)
    std::set<std::string_view> handled;
    for (const cli::ProgramCommand& c : cli::programCommands()) {
        const cli::Subcommand* entry = cli::findSubcommand(c.name);
        ASSERT_NE(entry, nullptr) << c.name;
        EXPECT_NE(entry->runsIn, cli::RunsIn::Sandtable) << c.name;
        EXPECT_EQ(entry->run, nullptr) << c.name;
        EXPECT_NE(c.run, nullptr) << c.name;
        EXPECT_TRUE(handled.insert(c.name).second) << c.name << " twice";
    }
    for (const cli::Subcommand& c : cli::subcommands()) {
        if (c.runsIn != cli::RunsIn::Sandtable) {
            EXPECT_TRUE(handled.contains(c.name)) << c.name << " has no handler";
            continue;
        }
        EXPECT_NE(c.run, nullptr) << c.name;
        // sandtable fills in no placeholder: its own commands' help must name none.
        for (const auto& [placeholder, value] : cli::helpPlaceholders()) {
            EXPECT_EQ(std::string(c.description).find(placeholder), std::string::npos) << c.name;
            for (const cli::Option& o : c.options) {
                EXPECT_EQ((std::string(o.value) + std::string(o.help)).find(placeholder), std::string::npos)
                    << c.name << " " << o.names;
            }
        }
    }
}

// Whatever a subcommand's work throws ends in one line and exit code 2, never in an abort (a
// terrain model once ended import-elevation with std::bad_alloc and a core dump).
TEST_F(Cli, AnExceptionInACommandIsOneLineAndExitCodeTwo) {
    std::ostringstream err;
    EXPECT_EQ(cli::runGuarded(
                  "import-elevation", []() -> int { throw std::bad_alloc(); }, err),
              cli::BadInput);
    EXPECT_EQ(err.str(),
              "sandtable import-elevation: out of memory (the input asks for more than this computer has)\n");
    err.str("");
    EXPECT_EQ(cli::runGuarded(
                  "export", []() -> int { throw std::runtime_error("zip:\nwrite failed"); }, err),
              cli::BadInput);
    EXPECT_EQ(err.str(), "sandtable export: stopped by an unexpected error: zip: write failed\n");
    err.str("");
    EXPECT_EQ(cli::runGuarded(
                  "info", []() -> int { throw 42; }, err),
              cli::BadInput);
    EXPECT_EQ(err.str(), "sandtable info: stopped by an unexpected error\n");
    err.str("");
    EXPECT_EQ(cli::runGuarded(
                  "validate", [] { return int{cli::ScenarioHasProblems}; }, err),
              cli::ScenarioHasProblems);
    EXPECT_EQ(err.str(), "");
}

TEST_F(Cli, UnknownCommandsAndOptionsAreUsageErrors) {
    auto r = run({"frobnicate"});
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "sandtable: unknown command 'frobnicate'; see sandtable --help\n");
    r = run({"info", "x.xml", "--jsn"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown option --jsn"), std::string::npos);
    r = run({"generate", "--cols", "ten", "-o", path("g.xml")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("option --cols must be a whole number from 4 to 10,000, not 'ten'"),
              std::string::npos);
    r = run({"generate", "--cols", "10"});
    EXPECT_EQ(r.err, "sandtable generate: -o FILE is required\n");
}

TEST_F(Cli, GenerateInfoAndConvert) {
    auto r = run(
        {"generate", "--cols", "40", "--rows", "30", "--units", "100", "--seed", "4", "-o", path("g.xml")});
    ASSERT_EQ(r.code, 0) << r.err;
    r = run({"info", path("g.xml")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("hex-flat (odd), 40 x 30 cells, 400 yards per cell, labels 0101 to 4030"),
              std::string::npos)
        << r.out;
    r = run({"info", path("g.xml"), "--json"});
    ASSERT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("\"cols\": 40"), std::string::npos);
    EXPECT_NE(r.out.find("\"infantry\": "), std::string::npos);
    r = run({"convert", path("g.xml"), path("h.xml")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(writeScenarioToString(*readScenario(path("g.xml"))),
              writeScenarioToString(*readScenario(path("h.xml"))));
}

// A scenario that says when its turns fall: info gives the clock and the first and last turn.
TEST_F(Cli, InfoSaysWhenTheTurnsFall) {
    const std::string gettysburg = std::string(SANDTABLE_SAMPLES) + "/gettysburg/gettysburg.sandtable.xml";
    auto r = run({"info", gettysburg});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(
        r.out.find("turns:      44 of 60 minutes from 8:00 am, night turns 13 and 30, after a night from "
                   "4:00 am, confederate first\n"
                   "            turn 1 at 8:00 am, 1 July 1863; turn 44 at 5:00 pm, 3 July 1863\n"),
        std::string::npos)
        << r.out;
    r = run({"info", gettysburg, "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"startTime\": \"08:00\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"dawn\": \"04:00\""), std::string::npos) << r.out;
}

TEST_F(Cli, GenerateIsReproducible) {
    run({"generate", "--cols", "20", "--rows", "20", "--units", "30", "--seed", "9", "-o", path("a.xml")});
    run({"generate", "--cols", "20", "--rows", "20", "--units", "30", "--seed", "9", "-o", path("b.xml")});
    EXPECT_EQ(*readScenario(path("a.xml")), *readScenario(path("b.xml")));
}

// --style takes the map's style and its ink, comma separated, in any order; the natural ground and
// the cells' are different pictures of the same map.
TEST_F(Cli, StyleChoosesTheGroundAndTheInk) {
    const std::string sample = std::string(SANDTABLE_SAMPLES) + "/shiloh/shiloh.sandtable.xml";
    auto png = [&](const std::string& name, const std::string& style) {
        auto r = run(
            {"export", sample, "--to", "png", "-o", path(name), "--dpi", "30", "--style", style, "--force"});
        EXPECT_EQ(r.code, 0) << style << ": " << r.err;
        return testing_support::fileBytes(path(name));
    };
    const std::string natural = png("natural.png", "natural"), cells = png("cells.png", "cells");
    EXPECT_GT(natural.size(), 1000u);
    EXPECT_NE(natural, cells);
    EXPECT_NE(png("grey.png", "grayscale,natural"), natural);
    EXPECT_EQ(png("again.png", "natural"), natural) << "the same map draws the same";
    auto r = run({"export", sample, "--to", "png", "-o", path("x.png"), "--style", "natural,sepia"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(
        r.err.find("--style takes natural, cells, colour, grayscale, low-ink (a style and an ink, comma "
                   "separated), not 'sepia'"),
        std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(path("x.png")));
}

TEST_F(Cli, TooManyUnitsForTheMapIsRefused) {
    auto r = run({"generate", "--cols", "10", "--rows", "10", "--units", "500", "-o", path("x.xml")});
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err,
              "sandtable generate: 500 units do not fit on 10 x 10 cells (at most a quarter of the cells)\n");
}

TEST_F(Cli, BadInputNamesFileAndLine) {
    auto r = run({"info", std::string(SANDTABLE_TEST_DATA) + "/bad/unknown-arm.xml"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown-arm.xml:"), std::string::npos);
    EXPECT_NE(r.err.find("expected infantry, cavalry, artillery or heavy-artillery"), std::string::npos)
        << r.err;
    r = run({"convert", std::string(SANDTABLE_TEST_DATA) + "/bad/unknown-arm.xml", path("out.xml")});
    EXPECT_EQ(r.code, 2);
    EXPECT_FALSE(fs::exists(path("out.xml"))) << "a failed convert must not write anything";
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

const std::string rulesData = std::string(SANDTABLE_TEST_DATA) + "/rules/";

TEST_F(Cli, ValidateACleanScenarioExitsZero) {
    auto r = run({"validate", rulesData + "acw-area.base.xml"});
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_EQ(r.out, rulesData + "acw-area.base.xml: acw-area: 0 errors, 0 warnings, 0 info, 0 excluded\n");
}

TEST_F(Cli, ValidateErrorsExitOneWithOneLinePerFinding) {
    const std::string file = rulesData + "hexed-general.stacking.units-per-cell.xml";
    auto r = run({"validate", file, "--severity", "error"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find(file + ": 0303: error stacking.units-per-cell: 2 units in one cell (Iron Brigade, "
                                "Cutler's Brigade); at most 1 allowed"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("info army.break-point"), std::string::npos) << "--severity error hides info";
}

TEST_F(Cli, ValidateJsonReport) {
    auto r = run({"validate", rulesData + "kallistra-hex.line.contiguous.xml", "--json"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("\"rule\": \"line.contiguous\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"cells\": [\n        \"0305\",\n        \"0307\"\n      ]"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\"units\": [\n        2\n      ]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"errors\": 1"), std::string::npos) << r.out;
}

TEST_F(Cli, ValidateWithAnotherRulesetOrAHouseRulesFile) {
    auto r = run({"validate", rulesData + "kallistra-hex.stacking.stands-by-arm.xml", "--ruleset",
                  rulesData + "house-kallistra.xml", "--severity", "error"});
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out.find("7 infantry stands"), std::string::npos) << "the house rules allow 8";
    EXPECT_NE(r.out.find("5 infantry stands in 0704; at most 4 in column"), std::string::npos) << r.out;
}

TEST_F(Cli, ValidateAllChecksEveryRulesetTheScenarioDeclares) {
    std::string xml = testing_support::fileBytes(rulesData + "acw-area.base.xml");
    const std::string declared = "ruleset=\"acw-area\"";
    ASSERT_NE(xml.find(declared), std::string::npos);
    xml.replace(xml.find(declared), declared.size(), declared + " also-rulesets=\"hexed-general\"");
    std::ofstream(path("both.xml")) << xml;

    auto r = run({"validate", path("both.xml")});
    EXPECT_EQ(r.code, 0) << "without --all only the scenario's own ruleset runs: " << r.out;
    r = run({"validate", path("both.xml"), "--all"});
    EXPECT_EQ(r.code, 1) << "the area rules' side facings are errors under The Hexed General: " << r.out;
    EXPECT_NE(r.out.find(": acw-area: 0 errors"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(": hexed-general: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("error facing.kind"), std::string::npos) << r.out;
    r = run({"validate", path("both.xml"), "--all", "--json"});
    EXPECT_EQ(r.out.front(), '[') << "--all --json gives an array of reports: " << r.out;
    EXPECT_NE(r.out.find("\"ruleset\": \"hexed-general\""), std::string::npos);
    r = run({"validate", path("both.xml"), "--all", "--ruleset", "acw-area"});
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "sandtable validate: give --ruleset or --all, not both\n");
}

TEST_F(Cli, ValidateBadInputExitsTwo) {
    auto r = run({"validate", rulesData + "acw-area.base.xml", "--ruleset", "no-such-ruleset"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("no built-in ruleset is called 'no-such-ruleset'"), std::string::npos) << r.err;
    r = run({"validate", rulesData + "acw-area.base.xml", "--severity", "fatal"});
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "sandtable validate: --severity must be error, warning or info, not 'fatal'\n");
    r = run({"validate", std::string(SANDTABLE_TEST_DATA) + "/bad/truncated.xml"});
    EXPECT_EQ(r.code, 2);
    r = run({"validate", rulesData + "acw-area.base.xml", "--ruleset", rulesData + "house-bad-param.xml"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("house-bad-param.xml:3: parameter 'infantry'"), std::string::npos) << r.err;
}

TEST_F(Cli, RulesetsListsTheFourRulesetsAndTheirRules) {
    auto r = run({"rulesets"});
    EXPECT_EQ(r.code, 0);
    for (const char* name :
         {"hexed-general - The Hexed General (2012)", "kallistra-hex", "acw-area", "good-old-rebel"}) {
        EXPECT_NE(r.out.find(name), std::string::npos) << name;
    }
    EXPECT_NE(r.out.find("stacking.units-per-cell"), std::string::npos);
    r = run({"rulesets", "--json"});
    EXPECT_NE(r.out.find("\"key\": \"corps.train-on-road-to-supply\""), std::string::npos);
    EXPECT_NE(r.out.find("\"source\": \"hexed-general-2012-blog.txt, A. Basics: "), std::string::npos);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(Cli, ExportValidatesFirstAndForceRecordsIt) {
    const std::string broken =
        std::string(SANDTABLE_TEST_DATA) + "/rules/hexed-general.stacking.units-per-cell.xml";
    auto r = run({"export", broken, "--to", "tmx", "-o", path("x.tmx")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("0303: error stacking.units-per-cell"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was exported"), std::string::npos);
    EXPECT_FALSE(fs::exists(path("x.tmx")));
    r = run({"export", broken, "-o", path("x.tmx"), "--force"});
    EXPECT_EQ(r.code, 0) << r.err;
    ASSERT_TRUE(fs::exists(path("x.tmx")));
    EXPECT_TRUE(fs::exists(path("x-terrain.tsx")));
    EXPECT_TRUE(fs::exists(path("x-terrain.png")));
    const std::string tmx = testing_support::fileBytes(path("x.tmx"));
    EXPECT_NE(tmx.find("name=\"exportForced\" type=\"bool\" value=\"true\""), std::string::npos);
    r = run({"export", broken, "--to", "doc", "-o", path("x.doc")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(
        r.err.find("--to must be pdf, svg, png, tmx, vassal, json, roster, counters or booklet, not 'doc'"),
        std::string::npos)
        << r.err;
    // The command line prints through render/ with no wx in this test program: every kind works.
    for (const char* kind : {"pdf", "svg", "png", "roster", "counters", "booklet"}) {
        const std::string out = path(std::string("x-") + kind +
                                     (kind == std::string("svg")   ? ".svg"
                                      : kind == std::string("png") ? ".png"
                                                                   : ".pdf"));
        r = run({"export", broken, "--to", kind, "-o", out, "--force", "--cell-size", "20mm"});
        EXPECT_EQ(r.code, 0) << kind << ": " << r.err;
        EXPECT_GT(fs::file_size(out), 500u) << kind;
        EXPECT_NE(r.out.find("(forced despite errors; recorded in the export)"), std::string::npos) << r.out;
    }
    EXPECT_NE(r.out.find("wrote " + path("x-booklet.pdf") + ": "), std::string::npos) << r.out;
    // JSON: one file, parsed by python's json module (a reader that is not ours).
    r = run({"export", std::string(SANDTABLE_SAMPLES) + "/first-bull-run/first-bull-run.sandtable.xml", "-o",
             path("b.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string check =
        "python3 -c \"import json,sys; d=json.load(open('" + path("b.json") +
        "')); assert d['grid']['cols']==28 and len(d['terrain'])==26 and len(d['terrain'][0])==28; "
        "assert any(u['name']=='1st Minnesota' for u in d['units']); assert "
        "d['scenarios'][0]['events'][0]['roll']==2 and d['currentScenario']==1; "
        "assert d['scenarios'][1]['startTime']=='14:00' and d['scenarios'][1]['nightTurns']==[] and "
        "d['scenarios'][1]['dawn'] is None\"";
    EXPECT_EQ(std::system(check.c_str()), 0);
}

// A battle's VASSAL module holds every scenario, so every scenario is validated first, each named
// in what is printed; --scenario exports the one chosen alone, validated alone.
TEST_F(Cli, ExportOfABattleValidatesEveryScenarioItHolds) {
    std::string text = testing_support::fileBytes(std::string(SANDTABLE_TEST_DATA) + "/good/battle.xml");
    const std::string clean = R"(<place piece="unit:2" cells="0303" facing="corner:0" />)";
    const auto at = text.find(clean);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, clean.size(), R"(<place piece="unit:2" cells="0302" facing="corner:0" />)");
    const std::string file = path("crowded-afternoon.xml");
    std::ofstream(file) << text;
    auto r = run({"export", file, "-o", path("battle.vmod")});
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find(file + ": scenario 2, 'Afternoon': 0302: error stacking.units-per-cell"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("1 errors under hexed-general in the scenarios the export holds"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(path("battle.vmod")));
    r = run({"export", file, "-o", path("morning.vmod"), "--scenario", "Morning"});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("7 pieces in 5 stacks"), std::string::npos) << r.out;
    // Other kinds draw the current scenario and validate it alone.
    r = run({"export", file, "-o", path("morning.tmx")});
    EXPECT_EQ(r.code, 0) << r.err;
    r = run({"export", std::string(SANDTABLE_TEST_DATA) + "/good/battle.xml", "-o", path("battle.vmod")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("2 scenarios as game set-ups"), std::string::npos) << r.out;
    // JSON holds every scenario: the afternoon's first unit at its strength then.
    r = run({"export", std::string(SANDTABLE_TEST_DATA) + "/good/battle.xml", "-o", path("battle.json"),
             "--scenario", "2", "--force"});
    EXPECT_EQ(r.code, 0) << r.err;
    r = run({"export", std::string(SANDTABLE_TEST_DATA) + "/good/battle.xml", "-o", path("battle.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string check =
        "python3 -c \"import json; d=json.load(open('" + path("battle.json") +
        "')); s=d['scenarios']; assert [x['title'] for x in s]==['Morning','Afternoon'], s; "
        "assert s[0]['forces'] is None and s[1]['forces']==[3,6]; "
        "p=[x for x in s[1]['placements'] if x['piece']=='unit:1'][0]; "
        "assert p['stands']==2 and p['strength']==610 and p['cells'][0]['label']=='0302', p; "
        "r=s[1]['reinforcements'][0]; assert r['piece']=='unit:3' and r['strength']==530, r; "
        "assert 'stands' not in s[0]['placements'][0]\"";
    EXPECT_EQ(std::system(check.c_str()), 0);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST_F(Cli, TheExportDocsListEveryKindOfTheRegistry) {
    auto slurp = [](const char* name) {
        return testing_support::fileBytes(std::filesystem::path(SANDTABLE_SOURCE_DIR) / "docs" / name);
    };
    const std::string cli = slurp("cli.md"), exports = slurp("export.md");
    std::string listed;
    for (const ExportKind& k : exportKinds()) {
        listed += std::string(listed.empty() ? "" : ", ") + "`" + std::string(k.kind) + "`";
        EXPECT_NE(exports.find("`" + std::string(k.kind) + "`"), std::string::npos)
            << k.kind << " in export.md";
        EXPECT_NE(exports.find(std::string(k.kind)), std::string::npos);
    }
    // cli.md lists them in the registry's order, as --help does.
    const std::string sentence =
        listed.substr(0, listed.rfind(", ")) + " or" + listed.substr(listed.rfind(", ") + 1);
    EXPECT_NE(cli.find("KIND is " + sentence), std::string::npos)
        << "cli.md should say: KIND is " << sentence;
    std::string kinds;
    for (const ExportKind& k : exportKinds()) {
        kinds += (kinds.empty() ? "" : "|") + std::string(k.kind);
    }
    EXPECT_NE(run({"export", "--help"}).out.find("--to " + kinds + " -o OUT"), std::string::npos);
    EXPECT_NE(run({"export", "--help"}).out.find("--paper a4|a3|letter|legal|tabloid"), std::string::npos);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

// The one policy the command line and File > Export share: errors stop an export unless forced, and
// only an export past errors is said to be forced.
TEST(ExportClearance, ErrorsStopAnExportUnlessForced) {
    EXPECT_TRUE(clearForExport(0, false).allowed);
    EXPECT_FALSE(clearForExport(0, false).forced);
    EXPECT_FALSE(clearForExport(0, true).forced) << "nothing to force past";
    EXPECT_FALSE(clearForExport(3, false).allowed);
    EXPECT_TRUE(clearForExport(3, true).allowed);
    EXPECT_TRUE(clearForExport(3, true).forced);
}

} // namespace
} // namespace sandtable

#include <cairo.h>

namespace sandtable {
namespace {

TEST_F(Cli, ThumbnailIsTheWholeMapWithItsLongerSideAtTheSizeAsked) {
    ASSERT_EQ(run({"generate", "--cols", "40", "--rows", "20", "--units", "20", "-o", path("g.xml")}).code,
              0);
    const auto r = run({"thumbnail", path("g.xml"), path("g.png"), "--size", "128"});
    ASSERT_EQ(r.code, 0) << r.err;
    cairo_surface_t* png = cairo_image_surface_create_from_png(path("g.png").c_str());
    ASSERT_EQ(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
    const int w = cairo_image_surface_get_width(png), h = cairo_image_surface_get_height(png);
    EXPECT_EQ(w, 128); // a 40 x 20 map is wider than tall
    EXPECT_LT(h, w);
    EXPECT_GT(h, 40);
    // A map, not a blank: more than a handful of colours across it.
    std::set<std::uint32_t> colours;
    const unsigned char* data = cairo_image_surface_get_data(png);
    const int stride = cairo_image_surface_get_stride(png);
    for (int y = 0; y < h; y += 3) {
        for (int x = 0; x < w; x += 3) {
            colours.insert(*reinterpret_cast<const std::uint32_t*>(data + y * stride + x * 4) & 0xffffffu);
        }
    }
    EXPECT_GT(colours.size(), 5U);
    cairo_surface_destroy(png);
    // The default is 256.
    ASSERT_EQ(run({"thumbnail", path("g.xml"), path("d.png")}).code, 0);
    png = cairo_image_surface_create_from_png(path("d.png").c_str());
    EXPECT_EQ(cairo_image_surface_get_width(png), 256);
    cairo_surface_destroy(png);
}

TEST_F(Cli, ThumbnailRefusesABadSizeAMissingFileAndAnUnwritablePlaceLeavingNoFile) {
    ASSERT_EQ(run({"generate", "--cols", "10", "--rows", "10", "--units", "4", "-o", path("g.xml")}).code, 0);
    auto r = run({"thumbnail", path("g.xml"), path("t.png"), "--size", "8"});
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "sandtable thumbnail: option --size must be a whole number from 16 to 2,048, not '8'\n");
    r = run({"thumbnail", path("missing.xml"), path("t.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("missing.xml"), std::string::npos) << r.err;
    r = run({"thumbnail", path("g.xml"), path("no-such-folder/t.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("no-such-folder/t.png"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("t.png")));
    EXPECT_FALSE(fs::exists(path("no-such-folder")));
}

TEST_F(Cli, TheManPageIsMadeFromTheTableOfCommands) {
    const auto r = run({"man-page"});
    ASSERT_EQ(r.code, 0);
    EXPECT_EQ(r.out.rfind(".TH SANDTABLE 1 ", 0), 0U);
    EXPECT_NE(r.out.find(".SH NAME\nsandtable \\- " + std::string(cli::programSummary) + "\n"),
              std::string::npos);
    for (const cli::Subcommand& c : cli::subcommands()) {
        EXPECT_NE(
            r.out.find(".SS \"" + std::string(c.name) + "\"\n.B sandtable " + std::string(c.name) + "\n"),
            std::string::npos)
            << c.name;
        for (const cli::Option& o : c.options) {
            std::string shown = cli::optionShown(o, true), escaped;
            for (const char ch : shown) {
                escaped += ch == '-' ? std::string("\\-") : std::string(1, ch);
            }
            EXPECT_NE(r.out.find(".TP\n.B " + escaped + "\n"), std::string::npos) << escaped;
        }
    }
    // Nothing a formatter would take for a request: every line that starts with a dot is one of ours.
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with(".")) {
            const std::string request = line.substr(0, line.find(' '));
            EXPECT_TRUE(
                (std::set<std::string>{".TH", ".SH", ".SS", ".B", ".BR", ".I", ".RI", ".br", ".PP", ".TP"}
                     .contains(request)))
                << line;
        }
    }
}

} // namespace
} // namespace sandtable
