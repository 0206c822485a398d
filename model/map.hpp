#pragma once
// Map is the battlefield: the grid, its scale, the terrain and elevation of every cell, the
// features of cell sides (rivers, walls), paths from cell to cell (roads, railroads), point features
// (towns, landings, objectives) and an optional scanned map to trace over.
#include "affine_fit.hpp"
#include "grid.hpp"
#include "ids.hpp"
#include "layout.hpp"
#include "map_scale.hpp"
#include "side.hpp"
#include "terrain.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable {

// Features of a cell side; a side can hold several (a wall along a stream).
enum class SideFeature : std::uint8_t { River = 1, Stream = 2, Wall = 4, Fence = 8 };
enum class Crossing : std::uint8_t { None, Ford, Bridge };

template <> struct EnumNames<SideFeature> {
    static constexpr std::array<NameOf<SideFeature>, 4> names{{{SideFeature::River, "river"},
                                                               {SideFeature::Stream, "stream"},
                                                               {SideFeature::Wall, "wall"},
                                                               {SideFeature::Fence, "fence"}}};
};
template <> struct EnumNames<Crossing> {
    static constexpr std::array<NameOf<Crossing>, 3> names{
        {{Crossing::None, "none"}, {Crossing::Ford, "ford"}, {Crossing::Bridge, "bridge"}}};
};

struct Hexside {
    std::uint8_t features = 0; // SideFeature bits
    Crossing crossing = Crossing::None;

    bool has(SideFeature f) const { return (features & static_cast<std::uint8_t>(f)) != 0; }
    void set(SideFeature f, bool on) {
        const auto bit = static_cast<std::uint8_t>(f);
        features = static_cast<std::uint8_t>(on ? (features | bit) : (features & ~bit));
    }
    bool empty() const { return features == 0 && crossing == Crossing::None; }
    auto operator<=>(const Hexside&) const = default;
};

enum class PathKind : std::uint8_t { Road, Pike, Railroad };
template <> struct EnumNames<PathKind> {
    static constexpr std::array<NameOf<PathKind>, 3> names{
        {{PathKind::Road, "road"}, {PathKind::Pike, "pike"}, {PathKind::Railroad, "railroad"}}};
};

// A road, pike or railroad: a chain of adjacent cells, entered once however long it is.
struct Path {
    PathKind kind = PathKind::Road;
    std::string name;
    std::vector<Offset> cells;
    auto operator<=>(const Path&) const = default;
};

enum class FeatureKind : std::uint8_t { Town, Label, Landing, Objective, EntryPoint };
template <> struct EnumNames<FeatureKind> {
    static constexpr std::array<NameOf<FeatureKind>, 5> names{{{FeatureKind::Town, "town"},
                                                               {FeatureKind::Label, "label"},
                                                               {FeatureKind::Landing, "landing"},
                                                               {FeatureKind::Objective, "objective"},
                                                               {FeatureKind::EntryPoint, "entry"}}};
};

// A named point: town, map label, landing on a navigable river, objective or entry point.
struct Feature {
    FeatureKind kind = FeatureKind::Town;
    Offset cell;
    std::string name;
    std::optional<Side> side; // whose objective or entry point
    int value = 0;            // victory points of an objective
    auto operator<=>(const Feature&) const = default;
};

// A scanned historical map under the grid: its top-left corner and scale in map units (one unit
// is one cell across), so it stays aligned when the view zooms.
struct BackgroundImage {
    std::string file; // relative to the scenario file
    double originX = 0, originY = 0;
    double unitsPerPixel = 0.01;
    double rotationDegrees = 0;
    double opacity = 0.5;
    // Aligned by three or more points: the fitted transformation from pixels to cells, which
    // replaces origin, scale and rotation (a scan may be stretched or skewed).
    std::optional<Affine> affine{};
    // The pairs it was aligned by (a pixel of the scan and where it belongs, in cells), kept so
    // that one can be added or taken back later; none when placed by hand or by a georeference.
    std::vector<ControlPoint> controlPoints{};
    auto operator<=>(const BackgroundImage&) const = default;

    // Where a pixel of the image lies on the map, in cells (one unit is one cell across), and back.
    std::pair<double, double> toMap(double px, double py) const;
    std::pair<double, double> toPixel(double mx, double my) const;
    // Aligns the image by two points: pixel (px1, py1) goes to map point (mx1, my1) and pixel
    // (px2, py2) to (mx2, my2); scale, rotation and origin follow (an earlier fit's affine goes).
    // Keeps file and opacity; the two points are kept as its control points.
    BackgroundImage alignedBy(double px1, double py1, double mx1, double my1, double px2, double py2,
                              double mx2, double my2) const;
    // Aligns the image by three or more points fitted by least squares (fitAffine), the points
    // kept as its control points; the fit, with each point's residual, or nothing when the points
    // cannot fix a transformation.
    std::optional<std::pair<BackgroundImage, AffineFit>>
    alignedByPoints(const std::vector<ControlPoint>& points) const;
};

// Where the map lies on the Earth: one of its points (the top-left corner of its picture or its
// centre) at a coordinate of a coordinate system named as GDAL and PROJ know them ("EPSG:4326" for
// latitude and longitude, "EPSG:32618" for UTM zone 18N, a state plane...), the map turned
// `rotationDegrees` clockwise from north-up. The ground's scale is the map's own (yardsPerCell).
// x is the easting (or longitude), y the northing (or latitude).
enum class GeoAnchor : std::uint8_t { TopLeft, Centre };
template <> struct EnumNames<GeoAnchor> {
    static constexpr std::array<NameOf<GeoAnchor>, 2> names{
        {{GeoAnchor::TopLeft, "top-left"}, {GeoAnchor::Centre, "centre"}}};
};
// A cell whose centre's coordinate is known (read off a survey or a modern map), in the
// placement's coordinate system: what a placement is fitted to.
struct GeoControlPoint {
    Offset cell;
    double x = 0, y = 0; // easting and northing (or longitude and latitude)
    auto operator<=>(const GeoControlPoint&) const = default;
};
struct GeoPlacement {
    std::string crs;
    GeoAnchor anchor = GeoAnchor::Centre;
    double x = 0, y = 0;
    double rotationDegrees = 0;
    // When the placement was fitted to control points: the points, kept with it.
    std::vector<GeoControlPoint> controlPoints{};
    auto operator<=>(const GeoPlacement&) const = default;
};

// The ground's own heights, kept with a map whose elevation came from a terrain model (a DEM),
// so its contours follow the ground and not only its cells' levels: in levels (fractions of a
// contour interval above level 0), on a lattice `samplesPerCell` points a cell's size across from
// the map's top-left corner, as far as the map reaches. What the natural style draws its contours,
// tints and shading from (render/natural_ground); the cells' levels stay what the rules read.
struct HeightSurface {
    int samplesPerCell = 4;
    int cols = 0, rows = 0;
    std::vector<float> levels; // row-major, cols x rows

    // The lattice a surface of `samplesPerCell` has over `grid`'s map: its points across and down.
    static std::pair<int, int> shapeFor(const Grid& grid, int samplesPerCell);
    // The most points a cell, up to `most`, whose lattice over `grid`'s map stays within
    // limits::surfacePoints; 0 when even one a cell would not.
    static int densestFor(const Grid& grid, int most);
    // This surface's heights over `grid`'s map (of the same samples a cell, or fewer where the
    // limit needs it), the ground at (u, v) here found at (u + shift.x, v + shift.y) there, in
    // cells' sizes: what a resize keeps. Where the new map reaches past this surface's, a point
    // takes the level of the cell nearest it in `cellLevels` (the new map's cells), as an import
    // does off its raster. Nothing when even one point a cell would pass the limit.
    std::optional<HeightSurface> moved(const Grid& grid, const std::vector<std::int16_t>& cellLevels,
                                       Point shift) const;
    // How far (in levels) each point of this surface over `grid`'s map moves when cells' levels
    // change by `changes` (a cell and how many levels it rises, or falls when negative): by the
    // changes of the cells around the point, each weighted by a smooth kernel that is nothing at a
    // neighbour's middle, as a share of every cell reaching the point. A cell raised alone becomes a
    // rounded rise over it; cells raised together rise evenly, sloping down to the middles of the
    // cells around them. Each point moved once, in the lattice's order.
    struct PointMove {
        std::size_t point;
        float by;
    };
    std::vector<PointMove> movesFor(const Grid& grid,
                                    const std::vector<std::pair<Offset, int>>& changes) const;
    // The height at (u, v), in cells' sizes from the map's top-left corner: bilinear between the
    // lattice's points, and the nearest edge's beyond it.
    double at(double u, double v) const;
    bool operator==(const HeightSurface&) const = default;
};

struct Map {
    Grid grid;
    double yardsPerCell = 400;
    // The scale as a designer of rules measured in inches gives it: a cell's size on the table and
    // the rules' inches-to-yards. yardsPerCell follows from it (map_scale's yardsPerCell); kept so
    // that distances in inches convert exactly and the file says what the designer wrote.
    std::optional<TabletopCell> tabletop;
    int feetPerContour = 20;
    // The height of level 0 above sea level, in feet, where it is known (an elevation import from a
    // terrain model sets it): index contours' heights are written as heights above the sea then,
    // as a survey gives them, and above level 0 without it.
    std::optional<int> baseFeet;
    std::vector<TerrainType> terrainTypes;
    std::vector<TerrainIndex> terrain;    // one per cell, row-major
    std::vector<std::int16_t> elevation;  // contour level per cell, row-major
    std::optional<HeightSurface> surface; // from a terrain model, when the elevation came from one
    std::map<EdgeId, Hexside> hexsides;   // canonical edges only, never empty values
    std::map<PathId, Path> paths;
    std::map<FeatureId, Feature> features;
    std::optional<BackgroundImage> background;
    std::optional<GeoPlacement> geo;

    // A blank map of the grid's size, every cell the first terrain type at level 0.
    static Map blank(const Grid& grid, std::vector<TerrainType> types);

    const TerrainType& terrainAt(Offset c) const { return terrainTypes[terrain[grid.index(c)]]; }
    std::int16_t elevationAt(Offset c) const { return elevation[grid.index(c)]; }
    Hexside hexsideAt(EdgeId e) const {
        auto it = hexsides.find(e);
        return it == hexsides.end() ? Hexside{} : it->second;
    }
    std::optional<std::size_t> terrainIndexOf(std::string_view key) const;

    bool operator==(const Map&) const = default;
};

// The terrain a new map starts with; designers rename, recolour and add to it.
std::vector<TerrainType> defaultTerrainTypes();

} // namespace sandtable
