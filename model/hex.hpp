#pragma once
// Hex is a cell of a hexagonal grid in cube coordinates (q + r + s = 0), after Red Blob Games'
// guide. Algorithms work here; storage and display use offset coordinates (see Grid).
#include <array>
#include <compare>
#include <cstdlib>
#include <functional>
#include <vector>

namespace sandtable {

struct Hex {
    int q = 0;
    int r = 0;

    constexpr int s() const { return -q - r; }
    constexpr auto operator<=>(const Hex&) const = default;
    constexpr Hex operator+(Hex o) const { return {q + o.q, r + o.r}; }
    constexpr Hex operator-(Hex o) const { return {q - o.q, r - o.r}; }
    constexpr Hex scaled(int k) const { return {q * k, r * k}; }

    // Directions 0..5 counter-clockwise from (+1, 0); direction d and d+3 are opposite.
    static constexpr Hex direction(int d) {
        constexpr int dq[6] = {1, 1, 0, -1, -1, 0};
        constexpr int dr[6] = {0, -1, -1, 0, 1, 1};
        const int i = ((d % 6) + 6) % 6;
        return {dq[i], dr[i]};
    }
    constexpr Hex neighbor(int d) const { return *this + direction(d); }
    constexpr int length() const { return (std::abs(q) + std::abs(r) + std::abs(s())) / 2; }
    constexpr int distance(Hex o) const { return (*this - o).length(); }

    // Rounds fractional cube coordinates to the nearest hex.
    static Hex round(double fq, double fr);
    // Cells on the straight line from a to b, both included (nudged so ties break consistently).
    static std::vector<Hex> lineDraw(Hex a, Hex b);
    std::vector<Hex> ring(int radius) const;
    std::vector<Hex> spiral(int radius) const;
};

} // namespace sandtable

template <> struct std::hash<sandtable::Hex> {
    std::size_t operator()(const sandtable::Hex& h) const noexcept {
        return std::hash<long long>{}((static_cast<long long>(h.q) << 32) ^ static_cast<unsigned>(h.r));
    }
};
