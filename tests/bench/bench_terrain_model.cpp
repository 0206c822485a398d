// Elevation from a terrain model (issue 16's target): a 4,000 x 4,000 DEM sampled over a 300 x 300
// map in under 5 s and under 500 MB, and beside it land cover of the same size turned into terrain.
// The rasters (UTM 18N, 5 m pixels, 20 km square: rolling hills made of sines; woods, fields and
// water in blobs) are written once with GDAL; each import runs in a forked child so that its peak
// memory is its own.
#include "formats/land_cover.hpp"
#include "formats/terrain_model.hpp"
#include "model/scenario_generator.hpp"
#include "tests/formats/synthetic_dem.hpp"

#include <benchmark/benchmark.h>
#include <gdal.h>
#include <ogr_spatialref.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>

namespace sandtable {
namespace {

constexpr int demSide = 4000;
constexpr double demPixel = 5, demWest = 290'000, demNorth = 4'410'000;

const std::filesystem::path& dem4000() {
    static const std::filesystem::path file = [] {
        const auto path = std::filesystem::temp_directory_path() / "sandtable-bench-dem-4000.tif";
        if (std::filesystem::exists(path)) {
            return path;
        }
        testing_support::writeUtmDem(path, {demSide, demPixel, demWest, demNorth}, [](double e, double n) {
            const double x = (e - demWest) / demPixel, y = (demNorth - n) / demPixel;
            return 150 + 40 * std::sin(x * 0.004) * std::cos(y * 0.003) + 10 * std::sin(y * 0.02);
        });
        return path;
    }();
    return file;
}

// 300 x 300 hexes of 70 yards (64 m) placed at the DEM's centre: about 19 km across, inside it.
const Map& map300() {
    static const Map map = [] {
        Map m = generateScenario(GeneratorParameters{300, 300, 2, 1, 1, GridShape::HexFlat}).map;
        m.yardsPerCell = 70;
        m.geo = GeoPlacement{"EPSG:32618", GeoAnchor::Centre, demWest + demSide * demPixel / 2,
                             demNorth - demSide * demPixel / 2, 0};
        return m;
    }();
    return map;
}

const std::filesystem::path& landCover4000() {
    static const std::filesystem::path file = [] {
        const auto path = std::filesystem::temp_directory_path() / "sandtable-bench-land-cover-4000.tif";
        if (std::filesystem::exists(path)) {
            return path;
        }
        testing_support::writeRaster(
            path, 32618, {demSide, demPixel, demWest, demNorth}, GDT_Byte, [](double e, double n) {
                const double x = (e - demWest) / demPixel, y = (demNorth - n) / demPixel;
                const double v = std::sin(x * 0.006) * std::cos(y * 0.005);
                return v > 0.5 ? 41 : v < -0.8 ? 11 : v < -0.3 ? 81 : 82;
            });
        return path;
    }();
    return file;
}

// Runs `import` in a forked child, timing it and reading its peak memory.
template <class Import> void inChild(benchmark::State& state, Import import) {
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const pid_t child = fork();
        if (child == 0) {
            _exit(import() ? 0 : 1);
        }
        int status = 0;
        rusage usage{};
        if (child < 0 || wait4(child, &status, 0, &usage) != child || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0) {
            state.SkipWithError("the import in the child process failed");
            return;
        }
        state.SetIterationTime(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        state.counters["peak_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
    }
}

void importElevation4000DemOnto300Map(benchmark::State& state) {
    const auto& dem = dem4000();
    const Map& map = map300();
    inChild(state, [&] {
        auto got = importElevation(map, dem, {20, {}, ElevationSampling::Mean, {}});
        return got && got->outside.empty();
    });
}

void importLandCover4000RasterOnto300Map(benchmark::State& state) {
    const auto& raster = landCover4000();
    const Map& map = map300();
    const auto table = landCoverTable("nlcd");
    inChild(state, [&] {
        auto got = importLandCover(map, raster, *table);
        return got && got->outside.empty() && got->changed > 0;
    });
}

} // namespace

BENCHMARK(importElevation4000DemOnto300Map)->Unit(benchmark::kMillisecond)->Iterations(3)->UseManualTime();
BENCHMARK(importLandCover4000RasterOnto300Map)->Unit(benchmark::kMillisecond)->Iterations(3)->UseManualTime();

} // namespace sandtable
