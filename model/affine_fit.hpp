#pragma once
// An affine transformation fitted by least squares to three or more control points (a point of a
// scanned image and the map point it belongs at), with how far each point lands from where it was
// put: scans that are stretched or skewed line up where a two-point alignment cannot.
#include <array>
#include <compare>
#include <optional>
#include <vector>

namespace sandtable {

struct ControlPoint {
    double px = 0, py = 0; // on the image, in pixels
    double mx = 0, my = 0; // on the map, in cells
    auto operator<=>(const ControlPoint&) const = default;
};

// x = m[0] px + m[1] py + m[2], y = m[3] px + m[4] py + m[5].
using Affine = std::array<double, 6>;

struct AffineFit {
    Affine transform{};
    std::vector<double> residuals; // per point, in map units: where it lands from where it was put
    double rms = 0;
};

// The least-squares fit, or nothing for fewer than three points or points all on one line.
std::optional<AffineFit> fitAffine(const std::vector<ControlPoint>& points);

} // namespace sandtable
