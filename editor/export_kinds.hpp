#pragma once
// Every kind of export, once: its name on the command line (--to), its name in File > Export, its
// file extension, and the options it takes. The CLI and the export dialog both read this table.
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

struct ExportKind {
    std::string_view kind;      // --to
    std::string_view title;     // in the dialog
    std::string_view extension; // of the file written
    bool paper = false;         // paper, orientation, margin
    bool cellSize = false;      // printed size of a cell
    bool layers = false;        // which map layers
    bool dpi = false;           // pixels per inch
};

inline constexpr std::array<ExportKind, 8> exportKinds{{
    {"pdf", "Map at tabletop scale, tiled on pages (PDF)", "pdf", true, true, true, false},
    {"svg", "Map as one drawing (SVG)", "svg", false, true, true, false},
    {"png", "Map as one picture (PNG)", "png", false, true, true, true},
    {"tmx", "Tiled map (TMX)", "tmx", false, false, false, false},
    {"json", "JSON for other programs", "json", false, false, false, false},
    {"roster", "Roster sheets (PDF)", "pdf", true, false, false, false},
    {"counters", "Counter sheet (PDF)", "pdf", true, true, false, false},
    {"booklet", "Scenario booklet (PDF)", "pdf", true, false, false, false},
}};

inline std::optional<ExportKind> exportKindNamed(std::string_view kind) {
    for (const auto& k : exportKinds) {
        if (k.kind == kind) {
            return k;
        }
    }
    return std::nullopt;
}

// "pdf, svg, png, tmx, json, roster, counters or booklet"
inline std::string exportKindList() {
    std::string out;
    for (std::size_t i = 0; i < exportKinds.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == exportKinds.size() ? " or " : ", ") + std::string(exportKinds[i].kind);
    }
    return out;
}

} // namespace sandtable
