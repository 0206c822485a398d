#pragma once
// ValidationContext is what rules read: the scenario plus indices built once and kept up to date
// edit by edit (who stands where, who is under whom), line of sight, and the road network. Const
// reads are safe from several threads at once (the full run checks rules side by side).
#include "model/commands/command.hpp"
#include "model/layout.hpp"
#include "model/scenario.hpp"

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace sandtable {

class ValidationContext {
  public:
    explicit ValidationContext(const Scenario& scenario);

    const Scenario& scenario() const { return s_; }
    const Grid& grid() const { return s_.map.grid; }
    std::string label(Offset c) const { return s_.map.grid.label(c); }

    // Brings the indices up to date after an edit (the scenario is already changed).
    void update(const ChangeSet& changes);
    void rebuild();
    // From this many units and placed pieces, the work is shared between threads: a smaller
    // battle is done faster than a thread starts.
    static constexpr std::size_t parallelFrom = 2000;

    const std::vector<PieceRef>& piecesAt(Offset c) const;
    const std::unordered_map<Offset, std::vector<PieceRef>>& occupancy() const { return occupancy_; }
    const Placement* placement(PieceRef p) const;
    std::optional<Side> sideOf(PieceRef p) const;
    const Unit* unit(PieceRef p) const;
    // "2nd Wisconsin", "Col. W. T. Sherman (3rd Brigade)", "train of I Corps": for messages.
    std::string describe(PieceRef p) const;
    // The headquarters at `echelon` above a unit or headquarters (itself included for an HQ).
    std::optional<HeadquartersId> ancestor(PieceRef p, Echelon echelon) const;
    // The same from a headquarters (itself included), as OrderOfBattle::ancestor answers it.
    std::optional<HeadquartersId> ancestorOf(HeadquartersId start, Echelon echelon) const;
    // OrderOfBattle::find without the tree walk.
    const Headquarters* headquarters(HeadquartersId id) const;
    // The cell where a headquarters' commander stands, if placed.
    std::optional<Offset> commanderCell(HeadquartersId hq) const;
    const std::vector<UnitId>& unitsUnder(HeadquartersId hq) const;
    const std::vector<HeadquartersId>& childrenOf(HeadquartersId hq) const;

    // Line of sight between two cell centres: blocked by a cell in between whose terrain blocks
    // sight or which stands higher than both ends. The segment must pass through the cell's
    // interior (a clip against the cell's sides), so grazing a corner does not block.
    bool lineOfSight(Offset from, Offset to) const;

    // Cells linked by paths of the given kinds, as a graph; `kinds` is a PathKind bit set.
    bool onPath(Offset c, unsigned kinds) const;
    bool pathConnected(Offset from, Offset to, unsigned kinds) const;

    static unsigned pathKindBit(PathKind k) { return 1u << static_cast<unsigned>(k); }

    // While every rule is checked at once (Validator::runAll, the scenario unchanged meanwhile),
    // the pieces, units and occupied cells as flat lists in the model's order, and each unit's and
    // commander's placement by id. A walk of a std::map of 10,000 nodes waits for one cache miss
    // after another, each node's address in the last; a list lets the processor fetch many at
    // once, and most rules walk these lists. Outside a full run these give null and the model's
    // maps serve: an edit changes the maps, and the lists, kept for the next run, go stale.
    class FullRun {
      public:
        explicit FullRun(ValidationContext& ctx);
        ~FullRun();
        FullRun(const FullRun&) = delete;
        FullRun& operator=(const FullRun&) = delete;

      private:
        ValidationContext& ctx_;
    };
    struct PlacedPiece {
        PieceRef piece;
        const Placement* placement;
    };
    struct UnitEntry {
        UnitId id;
        const Unit* unit;
    };
    struct OccupiedCell {
        Offset cell;
        std::uint32_t first, end; // its pieces in occupiedPieces()
    };
    const std::vector<PlacedPiece>* placedPieces() const { return fullRun_ ? &placed_ : nullptr; }
    const std::vector<UnitEntry>* units() const { return fullRun_ ? &units_ : nullptr; }
    const std::vector<OccupiedCell>* occupiedCells() const { return fullRun_ ? &occupied_ : nullptr; }
    std::span<const PieceRef> piecesOf(const OccupiedCell& c) const {
        return std::span(occupiedPieces_).subspan(c.first, c.end - c.first);
    }

  private:
    void indexPiece(PieceRef p);
    void unindexPiece(PieceRef p, const std::vector<Offset>& cells);
    void rebuildOrder();

    const Scenario& s_;
    std::unordered_map<Offset, std::vector<PieceRef>> occupancy_;
    std::unordered_map<std::uint32_t, std::vector<UnitId>> unitsUnder_;
    // Units and their sides by id, for the hot per-cell rules (ids are small and dense in practice;
    // std::map lookups there cost more than the rules themselves).
    std::vector<const Unit*> unitById_;
    std::vector<std::int8_t> unitSide_; // -1: no side (dangling parent)
    std::unordered_map<std::uint32_t, std::vector<HeadquartersId>> children_;
    // Headquarters by id and, for each, the nearest headquarters at each echelon from it upwards
    // (0: none), when the ids are dense and the tree has no cycle; else the order of battle's walk.
    std::vector<const Headquarters*> headquartersById_;
    // One slot per echelon, as many as the order of battle names.
    using AncestorIds = std::array<std::uint32_t, EnumNames<Echelon>::names.size()>;
    std::vector<AncestorIds> ancestors_;
    void buildAncestors();
    // Built on first use, dropped when paths change: the path kinds touching each cell, and per
    // set of kinds the stretches of path joined into networks (so connectivity is a few lookups).
    // Dense arrays indexed like the map's layers: 1 and 4 bytes a cell, far faster than hashing
    // path cells. Rules run on several threads (Validator::runAll): the first to ask builds, under
    // the lock.
    struct PathNetworks {
        bool current = false;
        std::vector<std::int32_t> firstRun; // per cell: the first stretch through it, or -1
        std::vector<std::int32_t> network;  // per stretch: its network, a stretch's own number
    };
    mutable std::mutex pathCacheMutex_;
    mutable std::vector<std::uint8_t> pathKinds_;
    mutable std::unordered_map<unsigned, PathNetworks> networks_;
    void forgetPaths();
    const std::vector<std::uint8_t>& pathKinds() const;
    const PathNetworks& networks(unsigned kinds) const;
    std::unique_ptr<Layout> layout_; // unit cell size, for line of sight

    bool fullRun_ = false;
    std::vector<PlacedPiece> placed_;
    std::vector<UnitEntry> units_;
    std::vector<OccupiedCell> occupied_;
    std::vector<PieceRef> occupiedPieces_; // every cell's pieces one after another, not a list each
    // Placements by id, when the ids are dense (else empty, and the map is searched).
    std::vector<const Placement*> unitPlacement_, commanderPlacement_;
};

} // namespace sandtable
