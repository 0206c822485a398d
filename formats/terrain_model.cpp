#include "formats/terrain_model.hpp"
#include "model/file_names.hpp"

#include "formats/gdal_raster.hpp"
#include "model/commands/edits.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <tuple>

namespace sandtable {
namespace {

using gdal::lastError;
using gdal::metresPerYard;
constexpr double feetPerMetre = 1 / 0.3048;

std::optional<HeightUnit> unitNamed(std::string unit) {
    std::ranges::transform(unit, unit.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (unit == "m" || unit == "metre" || unit == "meter" || unit == "metres" || unit == "meters") {
        return HeightUnit::Metre;
    }
    if (unit == "ft" || unit == "foot" || unit == "feet" || unit == "us survey foot" || unit == "ftus" ||
        unit == "us_survey_foot") {
        return HeightUnit::Foot;
    }
    return std::nullopt;
}

} // namespace

std::optional<double> heightInFeet(const std::string& text) {
    std::string_view number = text;
    double factor = 1;
    if (number.ends_with("ft")) {
        number.remove_suffix(2);
    } else if (number.ends_with("m")) {
        number.remove_suffix(1);
        factor = feetPerMetre;
    }
    const auto v = limits::parseFiniteNumber(number);
    return v ? std::optional(*v * factor) : std::nullopt;
}

std::expected<void, std::string> checkCoordinateSystem(const std::string& crs) {
    auto srs = gdal::spatialReference(crs);
    if (!srs) {
        return std::unexpected(srs.error());
    }
    return {};
}

namespace {

// The model's heights kept with the map (Map::surface), on a lattice over the whole map: where a
// lattice point lies on the raster is found by an affine transformation fitted through the cells'
// centres (whose places on it GDAL worked out through the coordinate systems), close enough over a
// battlefield; off the raster a point takes its cell's level. Four points a cell, fewer on a map
// so large that would pass the limit; nothing when even one a cell would, or when too few centres
// are on the raster to fit.
std::optional<HeightSurface> surfaceOf(const Map& map, const gdal::CellFootprints& footprints,
                                       const ElevationImport& imported,
                                       const std::function<std::optional<double>(double, double)>& feetAt,
                                       double intervalFeet) {
    const Grid& g = map.grid;
    const Layout inCells(g, 1.0);
    std::vector<ControlPoint> pairs; // a cell's centre in cells, and on the raster in pixels
    for (std::size_t i = 0; i < g.cellCount(); ++i) {
        if (footprints.centreKnown(i)) {
            const Point c = inCells.cellCenter(g.offsetAt(i)), p = footprints.centre(i);
            pairs.push_back({c.x, c.y, p.x, p.y});
        }
    }
    const std::optional<AffineFit> fit = fitAffine(pairs);
    if (!fit) {
        return std::nullopt;
    }
    HeightSurface surface;
    surface.samplesPerCell = HeightSurface::densestFor(g, 4);
    if (surface.samplesPerCell == 0) {
        return std::nullopt;
    }
    std::tie(surface.cols, surface.rows) = HeightSurface::shapeFor(g, surface.samplesPerCell);
    const Affine& m = fit->transform;
    surface.levels.resize(static_cast<std::size_t>(surface.cols) * static_cast<std::size_t>(surface.rows));
    for (int j = 0; j < surface.rows; ++j) {
        for (int i = 0; i < surface.cols; ++i) {
            const double u = static_cast<double>(i) / surface.samplesPerCell,
                         v = static_cast<double>(j) / surface.samplesPerCell;
            double level = 0;
            if (const std::optional<double> feet =
                    feetAt(m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5])) {
                level = (*feet - imported.baseFeet) / intervalFeet;
            } else {
                // Off the raster: the level of the cell whose centre is nearest.
                level = imported.levels[g.index(inCells.nearestCell({u, v}))];
            }
            surface.levels[static_cast<std::size_t>(j) * surface.cols + i] = static_cast<float>(std::clamp(
                level, static_cast<double>(limits::elevation.lo), static_cast<double>(limits::elevation.hi)));
        }
    }
    return surface;
}

} // namespace

std::optional<int> baseFeetOf(const ElevationImport& imported) {
    const double feet = std::round(imported.baseFeet);
    if (!(feet >= limits::baseFeet.lo && feet <= limits::baseFeet.hi)) {
        return std::nullopt;
    }
    return static_cast<int>(feet);
}

std::expected<ElevationImport, std::string> importElevation(const Map& map, const std::filesystem::path& dem,
                                                            const ElevationImportOptions& options) {
    const std::string file = dem.string();
    if (!(options.intervalFeet > 0) || !std::isfinite(options.intervalFeet)) {
        return std::unexpected(std::string("the contour interval must be a positive number of feet"));
    }
    // The placement first: without it nothing else matters.
    auto frame = gdal::groundFrame(map);
    if (!frame) {
        return std::unexpected(frame.error());
    }
    auto raster = gdal::openGeoRaster(file, "raster");
    if (!raster) {
        return std::unexpected(raster.error());
    }
    GDALRasterBandH band = GDALGetRasterBand(raster->dataset.get(), 1);
    const std::optional<HeightUnit> said = unitNamed(GDALGetRasterUnitType(band));
    const std::optional<HeightUnit> unit = options.demUnit ? options.demUnit : said;
    if (!unit) {
        return std::unexpected(file +
                               ": the raster does not say whether its heights are in metres or feet; say " +
                               "which (--dem-units m or ft)");
    }
    const double toFeet = *unit == HeightUnit::Metre ? feetPerMetre : 1.0;
    const int width = raster->width, height = raster->height;
    int hasNoData = 0;
    const double noData = GDALGetRasterNoDataValue(band, &hasNoData);
    auto footprints = gdal::CellFootprints::of(map, *frame, *raster);
    if (!footprints) {
        return std::unexpected(file + ": " + footprints.error());
    }
    // Only the part under the map, and only after its size is known to be within the limit.
    auto heights = gdal::readUnderMap<float>(*footprints, *raster, GDT_Float32, file, "heights");
    if (!heights) {
        return std::unexpected(heights.error());
    }

    auto valueAt = [&](int px, int py) -> std::optional<double> {
        const float* at = heights->at(px, py);
        if (at == nullptr) {
            return std::nullopt;
        }
        const double v = *at;
        if ((hasNoData && v == noData) || !std::isfinite(v)) {
            return std::nullopt;
        }
        return v;
    };
    // Bilinear between the four pixel centres around (x, y) in pixel coordinates.
    auto bilinear = [&](double x, double y) -> std::optional<double> {
        // Off the raster (or not a number: a georeference can send a cell anywhere) before any
        // pixel index is made of it.
        if (!(x >= 0 && y >= 0 && x <= width && y <= height)) {
            return std::nullopt;
        }
        const double fx = x - 0.5, fy = y - 0.5;
        const int x0 = static_cast<int>(std::floor(fx)), y0 = static_cast<int>(std::floor(fy));
        const double tx = fx - x0, ty = fy - y0;
        double sum = 0, weight = 0;
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 2; ++i) {
                const double w = (i ? tx : 1 - tx) * (j ? ty : 1 - ty);
                if (auto v = valueAt(std::clamp(x0 + i, 0, width - 1), std::clamp(y0 + j, 0, height - 1));
                    v && w > 0) {
                    sum += *v * w;
                    weight += w;
                }
            }
        }
        if (weight == 0) {
            return std::nullopt;
        }
        return sum / weight;
    };

    const std::size_t cells = map.grid.cellCount();
    ElevationImport out;
    out.levels = map.elevation;
    out.feetPerContour = static_cast<int>(std::lround(options.intervalFeet));
    std::vector<std::optional<double>> feet(cells);
    double lowest = 1e300, highest = -1e300;
    for (std::size_t i = 0; i < cells; ++i) {
        if (!footprints->centreKnown(i)) {
            continue;
        }
        const Point c = footprints->centre(i);
        const std::optional<double> centre = bilinear(c.x, c.y);
        if (!centre) {
            continue; // off the raster: reported below
        }
        std::optional<double> value = centre;
        if (options.sampling != ElevationSampling::Centre) {
            double sum = 0, most = -1e300;
            int n = 0;
            footprints->forEachPixel(i, width, height, [&](int x, int y) {
                if (auto v = valueAt(x, y)) {
                    sum += *v;
                    most = std::max(most, *v);
                    ++n;
                }
            });
            // A cell smaller than a pixel holds no pixel centre: its centre's value stands.
            if (n > 0) {
                value = options.sampling == ElevationSampling::Mean ? sum / n : most;
            }
        }
        feet[i] = *value * toFeet;
        lowest = std::min(lowest, *feet[i]);
        highest = std::max(highest, *feet[i]);
    }
    for (std::size_t i = 0; i < cells; ++i) {
        if (!feet[i]) {
            out.outside.push_back(map.grid.offsetAt(i));
        }
    }
    if (out.outside.size() == cells) {
        return std::unexpected(file + ": the raster covers none of the map's cells where the map is placed");
    }
    out.lowestFeet = lowest;
    out.highestFeet = highest;
    out.baseFeet = options.baseFeet ? *options.baseFeet
                                    : std::floor(lowest / options.intervalFeet) * options.intervalFeet;
    for (std::size_t i = 0; i < cells; ++i) {
        if (!feet[i]) {
            continue;
        }
        const double level = std::round((*feet[i] - out.baseFeet) / options.intervalFeet);
        const auto clamped = static_cast<std::int16_t>(std::clamp(
            level, static_cast<double>(limits::elevation.lo), static_cast<double>(limits::elevation.hi)));
        out.levels[i] = clamped;
        ++out.histogram[clamped];
    }
    out.surface = surfaceOf(
        map, *footprints, out,
        [&](double x, double y) -> std::optional<double> {
            const std::optional<double> v = bilinear(x, y);
            return v ? std::optional(*v * toFeet) : std::nullopt;
        },
        options.intervalFeet);
    return out;
}

std::expected<AffineFit, std::string> georeferencedPlacement(const Map& map,
                                                             const std::filesystem::path& image) {
    const std::string file = image.string();
    auto frame = gdal::groundFrame(map);
    if (!frame) {
        return std::unexpected(frame.error());
    }
    auto opened = gdal::openRaster(file, "image");
    if (!opened) {
        return std::unexpected(opened.error());
    }
    const gdal::Dataset dataset = std::move(*opened);
    double gt[6];
    if (GDALGetGeoTransform(dataset.get(), gt) != CE_None) {
        return std::unexpected(file +
                               ": the image is not georeferenced (no GeoTIFF tags, world file or .aux.xml)");
    }
    // A world file says where, not in which coordinate system: then the map's placement's.
    OGRSpatialReference imageSrs;
    if (const OGRSpatialReferenceH said = GDALGetSpatialRef(dataset.get())) {
        imageSrs = *OGRSpatialReference::FromHandle(said);
    } else if (imageSrs.SetFromUserInput(map.geo->crs.c_str()) != OGRERR_NONE) {
        return std::unexpected(file + ": the image's coordinate system is unknown");
    }
    imageSrs.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    gdal::Transform toLocal(OGRCreateCoordinateTransformation(&imageSrs, &frame->local));
    if (!toLocal) {
        return std::unexpected(file + ": no transformation from the image's coordinate system to the map's");
    }
    const int width = GDALGetRasterXSize(dataset.get()), height = GDALGetRasterYSize(dataset.get());
    // A 5 x 5 grid of points over the image, each taken to the map's cells.
    std::vector<ControlPoint> points;
    for (int j = 0; j <= 4; ++j) {
        for (int i = 0; i <= 4; ++i) {
            const double px = width * i / 4.0, py = height * j / 4.0;
            double x = gt[0] + px * gt[1] + py * gt[2], y = gt[3] + px * gt[4] + py * gt[5];
            if (!toLocal->Transform(1, &x, &y)) {
                continue;
            }
            const Point p = frame->fromGround(x, y);
            points.push_back({px, py, p.x / frame->metresPerCell, p.y / frame->metresPerCell});
        }
    }
    auto fit = fitAffine(points);
    if (!fit) {
        return std::unexpected(file + ": the image's georeference cannot be brought onto the map");
    }
    return *fit;
}

std::expected<GeoPlacement, std::string> placementAfterResize(const Map& before, const ResizePlan& plan) {
    auto frame = gdal::groundFrame(before);
    if (!frame) {
        return std::unexpected(frame.error());
    }
    auto srs = gdal::spatialReference(before.geo->crs);
    if (!srs) {
        return std::unexpected(srs.error());
    }
    gdal::Transform back(OGRCreateCoordinateTransformation(&frame->local, srs->get()));
    if (!back) {
        return std::unexpected(std::string("no transformation from the ground back to ") + before.geo->crs);
    }
    // The old cell (0, 0) is the new cell `shift`: that ties the new layout to the old one.
    const Grid after = resizedGrid(before.grid, plan);
    const Layout oldLayout(before.grid, frame->metresPerCell), newLayout(after, frame->metresPerCell);
    const Point tie = oldLayout.cellCenter({0, 0}), tied = newLayout.cellCenter(plan.shift);
    const Point anchor = before.geo->anchor == GeoAnchor::Centre
                             ? Point{newLayout.width() / 2, newLayout.height() / 2}
                             : Point{0, 0};
    auto [east, north] = frame->toGround({anchor.x - tied.x + tie.x, anchor.y - tied.y + tie.y});
    if (!back->Transform(1, &east, &north)) {
        return std::unexpected("the resized map's anchor cannot be taken back to " + before.geo->crs + ": " +
                               lastError());
    }
    GeoPlacement placed = *before.geo;
    placed.x = east;
    placed.y = north;
    placed.controlPoints = resizedControlPoints(before.geo->controlPoints, after, plan);
    return placed;
}

std::expected<CommandPtr, std::string> resizeOnTheEarth(const Scenario& s, const ResizePlan& plan) {
    std::vector<CommandPtr> parts;
    parts.push_back(resizeMap(s, plan));
    if (s.map.geo) {
        // A placed map keeps its cells on their ground: its anchor moves with the resize.
        auto placed = placementAfterResize(s.map, plan);
        if (!placed) {
            return std::unexpected("The map's placement on the Earth cannot follow the resize: " +
                                   placed.error());
        }
        parts.push_back(edits::setGeoPlacement(s, *placed));
    }
    return std::make_unique<CommandGroup>("Resize map", std::move(parts));
}

bool hasGeoreference(const std::filesystem::path& image) {
    auto opened = gdal::openRaster(image.string(), "image");
    double gt[6];
    return opened && GDALGetGeoTransform(opened->get(), gt) == CE_None;
}

std::expected<PlacementFit, std::string> fitPlacement(const Map& map, const std::string& crs,
                                                      const std::vector<GeoControlPoint>& points) {
    if (points.size() < 2) {
        return std::unexpected(std::string("two control points or more are needed to place the map"));
    }
    auto srs = gdal::spatialReference(crs);
    if (!srs) {
        return std::unexpected(srs.error());
    }
    // The ground about the first point, in a local azimuthal projection (metres, true north).
    auto local = gdal::azimuthalAt(**srs, points.front().x, points.front().y);
    if (!local) {
        return std::unexpected("the first point " + local.error());
    }
    gdal::Transform toLocal(OGRCreateCoordinateTransformation(srs->get(), &*local));
    gdal::Transform fromLocal(OGRCreateCoordinateTransformation(&*local, srs->get()));
    if (!toLocal || !fromLocal) {
        return std::unexpected(std::string("no transformation to the local ground"));
    }
    const double metresPerCell = map.yardsPerCell * metresPerYard;
    const Layout layout(map.grid, metresPerCell);
    // Map points as (east, north) with the map unturned (x right = east, y down = south), and the
    // ground points: fit ground = R(map) + t, R a rotation (Procrustes in the plane).
    std::vector<Point> mapPoints, ground;
    for (const GeoControlPoint& p : points) {
        if (!map.grid.contains(p.cell)) {
            return std::unexpected("cell " + map.grid.label(p.cell) + " is not on the map");
        }
        const Point c = layout.cellCenter(p.cell);
        mapPoints.push_back({c.x, -c.y});
        double e = p.x, n = p.y;
        if (!toLocal->Transform(1, &e, &n)) {
            return std::unexpected("a point cannot be taken to the ground: " + lastError());
        }
        ground.push_back({e, n});
    }
    Point mc{0, 0}, gc{0, 0};
    for (std::size_t i = 0; i < points.size(); ++i) {
        mc.x += mapPoints[i].x, mc.y += mapPoints[i].y, gc.x += ground[i].x, gc.y += ground[i].y;
    }
    const double n = static_cast<double>(points.size());
    mc = {mc.x / n, mc.y / n};
    gc = {gc.x / n, gc.y / n};
    double sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double ax = mapPoints[i].x - mc.x, ay = mapPoints[i].y - mc.y;
        const double bx = ground[i].x - gc.x, by = ground[i].y - gc.y;
        sxx += ax * bx + ay * by;
        sxy += ax * by - ay * bx;
    }
    if (std::hypot(sxx, sxy) < 1e-9) {
        return std::unexpected(std::string("the control points are all at one place"));
    }
    const double theta = std::atan2(sxy, sxx); // counterclockwise, from map axes to east/north
    const double c = std::cos(theta), s = std::sin(theta);
    auto toGround = [&](Point m) {
        const double ax = m.x - mc.x, ay = m.y - mc.y;
        return Point{gc.x + ax * c - ay * s, gc.y + ax * s + ay * c};
    };
    PlacementFit fit;
    double sum = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Point g = toGround(mapPoints[i]);
        const double metres = std::hypot(g.x - ground[i].x, g.y - ground[i].y);
        fit.residuals.push_back(metres / metresPerYard);
        sum += metres * metres;
    }
    fit.rms = std::sqrt(sum / n) / metresPerYard;
    // The map's centre on the ground, back in the placement's system; the map turned clockwise.
    const Point centre = toGround({layout.width() / 2, -layout.height() / 2});
    double cx = centre.x, cy = centre.y;
    if (!fromLocal->Transform(1, &cx, &cy)) {
        return std::unexpected("the map's centre cannot be taken back to " + crs + ": " + lastError());
    }
    fit.placement = GeoPlacement{
        crs, GeoAnchor::Centre, cx, cy, std::remainder(-theta * 180 / std::numbers::pi, 360.0), points};
    return fit;
}

EarthPlacementEdit placeOnTheEarth(const Scenario& s, const std::optional<GeoPlacement>& placement,
                                   const std::filesystem::path& scenarioFile) {
    EarthPlacementEdit out;
    std::vector<CommandPtr> parts;
    parts.push_back(edits::setGeoPlacement(s, placement));
    if (const auto& scan = s.map.background; scan && placement) {
        const std::filesystem::path named = pathFromUtf8(scan->file);
        const std::filesystem::path image =
            named.is_relative() && !scenarioFile.empty() ? scenarioFile.parent_path() / named : named;
        Map moved = s.map;
        moved.geo = *placement;
        if (auto fit = georeferencedPlacement(moved, image)) {
            BackgroundImage follows = *scan;
            follows.affine = fit->transform;
            follows.controlPoints.clear(); // placed by its georeference now
            parts.push_back(edits::setBackground(s, follows));
            out.backgroundMoved = true;
        }
    }
    out.edit = std::make_unique<CommandGroup>("Place on the Earth", std::move(parts));
    return out;
}

} // namespace sandtable
