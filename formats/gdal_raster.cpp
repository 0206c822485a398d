#include "formats/gdal_raster.hpp"

#include "model/limits.hpp"

#include <pugixml.hpp>

#include <array>
#include <filesystem>
#include <mutex>
#include <numbers>
#include <optional>

namespace sandtable::gdal {
namespace {

namespace fs = std::filesystem;

void registerDrivers() {
    static std::once_flag once;
    std::call_once(once, [] {
        GDALAllRegister();
        CPLSetErrorHandler(CPLQuietErrorHandler); // GDAL's messages come back to us as text
        // A VRT may carry Python to compute its pixels: never run.
        CPLSetConfigOption("GDAL_VRT_ENABLE_PYTHON", "NO");
    });
}

// The formats a raster from the user is read in: files on this computer that hold their own pixels
// (a VRT's sources are checked before it is opened). Not GDAL's network drivers (WMS, WMTS, tile
// servers), databases or containers.
constexpr std::array<const char*, 22> localDrivers{
    "GTiff", "COG", "VRT", "AAIGrid", "XYZ", "EHdr", "ENVI", "SRTMHGT", "USGSDEM", "GSAG",        "GSBG",
    "GS7BG", "HFA", "PNG", "JPEG",    "GIF", "BMP",  "WEBP", "BT",      "NWT_GRD", "JP2OpenJPEG", nullptr};

char** allowedDrivers() {
    return const_cast<char**>(localDrivers.data()); // GDAL takes the list as char** and only reads it
}

// A path GDAL would take anywhere but the local disk: a virtual file system or a URL.
bool elsewhere(std::string_view name) {
    return name.starts_with("/vsi") || name.find("://") != std::string_view::npos;
}

// Why `file` is not a local file of a raster format Sandtable reads, or nothing.
std::optional<std::string> refusedFile(const std::string& file, const char* what) {
    if (elsewhere(file)) {
        return file + ": not a file on this computer; Sandtable reads " + what +
               "s only from local files (no /vsi... paths or URLs): download it first";
    }
    // Only a file that is there: GDAL would also take a name that is not one (a VRT's XML given as
    // the name itself, a database connection).
    std::error_code ec;
    const fs::file_status status = fs::status(fs::path(file), ec);
    if (!fs::exists(status)) {
        return file + ": no such file";
    }
    if (!fs::is_regular_file(status)) {
        return file + ": not a regular file (a device, folder or pipe); Sandtable reads " + what +
               "s from files";
    }
    return std::nullopt;
}

bool isVrt(const fs::path& file) {
    GDALDriverH driver =
        GDALIdentifyDriverEx(file.string().c_str(), GDAL_OF_RASTER, allowedDrivers(), nullptr);
    return driver != nullptr && std::string_view(GDALGetDriverShortName(driver)) == "VRT";
}

// A VRT names the files its pixels come from: each must be a local file of a format Sandtable
// reads, in the VRT's folder or under it (nested VRTs checked the same way, a few deep), so that a
// VRT cannot make Sandtable read the network, a device or a file the user did not choose.
std::optional<std::string> refusedVrtSources(const fs::path& vrt, const fs::path& folder, int depth) {
    constexpr int deepest = 8;
    if (depth > deepest) {
        return vrt.string() + ": VRTs nested more than " + std::to_string(deepest) + " deep";
    }
    pugi::xml_document doc;
    if (const pugi::xml_parse_result parsed = doc.load_file(vrt.c_str()); !parsed) {
        // What cannot be checked is not opened: GDAL's reading of it might be laxer.
        return vrt.string() + ": a VRT that is not well-formed XML (" + parsed.description() +
               "), so its sources cannot be checked";
    }
    std::error_code ec;
    fs::path inside = fs::weakly_canonical(folder, ec);
    if (inside.filename().empty()) {
        inside = inside.parent_path(); // "/a/b/" as "/a/b"
    }
    for (const pugi::xpath_node& found : doc.select_nodes("//SourceFilename | //SourceDataset")) {
        const pugi::xml_node source = found.node();
        const std::string name = source.text().get();
        const std::string where = vrt.string() + ": its source '" + name + "' ";
        if (elsewhere(name)) {
            return where + "is not on this computer (a /vsi... path or URL); a VRT's sources are local files";
        }
        const bool relative = source.attribute("relativeToVRT").as_int() == 1 ||
                              source.attribute("relativetoVRT").as_int() == 1;
        const fs::path path = fs::weakly_canonical(relative ? vrt.parent_path() / name : fs::path(name), ec);
        const auto [stop, rest] = std::mismatch(inside.begin(), inside.end(), path.begin(), path.end());
        if (stop != inside.end()) {
            return where + "is outside the VRT's folder (" + inside.string() +
                   "); a VRT's sources are read only from its folder and below";
        }
        if (name.empty() || !fs::is_regular_file(path, ec)) {
            return where + "is not a file";
        }
        if (GDALIdentifyDriverEx(path.string().c_str(), GDAL_OF_RASTER, allowedDrivers(), nullptr) ==
            nullptr) {
            return where + "is not a raster format Sandtable reads";
        }
        if (isVrt(path)) {
            if (auto nested = refusedVrtSources(path, folder, depth + 1)) {
                return nested;
            }
        }
    }
    return std::nullopt;
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
    if (auto refused = refusedFile(file, what)) {
        return std::unexpected(*refused);
    }
    if (const fs::path path = fs::absolute(fs::path(file)); isVrt(path)) {
        if (auto refused = refusedVrtSources(path, path.parent_path(), 0)) {
            return std::unexpected(*refused);
        }
    }
    Dataset dataset(
        GDALOpenEx(file.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, allowedDrivers(), nullptr, nullptr));
    if (!dataset) {
        // A format GDAL knows but Sandtable does not read from a user's file (a WMS description,
        // a database): said as such.
        if (GDALDriverH known = GDALIdentifyDriverEx(file.c_str(), GDAL_OF_RASTER, nullptr, nullptr)) {
            return std::unexpected(
                file + ": " + GDALGetDriverLongName(known) + " (GDAL's " + GDALGetDriverShortName(known) +
                " driver), which Sandtable does not read: it reads " + what +
                "s in local files (GeoTIFF, ASCII grids, SRTM .hgt, USGS DEM, PNG, JPEG...)");
        }
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
