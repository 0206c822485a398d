#include "formats/gdal_raster.hpp"

#include "model/limits.hpp"

#include <mutex>
#include <numbers>

namespace sandtable::gdal {
namespace {

void registerDrivers() {
    static std::once_flag once;
    std::call_once(once, [] {
        GDALAllRegister();
        CPLSetErrorHandler(CPLQuietErrorHandler); // GDAL's messages come back to us as text
    });
}

} // namespace

std::string lastError() {
    const char* message = CPLGetLastErrorMsg();
    return message != nullptr && *message != '\0' ? message : "GDAL gave no reason";
}

std::expected<std::unique_ptr<OGRSpatialReference>, std::string> spatialReference(const std::string& crs) {
    registerDrivers();
    auto srs = std::make_unique<OGRSpatialReference>();
    if (crs.empty() || srs->SetFromUserInput(crs.c_str()) != OGRERR_NONE) {
        return std::unexpected("'" + crs +
                               "' is not a coordinate system GDAL knows (try EPSG:4326, EPSG:32618, " +
                               "a PROJ string or WKT)");
    }
    // Easting (or longitude) first, whatever the authority's axis order.
    srs->SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    return srs;
}

std::expected<Dataset, std::string> openRaster(const std::string& file, const char* what) {
    registerDrivers();
    Dataset dataset(GDALOpenEx(file.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!dataset) {
        const std::string article =
            std::string_view("aeiou").find(what[0]) != std::string_view::npos ? "an " : "a ";
        return std::unexpected(file + ": not " + article + what + " GDAL can read (" + lastError() + ")");
    }
    return dataset;
}

std::expected<GeoRaster, std::string> openGeoRaster(const std::string& file, const char* what) {
    auto opened = openRaster(file, what);
    if (!opened) {
        return std::unexpected(opened.error());
    }
    GeoRaster r;
    r.dataset = std::move(*opened);
    GDALDatasetH ds = r.dataset.get();
    if (GDALGetGeoTransform(ds, r.toWorld) != CE_None || !GDALInvGeoTransform(r.toWorld, r.toPixel)) {
        return std::unexpected(file + ": the " + what + " has no georeference (no geotransform)");
    }
    const OGRSpatialReferenceH said = GDALGetSpatialRef(ds);
    if (said == nullptr) {
        return std::unexpected(file + ": the " + what + " does not say its coordinate system");
    }
    r.srs = *OGRSpatialReference::FromHandle(said);
    r.srs.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    if (GDALGetRasterCount(ds) < 1) {
        return std::unexpected(file + ": the " + what + " has no band");
    }
    r.width = GDALGetRasterXSize(ds);
    r.height = GDALGetRasterYSize(ds);
    return r;
}

bool insideConvex(std::span<const Point> polygon, double x, double y) {
    int sign = 0;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Point a = polygon[i], b = polygon[(i + 1) % polygon.size()];
        const double cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
        const int s = cross > 0 ? 1 : cross < 0 ? -1 : 0;
        if (s != 0) {
            if (sign != 0 && s != sign) {
                return false;
            }
            sign = s;
        }
    }
    return true;
}

std::expected<OGRSpatialReference, std::string> azimuthalAt(const OGRSpatialReference& srs, double x,
                                                            double y) {
    OGRSpatialReference wgs84;
    wgs84.SetWellKnownGeogCS("WGS84");
    wgs84.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    Transform toWgs84(OGRCreateCoordinateTransformation(&srs, &wgs84));
    double lon = x, lat = y;
    if (!toWgs84 || !toWgs84->Transform(1, &lon, &lat)) {
        return std::unexpected("cannot be turned into latitude and longitude: " + lastError());
    }
    OGRSpatialReference local;
    local.SetWellKnownGeogCS("WGS84");
    local.SetAE(lat, lon, 0, 0);
    local.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    return local;
}

std::expected<GroundFrame, std::string> groundFrame(const Map& map) {
    if (!map.geo) {
        return std::unexpected(std::string("the map is not placed on the Earth: place it first (Map > Place "
                                           "on the Earth, or sandtable place)"));
    }
    auto placed = spatialReference(map.geo->crs);
    if (!placed) {
        return std::unexpected("the map's placement: " + placed.error());
    }
    GroundFrame f;
    f.metresPerCell = map.yardsPerCell * metresPerYard;
    const Layout layout(map.grid, f.metresPerCell);
    f.anchor =
        map.geo->anchor == GeoAnchor::Centre ? Point{layout.width() / 2, layout.height() / 2} : Point{0, 0};
    auto local = azimuthalAt(**placed, map.geo->x, map.geo->y);
    if (!local) {
        return std::unexpected("the map's placement " + local.error());
    }
    f.local = *local;
    const double turn = map.geo->rotationDegrees * std::numbers::pi / 180;
    f.cosine = std::cos(turn);
    f.sine = std::sin(turn);
    return f;
}

std::expected<CellFootprints, std::string> CellFootprints::of(const Map& map, const GroundFrame& frame,
                                                              const GeoRaster& raster) {
    Transform toRaster(OGRCreateCoordinateTransformation(&frame.local, &raster.srs));
    if (!toRaster) {
        return std::unexpected(std::string("no transformation from the map's placement to the raster's "
                                           "coordinate system"));
    }
    const Layout layout(map.grid, frame.metresPerCell);
    const std::size_t cells = map.grid.cellCount();
    CellFootprints f;
    f.perCell_ = static_cast<std::size_t>(map.grid.sideCount()) + 1;
    std::vector<double> xs(cells * f.perCell_), ys(cells * f.perCell_);
    f.known_.assign(cells * f.perCell_, 0);
    for (std::size_t i = 0; i < cells; ++i) {
        const Offset cell = map.grid.offsetAt(i);
        std::size_t k = i * f.perCell_;
        std::tie(xs[k], ys[k]) = frame.toGround(layout.cellCenter(cell));
        for (const Point& p : layout.corners(cell)) {
            ++k;
            std::tie(xs[k], ys[k]) = frame.toGround(p);
        }
    }
    // When some points fail, the others are still transformed: `known_` says which, point by point.
    [[maybe_unused]] const bool everyPoint =
        toRaster->Transform(static_cast<int>(xs.size()), xs.data(), ys.data(), nullptr, f.known_.data());
    double toPixel[6];
    std::copy(std::begin(raster.toPixel), std::end(raster.toPixel), toPixel);
    f.points_.resize(xs.size());
    for (std::size_t k = 0; k < xs.size(); ++k) {
        GDALApplyGeoTransform(toPixel, xs[k], ys[k], &f.points_[k].x, &f.points_[k].y);
    }
    return f;
}

std::span<const Point> CellFootprints::corners(std::size_t cell) const {
    const std::size_t first = cell * perCell_ + 1;
    for (std::size_t k = first; k < first + perCell_ - 1; ++k) {
        if (!known_[k]) {
            return {};
        }
    }
    return std::span<const Point>(points_).subspan(first, perCell_ - 1);
}

CellFootprints::PixelBox CellFootprints::reach(int width, int height) const {
    double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
    for (std::size_t k = 0; k < points_.size(); ++k) {
        if (known_[k] && std::isfinite(points_[k].x) && std::isfinite(points_[k].y)) {
            minX = std::min(minX, points_[k].x), maxX = std::max(maxX, points_[k].x);
            minY = std::min(minY, points_[k].y), maxY = std::max(maxY, points_[k].y);
        }
    }
    // In doubles until cut to the raster: a point can lie far outside any int.
    const double x0 = std::max(0.0, std::floor(minX) - 1), y0 = std::max(0.0, std::floor(minY) - 1);
    const double x1 = std::min<double>(width, std::ceil(maxX) + 2),
                 y1 = std::min<double>(height, std::ceil(maxY) + 2);
    if (!(x0 < x1) || !(y0 < y1)) {
        return {};
    }
    return {static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(x1 - x0), static_cast<int>(y1 - y0)};
}

std::expected<CellFootprints::PixelBox, std::string>
windowUnderMap(const CellFootprints& footprints, const GeoRaster& raster, const std::string& file) {
    const CellFootprints::PixelBox box = footprints.reach(raster.width, raster.height);
    if (box.pixels() > limits::maxRasterWindowPixels) {
        return std::unexpected(
            file + ": the part of the raster under the map is " +
            limits::formatNumber(static_cast<long long>(box.width)) + " x " +
            limits::formatNumber(static_cast<long long>(box.height)) + " pixels (of " +
            limits::formatNumber(static_cast<long long>(raster.width)) + " x " +
            limits::formatNumber(static_cast<long long>(raster.height)) + "); at most " +
            limits::formatNumber(limits::maxRasterWindowPixels) +
            " pixels are read. Resample it to coarser pixels first (for example with gdalwarp -tr)");
    }
    return box;
}

} // namespace sandtable::gdal
