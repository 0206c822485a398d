#include "natural_ground.hpp"

#include "colours.hpp"
#include "contour_heights.hpp"
#include "outline_tracing.hpp"
#include "raster_stamps.hpp"
#include "square_cut.hpp"

#include "model/spread_kernel.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>
#include <ranges>

#include <cairo.h>

namespace sandtable {
namespace {

// A cell's weight reaches this far from its centre, in cells: past its neighbours' sides, so
// corners round off and a lone cell of woods becomes a wood, yet never to a neighbour's middle.
constexpr double kernelReach = 1.2;
// A cell's weight at squared distance d2 (in cells) from its centre: smooth, and nothing at its
// reach.
double kernelWeight(double d2) {
    constexpr double perReach2 =
        1 / (kernelReach * kernelReach); // a product, where a quotient cost a tenth of the lattice
    const double u = 1 - d2 * perReach2;
    return u * u * u;
}
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

// How far across a noise square (0 to 1) a place `t` of the way across it weighs: smoothly.
double smoothStep(double t) {
    return t * t * (3 - 2 * t);
}

// The noise inside one square from its corners' values (h00 top left, h10 top right, h01 bottom
// left, h11 bottom right) at smoothed place (sx, sy): across, then down. valueNoise2 and
// NoiseAlongRow both blend with it, so a point and a row's point are the same number.
double blendCorners(double h00, double h10, double h01, double h11, double sx, double sy) {
    const double top = h00 + (h10 - h00) * sx, bottom = h01 + (h11 - h01) * sx;
    return top + (bottom - top) * sy;
}

// Two value noises in -1..1 (seeds `a` and `b`) at one place: smooth, and the same at the same
// place whatever part of the map is drawn. One lattice cell and one blend serve both.
Point valueNoise2(double x, double y, std::uint32_t a, std::uint32_t b) {
    const double fx = std::floor(x), fy = std::floor(y);
    const int ix = static_cast<int>(fx), iy = static_cast<int>(fy);
    const double sx = smoothStep(x - fx), sy = smoothStep(y - fy);
    auto blend = [&](std::uint32_t seed) {
        return blendCorners(hashed(ix, iy, seed), hashed(ix + 1, iy, seed), hashed(ix, iy + 1, seed),
                            hashed(ix + 1, iy + 1, seed), sx, sy);
    };
    return {blend(a), blend(b)};
}

// The point at (u, v), in cells, moved by the broad and the fine noise found there.
Point warpedBy(double u, double v, Point broad, Point fine) {
    return {u + broadWarp * broad.x + fineWarp * fine.x, v + broadWarp * broad.y + fineWarp * fine.y};
}

// Where the point at (u, v), in cells, is looked up: moved by the noise.
Point warped(double u, double v) {
    return warpedBy(u, v, valueNoise2(u * broadWaves, v * broadWaves, 1, 3),
                    valueNoise2(u * fineWaves, v * fineWaves, 2, 4));
}

// valueNoise2 along one row y, for x from `first` to `last`: the noise lattice's values on the two
// lattice rows about y hashed once for the row, where each point would hash its four corners twice
// (a tenth of a natural picture's time), and kept for the next row (moveTo): a lattice several
// rows a noise square hashes each noise row once. The same numbers as valueNoise2, blended in its
// order.
class NoiseAlongRow {
  public:
    NoiseAlongRow(double y, double first, double last, std::uint32_t a, std::uint32_t b) : a_(a), b_(b) {
        ix0_ = static_cast<int>(std::floor(first));
        corners_.resize(static_cast<std::size_t>(static_cast<int>(std::floor(last)) - ix0_ + 2));
        moveTo(y);
    }
    // To row y, its noise rows hashed only where they are not the ones it has.
    void moveTo(double y) {
        const double fy = std::floor(y);
        const int iy = static_cast<int>(fy);
        sy_ = smoothStep(y - fy);
        if (hashed_ && iy == iy_) {
            return;
        }
        const bool next = iy == iy_ + 1 && hashed_;
        for (std::size_t k = 0; k < corners_.size(); ++k) {
            const int ix = ix0_ + static_cast<int>(k);
            Corners& c = corners_[k];
            if (next) {
                c = {c.a1, hashed(ix, iy + 1, a_), c.b1, hashed(ix, iy + 1, b_)};
            } else {
                c = {hashed(ix, iy, a_), hashed(ix, iy + 1, a_), hashed(ix, iy, b_), hashed(ix, iy + 1, b_)};
            }
        }
        iy_ = iy;
        hashed_ = true;
    }
    // x within [first, last].
    Point at(double x) const {
        const double fx = std::floor(x);
        const auto k = static_cast<std::size_t>(static_cast<int>(fx) - ix0_);
        const double sx = smoothStep(x - fx);
        const Corners& left = corners_[k];
        const Corners& right = corners_[k + 1];
        return {blendCorners(left.a0, right.a0, left.a1, right.a1, sx, sy_),
                blendCorners(left.b0, right.b0, left.b1, right.b1, sx, sy_)};
    }

  private:
    struct Corners {
        double a0, a1, b0, b1; // seed a on rows iy and iy + 1, seed b the same
    };
    std::uint32_t a_, b_;
    double sy_ = 0;
    int ix0_ = 0, iy_ = 0;
    bool hashed_ = false;
    std::vector<Corners> corners_;
};

// warped along one lattice row, v in cells, for u from `first` to `last`: the same points; moved
// down the lattice row by row (moveTo).
class WarpAlongRow {
  public:
    WarpAlongRow(double v, double first, double last)
        : v_(v), broad_(v * broadWaves, first * broadWaves, last * broadWaves, 1, 3),
          fine_(v * fineWaves, first * fineWaves, last * fineWaves, 2, 4) {}
    void moveTo(double v) {
        v_ = v;
        broad_.moveTo(v * broadWaves);
        fine_.moveTo(v * fineWaves);
    }
    Point at(double u) const { return warpedBy(u, v_, broad_.at(u * broadWaves), fine_.at(u * fineWaves)); }

  private:
    double v_;
    NoiseAlongRow broad_, fine_;
};

// What a cell adds to its own weight at squared distance d2 (in cells) from its centre, beyond the field:
// so much within `full` that its terrain and level win whatever its neighbours are, falling
// smoothly to nothing a tenth of a cell further out, so no edge shows where it ends.
constexpr double holdStrength = 2, holdFade = 0.1;
double middleHold(double d2, double full) {
    if (d2 <= full * full) {
        return holdStrength;
    }
    if (d2 >= (full + holdFade) * (full + holdFade)) {
        return 0;
    }
    const double t = 1 - (std::sqrt(d2) - full) / holdFade;
    return holdStrength * t * t * (3 - 2 * t);
}

// How far from its level a cell's middle may show the terrain model's height: inside the level's
// band (half a level each way) by a margin, so the middle's colour is its level's wherever a
// lattice square's linear cut puts the boundary.
constexpr float middleBand = 0.45f;

// How far from its level a held point may show the model's height at squared distance d2 (in
// cells) from its cell's centre: middleBand across the middle itself, widening smoothly to nearly
// half a level where the hold ends, so the model's own contour is moved only where it would cross
// into the middle, and not pushed out to the hold's edge all round (which beaded a contour
// running near a row of middles with a bulge at each).
float heldBand(double d2, double full) {
    constexpr float nearlyHalf = 0.49f;
    const double inner = naturalMiddle / 2, outer = full + holdFade;
    const double t = std::clamp((std::sqrt(d2) - inner) / (outer - inner), 0.0, 1.0);
    return middleBand + static_cast<float>(t * t * (3 - 2 * t)) * (nearlyHalf - middleBand);
}

// What the terrain model's height at a cell's centre (in cells' sizes) needs to lie in the cell's
// level's band: nothing when the model agrees with the level. Spread over the cell (Sample::settle),
// so a crest the model runs at a contour's height is lifted clear of it along its length, not only
// in each middle (which beaded the line at every middle). The band is narrowed by the model's rise
// over the held middle (its slope, over a quarter of a cell each way, times a fifth of a cell), so
// the whole middle, not only its centre, lies in the level: a contour the model runs close by a
// column of middles is moved aside along the column as one, where the hold alone pushed it round
// each middle in turn.
float middleCorrection(const HeightSurface& surface, Point centreInCells, int level) {
    const double u = centreInCells.x, v = centreInCells.y;
    const double ground = surface.at(u, v);
    // How far the hold reaches from the centre on a fine lattice: the middle and the hold's fade.
    constexpr double across = 0.25, heldReach = naturalMiddle / 2 + holdFade;
    const double rise = std::hypot(surface.at(u + across, v) - surface.at(u - across, v),
                                   surface.at(u, v + across) - surface.at(u, v - across)) /
                        (2 * across) * heldReach;
    const double room = std::max(0.0, middleBand - rise);
    return static_cast<float>(std::clamp(ground, level - room, level + room) - ground);
}

} // namespace

void keepInside(std::span<const MarginVertex> in, std::vector<MarginVertex>& out) {
    out.clear();
    for (std::size_t i = 0; i < in.size(); ++i) {
        const MarginVertex& a = in[i];
        const MarginVertex& b = in[(i + 1) % in.size()];
        if (a.margin > 0) {
            out.push_back(a);
        }
        if ((a.margin > 0) != (b.margin > 0)) {
            const double t = a.margin / (a.margin - b.margin);
            out.push_back({{a.at.x + (b.at.x - a.at.x) * t, a.at.y + (b.at.y - a.at.y) * t}, 0.0});
        }
    }
}

void isoLineThrough(const std::array<Point, 4>& corner, const std::array<double, 4>& value, double t,
                    bool inclusive, std::vector<std::pair<Point, Point>>& out) {
    const auto above = [&](double v) { return inclusive ? v >= t : v > t; };
    std::array<Point, 4> cross{};
    std::array<bool, 4> crosses{};
    for (std::size_t k = 0; k < 4; ++k) {
        const std::size_t next = (k + 1) % 4;
        if (above(value[k]) != above(value[next])) {
            const double f = (t - value[k]) / (value[next] - value[k]);
            cross[k] = {corner[k].x + (corner[next].x - corner[k].x) * f,
                        corner[k].y + (corner[next].y - corner[k].y) * f};
            crosses[k] = true;
        }
    }
    if (crosses[0] && crosses[1] && crosses[2] && crosses[3]) {
        if (above((value[0] + value[1] + value[2] + value[3]) / 4) == above(value[0])) {
            out.push_back({cross[0], cross[1]});
            out.push_back({cross[2], cross[3]});
        } else {
            out.push_back({cross[3], cross[0]});
            out.push_back({cross[1], cross[2]});
        }
        return;
    }
    std::array<Point, 2> ends{};
    std::size_t n = 0;
    for (std::size_t k = 0; k < 4 && n < 2; ++k) {
        if (crosses[k]) {
            ends[n++] = cross[k];
        }
    }
    if (n == 2) {
        out.push_back({ends[0], ends[1]});
    }
}

namespace {

// Whether every corner `s` of a square is on the ground and alike in `key` (its class, its terrain):
// then the whole square shows that.
template <class Corners, class Key> bool alike(const Corners& s, Key key) {
    return std::ranges::all_of(s, [&](const auto* x) { return x->covered && key(*x) == key(*s[0]); });
}

// Within this distance of a cell's centre (in cells) its middle's hold is whole: the middle that
// shows its own terrain, and half a lattice square around it, so the linear cuts of the squares
// there cannot clip the middle (TheMiddleOfEveryCellShowsItsOwnTerrainAndLevel holds the pictures
// to it).
double holdFullFor(int samplesPerCell) {
    return naturalMiddle / 2 + 1.0 / std::max(1, samplesPerCell) * std::numbers::sqrt2 / 2;
}

// The cells of the grid that may lie within `margin` (map units) of the rectangle (map units).
void cellsAround(const Layout& layout, const Grid& g, double left, double top, double right, double bottom,
                 double margin, Offset& from, Offset& to) {
    Offset first, last;
    layout.visibleRange(left - margin, top - margin, right + margin, bottom + margin, first, last);
    from = {std::max(0, std::min(first.col, last.col)), std::max(0, std::min(first.row, last.row))};
    to = {std::min(g.cols() - 1, std::max(first.col, last.col)),
          std::min(g.rows() - 1, std::max(first.row, last.row))};
}

// The cells whose weight can reach the rectangle (map units), within the grid.
void cellsReaching(const Layout& layout, const Grid& g, double left, double top, double right, double bottom,
                   Offset& from, Offset& to) {
    cellsAround(layout, g, left, top, right, bottom, (kernelReach + broadWarp + fineWarp) * layout.cellSize(),
                from, to);
}

// What the hill shading's slope is, times the sum of the height's gradient east and south.
double towardLight(const Grid& g, double size) {
    return -std::numbers::sqrt2 / 2 * (g.sideCount() / 2.0) * size;
}
// The hill shading's slope from the height's gradient (levels a map unit, east and south): the light
// from the north-west, as the cells' style has it (MapPainter::shadeOf), the sum over a cell's
// directions of the rise toward the light.
double slopeTowardLight(const Grid& g, double size, double dx, double dy) {
    return towardLight(g, size) * (dx + dy);
}

// The shade step of a slope (MapPainter::shadeSteps counts them): the slope rounded half away from
// zero, as std::lround does, without its call into the maths library (a point of the lattice each),
// within `steps` either way.
int shadeStepOf(double slope, int steps) {
    if (!(std::abs(slope) <= steps + 1.0)) {
        return slope > 0 ? steps : -steps; // steep, or not a number (std::lround's least long)
    }
    const auto whole = static_cast<long long>(slope);       // toward zero
    const double rest = slope - static_cast<double>(whole); // exact below 2^52
    const long long rounded = whole + (rest >= 0.5 ? 1 : rest <= -0.5 ? -1 : 0);
    return static_cast<int>(std::clamp<long long>(rounded, -steps, steps));
}

// The lattice steps each way the shading's gradient is taken over: a quarter of a cell, so the
// noise's wander in the height does not break the shading into specks.
int shadingSpan(int samplesPerCell) {
    return std::max(1, samplesPerCell / 4);
}

} // namespace

// A lattice point as the drawing reads it: what each terrain weighs there (the heaviest six), the
// height and slope, and what it shows. About half the size of the sums it is made from
// (SampleSum), which are kept only for the rows being added up: an overview page of a 300 x 300
// map holds 700,000 of these.
struct NaturalGround::Sample {
    static constexpr std::size_t slots = 6;
    std::array<float, slots> weight{};
    float total = 0;
    float height = 0, slope = 0;
    float fieldHeight = 0; // the height without the middles' hold (or the model's own): the shading's
    GroundClass shown;
    std::array<TerrainIndex, slots> terrain{};
    std::uint8_t count = 0;
    bool covered = false;

    float weightOf(int t) const {
        for (std::size_t k = 0; k < count; ++k) {
            if (terrain[k] == t) {
                return weight[k];
            }
        }
        return 0;
    }
};

// A sample being added up, cell by cell, and settled once every cell is in.
struct NaturalGround::SampleSum {
    Sample sample;
    float heightSum = 0;
    float baseTotal = 0, baseHeightSum = 0;
    // The middles' corrections of the model's height (middleCorrection), each cell's weighted by
    // its share of the point: its weight, and the weighted sum.
    float spreadWeight = 0, spreadSum = 0;
    // The held band (heldBand) of each cell holding the point, weighted by its hold.
    float holdBandSum = 0;

    // What the cell centred at `centre` adds to the sample at `p` (both in cells), looked up at
    // `looked` (in cells, moved by the noise): its weight where its kernel reaches, and its
    // middle's hold. `correction`: the cell's middleCorrection, spread within a cell's size of its
    // centre (at the point itself, not moved by the noise: it corrects the model's height, which is
    // not), when the map has a terrain model (`spread`; settle reads the spread only then).
    void addCell(Point looked, Point p, Point centre, double holdFull, int t, int level, float correction,
                 bool spread) {
        const double ex = p.x - centre.x, ey = p.y - centre.y;
        const double e2 = ex * ex + ey * ey;
        if (spread && e2 < spreadReach * spreadReach) {
            const auto w = static_cast<float>(spreadKernel(e2));
            spreadWeight += w;
            spreadSum += w * correction;
        }
        const double du = looked.x - centre.x, dv = looked.y - centre.y;
        const double d2 = du * du + dv * dv;
        if (d2 >= kernelReach * kernelReach) {
            return;
        }
        const auto hold = static_cast<float>(middleHold(e2, holdFull));
        if (hold > 0) {
            holdBandSum += hold * heldBand(e2, holdFull);
        }
        add(t, static_cast<float>(kernelWeight(d2)), hold, level);
    }
    // `w` the cell's weight here, `hold` what it adds in its middle (not part of the shading).
    void add(int t, float w, float hold, int level) {
        Sample& s = sample;
        baseTotal += w;
        baseHeightSum += w * static_cast<float>(level);
        w += hold;
        s.total += w;
        heightSum += w * static_cast<float>(level);
        for (std::size_t k = 0; k < s.count; ++k) {
            if (s.terrain[k] == t) {
                s.weight[k] += w;
                return;
            }
        }
        if (s.count < Sample::slots) {
            s.terrain[s.count] = static_cast<TerrainIndex>(t);
            s.weight[s.count++] = w;
            return;
        }
        // Seven terrains reaching one point: the lightest gives way.
        auto lightest = std::min_element(s.weight.begin(), s.weight.end());
        if (*lightest < w) {
            s.terrain[static_cast<std::size_t>(lightest - s.weight.begin())] = static_cast<TerrainIndex>(t);
            *lightest = w;
        }
    }
    // Once every cell is added: the height, and the terrain and level shown (not the shade).
    // With the terrain model's height `ground` at this point, the height is the model's; in a
    // cell's middle it is kept within the cell's level band (as little moved as that needs), the
    // whole way where the hold is whole and fading with it: the middle shows the cell's level, and
    // a middle whose level the model agrees with draws no ring round it.
    void settle(std::optional<double> ground = std::nullopt) {
        Sample& s = sample;
        if (s.total <= 0) {
            return;
        }
        s.covered = true;
        // The shading is the model's own: the middles' corrections move the contours, not the light.
        const std::optional<double> model = ground;
        if (ground && spreadWeight > 0) {
            ground = *ground + spreadSum / spreadWeight;
        }
        if (ground) {
            const float holdWeight = s.total - baseTotal;
            float shownHeight = static_cast<float>(*ground);
            if (holdWeight > 0) {
                const float level = (heightSum - baseHeightSum) / holdWeight; // the middle's cell's
                const float band = holdBandSum / holdWeight;
                const float kept = std::clamp(shownHeight, level - band, level + band);
                shownHeight +=
                    std::min(1.0f, holdWeight / static_cast<float>(holdStrength)) * (kept - shownHeight);
            }
            baseHeightSum = static_cast<float>(*model) * baseTotal;
            heightSum = shownHeight * s.total;
        }
        s.height = heightSum / s.total;
        s.fieldHeight = baseTotal > 0 ? baseHeightSum / baseTotal : s.height;
        s.shown.terrain = s.terrain[static_cast<std::size_t>(
            std::max_element(s.weight.begin(), s.weight.begin() + static_cast<std::ptrdiff_t>(s.count)) -
            s.weight.begin())];
        s.shown.level = static_cast<int>(std::floor(s.height + 0.5f));
    }
};

NaturalGround::~NaturalGround() = default;

NaturalGround::Sample NaturalGround::sampleAt(const Map& map, const Layout& layout, Point p,
                                              int samplesPerCell, bool elevation) {
    const double size = layout.cellSize();
    const Point inCells{p.x / size, p.y / size};
    const Point looked = warped(inCells.x, inCells.y);
    Offset from, to;
    cellsReaching(layout, map.grid, p.x, p.y, p.x, p.y, from, to);
    const double holdFull = holdFullFor(samplesPerCell);
    // As the lattice's samples add their cells up, so a point and a sample at one place agree.
    SampleSum s;
    for (int row = from.row; row <= to.row; ++row) {
        for (int col = from.col; col <= to.col; ++col) {
            const Offset c{col, row};
            const std::size_t index = map.grid.index(c);
            const Point centre = layout.cellCenter(c);
            const int level = elevation ? map.elevation[index] : 0;
            const float correction =
                elevation && map.surface
                    ? middleCorrection(*map.surface, {centre.x / size, centre.y / size}, level)
                    : 0.0f;
            s.addCell(looked, inCells, {centre.x / size, centre.y / size}, holdFull, map.terrain[index],
                      level, correction, elevation && map.surface);
        }
    }
    s.settle(elevation && map.surface ? std::optional(map.surface->at(p.x / size, p.y / size))
                                      : std::nullopt);
    return s.sample;
}

double NaturalGround::heightAt(const Map& map, const Layout& layout, Point p, int samplesPerCell) {
    const Sample s = sampleAt(map, layout, p, samplesPerCell, true);
    return s.covered ? s.height : std::numeric_limits<double>::quiet_NaN();
}

std::optional<GroundClass> NaturalGround::shownAt(const Map& map, const Layout& layout, Point p,
                                                  const Options& options) {
    Sample s = sampleAt(map, layout, p, options.samplesPerCell, options.elevation);
    if (!s.covered) {
        return std::nullopt;
    }
    if (options.elevation && options.shading) {
        // The slope as the lattice finds it at a sample (the constructor's shading), over the same
        // span each way.
        const double size = layout.cellSize();
        const double reach = shadingSpan(options.samplesPerCell) * size / std::max(1, options.samplesPerCell);
        const auto field = [&](double dx, double dy) {
            const Sample at = sampleAt(map, layout, {p.x + dx, p.y + dy}, options.samplesPerCell, true);
            return static_cast<double>(at.fieldHeight);
        };
        const double slope =
            slopeTowardLight(map.grid, size, (field(reach, 0) - field(-reach, 0)) / (2 * reach),
                             (field(0, reach) - field(0, -reach)) / (2 * reach));
        s.shown.shade = shadeStepOf(slope, options.shadeSteps);
    }
    return s.shown;
}

const NaturalGround::Sample& NaturalGround::sample(int i, int j) const {
    return samples_[static_cast<std::size_t>(j) * nx_ + i];
}

std::array<const NaturalGround::Sample*, 4> NaturalGround::cornersOf(int i, int j) const {
    return {&sample(i, j), &sample(i + 1, j), &sample(i + 1, j + 1), &sample(i, j + 1)};
}

namespace {

// The pixels a lattice square spans at most on a raster (NaturalGround::samplesFor).
constexpr double rasterSquarePixels = 8;
// A cell's size in pixels as the lattice counts it: its last bit aside. A 56 pt cell at 72 dpi is
// 0.56 pixels a map unit times 100 units, 56.00000000000001 pixels, and took 8 squares of at most
// 8 pixels for 7 (the lattice's points and its time three tenths over).
double pixelsCounted(double pixelsPerCell) {
    return pixelsPerCell * (1 - 1e-12);
}

} // namespace

bool NaturalGround::squaresFitRaster(double pixelsPerCell, int samplesPerCell) {
    return pixelsCounted(pixelsPerCell) <= rasterSquarePixels * samplesPerCell;
}

int NaturalGround::samplesFor(double pixelsPerCell, bool paper) {
    // The lattice squares a cell takes, of at most `pixels` each.
    const auto squares = [&](double pixels) {
        return static_cast<int>(std::ceil(pixelsCounted(pixelsPerCell) / pixels));
    };
    if (paper) {
        // A print's pixels are at 300 dpi (map_print). A lattice square every 16 of them (1.4 mm),
        // up to 12 a cell: smooth at 16 mm a cell, and an overview page of the whole map is not
        // drawn as finely as the pages at full size.
        return std::clamp(squares(16), 3, 12);
    }
    // A lattice point every 8 pixels: boundaries bend smoothly at any working zoom, and the field
    // costs a third of what one every 5 pixels did.
    return std::clamp(squares(rasterSquarePixels), 3, 16);
}

// The rows one region kept for the next, and the lattice they belong to (the first region's).
struct NaturalGround::SharedRows::Kept {
    std::mutex mutex;
    bool fixed = false;
    const Map* map = nullptr;
    const Layout* layout = nullptr;
    Options options;
    long long column0 = 0;
    int columns = 0;
    std::map<long long, std::vector<Sample>> rows;
    std::size_t taken = 0;

    // Whether `ground`'s lattice is the one whose rows are kept here (the first one asked fixes it).
    bool fits(const NaturalGround& ground) {
        if (!fixed) {
            fixed = true;
            map = &ground.map_;
            layout = &ground.layout_;
            options = ground.options_;
            column0 = ground.column0_;
            columns = ground.nx_;
        }
        // The step follows from the layout and the options.
        return map == &ground.map_ && layout == &ground.layout_ && options == ground.options_ &&
               column0 == ground.column0_ && columns == ground.nx_;
    }
    // Copies the rows kept for `ground`'s lattice into its samples, taking them from here (only the
    // region beside the one that kept a row needs it); marks them in `took`.
    void takeInto(NaturalGround& ground, std::vector<char>& took) {
        // Rows far above the region were kept by regions drawn long before it (a picture's bands go
        // down the map in order) and found their rows worked out already.
        rows.erase(rows.begin(), rows.lower_bound(ground.row0_ - 4LL * ground.ny_));
        for (int j = 0; j < ground.ny_; ++j) {
            if (auto row = rows.find(ground.row0_ + j); row != rows.end()) {
                std::ranges::copy(row->second,
                                  ground.samples_.begin() + static_cast<std::ptrdiff_t>(j) * ground.nx_);
                rows.erase(row);
                took[static_cast<std::size_t>(j)] = 1;
                ++taken;
            }
        }
    }
    // Keeps `ground`'s first and last `sideRows` rows that it did not take; a row the region beside
    // kept meanwhile (both worked it out at once) is wanted by neither.
    void keepFrom(const NaturalGround& ground, const std::vector<char>& took, int sideRows) {
        for (int j = 0; j < ground.ny_; ++j) {
            const bool onSide = j < sideRows || j >= ground.ny_ - sideRows;
            if (!onSide || took[static_cast<std::size_t>(j)] != 0) {
                continue;
            }
            const auto [row, added] = rows.try_emplace(ground.row0_ + j);
            if (!added) {
                rows.erase(row);
                continue;
            }
            const auto begin = ground.samples_.begin() + static_cast<std::ptrdiff_t>(j) * ground.nx_;
            row->second.assign(begin, begin + ground.nx_);
        }
    }
};

NaturalGround::SharedRows::SharedRows() : kept_(std::make_unique<Kept>()) {}
NaturalGround::SharedRows::~SharedRows() = default;

std::size_t NaturalGround::SharedRows::rowsTaken() const {
    const std::lock_guard lock(kept_->mutex);
    return kept_->taken;
}

NaturalGround::NaturalGround(const Map& map, const Layout& layout, double regionLeft, double regionTop,
                             double regionRight, double regionBottom, const Options& options,
                             SharedRows* shared)
    : map_(map), layout_(layout), options_(options) {
    const Grid& g = map.grid;
    const double size = layout.cellSize();
    step_ = size / std::max(1, options.samplesPerCell);
    // The region and the shading's reach around it (a quarter of a cell, and a step for the
    // squares on the edge), so the points it shows have the whole stencil around them, as they do
    // in any other region that shows them.
    const int span = shadingSpan(options.samplesPerCell);
    const double extent = (span + 2) * step_;
    const double left = std::max(0.0, regionLeft - extent), top = std::max(0.0, regionTop - extent);
    const double right = std::min(layout.width(), regionRight + extent);
    const double bottom = std::min(layout.height(), regionBottom + extent);
    // On multiples of the step from the map's corner, so the tiles of a view share their lattice
    // points and their edges meet exactly.
    column0_ = static_cast<long long>(std::floor(left / step_));
    row0_ = static_cast<long long>(std::floor(top / step_));
    x0_ = static_cast<double>(column0_) * step_;
    y0_ = static_cast<double>(row0_) * step_;
    nx_ = std::max(2, static_cast<int>(std::ceil((right - x0_) / step_)) + 1);
    ny_ = std::max(2, static_cast<int>(std::ceil((bottom - y0_) / step_)) + 1);
    samples_.resize(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_));
    // The rows along the lattice's top and bottom that the region beside it may have worked out, or
    // may need: its reach past the region (extent) twice, the step either side, and one for the
    // rounding of the region's edge.
    const int sideRows = 2 * (span + 2) + 3;
    // Rows taken from `shared`, not worked out here.
    std::vector<char> taken(static_cast<std::size_t>(ny_), 0);
    SharedRows::Kept* kept = nullptr;
    if (shared != nullptr) {
        const std::lock_guard lock(shared->kept_->mutex);
        if (shared->kept_->fits(*this)) {
            kept = shared->kept_.get();
            kept->takeInto(*this, taken);
        }
    }
    // Every cell whose weight can reach the lattice spreads it over the lattice points near it:
    // the cells listed a band of rows at a time, the sums held a row at a time.
    const double reach = kernelReach + broadWarp + fineWarp;
    // The same round the centre: the noise moves a point by up to a warp each way, so as far as
    // √2 warps, and no cell adds anything to a point farther than this (its middle's hold and
    // its spread reach less far than its kernel).
    const double roundReach = kernelReach + (broadWarp + fineWarp) * std::numbers::sqrt2;
    const double holdFull = holdFullFor(options.samplesPerCell);
    const HeightSurface* surface = options.elevation && map.surface ? &*map.surface : nullptr;
    constexpr int bandRows = 64;
    // A cell whose weight reaches the band: its centre (in cells), the lattice rows it reaches and
    // what it adds.
    struct Reaching {
        Point centre;
        int firstRow, lastRow;
        int terrain, level;
        float correction;
        // Every cell that reaches a point within wholeReach of this one's centre shows its terrain and
        // level: such a point is this cell's alone (see below), and is this sample.
        bool whole;
        Sample alone;
    };
    // A point within this distance of a cell's centre (in cells) is reached by that cell's kernel
    // wherever the noise moves it (kernelReach less the most the noise moves a point); every cell
    // that reaches it lies within roundReach of it, so within wholeReach + roundReach of the centre.
    constexpr double wholeReach = 0.95;
    static_assert(wholeReach < kernelReach - (broadWarp + fineWarp) * std::numbers::sqrt2);
    // Where the ground has no terrain model, a point all of whose cells show one terrain and level
    // adds up to that terrain and level whatever their weights (its height the level to a float's
    // last bit); on a terrain model its height is the model's, which the sums move.
    const bool wholeCellsShortcut = surface == nullptr && options.wholeCells;
    const auto sameAsAround = [&](Offset c, Point centreInCells, int terrain, int level) {
        const double around = wholeReach + roundReach;
        Offset lo, hi;
        cellsAround(layout, g, centreInCells.x * size, centreInCells.y * size, centreInCells.x * size,
                    centreInCells.y * size, around * size, lo, hi);
        for (int row = lo.row; row <= hi.row; ++row) {
            for (int col = lo.col; col <= hi.col; ++col) {
                const Offset other{col, row};
                const std::size_t index = g.index(other);
                if (other == c || (map.terrain[index] == terrain &&
                                   (options.elevation ? map.elevation[index] : 0) == level)) {
                    continue;
                }
                const Point o = layout.cellCenter(other);
                const double du = o.x / size - centreInCells.x, dv = o.y / size - centreInCells.y;
                if (du * du + dv * dv <= around * around) {
                    return false;
                }
            }
        }
        return true;
    };
    std::vector<Reaching> cells;
    std::vector<SampleSum> sums(static_cast<std::size_t>(nx_));
    // The lattice's columns and rows in cells.
    std::vector<double> across(static_cast<std::size_t>(nx_));
    for (int i = 0; i < nx_; ++i) {
        across[static_cast<std::size_t>(i)] = at(i, 0).x / size;
    }
    const int perCell = std::max(1, options.samplesPerCell);
    const double x0InCells = x0_ / size;
    // The lattice's columns along the row `v` (in cells) within `radius` of `centre`: every one
    // that may be (`outward`), or only those surely inside; none when the first is past the last.
    const auto columnsWithin = [&](Point centre, double v, double radius, bool outward) {
        const double down = v - centre.y, across2 = radius * radius - down * down;
        if (across2 <= 0) {
            return std::pair{0, -1};
        }
        const double half = std::sqrt(across2);
        const double first = (centre.x - half - x0InCells) * perCell,
                     last = (centre.x + half - x0InCells) * perCell;
        return std::pair{std::max(0, static_cast<int>(outward ? std::floor(first) : std::ceil(first))),
                         std::min(nx_ - 1, static_cast<int>(outward ? std::ceil(last) : std::floor(last)))};
    };
    // A row's points: their sums, where the noise moves them, and the whole cell each takes alone
    // (nullptr: it adds its cells up).
    std::vector<Point> looked(static_cast<std::size_t>(nx_));
    std::vector<const Reaching*> wholeOf(static_cast<std::size_t>(nx_));
    // Each point's first from it on that adds its cells up (nx_ past the last): the cells are added
    // to those alone, where each cell looked at every point it reaches, most of them settled whole
    // on most maps (a tenth of a large picture's time was those looks).
    std::vector<int> nextSummed(static_cast<std::size_t>(nx_) + 1);
    // The noise along the rows (every row spans the same columns), from the first row worked out.
    std::optional<WarpAlongRow> noise;
    for (int band = 0; band < ny_; band += bandRows) {
        const int bandEnd = std::min(ny_, band + bandRows);
        const auto isTaken = [&](int j) { return taken[static_cast<std::size_t>(j)] != 0; };
        if (std::ranges::all_of(std::views::iota(band, bandEnd), isTaken)) {
            continue;
        }
        Offset from, to;
        cellsReaching(layout, g, x0_, at(0, band).y, x0_ + nx_ * step_, at(0, bandEnd - 1).y, from, to);
        cells.clear();
        for (int row = from.row; row <= to.row; ++row) {
            for (int col = from.col; col <= to.col; ++col) {
                const Offset c{col, row};
                const Point centre = layout.cellCenter(c);
                const int j0 =
                    std::max(band, static_cast<int>(std::floor((centre.y - reach * size - y0_) / step_)));
                const int j1 = std::min(bandEnd - 1,
                                        static_cast<int>(std::ceil((centre.y + reach * size - y0_) / step_)));
                if (j0 > j1) {
                    continue;
                }
                const std::size_t index = g.index(c);
                const int level = options.elevation ? map.elevation[index] : 0;
                const float correction =
                    surface != nullptr ? middleCorrection(*surface, {centre.x / size, centre.y / size}, level)
                                       : 0.0f;
                const Point inCells{centre.x / size, centre.y / size};
                const bool whole = wholeCellsShortcut && sameAsAround(c, inCells, map.terrain[index], level);
                cells.push_back({inCells, j0, j1, map.terrain[index], level, correction, whole, {}});
                if (whole) {
                    // What a point adding up this cell alone settles to.
                    SampleSum alone;
                    alone.add(map.terrain[index], 1, 0, level);
                    alone.settle();
                    cells.back().alone = alone.sample;
                }
            }
        }
        // A lattice row at a time: its sums stay in the cache while its cells are added up, settled
        // and kept, and every point gets its cells in the order they are listed (row by row), as
        // it would with the whole lattice at once.
        for (int j = band; j < bandEnd; ++j) {
            if (isTaken(j)) {
                continue;
            }
            const double v = at(0, j).y / size;
            // The points near a whole cell's centre take its terrain and level alone: no noise, no
            // sums.
            std::ranges::fill(wholeOf, nullptr);
            for (const Reaching& cell : cells) {
                if (!cell.whole) {
                    continue;
                }
                const auto [i0, i1] = columnsWithin(cell.centre, v, wholeReach, false);
                for (int i = i0; i <= i1; ++i) {
                    wholeOf[static_cast<std::size_t>(i)] = &cell;
                }
            }
            if (!noise) {
                noise.emplace(v, at(0, j).x / size, at(nx_ - 1, j).x / size);
            } else {
                noise->moveTo(v);
            }
            nextSummed[static_cast<std::size_t>(nx_)] = nx_;
            for (int i = nx_ - 1; i >= 0; --i) {
                const auto k = static_cast<std::size_t>(i);
                nextSummed[k] = wholeOf[k] == nullptr ? i : nextSummed[k + 1];
                if (wholeOf[k] == nullptr) {
                    looked[k] = noise->at(across[k]);
                    sums[k] = SampleSum{};
                }
            }
            for (const Reaching& cell : cells) {
                if (nextSummed[0] == nx_) {
                    break; // the whole row settled whole
                }
                if (j < cell.firstRow || j > cell.lastRow) {
                    continue;
                }
                // Along the row, the points within roundReach of the centre that add their cells up.
                const auto [i0, i1] = columnsWithin(cell.centre, v, roundReach, true);
                if (i0 > i1) {
                    continue;
                }
                for (int i = nextSummed[static_cast<std::size_t>(i0)]; i <= i1;
                     i = nextSummed[static_cast<std::size_t>(i) + 1]) {
                    const auto k = static_cast<std::size_t>(i);
                    sums[k].addCell(looked[k], {across[k], v}, cell.centre, holdFull, cell.terrain,
                                    cell.level, cell.correction, surface != nullptr);
                }
            }
            for (int i = 0; i < nx_; ++i) {
                const auto k = static_cast<std::size_t>(i);
                if (const Reaching* whole = wholeOf[k]; whole != nullptr) {
                    samples_[static_cast<std::size_t>(j) * nx_ + k] = whole->alone;
                    ++pointsOfOneCell_;
                    continue;
                }
                const Point p = at(i, j);
                sums[k].settle(surface != nullptr ? std::optional(surface->at(p.x / size, p.y / size))
                                                  : std::nullopt);
                samples_[static_cast<std::size_t>(j) * nx_ + k] = sums[k].sample;
            }
        }
    }
    if (kept != nullptr) {
        // The rows along the sides, for the region beside this one (before they are shaded: the
        // shading looks at the rows around, which differ from region to region at its edges).
        const std::lock_guard lock(kept->mutex);
        kept->keepFrom(*this, taken, sideRows);
    }
    if (options.elevation && options.shading) {
        // The light from the north-west (slopeTowardLight), from the height's gradient over
        // shadingSpan steps each way.
        // The heights side by side, read five times a point (the samples are 60 bytes apart).
        std::vector<float> field(samples_.size());
        std::ranges::transform(samples_, field.begin(), &Sample::fieldHeight);
        const double light = towardLight(g, size);
        const auto rowOf = [&](int j) { return field.data() + static_cast<std::size_t>(j) * nx_; };
        for (int j = 0; j < ny_; ++j) {
            const int jt = std::max(0, j - span), jb = std::min(ny_ - 1, j + span);
            const float *row = rowOf(j), *above = rowOf(jt), *below = rowOf(jb);
            const double down = (jb - jt) * step_;
            Sample* samples = samples_.data() + static_cast<std::size_t>(j) * nx_;
            for (int i = 0; i < nx_; ++i) {
                const int il = std::max(0, i - span), ir = std::min(nx_ - 1, i + span);
                const double dx = (row[ir] - row[il]) / ((ir - il) * step_);
                const double dy = (below[i] - above[i]) / down;
                samples[i].slope = static_cast<float>(light * (dx + dy));
                samples[i].shown.shade = shadeStepOf(samples[i].slope, options.shadeSteps);
            }
        }
    }
    for (const Sample& s : samples_) {
        if (s.covered) {
            levels_.low = std::min(levels_.low, s.shown.level);
            levels_.high = std::max(levels_.high, s.shown.level);
        }
    }
    squareTerrain_.assign(samples_.size(), mixedSquare);
    for (int j = 0; j + 1 < ny_; ++j) {
        for (int i = 0; i + 1 < nx_; ++i) {
            const std::array<const Sample*, 4> corners = cornersOf(i, j);
            if (alike(corners, [](const Sample& x) { return x.shown.terrain; })) {
                squareTerrain_[static_cast<std::size_t>(j) * nx_ + i] =
                    static_cast<std::int16_t>(corners[0]->shown.terrain);
            }
        }
    }
}

double NaturalGround::terrainMargin(const Sample& s, int t) {
    if (!s.covered) {
        return -1.0;
    }
    const float own = s.weightOf(t);
    float other = 0;
    for (std::size_t k = 0; k < s.count; ++k) {
        if (s.terrain[k] != t) {
            other = std::max(other, s.weight[k]);
        }
    }
    return (own - other) / s.total;
}

std::optional<NaturalGround::PixelBox> NaturalGround::pixelsWithin(double clipX, double clipY,
                                                                   double clipWidth, double clipHeight,
                                                                   double sx, double sy, double tx, double ty,
                                                                   int width, int height) const {
    // The clip (Cairo gives it in user space, the map's units), the map and the lattice; then the
    // pixels whose middles lie inside.
    const double left = std::max({clipX, 0.0, x0_}),
                 right = std::min({clipX + clipWidth, layout_.width(), at(nx_ - 1, 0).x});
    const double top = std::max({clipY, 0.0, y0_}),
                 bottom = std::min({clipY + clipHeight, layout_.height(), at(0, ny_ - 1).y});
    PixelBox box{std::max(0, static_cast<int>(std::ceil(left * sx + tx - 0.5))),
                 std::min(width, static_cast<int>(std::ceil(right * sx + tx - 0.5))),
                 std::max(0, static_cast<int>(std::ceil(top * sy + ty - 0.5))),
                 std::min(height, static_cast<int>(std::ceil(bottom * sy + ty - 0.5)))};
    if (box.x0 >= box.x1 || box.y0 >= box.y1) {
        return std::nullopt;
    }
    return box;
}

void NaturalGround::reliefLattice(std::vector<float>& height, std::vector<float>& slope) const {
    height.resize(samples_.size());
    slope.resize(samples_.size());
    for (std::size_t k = 0; k < samples_.size(); ++k) {
        height[k] = samples_[k].covered ? samples_[k].height : std::numeric_limits<float>::quiet_NaN();
        slope[k] = samples_[k].slope;
    }
}

bool NaturalGround::cornerRelief(int i, int j, std::array<float, 4>& height, std::array<int, 4>& level,
                                 std::array<float, 4>& slope) const {
    const std::array<const Sample*, 4> corners = cornersOf(i, j);
    for (std::size_t k = 0; k < corners.size(); ++k) {
        if (!corners[k]->covered) {
            return false;
        }
        height[k] = corners[k]->height;
        level[k] = corners[k]->shown.level;
        slope[k] = corners[k]->slope;
    }
    return true;
}

void NaturalGround::fill(cairo_t* cr, const ColourOf& colour) const {
    // Each terrain's pieces traced into the outlines of their union, one path: the whole squares it
    // holds, and the parts of squares its boundary crosses. Traced, a PDF holds a quarter of the
    // points the pieces have (render/outline_tracing). Where three terrains meet in a square, their
    // parts leave a gap between their straight cuts: that square is first filled whole in the
    // terrain most inside it.
    // On a raster the pieces are filled as they are: they cost the scan converter no more than
    // their outlines, and tracing would cost the frame.
    const bool traced = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE;
    const double quantum = step_ / 1024;
    // Each layer's terrains: traced on paper, the pieces kept as they come on a raster.
    struct Layer {
        std::map<int, OutlineTracer> traced;
        std::map<int, Polylines> pieces;
    };
    Layer under, gaps, ground;
    const auto add = [&](Layer& layer, int terrain, const Point* polygon, std::size_t count) {
        if (traced) {
            layer.traced.try_emplace(terrain, Point{x0_, y0_}, quantum).first->second.add(polygon, count);
        } else {
            layer.pieces[terrain].add(polygon, count);
        }
    };
    std::vector<MarginVertex> part, clipped;
    std::vector<Point> polygon, run;
    for (int j = 0; j + 1 < ny_; ++j) {
        int runStart = -1, runTerrain = 0;
        auto endRun = [&](int end) {
            if (runStart >= 0) {
                // Traced, its long sides in lattice steps, as the squares above and below have
                // theirs.
                run.clear();
                const int stride = traced ? 1 : end - runStart;
                for (int i = runStart; i <= end; i += stride) {
                    run.push_back(at(i, j));
                }
                for (int i = end; i >= runStart; i -= stride) {
                    run.push_back(at(i, j + 1));
                }
                add(ground, runTerrain, run.data(), run.size());
                runStart = -1;
            }
        };
        for (int i = 0; i + 1 < nx_; ++i) {
            if (const int terrain = squareTerrain_[static_cast<std::size_t>(j) * nx_ + i];
                terrain != mixedSquare) {
                if (runStart >= 0 && runTerrain != terrain) {
                    endRun(i);
                }
                if (runStart < 0) {
                    runStart = i;
                    runTerrain = terrain;
                }
                continue;
            }
            endRun(i);
            const std::array<const Sample*, 4> s = cornersOf(i, j);
            const std::array<Point, 4> corner{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)};
            // Each terrain a corner shows, cut where its weight stops leading.
            std::array<int, 4> seen{};
            std::size_t distinct = 0;
            for (const Sample* x : s) {
                if (x->covered &&
                    std::find(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(distinct),
                              x->shown.terrain) == seen.begin() + static_cast<std::ptrdiff_t>(distinct)) {
                    seen[distinct++] = x->shown.terrain;
                }
            }
            std::size_t widest = 0;
            double widestMargin = -std::numeric_limits<double>::infinity(), covered = 0;
            for (std::size_t k = 0; k < distinct; ++k) {
                part.clear();
                double sum = 0;
                for (std::size_t c = 0; c < 4; ++c) {
                    part.push_back({corner[c], terrainMargin(*s[c], seen[k])});
                    sum += part.back().margin;
                }
                if (sum > widestMargin) {
                    widestMargin = sum;
                    widest = k;
                }
                keepInside(part, clipped);
                if (clipped.size() >= 3) {
                    polygon.clear();
                    for (const MarginVertex& v : clipped) {
                        polygon.push_back(v.at);
                    }
                    add(ground, seen[k], polygon.data(), polygon.size());
                    covered += std::abs(signedArea(polygon));
                }
            }
            // Where the parts leave a gap (three terrains meet), the square under them in the
            // terrain most inside it.
            if (distinct > 0 && covered < step_ * step_ * (1 - 1e-6)) {
                add(gaps, seen[widest], corner.data(), corner.size());
            }
        }
        endRun(nx_ - 1);
    }
    // Under it all, every cell whole in the terrain at its middle. Two fills that meet along an
    // antialiased edge let what is under them show through it (a seam): this way what shows is
    // the colour of one side or the other, not the paper.
    Offset first, last;
    layout_.visibleRange(x0_, y0_, x0_ + (nx_ - 1) * step_, y0_ + (ny_ - 1) * step_, first, last);
    for (int row = std::max(0, first.row); row <= std::min(map_.grid.rows() - 1, last.row); ++row) {
        for (int col = std::max(0, first.col); col <= std::min(map_.grid.cols() - 1, last.col); ++col) {
            const Point centre = layout_.cellCenter({col, row});
            const std::optional<GroundClass> middle =
                classAt(placeOf((centre.x - x0_) / step_, nx_), placeOf((centre.y - y0_) / step_, ny_));
            if (middle) {
                const auto corners = layout_.corners({col, row});
                add(under, middle->terrain, corners.data(), corners.size());
            }
        }
    }
    // The outlines simplified to within a tenth of a lattice square (0.13 mm at 16 mm a cell, the
    // most points a vector file can do without): each stretch two classes share from one junction
    // to the next keeps the same points in both, so no sliver opens between them.
    std::vector<OutlineTracer::Rings> rings;
    std::vector<const OutlineTracer::Rings*> all;
    rings.reserve(ground.traced.size());
    for (const auto& [terrain, tracer] : ground.traced) {
        rings.push_back(tracer.rings());
        all.push_back(&rings.back());
    }
    const std::vector<std::uint64_t> junctions = OutlineTracer::junctions(all);
    const auto fillShapes = [&](const Polylines& shapes, int terrain) {
        cairo_new_path(cr);
        shapes.addToPath(cr, true);
        setAreaSource(cr, colour(terrain));
        cairo_fill(cr);
    };
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, layout_.width(), layout_.height());
    cairo_clip(cr);
    for (const Layer* layer : {&under, &gaps}) {
        for (const auto& [terrain, tracer] : layer->traced) {
            fillShapes(tracer.outlines(), terrain);
        }
        for (const auto& [terrain, pieces] : layer->pieces) {
            fillShapes(pieces, terrain);
        }
    }
    std::size_t k = 0;
    for (const auto& [terrain, tracer] : ground.traced) {
        fillShapes(tracer.outlines(rings[k++], step_ / 10, junctions), terrain);
    }
    for (const auto& [terrain, pieces] : ground.pieces) {
        fillShapes(pieces, terrain);
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
            const std::array<const Sample*, 4> s = cornersOf(i, j);
            if (!std::ranges::all_of(s, [](const Sample* x) { return x->covered; })) {
                continue;
            }
            const std::array<double, 4> h{s[0]->height, s[1]->height, s[2]->height, s[3]->height};
            const auto [lo, hi] = std::minmax_element(h.begin(), h.end());
            const std::array<Point, 4> corner{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)};
            // The contour between level L-1 and L runs where the height is L - 0.5.
            for (int level = static_cast<int>(std::ceil(*lo + 0.5)); level - 0.5 <= *hi; ++level) {
                isoLineThrough(corner, h, level - 0.5, true, isIndexLevel(level) ? index : thin);
            }
        }
    }
}

NaturalGround::LatticePlace NaturalGround::placeOf(double u, int count) {
    const int i = std::clamp(static_cast<int>(std::floor(u)), 0, count - 2);
    return {i, std::clamp(u - i, 0.0, 1.0)};
}

std::optional<int> NaturalGround::terrainOf(LatticePlace across, LatticePlace down,
                                            std::array<double, 4>& share) const {
    const double fu = across.within, fv = down.within;
    const std::array<const Sample*, 4> s = cornersOf(across.square, down.square);
    // The corners' bilinear shares of the point, those off the ground left out.
    share = {(1 - fu) * (1 - fv), fu * (1 - fv), fu * fv, (1 - fu) * fv};
    double total = 0;
    for (std::size_t k = 0; k < 4; ++k) {
        share[k] = s[k]->covered ? share[k] : 0;
        total += share[k];
    }
    if (total <= 0) {
        return std::nullopt;
    }
    // The terrain that weighs most here, of those the corners show, each corner's weight as its part
    // of the whole there (the terrain margin fill clips by).
    double heaviest = -1;
    int terrain = 0;
    for (std::size_t a = 0; a < 4; ++a) {
        if (!s[a]->covered) {
            continue;
        }
        const int t = s[a]->shown.terrain;
        bool seen = false;
        for (std::size_t b = 0; b < a && !seen; ++b) {
            seen = s[b]->covered && s[b]->shown.terrain == t;
        }
        if (seen) {
            continue;
        }
        double weight = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            if (share[k] > 0) {
                weight += share[k] * s[k]->weightOf(t) / s[k]->total;
            }
        }
        if (weight > heaviest) {
            heaviest = weight;
            terrain = t;
        }
    }
    return terrain;
}

std::optional<GroundClass> NaturalGround::classAt(LatticePlace across, LatticePlace down) const {
    std::array<double, 4> w{};
    const std::optional<int> terrain = terrainOf(across, down, w);
    if (!terrain) {
        return std::nullopt;
    }
    const std::array<const Sample*, 4> s = cornersOf(across.square, down.square);
    GroundClass c;
    c.terrain = *terrain;
    double height = 0, slope = 0, total = 0;
    for (std::size_t k = 0; k < 4; ++k) {
        height += w[k] * s[k]->height;
        slope += w[k] * s[k]->slope;
        total += w[k];
    }
    height /= total;
    slope /= total;
    c.level = static_cast<int>(std::floor(height + 0.5));
    if (options_.elevation && options_.shading) {
        c.shade = shadeStepOf(slope, options_.shadeSteps);
    }
    return c;
}

std::optional<int> NaturalGround::terrainAt(Point p) const {
    const LatticePlace across = placeOf((p.x - x0_) / step_, nx_), down = placeOf((p.y - y0_) / step_, ny_);
    if (const int terrain = squareTerrain(across, down); terrain != mixedSquare) {
        return terrain;
    }
    std::array<double, 4> share{};
    return terrainOf(across, down, share);
}

std::optional<int> NaturalGround::terrainThroughout(double left, double top, double right,
                                                    double bottom) const {
    const int i0 = placeOf((left - x0_) / step_, nx_).square, i1 = placeOf((right - x0_) / step_, nx_).square;
    const int j0 = placeOf((top - y0_) / step_, ny_).square, j1 = placeOf((bottom - y0_) / step_, ny_).square;
    const int terrain = squareTerrain_[static_cast<std::size_t>(j0) * nx_ + i0];
    if (terrain == mixedSquare) {
        return std::nullopt;
    }
    for (int j = j0; j <= j1; ++j) {
        for (int i = i0; i <= i1; ++i) {
            if (squareTerrain_[static_cast<std::size_t>(j) * nx_ + i] != terrain) {
                return std::nullopt;
            }
        }
    }
    return terrain;
}

std::vector<Point> NaturalGround::scatter(double left, double top, double right, double bottom,
                                          double spacing, double jitter, double kept, unsigned seed,
                                          const std::function<bool(int)>& wanted) const {
    std::vector<Point> places;
    // Whether each terrain is wanted, asked once a terrain rather than once a place.
    std::vector<char> isWanted(map_.terrainTypes.size());
    for (std::size_t t = 0; t < isWanted.size(); ++t) {
        isWanted[t] = wanted(static_cast<int>(t)) ? 1 : 0;
    }
    const double reach = spacing * (0.5 + jitter); // how far a point may move from its lattice place
    const int a0 = static_cast<int>(std::floor((left - reach) / spacing));
    const int a1 = static_cast<int>(std::ceil((right + reach) / spacing));
    const int b0 = static_cast<int>(std::floor((top - reach) / spacing));
    const int b1 = static_cast<int>(std::ceil((bottom + reach) / spacing));
    // A row's places a few at a time: where the ground they may move over shows one terrain that
    // is not wanted, none of them is kept (and none is looked at); where it shows one that is, each
    // is kept without asking the ground where it landed.
    constexpr int together = 8;
    const double slack = spacing * 1e-6; // beyond the rounding of a place's position
    for (int b = b0; b <= b1; ++b) {
        std::optional<int> throughout;
        for (int a = a0; a <= a1; ++a) {
            if ((a - a0) % together == 0) {
                const int last = std::min(a1, a + together - 1);
                throughout = terrainThroughout(
                    (a + 0.5 - jitter) * spacing - slack, (b + 0.5 - jitter) * spacing - slack,
                    (last + 0.5 + jitter) * spacing + slack, (b + 0.5 + jitter) * spacing + slack);
                if (throughout && isWanted[static_cast<std::size_t>(*throughout)] == 0) {
                    a = last;
                    continue;
                }
            }
            if ((hashed(a, b, seed) + 1) / 2 >= kept) {
                continue;
            }
            const Point p{(a + 0.5 + jitter * hashed(a, b, seed + 1)) * spacing,
                          (b + 0.5 + jitter * hashed(a, b, seed + 2)) * spacing};
            if (p.x < left - reach || p.x > right + reach || p.y < top - reach || p.y > bottom + reach ||
                p.x < 0 || p.y < 0 || p.x > layout_.width() || p.y > layout_.height()) {
                continue;
            }
            const std::optional<int> terrain = throughout ? throughout : terrainAt(p);
            if (terrain && isWanted[static_cast<std::size_t>(*terrain)] != 0) {
                places.push_back(p);
            }
        }
    }
    return places;
}

bool NaturalGround::paint(cairo_t* cr, const ColourOf& colour) const {
    const std::optional<StraightImage> straight = straightImageOf(cr);
    if (!straight) {
        return false;
    }
    cairo_surface_t* target = straight->surface;
    // A pixel's place on the image is its place on the map times the scale, plus the shift.
    const double sx = straight->xx, sy = straight->yy, tx = straight->x0, ty = straight->y0;
    cairo_rectangle_list_t* clips = cairo_copy_clip_rectangle_list(cr);
    if (clips->status != CAIRO_STATUS_SUCCESS) {
        cairo_rectangle_list_destroy(clips);
        return false;
    }

    // Every terrain the lattice shows has a slot: its pixel, inked when first met.
    int terrains = 0;
    for (const Sample& s : samples_) {
        if (s.covered) {
            terrains = std::max(terrains, s.shown.terrain + 1);
        }
    }
    if (terrains == 0) {
        cairo_rectangle_list_destroy(clips);
        return true;
    }
    std::vector<std::uint32_t> palette(static_cast<std::size_t>(terrains), 0);
    const InkStyle ink = inkStyleOf(cr);
    // 0 is no ground (no opaque pixel is 0); 1 marks a square its boundaries cross.
    constexpr std::uint32_t none = 0, crossed = 1;
    const auto pixelOf = [&](int terrain) {
        std::uint32_t& p = palette[static_cast<std::size_t>(terrain)];
        if (p == none) {
            const Rgb i = inked(colour(terrain), ink, true);
            p = opaquePixel(i);
        }
        return p;
    };
    // A square all of whose corners show one terrain is that terrain's pixel throughout.
    const int squaresAcross = nx_ - 1;
    std::vector<std::uint32_t> square(static_cast<std::size_t>(squaresAcross) * (ny_ - 1), crossed);
    for (int j = 0; j + 1 < ny_; ++j) {
        for (int i = 0; i + 1 < nx_; ++i) {
            if (const int t = squareTerrain_[static_cast<std::size_t>(j) * nx_ + i]; t != mixedSquare) {
                square[static_cast<std::size_t>(j) * squaresAcross + i] = pixelOf(t);
            }
        }
    }
    const auto pixelAt = [&](LatticePlace across, LatticePlace down) {
        const std::uint32_t p = square[static_cast<std::size_t>(down.square) * squaresAcross + across.square];
        if (p != crossed) {
            return p;
        }
        std::array<double, 4> share{};
        const std::optional<int> terrain = terrainOf(across, down, share);
        return terrain ? pixelOf(*terrain) : none;
    };

    cairo_surface_flush(target);
    unsigned char* data = cairo_image_surface_get_data(target);
    const int width = cairo_image_surface_get_width(target), height = cairo_image_surface_get_height(target);
    const int stride = cairo_image_surface_get_stride(target);
    const bool smooth = cairo_get_antialias(cr) != CAIRO_ANTIALIAS_NONE;
    // On the lattice, the place of the image's point x (or y) pixels from its corner.
    const auto latticeU = [&](double x) { return placeOf(((x - tx) / sx - x0_) / step_, nx_); };
    const auto latticeV = [&](double y) { return placeOf(((y - ty) / sy - y0_) / step_, ny_); };
    for (int r = 0; r < clips->num_rectangles; ++r) {
        const cairo_rectangle_t& c = clips->rectangles[r];
        const std::optional<PixelBox> box =
            pixelsWithin(c.x, c.y, c.width, c.height, sx, sy, tx, ty, width, height);
        if (!box) {
            continue;
        }
        const int px0 = box->x0, px1 = box->x1, py0 = box->y0, py1 = box->y1;
        const std::size_t across = static_cast<std::size_t>(px1 - px0);
        // The lattice places of the pixels' corners (k) and middles (k + 0.5) along a row.
        std::vector<LatticePlace> cornerU(across + 1), middleU(across);
        for (std::size_t k = 0; k <= across; ++k) {
            cornerU[k] = latticeU(px0 + static_cast<double>(k));
            if (k < across) {
                middleU[k] = latticeU(px0 + static_cast<double>(k) + 0.5);
            }
        }
        if (!smooth) {
            for (int y = py0; y < py1; ++y) {
                auto* row =
                    reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride) + px0;
                const LatticePlace middleV = latticeV(y + 0.5);
                for (std::size_t k = 0; k < across; ++k) {
                    const std::uint32_t p = pixelAt(middleU[k], middleV);
                    if (p != none) {
                        row[k] = p;
                    }
                }
            }
            continue;
        }
        // A pixel all of whose corners lie in squares of one terrain is that terrain's pixel. Along
        // the pixel rows whose top and bottom corners lie in the same two rows of squares (most of
        // a square's pixel rows lie in its row alone), the squares that agree in both make runs of
        // such pixels, found once for those rows and set whole; the pixels between the runs, where
        // a boundary may cross, are found corner by corner.
        const int firstColumn = cornerU.front().square, lastColumn = cornerU.back().square;
        // For each square column from the first: the first pixel whose left corner lies in it or
        // after it, and the end of the pixels whose right corner lies in it or before it.
        const auto columns = static_cast<std::size_t>(lastColumn - firstColumn + 1);
        std::vector<std::size_t> pixelsFrom(columns, across), pixelsTo(columns, 0);
        for (std::size_t k = across; k-- > 0;) {
            pixelsFrom[static_cast<std::size_t>(cornerU[k].square - firstColumn)] = k;
        }
        for (std::size_t column = columns - 1; column-- > 0;) {
            pixelsFrom[column] = std::min(pixelsFrom[column], pixelsFrom[column + 1]);
        }
        for (std::size_t k = 0; k < across; ++k) {
            pixelsTo[static_cast<std::size_t>(cornerU[k + 1].square - firstColumn)] = k + 1;
        }
        for (std::size_t column = 1; column < columns; ++column) {
            pixelsTo[column] = std::max(pixelsTo[column], pixelsTo[column - 1]);
        }
        struct Run {
            std::size_t begin = 0, end = 0;
            std::uint32_t pixel = 0;
        };
        std::vector<Run> runs;
        int runsTop = -1, runsBottom = -1;
        // The pixels at the corners along a pixel row's top, between the runs; and each corner's
        // pixel last found (its bottom's, for the row being set), for the row of corners it was
        // found along.
        std::vector<std::uint32_t> above(across + 1), below(across + 1);
        std::vector<int> belowFor(across + 1, std::numeric_limits<int>::min());
        for (int y = py0; y < py1; ++y) {
            auto* row =
                reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride) + px0;
            const LatticePlace top = latticeV(y), bottom = latticeV(y + 1.0), middleV = latticeV(y + 0.5);
            if (top.square != runsTop || bottom.square != runsBottom) {
                runsTop = top.square;
                runsBottom = bottom.square;
                runs.clear();
                const std::uint32_t* upper = &square[static_cast<std::size_t>(runsTop) * squaresAcross];
                const std::uint32_t* lower = &square[static_cast<std::size_t>(runsBottom) * squaresAcross];
                for (int column = firstColumn; column <= lastColumn;) {
                    const std::uint32_t p = upper[column];
                    if (p == crossed || lower[column] != p) {
                        ++column;
                        continue;
                    }
                    const int first = column;
                    while (column <= lastColumn && upper[column] == p && lower[column] == p) {
                        ++column;
                    }
                    const std::size_t begin = pixelsFrom[static_cast<std::size_t>(first - firstColumn)],
                                      end = pixelsTo[static_cast<std::size_t>(column - 1 - firstColumn)];
                    if (begin < end) {
                        runs.push_back({begin, end, p});
                    }
                }
            }
            // The pixels from `begin` to before `end`, corner by corner: each corner's pixel found
            // once (a corner in a square a boundary crosses costs a class), its bottom kept for
            // the next row's top.
            const auto pixelsBetween = [&](std::size_t begin, std::size_t end) {
                if (begin >= end) {
                    return;
                }
                for (std::size_t k = begin; k <= end; ++k) {
                    above[k] = belowFor[k] == y ? below[k] : pixelAt(cornerU[k], top);
                    below[k] = pixelAt(cornerU[k], bottom);
                    belowFor[k] = y + 1;
                }
                for (std::size_t k = begin; k < end; ++k) {
                    const std::array<std::uint32_t, 4> corners{above[k], above[k + 1], below[k + 1],
                                                               below[k]};
                    if (corners[0] != none && corners[0] == corners[1] && corners[0] == corners[2] &&
                        corners[0] == corners[3]) {
                        row[k] = corners[0];
                        continue;
                    }
                    // A boundary crosses the pixel: the mean of its corners and, twice, its middle.
                    const std::uint32_t middle = pixelAt(middleU[k], middleV);
                    unsigned red = 0, green = 0, blue = 0, count = 0;
                    const auto add = [&](std::uint32_t p, unsigned times) {
                        if (p != none) {
                            red += (p >> 16 & 0xffu) * times;
                            green += (p >> 8 & 0xffu) * times;
                            blue += (p & 0xffu) * times;
                            count += times;
                        }
                    };
                    for (const std::uint32_t p : corners) {
                        add(p, 1);
                    }
                    add(middle, 2);
                    if (count > 0) {
                        row[k] = 0xff000000u | (red + count / 2) / count << 16 |
                                 (green + count / 2) / count << 8 | (blue + count / 2) / count;
                    }
                }
            };
            std::size_t done = 0;
            for (const Run& run : runs) {
                pixelsBetween(done, run.begin);
                std::fill(row + run.begin, row + run.end, run.pixel);
                done = run.end;
            }
            pixelsBetween(done, across);
        }
    }
    cairo_rectangle_list_destroy(clips);
    cairo_surface_mark_dirty(target);
    return true;
}

} // namespace sandtable
