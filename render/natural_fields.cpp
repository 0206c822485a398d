#include "natural_fields.hpp"

#include "line_clip.hpp"
#include "natural_ground.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace sandtable {
namespace {

// A plot's furrows' angle: one of four, by a hash of the plot, so that neighbouring fields seldom
// run alike.
double furrowAngle(int column, int row) {
    std::uint32_t h =
        static_cast<std::uint32_t>(column) * 2654435761u ^ static_cast<std::uint32_t>(row) * 40503u;
    h = (h ^ (h >> 15)) * 2246822519u;
    h ^= h >> 13;
    constexpr double degree = std::numbers::pi / 180;
    constexpr std::array<double, 4> angles{-20 * degree, 20 * degree, 70 * degree, -70 * degree};
    return angles[h % angles.size()];
}

} // namespace

std::vector<std::pair<Point, Point>> fieldFurrows(const NaturalGround& ground, double cellSize, double left,
                                                  double top, double right, double bottom,
                                                  const std::function<bool(int terrain)>& field,
                                                  const FieldPlots& plots) {
    std::vector<std::pair<Point, Point>> furrows;
    const double w = plots.width * cellSize, h = plots.height * cellSize;
    const double spacing = plots.spacing * cellSize, inset = plots.inset * cellSize;
    const double step = spacing / 2; // along a furrow, where the ground is asked what it shows
    const auto isField = [&](Point p) {
        const std::optional<int> terrain = ground.terrainAt(p);
        return terrain && field(*terrain);
    };
    const int row0 = static_cast<int>(std::floor(top / h)), row1 = static_cast<int>(std::floor(bottom / h));
    for (int row = row0; row <= row1; ++row) {
        // Each row of plots set off by half a plot from the one above.
        const double shift = (row % 2 != 0) ? w / 2 : 0;
        const int col0 = static_cast<int>(std::floor((left - shift) / w));
        const int col1 = static_cast<int>(std::floor((right - shift) / w));
        for (int col = col0; col <= col1; ++col) {
            const double x0 = col * w + shift + inset, y0 = row * h + inset;
            const double x1 = (col + 1) * w + shift - inset, y1 = (row + 1) * h - inset;
            // Only what the region holds: a band draws its own part of a plot.
            const double cx0 = std::max(x0, left), cy0 = std::max(y0, top);
            const double cx1 = std::min(x1, right), cy1 = std::min(y1, bottom);
            if (cx0 >= cx1 || cy0 >= cy1) {
                continue;
            }
            // A plot wholly in one terrain lays its furrows whole or none of them, without asking
            // along them (the box a little larger than the points asked, which may pass its edge
            // by the rounding of a step).
            const double slack = spacing * 1e-6;
            const std::optional<int> throughout =
                ground.terrainThroughout(cx0 - slack, cy0 - slack, cx1 + slack, cy1 + slack);
            if (throughout && !field(*throughout)) {
                continue;
            }
            const double a = furrowAngle(col, row);
            const Point d{std::cos(a), std::sin(a)}, n{-d.y, d.x};
            // Furrows a spacing apart across the whole plot (from its middle, so every region that
            // holds a part of it lays the same ones), each cut to the plot and to the region.
            const Point middle{(x0 + x1) / 2, (y0 + y1) / 2};
            const int lines = static_cast<int>(std::ceil(std::hypot(x1 - x0, y1 - y0) / spacing));
            for (int k = -lines; k <= lines; ++k) {
                const Point through{middle.x + n.x * k * spacing, middle.y + n.y * k * spacing};
                double enter = 0, leave = 0;
                if (!clipLineToBox(through, d, cx0, cy0, cx1, cy1, enter, leave) || enter == leave) {
                    continue;
                }
                const auto furrow = [&](double from, double to) {
                    if (to > from) {
                        furrows.emplace_back(Point{through.x + d.x * from, through.y + d.y * from},
                                             Point{through.x + d.x * to, through.y + d.y * to});
                    }
                };
                // Runs of the furrow over field, asked a whole number of steps along it, so the same
                // points are asked in any region.
                const auto first = static_cast<long long>(std::ceil(enter / step));
                if (throughout) {
                    // All field: from the first point asked to the end.
                    if (static_cast<double>(first) * step <= leave + 1e-9) {
                        furrow(std::max(static_cast<double>(first) * step - step / 2, enter), leave);
                    }
                    continue;
                }
                std::optional<double> from;
                for (long long i = first; static_cast<double>(i) * step <= leave + 1e-9; ++i) {
                    const double t = static_cast<double>(i) * step;
                    const bool on = isField({through.x + d.x * t, through.y + d.y * t});
                    if (on && !from) {
                        from = std::max(t - step / 2, enter);
                    } else if (!on && from) {
                        furrow(*from, t - step / 2);
                        from.reset();
                    }
                }
                if (from) {
                    furrow(*from, leave);
                }
            }
        }
    }
    return furrows;
}

} // namespace sandtable
