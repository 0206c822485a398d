#include "arguments.hpp"
#include "commands.hpp"
#include "editor/export_kinds.hpp"
#include "editor/ruleset_loading.hpp"
#include "formats/atomic_file.hpp"
#include "formats/json_export.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/tmx_export.hpp"
#include "validators/validator.hpp"

#include <filesystem>
#include <ostream>

namespace sandtable::cli {
namespace {

PrintExporter& printExporter() {
    static PrintExporter exporter;
    return exporter;
}

// Validates first, as designers expect: prints errors and warnings; returns whether the export may
// go on and whether it is forced past errors.
std::optional<bool> validateBeforeExport(const Scenario& s, const std::string& file, bool force,
                                         std::ostream& err, int& code) {
    if (s.info.ruleset.empty()) {
        return false;
    }
    const auto base = std::filesystem::path(file).parent_path();
    auto loaded = loadCheckedRuleset(s.info.ruleset, base.empty() ? std::filesystem::path(".") : base);
    if (!loaded) {
        err << loaded.error() << "\n";
        code = BadInput;
        return std::nullopt;
    }
    const Report report = Validator(s, loaded->resolved).report();
    for (const Violation& v : report.violations) {
        if (!v.excluded && v.severity != Severity::Info) {
            const bool located = !v.cells.empty() && s.map.grid.contains(v.cells.front());
            err << file << ": " << (located ? s.map.grid.label(v.cells.front()) + ": " : "")
                << enumName(v.severity) << " " << v.rule << ": " << v.message << "\n";
        }
    }
    if (report.errors() > 0 && !force) {
        err << "sandtable export: " << report.errors() << " errors under " << loaded->resolved.name
            << "; nothing was exported. Fix them, exclude them, or export anyway with --force\n";
        code = ScenarioHasProblems;
        return std::nullopt;
    }
    return report.errors() > 0;
}

} // namespace

void setPrintExporter(PrintExporter exporter) {
    printExporter() = std::move(exporter);
}

int exportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, {"--force"},
                {"--to", "-o", "--output", "--cell-size", "--paper", "--orientation", "--dpi", "--layers",
                 "--margin"});
    const auto output = a.value("-o") ? a.value("-o") : a.value("--output");
    if (!a.ok() || a.positionals().size() != 1 || !output) {
        err << "sandtable export: "
            << (!a.ok()   ? a.error()
                : !output ? std::string("-o OUT is required")
                          : std::string("expected one FILE"))
            << "; usage: sandtable export FILE --to KIND -o OUT [--force] (KIND: " << exportKindList()
            << ")\n";
        return BadInput;
    }
    // --to may be left out when the output's extension says it.
    const std::string extension = std::filesystem::path(*output).extension().string();
    const std::string to = a.value("--to").value_or(extension.size() > 1 ? extension.substr(1) : "");
    if (!exportKindNamed(to)) {
        err << "sandtable export: --to must be " << exportKindList() << ", not '" << to << "'\n";
        return BadInput;
    }
    const bool printing = to != "tmx" && to != "json";
    if (printing && !printExporter()) {
        err << "sandtable export: this build has no renderer (built without the editor), so it cannot print "
            << to << "\n";
        return BadInput;
    }
    const std::string& file = a.positionals()[0];
    auto scenario = readScenarioReporting(file, err);
    if (!scenario) {
        return BadInput;
    }
    int code = Success;
    const auto forced = validateBeforeExport(*scenario, file, a.has("--force"), err, code);
    if (!forced) {
        return code;
    }
    if (printing) {
        return printExporter()(
            *scenario,
            PrintRequest{to, *output, a.value("--cell-size").value_or(""), a.value("--paper").value_or(""),
                         a.value("--orientation").value_or(""), a.value("--dpi").value_or(""),
                         a.value("--layers").value_or(""), a.value("--margin").value_or(""), *forced},
            out, err);
    }
    auto written =
        to == "tmx" ? exportTmx(*scenario, *output, TmxExportOptions{*forced})
                    : writeFileAtomically(*output, exportJson(*scenario, *forced), AtomicWriteOptions{false});
    if (!written) {
        err << "sandtable export: " << written.error() << "\n";
        return BadInput;
    }
    out << "wrote " << *output << (*forced ? " (forced despite errors; recorded in the export)" : "") << "\n";
    return Success;
}

} // namespace sandtable::cli
