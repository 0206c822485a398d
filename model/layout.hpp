#pragma once
// Layout turns cells into points and back: pixel geometry for the canvas, the printer and the TMX
// exporter. The grid holds the topology; this holds the sizes.
#include "grid.hpp"

#include <array>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace sandtable {

struct Point {
    double x = 0;
    double y = 0;
    auto operator<=>(const Point&) const = default;
};

class Layout {
  public:
    // cellSize: the distance across the flats of a hex, or the side of a square.
    Layout(const Grid& grid, double cellSize);

    const Grid& grid() const { return grid_; }
    double cellSize() const { return cellSize_; }
    // Centre to corner.
    double radius() const { return radius_; }
    double width() const { return width_; }
    double height() const { return height_; }

    Point cellCenter(Offset c) const;
    std::vector<Point> corners(Offset c) const; // 6 or 4, in corner order
    Point corner(Offset c, int index) const;
    // Centre to each corner (6 or 4, in corner order), the same for every cell: a shape repeated
    // from cell to cell is made from these, so it is the very same shape wherever it is made (a
    // cell's corners less its centre differ in their last bits from cell to cell).
    std::span<const Point> cornerOffsets() const {
        return std::span(cornerOffsets_).first(static_cast<std::size_t>(grid_.sideCount()));
    }
    // Centre to the two corners of side `dir` (the side toward neighbour `dir`), in the order
    // edgeSegment gives them, the same for every cell.
    std::pair<Point, Point> sideOffsets(int dir) const;
    std::pair<Point, Point> edgeSegment(EdgeId e) const;
    // Angle in degrees (screen coordinates, y down, clockwise positive) from a centre to the
    // middle of side `dir` / to corner `index`.
    double sideAngle(int dir) const;
    double cornerAngle(int index) const;
    // The cell containing p, if it is on the map (decided with Boost.Geometry polygons).
    std::optional<Offset> cellAt(Point p) const;
    // The cell of the map whose centre is nearest p, wherever p is (off the map too).
    Offset nearestCell(Point p) const;
    // Cells whose polygons touch the rectangle, for drawing only what is visible.
    void visibleRange(double x0, double y0, double x1, double y1, Offset& first, Offset& last) const;

  private:
    Point rawCenter(Offset c) const;
    // Centre to corner `index`, taken round the cell (any whole number).
    Point cornerOffset(int index) const;
    Grid grid_;
    std::array<Point, 6> cornerOffsets_{}; // centre to corner i, computed once
    double cellSize_;
    double radius_;
    Point origin_;
    double width_ = 0;
    double height_ = 0;
};

} // namespace sandtable
