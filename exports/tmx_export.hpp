#pragma once
// Export to Tiled's TMX, the map format game engines import (Godot, Unity, Phaser, libGDX...):
// a hexagonal (or orthogonal) map with a generated tileset, terrain and elevation tile layers,
// hexsides, roads and railroads as polylines, pieces and map features as point objects, and the
// scenario as map properties. Documented in docs/export.md.
#include "model/scenario.hpp"

#include <expected>
#include <filesystem>
#include <string>

namespace sandtable {

struct TmxGeometry {
    bool hexagonal = true;
    bool staggerX = true; // flat-top hexes: columns staggered
    bool staggerEven = false;
    int tileWidth = 64, tileHeight = 56, sideLength = 32;

    static TmxGeometry of(const Grid& grid);
    // Tiled's own formulas (its hexagonal renderer): where a cell's centre lies, in pixels.
    double centreX(Offset c) const;
    double centreY(Offset c) const;
    int mapWidth(const Grid& grid) const;
    int mapHeight(const Grid& grid) const;
};

struct TmxExportOptions {
    bool forced = false; // exported despite validation errors: recorded as a map property
};

// Writes OUT.tmx with OUT-terrain.png, OUT-terrain.tsx and OUT-elevation.png beside it. Each file is
// written atomically; on error nothing is left half-written.
[[nodiscard]] std::expected<void, std::string> exportTmx(const Scenario& s, const std::filesystem::path& out,
                                                         const TmxExportOptions& options = {});

} // namespace sandtable
