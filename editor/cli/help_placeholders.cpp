// The help texts' placeholders of the programs that draw (sandtable-draw and sandtable-editor): the
// export kinds, papers, layers and styles, each from its one table.
#include "exports/export_kinds.hpp"
#include "subcommand.hpp"

namespace sandtable::cli {

std::vector<std::pair<std::string, std::string>> drawingHelpPlaceholders() {
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
