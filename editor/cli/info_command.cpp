#include "arguments.hpp"
#include "commands.hpp"
#include "exports/json_export.hpp"
#include "formats/json_writer.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/scenario_summary.hpp"

#include <ostream>

namespace sandtable::cli {
namespace {

void writeText(const Scenario& s, const ScenarioSummary& sum, std::ostream& out) {
    const Grid& g = s.map.grid;
    if (scenarioCount(s) > 1) {
        out << "scenarios:  " << scenarioCount(s) << "\n";
        for (std::size_t i = 0; i < scenarioCount(s); ++i) {
            const ScenarioInfo& info = scenarioInfo(s, i);
            out << (i == s.current ? "  * " : "    ") << i + 1 << ". " << info.title
                << (info.date.empty() ? "" : ", " + info.date) << ", " << info.turns << " turns, "
                << (info.ruleset.empty() ? "(no ruleset)" : info.ruleset) << "\n";
        }
        out << "described below: scenario " << s.current + 1 << "\n";
    }
    out << "title:      " << s.info.title << "\n";
    if (!s.info.date.empty() || !s.info.place.empty()) {
        out << "when/where: " << s.info.date << (s.info.place.empty() ? "" : ", " + s.info.place) << "\n";
    }
    out << "ruleset:    " << (s.info.ruleset.empty() ? "(none)" : s.info.ruleset);
    for (const std::string& other : s.info.otherRulesets) {
        out << ", also " << other;
    }
    out << "\n";
    out << "grid:       " << enumName(g.shape()) << " (" << enumName(g.parity()) << "), " << g.cols() << " x "
        << g.rows() << " cells, " << s.map.yardsPerCell << " yards per cell, labels " << g.label({0, 0})
        << " to " << g.label({g.cols() - 1, g.rows() - 1}) << "\n";
    out << "turns:      " << s.info.turns << " of " << s.info.turnMinutes << " minutes"
        << turnClockFacts(s.info) << ", " << enumName(s.info.firstPlayer) << " first\n";
    if (hasTurnClock(s.info)) {
        const std::vector<TurnTime> times = turnTimes(s.info);
        out << "            turn 1 at " << turnTimeText(times.front()) << "; turn " << times.size() << " at "
            << turnTimeText(times.back()) << "\n";
    }
    out << "terrain:   ";
    for (const auto& [key, n] : sum.cellsPerTerrain) {
        out << " " << key << " " << n;
    }
    out << "\nelevation:  levels " << sum.minElevation << " to " << sum.maxElevation << "\n";
    out << "hexsides:  ";
    for (const auto& [name, n] : sum.hexsidesPerFeature) {
        out << " " << name << " " << n;
    }
    out << "\npaths:     ";
    for (const auto& [name, n] : sum.pathsPerKind) {
        out << " " << name << " " << n;
    }
    out << " (" << sum.pathCells << " cells)\nfeatures:  ";
    for (const auto& [name, n] : sum.featuresPerKind) {
        out << " " << name << " " << n;
    }
    out << "\n";
    for (const SideSummary& side : sum.sides) {
        out << side.name << ": ";
        for (std::size_t e = 0; e < side.headquarters.size(); ++e) {
            out << side.headquarters[e] << " " << enumName(static_cast<Echelon>(e))
                << (e + 1 < side.headquarters.size() ? ", " : "; ");
        }
        for (std::size_t a = 0; a < side.units.size(); ++a) {
            out << side.units[a] << " " << enumName(static_cast<Arm>(a))
                << (a + 1 < side.units.size() ? ", " : "");
        }
        out << " units; " << side.stands << " stands, " << side.men << " men, " << side.guns << " guns, "
            << side.trains << " trains\n    deployed " << side.placed << ", reinforcements "
            << side.reinforcements << ", not deployed " << side.unplaced
            << (side.absent > 0 ? ", not in this scenario " + std::to_string(side.absent) : std::string())
            << "\n";
    }
    out << "events:     " << sum.events << " of 11 rolls\n";
}

void writeJson(const std::string& file, const Scenario& s, const ScenarioSummary& sum, std::ostream& out) {
    const Grid& g = s.map.grid;
    JsonWriter j;
    j.beginObject();
    j.field("file", file);
    j.key("scenarios").beginArray();
    for (std::size_t i = 0; i < scenarioCount(s); ++i) {
        const ScenarioInfo& info = scenarioInfo(s, i);
        j.beginObject()
            .field("number", static_cast<int>(i) + 1)
            .field("title", info.title)
            .field("date", info.date)
            .field("turns", info.turns)
            .field("ruleset", info.ruleset)
            .endObject();
    }
    j.endArray();
    j.field("scenario", static_cast<int>(s.current) + 1)
        .field("title", s.info.title)
        .field("date", s.info.date)
        .field("place", s.info.place);
    j.field("ruleset", s.info.ruleset);
    j.key("also-rulesets").beginArray();
    for (const std::string& other : s.info.otherRulesets) {
        j.value(other);
    }
    j.endArray();
    j.key("grid").beginObject();
    j.field("shape", enumName(g.shape()))
        .field("parity", enumName(g.parity()))
        .field("cols", g.cols())
        .field("rows", g.rows());
    j.field("yardsPerCell", s.map.yardsPerCell).field("firstLabel", g.label({0, 0}));
    j.endObject();
    j.field("turns", s.info.turns).field("turnMinutes", s.info.turnMinutes);
    writeTurnClock(j, s.info);
    auto counts = [&](std::string_view name, const std::map<std::string, int>& m) {
        j.key(name).beginObject();
        for (const auto& [k, n] : m) {
            j.field(k, n);
        }
        j.endObject();
    };
    counts("terrain", sum.cellsPerTerrain);
    j.key("elevation")
        .beginObject()
        .field("min", sum.minElevation)
        .field("max", sum.maxElevation)
        .endObject();
    counts("hexsides", sum.hexsidesPerFeature);
    counts("paths", sum.pathsPerKind);
    j.field("pathCells", sum.pathCells);
    counts("features", sum.featuresPerKind);
    j.key("sides").beginArray();
    for (std::size_t i = 0; i < sum.sides.size(); ++i) {
        const SideSummary& side = sum.sides[i];
        j.beginObject();
        j.field("side", enumName(static_cast<Side>(i))).field("name", side.name);
        j.key("headquarters").beginObject();
        for (std::size_t e = 0; e < side.headquarters.size(); ++e) {
            j.field(enumName(static_cast<Echelon>(e)), side.headquarters[e]);
        }
        j.endObject();
        j.key("units").beginObject();
        for (std::size_t a = 0; a < side.units.size(); ++a) {
            j.field(enumName(static_cast<Arm>(a)), side.units[a]);
        }
        j.endObject();
        j.field("stands", side.stands)
            .field("men", side.men)
            .field("guns", side.guns)
            .field("trains", side.trains);
        j.key("deployment").beginObject();
        j.field("placed", side.placed)
            .field("reinforcements", side.reinforcements)
            .field("notDeployed", side.unplaced);
        j.endObject();
        j.endObject();
    }
    j.endArray();
    j.field("events", sum.events).field("exclusions", sum.exclusions);
    j.endObject();
    out << j.str();
}

} // namespace

int infoCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    const std::string& file = a.positionals()[0];
    auto scenario = readScenarioReporting(file, err);
    if (!scenario || !chooseScenarioReporting(a, *scenario, file, err)) {
        return BadInput;
    }
    const ScenarioSummary sum = summarize(*scenario);
    if (a.has("--json")) {
        writeJson(file, *scenario, sum, out);
    } else {
        writeText(*scenario, sum, out);
    }
    return Success;
}

} // namespace sandtable::cli
