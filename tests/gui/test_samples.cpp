// Every historical battle in sample-maps/ is checked the same way, so a new folder is tested as soon
// as it lands: it loads, saves back to the same bytes, validates with no errors under its ruleset,
// exports to TMX (drawn by Tiled's tmxrasterizer) and prints to a PDF that poppler can read, and its
// README gives sources, a thumbnail and a validation summary.
#include "render/map_print.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/tmx_export.hpp"
#include "validators/validator.hpp"

#include "tests/render/command_output.hpp"

#include <gtest/gtest.h>
#include <wx/init.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sandtable {
namespace {

using testing_support::commandOutput;

namespace fs = std::filesystem;

std::vector<std::string> sampleFolders() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(SANDTABLE_SAMPLES)) {
        if (entry.is_directory()) {
            names.push_back(entry.path().filename().string());
        }
    }
    std::ranges::sort(names);
    return names;
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

class Sample : public testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        folder = fs::path(SANDTABLE_SAMPLES) / GetParam();
        file = folder / (GetParam() + ".sandtable.xml");
        dir =
            fs::temp_directory_path() / ("sandtable-sample-" + GetParam() + "-" + std::to_string(::getpid()));
        fs::create_directories(dir);
        auto loaded = readScenario(file);
        ASSERT_TRUE(loaded) << loaded.error().toString();
        scenario = std::move(*loaded);
    }
    void TearDown() override { fs::remove_all(dir); }

    wxInitializer init;
    fs::path folder, file, dir;
    Scenario scenario;
};

TEST(Samples, ThereAreSamplesToCheck) {
    EXPECT_FALSE(sampleFolders().empty()) << SANDTABLE_SAMPLES;
}

TEST_P(Sample, LoadsAndSavesBackToTheSameBytes) {
    EXPECT_EQ(writeScenarioToString(scenario), slurp(file))
        << "the sample is not in canonical form: run sandtable convert";
}

TEST_P(Sample, ValidatesWithNoErrorsUnderEveryRulesetItDeclares) {
    const std::string readme = slurp(folder / "README.md");
    for (const std::string& name : scenario.info.declaredRulesets()) {
        auto ruleset = loadRuleset(name);
        ASSERT_TRUE(ruleset) << ruleset.error().toString();
        auto resolved = resolveRuleset(*ruleset);
        ASSERT_TRUE(resolved) << resolved.error();
        const Report report = Validator(scenario, *resolved).report();
        std::string errors;
        for (const Violation& v : report.violations) {
            if (v.severity == Severity::Error && !v.excluded) {
                errors += "  " + v.rule + ": " + v.message + "\n";
            }
        }
        EXPECT_EQ(report.errors(), 0) << name << ":\n" << errors;
        // The README's validation summary is the one sandtable prints today.
        const std::string summary =
            file.filename().string() + ": " + name + ": " + std::to_string(report.errors()) + " errors, " +
            std::to_string(report.warnings()) + " warnings, " + std::to_string(report.infos()) + " info, " +
            std::to_string(report.excluded) + " excluded";
        EXPECT_NE(readme.find(summary), std::string::npos)
            << "README.md does not show the current summary: " << summary;
    }
    EXPECT_FALSE(scenario.deployment.placements.empty()) << "a sample deploys its armies";
}

TEST_P(Sample, ExportsToTmxThatTiledDraws) {
    const fs::path tmx = dir / "map.tmx", png = dir / "map.png";
    auto exported = exportTmx(scenario, tmx);
    ASSERT_TRUE(exported) << exported.error();
    ASSERT_EQ(std::system(("QT_QPA_PLATFORM=offscreen tmxrasterizer '" + tmx.string() + "' '" + png.string() +
                           "' 2>/dev/null")
                              .c_str()),
              0);
    EXPECT_GT(fs::file_size(png), 1000U);
}

TEST_P(Sample, PrintsToAPdfThatPopplerReads) {
    PrintOptions o;
    o.paper = *paperByName("a4");
    o.cellSizePt = *parseLength("20mm");
    const fs::path pdf = dir / "map.pdf";
    auto printed = printMapPdf(scenario, pdf, o);
    ASSERT_TRUE(printed) << printed.error();
    EXPECT_NE(commandOutput("pdfinfo '" + pdf.string() + "'")
                  .find("Pages:           " + std::to_string(printed->pages)),
              std::string::npos);
    EXPECT_NE(commandOutput("pdftotext '" + pdf.string() + "' -").find(scenario.info.title),
              std::string::npos)
        << "the overview page is titled";
}

TEST_P(Sample, HasAReadmeWithSourcesThumbnailAndValidation) {
    const std::string readme = slurp(folder / "README.md");
    EXPECT_NE(readme.find("## Sources"), std::string::npos);
    EXPECT_NE(readme.find("## What was simplified"), std::string::npos);
    EXPECT_NE(readme.find("## Validation"), std::string::npos);
    EXPECT_NE(readme.find("](thumbnail.png)"), std::string::npos);
    EXPECT_TRUE(fs::exists(folder / "thumbnail.png"));
}

INSTANTIATE_TEST_SUITE_P(SampleMaps, Sample, testing::ValuesIn(sampleFolders()),
                         [](const testing::TestParamInfo<std::string>& param) {
                             std::string name = param.param;
                             std::ranges::replace(name, '-', '_');
                             return name;
                         });

} // namespace
} // namespace sandtable
