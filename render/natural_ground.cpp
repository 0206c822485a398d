#include "natural_ground.hpp"

#include "colours.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>

#include <cairo.h>

namespace sandtable {
namespace {

// A cell's weight reaches this far from its centre, in cells: past its neighbours' sides, so
// corners round off and a lone cell of woods becomes a wood, yet never to a neighbour's middle.
constexpr double kernelReach = 1.2;
// How far the noise moves a point, in cells, at two scales: long bends and a finer wander.
constexpr double broadWarp = 0.11, fineWarp = 0.04;
constexpr double broadWaves = 1.7, fineWaves = 4.3; // per cell

double hashed(int ix, int iy, std::uint32_t seed) {
    std::uint32_t h = static_cast<std::uint32_t>(ix) * 374761393u +
                      static_cast<std::uint32_t>(iy) * 668265263u + seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    h ^= h >> 16;
    return static_cast<double>(h & 0xffffu) / 32767.5 - 1.0;
}

// Two value noises in -1..1 (seeds `a` and `b`) at one place: smooth, and the same at the same
// place whatever part of the map is drawn. One lattice cell and one blend serve both.
Point valueNoise2(double x, double y, std::uint32_t a, std::uint32_t b) {
    const double fx = std::floor(x), fy = std::floor(y);
    const int ix = static_cast<int>(fx), iy = static_cast<int>(fy);
    const double tx = x - fx, ty = y - fy;
    const double sx = tx * tx * (3 - 2 * tx), sy = ty * ty * (3 - 2 * ty);
    auto blend = [&](std::uint32_t seed) {
        const double h00 = hashed(ix, iy, seed), h10 = hashed(ix + 1, iy, seed);
        const double h01 = hashed(ix, iy + 1, seed), h11 = hashed(ix + 1, iy + 1, seed);
        const double top = h00 + (h10 - h00) * sx, bottom = h01 + (h11 - h01) * sx;
        return top + (bottom - top) * sy;
    };
    return {blend(a), blend(b)};
}

// Where the point at (u, v), in cells, is looked up: moved by the noise.
Point warped(double u, double v) {
    const Point broad = valueNoise2(u * broadWaves, v * broadWaves, 1, 3);
    const Point fine = valueNoise2(u * fineWaves, v * fineWaves, 2, 4);
    return {u + broadWarp * broad.x + fineWarp * fine.x, v + broadWarp * broad.y + fineWarp * fine.y};
}

// The part of a square of the lattice where `g` > 0 (corners in order around it), as a polygon.
int insidePart(const std::array<Point, 4>& corner, const std::array<double, 4>& g,
               std::array<Point, 8>& out) {
    int n = 0;
    for (std::size_t k = 0; k < 4; ++k) {
        const std::size_t next = (k + 1) % 4;
        if (g[k] > 0) {
            out[static_cast<std::size_t>(n++)] = corner[k];
        }
        if ((g[k] > 0) != (g[next] > 0)) {
            const double t = g[k] / (g[k] - g[next]);
            out[static_cast<std::size_t>(n++)] = {corner[k].x + (corner[next].x - corner[k].x) * t,
                                                  corner[k].y + (corner[next].y - corner[k].y) * t};
        }
    }
    return n;
}

} // namespace

struct NaturalGround::Sample {
    static constexpr std::size_t slots = 6;
    std::array<int, slots> terrain{};
    std::array<float, slots> weight{};
    std::size_t count = 0;
    float total = 0, heightSum = 0;
    float height = 0, slope = 0;
    GroundClass shown;
    bool covered = false;

    void add(int t, float w, int level) {
        total += w;
        heightSum += w * static_cast<float>(level);
        for (std::size_t k = 0; k < count; ++k) {
            if (terrain[k] == t) {
                weight[k] += w;
                return;
            }
        }
        if (count < slots) {
            terrain[count] = t;
            weight[count++] = w;
            return;
        }
        // Seven terrains reaching one point: the lightest gives way.
        auto lightest = std::min_element(weight.begin(), weight.end());
        if (*lightest < w) {
            terrain[static_cast<std::size_t>(lightest - weight.begin())] = t;
            *lightest = w;
        }
    }
    float weightOf(int t) const {
        for (std::size_t k = 0; k < count; ++k) {
            if (terrain[k] == t) {
                return weight[k];
            }
        }
        return 0;
    }
};

NaturalGround::~NaturalGround() = default;

const NaturalGround::Sample& NaturalGround::sample(int i, int j) const {
    return samples_[static_cast<std::size_t>(j) * nx_ + i];
}

int NaturalGround::samplesFor(double pixelsPerCell) {
    if (pixelsPerCell <= 0) {
        return 12; // paper: smooth at any size it prints
    }
    // A lattice point every 8 pixels: boundaries bend smoothly at any working zoom, and the field
    // costs a third of what one every 5 pixels did.
    return std::clamp(static_cast<int>(std::ceil(pixelsPerCell / 8)), 3, 16);
}

NaturalGround::NaturalGround(const Map& map, const Layout& layout, double regionLeft, double regionTop,
                             double regionRight, double regionBottom, const Options& options)
    : map_(map), layout_(layout), options_(options) {
    const Grid& g = map.grid;
    const double size = layout.cellSize();
    step_ = size / std::max(1, options.samplesPerCell);
    // The region and the shading's reach around it (a quarter of a cell, and a step for the
    // squares on the edge), so the points it shows have the whole stencil around them, as they do
    // in any other region that shows them.
    const int span = std::max(1, options.samplesPerCell / 4);
    const double extent = (span + 2) * step_;
    const double left = std::max(0.0, regionLeft - extent), top = std::max(0.0, regionTop - extent);
    const double right = std::min(layout.width(), regionRight + extent);
    const double bottom = std::min(layout.height(), regionBottom + extent);
    // On multiples of the step from the map's corner, so the tiles of a view share their lattice
    // points and their edges meet exactly.
    x0_ = std::floor(left / step_) * step_;
    y0_ = std::floor(top / step_) * step_;
    nx_ = std::max(2, static_cast<int>(std::ceil((right - x0_) / step_)) + 1);
    ny_ = std::max(2, static_cast<int>(std::ceil((bottom - y0_) / step_)) + 1);
    samples_.resize(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_));
    std::vector<Point> looked(samples_.size());
    for (int j = 0; j < ny_; ++j) {
        for (int i = 0; i < nx_; ++i) {
            const Point p = at(i, j);
            looked[static_cast<std::size_t>(j) * nx_ + i] = warped(p.x / size, p.y / size);
        }
    }
    // Every cell whose weight can reach the lattice spreads it over the lattice points near it.
    const double reach = kernelReach + broadWarp + fineWarp;
    Offset first, last;
    layout.visibleRange(x0_ - reach * size, y0_ - reach * size, x0_ + nx_ * step_ + reach * size,
                        y0_ + ny_ * step_ + reach * size, first, last);
    const int c0 = std::max(0, std::min(first.col, last.col)),
              c1 = std::min(g.cols() - 1, std::max(first.col, last.col));
    const int r0 = std::max(0, std::min(first.row, last.row)),
              r1 = std::min(g.rows() - 1, std::max(first.row, last.row));
    const double reach2 = kernelReach * kernelReach;
    for (int row = r0; row <= r1; ++row) {
        for (int col = c0; col <= c1; ++col) {
            const Offset c{col, row};
            const Point centre = layout.cellCenter(c);
            const double cu = centre.x / size, cv = centre.y / size;
            const int i0 = std::max(0, static_cast<int>(std::floor((centre.x - reach * size - x0_) / step_)));
            const int i1 =
                std::min(nx_ - 1, static_cast<int>(std::ceil((centre.x + reach * size - x0_) / step_)));
            const int j0 = std::max(0, static_cast<int>(std::floor((centre.y - reach * size - y0_) / step_)));
            const int j1 =
                std::min(ny_ - 1, static_cast<int>(std::ceil((centre.y + reach * size - y0_) / step_)));
            const std::size_t index = g.index(c);
            const int terrain = map.terrain[index];
            const int level = options.elevation ? map.elevation[index] : 0;
            for (int j = j0; j <= j1; ++j) {
                for (int i = i0; i <= i1; ++i) {
                    const std::size_t k = static_cast<std::size_t>(j) * nx_ + i;
                    const double du = looked[k].x - cu, dv = looked[k].y - cv;
                    const double d2 = (du * du + dv * dv) / reach2;
                    if (d2 < 1) {
                        const double w = (1 - d2) * (1 - d2) * (1 - d2);
                        samples_[k].add(terrain, static_cast<float>(w), level);
                    }
                }
            }
        }
    }
    for (Sample& s : samples_) {
        if (s.total > 0) {
            s.covered = true;
            s.height = s.heightSum / s.total;
            s.shown.terrain = s.terrain[static_cast<std::size_t>(
                std::max_element(s.weight.begin(), s.weight.begin() + static_cast<std::ptrdiff_t>(s.count)) -
                s.weight.begin())];
            s.shown.level = static_cast<int>(std::floor(s.height + 0.5f));
        }
    }
    if (options.elevation && options.shading) {
        // The light from the north-west, as the cells' style has it (MapPainter::shadeOf): the sum
        // over a cell's directions of the rise toward the light, from the height's gradient.
        // The gradient over a quarter of a cell each way, so the noise's wander in the height does
        // not break the shading into specks.
        const double k = -std::numbers::sqrt2 / 2 * (g.sideCount() / 2.0) * size;
        for (int j = 0; j < ny_; ++j) {
            for (int i = 0; i < nx_; ++i) {
                Sample& s = samples_[static_cast<std::size_t>(j) * nx_ + i];
                const int il = std::max(0, i - span), ir = std::min(nx_ - 1, i + span);
                const int jt = std::max(0, j - span), jb = std::min(ny_ - 1, j + span);
                const double dx = (sample(ir, j).height - sample(il, j).height) / ((ir - il) * step_);
                const double dy = (sample(i, jb).height - sample(i, jt).height) / ((jb - jt) * step_);
                s.slope = static_cast<float>(k * (dx + dy));
                s.shown.shade = std::clamp(static_cast<int>(std::lround(s.slope)), -options.shadeSteps,
                                           options.shadeSteps);
            }
        }
    }
}

double NaturalGround::margin(const Sample& s, const GroundClass& c) const {
    if (!s.covered) {
        return -1;
    }
    // Terrain: by how much its weight leads (or trails) the heaviest other, as a part of the whole.
    const float own = s.weightOf(c.terrain);
    float other = 0;
    for (std::size_t k = 0; k < s.count; ++k) {
        if (s.terrain[k] != c.terrain) {
            other = std::max(other, s.weight[k]);
        }
    }
    double g = (own - other) / s.total;
    if (options_.elevation) {
        g = std::min({g, s.height - (c.level - 0.5), (c.level + 0.5) - s.height});
    }
    if (options_.elevation && options_.shading) {
        const double steps = options_.shadeSteps;
        const double below = c.shade <= -steps ? 1.0 : s.slope - (c.shade - 0.5);
        const double above = c.shade >= steps ? 1.0 : (c.shade + 0.5) - s.slope;
        g = std::min({g, below, above});
    }
    return g;
}

void NaturalGround::fill(cairo_t* cr, const std::function<Rgb(const GroundClass&)>& colour) const {
    // Each class's pieces in one path: whole squares merged into runs along a row, and the parts
    // of squares its boundary crosses. A square a boundary crosses is first filled whole in the
    // class of its first corner: where three classes meet, or a class lies between its corners'
    // (a shade between two others), the parts leave gaps, which that colour fills.
    struct Shapes {
        std::vector<Point> points;
        std::vector<std::uint8_t> sizes; // each polygon's count of points, in order
        void add(const Point* from, std::size_t n) {
            points.insert(points.end(), from, from + n);
            sizes.push_back(static_cast<std::uint8_t>(n));
        }
    };
    std::map<GroundClass, Shapes> under, pieces;
    for (int j = 0; j + 1 < ny_; ++j) {
        int runStart = -1;
        GroundClass runClass;
        auto endRun = [&](int end) {
            if (runStart >= 0) {
                const Point a = at(runStart, j), b = at(end, j + 1);
                const std::array<Point, 4> run{a, Point{b.x, a.y}, b, Point{a.x, b.y}};
                under[runClass].add(run.data(), run.size());
                runStart = -1;
            }
        };
        for (int i = 0; i + 1 < nx_; ++i) {
            const std::array<const Sample*, 4> s{&sample(i, j), &sample(i + 1, j), &sample(i + 1, j + 1),
                                                 &sample(i, j + 1)};
            const bool whole = std::ranges::all_of(
                s, [&](const Sample* x) { return x->covered && x->shown == s[0]->shown; });
            if (whole) {
                if (runStart >= 0 && runClass != s[0]->shown) {
                    endRun(i);
                }
                if (runStart < 0) {
                    runStart = i;
                    runClass = s[0]->shown;
                }
                continue;
            }
            endRun(i);
            const std::array<Point, 4> corner{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)};
            std::array<GroundClass, 4> seen{};
            std::size_t distinct = 0;
            for (const Sample* x : s) {
                if (x->covered &&
                    std::find(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(distinct), x->shown) ==
                        seen.begin() + static_cast<std::ptrdiff_t>(distinct)) {
                    seen[distinct++] = x->shown;
                }
            }
            if (distinct > 0) {
                under[seen[0]].add(corner.data(), corner.size());
            }
            for (std::size_t k = 0; k < distinct; ++k) {
                const std::array<double, 4> g{margin(*s[0], seen[k]), margin(*s[1], seen[k]),
                                              margin(*s[2], seen[k]), margin(*s[3], seen[k])};
                std::array<Point, 8> polygon;
                const int n = insidePart(corner, g, polygon);
                if (n >= 3) {
                    pieces[seen[k]].add(polygon.data(), static_cast<std::size_t>(n));
                }
            }
        }
        endRun(nx_ - 1);
    }
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, layout_.width(), layout_.height());
    cairo_clip(cr);
    for (const auto* layer : {&under, &pieces}) {
        for (const auto& [shown, shapes] : *layer) {
            cairo_new_path(cr);
            const Point* p = shapes.points.data();
            for (const std::uint8_t n : shapes.sizes) {
                cairo_move_to(cr, p[0].x, p[0].y);
                for (std::size_t k = 1; k < n; ++k) {
                    cairo_line_to(cr, p[k].x, p[k].y);
                }
                cairo_close_path(cr);
                p += n;
            }
            setAreaSource(cr, colour(shown));
            cairo_fill(cr);
        }
    }
    cairo_restore(cr);
}

void NaturalGround::contours(std::vector<std::pair<Point, Point>>& thin,
                             std::vector<std::pair<Point, Point>>& index) const {
    if (!options_.elevation) {
        return;
    }
    for (int j = 0; j + 1 < ny_; ++j) {
        for (int i = 0; i + 1 < nx_; ++i) {
            const std::array<const Sample*, 4> s{&sample(i, j), &sample(i + 1, j), &sample(i + 1, j + 1),
                                                 &sample(i, j + 1)};
            if (!std::ranges::all_of(s, [](const Sample* x) { return x->covered; })) {
                continue;
            }
            const std::array<double, 4> h{s[0]->height, s[1]->height, s[2]->height, s[3]->height};
            const auto [lo, hi] = std::minmax_element(h.begin(), h.end());
            const std::array<Point, 4> corner{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)};
            // The contour between level L-1 and L runs where the height is L - 0.5.
            for (int level = static_cast<int>(std::ceil(*lo + 0.5)); level - 0.5 <= *hi; ++level) {
                const double t = level - 0.5;
                std::array<Point, 4> cross{};
                std::array<bool, 4> crosses{};
                for (std::size_t k = 0; k < 4; ++k) {
                    const std::size_t next = (k + 1) % 4;
                    if ((h[k] >= t) != (h[next] >= t)) {
                        const double f = (t - h[k]) / (h[next] - h[k]);
                        cross[k] = {corner[k].x + (corner[next].x - corner[k].x) * f,
                                    corner[k].y + (corner[next].y - corner[k].y) * f};
                        crosses[k] = true;
                    }
                }
                auto& into = level % 5 == 0 ? index : thin;
                if (crosses[0] && crosses[1] && crosses[2] && crosses[3]) {
                    // A saddle: the middle decides which corners the lines cut off.
                    const bool middleAbove = (h[0] + h[1] + h[2] + h[3]) / 4 >= t;
                    if (middleAbove == (h[0] >= t)) {
                        into.push_back({cross[0], cross[1]});
                        into.push_back({cross[2], cross[3]});
                    } else {
                        into.push_back({cross[3], cross[0]});
                        into.push_back({cross[1], cross[2]});
                    }
                    continue;
                }
                std::array<Point, 2> ends{};
                int n = 0;
                for (std::size_t k = 0; k < 4 && n < 2; ++k) {
                    if (crosses[k]) {
                        ends[static_cast<std::size_t>(n++)] = cross[k];
                    }
                }
                if (n == 2) {
                    into.push_back({ends[0], ends[1]});
                }
            }
        }
    }
}

} // namespace sandtable
