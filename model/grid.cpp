#include "grid.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <tuple>

namespace sandtable {
namespace {

constexpr std::array<Offset, 4> squareSteps{Offset{1, 0}, Offset{0, -1}, Offset{-1, 0}, Offset{0, 1}};

int parityBit(int v) {
    return v & 1;
}

} // namespace

Hex Grid::toHex(Offset c) const {
    const bool odd = p_.parity == OffsetParity::Odd;
    if (p_.shape == GridShape::HexFlat) {
        const int shift = odd ? (c.col - parityBit(c.col)) / 2 : (c.col + parityBit(c.col)) / 2;
        return {c.col, c.row - shift};
    }
    const int shift = odd ? (c.row - parityBit(c.row)) / 2 : (c.row + parityBit(c.row)) / 2;
    return {c.col - shift, c.row};
}

Offset Grid::fromHex(Hex h) const {
    const bool odd = p_.parity == OffsetParity::Odd;
    if (p_.shape == GridShape::HexFlat) {
        const int shift = odd ? (h.q - parityBit(h.q)) / 2 : (h.q + parityBit(h.q)) / 2;
        return {h.q, h.r + shift};
    }
    const int shift = odd ? (h.r - parityBit(h.r)) / 2 : (h.r + parityBit(h.r)) / 2;
    return {h.q + shift, h.r};
}

Offset Grid::neighbor(Offset c, int dir) const {
    if (isHex()) {
        return fromHex(toHex(c).neighbor(dir));
    }
    const Offset step = squareSteps[static_cast<std::size_t>(((dir % 4) + 4) % 4)];
    return {c.col + step.col, c.row + step.row};
}

std::vector<Offset> Grid::neighbors(Offset c) const {
    std::vector<Offset> out;
    for (int d = 0; d < sideCount(); ++d) {
        if (auto n = neighbor(c, d); contains(n)) {
            out.push_back(n);
        }
    }
    return out;
}

std::optional<int> Grid::directionTo(Offset from, Offset to) const {
    for (int d = 0; d < sideCount(); ++d) {
        if (neighbor(from, d) == to) {
            return d;
        }
    }
    return std::nullopt;
}

int Grid::distance(Offset a, Offset b) const {
    if (isHex()) {
        return toHex(a).distance(toHex(b));
    }
    return std::abs(a.col - b.col) + std::abs(a.row - b.row);
}

std::vector<Offset> Grid::lineDraw(Offset a, Offset b) const {
    std::vector<Offset> out;
    if (isHex()) {
        for (Hex h : Hex::lineDraw(toHex(a), toHex(b))) {
            out.push_back(fromHex(h));
        }
        return out;
    }
    // Squares touch only across sides, so the line steps one axis at a time, choosing the step that
    // keeps closest to the true segment between the two centres.
    const int dx = b.col - a.col, dy = b.row - a.row;
    const int nx = std::abs(dx), ny = std::abs(dy);
    const int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
    Offset p = a;
    out.push_back(p);
    for (int ix = 0, iy = 0; ix < nx || iy < ny;) {
        // Compare (0.5 + ix) / nx with (0.5 + iy) / ny without floating point.
        const long long lhs = static_cast<long long>(1 + 2 * ix) * ny;
        const long long rhs = static_cast<long long>(1 + 2 * iy) * nx;
        if (iy >= ny || (ix < nx && lhs < rhs)) {
            p.col += sx;
            ++ix;
        } else {
            p.row += sy;
            ++iy;
        }
        out.push_back(p);
    }
    return out;
}

std::vector<Offset> Grid::ring(Offset centre, int n) const {
    std::vector<Offset> out;
    if (isHex()) {
        for (Hex h : toHex(centre).ring(n)) {
            if (auto c = fromHex(h); contains(c)) {
                out.push_back(c);
            }
        }
        return out;
    }
    if (n <= 0) {
        if (contains(centre)) {
            out.push_back(centre);
        }
        return out;
    }
    for (int i = 0; i < n; ++i) {
        const std::array<Offset, 4> corners{
            Offset{centre.col + n - i, centre.row - i}, Offset{centre.col - i, centre.row - n + i},
            Offset{centre.col - n + i, centre.row + i}, Offset{centre.col + i, centre.row + n - i}};
        for (Offset c : corners) {
            if (contains(c)) {
                out.push_back(c);
            }
        }
    }
    return out;
}

std::vector<Offset> Grid::range(Offset centre, int n) const {
    std::vector<Offset> out;
    for (int k = 0; k <= n; ++k) {
        auto r = ring(centre, k);
        out.insert(out.end(), r.begin(), r.end());
    }
    return out;
}

EdgeId Grid::edge(Offset c, int dir) const {
    const int sides = sideCount();
    dir = ((dir % sides) + sides) % sides;
    if (dir < sides / 2) {
        return {c, static_cast<std::uint8_t>(dir)};
    }
    return {neighbor(c, dir), static_cast<std::uint8_t>(dir - sides / 2)};
}

std::pair<Offset, Offset> Grid::edgeCells(EdgeId e) const {
    return {e.cell, neighbor(e.cell, e.dir)};
}

bool Grid::edgeTouchesMap(EdgeId e) const {
    auto [a, b] = edgeCells(e);
    return contains(a) || contains(b);
}

std::vector<Offset> Grid::cornerCells(Offset c, int corner) const {
    return {c, neighbor(c, corner), neighbor(c, corner + 1)};
}

int Grid::largestLabelNumber(const Parameters& p) {
    return std::max(p.cols, p.rows) - 1 + p.labelBase;
}

int Grid::digitsFor(const Parameters& p) {
    const int largest = largestLabelNumber(p);
    int digits = 2;
    for (int limit = 100; largest >= limit; limit *= 10) {
        ++digits;
    }
    return digits;
}

std::string Grid::label(Offset c) const {
    std::string out;
    appendLabel(out, c);
    return out;
}

void Grid::appendLabel(std::string& out, Offset c) const {
    const auto digits = static_cast<std::ptrdiff_t>(labelDigits());
    const int col = c.col + p_.labelBase, row = c.row + p_.labelBase;
    // A cell of the map (each number at most the largest its digits were counted for): both
    // numbers written right to left into one buffer, appended once. A large battle's file has
    // 200,000 labels, which took 13 % of its text's making through to_chars and four appends each.
    if (const int largest = largestLabelNumber(p_);
        col >= 0 && row >= 0 && col <= largest && row <= largest && digits <= 8) {
        char text[16];
        for (std::ptrdiff_t i = digits - 1, a = col, b = row; i >= 0; --i, a /= 10, b /= 10) {
            text[i] = static_cast<char>('0' + a % 10);
            text[digits + i] = static_cast<char>('0' + b % 10);
        }
        out.append(text, static_cast<std::size_t>(2 * digits));
        return;
    }
    for (const int v : {c.col + p_.labelBase, c.row + p_.labelBase}) {
        char text[16];
        const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
        if (end - text < digits) {
            out.append(static_cast<std::size_t>(digits - (end - text)), '0');
        }
        out.append(text, end);
    }
}

std::optional<Offset> Grid::parseLabel(std::string_view text) const {
    const auto digits = static_cast<std::size_t>(labelDigits());
    if (text.size() != 2 * digits) {
        return std::nullopt;
    }
    // One pass, each character checked as it is read: a large battle's file holds 200,000 labels.
    int col = 0, row = 0; // at most 4 digits each (limits): no overflow
    for (std::size_t i = 0; i < digits; ++i) {
        const unsigned colDigit = static_cast<unsigned char>(text[i]) - unsigned{'0'};
        const unsigned rowDigit = static_cast<unsigned char>(text[digits + i]) - unsigned{'0'};
        if (colDigit > 9 || rowDigit > 9) {
            return std::nullopt;
        }
        col = col * 10 + static_cast<int>(colDigit);
        row = row * 10 + static_cast<int>(rowDigit);
    }
    Offset c{col - p_.labelBase, row - p_.labelBase};
    if (!contains(c)) {
        return std::nullopt;
    }
    return c;
}

} // namespace sandtable
