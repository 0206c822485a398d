#pragma once
// Sets terrain or elevation of a set of cells. Consecutive paints with the same stroke number merge,
// so a whole brush stroke is one undo step. Where the map keeps a terrain model's heights
// (Map::surface), a change of levels moves them too (HeightSurface::movesFor): raising a cell
// raises the ground over it, not only its middle.
#include "command.hpp"

#include <unordered_map>

namespace sandtable {

enum class CellLayer : std::uint8_t { Terrain, Elevation };

class PaintCells final : public Command {
  public:
    struct CellChange {
        std::size_t index;
        int before;
        int after;
    };
    // Records the current values of `cells` as the before-state; cells off the map are ignored.
    PaintCells(const Scenario& s, CellLayer layer, const std::vector<Offset>& cells, int value,
               std::uint64_t stroke = 0);

    void apply(Scenario& s) const override;
    void revert(Scenario& s) const override;
    std::string text() const override;
    ChangeSet changes() const override;
    bool mergeWith(const Command& next) override;
    bool empty() const { return changes_.empty(); }

  private:
    // A point of the surface this paint moves: by how much, and once applied, what it held and
    // holds (undo and redo write those back exactly, whatever else moved the point in between).
    struct PointChange {
        std::size_t point;
        float by;
        mutable float before = 0, after = 0;
        mutable bool recorded = false;
    };
    CellLayer layer_;
    std::vector<PointChange> surface_;
    std::uint64_t stroke_;
    int columns_;
    std::vector<CellChange> changes_;
    std::unordered_map<std::size_t, std::size_t> position_; // cell index -> place in changes_
};

} // namespace sandtable
