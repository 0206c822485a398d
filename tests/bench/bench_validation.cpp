// Validation of the generated 1000 x 1000 map with 10,000 units. Targets (issue: validator): the
// counting rules under 10 ms, every rule including line of sight under 100 ms, an incremental
// re-check after one edit under 1 ms.
#include "formats/ruleset_xml.hpp"
#include "model/commands/edits.hpp"
#include "model/scenario_generator.hpp"
#include "validators/validator.hpp"

#include <benchmark/benchmark.h>

namespace sandtable {
namespace {

Scenario& bigScenario() {
    static Scenario s =
        generateScenario(GeneratorParameters{1000, 1000, 10'000, 5'000, 1, GridShape::HexFlat});
    return s;
}

ResolvedRuleset builtinRules(const std::string& name) {
    return *resolveRuleset(*loadRuleset(name));
}

ResolvedRuleset countingRules() {
    Ruleset r;
    r.name = "counting";
    for (const char* key : {"stacking.units-per-cell", "stacking.stands-by-arm", "stacking.stands-per-cell",
                            "stacking.skirmishers", "deployment.one-side-per-cell", "terrain.impassable"}) {
        r.rules.push_back(RuleSetting{key, true, std::nullopt, {}, "bench", 0});
    }
    return *resolveRuleset(r);
}

void fullRun(benchmark::State& state, ResolvedRuleset rules) {
    Validator v(bigScenario(), std::move(rules));
    for (auto _ : state) {
        v.runAll();
    }
    const Report r = v.report();
    state.counters["findings"] = static_cast<double>(r.violations.size());
}

void counting(benchmark::State& state) {
    fullRun(state, countingRules());
}
void hexedGeneral(benchmark::State& state) {
    fullRun(state, builtinRules("hexed-general"));
}
void acwAreaWithLineOfSight(benchmark::State& state) {
    fullRun(state, builtinRules("acw-area"));
}
void everyRule(benchmark::State& state) {
    Ruleset all;
    all.name = "every-rule";
    for (const auto& rule : allRules()) {
        all.rules.push_back(RuleSetting{std::string(rule->info().key), true, std::nullopt, {}, "bench", 0});
    }
    // Line of sight on for the command radius, as in the area rules.
    for (auto& s : all.rules) {
        if (s.key == "command.unit-within-radius") {
            s.params = {{"echelon", "division"}, {"radius", "3"}, {"needs-sight", "true"}};
        }
    }
    fullRun(state, *resolveRuleset(all));
}

// Each rule alone (with the command radius needing sight, as in everyRule): which one costs what.
void oneRule(benchmark::State& state) {
    const auto& rule = allRules()[static_cast<std::size_t>(state.range(0))];
    Ruleset one;
    one.name = std::string(rule->info().key);
    one.rules.push_back(RuleSetting{std::string(rule->info().key), true, std::nullopt, {}, "bench", 0});
    if (one.name == "command.unit-within-radius") {
        one.rules.back().params = {{"echelon", "division"}, {"radius", "3"}, {"needs-sight", "true"}};
    }
    state.SetLabel(one.name);
    fullRun(state, *resolveRuleset(one));
}

// Moving one unit back and forth: apply the edit, re-check, as the editor does after a drag.
void incrementalMove(benchmark::State& state, const std::string& rulesetName) {
    Scenario& s = bigScenario();
    Validator v(s, builtinRules(rulesetName));
    const PieceRef piece = s.deployment.placements.begin()->first;
    const Placement original = s.deployment.placements.begin()->second;
    Placement moved = original;
    moved.cells = {s.map.grid.neighbor(original.cells.front(), 0)};
    bool forth = true;
    for (auto _ : state) {
        auto cmd = edits::setPlacement(s, piece, forth ? moved : original);
        cmd->apply(s);
        v.recheck(cmd->changes());
        forth = !forth;
    }
    s.deployment.placements[piece] = original;
}

void incrementalPaint(benchmark::State& state) {
    Scenario& s = bigScenario();
    Validator v(s, builtinRules("hexed-general"));
    int value = 1;
    for (auto _ : state) {
        auto cmd = edits::paint(s, CellLayer::Terrain, s.map.grid.range({500, 500}, 1), value);
        cmd->apply(s);
        v.recheck(cmd->changes());
        value = value == 1 ? 0 : 1;
    }
}

BENCHMARK(counting)->Unit(benchmark::kMillisecond);
BENCHMARK(hexedGeneral)->Unit(benchmark::kMillisecond);
BENCHMARK(acwAreaWithLineOfSight)->Unit(benchmark::kMillisecond);
BENCHMARK(everyRule)->Unit(benchmark::kMillisecond);
BENCHMARK(oneRule)->DenseRange(0, static_cast<int>(allRules().size()) - 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(incrementalMove, hexed_general, std::string("hexed-general"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(incrementalMove, acw_area, std::string("acw-area"))->Unit(benchmark::kMicrosecond);
BENCHMARK(incrementalPaint)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace sandtable
