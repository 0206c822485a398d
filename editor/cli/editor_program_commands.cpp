// The commands that run in the program with everything (sandtable-editor; on Windows and in the
// tests the one program): they draw with Cairo and Pango, read terrain data through GDAL or read
// VASSAL modules. `sandtable` links sandtable_program.cpp instead and hands these to it.
#include "commands.hpp"
#include "exports/export_kinds.hpp"
#include "subcommand.hpp"

#include <array>
#include <ostream>

namespace sandtable::cli {
namespace {

int manPageCommand(Arguments& /*a*/, std::ostream& out, std::ostream& /*err*/) {
    out << manPage();
    return Success;
}

constexpr std::array commands{
    EditorProgramCommand{"export", exportCommand},
    EditorProgramCommand{"place", placeCommand},
    EditorProgramCommand{"import-elevation", importElevationCommand},
    EditorProgramCommand{"import-land-cover", importLandCoverCommand},
    EditorProgramCommand{"import", importCommand},
    EditorProgramCommand{"thumbnail", thumbnailCommand},
    EditorProgramCommand{"man-page", manPageCommand},
    EditorProgramCommand{"align-background", alignBackgroundCommand},
};

} // namespace

std::span<const EditorProgramCommand> editorProgramCommands() {
    return commands;
}

std::vector<std::pair<std::string, std::string>> helpPlaceholders() {
    std::string kinds, paperNames, layers, styles;
    for (const ExportKind& k : exportKinds()) {
        kinds += (kinds.empty() ? "" : "|") + std::string(k.kind);
    }
    for (const PaperSize& p : papers()) {
        paperNames += (paperNames.empty() ? "" : "|") + p.name;
    }
    for (const auto& [name, member] : renderLayers) {
        layers += (layers.empty() ? "" : ",") + std::string(name);
    }
    for (const auto& [name, value] : mapStyles) {
        styles += (styles.empty() ? "" : "|") + std::string(name);
    }
    styles += ",";
    for (const auto& [name, value] : inkStyles) {
        styles += (styles.back() == ',' ? "" : "|") + std::string(name);
    }
    return {{"{kinds}", kinds}, {"{papers}", paperNames}, {"{layers}", layers}, {"{styles}", styles}};
}

} // namespace sandtable::cli
