// Hostile but well-formed input must not make work grow faster than n log n. Targets (issue:
// safety): a 2,000-cell line validated, a <place> of 300,000 cells read, 200,000 headquarters read,
// a VASSAL module of 6,750 pieces read, each well under a second.
#include "exports/vassal_module.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/vassal/module_reader.hpp"
#include "model/scenario_generator.hpp"
#include "validators/validator.hpp"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <random>
#include <string>

namespace sandtable {
namespace {

// A map header with an order of battle and deployment spliced in.
std::string scenarioXml(int cols, int rows, const std::string& oob, const std::string& deployment) {
    std::string terrain;
    terrain.reserve(static_cast<std::size_t>(cols) * rows * 2);
    for (int i = 0; i < cols * rows; ++i) {
        terrain += i == 0 ? "0" : ",0";
    }
    return "<scenario format-version=\"1\"><info title=\"Hostile\" ruleset=\"kallistra-hex\"/>"
           "<map grid=\"hex-flat\" cols=\"" +
           std::to_string(cols) + "\" rows=\"" + std::to_string(rows) +
           "\" yards-per-cell=\"100\"><terrain-types><terrain key=\"open\" class=\"open\" "
           "colour=\"#e0e0c0\"/>"
           "</terrain-types><terrain encoding=\"csv\">" +
           terrain + "</terrain></map><order-of-battle>" + oob + "</order-of-battle><deployment>" +
           deployment + "</deployment></scenario>";
}

// Cells of a snake through a wide map: along row 0, down one, back along row 1...
std::string snakeCells(int cols, int count, int labelDigits) {
    std::string out;
    for (int i = 0; i < count; ++i) {
        const int row = i / cols;
        const int col = row % 2 == 0 ? i % cols : cols - 1 - i % cols;
        auto pad = [&](int v) {
            std::string t = std::to_string(v + 1);
            return std::string(static_cast<std::size_t>(labelDigits) - t.size(), '0') + t;
        };
        out += (out.empty() ? "" : " ") + pad(col) + pad(row);
    }
    return out;
}

const std::string oneUnit = "<headquarters id=\"1\" side=\"union\" echelon=\"army\" name=\"Army\"/>"
                            "<unit id=\"1\" parent=\"1\" name=\"Long line\" arm=\"infantry\" stands=\"1\"/>";

void lineOf2000CellsValidated(benchmark::State& state) {
    auto s = readScenarioFromString(scenarioXml(100, 40, oneUnit,
                                                "<place piece=\"unit:1\" cells=\"" +
                                                    snakeCells(100, 2000, 3) + "\" facing=\"corner:0\"/>"),
                                    "line.xml");
    if (!s) {
        state.SkipWithError(s.error().toString().c_str());
        return;
    }
    Ruleset only;
    only.name = "line";
    only.rules.push_back(RuleSetting{"line.contiguous", true, std::nullopt, {}, "bench", 0});
    Validator v(*s, *resolveRuleset(only));
    for (auto _ : state) {
        v.runAll();
    }
    state.counters["findings"] = static_cast<double>(v.report().violations.size());
}

void place300000CellsRead(benchmark::State& state) {
    const std::string xml = scenarioXml(1000, 300, oneUnit,
                                        "<place piece=\"unit:1\" cells=\"" + snakeCells(1000, 300'000, 4) +
                                            "\" facing=\"corner:0\"/>");
    for (auto _ : state) {
        auto s = readScenarioFromString(xml, "place.xml");
        if (!s) {
            state.SkipWithError(s.error().toString().c_str());
            return;
        }
        benchmark::DoNotOptimize(s->deployment.placements.size());
    }
}

void headquarters200000Read(benchmark::State& state) {
    // One army with 199,999 corps under it (a valid, very wide tree).
    std::string oob = "<headquarters id=\"1\" side=\"union\" echelon=\"army\" name=\"Army\"/>";
    for (int i = 2; i <= 200'000; ++i) {
        oob += "<headquarters id=\"" + std::to_string(i) +
               "\" side=\"union\" echelon=\"corps\" parent=\"1\" name=\"Corps " + std::to_string(i) + "\"/>";
    }
    const std::string xml = scenarioXml(10, 10, oob, "");
    for (auto _ : state) {
        auto s = readScenarioFromString(xml, "hq.xml");
        if (!s) {
            state.SkipWithError(s.error().toString().c_str());
            return;
        }
        benchmark::DoNotOptimize(s->oob.headquarters.size());
    }
}

void headquartersChainOf200000Refused(benchmark::State& state) {
    // A chain of 200,000 divisions, each under the next: refused, and quickly.
    std::string oob;
    for (int i = 1; i <= 200'000; ++i) {
        oob += "<headquarters id=\"" + std::to_string(i) + "\" side=\"union\" echelon=\"division\"" +
               (i < 200'000 ? " parent=\"" + std::to_string(i + 1) + "\"" : "") + " name=\"D" +
               std::to_string(i) + "\"/>";
    }
    const std::string xml = scenarioXml(10, 10, oob, "");
    for (auto _ : state) {
        auto s = readScenarioFromString(xml, "chain.xml");
        benchmark::DoNotOptimize(s.has_value());
    }
}

void vassalModuleOf6750PiecesRead(benchmark::State& state) {
    // The build file of a 200 x 200 battle of 5,000 units exported for VASSAL (9 MB): every piece
    // slot's line is noted, once by reading the file from its start for each (40 s), now from an
    // index of its lines.
    const Scenario s = generateScenario(GeneratorParameters{200, 200, 5000, 100, 3, GridShape::HexFlat});
    // A random name: two benchmark runs at once write modules of their own (on every system).
    const std::filesystem::path module =
        std::filesystem::temp_directory_path() /
        ("sandtable-bench-" + std::to_string(std::random_device{}()) + ".vmod");
    if (auto made = exportVassal(s, module, {.cellPixels = 40}); !made) {
        state.SkipWithError(made.error().c_str());
        return;
    }
    auto entries = readVassalModuleEntries(module, {"buildFile.xml"}, 1LL << 30);
    std::filesystem::remove(module);
    if (!entries || !entries->at("buildFile.xml")) {
        state.SkipWithError("the module has no build file");
        return;
    }
    const std::string& xml = *entries->at("buildFile.xml");
    const VassalPictureSizes anySize = [](const std::string&) {
        return std::optional(std::pair{6940, 8020});
    };
    // Piece slots: the pieces at their start on the map, and those of the piece windows.
    std::size_t slots = 0;
    for (auto _ : state) {
        auto read = readVassalBuildFile(xml, "buildFile.xml", anySize);
        if (!read) {
            state.SkipWithError(read.error().toString().c_str());
            return;
        }
        slots = read->slots().size();
    }
    state.counters["slots"] = static_cast<double>(slots);
    state.counters["MB"] = static_cast<double>(xml.size()) / 1e6;
}

BENCHMARK(lineOf2000CellsValidated)->Unit(benchmark::kMillisecond);
BENCHMARK(vassalModuleOf6750PiecesRead)->Unit(benchmark::kMillisecond);
BENCHMARK(place300000CellsRead)->Unit(benchmark::kMillisecond);
BENCHMARK(headquarters200000Read)->Unit(benchmark::kMillisecond);
BENCHMARK(headquartersChainOf200000Refused)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace sandtable
