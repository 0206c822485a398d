// A real editor window kept up with the hand: a 200-event brush stroke on the map of a scenario with
// 6, 100 and 2,000 findings, on ground that changes no finding and on deep water that changes them, each
// mouse event handled as wxGTK hands it to the canvas (the tool's edit, the incremental validation, the
// panels and the Problems list brought up to date). Target (issue: the editor's shape): every event under 2
// ms. And the canvas's frames as the screen gets them (issue: speed ahead of every peer, at most 8 ms at
// 1920 x 1080 and 16 ms at 3840 x 2160): the painter's image shown on a window both ways side by side, and
// the editor's whole repaint while the arrow keys pan the 1000 x 1000 battle, at four zooms, while
// the wheel turns and while the window's edge is dragged, each until the display has the frame. Needs a
// display: ./dev bench runs it under xvfb-run, on a screen of 5120 x 2880 (a canvas of 3840 x 2160 beside the
// panels), when there is none.
#include "editor/canvas/cairo_bitmap.hpp"
#include "editor/main_frame.hpp"
#include "editor/tools/terrain_brush_tool.hpp"
#include "editor/tools/tool_manager.hpp"
#include "formats/scenario_xml.hpp"
#include "model/scenario_generator.hpp"
#include "render/view_cache.hpp"
#include "validators/validator.hpp"

#include <benchmark/benchmark.h>
#include <wx/app.h>
#include <wx/dcbuffer.h>
#include <wx/fileconf.h>
#include <wx/frame.h>
#include <wx/init.h>
#include <wx/utils.h>

#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

// The milliseconds since `start`.
double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Where a benchmark's window keeps its battle and settings while it runs.
fs::path benchFolder() {
    return fs::temp_directory_path() / ("sandtable-bench-window-" + std::to_string(::getpid()));
}

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

void closeTheWindow(MainFrame* frame) {
    frame->Destroy();
    pump();
    delete wxConfigBase::Set(nullptr);
    fs::remove_all(benchFolder());
}

// The editor's window of `size`, shown, with `s` saved in a folder of its own and opened (its settings
// in that folder too); nothing when that fails, the benchmark told why. closeTheWindow undoes it.
MainFrame* openInAWindow(benchmark::State& state, const Scenario& s, wxSize size) {
    const fs::path dir = benchFolder();
    fs::create_directories(dir);
    const fs::path file = dir / "battle.sandtable.xml";
    if (auto saved = saveScenario(s, file); !saved) {
        state.SkipWithError("cannot save the scenario");
        return nullptr;
    }
    delete wxConfigBase::Set(
        new wxFileConfig("Sandtable", "", (dir / "sandtable.ini").string(), "", wxCONFIG_USE_LOCAL_FILE));
    auto* frame = new MainFrame;
    frame->ask = [](const wxString&) { return wxNO; };
    frame->SetSize(size);
    frame->Show();
    pump();
    if (!frame->open(file)) {
        state.SkipWithError("cannot open the scenario");
        closeTheWindow(frame);
        return nullptr;
    }
    pump();
    return frame;
}

void strokeInTheWindow(benchmark::State& state) {
    Scenario s = withFindings(static_cast<int>(state.range(0)));
    s.info.ruleset = "hexed-general";
    MainFrame* frame = openInAWindow(state, s, wxSize(1366, 768));
    if (frame == nullptr) {
        return;
    }
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
        const double ms = msSince(start);
        state.SetIterationTime(ms / 1000);
        slowest = std::max(slowest, ms);
        total += ms;
        // Now and then the window paints, as it does between events while the hand moves.
        if (events % 20 == 0) {
            state.PauseTiming();
            const auto paintStart = std::chrono::steady_clock::now();
            pump();
            painting += msSince(paintStart);
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
    closeTheWindow(frame);
}

BENCHMARK(strokeInTheWindow)
    ->ArgsProduct({{6, 100, 2000}, {0, 1}})
    ->Iterations(200)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// The p95 and the slowest of a run's frames, as renderViewKept reports them.
void frameCounters(benchmark::State& state, std::vector<double> frameMs) {
    std::ranges::sort(frameMs);
    if (!frameMs.empty()) {
        state.counters["median_ms"] = frameMs[frameMs.size() / 2];
        state.counters["p95_ms"] = frameMs[frameMs.size() * 95 / 100];
        state.counters["worst_ms"] = frameMs.back();
    }
}

// The processor time spent so far by this process's threads and by the display server's, in ms:
// what a frame over its target spent tells whether it did more work than the others, or waited
// while another program (or the machine's host) held the cores. From Linux's
// /proc/<pid>/task/*/schedstat (its first field: ns on a core); zeros where there is none. The
// display server is the one its lock file (/tmp/.X<n>-lock) names.
struct CpuSpent {
    double ownMs = 0, displayMs = 0;
    // The pages this process and the display server faulted in (fresh memory each wrote: a new
    // buffer, pixmap or shared image).
    double ownFaults = 0, displayFaults = 0;
    CpuSpent operator-(const CpuSpent& o) const {
        return {ownMs - o.ownMs, displayMs - o.displayMs, ownFaults - o.ownFaults,
                displayFaults - o.displayFaults};
    }
};

// The minor page faults of the process whose /proc folder `stat` is in (the 10th field of its stat).
double minorFaults(const fs::path& process) {
    std::ifstream in(process / "stat");
    std::string line;
    std::getline(in, line);
    // After the command's name in parentheses, which may hold spaces: fields 3 onwards.
    std::istringstream fields(line.substr(std::min(line.size(), line.rfind(')') + 1)));
    std::string field;
    for (int i = 3; i <= 10 && fields >> field; ++i) {
    }
    return std::atof(field.c_str());
}

double threadsRunMs(const fs::path& tasks) {
    double ns = 0;
    std::error_code failed;
    for (const auto& task : fs::directory_iterator(tasks, failed)) {
        std::ifstream schedstat(task.path() / "schedstat");
        double run = 0;
        if (schedstat >> run) {
            ns += run;
        }
    }
    return ns / 1e6;
}

std::optional<fs::path> displayServer() {
    const char* display = std::getenv("DISPLAY");
    int number = -1;
    if (display == nullptr || std::sscanf(display, ":%d", &number) != 1) {
        return std::nullopt;
    }
    std::ifstream lock("/tmp/.X" + std::to_string(number) + "-lock");
    int pid = 0;
    if (!(lock >> pid) || pid <= 0) {
        return std::nullopt;
    }
    return fs::path("/proc") / std::to_string(pid);
}

CpuSpent cpuSpent() {
    static const std::optional<fs::path> display = displayServer();
    return {threadsRunMs("/proc/self/task"), display ? threadsRunMs(*display / "task") : 0,
            minorFaults("/proc/self"), display ? minorFaults(*display) : 0};
}

// Whether the kernel's DAMON monitor runs (a kdamond thread): where it pages out memory left idle
// (as on this project's build machines), its scans of that memory took the core and stalled the
// first touch of it after, and the frames over the target nearly all went with it paused
// (docs/export.md, stop 90). Said in the run's context so that its figures can be read.
std::string kernelDamon() {
    std::error_code failed;
    std::string state = "absent";
    for (const auto& kdamond : fs::directory_iterator("/sys/kernel/mm/damon/admin/kdamonds", failed)) {
        std::ifstream in(kdamond.path() / "state");
        std::string word;
        if (in >> word && (word == "on" || state == "absent")) {
            state = word;
        }
    }
    return state == "on" ? "on (pause it to measure: echo off > /sys/kernel/mm/damon/admin/kdamonds/N/state)"
                         : state;
}

// A run's frames, each with the processor time spent while it was timed (sampled just outside its
// clock: the samples' own reading, a few hundredths of a millisecond, counts in it).
struct Frames {
    std::vector<double> ms;
    std::vector<CpuSpent> cpu;
    // Runs `frame` (all it does until the display has shown it), timed, and keeps its time (ms).
    template <typename Frame> double add(Frame&& frame) {
        const CpuSpent before = cpuSpent();
        const auto start = std::chrono::steady_clock::now();
        frame();
        const double frameMs = msSince(start);
        ms.push_back(frameMs);
        cpu.push_back(cpuSpent() - before);
        return frameMs;
    }
};

// frameCounters, and how many frames went over the target of a canvas `width` x `height` (8 ms at
// 1920 x 1080 to 16 ms at 3840 x 2160, ViewCache::frameTargetFor); the first frame after the window
// opened apart (where it opens, the display's memory may have lain idle: with the kernel's DAMON
// paging idle memory out, its first touch is slow, docs/export.md), and what the slowest frame after
// it spent: its processor time and page faults in this process and in the display server, and the
// core-ms neither took (the machine's cores times the frame's time, less both: another program, the
// kernel, the host, or both waiting).
void frameCounters(benchmark::State& state, const Frames& frames, wxSize canvas) {
    frameCounters(state, frames.ms);
    if (frames.ms.empty()) {
        return;
    }
    const double targetMs = static_cast<double>(ViewCache::frameTargetFor(canvas.x, canvas.y).count()) / 1000;
    state.counters["over_target"] =
        static_cast<double>(std::ranges::count_if(frames.ms, [&](double ms) { return ms > targetMs; }));
    state.counters["first_ms"] = frames.ms.front();
    state.counters["first_display_cpu_ms"] = frames.cpu.front().displayMs;
    if (frames.ms.size() < 2) {
        return;
    }
    const auto slowest = static_cast<std::size_t>(
        std::ranges::max_element(frames.ms.begin() + 1, frames.ms.end()) - frames.ms.begin());
    const CpuSpent& spent = frames.cpu[slowest];
    state.counters["worst_after_first_ms"] = frames.ms[slowest];
    state.counters["its_own_cpu_ms"] = spent.ownMs;
    state.counters["its_display_cpu_ms"] = spent.displayMs;
    state.counters["its_own_faults"] = spent.ownFaults;
    state.counters["its_display_faults"] = spent.displayFaults;
    state.counters["its_others_core_ms"] =
        std::max(0.0, frames.ms[slowest] * std::max(1U, std::thread::hardware_concurrency()) - spent.ownMs -
                          spent.displayMs);
}

// A window that shows a CairoBitmap's image at each paint, the one way or the other, and times it.
class ImageWindow : public wxWindow {
  public:
    ImageWindow(wxWindow* parent, bool throughBitmap)
        : wxWindow(parent, wxID_ANY), throughBitmap_(throughBitmap) {
        SetBackgroundStyle(wxBG_STYLE_PAINT);
        Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paint(); });
    }
    // Each frame a new image, as the painter gives one after a pan: the bitmap is made anew.
    void nextFrame() {
        const wxSize size = GetClientSize();
        cairo_t* cr = buffer_.begin(size.x, size.y, 0x3C3C40);
        cairo_set_source_rgb(cr, 0.2 + 0.1 * (frames_ % 5), 0.5, 0.3);
        cairo_rectangle(cr, 10 + frames_ % 7, 10, size.x / 2.0, size.y / 2.0);
        cairo_fill(cr);
        cairo_destroy(cr);
        ++frames_;
    }
    double lastMs() const { return lastMs_; }
    int paints() const { return paints_; }

  private:
    void paint() {
        wxAutoBufferedPaintDC dc(this);
        if (frames_ == 0) {
            return; // shown before its first frame
        }
        const auto start = std::chrono::steady_clock::now();
        if (throughBitmap_) {
            dc.DrawBitmap(buffer_.bitmap(), 0, 0); // the canvas's way before stop 64, and wxMSW's
        } else {
            buffer_.present(dc);
        }
        lastMs_ = msSince(start);
        ++paints_;
    }
    bool throughBitmap_;
    CairoBitmap buffer_;
    int frames_ = 0, paints_ = 0;
    double lastMs_ = 0;
};

// What showing the painter's image on a window costs, frame by frame: through a bitmap (a pass over
// every pixel to make it, another on wxGTK to draw it) or, where the window's DC draws with Cairo,
// in one Cairo paint (CairoBitmap::present). Arguments: the window's width (16 : 9), and 0 through
// the bitmap, 1 as present shows it.
void showTheImage(benchmark::State& state) {
    const int width = static_cast<int>(state.range(0)), height = width * 9 / 16;
    auto* frame = new wxFrame(nullptr, wxID_ANY, "showTheImage");
    auto* window = new ImageWindow(frame, state.range(1) == 0);
    frame->SetClientSize(width, height);
    frame->Show();
    // Until the window is on the screen and has shown a frame (a busy X server maps it late, and a
    // window not yet mapped paints nothing).
    window->nextFrame();
    for (int tries = 0; window->paints() == 0 && tries < 500; ++tries) {
        window->Refresh(false);
        window->Update();
        pump();
    }
    if (window->paints() == 0) {
        state.SkipWithError("the window never painted");
        frame->Destroy();
        return;
    }
    const int paintsBefore = window->paints();
    std::vector<double> frameMs;
    for (auto _ : state) {
        window->nextFrame();
        window->Refresh(false);
        window->Update();
        state.SetIterationTime(window->lastMs() / 1000);
        frameMs.push_back(window->lastMs());
    }
    frameCounters(state, frameMs);
    // Each frame must have been shown: a frame that painted nothing would time the last one again.
    state.counters["paints_a_frame"] = static_cast<double>(window->paints() - paintsBefore) /
                                       static_cast<double>(std::max<std::size_t>(1, frameMs.size()));
    state.counters["window_width"] = window->GetClientSize().x;
    state.counters["window_height"] = window->GetClientSize().y;
    state.counters["through_cairo"] = state.range(1) == 1 && [&] {
        wxClientDC dc(window);
        return CairoBitmap::drawsWithCairo(dc);
    }();
    frame->Destroy();
    pump();
}

// Until the canvas has nothing left to draw: a zoom's sharp frames come after the wheel rests, a few
// tiles a frame. A frame timed before would time what the zoom left.
void settle(MapCanvas* canvas) {
    int quiet = 0;
    for (int tries = 0; tries < 100 && quiet < 5; ++tries) {
        const int paints = canvas->mapPaints();
        wxMilliSleep(50);
        pump();
        quiet = canvas->mapPaints() == paints ? quiet + 1 : 0;
    }
}

// The 1000 x 1000 battle (10,000 units, 5,000 roads) in a window grown beside its panels until the
// canvas is `canvasSize` (on a screen large enough: ./dev bench's), at `zoom`, settled; nothing when
// that fails, the benchmark told why. closeTheWindow undoes it.
MainFrame* openTheBattle(benchmark::State& state, wxSize canvasSize, double zoom) {
    MainFrame* frame = openInAWindow(
        state, generateScenario(GeneratorParameters{1000, 1000, 10'000, 5'000, 1, GridShape::HexFlat}),
        canvasSize);
    if (frame == nullptr) {
        return nullptr;
    }
    MapCanvas* canvas = frame->canvas();
    frame->SetSize(frame->GetSize() + (canvasSize - canvas->GetClientSize()));
    pump();
    if (canvas->GetClientSize() != canvasSize) {
        state.SkipWithError("the canvas is not the size asked for (is the screen large enough?)");
        closeTheWindow(frame);
        return nullptr;
    }
    canvas->zoomBy(zoom / canvas->zoom(), wxPoint(canvasSize.x / 2, canvasSize.y / 2));
    settle(canvas);
    return frame;
}

// The same on a canvas of the width the benchmark's first argument gives (at 16:9), at the zoom in
// percent its second gives, the display done with it.
MainFrame* openTheBattleAsAsked(benchmark::State& state) {
    const int width = static_cast<int>(state.range(0)), height = width * 9 / 16;
    MainFrame* frame = openTheBattle(state, wxSize(width, height), static_cast<double>(state.range(1)) / 100);
    if (frame != nullptr) {
        frame->canvas()->waitForTheDisplay();
    }
    return frame;
}

// The editor's whole repaint of its map as the arrow keys pan the 1000 x 1000 battle (10,000 units,
// 5,000 roads), back and forth: the strips the pan shows drawn, the marks drawn over, the image
// shown, the problem markers over it, until the display has it on the screen. Arguments: the
// canvas's width (its height 9/16 of it: the window is made as large as that needs beside the
// panels, on a screen large enough: ./dev bench's), and the zoom in percent.
void panTheCanvas(benchmark::State& state) {
    MainFrame* frame = openTheBattleAsAsked(state);
    if (frame == nullptr) {
        return;
    }
    MapCanvas* canvas = frame->canvas();
    const int width = canvas->GetClientSize().x, height = canvas->GetClientSize().y;
    Frames timed;
    int frames = 0;
    const int paintsBefore = canvas->mapPaints();
    double pixelsPainted = 0;
    for (auto _ : state) {
        ++frames;
        // From the key to the frame on the screen: the pan (which may have the display move what
        // the window shows), the paint, and the display's own work.
        const double ms = timed.add([&] {
            canvas->scrollByKey(frames % 8 < 4 ? WXK_RIGHT : WXK_LEFT); // 60 pixels, back and forth
            canvas->Update();
            canvas->waitForTheDisplay();
        });
        state.SetIterationTime(ms / 1000);
        pixelsPainted += static_cast<double>(canvas->mapPixelsPainted());
    }
    frameCounters(state, timed, canvas->GetClientSize());
    // Each frame must have drawn the map: a frame that painted nothing would time nothing.
    state.counters["map_paints_a_frame"] =
        static_cast<double>(canvas->mapPaints() - paintsBefore) / std::max(1, frames);
    // The share of the window each frame drew: 1 where the whole window is painted at every pan.
    state.counters["painted_share"] =
        pixelsPainted / std::max(1, frames) / (static_cast<double>(width) * height);
    closeTheWindow(frame);
}

// The battle open for the wheel, on a canvas of the width the benchmark's first argument gives (at
// 16:9) and the zoom in percent its second gives, shown.
struct WheelOnTheBattle {
    MainFrame* window = nullptr;
    MapCanvas* canvas = nullptr;
    wxPoint middle;
    int notches = 0;

    explicit WheelOnTheBattle(benchmark::State& state) : window(openTheBattleAsAsked(state)) {
        if (window != nullptr) {
            canvas = window->canvas();
            middle = wxPoint(canvas->GetClientSize().x / 2, canvas->GetClientSize().y / 2);
        }
    }
    // One frame, until the display has shown it: a notch (in, then out, about the middle) or the
    // next of the frames that sharpen the ground after one.
    void frame(bool notch) {
        if (notch) {
            canvas->zoomBy(notches++ % 2 == 0 ? 1.15 : 1 / 1.15, middle);
        } else {
            canvas->sharpenNext();
        }
        canvas->Update();
        canvas->waitForTheDisplay();
    }
};

// The wheel on the same battle and canvas: a notch and the frames the canvas asks for after it
// (sharpenNext) until its ground is sharp, then the next notch: the notch's frame stretches the last
// sharp ground (a preview) and shows the whole window anew; the ones after draw it sharp tile by
// tile within their budget and show those tiles. Arguments: the canvas's width, and the zoom in
// percent it starts from.
void zoomTheCanvas(benchmark::State& state) {
    WheelOnTheBattle wheel(state);
    if (wheel.canvas == nullptr) {
        return;
    }
    Frames timed;
    std::vector<double> notchMs, sharpenMs;
    for (auto _ : state) {
        // A notch once the last one's ground is sharp; until then the frames the canvas asks for.
        const bool notch = !wheel.canvas->sharpening();
        const double ms = timed.add([&] { wheel.frame(notch); });
        state.SetIterationTime(ms / 1000);
        (notch ? notchMs : sharpenMs).push_back(ms);
    }
    frameCounters(state, timed, wheel.canvas->GetClientSize());
    const std::vector<double>& frameMs = timed.ms;
    // The notches' frames (a stretch, the whole window shown) apart from the sharpening ones.
    for (auto [name, ms] : {std::pair{"notch", &notchMs}, std::pair{"sharpen", &sharpenMs}}) {
        std::ranges::sort(*ms);
        state.counters[std::string(name) + "_median_ms"] = ms->empty() ? 0 : (*ms)[ms->size() / 2];
        state.counters[std::string(name) + "_worst_ms"] = ms->empty() ? 0 : ms->back();
    }
    state.counters["frames_a_notch"] =
        static_cast<double>(frameMs.size()) / static_cast<double>(std::max<std::size_t>(1, notchMs.size()));
    closeTheWindow(wheel.window);
}

// The frame of a wheel notch alone, from a sharp view each time (the sharpening frames between two
// notches run untimed): zoomTheCanvas sees a notch every 10 to 30 frames, too few for its figures.
// The third argument: 0, the notch comes at once after the last sharpening frame, before the canvas
// could stretch anything ahead (its frame stretches the ground); 1, after the canvas rested and
// stretched ahead the notches it foresees (its frame copies the ground). The work the canvas does
// ahead, each piece between frames, is timed apart (ahead_worst_ms): an input that comes meanwhile
// waits that long at most.
void notchTheCanvas(benchmark::State& state) {
    WheelOnTheBattle wheel(state);
    if (wheel.canvas == nullptr) {
        return;
    }
    const bool rested = state.range(2) == 1;
    Frames timed;
    std::vector<double> aheadMs;
    double rowsAhead = 0;
    for (auto _ : state) {
        for (int frames = 0; wheel.canvas->sharpening() && frames < 1000; ++frames) {
            wheel.frame(false);
        }
        for (int pieces = 0; rested && wheel.canvas->stretchingAhead() && pieces < 1000; ++pieces) {
            const auto start = std::chrono::steady_clock::now();
            wheel.canvas->stretchAheadNext();
            aheadMs.push_back(msSince(start));
        }
        const double ms = timed.add([&] { wheel.frame(true); });
        state.SetIterationTime(ms / 1000);
        rowsAhead += wheel.canvas->rowsStretchedAhead();
    }
    frameCounters(state, timed, wheel.canvas->GetClientSize());
    // The share of the notches' rows copied from a stretch made ahead: 0 when the notch came at
    // once, 1 when every notch was foreseen.
    state.counters["rows_ahead_share"] =
        rowsAhead /
        std::max<double>(1, static_cast<double>(timed.ms.size()) * wheel.canvas->GetClientSize().y);
    state.counters["ahead_worst_ms"] = aheadMs.empty() ? 0 : std::ranges::max(aheadMs);
    closeTheWindow(wheel.window);
}

// The window's edge dragged: each frame the canvas is a few pixels wider and taller, then narrower
// and shorter again, as a hand on the corner gives them (16 frames out by 8 pixels, 16 back), timed
// from the window's new size to the display's sync (the toolkit's layout of the window included).
// Arguments: the canvas's width at the start (16 : 9), and the zoom in percent.
void resizeTheCanvas(benchmark::State& state) {
    MainFrame* frame = openTheBattleAsAsked(state);
    if (frame == nullptr) {
        return;
    }
    MapCanvas* canvas = frame->canvas();
    const wxSize start = frame->GetSize();
    const wxSize startCanvas = canvas->GetClientSize(); // what the frames' target is of
    Frames timed;
    std::vector<double> mapMs;
    int frames = 0, sized = 0;
    double groundShare = 0, paintedShare = 0, copiedShare = 0;
    const int paintsBefore = canvas->mapPaints();
    for (auto _ : state) {
        ++frames;
        const int paints = canvas->mapPaints();
        const int step = frames % 32 < 16 ? frames % 32 : 32 - frames % 32; // 0 .. 16 .. 0
        const wxSize grown(8 * step, 8 * step * 9 / 16);
        const wxSize before = canvas->GetClientSize();
        const double ms = timed.add([&] {
            frame->SetSize(start + grown);
            for (int tries = 0; canvas->GetClientSize() == before && tries < 1000; ++tries) {
                wxTheApp->Yield(true);
            }
            canvas->Update();
            canvas->waitForTheDisplay();
        });
        state.SetIterationTime(ms / 1000);
        sized += canvas->GetClientSize() != before ? 1 : 0;
        // A frame smaller than the last, every word where it was, draws nothing of the map.
        if (canvas->mapPaints() != paints) {
            mapMs.push_back(static_cast<double>(canvas->lastMapDrawTime().count()) / 1000);
            const wxSize now = canvas->GetClientSize();
            const double area = static_cast<double>(now.x) * now.y;
            groundShare += static_cast<double>(canvas->groundPixelsDrawn()) / area;
            paintedShare += static_cast<double>(canvas->mapPixelsPainted()) / area;
            copiedShare += static_cast<double>(canvas->groundPixelsCopied()) / area;
        }
    }
    frameCounters(state, timed, startCanvas);
    // Each frame must have taken a new size; the map is drawn at it where it grew (or a word moved).
    state.counters["resized_share"] = static_cast<double>(sized) / std::max(1, frames);
    state.counters["map_paints_a_frame"] =
        static_cast<double>(canvas->mapPaints() - paintsBefore) / std::max(1, frames);
    // The canvas's own part of the frames that drew the map: drawing it on its image (the rest is
    // the toolkit's layout and paint of the whole window, and the display's).
    std::ranges::sort(mapMs);
    state.counters["map_median_ms"] = mapMs.empty() ? 0 : mapMs[mapMs.size() / 2];
    state.counters["map_worst_ms"] = mapMs.empty() ? 0 : mapMs.back();
    // Shares of the window, each frame: its ground drawn anew (1: all of it, as at a new zoom), what
    // the frame drew of the map's image (ground and marks), its ground copied (onto the image, and
    // within the kept ground).
    state.counters["ground_drawn_share"] = groundShare / std::max(1, frames);
    state.counters["map_drawn_share"] = paintedShare / std::max(1, frames);
    state.counters["ground_copied_share"] = copiedShare / std::max(1, frames);
    closeTheWindow(frame);
}

BENCHMARK(showTheImage)
    ->ArgsProduct({{1920, 3840}, {0, 1}})
    ->ArgNames({"width", "way"})
    ->Iterations(60)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
// The zooms of every kind of frame span the canvas's reach, from the whole battle in the window to
// a few cells across it: issue 28 asks its targets at every zoom.
BENCHMARK(panTheCanvas)
    ->ArgsProduct({{1920, 3840}, {1, 2, 5, 25, 50, 100, 200, 400}})
    ->ArgNames({"width", "zoom_percent"})
    ->Iterations(60)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(zoomTheCanvas)
    ->ArgsProduct({{1920, 3840}, {1, 5, 12, 50, 100, 200, 400}})
    ->ArgNames({"width", "zoom_percent"})
    ->Iterations(60)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(resizeTheCanvas)
    ->ArgsProduct({{1920, 3840}, {12, 100}})
    ->ArgNames({"width", "zoom_percent"})
    ->Iterations(64)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(notchTheCanvas)
    ->ArgsProduct({{1920, 3840}, {1, 5, 12, 50, 100, 200}, {0, 1}})
    ->ArgNames({"width", "zoom_percent", "rested"})
    ->Iterations(30)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace sandtable

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    benchmark::AddCustomContext("kernel_damon", sandtable::kernelDamon());
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
