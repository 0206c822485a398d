#pragma once
// Shared by the terrain-model and land-cover tests and benchmark: GeoTIFFs made with GDAL itself
// whose value at each pixel's centre is a known function (heights, or land-cover classes).
#include "model/layout.hpp"
#include "model/map.hpp"

#include <gdal.h>
#include <ogr_spatialref.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <numbers>
#include <optional>
#include <vector>

namespace sandtable::testing_support {

struct DemGrid {
    int side = 400;           // pixels each way
    double pixel = 10;        // metres
    double west = 300'000;    // UTM easting of the left edge
    double north = 4'400'000; // UTM northing of the top edge
};

// Writes a one-band GeoTIFF in coordinate system `epsg` a row at a time: value(x, y) at each
// pixel's centre, in `type` (GDT_Float32 heights, GDT_Byte classes...), the band's unit `unit`
// ("" to say none) and, when given, its no-data value.
inline bool writeRaster(const std::filesystem::path& file, int epsg, const DemGrid& g, GDALDataType type,
                        const std::function<double(double, double)>& value, const char* unit = "",
                        std::optional<double> noData = std::nullopt) {
    GDALAllRegister();
    GDALDatasetH ds =
        GDALCreate(GDALGetDriverByName("GTiff"), file.c_str(), g.side, g.side, 1, type, nullptr);
    if (ds == nullptr) {
        return false;
    }
    double gt[6] = {g.west, g.pixel, 0, g.north, 0, -g.pixel};
    GDALSetGeoTransform(ds, gt);
    OGRSpatialReference srs;
    srs.importFromEPSG(epsg);
    char* wkt = nullptr;
    srs.exportToWkt(&wkt);
    GDALSetProjection(ds, wkt);
    CPLFree(wkt);
    GDALRasterBandH band = GDALGetRasterBand(ds, 1);
    GDALSetRasterUnitType(band, unit);
    if (noData) {
        GDALSetRasterNoDataValue(band, *noData);
    }
    std::vector<double> row(static_cast<std::size_t>(g.side));
    bool ok = true;
    for (int y = 0; ok && y < g.side; ++y) {
        for (int x = 0; x < g.side; ++x) {
            row[static_cast<std::size_t>(x)] =
                value(g.west + (x + 0.5) * g.pixel, g.north - (y + 0.5) * g.pixel);
        }
        ok = GDALRasterIO(band, GF_Write, 0, y, g.side, 1, row.data(), g.side, 1, GDT_Float64, 0, 0) ==
             CE_None;
    }
    GDALClose(ds);
    return ok;
}

// A terrain model in UTM zone 18N: height(easting, northing) in `unit` ("m", "ft", or "" to say none).
inline bool writeUtmDem(const std::filesystem::path& file, const DemGrid& g,
                        const std::function<double(double, double)>& height, const char* unit = "m") {
    return writeRaster(file, 32618, g, GDT_Float32, height, unit);
}

// A GDAL VRT of `side` x `side` pixels of `pixel` metres in UTM zone 18N, its top-left corner at
// (west, north), of `type` ("Float32", "Int32"), whose pixels from (at, at) on, `span` each way, are
// the whole of `source` (a raster `sourceSide` pixels a side) stretched over them; the rest empty.
// A huge raster that costs nothing to make: only what is read of it is ever computed.
inline bool writeVirtualRaster(const std::filesystem::path& file, long long side, double pixel, double west,
                               double north, const char* type, const std::filesystem::path& source,
                               int sourceSide, long long at, long long span) {
    std::ofstream out(file);
    out << std::setprecision(17) << "<VRTDataset rasterXSize=\"" << side << "\" rasterYSize=\"" << side
        << "\">\n  <SRS>EPSG:32618</SRS>\n  <GeoTransform>" << west << ", " << pixel << ", 0, " << north
        << ", 0, " << -pixel << "</GeoTransform>\n  <VRTRasterBand dataType=\"" << type
        << "\" band=\"1\">\n    <UnitType>m</UnitType>\n    <SimpleSource>\n      <SourceFilename "
        << "relativeToVRT=\"0\">" << source.string()
        << "</SourceFilename>\n      <SourceBand>1</SourceBand>\n"
        << "      <SrcRect xOff=\"0\" yOff=\"0\" xSize=\"" << sourceSide << "\" ySize=\"" << sourceSide
        << "\"/>\n      <DstRect xOff=\"" << at << "\" yOff=\"" << at << "\" xSize=\"" << span
        << "\" ySize=\"" << span << "\"/>\n    </SimpleSource>\n  </VRTRasterBand>\n</VRTDataset>\n";
    return static_cast<bool>(out);
}

// Where a cell's centre lies in UTM: its distance east and north of the map's anchor (worked out
// here from the layout and the rotation), measured from the placement's point with true north up,
// as a surveyor would lay it out, then turned into UTM by GDAL (grid north differs from true north
// by about 1.5 degrees here).
inline std::pair<double, double> centreOnGround(const Map& map, Offset c) {
    const Layout layout(map.grid, map.yardsPerCell * 0.9144);
    const Point p = layout.cellCenter(c);
    const bool centre = map.geo->anchor == GeoAnchor::Centre;
    const double dx = p.x - (centre ? layout.width() / 2 : 0), dy = p.y - (centre ? layout.height() / 2 : 0);
    const double r = map.geo->rotationDegrees * std::numbers::pi / 180;
    double east = dx * std::cos(r) - dy * std::sin(r), northward = -dx * std::sin(r) - dy * std::cos(r);
    OGRSpatialReference utm, wgs84, local;
    utm.importFromEPSG(32618);
    wgs84.SetWellKnownGeogCS("WGS84");
    for (OGRSpatialReference* srs : {&utm, &wgs84, &local}) {
        srs->SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    }
    OGRCoordinateTransformation* toGeographic = OGRCreateCoordinateTransformation(&utm, &wgs84);
    double lon = map.geo->x, lat = map.geo->y; // placed in UTM
    toGeographic->Transform(1, &lon, &lat);
    OGRCoordinateTransformation::DestroyCT(toGeographic);
    local.SetWellKnownGeogCS("WGS84");
    local.SetAE(lat, lon, 0, 0);
    OGRCoordinateTransformation* toUtm = OGRCreateCoordinateTransformation(&local, &utm);
    toUtm->Transform(1, &east, &northward);
    OGRCoordinateTransformation::DestroyCT(toUtm);
    return {east, northward};
}

} // namespace sandtable::testing_support
