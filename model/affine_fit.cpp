#include "affine_fit.hpp"

#include <cmath>

namespace sandtable {
namespace {

// Solves the 3 x 3 system m v = r by Cramer's rule; nothing when it is singular.
std::optional<std::array<double, 3>> solve3(const std::array<std::array<double, 3>, 3>& m,
                                            const std::array<double, 3>& r) {
    auto det = [](const std::array<std::array<double, 3>, 3>& a) {
        return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
               a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
               a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    };
    const double d = det(m);
    double scale = 0;
    for (const auto& row : m) {
        for (double v : row) {
            scale = std::max(scale, std::abs(v));
        }
    }
    if (std::abs(d) <= 1e-12 * scale * scale * scale) {
        return std::nullopt;
    }
    std::array<double, 3> out{};
    for (int k = 0; k < 3; ++k) {
        auto replaced = m;
        for (int i = 0; i < 3; ++i) {
            replaced[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] =
                r[static_cast<std::size_t>(i)];
        }
        out[static_cast<std::size_t>(k)] = det(replaced) / d;
    }
    return out;
}

} // namespace

std::optional<AffineFit> fitAffine(const std::vector<ControlPoint>& points) {
    if (points.size() < 3) {
        return std::nullopt;
    }
    // About the points' centroid, for a well-conditioned system.
    double cx = 0, cy = 0;
    for (const ControlPoint& p : points) {
        cx += p.px;
        cy += p.py;
    }
    cx /= static_cast<double>(points.size());
    cy /= static_cast<double>(points.size());
    std::array<std::array<double, 3>, 3> normal{};
    std::array<double, 3> forX{}, forY{};
    for (const ControlPoint& p : points) {
        const std::array<double, 3> v{p.px - cx, p.py - cy, 1};
        for (std::size_t i = 0; i < 3; ++i) {
            for (std::size_t j = 0; j < 3; ++j) {
                normal[i][j] += v[i] * v[j];
            }
            forX[i] += v[i] * p.mx;
            forY[i] += v[i] * p.my;
        }
    }
    const auto x = solve3(normal, forX), y = solve3(normal, forY);
    if (!x || !y) {
        return std::nullopt; // the points are on one line
    }
    AffineFit fit;
    // Back from centred coordinates: a (px - cx) + b (py - cy) + c.
    fit.transform = {(*x)[0], (*x)[1], (*x)[2] - (*x)[0] * cx - (*x)[1] * cy,
                     (*y)[0], (*y)[1], (*y)[2] - (*y)[0] * cx - (*y)[1] * cy};
    double sum = 0;
    for (const ControlPoint& p : points) {
        const Affine& m = fit.transform;
        const double ex = m[0] * p.px + m[1] * p.py + m[2] - p.mx,
                     ey = m[3] * p.px + m[4] * p.py + m[5] - p.my;
        fit.residuals.push_back(std::hypot(ex, ey));
        sum += ex * ex + ey * ey;
    }
    fit.rms = std::sqrt(sum / static_cast<double>(points.size()));
    return fit;
}

} // namespace sandtable
