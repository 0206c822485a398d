#include "arguments.hpp"
#include "commands.hpp"
#include "editor/install_layout.hpp"
#include "editor/ruleset_loading.hpp"
#include "formats/json_writer.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/file_names.hpp"
#include "validators/validator.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>

namespace sandtable::cli {
namespace {

std::string pieceText(PieceRef p) {
    return std::string(enumName(p.kind)) + ":" + std::to_string(p.id);
}

void writeJson(JsonWriter& j, const std::string& file, std::size_t scenario, const std::string& title,
               const ResolvedRuleset& rules, const Report& report, Severity minimum, const Grid& grid) {
    j.beginObject();
    j.field("file", file)
        .field("scenario", title)
        .field("scenarioNumber", static_cast<int>(scenario) + 1)
        .field("ruleset", rules.name);
    j.key("summary").beginObject();
    j.field("errors", report.errors())
        .field("warnings", report.warnings())
        .field("infos", report.infos())
        .field("excluded", report.excluded);
    j.endObject();
    j.key("violations").beginArray();
    for (const Violation& v : report.violations) {
        if (v.severity < minimum) {
            continue;
        }
        j.beginObject();
        j.field("rule", v.rule).field("severity", enumName(v.severity)).field("excluded", v.excluded);
        if (v.excluded) {
            j.field("comment", v.exclusionComment);
        }
        j.field("message", v.message);
        j.key("cells").beginArray();
        for (Offset c : v.cells) {
            j.value(grid.contains(c) ? grid.label(c)
                                     : std::to_string(c.col + 1) + "," + std::to_string(c.row + 1));
        }
        j.endArray();
        j.key("units").beginArray();
        for (PieceRef p : v.pieces) {
            if (p.kind == PieceKind::Unit) {
                j.value(p.id);
            }
        }
        j.endArray();
        j.key("pieces").beginArray();
        for (PieceRef p : v.pieces) {
            j.value(pieceText(p));
        }
        j.endArray();
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

void writeText(const std::string& file, const ResolvedRuleset& rules, const Report& report, Severity minimum,
               std::ostream& out, const Grid& grid) {
    for (const Violation& v : report.violations) {
        if (v.severity < minimum) {
            continue;
        }
        out << file << ": ";
        if (!v.cells.empty() && grid.contains(v.cells.front())) {
            out << grid.label(v.cells.front()) << ": ";
        }
        out << enumName(v.severity) << " " << v.rule << ": " << v.message;
        if (v.excluded) {
            out << " [excluded: " << v.exclusionComment << "]";
        }
        out << "\n";
    }
    out << file << ": " << rules.name << ": " << report.errors() << " errors, " << report.warnings()
        << " warnings, " << report.infos() << " info, " << report.excluded << " excluded\n";
}

} // namespace

int validateCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    const auto minimum = parseEnum<Severity>(a.value("--severity").value_or("info"));
    if (!minimum) {
        err << "sandtable validate: --severity must be error, warning or info, not '"
            << *a.value("--severity") << "'\n";
        return BadInput;
    }
    const std::string& file = a.positionals()[0];
    auto battle = readScenarioReporting(file, err);
    if (!battle) {
        return BadInput;
    }
    // --ruleset wins over each scenario's own; --all adds the other rulesets a scenario declares. A
    // path in the scenario is relative to the scenario.
    if (a.has("--all") && a.value("--ruleset")) {
        err << "sandtable validate: give --ruleset or --all, not both\n";
        return BadInput;
    }
    // Every scenario of the battle, or the one --scenario names.
    std::vector<std::size_t> chosen;
    if (a.value("--scenario")) {
        if (!chooseScenarioReporting(a, *battle, file, err)) {
            return BadInput;
        }
        chosen.push_back(battle->current);
    } else {
        for (std::size_t i = 0; i < scenarioCount(*battle); ++i) {
            chosen.push_back(i);
        }
    }
    const bool several = scenarioCount(*battle) > 1;
    std::filesystem::path base =
        a.value("--ruleset") ? std::filesystem::path(".") : pathFromUtf8(file).parent_path();
    if (base.empty()) {
        base = ".";
    }
    // Read every ruleset first: a bad one stops the run before any report is printed.
    struct Run {
        std::size_t scenario;
        LoadedRuleset rules;
    };
    std::vector<Run> runs;
    for (std::size_t index : chosen) {
        const ScenarioInfo& info = scenarioInfo(*battle, index);
        const std::vector<std::string> names = a.has("--all")
                                                   ? info.declaredRulesets()
                                                   : std::vector{a.value("--ruleset").value_or(info.ruleset)};
        if (names.front().empty()) {
            err << file << ": "
                << (several ? scenarioName(*battle, index) + " " : std::string("the scenario "))
                << "names no ruleset; give one with --ruleset (sandtable rulesets lists them)\n";
            return BadInput;
        }
        for (const std::string& name : names) {
            auto loaded = loadCheckedRuleset(name, base);
            if (!loaded) {
                err << loaded.error() << "\n";
                return BadInput;
            }
            runs.push_back(Run{index, std::move(*loaded)});
        }
    }
    const Grid& grid = battle->map.grid;
    // One report is one JSON object; several (--all, or a battle's scenarios) an array of them.
    const bool array = a.has("--all") || (several && !a.value("--scenario"));
    JsonWriter j;
    if (array && a.has("--json")) {
        j.beginArray();
    }
    int errors = 0;
    for (const Run& run : runs) {
        makeCurrent(*battle, run.scenario); // moves the starts; the map is never copied
        const Validator validator(*battle, run.rules.resolved);
        const Report report = validator.report();
        errors += report.errors();
        // A battle of several scenarios names the scenario in every line.
        const std::string where = several ? file + ": " + scenarioName(*battle, run.scenario) : file;
        if (a.has("--json")) {
            writeJson(j, file, run.scenario, battle->info.title, run.rules.resolved, report, *minimum, grid);
        } else {
            writeText(where, run.rules.resolved, report, *minimum, out, grid);
        }
    }
    if (a.has("--json")) {
        if (array) {
            j.endArray();
        }
        out << j.str();
    }
    return errors > 0 ? ScenarioHasProblems : Success;
}

int rulesetsCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    const std::vector<std::string> builtins = builtinRulesetNames();
    std::vector<std::string> names = a.positionals().empty() ? builtins : a.positionals();
    JsonWriter j;
    j.beginArray();
    for (const std::string& name : names) {
        auto loaded = loadCheckedRuleset(name, ".");
        if (!loaded) {
            err << loaded.error() << "\n";
            return BadInput;
        }
        const Ruleset* ruleset = &loaded->ruleset;
        const ResolvedRuleset* resolved = &loaded->resolved;
        if (!a.has("--json")) {
            out << ruleset->name << " - " << ruleset->title << "\n";
        }
        j.beginObject()
            .field("name", ruleset->name)
            .field("title", ruleset->title)
            .field("description", ruleset->description);
        // A built-in ruleset's file, installed to be copied for house rules.
        std::error_code ec;
        if (const auto file = installLayout().rulesets / pathFromUtf8(name + ".xml");
            std::ranges::find(builtins, name) != builtins.end() &&
            std::filesystem::is_regular_file(file, ec)) {
            j.field("file", file.string());
            if (!a.has("--json")) {
                out << "  (as a file to copy for house rules: " << file.string() << ")\n";
            }
        }
        j.key("rules").beginArray();
        for (const ActiveRule& r : resolved->rules) {
            const RuleInfo& info = r.rule->info();
            if (!a.has("--json")) {
                out << "  " << info.key << std::string(info.key.size() < 34 ? 34 - info.key.size() : 1, ' ')
                    << enumName(r.severity) << "  " << info.title;
                std::string params;
                for (const auto& [k, v] : r.params.values()) {
                    params += (params.empty() ? "" : ", ") + k + "=" + v;
                }
                out << (params.empty() ? "" : " (" + params + ")") << "\n";
            }
            j.beginObject()
                .field("key", info.key)
                .field("title", info.title)
                .field("severity", enumName(r.severity))
                .field("source", info.source);
            j.key("params").beginObject();
            for (const auto& [k, v] : r.params.values()) {
                j.field(k, v);
            }
            j.endObject().endObject();
        }
        j.endArray().endObject();
    }
    j.endArray();
    if (a.has("--json")) {
        out << j.str();
    }
    return Success;
}

} // namespace sandtable::cli
