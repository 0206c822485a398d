// Every historical battle in sample-maps/ is checked the same way, so a new folder is tested as soon
// as it lands: it loads, saves back to the same bytes, validates with no errors under its ruleset,
// exports to TMX (drawn by Tiled's tmxrasterizer) and prints to a PDF that poppler can read, and its
// README gives sources, a thumbnail and a validation summary. Its streams run unbroken, roads cross
// them at a ford or a bridge, and its elevation shows the ground.
#include "exports/tmx_export.hpp"
#include "exports/vassal_module.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/layout.hpp"
#include "render/map_print.hpp"
#include "validators/validator.hpp"

#include "tests/file_bytes.hpp"
#include "tests/formats/vassal_oracle.hpp"
#include "tests/render/command_output.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <regex>
#include <set>
#include <sstream>

namespace sandtable {
namespace {

using testing_support::fileBytes;

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

class Sample : public testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        folder = fs::path(SANDTABLE_SAMPLES) / GetParam();
        file = folder / (GetParam() + ".sandtable.xml");
        auto loaded = readScenario(file);
        ASSERT_TRUE(loaded) << loaded.error().toString();
        scenario = std::move(*loaded);
    }

    testing_support::TemporaryFolder folder_{"sample-" + GetParam()};
    const fs::path dir = folder_.path();
    fs::path folder, file;
    Scenario scenario;
};

TEST(Samples, ThereAreSamplesToCheck) {
    EXPECT_FALSE(sampleFolders().empty()) << SANDTABLE_SAMPLES;
}

TEST_P(Sample, LoadsAndSavesBackToTheSameBytes) {
    EXPECT_EQ(writeScenarioToString(scenario), fileBytes(file))
        << "the sample is not in canonical form: run sandtable convert";
}

TEST_P(Sample, ValidatesWithNoErrorsUnderEveryRulesetItDeclares) {
    const std::string readme = fileBytes(folder / "README.md");
    // Every scenario of a battle, each under the rulesets it declares.
    const std::size_t count = scenarioCount(scenario);
    Scenario current = scenario;
    for (std::size_t i = 0; i < count; ++i) {
        makeCurrent(current, i);
        for (const std::string& name : current.info.declaredRulesets()) {
            auto ruleset = loadRuleset(name);
            ASSERT_TRUE(ruleset) << ruleset.error().toString();
            auto resolved = resolveRuleset(*ruleset);
            ASSERT_TRUE(resolved) << resolved.error();
            const Report report = Validator(current, *resolved).report();
            std::string errors;
            for (const Violation& v : report.violations) {
                if (v.severity == Severity::Error && !v.excluded) {
                    errors += "  " + v.rule + ": " + v.message + "\n";
                }
            }
            EXPECT_EQ(report.errors(), 0) << scenarioName(current, i) << ", " << name << ":\n" << errors;
            // The README's validation summary is the one sandtable prints today.
            const std::string summary = file.filename().string() + ": " +
                                        (count > 1 ? scenarioName(current, i) + ": " : std::string()) + name +
                                        ": " + std::to_string(report.errors()) + " errors, " +
                                        std::to_string(report.warnings()) + " warnings, " +
                                        std::to_string(report.infos()) + " info, " +
                                        std::to_string(report.excluded) + " excluded";
            EXPECT_NE(readme.find(summary), std::string::npos)
                << "README.md does not show the current summary: " << summary;
        }
        EXPECT_FALSE(current.deployment.placements.empty())
            << scenarioName(current, i) << ": a sample deploys its armies";
    }
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

// Read back as VASSAL reads it (Sandtable's reader, held to the engine's answers by the golden tests):
// every at-start stack stands on its board, one for each cell the scenario uses and one for each
// arrival of reinforcements; every piece decodes into traits VASSAL knows, in VASSAL's form; the
// boards' pictures are in the module; nothing is left unread.
TEST_P(Sample, ExportsToAVassalModuleThatVassalLoads) {
    const fs::path vmod = dir / "module.vmod";
    auto written = exportVassal(scenario, vmod);
    ASSERT_TRUE(written) << written.error();
    auto module = readVassalModule(vmod);
    ASSERT_TRUE(module) << module.error().toString();
    EXPECT_TRUE(module->notes.empty()) << module->notes.front();
    EXPECT_EQ(module->name, battleTitle(scenario));
    // Each scenario's stacks: the module's at-start stacks for a scenario alone, a game set-up's
    // saved game for each scenario of a battle; every one on its board, one for each cell used and
    // each arrival.
    const std::size_t count = scenarioCount(scenario);
    ASSERT_EQ(module->setups.size(), count > 1 ? count : 0);
    Scenario current = scenario;
    for (std::size_t i = 0; i < count; ++i) {
        makeCurrent(current, i);
        SCOPED_TRACE(scenarioName(current, i));
        std::set<Offset> cells;
        for (const auto& [piece, placement] : current.deployment.placements) {
            cells.insert(placement.cells.begin(), placement.cells.end());
        }
        std::set<std::pair<int, Offset>> arrivals;
        for (const auto& [piece, r] : current.deployment.reinforcements) {
            arrivals.insert({r.turn, r.entry});
        }
        std::size_t onMain = 0, onReinforcements = 0;
        auto onBoard = [&](const VassalBoard& board, VassalPoint at, const std::string& name) {
            EXPECT_GT(board.width, 0) << board.name << ": its picture is in the module";
            EXPECT_TRUE(at.x >= 0 && at.y >= 0 && at.x < board.width && at.y < board.height)
                << name << " at " << at.x << "," << at.y << " is off its " << board.width << " x "
                << board.height << " board";
        };
        if (count == 1) {
            for (const VassalMap& map : module->maps) {
                for (const VassalSetupStack& stack : map.stacks) {
                    const VassalBoard* board = map.boardOf(stack);
                    ASSERT_NE(board, nullptr) << stack.name;
                    const auto at = map.position(stack);
                    ASSERT_TRUE(at) << stack.name << ": " << at.error();
                    onBoard(*board, *at, stack.name);
                    EXPECT_FALSE(stack.slots.empty()) << stack.name;
                    (map.name == "Main Map" ? onMain : onReinforcements) += 1;
                }
            }
        } else {
            ASSERT_TRUE(module->setups[i].game);
            const auto& game = *module->setups[i].game;
            ASSERT_TRUE(game) << game.error();
            for (const VassalSavedStack& stack : game->stacks) {
                const VassalMap* map = module->map(stack.map);
                ASSERT_NE(map, nullptr) << stack.map;
                ASSERT_TRUE(game->boards.contains(stack.map));
                const std::string& boardName = game->boards.at(stack.map).at(0);
                const auto board = std::find_if(map->boards.begin(), map->boards.end(),
                                                [&](const VassalBoard& b) { return b.name == boardName; });
                ASSERT_NE(board, map->boards.end()) << boardName;
                onBoard(*board, VassalPoint{stack.x, stack.y}, "stack " + stack.id);
                EXPECT_FALSE(stack.pieceIds.empty());
                (stack.map == "Main Map" ? onMain : onReinforcements) += 1;
            }
        }
        EXPECT_EQ(onMain, cells.size());
        EXPECT_EQ(onReinforcements, arrivals.size());
    }
    const auto problems = testing_support::pieceProblems(*module);
    EXPECT_TRUE(problems.empty()) << problems.size() << " problems, the first: " << problems.front();
}

// Loaded by the real VASSAL engine (../shared/vassal/check-vmod) where VASSAL_JAR names one: it loads
// with no warning, every piece builds, and every at-start stack stands on the board, one for each cell
// the scenario uses.
TEST_P(Sample, ExportsToAVassalModuleThatTheVassalEngineLoads) {
    if (const std::string why = testing_support::vassalEngineMissing(); !why.empty()) {
        GTEST_SKIP() << why;
    }
    ASSERT_EQ(testing_support::vassalCheckerMissing(), "");
    const fs::path vmod = dir / "module.vmod";
    auto written = exportVassal(scenario, vmod);
    ASSERT_TRUE(written) << written.error();
    int code = 0;
    const std::string report = testing_support::checkVmod(vmod, code);
    EXPECT_EQ(code, 0) << report;
    // A battle's scenarios are game set-ups, saved games the checker does not open: it has no at-start
    // stacks (the saved games are read by ExportsToAVassalModuleThatVassalLoads).
    std::set<Offset> cells;
    for (const auto& [piece, placement] : scenario.deployment.placements) {
        cells.insert(placement.cells.begin(), placement.cells.end());
    }
    if (scenarioCount(scenario) > 1) {
        cells.clear();
    }
    const std::regex onBoard(R"(SetupStack '\d+' board=Battlefield .*\(on board\))");
    const auto stacks =
        std::distance(std::sregex_iterator(report.begin(), report.end(), onBoard), std::sregex_iterator());
    EXPECT_EQ(static_cast<std::size_t>(stacks), cells.size()) << report.substr(0, 3000);
    EXPECT_EQ(report.find("NO PIECE"), std::string::npos);
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

// The water of a map as a graph of corners joined by river and stream sides: its connected pieces,
// and the corners where a piece ends.
struct WaterNetwork {
    using Corner = std::pair<long, long>;
    std::map<Corner, Corner> parent;
    std::map<Corner, int> degree;
    std::map<Corner, int> sidesOfPiece;
    std::set<Corner> border;

    Corner find(Corner c) {
        while (parent[c] != c) {
            c = parent[c] = parent[parent[c]];
        }
        return c;
    }
    void add(Corner c) { parent.try_emplace(c, c); }
    void join(Corner a, Corner b) { parent[find(a)] = find(b); }

    explicit WaterNetwork(const Map& map) {
        const Layout layout(map.grid, 100);
        auto key = [](Point p) { return Corner{std::lround(p.x * 10), std::lround(p.y * 10)}; };
        for (const auto& [edge, side] : map.hexsides) {
            if (!side.has(SideFeature::Stream) && !side.has(SideFeature::River)) {
                continue;
            }
            const auto [a, b] = layout.edgeSegment(edge);
            add(key(a));
            add(key(b));
            join(key(a), key(b));
            ++degree[key(a)];
            ++degree[key(b)];
        }
        for (const auto& [edge, side] : map.hexsides) {
            if (side.has(SideFeature::Stream) || side.has(SideFeature::River)) {
                ++sidesOfPiece[find(key(layout.edgeSegment(edge).first))];
            }
        }
        // Corners on the map's outline: a side of a border cell with no cell beyond it.
        for (int row = 0; row < map.grid.rows(); ++row) {
            for (int col = 0; col < map.grid.cols(); ++col) {
                for (int dir = 0; dir < map.grid.sideCount(); ++dir) {
                    if (!map.grid.contains(map.grid.neighbor({col, row}, dir))) {
                        const auto [a, b] = layout.edgeSegment(map.grid.edge({col, row}, dir));
                        border.insert(key(a));
                        border.insert(key(b));
                    }
                }
            }
        }
    }
};

TEST_P(Sample, EveryStreamIsOneConnectedChainOfSides) {
    WaterNetwork water(scenario.map);
    ASSERT_FALSE(water.degree.empty()) << "the map has no rivers or streams";
    // Side length in the keys' units (the layout's corner radius, times 10).
    const double sideLength = Layout(scenario.map.grid, 100).radius() * 10;
    for (const auto& [root, sides] : water.sidesOfPiece) {
        EXPECT_GE(sides, 4) << "a piece of water of " << sides << " sides near ("
                            << double(root.first) / 1000.0 << ", " << double(root.second) / 1000.0
                            << ") cells: a stream drawn as dashes";
    }
    // A stream that ends inland ends at its source; if another piece of water starts within a side's
    // length of that end, one stream was broken in two.
    for (const auto& [end, degree] : water.degree) {
        if (degree != 1 || water.border.contains(end)) {
            continue;
        }
        for (const auto& [other, otherDegree] : water.degree) {
            if (water.find(other) != water.find(end)) {
                EXPECT_GT(std::hypot(double(other.first - end.first), double(other.second - end.second)),
                          1.5 * sideLength)
                    << "a stream ends next to another piece of water: a gap in one stream";
            }
        }
    }
}

TEST_P(Sample, RoadsCrossWaterAtAFordOrABridge) {
    const Map& map = scenario.map;
    for (const auto& [id, path] : map.paths) {
        for (std::size_t i = 1; i < path.cells.size(); ++i) {
            const auto step = map.grid.directionTo(path.cells[i - 1], path.cells[i]);
            ASSERT_TRUE(step) << path.name << " is not a chain of adjacent cells";
            const Hexside side = map.hexsideAt(map.grid.edge(path.cells[i - 1], *step));
            if (side.has(SideFeature::Stream) || side.has(SideFeature::River)) {
                EXPECT_NE(side.crossing, Crossing::None)
                    << path.name << " crosses water at " << map.grid.label(path.cells[i - 1]) << "-"
                    << map.grid.label(path.cells[i]) << " with neither a ford nor a bridge";
            }
        }
    }
}

// Elevation is the ground's: several contour levels, stated in the README, and every named height
// stands above the map's middle level.
TEST_P(Sample, ElevationShowsTheGround) {
    const Map& map = scenario.map;
    std::set<int> levels(map.elevation.begin(), map.elevation.end());
    EXPECT_GE(levels.size(), 5U) << "the map has only " << levels.size() << " contour levels";
    std::vector<int> sorted(map.elevation.begin(), map.elevation.end());
    std::ranges::sort(sorted);
    const int middle = sorted[sorted.size() / 2];
    for (const auto& [id, feature] : map.features) {
        const bool height = feature.name.find("Hill") != std::string::npos ||
                            feature.name.find("Ridge") != std::string::npos ||
                            feature.name.find("Heights") != std::string::npos ||
                            feature.name.find("Round Top") != std::string::npos;
        if (feature.kind == FeatureKind::Label && height) {
            EXPECT_GT(map.elevationAt(feature.cell), middle)
                << feature.name << " is not above the map's middle level";
        }
    }
    const std::string readme = fileBytes(folder / "README.md");
    EXPECT_NE(readme.find("contour interval of " + std::to_string(map.feetPerContour) + " feet"),
              std::string::npos)
        << "the README states the contour interval";
}

TEST_P(Sample, HasAReadmeWithSourcesThumbnailAndValidation) {
    const std::string readme = fileBytes(folder / "README.md");
    EXPECT_NE(readme.find("## Sources"), std::string::npos);
    EXPECT_NE(readme.find("## What was simplified"), std::string::npos);
    EXPECT_NE(readme.find("## Validation"), std::string::npos);
    EXPECT_NE(readme.find("](thumbnail.png)"), std::string::npos);
    EXPECT_TRUE(fs::exists(folder / "thumbnail.png"));
    EXPECT_NE(readme.find("](printed-page.png)"), std::string::npos) << "one printed page, shown";
    EXPECT_TRUE(fs::exists(folder / "printed-page.png"));
}

INSTANTIATE_TEST_SUITE_P(SampleMaps, Sample, testing::ValuesIn(sampleFolders()),
                         [](const testing::TestParamInfo<std::string>& param) {
                             std::string name = param.param;
                             std::ranges::replace(name, '-', '_');
                             return name;
                         });

} // namespace
} // namespace sandtable
