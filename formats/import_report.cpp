#include "formats/import_report.hpp"

#include "model/limits.hpp"

namespace sandtable {
namespace {

std::string count(long n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

} // namespace

std::string importedName(std::string_view text, std::size_t maxBytes) {
    std::string out(text);
    for (char& c : out) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            c = ' ';
        }
    }
    while (auto bad = limits::firstInvalidTextByte(out)) {
        out[*bad] = '?';
    }
    if (out.size() > maxBytes) {
        std::size_t cut = maxBytes;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) {
            --cut; // not inside a character of several bytes
        }
        out.resize(cut);
    }
    return out;
}

std::vector<std::string> ImportReport::lines() const {
    std::vector<std::string> out;
    out.push_back(source);
    if (cells > 0 && cellsByTerrain.empty() && cellsUnmapped == 0) {
        out.push_back(count(cells, "cell", "cells") + " of open ground, to paint over the board's picture");
    } else if (cells > 0) {
        long mapped = 0;
        for (const auto& [key, n] : cellsByTerrain) {
            mapped += n;
        }
        out.push_back(count(cells, "cell", "cells") + ": " + std::to_string(mapped) + " given terrain, " +
                      std::to_string(cellsUnmapped) + " not (left open ground)");
        for (const auto& [key, n] : cellsByTerrain) {
            out.push_back("  " + key + ": " + count(n, "cell", "cells"));
        }
    }
    constexpr std::size_t shownTiles = 12;
    for (std::size_t k = 0; k < unmappedTiles.size() && k < shownTiles; ++k) {
        const UnconvertedTile& t = unmappedTiles[k];
        std::string line =
            "  tile " + t.tile + " has no terrain: " + count(t.cells, "cell", "cells") + ", from";
        for (std::size_t i = 0; i < t.firstCells.size(); ++i) {
            line += (i > 0 ? ", " : " ") + std::to_string(t.firstCells[i].col) + "," +
                    std::to_string(t.firstCells[i].row);
        }
        out.push_back(line + " (column,row from 0; map it with --terrain-table)");
    }
    if (unmappedTiles.size() > shownTiles) {
        long rest = 0;
        for (std::size_t k = shownTiles; k < unmappedTiles.size(); ++k) {
            rest += unmappedTiles[k].cells;
        }
        out.push_back(
            "  and " +
            count(static_cast<long>(unmappedTiles.size() - shownTiles), "other tile", "other tiles") +
            " without terrain on " + count(rest, "cell", "cells"));
    }
    if (cellsWithElevation > 0) {
        out.push_back(count(cellsWithElevation, "cell", "cells") + " given an elevation");
    }
    if (paths + hexsides + features > 0) {
        out.push_back(count(paths, "road or railroad", "roads and railroads") + ", " +
                      count(hexsides, "cell side", "cell sides") +
                      " with rivers, streams, walls or fences, " +
                      count(features, "map feature", "map features"));
    }
    if (!piecesBySide.empty()) {
        std::string line = "pieces:";
        for (const auto& [side, n] : piecesBySide) {
            line += " " + side + " " + std::to_string(n) + ";";
        }
        line.pop_back();
        out.push_back(line);
    }
    if (reinforcements > 0) {
        out.push_back(count(reinforcements, "reinforcement", "reinforcements"));
    }
    if (scenarios > 1) {
        out.push_back(std::to_string(scenarios) + " scenarios");
    }
    for (const std::string& n : notes) {
        out.push_back("note: " + n);
    }
    return out;
}

} // namespace sandtable
