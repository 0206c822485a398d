#pragma once
// A VASSAL board's cells: Sandtable's grid over every VASSAL cell whose centre lies on the board
// (margin()). VASSAL numbers its raw cells (nx, ny) in its own frame (a sideways hex grid swaps x
// and y); the frame's columns are Sandtable's columns (rows when sideways), the first whose centre
// is on the board the first. Centres are computed as VASSAL computes them, never stored: a board
// may have millions.
#include "formats/vassal/grid.hpp"
#include "model/grid.hpp"

#include <expected>
#include <optional>
#include <string>

namespace sandtable {

class VassalBoardCells {
  public:
    VassalBoardCells() = default;
    VassalBoardCells(const VassalGrid& g, int boardWidth, int boardHeight)
        : g_(g), hex_(g.kind == VassalGridKind::Hex), turned_(hex_ && g.sideways),
          fw_(turned_ ? boardHeight : boardWidth), fh_(turned_ ? boardWidth : boardHeight) {}

    const Grid& grid() const { return grid_; }
    void setGrid(const Grid& g) { grid_ = g; }

    // Finds the cells on the board and makes the grid over them, or says why it cannot.
    std::expected<void, std::string> measure(const std::string& board);
    // A cell's centre on the board, as VASSAL computes it, or nothing when it is off the board.
    std::optional<VassalPoint> centre(Offset cell) const;
    // The map cell whose centre is nearest a board pixel, within a cell of it.
    std::optional<Offset> nearest(VassalPoint p) const;

  private:
    // A cell is on the board when its centre is a quarter of a cell inside its edges: the half
    // cells many boards cut at their edges, whose centres lie on the edge, are not.
    double margin() const { return std::min(g_.dx, g_.dy) / 4; }
    int frameX(int nx) const;
    int frameY(int nx, int ny) const;
    // Columns alternate up and down from the first.
    bool down(int nx) const { return hex_ && (((nx - nxMin_) % 2 != 0) != firstDown_); }
    int rowOf(int nx, int ny) const;

    VassalGrid g_;
    bool hex_ = false, turned_ = false;
    int fw_ = 0, fh_ = 0;
    int nxMin_ = 0, top_ = 0;
    bool firstDown_ = false;
    Grid grid_;
};

} // namespace sandtable
