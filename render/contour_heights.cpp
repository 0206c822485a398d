#include "contour_heights.hpp"

#include "line_clip.hpp"
#include "natural_ground.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <numbers>
#include <tuple>
#include <utility>

namespace sandtable {
namespace {

// In a block, one contour's level may run in several lines (two ridges' flanks): a line is the
// crossed sides within two cells of its first spot, and each has a height of its own.
constexpr int spotsPerLine = 2;   // where the first is taken, the placement may take the next
constexpr int linesPerBlock = 3;  // of one level
constexpr int triesPerBlock = 12; // sides looked at for one level in one block
constexpr double lineReach = 2;   // cells

// Where the ground's height is `height`, between two points on either side of it: regula falsi
// with the Illinois step (the ground is smooth, and a contour is crossed once between two
// neighbouring cells' centres), to a thousandth of a level.
template <class HeightAt>
std::optional<Point> crossing(const HeightAt& heightAt, Point low, Point high, double height) {
    double a = heightAt(low) - height, b = heightAt(high) - height;
    if (!(a < 0 && b >= 0)) {
        return std::nullopt; // not crossed on this stretch (or off the ground)
    }
    Point at = low;
    int lastKept = 0; // which end stayed the last time: the Illinois step halves it if it stays again
    for (int step = 0; step < 8; ++step) {
        const double t = a / (a - b);
        at = {low.x + (high.x - low.x) * t, low.y + (high.y - low.y) * t};
        const double m = heightAt(at) - height;
        if (std::isnan(m)) {
            return std::nullopt;
        }
        if (std::abs(m) < 1e-3) {
            break;
        }
        if (m < 0) {
            low = at;
            a = m;
            b = lastKept == 1 ? b / 2 : b;
            lastKept = 1;
        } else {
            high = at;
            b = m;
            a = lastKept == -1 ? a / 2 : a;
            lastKept = -1;
        }
    }
    return at;
}

// The figures' spot at a point `on` the contour at `height`, or nothing where the line bends away
// from the figures within their length or another contour runs under them.
template <class HeightAt>
std::optional<LineSpot> spotAt(const HeightAt& heightAt, Point on, double height,
                               const ContourHeightLook& look, double cell) {
    const double d = cell * 0.05;
    const double gx = (heightAt({on.x + d, on.y}) - heightAt({on.x - d, on.y})) / (2 * d);
    const double gy = (heightAt({on.x, on.y + d}) - heightAt({on.x, on.y - d})) / (2 * d);
    const double slope = std::hypot(gx, gy); // levels a map unit
    if (!(slope > 0)) {
        return std::nullopt;
    }
    const Point across{gx / slope, gy / slope}, along{-across.y, across.x};
    // Straight enough: at each end of the figures the line is within a third of their height of
    // their middle line (the height's difference there, over the slope, is about that distance).
    for (const double side : {-1.0, 1.0}) {
        const Point end{on.x + along.x * side * look.width / 2, on.y + along.y * side * look.width / 2};
        const double off = std::abs(heightAt(end) - height) / slope;
        if (!(off <= look.height / 3)) {
            return std::nullopt;
        }
    }
    // Clear: no other contour (a level down is the next one's, a level up the one above) within
    // a little more than half the figures' height on either side of the line, at their middle and
    // both ends: the figures' tops and feet stay clear of it.
    const double clear = look.height * 0.55;
    for (const double at : {-0.5, 0.0, 0.5}) {
        for (const double side : {-1.0, 1.0}) {
            const Point q{on.x + along.x * at * look.width + across.x * side * clear,
                          on.y + along.y * at * look.width + across.y * side * clear};
            const double h = heightAt(q);
            if (!(h > height - 1 && h < height + 1)) {
                return std::nullopt;
            }
        }
    }
    // Upright: figures never read upside down, so the turn is within a quarter turn of level.
    double turn = std::atan2(along.y, along.x);
    if (turn > std::numbers::pi / 2) {
        turn -= std::numbers::pi;
    } else if (turn <= -std::numbers::pi / 2) {
        turn += std::numbers::pi;
    }
    return LineSpot{on, turn};
}

// The spots of one block of cells (counted from the map's corner).
std::vector<ContourHeightSpots> spotsOfBlock(const Map& map, const Layout& layout, int blockCol, int blockRow,
                                             const ContourHeightLook& look) {
    const Grid& g = map.grid;
    const int block = contourHeightBlockCells;
    const int c0 = blockCol * block, r0 = blockRow * block;
    const int c1 = std::min(g.cols() - 1, c0 + block - 1), r1 = std::min(g.rows() - 1, r0 + block - 1);
    const Point middle =
        layout.cellCenter({std::min(g.cols() - 1, c0 + block / 2), std::min(g.rows() - 1, r0 + block / 2)});
    // The sides each index contour crosses, by level: a side once, from its cell's first
    // directions.
    struct Crossed {
        Offset low, high;
        // From its midpoint to the block's middle, in 1/4096ths of a cell: sides the grid puts at one
        // distance are ties broken by their cells on every platform (the exact distances of
        // such sides differ in their last bit from one C library's hypot to another's, and
        // Windows's export set figures elsewhere than Linux's).
        long long distance = 0;
    };
    std::map<int, std::vector<Crossed>> sides;
    const int directions = g.sideCount() / 2;
    for (int row = r0; row <= r1; ++row) {
        for (int col = c0; col <= c1; ++col) {
            const Offset c{col, row};
            for (int d = 0; d < directions; ++d) {
                const Offset n = g.neighbor(c, d);
                if (!g.contains(n) || map.elevationAt(n) == map.elevationAt(c)) {
                    continue;
                }
                const bool rising = map.elevationAt(n) > map.elevationAt(c);
                const Offset low = rising ? c : n, high = rising ? n : c;
                const Point a = layout.cellCenter(low), b = layout.cellCenter(high);
                const Point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
                for (int level = map.elevationAt(low) + 1; level <= map.elevationAt(high); ++level) {
                    if (isIndexLevel(level)) {
                        sides[level].push_back({low, high,
                                                std::llround(std::hypot(mid.x - middle.x, mid.y - middle.y) /
                                                             layout.cellSize() * 4096)});
                    }
                }
            }
        }
    }
    const auto heightAt = [&](Point p) {
        return NaturalGround::heightAt(map, layout, p, look.ground.samplesPerCell);
    };
    std::vector<ContourHeightSpots> out;
    for (auto& [level, list] : sides) {
        const double height = level - 0.5;
        std::ranges::sort(list, [](const Crossed& a, const Crossed& b) {
            return std::tie(a.distance, a.low, a.high) < std::tie(b.distance, b.low, b.high);
        });
        std::vector<ContourHeightSpots> lines;
        const auto lineNear = [&](Point p) -> ContourHeightSpots* {
            for (ContourHeightSpots& line : lines) {
                const Point q = line.spots.front().at.middle;
                if (std::hypot(p.x - q.x, p.y - q.y) < lineReach * layout.cellSize()) {
                    return &line;
                }
            }
            return nullptr;
        };
        int tries = 0;
        for (std::size_t k = 0; k < list.size() && tries < triesPerBlock; ++k) {
            const Point a = layout.cellCenter(list[k].low), b = layout.cellCenter(list[k].high);
            ContourHeightSpots* line = lineNear({(a.x + b.x) / 2, (a.y + b.y) / 2});
            if (line != nullptr ? line->spots.size() >= spotsPerLine
                                : lines.size() >= static_cast<std::size_t>(linesPerBlock)) {
                continue; // that line has its spots, or the block its lines
            }
            ++tries;
            const auto on = crossing(heightAt, a, b, height);
            if (!on) {
                continue;
            }
            const std::optional<LineSpot> spot = spotAt(heightAt, *on, height, look, layout.cellSize());
            if (!spot) {
                continue;
            }
            // The ground a fifth of the figures' height to either side of the line.
            const double reach = look.height * 0.2;
            const Point up{std::sin(spot->turn) * reach, -std::cos(spot->turn) * reach};
            const ContourHeightSpot found{
                *spot, NaturalGround::shownAt(map, layout, {on->x + up.x, on->y + up.y}, look.ground),
                NaturalGround::shownAt(map, layout, {on->x - up.x, on->y - up.y}, look.ground)};
            if (line == nullptr) {
                lines.push_back({level, {found}});
            } else {
                line->spots.push_back(found);
            }
        }
        std::ranges::move(lines, std::back_inserter(out));
    }
    return out;
}

// The levels and terrains a block's spots come from: its cells and those within three cells of
// it (a cell's weight reaches 1.35 cells, the figures and the shading a little further).
std::uint64_t fingerprint(const Map& map, int blockCol, int blockRow) {
    const Grid& g = map.grid;
    const int block = contourHeightBlockCells, margin = 3;
    std::uint64_t h = 1469598103934665603ULL; // FNV-1a
    const auto mix = [&](std::uint64_t v) {
        h ^= v;
        h *= 1099511628211ULL;
    };
    mix(static_cast<std::uint64_t>(g.cols()) << 32 | static_cast<std::uint32_t>(g.rows()));
    for (int row = std::max(0, blockRow * block - margin);
         row <= std::min(g.rows() - 1, (blockRow + 1) * block + margin); ++row) {
        for (int col = std::max(0, blockCol * block - margin);
             col <= std::min(g.cols() - 1, (blockCol + 1) * block + margin); ++col) {
            const std::size_t i = g.index({col, row});
            mix(static_cast<std::uint16_t>(map.elevation[i]) | static_cast<std::uint64_t>(map.terrain[i])
                                                                   << 16);
        }
    }
    return h;
}

} // namespace

std::string contourHeightText(const Map& map, int level) {
    return std::to_string(map.baseFeet.value_or(0) + static_cast<long long>(level) * map.feetPerContour);
}

std::vector<ContourHeightSpots> ContourHeightCache::spotsOf(const Map& map, const Layout& layout,
                                                            int blockCol, int blockRow,
                                                            const ContourHeightLook& look) {
    const std::uint64_t cells = fingerprint(map, blockCol, blockRow);
    {
        const std::lock_guard lock(mutex_);
        const auto it = blocks_.find({blockCol, blockRow});
        if (it != blocks_.end() && it->second.cells == cells && it->second.look == look) {
            return it->second.spots;
        }
    }
    std::vector<ContourHeightSpots> spots = spotsOfBlock(map, layout, blockCol, blockRow, look);
    const std::lock_guard lock(mutex_);
    if (blocks_.size() >= mostBlocks) {
        blocks_.clear();
    }
    blocks_[{blockCol, blockRow}] = Entry{cells, look, spots};
    return spots;
}

std::vector<ContourHeightSpots> contourHeightSpots(const Map& map, const Layout& layout, Offset first,
                                                   Offset last, const ContourHeightLook& look,
                                                   ContourHeightCache* cache) {
    const Grid& g = map.grid;
    const int block = contourHeightBlockCells;
    // Whole blocks, so the spots of a block are the same whatever part of it is in view.
    const int bc0 = std::max(0, first.col) / block, br0 = std::max(0, first.row) / block;
    const int bc1 = std::min(g.cols() - 1, std::max(0, last.col)) / block;
    const int br1 = std::min(g.rows() - 1, std::max(0, last.row)) / block;
    std::vector<ContourHeightSpots> out;
    for (int br = br0; br <= br1; ++br) {
        for (int bc = bc0; bc <= bc1; ++bc) {
            std::vector<ContourHeightSpots> spots = cache != nullptr
                                                        ? cache->spotsOf(map, layout, bc, br, look)
                                                        : spotsOfBlock(map, layout, bc, br, look);
            std::ranges::move(spots, std::back_inserter(out));
        }
    }
    return out;
}

bool crosses(const LineSpot& spot, double width, double height, const RouteStretch& route) {
    // In the word's own frame: x along it, y across.
    const double c = std::cos(spot.turn), s = std::sin(spot.turn);
    const auto local = [&](Point p) {
        const double dx = p.x - spot.middle.x, dy = p.y - spot.middle.y;
        return Point{dx * c + dy * s, -dx * s + dy * c};
    };
    const Point a = local(route.a), b = local(route.b);
    const double halfX = width / 2 + route.keepOff, halfY = height / 2 + route.keepOff;
    // The stretch is t from 0 to 1 along its line.
    double enter = 0, leave = 0;
    return clipLineToBox(a, {b.x - a.x, b.y - a.y}, -halfX, -halfY, halfX, halfY, enter, leave) &&
           enter <= 1 && leave >= 0;
}

RouteStretches::RouteStretches(std::vector<RouteStretch> stretches, double square)
    : stretches_(std::move(stretches)) {
    if (stretches_.empty()) {
        return;
    }
    square_ = square;
    Box all{stretches_[0].a.x, stretches_[0].a.y, stretches_[0].a.x, stretches_[0].a.y};
    for (const RouteStretch& r : stretches_) {
        all = {std::min({all.x0, r.a.x, r.b.x}), std::min({all.y0, r.a.y, r.b.y}),
               std::max({all.x1, r.a.x, r.b.x}), std::max({all.y1, r.a.y, r.b.y})};
        keepOff_ = std::max(keepOff_, r.keepOff);
    }
    x0_ = all.x0;
    y0_ = all.y0;
    columns_ = columnOf(all.x1) + 1;
    rows_ = rowOf(all.y1) + 1;
    squares_.resize(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_));
    for (std::size_t k = 0; k < stretches_.size(); ++k) {
        const RouteStretch& r = stretches_[k];
        for (int row = rowOf(std::min(r.a.y, r.b.y)); row <= rowOf(std::max(r.a.y, r.b.y)); ++row) {
            for (int col = columnOf(std::min(r.a.x, r.b.x)); col <= columnOf(std::max(r.a.x, r.b.x)); ++col) {
                squares_[index(col, row)].push_back(k);
            }
        }
    }
}

bool RouteStretches::anyCrossing(const LineSpot& spot, double width, double height) const {
    if (stretches_.empty()) {
        return false;
    }
    // A word's box, grown by the widest keep-off, lies inside this circle round its middle: a
    // stretch that misses the circle misses the box.
    const double reach = std::hypot(width / 2 + keepOff_, height / 2 + keepOff_);
    const Point m = spot.middle;
    const int c0 = std::max(0, columnOf(m.x - reach)), c1 = std::min(columns_ - 1, columnOf(m.x + reach));
    const int r0 = std::max(0, rowOf(m.y - reach)), r1 = std::min(rows_ - 1, rowOf(m.y + reach));
    for (int row = r0; row <= r1; ++row) {
        for (int col = c0; col <= c1; ++col) {
            for (const std::size_t k : squares_[index(col, row)]) {
                if (crosses(spot, width, height, stretches_[k])) {
                    return true;
                }
            }
        }
    }
    return false;
}

int RouteStretches::columnOf(double x) const {
    return static_cast<int>(std::floor((x - x0_) / square_));
}

int RouteStretches::rowOf(double y) const {
    return static_cast<int>(std::floor((y - y0_) / square_));
}

std::size_t RouteStretches::index(int col, int row) const {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) + static_cast<std::size_t>(col);
}

} // namespace sandtable
