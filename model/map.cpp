#include "map.hpp"

#include "layout.hpp"
#include "limits.hpp"
#include "spread_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>
#include <unordered_map>

namespace sandtable {

std::pair<int, int> HeightSurface::shapeFor(const Grid& grid, int samplesPerCell) {
    const Layout inCells(grid, 1.0);
    return {static_cast<int>(std::ceil(inCells.width() * samplesPerCell)) + 1,
            static_cast<int>(std::ceil(inCells.height() * samplesPerCell)) + 1};
}

int HeightSurface::densestFor(const Grid& grid, int most) {
    for (int n = most; n > 0; --n) {
        const auto [cols, rows] = shapeFor(grid, n);
        if (static_cast<long long>(cols) * rows <= limits::surfacePoints) {
            return n;
        }
    }
    return 0;
}

std::optional<HeightSurface>
HeightSurface::moved(const Grid& grid, const std::vector<std::int16_t>& cellLevels, Point shift) const {
    HeightSurface out;
    out.samplesPerCell = densestFor(grid, samplesPerCell);
    if (out.samplesPerCell == 0) {
        return std::nullopt;
    }
    std::tie(out.cols, out.rows) = shapeFor(grid, out.samplesPerCell);
    out.levels.resize(static_cast<std::size_t>(out.cols) * static_cast<std::size_t>(out.rows));
    // This surface's reach, in cells' sizes: its last point, and a hair for rounding.
    const double reachU = (cols - 1) / static_cast<double>(samplesPerCell) + 1e-9,
                 reachV = (rows - 1) / static_cast<double>(samplesPerCell) + 1e-9;
    const Layout inCells(grid, 1.0);
    for (int j = 0; j < out.rows; ++j) {
        for (int i = 0; i < out.cols; ++i) {
            const double u = static_cast<double>(i) / out.samplesPerCell,
                         v = static_cast<double>(j) / out.samplesPerCell;
            const double oldU = u - shift.x, oldV = v - shift.y;
            const bool covered = oldU >= -1e-9 && oldV >= -1e-9 && oldU <= reachU && oldV <= reachV;
            out.levels[static_cast<std::size_t>(j) * out.cols + i] =
                covered ? static_cast<float>(at(oldU, oldV))
                        : static_cast<float>(cellLevels[grid.index(inCells.nearestCell({u, v}))]);
        }
    }
    return out;
}

std::vector<HeightSurface::PointMove>
HeightSurface::movesFor(const Grid& grid, const std::vector<std::pair<Offset, int>>& changes) const {
    constexpr double reach = spreadReach;
    const Layout inCells(grid, 1.0);
    std::unordered_map<std::size_t, int> rise; // cell index -> levels
    for (const auto& [cell, by] : changes) {
        if (grid.contains(cell) && by != 0) {
            rise[grid.index(cell)] += by;
        }
    }
    std::vector<std::size_t> points;
    for (const auto& [index, by] : rise) {
        const Point c = inCells.cellCenter(grid.offsetAt(index));
        const int i0 = std::max(0, static_cast<int>(std::floor((c.x - reach) * samplesPerCell)));
        const int i1 = std::min(cols - 1, static_cast<int>(std::ceil((c.x + reach) * samplesPerCell)));
        const int j0 = std::max(0, static_cast<int>(std::floor((c.y - reach) * samplesPerCell)));
        const int j1 = std::min(rows - 1, static_cast<int>(std::ceil((c.y + reach) * samplesPerCell)));
        for (int j = j0; j <= j1; ++j) {
            for (int i = i0; i <= i1; ++i) {
                points.push_back(static_cast<std::size_t>(j) * cols + i);
            }
        }
    }
    std::ranges::sort(points);
    points.erase(std::unique(points.begin(), points.end()), points.end());
    std::vector<PointMove> moves;
    for (const std::size_t point : points) {
        const Point p{static_cast<double>(point % static_cast<std::size_t>(cols)) / samplesPerCell,
                      static_cast<double>(point / static_cast<std::size_t>(cols)) / samplesPerCell};
        Offset first, last;
        inCells.visibleRange(p.x - reach, p.y - reach, p.x + reach, p.y + reach, first, last);
        double all = 0, moved = 0;
        for (int row = first.row; row <= last.row; ++row) {
            for (int col = first.col; col <= last.col; ++col) {
                const Point c = inCells.cellCenter({col, row});
                const double w = spreadKernel((c.x - p.x) * (c.x - p.x) + (c.y - p.y) * (c.y - p.y));
                all += w;
                if (const auto it = rise.find(grid.index({col, row})); it != rise.end()) {
                    moved += w * it->second;
                }
            }
        }
        if (all > 0 && moved != 0) {
            moves.push_back({point, static_cast<float>(moved / all)});
        }
    }
    return moves;
}

double HeightSurface::at(double u, double v) const {
    if (cols <= 0 || rows <= 0 || levels.size() != static_cast<std::size_t>(cols) * rows) {
        return 0;
    }
    const double x = std::clamp(u * samplesPerCell, 0.0, static_cast<double>(cols - 1));
    const double y = std::clamp(v * samplesPerCell, 0.0, static_cast<double>(rows - 1));
    const int i = std::min(static_cast<int>(x), std::max(0, cols - 2));
    const int j = std::min(static_cast<int>(y), std::max(0, rows - 2));
    const double fx = std::min(1.0, x - i), fy = std::min(1.0, y - j);
    const auto value = [&](int a, int b) {
        return static_cast<double>(
            levels[static_cast<std::size_t>(std::min(b, rows - 1)) * cols + std::min(a, cols - 1)]);
    };
    const double top = value(i, j) + (value(i + 1, j) - value(i, j)) * fx;
    const double bottom = value(i, j + 1) + (value(i + 1, j + 1) - value(i, j + 1)) * fx;
    return top + (bottom - top) * fy;
}

Map Map::blank(const Grid& grid, std::vector<TerrainType> types) {
    Map m;
    m.grid = grid;
    m.terrainTypes = std::move(types);
    m.terrain.assign(grid.cellCount(), 0);
    m.elevation.assign(grid.cellCount(), 0);
    return m;
}

std::optional<std::size_t> Map::terrainIndexOf(std::string_view key) const {
    for (std::size_t i = 0; i < terrainTypes.size(); ++i) {
        if (terrainTypes[i].key == key) {
            return i;
        }
    }
    return std::nullopt;
}

std::pair<double, double> BackgroundImage::toMap(double px, double py) const {
    if (affine) {
        const Affine& m = *affine;
        return {m[0] * px + m[1] * py + m[2], m[3] * px + m[4] * py + m[5]};
    }
    const double a = rotationDegrees * std::numbers::pi / 180.0;
    const double x = px * unitsPerPixel, y = py * unitsPerPixel;
    return {originX + x * std::cos(a) - y * std::sin(a), originY + x * std::sin(a) + y * std::cos(a)};
}

std::pair<double, double> BackgroundImage::toPixel(double mx, double my) const {
    if (affine) {
        const Affine& m = *affine;
        const double det = m[0] * m[4] - m[1] * m[3];
        const double x = mx - m[2], y = my - m[5];
        return {(m[4] * x - m[1] * y) / det, (-m[3] * x + m[0] * y) / det};
    }
    const double a = rotationDegrees * std::numbers::pi / 180.0;
    const double x = mx - originX, y = my - originY;
    return {(x * std::cos(a) + y * std::sin(a)) / unitsPerPixel,
            (-x * std::sin(a) + y * std::cos(a)) / unitsPerPixel};
}

BackgroundImage BackgroundImage::alignedBy(double px1, double py1, double mx1, double my1, double px2,
                                           double py2, double mx2, double my2) const {
    BackgroundImage b = *this;
    const double imageLength = std::hypot(px2 - px1, py2 - py1), mapLength = std::hypot(mx2 - mx1, my2 - my1);
    if (imageLength < 1e-9 || mapLength < 1e-9) {
        return b; // two distinct points are needed
    }
    // Origin, scale and rotation from now on: an earlier fit's transformation would override them.
    b.affine.reset();
    b.controlPoints = {{px1, py1, mx1, my1}, {px2, py2, mx2, my2}};
    b.unitsPerPixel = mapLength / imageLength;
    const double a = std::atan2(my2 - my1, mx2 - mx1) - std::atan2(py2 - py1, px2 - px1);
    b.rotationDegrees = std::remainder(a * 180.0 / std::numbers::pi, 360.0);
    const double r = b.rotationDegrees * std::numbers::pi / 180.0;
    const double x = px1 * b.unitsPerPixel, y = py1 * b.unitsPerPixel;
    b.originX = mx1 - (x * std::cos(r) - y * std::sin(r));
    b.originY = my1 - (x * std::sin(r) + y * std::cos(r));
    return b;
}

std::optional<std::pair<BackgroundImage, AffineFit>>
BackgroundImage::alignedByPoints(const std::vector<ControlPoint>& points) const {
    auto fit = fitAffine(points);
    if (!fit ||
        std::abs(fit->transform[0] * fit->transform[4] - fit->transform[1] * fit->transform[3]) < 1e-15) {
        return std::nullopt;
    }
    BackgroundImage b = *this;
    b.affine = fit->transform;
    b.controlPoints = points;
    return std::pair{b, *fit};
}

std::vector<TerrainType> defaultTerrainTypes() {
    return {
        {"open", "Open ground", TerrainClass::Open, Cover::None, false, {196, 214, 150}},
        {"woods", "Woods", TerrainClass::Broken, Cover::Light, true, {92, 140, 76}, TerrainSymbol::Trees},
        {"heavy-woods",
         "Heavy woods",
         TerrainClass::Difficult,
         Cover::Heavy,
         true,
         {52, 100, 52},
         TerrainSymbol::DenseTrees},
        {"orchard",
         "Orchard",
         TerrainClass::Open,
         Cover::Light,
         false,
         {160, 196, 110},
         TerrainSymbol::Orchard},
        {"town", "Town", TerrainClass::Broken, Cover::Heavy, true, {176, 150, 130}, TerrainSymbol::Buildings},
        {"marsh",
         "Marsh",
         TerrainClass::Difficult,
         Cover::None,
         false,
         {150, 180, 170},
         TerrainSymbol::Marsh},
        {"water",
         "Deep water",
         TerrainClass::Impassable,
         Cover::None,
         false,
         {110, 160, 210},
         TerrainSymbol::Water},
    };
}

} // namespace sandtable
