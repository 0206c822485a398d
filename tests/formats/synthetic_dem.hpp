#pragma once
// Shared by the terrain-model tests and benchmark: a GeoTIFF terrain model in UTM zone 18N, made
// with GDAL itself, whose height at each pixel's centre is a known function.
#include <gdal.h>
#include <ogr_spatialref.h>

#include <filesystem>
#include <functional>
#include <vector>

namespace sandtable::testing_support {

struct DemGrid {
    int side = 400;           // pixels each way
    double pixel = 10;        // metres
    double west = 300'000;    // UTM easting of the left edge
    double north = 4'400'000; // UTM northing of the top edge
};

// Writes the DEM a row at a time; height(easting, northing) in `unit` ("m", "ft", or "" to say none).
inline bool writeUtmDem(const std::filesystem::path& file, const DemGrid& g,
                        const std::function<double(double, double)>& height, const char* unit = "m") {
    GDALAllRegister();
    GDALDatasetH ds =
        GDALCreate(GDALGetDriverByName("GTiff"), file.c_str(), g.side, g.side, 1, GDT_Float32, nullptr);
    if (ds == nullptr) {
        return false;
    }
    double gt[6] = {g.west, g.pixel, 0, g.north, 0, -g.pixel};
    GDALSetGeoTransform(ds, gt);
    OGRSpatialReference utm;
    utm.importFromEPSG(32618);
    char* wkt = nullptr;
    utm.exportToWkt(&wkt);
    GDALSetProjection(ds, wkt);
    CPLFree(wkt);
    GDALRasterBandH band = GDALGetRasterBand(ds, 1);
    GDALSetRasterUnitType(band, unit);
    std::vector<float> row(static_cast<std::size_t>(g.side));
    bool ok = true;
    for (int y = 0; ok && y < g.side; ++y) {
        for (int x = 0; x < g.side; ++x) {
            row[static_cast<std::size_t>(x)] =
                static_cast<float>(height(g.west + (x + 0.5) * g.pixel, g.north - (y + 0.5) * g.pixel));
        }
        ok = GDALRasterIO(band, GF_Write, 0, y, g.side, 1, row.data(), g.side, 1, GDT_Float32, 0, 0) ==
             CE_None;
    }
    GDALClose(ds);
    return ok;
}

} // namespace sandtable::testing_support
