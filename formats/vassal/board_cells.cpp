#include "formats/vassal/board_cells.hpp"

#include "model/limits.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>

namespace sandtable {
namespace {

// Java's (int) cast and Math.round, as VASSAL computes its centres (formats/vassal/grid.cpp).
int javaInt(double v) {
    return static_cast<int>(std::trunc(v));
}
int javaRound(double v) {
    return javaInt(std::floor(v + 0.5));
}

} // namespace

std::expected<void, std::string> VassalBoardCells::measure(const std::string& board) {
    if (!(g_.dx > 0) || !(g_.dy > 0) || !std::isfinite(g_.dx) || !std::isfinite(g_.dy)) {
        return std::unexpected("board '" + board + "': the grid's dx and dy must be positive, not " +
                               std::to_string(g_.dx) + " and " + std::to_string(g_.dy));
    }
    if (fw_ / g_.dx > limits::mapSide.hi + 2 || fh_ / g_.dy > limits::mapSide.hi + 2) {
        return std::unexpected("board '" + board + "': " + std::to_string(fw_) + " x " + std::to_string(fh_) +
                               " pixels in cells of " + std::to_string(g_.dx) + " x " +
                               std::to_string(g_.dy) + " are more than " +
                               std::to_string(limits::mapSide.hi) + " cells a side");
    }
    nxMin_ = static_cast<int>(std::floor(-g_.x0 / g_.dx)) - 2;
    while (frameX(nxMin_) < margin()) {
        ++nxMin_;
    }
    int nxMax = nxMin_;
    while (frameX(nxMax + 1) < fw_ - margin()) {
        ++nxMax;
    }
    if (frameX(nxMin_) >= fw_ - margin()) {
        return std::unexpected("board '" + board + "': no cell of its grid has its centre on the board");
    }
    // The first two columns' first and last centres on the board: every other column is like one.
    int top = INT32_MAX;
    std::array<std::pair<int, int>, 2> span{}; // first and last ny of columns nxMin, nxMin + 1
    for (int k = 0; k < 2 && nxMin_ + k <= nxMax; ++k) {
        const int nx = nxMin_ + k;
        int ny = static_cast<int>(std::floor(-g_.y0 / g_.dy)) - 2;
        while (frameY(nx, ny) < margin()) {
            ++ny;
        }
        int last = ny - 1;
        while (frameY(nx, last + 1) < fh_ - margin()) {
            ++last;
        }
        span[static_cast<std::size_t>(k)] = {ny, last};
        if (last >= ny) {
            top = std::min(top, frameY(nx, ny));
        }
    }
    if (top == INT32_MAX) {
        return std::unexpected("board '" + board + "': no cell of its grid has its centre on the board");
    }
    top_ = top;
    firstDown_ = hex_ && span[0].second >= span[0].first && frameY(nxMin_, span[0].first) > top_ + g_.dy / 4;
    int rows = 0;
    for (int k = 0; k < 2 && nxMin_ + k <= nxMax; ++k) {
        const int nx = nxMin_ + k;
        if (span[static_cast<std::size_t>(k)].second >= span[static_cast<std::size_t>(k)].first) {
            rows = std::max(rows, rowOf(nx, span[static_cast<std::size_t>(k)].second) + 1);
        }
    }
    Grid::Parameters p;
    p.shape = !hex_ ? GridShape::Square : turned_ ? GridShape::HexPointy : GridShape::HexFlat;
    // Sandtable shifts odd columns (rows when pointy) for odd parity: a first column up is odd.
    p.parity = firstDown_ ? OffsetParity::Even : OffsetParity::Odd;
    const int columns = nxMax - nxMin_ + 1;
    p.cols = turned_ ? rows : columns;
    p.rows = turned_ ? columns : rows;
    if (!limits::mapSide.allows(p.cols) || !limits::mapSide.allows(p.rows) ||
        static_cast<long long>(p.cols) * p.rows > limits::maxCells) {
        return std::unexpected("board '" + board + "' has " + std::to_string(p.cols) + " x " +
                               std::to_string(p.rows) + " cells; a map has at most " +
                               std::to_string(limits::mapSide.hi) + " a side and " +
                               limits::formatNumber(limits::maxCells) + " cells");
    }
    grid_ = Grid(p);
    return {};
}

std::optional<VassalPoint> VassalBoardCells::centre(Offset cell) const {
    const int k = turned_ ? cell.row : cell.col, r = turned_ ? cell.col : cell.row;
    const int nx = nxMin_ + k;
    const double shift = down(nx) ? g_.dy / 2 : 0;
    const double rawShift = hex_ && nx % 2 != 0 ? g_.dy / 2 : 0;
    const int guess =
        static_cast<int>(std::floor((top_ + shift + r * g_.dy - g_.y0 - rawShift) / g_.dy + 0.5));
    for (int ny = guess - 1; ny <= guess + 1; ++ny) {
        if (rowOf(nx, ny) == r) {
            const int x = frameX(nx), y = frameY(nx, ny);
            if (x < margin() || y < margin() || x >= fw_ - margin() || y >= fh_ - margin()) {
                return std::nullopt;
            }
            return turned_ ? VassalPoint{y, x} : VassalPoint{x, y};
        }
    }
    return std::nullopt;
}

std::optional<Offset> VassalBoardCells::nearest(VassalPoint p) const {
    const VassalPoint q = turned_ ? VassalPoint{p.y, p.x} : p;
    std::optional<Offset> best;
    double bestDistance = std::max(g_.dx, g_.dy);
    const int nx0 = static_cast<int>(std::floor((q.x - g_.x0) / g_.dx + 0.5));
    for (int nx = nx0 - 1; nx <= nx0 + 1; ++nx) {
        const double rawShift = hex_ && nx % 2 != 0 ? g_.dy / 2 : 0;
        const int ny0 = static_cast<int>(std::floor((q.y - g_.y0 - rawShift) / g_.dy + 0.5));
        for (int ny = ny0 - 1; ny <= ny0 + 1; ++ny) {
            const int k = nx - nxMin_, r = rowOf(nx, ny);
            const Offset cell = turned_ ? Offset{r, k} : Offset{k, r};
            const double d = std::hypot(frameX(nx) - q.x, frameY(nx, ny) - q.y);
            if (grid_.contains(cell) && d < bestDistance) {
                bestDistance = d;
                best = cell;
            }
        }
    }
    return best;
}

int VassalBoardCells::frameX(int nx) const {
    return hex_ ? javaInt(g_.dx * nx + g_.x0) : g_.x0 + javaRound(nx * g_.dx);
}

int VassalBoardCells::frameY(int nx, int ny) const {
    if (!hex_) {
        return g_.y0 + javaRound(ny * g_.dy);
    }
    return nx % 2 == 0 ? javaInt(g_.dy * ny + g_.y0) : javaInt(g_.dy * ny + javaInt(g_.dy / 2) + g_.y0);
}

int VassalBoardCells::rowOf(int nx, int ny) const {
    const double shift = down(nx) ? g_.dy / 2 : 0;
    return static_cast<int>(std::lround((frameY(nx, ny) - top_ - shift) / g_.dy));
}

} // namespace sandtable
