#pragma once
// What the terrain-model and land-cover imports share (formats/ only, not a public interface):
// GDAL opened once with its messages turned into text, coordinate systems by name, a raster opened
// with its georeference, the map's own ground frame, and each cell's footprint in a raster's pixels.
#include "model/layout.hpp"
#include "model/map.hpp"

#include <gdal.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <cmath>
#include <expected>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sandtable::gdal {

constexpr double metresPerYard = 0.9144;

// GDAL's last message, or that it gave none.
std::string lastError();

// A coordinate system by any name GDAL and PROJ know, easting (or longitude) first.
std::expected<std::unique_ptr<OGRSpatialReference>, std::string> spatialReference(const std::string& crs);

struct TransformDeleter {
    void operator()(OGRCoordinateTransformation* t) const { OGRCoordinateTransformation::DestroyCT(t); }
};
using Transform = std::unique_ptr<OGRCoordinateTransformation, TransformDeleter>;

struct DatasetCloser {
    void operator()(void* d) const { GDALClose(d); }
};
using Dataset = std::unique_ptr<void, DatasetCloser>;

// A raster opened read-only, or why not ("FILE: not a <what> GDAL can read (...)").
std::expected<Dataset, std::string> openRaster(const std::string& file, const char* what);

// A raster with its georeference: where its pixels lie and in which coordinate system. Errors name
// the file and what it lacks.
struct GeoRaster {
    Dataset dataset;
    double toWorld[6]{}, toPixel[6]{};
    OGRSpatialReference srs;
    int width = 0, height = 0;
};
std::expected<GeoRaster, std::string> openGeoRaster(const std::string& file, const char* what);

// A local azimuthal equidistant projection (metres, true north, on WGS84) centred on (x, y) of
// `srs`: true distances and bearings from that point, whatever the system it was given in.
std::expected<OGRSpatialReference, std::string> azimuthalAt(const OGRSpatialReference& srs, double x,
                                                            double y);

// The map's own ground frame: a local azimuthal equidistant projection centred on the placement's
// point, with the map's picture in metres about that point, turned by the placement's rotation.
struct GroundFrame {
    OGRSpatialReference local;
    Point anchor; // in the map's picture, metres
    double metresPerCell = 1;
    double cosine = 1, sine = 0;

    // Map picture metres (x right, y down) to ground east and north of the anchor, and back.
    std::pair<double, double> toGround(Point p) const {
        const double dx = p.x - anchor.x, dy = p.y - anchor.y;
        return {dx * cosine - dy * sine, -dx * sine - dy * cosine};
    }
    Point fromGround(double east, double north) const {
        return {anchor.x + east * cosine - north * sine, anchor.y - east * sine - north * cosine};
    }
};
// The frame of a placed map; the error says to place it first.
std::expected<GroundFrame, std::string> groundFrame(const Map& map);

// Whether (x, y) is inside the convex polygon (its corners in order, either way round).
bool insideConvex(std::span<const Point> polygon, double x, double y);

// A pixel coordinate as a column or row of a raster `size` pixels across, cut to it: in doubles
// first, since a hostile georeference can put a point past any int (or make it not a number).
inline int pixelIndex(double v, int size) {
    if (std::isnan(v) || v <= 0) {
        return 0;
    }
    return static_cast<int>(std::min(v, static_cast<double>(size - 1)));
}

// Every cell's centre and corners in a raster's pixel coordinates, transformed in one batch. A
// point that does not transform (far off the raster's projection) is marked and left out.
class CellFootprints {
  public:
    static std::expected<CellFootprints, std::string> of(const Map& map, const GroundFrame& frame,
                                                         const GeoRaster& raster);
    bool centreKnown(std::size_t cell) const { return known_[cell * perCell_] != 0; }
    Point centre(std::size_t cell) const { return points_[cell * perCell_]; }
    // The cell's corners, or nothing when one of them did not transform.
    std::span<const Point> corners(std::size_t cell) const;
    // Calls `visit(x, y)` for every pixel of a `width` x `height` raster whose centre lies in the
    // cell (none when a corner is unknown).
    template <class Visit> void forEachPixel(std::size_t cell, int width, int height, Visit&& visit) const {
        const std::span<const Point> polygon = corners(cell);
        if (polygon.empty()) {
            return;
        }
        double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
        for (const Point& p : polygon) {
            minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
            minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
        }
        const int x0 = pixelIndex(std::floor(minX), width), x1 = pixelIndex(std::ceil(maxX), width);
        const int y0 = pixelIndex(std::floor(minY), height), y1 = pixelIndex(std::ceil(maxY), height);
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                if (insideConvex(polygon, x + 0.5, y + 0.5)) {
                    visit(x, y);
                }
            }
        }
    }

    // The pixels the known points reach, a pixel more each way (the four pixels around a point
    // are read to interpolate it), cut to a `width` x `height` raster; empty when none is on it.
    struct PixelBox {
        int x0 = 0, y0 = 0, width = 0, height = 0;
        long long pixels() const { return static_cast<long long>(width) * height; }
    };
    PixelBox reach(int width, int height) const;

  private:
    std::size_t perCell_ = 1;
    std::vector<Point> points_;
    std::vector<int> known_;
};

// The part of a raster's first band under the map, read as T: only those pixels are in memory.
template <class T> struct RasterWindow {
    CellFootprints::PixelBox box;
    std::vector<T> pixels; // box.width x box.height, row by row

    // The value of raster pixel (x, y), or null outside the window.
    const T* at(int x, int y) const {
        const int wx = x - box.x0, wy = y - box.y0;
        if (wx < 0 || wy < 0 || wx >= box.width || wy >= box.height) {
            return nullptr;
        }
        return &pixels[static_cast<std::size_t>(wy) * static_cast<std::size_t>(box.width) +
                       static_cast<std::size_t>(wx)];
    }
};

// The window the cells reach, checked against limits::maxRasterWindowPixels before anything is
// allocated: what is over the limit is refused with the raster's size, the window's and the limit.
std::expected<CellFootprints::PixelBox, std::string>
windowUnderMap(const CellFootprints& footprints, const GeoRaster& raster, const std::string& file);

// Reads the part of the raster under the map (windowUnderMap, so within the limit) as T; `what`
// names the values in messages ("heights").
template <class T>
std::expected<RasterWindow<T>, std::string> readUnderMap(const CellFootprints& footprints,
                                                         const GeoRaster& raster, GDALDataType type,
                                                         const std::string& file, const char* what) {
    auto box = windowUnderMap(footprints, raster, file);
    if (!box) {
        return std::unexpected(box.error());
    }
    RasterWindow<T> window;
    window.box = *box;
    window.pixels.resize(static_cast<std::size_t>(box->pixels()));
    if (box->pixels() > 0 &&
        GDALRasterIO(GDALGetRasterBand(raster.dataset.get(), 1), GF_Read, box->x0, box->y0, box->width,
                     box->height, window.pixels.data(), box->width, box->height, type, 0, 0) != CE_None) {
        return std::unexpected(file + ": cannot read its " + what + " (" + lastError() + ")");
    }
    return window;
}

} // namespace sandtable::gdal
