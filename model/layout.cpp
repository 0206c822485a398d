#include "layout.hpp"

#include "geometry.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace sandtable {
namespace {
constexpr double sqrt3 = std::numbers::sqrt3;
constexpr double degrees = std::numbers::pi / 180.0;
} // namespace

Layout::Layout(const Grid& grid, double cellSize)
    : grid_(grid), cellSize_(cellSize),
      radius_(grid.isHex() ? cellSize / sqrt3 : cellSize / std::numbers::sqrt2) {
    for (int i = 0; i < grid_.sideCount(); ++i) {
        const double a = cornerAngle(i) * degrees;
        cornerOffsets_[static_cast<std::size_t>(i)] = {radius_ * std::cos(a), radius_ * std::sin(a)};
    }
    // The map's bounding box from the cells that can reach its extremes (the first and last two
    // rows and columns, since offset layouts stagger by one).
    double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
    auto take = [&](Offset c) {
        if (!grid_.contains(c)) {
            return;
        }
        const Point centre = rawCenter(c);
        for (int i = 0; i < grid_.sideCount(); ++i) {
            const Point k = cornerOffsets_[static_cast<std::size_t>(i)];
            minX = std::min(minX, centre.x + k.x);
            maxX = std::max(maxX, centre.x + k.x);
            minY = std::min(minY, centre.y + k.y);
            maxY = std::max(maxY, centre.y + k.y);
        }
    };
    const int cols = grid_.cols(), rows = grid_.rows();
    for (int col : {0, 1, cols - 2, cols - 1}) {
        for (int row = 0; row < rows; ++row) {
            take({col, row});
        }
    }
    for (int row : {0, 1, rows - 2, rows - 1}) {
        for (int col = 0; col < cols; ++col) {
            take({col, row});
        }
    }
    origin_ = {-minX, -minY};
    width_ = maxX - minX;
    height_ = maxY - minY;
}

Point Layout::rawCenter(Offset c) const {
    switch (grid_.shape()) {
    case GridShape::HexFlat: {
        const Hex h = grid_.toHex(c);
        return {radius_ * 1.5 * h.q, radius_ * sqrt3 * (h.r + h.q / 2.0)};
    }
    case GridShape::HexPointy: {
        const Hex h = grid_.toHex(c);
        return {radius_ * sqrt3 * (h.q + h.r / 2.0), radius_ * 1.5 * h.r};
    }
    case GridShape::Square:
        return {cellSize_ * c.col, cellSize_ * c.row};
    }
    return {};
}

Point Layout::cellCenter(Offset c) const {
    const Point p = rawCenter(c);
    return {p.x + origin_.x, p.y + origin_.y};
}

double Layout::sideAngle(int dir) const {
    switch (grid_.shape()) {
    case GridShape::HexFlat:
        return 30.0 - 60.0 * dir;
    case GridShape::HexPointy:
        return -60.0 * dir;
    case GridShape::Square:
        return -90.0 * dir;
    }
    return 0;
}

double Layout::cornerAngle(int index) const {
    return sideAngle(index) - (grid_.isHex() ? 30.0 : 45.0);
}

Point Layout::cornerOffset(int index) const {
    const int n = grid_.sideCount();
    return cornerOffsets_[static_cast<std::size_t>(((index % n) + n) % n)];
}

Point Layout::corner(Offset c, int index) const {
    const Point centre = cellCenter(c);
    const Point k = cornerOffset(index);
    return {centre.x + k.x, centre.y + k.y};
}

std::vector<Point> Layout::corners(Offset c) const {
    std::vector<Point> out;
    out.reserve(static_cast<std::size_t>(grid_.sideCount()));
    for (int i = 0; i < grid_.sideCount(); ++i) {
        out.push_back(corner(c, i));
    }
    return out;
}

std::pair<Point, Point> Layout::sideOffsets(int dir) const {
    // Side d runs from corner d-1 to corner d.
    return {cornerOffset(dir - 1), cornerOffset(dir)};
}

std::pair<Point, Point> Layout::edgeSegment(EdgeId e) const {
    const Point centre = cellCenter(e.cell);
    const auto [a, b] = sideOffsets(e.dir);
    return {{centre.x + a.x, centre.y + a.y}, {centre.x + b.x, centre.y + b.y}};
}

std::optional<Offset> Layout::cellAt(Point p) const {
    const double x = p.x - origin_.x, y = p.y - origin_.y;
    Offset guess;
    switch (grid_.shape()) {
    case GridShape::HexFlat: {
        const double q = (2.0 / 3.0 * x) / radius_;
        const double r = (-1.0 / 3.0 * x + sqrt3 / 3.0 * y) / radius_;
        guess = grid_.fromHex(Hex::round(q, r));
        break;
    }
    case GridShape::HexPointy: {
        const double q = (sqrt3 / 3.0 * x - 1.0 / 3.0 * y) / radius_;
        const double r = (2.0 / 3.0 * y) / radius_;
        guess = grid_.fromHex(Hex::round(q, r));
        break;
    }
    case GridShape::Square:
        guess = {static_cast<int>(std::floor(x / cellSize_ + 0.5)),
                 static_cast<int>(std::floor(y / cellSize_ + 0.5))};
        break;
    }
    // Rounding decides all but points on a boundary; the polygons settle those consistently.
    const geo::BPoint bp(p.x, p.y);
    std::vector<Offset> candidates{guess};
    for (int d = 0; d < grid_.sideCount(); ++d) {
        candidates.push_back(grid_.neighbor(guess, d));
    }
    for (Offset c : candidates) {
        if (grid_.contains(c) && boost::geometry::covered_by(bp, geo::cellPolygon(*this, c))) {
            return c;
        }
    }
    return std::nullopt;
}

Offset Layout::nearestCell(Point p) const {
    // Within a cell's reach of p every candidate lies; the range is clamped to the map.
    Offset first, last, nearest{};
    visibleRange(p.x - cellSize_, p.y - cellSize_, p.x + cellSize_, p.y + cellSize_, first, last);
    double best = std::numeric_limits<double>::infinity();
    for (int row = first.row; row <= last.row; ++row) {
        for (int col = first.col; col <= last.col; ++col) {
            const Point c = cellCenter({col, row});
            const double d = (c.x - p.x) * (c.x - p.x) + (c.y - p.y) * (c.y - p.y);
            if (d < best) {
                best = d;
                nearest = {col, row};
            }
        }
    }
    return nearest;
}

void Layout::visibleRange(double x0, double y0, double x1, double y1, Offset& first, Offset& last) const {
    // Column and row pitch of the offset layout; one extra cell each way covers the stagger.
    double pitchX = cellSize_, pitchY = cellSize_;
    if (grid_.shape() == GridShape::HexFlat) {
        pitchX = radius_ * 1.5;
    } else if (grid_.shape() == GridShape::HexPointy) {
        pitchY = radius_ * 1.5;
    }
    auto clampTo = [](double v, int hi) {
        return std::clamp(static_cast<int>(std::floor(v)), 0, std::max(hi, 0));
    };
    first = {clampTo(x0 / pitchX - 1, grid_.cols() - 1), clampTo(y0 / pitchY - 1, grid_.rows() - 1)};
    last = {clampTo(x1 / pitchX + 1, grid_.cols() - 1), clampTo(y1 / pitchY + 1, grid_.rows() - 1)};
}

namespace geo {

BPolygon cellPolygon(const Layout& layout, Offset c) {
    BPolygon poly;
    auto pts = layout.corners(c);
    // Boost.Geometry's default polygon is clockwise and closed. In screen coordinates (y down)
    // our corners run counter-clockwise, so add them in reverse.
    for (auto it = pts.rbegin(); it != pts.rend(); ++it) {
        boost::geometry::append(poly.outer(), BPoint(it->x, it->y));
    }
    boost::geometry::append(poly.outer(), BPoint(pts.back().x, pts.back().y));
    boost::geometry::correct(poly);
    return poly;
}

} // namespace geo
} // namespace sandtable
