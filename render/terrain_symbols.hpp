#pragma once
// Terrain symbols drawn over a cell's colour, so woods, orchards, towns and marsh read on the map
// without the legend, as on a printed wargame map. The shapes are in cell units: they scale with
// the zoom on screen and with the cell size on paper. The map and the PDF legend draw them here.
#include "model/layout.hpp"
#include "model/terrain.hpp"

#include <optional>
#include <span>

typedef struct _cairo cairo_t;

namespace sandtable {

// Where one cell's symbol goes: its centre, a number that varies the pattern from cell to cell
// (stable for the cell), and the direction of a road through it (buildings line up along it).
struct SymbolSite {
    Point centre;
    unsigned variant = 0;
    std::optional<double> roadAngle; // radians
};

// A cell's variant: neighbouring cells differ, the same cell is always drawn alike.
unsigned symbolVariant(Offset cell);

// What a site's drawing of `symbol` depends on besides its centre, as a number: two sites with the
// same number draw the same picture about their centres (render/raster_stamps draws it once).
// Nothing when the drawing depends on more than a few patterns (a town along a road, rocks).
std::optional<unsigned> symbolPattern(TerrainSymbol symbol, const SymbolSite& site);

// Draws `symbol` on every site, for cells `cellSize` across: one path and one fill or stroke per
// pass for all of them, whatever their number. Crowns and boulders are outlined when `outlined`
// (small cells on screen leave the outlines out: they cost a stroke and cannot be seen).
void drawTerrainSymbols(cairo_t* cr, TerrainSymbol symbol, std::span<const SymbolSite> sites, double cellSize,
                        bool outlined = true);

// How the natural style scatters a symbol's crowns over the ground that shows it (woods as masses
// of crowns, orchards in rows), in cells: a lattice `spacing` apart, each crown moved up to
// `jitter` of the spacing and kept with odds `kept` (open woods have clearings), `radius` across.
struct CrownScatter {
    double spacing = 0.2, jitter = 0, kept = 1, radius = 0.05;
};
// Nothing for a symbol that has no crowns (the natural style draws it cell by cell).
std::optional<CrownScatter> crownScatter(TerrainSymbol symbol);

// Whether any of `types` is drawn with `symbol` (a map's woods, orchards or towns to lay out).
bool anyDrawnAs(std::span<const TerrainType> types, TerrainSymbol symbol);
// Whether the terrain type at index `terrain` of `types` is drawn as `symbol`.
bool drawnAs(std::span<const TerrainType> types, int terrain, TerrainSymbol symbol);

// A town's building seen from above: its middle, its length (along its street) and depth, and
// its turn (radians, the street's direction).
struct Building {
    Point centre;
    double length = 0, depth = 0, angle = 0;
};
// Buildings in the colour of the cells' town symbol (the one place it is set).
void drawBuildings(cairo_t* cr, std::span<const Building> buildings);

// Crowns of `symbol` (trees, dense trees, orchard) at `centres`, in the colours its cells' symbol
// has, each a little larger or smaller than the scatter's radius by a hash of where it stands.
void drawCrowns(cairo_t* cr, TerrainSymbol symbol, std::span<const Point> centres, double cellSize,
                bool outlined = true);

} // namespace sandtable
