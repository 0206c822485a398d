#include "hex.hpp"

#include <cmath>

namespace sandtable {

Hex Hex::round(double fq, double fr) {
    const double fs = -fq - fr;
    double q = std::round(fq), r = std::round(fr), s = std::round(fs);
    const double dq = std::abs(q - fq), dr = std::abs(r - fr), ds = std::abs(s - fs);
    if (dq > dr && dq > ds) {
        q = -r - s;
    } else if (dr > ds) {
        r = -q - s;
    }
    return {static_cast<int>(q), static_cast<int>(r)};
}

std::vector<Hex> Hex::lineDraw(Hex a, Hex b) {
    const int n = a.distance(b);
    std::vector<Hex> out;
    out.reserve(static_cast<std::size_t>(n) + 1);
    // A tiny nudge keeps points that fall exactly on an edge on one consistent side.
    const double aq = a.q + 1e-6, ar = a.r + 1e-6, bq = b.q + 1e-6, br = b.r + 1e-6;
    for (int i = 0; i <= n; ++i) {
        const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
        out.push_back(round(aq + (bq - aq) * t, ar + (br - ar) * t));
    }
    return out;
}

std::vector<Hex> Hex::ring(int radius) const {
    if (radius <= 0) {
        return {*this};
    }
    std::vector<Hex> out;
    out.reserve(static_cast<std::size_t>(6 * radius));
    Hex h = *this + direction(4).scaled(radius);
    for (int side = 0; side < 6; ++side) {
        for (int step = 0; step < radius; ++step) {
            out.push_back(h);
            h = h.neighbor(side);
        }
    }
    return out;
}

std::vector<Hex> Hex::spiral(int radius) const {
    std::vector<Hex> out{*this};
    for (int k = 1; k <= radius; ++k) {
        auto ring_k = ring(k);
        out.insert(out.end(), ring_k.begin(), ring_k.end());
    }
    return out;
}

} // namespace sandtable
