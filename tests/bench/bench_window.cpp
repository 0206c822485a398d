// A real editor window kept up with the hand: a 200-event brush stroke on the map of a scenario with
// 6, 100 and 2,000 findings, on ground that changes no finding and on deep water that changes them, each
// mouse event handled as wxGTK hands it to the canvas (the tool's edit, the incremental validation, the
// panels and the Problems list brought up to date). Target (issue: the editor's shape): every event under 2
// ms. Needs a display: ./dev bench runs it under xvfb-run when there is none.
#include "editor/main_frame.hpp"
#include "editor/tools/terrain_brush_tool.hpp"
#include "editor/tools/tool_manager.hpp"
#include "formats/scenario_xml.hpp"
#include "model/scenario_generator.hpp"
#include "validators/validator.hpp"

#include <benchmark/benchmark.h>
#include <wx/app.h>
#include <wx/fileconf.h>
#include <wx/init.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

void pump() {
    for (int i = 0; i < 20; ++i) {
        wxTheApp->Yield(true);
    }
}

// A generated battle in which `pairs` pairs of units share a cell: every pair breaks the stacking
// rules, so the findings grow with the pairs.
Scenario withStackedPairs(int pairs) {
    Scenario s = generateScenario(GeneratorParameters{120, 120, 9000, 50, 7, GridShape::HexFlat});
    std::vector<PieceRef> units;
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (piece.kind == PieceKind::Unit) {
            units.push_back(piece);
        }
    }
    for (int i = 0; i < pairs && 2 * i + 1 < static_cast<int>(units.size()); ++i) {
        s.deployment.placements[units[2 * i + 1]].cells = s.deployment.placements[units[2 * i]].cells;
    }
    return s;
}

std::size_t findingsOf(const Scenario& s) {
    Document doc(s);
    (void)doc.useRuleset("hexed-general");
    return doc.problems().violations.size();
}

// As few stacked pairs as give at least `target` findings.
Scenario withFindings(int target) {
    int lo = 0, hi = 1;
    while (findingsOf(withStackedPairs(hi)) < static_cast<std::size_t>(target) && hi < 4096) {
        lo = hi;
        hi *= 2;
    }
    while (lo + 1 < hi) {
        const int mid = (lo + hi) / 2;
        (findingsOf(withStackedPairs(mid)) < static_cast<std::size_t>(target) ? lo : hi) = mid;
    }
    return withStackedPairs(hi);
}

void strokeInTheWindow(benchmark::State& state) {
    const fs::path dir = fs::temp_directory_path() / ("sandtable-bench-window-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path file = dir / "battle.sandtable.xml";
    Scenario s = withFindings(static_cast<int>(state.range(0)));
    s.info.ruleset = "hexed-general";
    if (auto saved = saveScenario(s, file); !saved) {
        state.SkipWithError("cannot save the scenario");
        return;
    }
    delete wxConfigBase::Set(
        new wxFileConfig("Sandtable", "", (dir / "sandtable.ini").string(), "", wxCONFIG_USE_LOCAL_FILE));
    auto* frame = new MainFrame;
    frame->ask = [](const wxString&) { return wxNO; };
    frame->SetSize(1366, 768);
    frame->Show();
    pump();
    if (!frame->open(file)) {
        state.SkipWithError("cannot open the scenario");
        return;
    }
    pump();
    MapCanvas* canvas = frame->canvas();
    canvas->tools()->settings.tool = TerrainBrushTool::toolId;
    canvas->tools()->settings.brushRadius = 1;
    // The second argument: 0 paints open ground (no finding changes), 1 deep water, which every
    // piece the brush passes over breaks, so the findings and the views change along the stroke.
    const auto& types = frame->document()->scenario().map.terrainTypes;
    const auto wanted = state.range(1) == 0 ? TerrainClass::Open : TerrainClass::Impassable;
    const auto terrain = std::ranges::find(types, wanted, &TerrainType::terrainClass);
    if (terrain == types.end()) {
        state.SkipWithError("no terrain of the wanted class");
        return;
    }
    canvas->tools()->settings.terrain = static_cast<TerrainIndex>(terrain - types.begin());
    const std::uint64_t problemsBefore = frame->document()->problemsRevision();
    const Layout& layout = *canvas->layout();
    auto send = [&](wxEventType type, int step, bool down) {
        // Along a row of the visible part of the map, a cell every four events.
        const Point p = layout.cellCenter({4 + step / 4 % 40, 6 + step / 160});
        wxMouseEvent e(type);
        const wxPoint at = canvas->toScreen(p);
        e.m_x = at.x;
        e.m_y = at.y;
        e.m_leftDown = down;
        e.SetEventObject(canvas);
        canvas->ProcessWindowEvent(e);
    };
    const std::size_t findings = frame->document()->problems().violations.size();
    double slowest = 0, total = 0, painting = 0;
    int events = 0, pumps = 0;
    send(wxEVT_LEFT_DOWN, 0, true);
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        send(wxEVT_MOTION, ++events, true);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        state.SetIterationTime(ms / 1000);
        slowest = std::max(slowest, ms);
        total += ms;
        // Now and then the window paints, as it does between events while the hand moves.
        if (events % 20 == 0) {
            state.PauseTiming();
            const auto paintStart = std::chrono::steady_clock::now();
            pump();
            painting +=
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - paintStart)
                    .count();
            ++pumps;
            state.ResumeTiming();
        }
    }
    send(wxEVT_LEFT_UP, events, false);
    pump();
    state.counters["findings"] = static_cast<double>(findings);
    state.counters["slowest_ms"] = slowest;
    state.counters["mean_ms"] = total / std::max(events, 1);
    // Not counted in the events' times: what the window does when idle (the map's repaint, the status
    // bar), once per 20 events here.
    state.counters["idle_ms"] = painting / std::max(pumps, 1);
    state.counters["findings_changes"] =
        static_cast<double>(frame->document()->problemsRevision() - problemsBefore);
    state.counters["undo_steps"] = static_cast<double>(frame->document()->history().size());
    frame->Destroy();
    pump();
    delete wxConfigBase::Set(nullptr);
    fs::remove_all(dir);
}

BENCHMARK(strokeInTheWindow)
    ->ArgsProduct({{6, 100, 2000}, {0, 1}})
    ->Iterations(200)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace sandtable

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    wxApp::SetInstance(new wxApp);
    if (!wxEntryStart(argc, argv) || !wxTheApp->CallOnInit()) {
        fprintf(stderr,
                "sandtable-bench-window: cannot start the GUI (is DISPLAY set? run under xvfb-run)\n");
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    wxTheApp->OnExit();
    wxEntryCleanup();
    return 0;
}
