#pragma once
// Where a scenario's placed units and paths lie on its map, by block of cells: a view of a big map
// asks for the few in sight instead of walking all of them every frame (10,000 units and 5,000
// roads on a 1000 x 1000 map cost a frame more than drawing what shows). Built from a scenario and
// rebuilt when its pieces, its order of battle (a unit's side) or its paths change; the painter
// draws without it (walking everything) when it no longer matches the scenario in hand.
#include "model/scenario.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace sandtable {

// The side whose colour a unit's square shows far out: its headquarters' (the Union's when that is
// not known, as its counter is drawn); nothing for a unit the order of battle does not hold, which
// is drawn nowhere. The index and the painter without one both ask here.
std::optional<Side> farSquareSide(const OrderOfBattle& oob, UnitId unit);

class MapIndex {
  public:
    void rebuild(const Scenario& s); // pieces and paths
    void rebuildPieces(const Scenario& s);
    void rebuildPaths(const Scenario& s);

    // Built from `s` and, as far as counts can tell, still describing it.
    bool describes(const Scenario& s) const;

    // Each (cell, unit) of a placement in the blocks covering the cells first..last (and so maybe
    // a little beyond: callers keep their own test of what is in view), sorted by cell then piece,
    // the order of a walk over the placements gathered by cell. Cells off the map count in the
    // block of the edge they lie beyond.
    void unitsIn(Offset first, Offset last, std::vector<std::pair<Offset, PieceRef>>& out) const;
    // The cells units of `side` stand on in those blocks, each once a block, in no set order: the
    // far view's squares (a stack is one square), which need neither the units nor their look-up
    // in the order of battle that finds their side, 10,000 of each a frame far out. A unit whose
    // side is not known counts as the Union's, as its counter is drawn.
    void unitCellsIn(Offset first, Offset last, Side side, std::vector<Offset>& out) const;
    // The paths with a cell in those blocks, in id order (the order a walk over the paths draws).
    void pathsIn(Offset first, Offset last, std::vector<PathId>& out) const;

    static constexpr int blockCells = 16; // a block is this many cells square

  private:
    static int blocksAcross(int cells);
    // Takes `s` and its block layout; drops both halves when either changed.
    void adopt(const Scenario& s);
    std::size_t blockOf(Offset c) const;
    template <typename F> void forBlocks(Offset first, Offset last, F&& f) const;

    const Scenario* scenario_ = nullptr;
    int blockCols_ = 0, blockRows_ = 0;
    std::size_t placements_ = 0, units_ = 0, paths_ = 0;
    bool piecesBuilt_ = false, pathsBuilt_ = false;
    std::vector<std::vector<std::pair<Offset, PieceRef>>> pieces_; // per block
    std::vector<std::array<std::vector<Offset>, 2>> unitCells_;    // per block, by sideIndex
    std::vector<std::vector<PathId>> pathsByBlock_;
};

} // namespace sandtable
