#include "editor/cli/cli.hpp"
#include "formats/scenario_xml.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

struct Result {
    int code;
    std::string out;
    std::string err;
};

Result run(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return {code, out.str(), err.str()};
}

class Cli : public testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("sandtable-cli-" + std::to_string(::getpid()));
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    fs::path dir;
};

TEST_F(Cli, HelpAndVersionSucceed) {
    EXPECT_EQ(run({"--help"}).code, 0);
    EXPECT_NE(run({"--help"}).out.find("generate"), std::string::npos);
    EXPECT_EQ(run({"--version"}).out.rfind("sandtable ", 0), 0u);
    EXPECT_NE(run({"info", "--help"}).out.find("sandtable info FILE [--json]"), std::string::npos);
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
    EXPECT_NE(r.err.find("option --cols must be a whole number from 4 to 10000, not 'ten'"),
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

TEST_F(Cli, GenerateIsReproducible) {
    run({"generate", "--cols", "20", "--rows", "20", "--units", "30", "--seed", "9", "-o", path("a.xml")});
    run({"generate", "--cols", "20", "--rows", "20", "--units", "30", "--seed", "9", "-o", path("b.xml")});
    EXPECT_EQ(*readScenario(path("a.xml")), *readScenario(path("b.xml")));
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
