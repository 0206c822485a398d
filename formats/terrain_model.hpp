#pragma once
// Elevation from real terrain data: a digital elevation model (any raster GDAL reads: GeoTIFF,
// USGS formats, SRTM .hgt, ASCII grids...) sampled over each cell of a map placed on the Earth
// (Map::geo) and quantised into contour levels. GDAL and PROJ do the reading and the coordinate
// transformations; nothing here is hand-written raster or projection code. docs/terrain-data.md.
#include "model/affine_fit.hpp"
#include "model/commands/command.hpp"
#include "model/commands/resize_map.hpp"
#include "model/map.hpp"

#include <expected>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

enum class ElevationSampling : std::uint8_t { Mean, Max, Centre };
template <> struct EnumNames<ElevationSampling> {
    static constexpr std::array<NameOf<ElevationSampling>, 3> names{{{ElevationSampling::Mean, "mean"},
                                                                     {ElevationSampling::Max, "max"},
                                                                     {ElevationSampling::Centre, "centre"}}};
};

enum class HeightUnit : std::uint8_t { Metre, Foot };

struct ElevationImportOptions {
    double intervalFeet = 20;
    std::optional<double> baseFeet; // level 0; default: the lowest height found, to the interval
    ElevationSampling sampling = ElevationSampling::Mean;
    std::optional<HeightUnit> demUnit; // when the DEM does not say (or says wrongly)
};

struct ElevationImport {
    std::vector<std::int16_t> levels; // every cell; cells outside the DEM keep their level
    int feetPerContour = 20;
    double baseFeet = 0;
    double lowestFeet = 0, highestFeet = 0;
    std::vector<Offset> outside;  // cells the DEM does not cover (left as they were)
    std::map<int, int> histogram; // level -> cells given it
    // The model's heights in levels over the whole map (Map::surface), for contours that follow
    // the ground; none when they could not be placed.
    std::optional<HeightSurface> surface;
};

// Level 0's height as the map keeps it (Map::baseFeet): the import's base, to the foot, within the
// limits (nothing past them).
std::optional<int> baseFeetOf(const ElevationImport& imported);

// A height as designers write it, "20ft", "6m" or "20" (feet), in feet; nothing if it is not one.
std::optional<double> heightInFeet(const std::string& text);

struct PlacementFit {
    GeoPlacement placement;        // the map's centre and rotation that fit best, at the map's scale
    std::vector<double> residuals; // per point, in yards on the ground
    double rms = 0;
};
// The placement (in `crs`) that puts the cells' centres nearest their coordinates, by least squares
// over position and rotation (the scale is the map's own); two points or more. The placement keeps
// the points, so that one can be added and the fit done again.
[[nodiscard]] std::expected<PlacementFit, std::string>
fitPlacement(const Map& map, const std::string& crs, const std::vector<GeoControlPoint>& points);

// Checks that a coordinate system name is one GDAL and PROJ know; the error says what is wrong.
[[nodiscard]] std::expected<void, std::string> checkCoordinateSystem(const std::string& crs);

// Where a georeferenced image (a GeoTIFF, or any image with a world file or a GDAL .aux.xml) lies
// on the placed map: the affine transformation from its pixels to cells, fitted through GDAL at a
// grid of points over it (so a reprojection is followed closely), with the fit's residuals. An image
// that does not say its coordinate system is taken to be in the map's placement's. Nothing (with
// the reason) when the map is not placed or the image carries no georeference.
[[nodiscard]] std::expected<AffineFit, std::string>
georeferencedPlacement(const Map& map, const std::filesystem::path& image);

// The map placed on the Earth (or taken off it, `placement` none) as one edit, for File > Place on the
// Earth and `sandtable place` alike: a background scan that carries a georeference moves with the map
// (placed by its georeference, its alignment points dropped). A relative scan path is taken from
// `scenarioFile`'s folder, as the editor takes it.
struct EarthPlacementEdit {
    CommandPtr edit;
    bool backgroundMoved = false;
};
EarthPlacementEdit placeOnTheEarth(const Scenario& s, const std::optional<GeoPlacement>& placement,
                                   const std::filesystem::path& scenarioFile);

// Where a map placed on the Earth must be placed once resized by `plan` so that every cell it keeps
// stays on the same ground (its anchor point moves with the resize); the control points move with
// their cells, and those that fall off are dropped.
[[nodiscard]] std::expected<GeoPlacement, std::string> placementAfterResize(const Map& before,
                                                                            const ResizePlan& plan);

// The resize as one undo step: the map's cells, and on a map placed on the Earth its placement
// (placementAfterResize). An error when the placement cannot follow; nothing is changed then.
[[nodiscard]] std::expected<CommandPtr, std::string> resizeOnTheEarth(const Scenario& s,
                                                                      const ResizePlan& plan);

// Whether an image carries a georeference (GeoTIFF tags, a world file or a GDAL .aux.xml), so that
// placing the map on the Earth will put it in place.
bool hasGeoreference(const std::filesystem::path& image);

// Samples `dem` over every cell of `map` (which must be placed: map.geo) and quantises the heights
// at the interval. Errors name the file and what is wrong.
[[nodiscard]] std::expected<ElevationImport, std::string>
importElevation(const Map& map, const std::filesystem::path& dem, const ElevationImportOptions& options = {});

} // namespace sandtable
