// sandtable import: a Tiled map or a VASSAL board made a battle, with a report of what became what.
#include "commands.hpp"
#include "editor/import_file.hpp"
#include "formats/json_writer.hpp"
#include "model/file_names.hpp"

#include <ostream>

namespace sandtable::cli {

int importCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    ImportRequest request;
    request.file = pathFromUtf8(a.positionals()[0]);
    if (auto table = a.value("--terrain-table")) {
        request.terrainTable = pathFromUtf8(*table);
    }
    request.board = a.value("--board").value_or("");
    request.tilesBackground = a.has("--tiles-background");
    const std::filesystem::path target = pathFromUtf8(*a.value("-o"));
    auto imported = importBattle(request, target);
    if (!imported) {
        err << "sandtable import: " << imported.error() << "\n";
        return BadInput;
    }
    if (auto written = writeImportedBattle(*imported, target); !written) {
        err << "sandtable import: " << written.error() << "\n";
        return BadInput;
    }
    const ImportReport& r = imported->report;
    if (a.has("--json")) {
        JsonWriter j;
        j.beginObject()
            .field("file", utf8(target))
            .field("source", r.source)
            .field("cells", static_cast<long long>(r.cells));
        j.key("cells_by_terrain").beginObject();
        for (const auto& [key, n] : r.cellsByTerrain) {
            j.field(key, static_cast<long long>(n));
        }
        j.endObject()
            .field("cells_unmapped", static_cast<long long>(r.cellsUnmapped))
            .key("unmapped_tiles")
            .beginArray();
        for (const UnconvertedTile& t : r.unmappedTiles) {
            j.beginObject()
                .field("tile", t.tile)
                .field("cells", static_cast<long long>(t.cells))
                .key("first_cells")
                .beginArray();
            for (Offset c : t.firstCells) {
                j.beginObject().field("col", c.col).field("row", c.row).endObject();
            }
            j.endArray().endObject();
        }
        j.endArray()
            .field("cells_with_elevation", static_cast<long long>(r.cellsWithElevation))
            .field("paths", r.paths)
            .field("hexsides", r.hexsides)
            .field("features", r.features);
        j.key("pieces_by_side").beginObject();
        for (const auto& [side, n] : r.piecesBySide) {
            j.field(side, n);
        }
        j.endObject().field("reinforcements", r.reinforcements).field("scenarios", r.scenarios);
        j.key("files").beginArray();
        for (const ImportedFile& f : imported->files) {
            j.value(f.name);
        }
        j.endArray().key("notes").beginArray();
        for (const std::string& n : r.notes) {
            j.value(n);
        }
        out << j.endArray().endObject().str();
        return Success;
    }
    out << "wrote " << utf8(target);
    for (const ImportedFile& f : imported->files) {
        out << " and " << f.name;
    }
    out << "\n";
    for (const std::string& line : r.lines()) {
        out << line << "\n";
    }
    return Success;
}

} // namespace sandtable::cli
