#include "vertex_marks.hpp"

#include "cairo_handles.hpp"
#include "colours.hpp"
#include "outline_tracing.hpp"
#include "raster_stamps.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <cairo.h>

namespace sandtable {
namespace {

constexpr double reach = 0.16; // of a side's length, from each end
constexpr Rgb ink{60, 60, 50};

// A side's two marks, each from its vertex a reach along it.
template <typename Line> void ticks(Point a, Point b, Line&& line) {
    const double dx = (b.x - a.x) * reach, dy = (b.y - a.y) * reach;
    line(a, Point{a.x + dx, a.y + dy});
    line(b, Point{b.x - dx, b.y - dy});
}

void addLine(cairo_t* cr, Point from, Point to) {
    cairo_move_to(cr, from.x, from.y);
    cairo_line_to(cr, to.x, to.y);
}

// A side's two marks added to the path.
void addTicks(cairo_t* cr, Point a, Point b) {
    ticks(a, b, [cr](Point from, Point to) { addLine(cr, from, to); });
}

// The first half of a cell's sides: over the whole grid each side is one cell's first half.
std::size_t ownedSides(const Grid& g) {
    return static_cast<std::size_t>(g.sideCount()) / 2;
}

// A block of cells, from its top-left cell to its bottom-right one.
struct Block {
    Offset low, high;
    bool holds(Offset c) const {
        return c.col >= low.col && c.col <= high.col && c.row >= low.row && c.row <= high.row;
    }
};

// The sides of `block` that have no cell of it beyond them, of its edge cells from `first` to
// `last`, from each cell's side `fromSide` on.
template <typename Side>
void forOuterSides(const Layout& layout, Block block, Offset first, Offset last, std::size_t fromSide,
                   Side&& side) {
    for (int row = std::max(first.row, block.low.row); row <= std::min(last.row, block.high.row); ++row) {
        for (int col = std::max(first.col, block.low.col); col <= std::min(last.col, block.high.col); ++col) {
            const bool edge = row == block.low.row || col == block.low.col || row == block.high.row ||
                              col == block.high.col;
            if (!edge) {
                continue;
            }
            const Point c = layout.cellCenter({col, row});
            const std::vector<Point> corners = layout.corners({col, row});
            for (std::size_t k = fromSide; k < corners.size(); ++k) {
                const Point a = corners[k], b = corners[(k + 1) % corners.size()];
                const std::optional<Offset> beyond = layout.cellAt(Point{a.x + b.x - c.x, a.y + b.y - c.y});
                if (!beyond || !block.holds(*beyond)) {
                    side(a, b);
                }
            }
        }
    }
}

Block wholeMap(const Grid& g) {
    return {{0, 0}, {g.cols() - 1, g.rows() - 1}};
}

// The grid repeats every two columns and two rows (the offset rows' and columns' parity with
// them): a tile that wide and that tall, round cell (2, 2), holds the marks of every side that
// crosses it, drawn from the cells round it, and the pattern lays it edge to edge from there.
// Nothing when the tile is not upright (no grid of ours draws one).
std::optional<PatternPtr> markTiles(const Layout& layout, double width, Rgb inked) {
    const Point origin = layout.cellCenter({0, 0});
    const Point across = layout.cellCenter({2, 0}), down = layout.cellCenter({0, 2});
    const double tileW = across.x - origin.x, tileH = down.y - origin.y;
    const double slack = 1e-9 * layout.cellSize();
    if (std::abs(across.y - origin.y) > slack || std::abs(down.x - origin.x) > slack || tileW <= 0 ||
        tileH <= 0) {
        return std::nullopt;
    }
    const Point middle = layout.cellCenter({2, 2});
    const Point corner{middle.x - tileW / 2, middle.y - tileH / 2};
    const cairo_rectangle_t extents{0, 0, tileW, tileH};
    const SurfacePtr tile = owned(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents));
    cairo_t* cr = cairo_create(tile.get());
    cairo_translate(cr, -corner.x, -corner.y);
    const Grid& g = layout.grid();
    // Only the marks that reach into the tile: the rest would be written and never seen.
    const double margin = width;
    const auto inTile = [&](Point from, Point to) {
        return std::max(from.x, to.x) >= corner.x - margin &&
               std::min(from.x, to.x) <= corner.x + tileW + margin &&
               std::max(from.y, to.y) >= corner.y - margin &&
               std::min(from.y, to.y) <= corner.y + tileH + margin;
    };
    for (int row = 0; row <= 4; ++row) {
        for (int col = 0; col <= 4; ++col) {
            const std::vector<Point> corners = layout.corners({col, row});
            for (std::size_t k = 0; k < ownedSides(g); ++k) {
                ticks(corners[k], corners[k + 1], [&](Point from, Point to) {
                    if (inTile(from, to)) {
                        addLine(cr, from, to);
                    }
                });
            }
        }
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_width(cr, width);
    cairo_set_source_rgb(cr, inked.r / 255.0, inked.g / 255.0, inked.b / 255.0);
    cairo_stroke(cr);
    const cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    if (status != CAIRO_STATUS_SUCCESS) {
        return std::nullopt;
    }
    PatternPtr pattern = owned(cairo_pattern_create_for_surface(tile.get()));
    cairo_pattern_set_extend(pattern.get(), CAIRO_EXTEND_REPEAT);
    cairo_matrix_t toTile;
    cairo_matrix_init_translate(&toTile, -corner.x, -corner.y);
    cairo_pattern_set_matrix(pattern.get(), &toTile);
    return pattern;
}

// The outline of `block` (its outer sides chained into a ring), as the current path.
void outlinePath(cairo_t* cr, const Layout& layout, Block block) {
    std::vector<std::pair<Point, Point>> sides;
    forOuterSides(layout, block, block.low, block.high, 0,
                  [&](Point a, Point b) { sides.emplace_back(a, b); });
    const double size = layout.cellSize();
    const Point below = layout.cellCenter({0, 0});
    cairo_new_path(cr);
    chainSegments(sides, Point{below.x - 2 * size, below.y - 2 * size}, size / 1024).addToPath(cr, true);
}

// Each cell's marks of its first half of sides, in `block`: stamped on an image that takes stamps,
// else added to the path and stroked (on paper a row at a time: Cairo 1.16's PDF surface outlines
// a whole stroke to find its extents).
void drawCellsMarks(cairo_t* cr, const Layout& layout, Block block, double width, bool paper) {
    const std::size_t half = ownedSides(layout.grid());
    // A cell's own marks as a stamp, from its centre.
    const std::span<const Point> shape = layout.cornerOffsets();
    std::vector<Point> stamp;
    for (std::size_t k = 0; k < half; ++k) {
        ticks(shape[k], shape[k + 1], [&](Point from, Point to) {
            stamp.insert(stamp.end(), {from, to, ShapeStamps::lineBreak});
        });
    }
    std::optional<ShapeStamps> stamps = ShapeStamps::forTarget(cr, stamp, width);
    for (int row = block.low.row; row <= block.high.row; ++row) {
        for (int col = block.low.col; col <= block.high.col; ++col) {
            if (stamps) {
                stamps->stamp(layout.cellCenter({col, row}), ink);
                continue;
            }
            const std::vector<Point> corners = layout.corners({col, row});
            for (std::size_t k = 0; k < half; ++k) {
                addTicks(cr, corners[k], corners[k + 1]);
            }
        }
        if (!stamps && paper) {
            strokeWith(cr, ink, width);
        }
    }
}

} // namespace

void drawVertexMarks(cairo_t* cr, const Layout& layout, Offset first, Offset last, double pixelsPerUnit) {
    const Grid& g = layout.grid();
    const double size = layout.cellSize();
    // Never thinner than a pixel on screen, where a hairline would vanish.
    const double width = std::max(size * 0.014, 1.0 / pixelsPerUnit);
    // The cells round the view: one past its range may hold a side at its edge.
    const Block round{{std::max(0, first.col - 1), std::max(0, first.row - 1)},
                      {std::min(g.cols() - 1, last.col + 1), std::min(g.rows() - 1, last.row + 1)}};
    cairo_save(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_new_path(cr);
    const bool paper = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE;
    std::optional<PatternPtr> tiles;
    if (paper) {
        tiles = markTiles(layout, width, inked(ink, inkStyleOf(cr)));
    }
    if (tiles) {
        cairo_save(cr);
        // No marks past the map's edge. Within the view the map is the cells round it, a block
        // whose outline is the map's there and passes out of sight elsewhere.
        if (round.low.row == 0 || round.low.col == 0 || round.high.row == g.rows() - 1 ||
            round.high.col == g.cols() - 1) {
            outlinePath(cr, layout, round);
            cairo_clip(cr);
        }
        cairo_set_source(cr, tiles->get());
        cairo_paint(cr);
        cairo_restore(cr);
    } else {
        drawCellsMarks(cr, layout, round, width, paper);
    }
    // The map's outer sides: on paper each whole, since the outline cut the strokes along it in
    // half; elsewhere those no cell's first half holds.
    forOuterSides(layout, wholeMap(g), first, last, tiles ? 0 : ownedSides(g),
                  [cr](Point a, Point b) { addTicks(cr, a, b); });
    strokeWith(cr, ink, width);
    cairo_restore(cr);
}

} // namespace sandtable
