#pragma once
// A Tiled map made a Sandtable battle: orthogonal maps become square grids and hexagonal maps hex
// grids of the same orientation, stagger and index; tiles become terrain through a table the
// designer writes or what the tiles say of themselves (a terrain key as their class, or a
// "terrain" or "key" property, as Sandtable's own TMX export writes); a "level" or "elevation"
// property gives the cells' elevation; objects become roads, cell-side features and map features
// where their class says which. Everything not converted is in the report. docs/import.md.
#include "formats/import_report.hpp"
#include "formats/tiled/tiled_map.hpp"

#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// A line of a tile table: which tiles (a global id "7", a tileset's tile "hex mini:3", or a tile's
// class or "terrain" property "forest") and the terrain key they become, or nothing ("-") to leave
// such cells unmapped without a word in the report.
struct TileTerrainRule {
    std::string tile;
    std::optional<std::string> terrain;
    int line = 0;
};

struct TileTerrainTable {
    std::string source;
    std::vector<TileTerrainRule> rules;
    const TileTerrainRule* find(std::string_view tile) const;
};

// Lines "TILE = TERRAIN" ("#" starts a comment); errors say "SOURCE:LINE: what is wrong".
[[nodiscard]] std::expected<TileTerrainTable, std::string> parseTileTerrainTable(std::string_view text,
                                                                                 const std::string& source);
[[nodiscard]] std::expected<TileTerrainTable, std::string>
readTileTerrainTable(const std::filesystem::path& file);

// Converts a map read by readTiledMap. Refuses, naming the setting, what Sandtable's grids cannot
// represent (isometric maps, hexagons whose stagger axis is unknown).
[[nodiscard]] std::expected<ImportResult, std::string>
importTiledMap(const TiledMap& map, const TileTerrainTable* table = nullptr);

// The centre of the new map's cell where Tiled draws it, in Tiled's pixels (an infinite map's cells
// counted from its origin cell, as the import numbers them): where a picture of the tiles puts it.
std::pair<double, double> tiledCellCentre(const TiledMap& map, Offset cell);

} // namespace sandtable
