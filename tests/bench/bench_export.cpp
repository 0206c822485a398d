// Our PNG render against Tiled's tmxrasterizer on our own TMX export of the same 300 x 300 hex
// map, side by side in one run. Target (issue: exports): at least 2x faster.
#include "render/map_print.hpp"
#include "formats/tmx_export.hpp"
#include "model/scenario_generator.hpp"

#include <benchmark/benchmark.h>
#include <wx/init.h>

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
    static wxInitializer init;
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

BENCHMARK(ourPngRender)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(tmxrasterizerOfOurExport)->Unit(benchmark::kMillisecond)->Iterations(5);

} // namespace
} // namespace sandtable
