// Load and save of generated scenarios: 100 x 100 and 1000 x 1000 hexes, each with 10,000 units
// and 5,000 roads (on 100 x 100 the generator places what fits, one unit per cell, and leaves the
// rest of the order of battle undeployed). Targets (issue: speed ahead of every peer): 1000 x 1000
// loads in 30 ms and saves in 40 ms at most (the save's read-back included), peak memory under 150 MB.
#include "formats/file_system_calls.hpp"
#include "formats/scenario_xml.hpp"
#include "model/scenario_generator.hpp"

#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <filesystem>
#include <map>

namespace sandtable {
namespace {

struct Fixture {
    Scenario scenario;
    std::string xml;
    std::filesystem::path file;
};

const Fixture& fixture(int side) {
    static std::map<int, Fixture> cache;
    auto it = cache.find(side);
    if (it == cache.end()) {
        Fixture f;
        f.scenario = generateScenario(GeneratorParameters{side, side, 10'000, 5'000, 1, GridShape::HexFlat});
        f.xml = writeScenarioToString(f.scenario);
        f.file =
            std::filesystem::temp_directory_path() / ("sandtable-bench-" + std::to_string(side) + ".xml");
        (void)saveScenario(f.scenario, f.file);
        it = cache.emplace(side, std::move(f)).first;
    }
    return it->second;
}

double peakRssMegabytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

// A loaded battle is dropped outside the timing: freeing it is not part of loading it (the editor
// drops the old document when it has the new one); destroyLoaded measures it apart.
template <typename Load> void timeLoads(benchmark::State& state, Load load) {
    for (auto _ : state) {
        auto s = load();
        if (!s) {
            state.SkipWithError(s.error().toString().c_str());
            break;
        }
        benchmark::DoNotOptimize(s->oob.units.size());
        state.PauseTiming();
        s = std::unexpected(LoadError{});
        state.ResumeTiming();
    }
}

void loadFromFile(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    timeLoads(state, [&] { return readScenario(f.file); });
    const double cells = static_cast<double>(f.scenario.map.grid.cellCount());
    state.counters["file_MB"] = static_cast<double>(f.xml.size()) / 1e6;
    state.counters["file_bytes_per_cell"] = static_cast<double>(f.xml.size()) / cells;
    state.counters["peak_RSS_MB"] = peakRssMegabytes();
}

void saveToFile(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    const auto out = std::filesystem::temp_directory_path() /
                     ("sandtable-bench-save-" + std::to_string(state.range(0)) + ".xml");
    for (auto _ : state) {
        auto saved = saveScenario(f.scenario, out);
        if (!saved) {
            state.SkipWithError(saved.error().c_str());
            break;
        }
    }
    state.counters["peak_RSS_MB"] = peakRssMegabytes();
}

// The save's parts alone: the bytes made in memory, and the read-back check of those bytes.
void writeToString(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        benchmark::DoNotOptimize(writeScenarioToString(f.scenario).size());
    }
}

void readFromString(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    timeLoads(state, [&] { return readScenarioFromString(f.xml, "bench"); });
}

// What dropping a loaded battle costs (the old document when another is opened): the maps and
// strings of 10,000 units, their placements and 5,000 roads freed.
void destroyLoaded(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        state.PauseTiming();
        auto s = readScenarioFromString(f.xml, "bench");
        state.ResumeTiming();
        s = std::unexpected(LoadError{});
    }
}

// The model's own size: the dense layers take 3 bytes a cell; the rest is per piece.
void modelBytesPerCell(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        Scenario copy = f.scenario;
        benchmark::DoNotOptimize(copy.map.terrain.data());
    }
    const Map& m = f.scenario.map;
    const double dense = static_cast<double>(m.terrain.size() * sizeof(TerrainIndex) +
                                             m.elevation.size() * sizeof(std::int16_t));
    state.counters["dense_bytes_per_cell"] = dense / static_cast<double>(m.grid.cellCount());
}

BENCHMARK(loadFromFile)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(saveToFile)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(writeToString)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(readFromString)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(destroyLoaded)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(modelBytesPerCell)->Arg(1000)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace sandtable

// As the programs do (formats/file_system_calls.hpp): the heap in large pages, else every benchmark
// that touches fresh memory measures this machine's page faults more than the code.
int main(int argc, char** argv) {
    sandtable::sys::preferLargeMemoryPages();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
