#include "arguments.hpp"
#include "commands.hpp"
#include "editor/ruleset_loading.hpp"
#include "exports/export_kinds.hpp"
#include "formats/file_system_calls.hpp"
#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"
#include "validators/play_setup.hpp"
#include "validators/validator.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <ostream>

namespace sandtable::cli {
namespace {

// A printed length option ("25mm", "1in") within its range into `into`; what is wrong otherwise.
std::optional<std::string> lengthOption(const Arguments& a, const std::string& name, limits::RealRange range,
                                        std::string_view said, double& into) {
    const auto given = a.value(name);
    if (!given) {
        return std::nullopt;
    }
    auto len = parseLength(*given);
    if (!len) {
        return name + " " + len.error();
    }
    if (!range.allows(*len)) {
        return name + " must be from " + std::string(said) + " (" + range.expected() + " points), not '" +
               *given + "'";
    }
    into = *len;
    return std::nullopt;
}

// --cell-size, --counter-size, --paper, --orientation, --dpi, --layers and --margin as PrintOptions,
// or what is wrong.
std::expected<PrintOptions, std::string> printOptionsFrom(const Arguments& a) {
    PrintOptions o;
    if (auto bad = lengthOption(a, "--margin", limits::printMarginPt, "0 to 2in", o.marginPt)) {
        return std::unexpected(*bad);
    }
    if (auto layers = a.value("--layers")) {
        auto parsed = parseLayers(*layers);
        if (!parsed) {
            return std::unexpected("--layers: " + parsed.error());
        }
        o.layers = *parsed;
    }
    if (auto style = a.value("--style")) {
        // The map's style and its ink, comma separated, in any order: "cells,grayscale".
        std::string_view rest = *style;
        while (true) {
            const std::string_view word = rest.substr(0, rest.find(','));
            const auto look =
                std::ranges::find(mapStyles, word, &std::pair<std::string_view, MapStyle>::first);
            if (look != mapStyles.end()) {
                o.layers.style = look->second;
            } else if (const auto ink = inkStyleNamed(word)) {
                o.ink = *ink;
            } else {
                std::string names;
                for (const auto& [name, value] : mapStyles) {
                    names += (names.empty() ? "" : ", ") + std::string(name);
                }
                for (const auto& [name, value] : inkStyles) {
                    names += ", " + std::string(name);
                }
                return std::unexpected("--style takes " + names +
                                       " (a style and an ink, comma separated), not '" + std::string(word) +
                                       "'");
            }
            if (word.size() == rest.size()) {
                break;
            }
            rest.remove_prefix(word.size() + 1);
        }
    }
    if (auto bad = lengthOption(a, "--cell-size", limits::printCellSizePt, "1mm to 10in", o.cellSizePt)) {
        return std::unexpected(*bad);
    }
    if (auto bad =
            lengthOption(a, "--counter-size", limits::counterSizePt, "0.4in to 2in", o.counterSizePt)) {
        return std::unexpected(*bad);
    }
    auto paper = paperByName(a.value("--paper").value_or("a4"));
    if (!paper) {
        return std::unexpected("--paper: " + paper.error());
    }
    o.paper = *paper;
    const std::string orientation = a.value("--orientation").value_or("");
    if (!orientation.empty() && orientation != "portrait" && orientation != "landscape") {
        return std::unexpected("--orientation must be portrait or landscape, not '" + orientation + "'");
    }
    o.landscape = orientation == "landscape";
    if (auto counter = a.value("--counter-size")) {
        auto len = parseLength(*counter);
        if (!len) {
            return std::unexpected("--counter-size " + len.error());
        }
        if (!limits::counterSizePt.allows(*len)) {
            return std::unexpected("--counter-size must be from 0.4in to 2in (" +
                                   limits::counterSizePt.expected() + " points), not '" + *counter + "'");
        }
        o.counterSizePt = *len;
    }
    if (auto dpi = a.value("--dpi")) {
        double v = 0;
        auto [end, ec] = std::from_chars(dpi->data(), dpi->data() + dpi->size(), v);
        if (ec != std::errc{} || end != dpi->data() + dpi->size() || !limits::printDpi.allows(v)) {
            return std::unexpected("--dpi must be " + limits::printDpi.expected() + ", not '" + *dpi + "'");
        }
        o.dpi = v;
    }
    return o;
}

// --cell-pixels, the VASSAL board's cell; 0 (the default) when not given.
std::expected<int, std::string> vassalCellPixelsFrom(const Arguments& a) {
    const auto pixels = a.value("--cell-pixels");
    if (!pixels) {
        return 0;
    }
    int v = 0;
    auto [end, ec] = std::from_chars(pixels->data(), pixels->data() + pixels->size(), v);
    if (ec != std::errc{} || end != pixels->data() + pixels->size() || !limits::vassalCellPixels.allows(v)) {
        return std::unexpected("--cell-pixels must be " + limits::vassalCellPixels.expected() + ", not '" +
                               *pixels + "'");
    }
    return v;
}

// Validates first, as designers expect: prints errors and warnings of the current scenario, or of
// every scenario for a kind that holds them all (each under its own ruleset); returns whether the
// export may go on and whether it is forced past errors.
// `play` is what the current scenario's ruleset needs in play (the play kit's).
std::optional<bool> validateBeforeExport(Scenario& s, const std::string& file, bool everyScenario, bool force,
                                         PlaySetup& play, std::ostream& err, int& code) {
    const std::size_t wasCurrent = s.current;
    const std::size_t count = everyScenario ? scenarioCount(s) : 1;
    int errors = 0;
    std::string rulesets;
    for (std::size_t i = 0; i < count; ++i) {
        if (everyScenario) {
            makeCurrent(s, i);
        }
        if (s.info.ruleset.empty()) {
            continue;
        }
        const std::string where = file + (scenarioCount(s) > 1 ? ": " + scenarioName(s, s.current) : "");
        const auto base = pathFromUtf8(file).parent_path();
        auto loaded = loadCheckedRuleset(s.info.ruleset, base.empty() ? std::filesystem::path(".") : base);
        if (!loaded) {
            err << (count > 1 ? where + ": " : "") << loaded.error() << "\n";
            code = BadInput;
            makeCurrent(s, wasCurrent);
            return std::nullopt;
        }
        if (s.current == wasCurrent) {
            play = playSetupOf(loaded->resolved);
        }
        const Report report = Validator(s, loaded->resolved).report();
        for (const Violation& v : report.violations) {
            if (!v.excluded && v.severity != Severity::Info) {
                const bool located = !v.cells.empty() && s.map.grid.contains(v.cells.front());
                err << where << ": " << (located ? s.map.grid.label(v.cells.front()) + ": " : "")
                    << enumName(v.severity) << " " << v.rule << ": " << v.message << "\n";
            }
        }
        errors += report.errors();
        if (rulesets.find(loaded->resolved.name) == std::string::npos) {
            rulesets += (rulesets.empty() ? "" : " and ") + loaded->resolved.name;
        }
    }
    makeCurrent(s, wasCurrent);
    const ExportClearance clearance = clearForExport(errors, force);
    if (!clearance.allowed) {
        err << "sandtable export: " << errors << " errors under " << rulesets
            << (count > 1 ? " in the scenarios the export holds" : "")
            << "; nothing was exported. Fix them, exclude them, or export anyway with --force\n";
        code = ScenarioHasProblems;
        return std::nullopt;
    }
    return clearance.forced;
}

} // namespace

int exportCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    const auto output = a.value("-o"); // required: the table says so
    // --to may be left out when the output's extension says it.
    const std::string extension = utf8(pathFromUtf8(*output).extension());
    std::string to = a.value("--to").value_or(extension.size() > 1 ? extension.substr(1) : "");
    if (!a.value("--to") && !exportKindNamed(to)) {
        // An extension no kind is named after (.vmod) still says the kind when only one writes it.
        std::vector<std::string_view> writers;
        for (const ExportKind& k : exportKinds()) {
            if (k.extension == to) {
                writers.push_back(k.kind);
            }
        }
        if (writers.size() == 1) {
            to = std::string(writers.front());
        }
    }
    const auto kind = exportKindNamed(to);
    if (!kind) {
        err << "sandtable export: --to must be " << exportKindList() << ", not '" << to << "'\n";
        return BadInput;
    }
    auto print = printOptionsFrom(a);
    const auto cellPixels = vassalCellPixelsFrom(a);
    if (!print || !cellPixels) {
        err << "sandtable export: " << (print ? cellPixels.error() : print.error()) << "\n";
        return BadInput;
    }
    ExportOptions options{.print = std::move(*print), .vassalCellPixels = *cellPixels};
    if (auto update = a.value("--update")) {
        if (kind->kind != "vassal") {
            err << "sandtable export: --update is for --to vassal (a module to update), not --to "
                << kind->kind << "\n";
            return BadInput;
        }
        options.vassalUpdate = pathFromUtf8(*update);
    }
    const std::string& file = a.positionals()[0];
    auto scenario = readScenarioReporting(file, err);
    if (!scenario || !chooseScenarioReporting(a, *scenario, file, err)) {
        return BadInput;
    }
    if (kind->everyScenario && a.value("--scenario")) {
        // A kind that holds every scenario holds the one chosen only.
        scenario->otherStarts.clear();
        scenario->current = 0;
    }
    int code = Success;
    const auto forced =
        validateBeforeExport(*scenario, file, kind->everyScenario, a.has("--force"), options.play, err, code);
    if (!forced) {
        return code;
    }
    options.forced = *forced;
    // A progress bar on the terminal, when there is one to see it.
    if (sys::isTerminal(stderr)) {
        options.print.progress = [&err](int done, int total) {
            const int width = 30, filled = total > 0 ? done * width / total : width;
            err << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
                << std::string(static_cast<std::size_t>(width - filled), ' ') << "] page " << done + 1
                << " of " << total << std::flush;
            if (done + 1 == total) {
                err << "\n";
            }
            return true;
        };
    }
    auto written = exportScenario(*kind, *scenario, pathFromUtf8(*output), options);
    if (!written) {
        err << "sandtable export: " << written.error() << "\n";
        return BadInput;
    }
    out << "wrote " << *output << (written->empty() ? "" : ": " + *written)
        << (*forced ? " (forced despite errors; recorded in the export)" : "") << "\n";
    return Success;
}

} // namespace sandtable::cli
