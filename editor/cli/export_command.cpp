#include "arguments.hpp"
#include "commands.hpp"
#include "editor/ruleset_loading.hpp"
#include "formats/atomic_file.hpp"
#include "formats/json_export.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/tmx_export.hpp"
#include "validators/validator.hpp"

#include <filesystem>
#include <ostream>

namespace sandtable::cli {

int exportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, {"--force"}, {"--to", "-o", "--output"});
    const auto output = a.value("-o") ? a.value("-o") : a.value("--output");
    if (!a.ok() || a.positionals().size() != 1 || !output) {
        err << "sandtable export: "
            << (!a.ok()   ? a.error()
                : !output ? std::string("-o OUT is required")
                          : std::string("expected one FILE"))
            << "; usage: sandtable export FILE --to tmx -o OUT [--force]\n";
        return BadInput;
    }
    const std::string extension = std::filesystem::path(*output).extension().string();
    const std::string to = a.value("--to").value_or(extension == ".tmx"    ? "tmx"
                                                    : extension == ".json" ? "json"
                                                                           : "");
    if (to != "tmx" && to != "json") {
        err << "sandtable export: --to must be tmx or json (PDF, SVG and PNG printing are not written yet), "
               "not '"
            << to << "'\n";
        return BadInput;
    }
    const std::string& file = a.positionals()[0];
    auto scenario = readScenario(file);
    if (!scenario) {
        err << scenario.error().toString() << "\n";
        return BadInput;
    }
    // Validate first, as designers expect: errors stop the export unless --force; warnings are
    // printed and the export goes on.
    bool forced = false;
    if (!scenario->info.ruleset.empty()) {
        auto loaded =
            loadCheckedRuleset(scenario->info.ruleset, std::filesystem::path(file).parent_path().empty()
                                                           ? "."
                                                           : std::filesystem::path(file).parent_path());
        if (!loaded) {
            err << loaded.error() << "\n";
            return BadInput;
        }
        const Report report = Validator(*scenario, loaded->resolved).report();
        for (const Violation& v : report.violations) {
            if (!v.excluded && v.severity != Severity::Info) {
                err << file << ": "
                    << (!v.cells.empty() && scenario->map.grid.contains(v.cells.front())
                            ? scenario->map.grid.label(v.cells.front()) + ": "
                            : "")
                    << enumName(v.severity) << " " << v.rule << ": " << v.message << "\n";
            }
        }
        if (report.errors() > 0 && !a.has("--force")) {
            err << "sandtable export: " << report.errors() << " errors under " << loaded->resolved.name
                << "; nothing was exported. Fix them, exclude them, or export anyway with --force\n";
            return ScenarioHasProblems;
        }
        forced = report.errors() > 0;
    }
    auto written =
        to == "tmx" ? exportTmx(*scenario, *output, TmxExportOptions{forced})
                    : writeFileAtomically(*output, exportJson(*scenario, forced), AtomicWriteOptions{false});
    if (!written) {
        err << "sandtable export: " << written.error() << "\n";
        return BadInput;
    }
    out << "wrote " << *output
        << (forced ? " (forced despite errors; recorded in the map's exportForced property)" : "") << "\n";
    return Success;
}

} // namespace sandtable::cli
