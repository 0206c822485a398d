#include "map_index.hpp"

#include <algorithm>

namespace sandtable {

std::optional<Side> farSquareSide(const OrderOfBattle& oob, UnitId unit) {
    const auto it = oob.units.find(unit);
    if (it == oob.units.end()) {
        return std::nullopt;
    }
    return oob.sideOf(it->second.parent).value_or(Side::Union);
}

void MapIndex::rebuild(const Scenario& s) {
    rebuildPieces(s);
    rebuildPaths(s);
}

std::size_t MapIndex::blockOf(Offset c) const {
    const int bc = std::clamp(c.col / blockCells, 0, blockCols_ - 1);
    const int br = std::clamp(c.row / blockCells, 0, blockRows_ - 1);
    return static_cast<std::size_t>(br) * static_cast<std::size_t>(blockCols_) + static_cast<std::size_t>(bc);
}

template <typename F> void MapIndex::forBlocks(Offset first, Offset last, F&& f) const {
    if (blockCols_ == 0 || blockRows_ == 0) {
        return;
    }
    const int c0 = std::clamp(first.col / blockCells, 0, blockCols_ - 1);
    const int c1 = std::clamp(last.col / blockCells, 0, blockCols_ - 1);
    const int r0 = std::clamp(first.row / blockCells, 0, blockRows_ - 1);
    const int r1 = std::clamp(last.row / blockCells, 0, blockRows_ - 1);
    for (int r = r0; r <= r1; ++r) {
        for (int c = c0; c <= c1; ++c) {
            f(static_cast<std::size_t>(r) * static_cast<std::size_t>(blockCols_) +
              static_cast<std::size_t>(c));
        }
    }
}

int MapIndex::blocksAcross(int cells) {
    return std::max(1, (cells + blockCells - 1) / blockCells);
}

void MapIndex::adopt(const Scenario& s) {
    // The half not being rebuilt stays only while it indexes the same scenario in the same blocks
    // (a map resized has other blocks: its old lists would be read with the new ones' numbers).
    const int cols = blocksAcross(s.map.grid.cols()), rows = blocksAcross(s.map.grid.rows());
    if (scenario_ != &s || cols != blockCols_ || rows != blockRows_) {
        piecesBuilt_ = pathsBuilt_ = false;
        pieces_.clear();
        unitCells_.clear();
        pathsByBlock_.clear();
    }
    scenario_ = &s;
    blockCols_ = cols;
    blockRows_ = rows;
}

void MapIndex::rebuildPieces(const Scenario& s) {
    adopt(s);
    pieces_.assign(static_cast<std::size_t>(blockCols_) * static_cast<std::size_t>(blockRows_), {});
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (piece.kind != PieceKind::Unit) {
            continue;
        }
        for (Offset c : placement.cells) {
            pieces_[blockOf(c)].emplace_back(c, piece);
        }
    }
    // Placements are walked in piece order, so each block is sorted by piece; by cell it is not.
    for (auto& block : pieces_) {
        std::ranges::sort(block);
    }
    unitCells_.assign(pieces_.size(), {});
    for (std::size_t b = 0; b < pieces_.size(); ++b) {
        for (const auto& [cell, piece] : pieces_[b]) {
            const std::optional<Side> side = farSquareSide(s.oob, UnitId{piece.id});
            if (!side) {
                continue;
            }
            auto& cells = unitCells_[b][sideIndex(*side)];
            if (cells.empty() || cells.back() != cell) { // the block is sorted by cell
                cells.push_back(cell);
            }
        }
    }
    placements_ = s.deployment.placements.size();
    units_ = s.oob.units.size();
    piecesBuilt_ = true;
}

void MapIndex::rebuildPaths(const Scenario& s) {
    adopt(s);
    pathsByBlock_.assign(static_cast<std::size_t>(blockCols_) * static_cast<std::size_t>(blockRows_), {});
    for (const auto& [id, path] : s.map.paths) {
        for (Offset c : path.cells) {
            auto& block = pathsByBlock_[blockOf(c)];
            if (block.empty() || block.back() != id) { // paths are walked in id order
                block.push_back(id);
            }
        }
    }
    paths_ = s.map.paths.size();
    pathsBuilt_ = true;
}

bool MapIndex::describes(const Scenario& s) const {
    return scenario_ == &s && piecesBuilt_ && pathsBuilt_ && blockCols_ == blocksAcross(s.map.grid.cols()) &&
           blockRows_ == blocksAcross(s.map.grid.rows()) && placements_ == s.deployment.placements.size() &&
           units_ == s.oob.units.size() && paths_ == s.map.paths.size();
}

void MapIndex::unitsIn(Offset first, Offset last, std::vector<std::pair<Offset, PieceRef>>& out) const {
    out.clear();
    forBlocks(first, last,
              [&](std::size_t b) { out.insert(out.end(), pieces_[b].begin(), pieces_[b].end()); });
    std::ranges::sort(out);
}

void MapIndex::unitCellsIn(Offset first, Offset last, Side side, std::vector<Offset>& out) const {
    out.clear();
    forBlocks(first, last, [&](std::size_t b) {
        const std::vector<Offset>& cells = unitCells_[b][sideIndex(side)];
        out.insert(out.end(), cells.begin(), cells.end());
    });
}

void MapIndex::pathsIn(Offset first, Offset last, std::vector<PathId>& out) const {
    out.clear();
    forBlocks(first, last, [&](std::size_t b) {
        out.insert(out.end(), pathsByBlock_[b].begin(), pathsByBlock_[b].end());
    });
    std::ranges::sort(out);
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

} // namespace sandtable
