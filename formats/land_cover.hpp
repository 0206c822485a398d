#pragma once
// A first pass at the terrain from a land-cover raster: a classified raster (NLCD, ESA WorldCover,
// any raster GDAL reads whose pixels are class numbers) sampled over every cell of a map placed on
// the Earth, each class turned into a terrain type by a table the designer can copy and edit, each
// cell given the terrain that covers most of it. GDAL does the reading and the reprojection.
// docs/terrain-data.md.
#include "model/map.hpp"

#include <expected>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// One line of a land-cover table: a class of the raster and the terrain key it becomes, or
// nothing to leave such cells as they are painted.
struct LandCoverRule {
    long value = 0;
    std::optional<std::string> terrain;
    std::string description;
    int line = 0;
};

struct LandCoverTable {
    std::string source; // the file, or "built-in NAME"
    std::vector<LandCoverRule> rules;
    const LandCoverRule* find(long value) const;
};

// Lines "CLASS TERRAIN [description]" ("#" starts a comment, TERRAIN "-" leaves the cells as they
// are); errors say "SOURCE:LINE: what is wrong".
[[nodiscard]] std::expected<LandCoverTable, std::string> parseLandCoverTable(std::string_view text,
                                                                             const std::string& source);
// The names of the built-in tables ("nlcd", "worldcover").
std::vector<std::string> builtinLandCoverTables();
// A built-in table by its name, or a table file.
[[nodiscard]] std::expected<LandCoverTable, std::string> landCoverTable(const std::string& nameOrFile);

// A minimum share as designers write it, "50%" or "50" (percent, limits::landCoverSharePercent),
// as a fraction; nothing if it is not one.
std::optional<double> minimumShare(std::string_view text);

struct LandCoverOptions {
    // A cell takes a terrain only when that terrain's classes cover at least this share of it.
    double minimumShare = 0.5;
};

struct LandCoverImport {
    std::vector<TerrainIndex> terrain;         // every cell; those not decided keep their terrain
    std::vector<Offset> outside;               // cells the raster does not cover
    std::map<std::string, int> cellsByTerrain; // terrain key -> cells the table gives it
    int changed = 0;                           // cells whose terrain differs from the map's
    int mixed = 0;                             // no terrain covered the minimum share: left as painted
    int keptByTable = 0;                       // the table says "-" for what covers them
    int unlisted = 0;                          // classes not in the table cover most of them: left
    std::map<long, long> unlistedClasses;      // class -> pixels of it in the map's cells
};

// Samples `raster` over every cell of `map` (which must be placed: map.geo) and turns its classes
// into terrain by `table`. Every terrain key of the table must be one of the map's terrain types.
// Errors name the file (and the table's line) and what is wrong.
[[nodiscard]] std::expected<LandCoverImport, std::string>
importLandCover(const Map& map, const std::filesystem::path& raster, const LandCoverTable& table,
                const LandCoverOptions& options = {});

} // namespace sandtable
