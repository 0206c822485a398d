#include "exports/export_kinds.hpp"

#include "exports/counter_sheets.hpp"
#include "exports/json_export.hpp"
#include "exports/sheets.hpp"
#include "exports/tmx_export.hpp"
#include "exports/vassal_module.hpp"
#include "formats/atomic_file.hpp"

#include <type_traits>

namespace sandtable {
namespace {

std::string pages(int n) {
    return std::to_string(n) + (n == 1 ? " page" : " pages");
}

// What a print says it wrote: the map's pages, a sheet's page count, nothing more for a picture.
std::string summaryOf(const PrintResult& r) {
    std::string out = pages(r.pages) + " (an overview and " + std::to_string(r.columns) + " x " +
                      std::to_string(r.rows) + " map pages)";
    // A name that found no free place is said, never dropped silently.
    for (const std::string& u : r.unplacedLabels) {
        out += "\nlabel not placed: " + u;
    }
    return out;
}
std::string summaryOf(int pageCount) {
    return pages(pageCount);
}

// A print written through a temporary file by `print(file, options)`, with the summary of what it
// drew; a forced export says so on its pages.
template <typename Print>
std::expected<std::string, std::string> throughPrint(const std::filesystem::path& out, const ExportOptions& o,
                                                     Print print) {
    PrintOptions options = o.print;
    if (o.forced) {
        options.remark = "exported despite validation errors";
    }
    return throughTemporaryFile(
        out, [&](const std::filesystem::path& file) -> std::expected<std::string, std::string> {
            auto printed = print(file, options);
            if (!printed) {
                return std::unexpected(printed.error());
            }
            if constexpr (std::is_void_v<typename decltype(printed)::value_type>) {
                return std::string();
            } else {
                return summaryOf(*printed);
            }
        });
}

// A render/ print of the scenario.
template <auto Print>
std::expected<std::string, std::string> writePrint(const Scenario& s, const std::filesystem::path& out,
                                                   const ExportOptions& o) {
    return throughPrint(out, o, [&](const std::filesystem::path& file, const PrintOptions& print) {
        return Print(s, file, print);
    });
}

// TMX (with its tileset beside it) and JSON are written atomically by formats/ itself.

std::expected<std::string, std::string> writeTmx(const Scenario& s, const std::filesystem::path& file,
                                                 const ExportOptions& o) {
    if (auto done = exportTmx(s, file, TmxExportOptions{o.forced}); !done) {
        return std::unexpected(done.error());
    }
    return std::string();
}

std::expected<std::string, std::string> writeVassal(const Scenario& s, const std::filesystem::path& file,
                                                    const ExportOptions& o) {
    return exportVassal(s, file, VassalExportOptions{o.vassalCellPixels, o.forced, o.play, o.vassalUpdate});
}

// Counter sheets read the ruleset's play (values, backs, markers) as well as the print options.
std::expected<std::string, std::string> writeCounters(const Scenario& s, const std::filesystem::path& out,
                                                      const ExportOptions& o) {
    return throughPrint(out, o, [&](const std::filesystem::path& file, const PrintOptions& print) {
        return printCounterSheets(s, file, print, o.play);
    });
}

std::expected<std::string, std::string> writeJson(const Scenario& s, const std::filesystem::path& file,
                                                  const ExportOptions& o) {
    if (auto done = writeFileAtomically(file, exportJson(s, o.forced), AtomicWriteOptions{false}); !done) {
        return std::unexpected(done.error());
    }
    return std::string();
}

const std::array<ExportKind, 9> kinds{{
    {.kind = "pdf",
     .title = "Map at tabletop scale, tiled on pages (PDF)",
     .extension = "pdf",
     .filter = "PDF (*.pdf)|*.pdf",
     .paper = true,
     .cellSize = true,
     .layers = true,
     .tiledPages = true,
     .write = writePrint<printMapPdf>},
    {.kind = "svg",
     .title = "Map as one drawing (SVG)",
     .extension = "svg",
     .filter = "SVG (*.svg)|*.svg",
     .cellSize = true,
     .layers = true,
     .write = writePrint<printMapSvg>},
    {.kind = "png",
     .title = "Map as one picture (PNG)",
     .extension = "png",
     .filter = "PNG (*.png)|*.png",
     .cellSize = true,
     .layers = true,
     .dpi = true,
     .write = writePrint<printMapPng>},
    {.kind = "tmx",
     .title = "Tiled map (TMX)",
     .extension = "tmx",
     .filter = "Tiled map (*.tmx)|*.tmx",
     .write = writeTmx},
    {.kind = "vassal",
     .title = "VASSAL module, ready to play (VMOD)",
     .extension = "vmod",
     .filter = "VASSAL module (*.vmod)|*.vmod",
     .cellPixels = true,
     .everyScenario = true,
     .updates = true,
     .write = writeVassal},
    {.kind = "json",
     .title = "JSON for other programs",
     .extension = "json",
     .filter = "JSON (*.json)|*.json",
     .everyScenario = true,
     .write = writeJson},
    {.kind = "roster",
     .title = "Roster sheets (PDF)",
     .extension = "pdf",
     .filter = "PDF (*.pdf)|*.pdf",
     .paper = true,
     .write = writePrint<printRosters>},
    {.kind = "counters",
     .title = "Counter sheet (PDF)",
     .extension = "pdf",
     .filter = "PDF (*.pdf)|*.pdf",
     .paper = true,
     .cellSize = true,
     .counterSize = true,
     .write = writeCounters},
    {.kind = "booklet",
     .title = "Scenario booklet (PDF)",
     .extension = "pdf",
     .filter = "PDF (*.pdf)|*.pdf",
     .paper = true,
     .everyScenario = true,
     .write = writePrint<printBooklet>},
}};

} // namespace

std::expected<std::string, std::string> throughTemporaryFile(const std::filesystem::path& out,
                                                             const TemporaryFileWriter& draw) {
    auto file = AtomicFile::create(out, AtomicWriteOptions{false});
    if (!file) {
        return std::unexpected(file.error());
    }
    std::expected<std::string, std::string> written = draw(file->temporaryPath());
    if (!written) {
        // The message names the file asked for, not the temporary one (which goes with `file`).
        std::string message = written.error();
        const std::string tmp = file->temporaryPath().string();
        for (auto at = message.find(tmp); at != std::string::npos; at = message.find(tmp, at)) {
            message.replace(at, tmp.size(), out.string());
            at += out.string().size();
        }
        return std::unexpected(message);
    }
    if (auto committed = file->commit(); !committed) {
        return std::unexpected(committed.error());
    }
    return written;
}

const std::array<ExportKind, 9>& exportKinds() {
    return kinds;
}

std::optional<ExportKind> exportKindNamed(std::string_view kind) {
    for (const auto& k : kinds) {
        if (k.kind == kind) {
            return k;
        }
    }
    return std::nullopt;
}

std::string exportKindList() {
    std::string out;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == kinds.size() ? " or " : ", ") + std::string(kinds[i].kind);
    }
    return out;
}

ExportClearance clearForExport(int errors, bool force) {
    return {errors == 0 || force, errors > 0 && force};
}

std::expected<std::string, std::string> exportScenario(const ExportKind& kind, const Scenario& s,
                                                       const std::filesystem::path& out,
                                                       const ExportOptions& o) {
    return kind.write(s, out, o);
}

} // namespace sandtable
