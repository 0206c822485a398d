// Our PNG render against Tiled's tmxrasterizer on our own TMX export of the same 300 x 300 hex
// map, side by side in one run (targets: at least 3 times less CPU; peak memory of the render at
// most 300 MB, measured in a child process so that nothing else of the run counts); and the PDF.
#include "exports/tmx_export.hpp"
#include "model/scenario_generator.hpp"
#include "render/map_print.hpp"

#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace sandtable {
namespace {

const Scenario& map300() {
    static const Scenario s =
        generateScenario(GeneratorParameters{300, 300, 3'000, 1'500, 1, GridShape::HexFlat});
    return s;
}

// The same picture size for both: Tiled draws 64-pixel tiles, so we print at the same cell size.
PrintOptions sameSizeAsTiled() {
    PrintOptions o;
    o.dpi = 72;
    o.cellSizePt = 56; // TMX tiles are 56 pixels across the flats
    return o;
}

void ourPngRender(benchmark::State& state) {
    const auto out = std::filesystem::temp_directory_path() / "sandtable-bench-300.png";
    for (auto _ : state) {
        if (!printMapPng(map300(), out, sameSizeAsTiled())) {
            state.SkipWithError("render failed");
        }
    }
}

void tmxrasterizerOfOurExport(benchmark::State& state) {
    const auto dir = std::filesystem::temp_directory_path();
    const auto tmx = dir / "sandtable-bench-300.tmx";
    if (!exportTmx(map300(), tmx) || std::system("command -v tmxrasterizer > /dev/null") != 0) {
        state.SkipWithError("no TMX or no tmxrasterizer (Debian package tiled)");
        return;
    }
    const std::string command = "QT_QPA_PLATFORM=offscreen tmxrasterizer '" + tmx.string() + "' '" +
                                (dir / "sandtable-bench-300-tiled.png").string() + "' 2>/dev/null";
    for (auto _ : state) {
        if (std::system(command.c_str()) != 0) {
            state.SkipWithError("tmxrasterizer failed");
        }
    }
}

// The render in a forked child: its peak resident memory, with the scenario it shares with the
// parent counted too (parent_MB says how much of that is the parent's own).
void ourPngPeakMemory(benchmark::State& state) {
    const Scenario& s = map300();
    const auto out = std::filesystem::temp_directory_path() / "sandtable-bench-300-memory.png";
    for (auto _ : state) {
        const pid_t child = fork();
        if (child == 0) {
            _exit(printMapPng(s, out, sameSizeAsTiled()) ? 0 : 1);
        }
        int status = 0;
        rusage usage{};
        if (child < 0 || wait4(child, &status, 0, &usage) != child || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0) {
            state.SkipWithError("the render in the child process failed");
            return;
        }
        state.counters["peak_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
    }
    rusage self{};
    getrusage(RUSAGE_SELF, &self);
    state.counters["parent_MB"] = static_cast<double>(self.ru_maxrss) / 1024.0;
}

// The tiled PDF of the same map at 16 mm cells on A4 (415 pages): its time and its size (targets:
// no slower than 4.1 s by more than half, no larger than twice 7.5 MB, the figures before the
// cartography of issue 13).
void ourPdfPrint(benchmark::State& state) {
    const auto out = std::filesystem::temp_directory_path() / "sandtable-bench-300.pdf";
    PrintOptions o;
    o.cellSizePt = 16 / 25.4 * 72;
    for (auto _ : state) {
        const auto printed = printMapPdf(map300(), out, o);
        if (!printed) {
            state.SkipWithError("print failed");
            return;
        }
        state.counters["pages"] = printed->pages;
    }
    state.counters["file_MB"] = static_cast<double>(std::filesystem::file_size(out)) / 1e6;
}

BENCHMARK(ourPdfPrint)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(ourPngRender)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(ourPngPeakMemory)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(tmxrasterizerOfOurExport)->Unit(benchmark::kMillisecond)->Iterations(5);

} // namespace
} // namespace sandtable
