#include "scenario_generator.hpp"

#include <algorithm>
#include <random>
#include <unordered_set>

namespace sandtable {
namespace {

class Generator {
  public:
    explicit Generator(const GeneratorParameters& p) : p_(p), rng_(p.seed) {}

    Scenario run() {
        Grid::Parameters gp;
        gp.shape = p_.shape;
        gp.cols = std::max(p_.cols, 4);
        gp.rows = std::max(p_.rows, 4);
        s_.map = Map::blank(Grid(gp), defaultTerrainTypes());
        s_.info.title = "Generated scenario (seed " + std::to_string(p_.seed) + ")";
        s_.info.date = "1863-07-01";
        s_.info.place = "Nowhere in particular";
        s_.info.objectives = {"Hold the centre.", "Take the centre."};
        s_.info.victoryConditions = "The side that holds more objectives at the end wins.";
        for (int roll = 2; roll <= 12; ++roll) {
            s_.events[roll] = roll == 7 ? "No event." : "Event " + std::to_string(roll) + ".";
        }
        paintTerrain();
        layRoads();
        for (Side side : {Side::Union, Side::Confederate}) {
            const int units = side == Side::Union ? (p_.units + 1) / 2 : p_.units / 2;
            buildSide(side, units);
        }
        return std::move(s_);
    }

  private:
    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    Offset randomCell(int colLo, int colHi) { return {uniform(colLo, colHi), uniform(0, grid().rows() - 1)}; }
    const Grid& grid() const { return s_.map.grid; }

    void paintTerrain() {
        const int cells = static_cast<int>(grid().cellCount());
        // Woods, orchards and towns as blobs; hills as raised discs.
        const int blobs = std::max(1, cells / 200);
        for (int i = 0; i < blobs; ++i) {
            const Offset centre = randomCell(0, grid().cols() - 1);
            const auto type = static_cast<TerrainIndex>(
                std::array{1, 1, 1, 2, 3, 4, 5}[static_cast<std::size_t>(uniform(0, 6))]);
            for (Offset c : grid().range(centre, uniform(0, 3))) {
                s_.map.terrain[grid().index(c)] = type;
            }
        }
        for (int i = 0; i < std::max(1, cells / 400); ++i) {
            const Offset centre = randomCell(0, grid().cols() - 1);
            const int radius = uniform(1, 4);
            for (int k = 0; k <= radius; ++k) {
                for (Offset c : grid().ring(centre, k)) {
                    auto& e = s_.map.elevation[grid().index(c)];
                    e = static_cast<std::int16_t>(std::max<int>(e, radius - k + 1));
                }
            }
        }
        // A stream along the cell sides of one column, with a ford every few cells.
        const int streamCol = grid().cols() / 2;
        for (int row = 0; row < grid().rows(); ++row) {
            Hexside h;
            h.set(SideFeature::Stream, true);
            h.crossing = row % 7 == 3 ? Crossing::Ford : Crossing::None;
            s_.map.hexsides[grid().edge({streamCol, row}, 0)] = h;
        }
    }

    void addPath(PathKind kind, std::vector<Offset> cells) {
        if (cells.size() < 2) {
            return;
        }
        const PathId id{static_cast<std::uint32_t>(s_.map.paths.size() + 1)};
        s_.map.paths[id] = Path{kind,
                                kind == PathKind::Railroad ? "Railroad " + std::to_string(id.value)
                                                           : "Road " + std::to_string(id.value),
                                std::move(cells)};
    }

    void layRoads() {
        const int roads = p_.roads >= 0 ? p_.roads : std::max(4, p_.units / 10);
        for (int i = 0; i < roads; ++i) {
            // A random walk that never doubles back on the cell it came from.
            std::vector<Offset> cells{randomCell(0, grid().cols() - 1)};
            const int length = uniform(5, 40);
            int dir = uniform(0, grid().sideCount() - 1);
            while (static_cast<int>(cells.size()) < length) {
                dir = (dir + uniform(-1, 1) + grid().sideCount()) % grid().sideCount();
                const Offset next = grid().neighbor(cells.back(), dir);
                if (!grid().contains(next)) {
                    break;
                }
                cells.push_back(next);
            }
            addPath(i % 10 == 9 ? PathKind::Railroad : PathKind::Road, std::move(cells));
        }
    }

    HeadquartersId addHq(Side side, Echelon echelon, HeadquartersId parent, const std::string& name) {
        const HeadquartersId id{nextHq_++};
        s_.oob.headquarters[id] =
            Headquarters{side, echelon, parent, name, "Gen. " + name, Quality::Seasoned, {}};
        return id;
    }

    // The nearest free cell to `want` within the side's half of the map (not in `avoidCol`).
    std::optional<Offset> freeCellNear(Offset want, Side side, int avoidCol = -1) {
        const int half = grid().cols() / 2;
        for (int radius = 0; radius < 50; ++radius) {
            for (Offset c : grid().ring(want, radius)) {
                const bool mine = side == Side::Union ? c.col < half - 1 : c.col > half;
                if (mine && c.col != avoidCol && !occupied_.contains(c) &&
                    s_.map.terrainAt(c).terrainClass != TerrainClass::Impassable) {
                    occupied_.insert(c);
                    return c;
                }
            }
        }
        return std::nullopt;
    }

    void place(PieceRef piece, Offset cell) {
        Placement pl;
        pl.cells = {cell};
        if (piece.kind == PieceKind::Unit) {
            // The Hexed General's units face a corner, on squares too.
            pl.facing =
                Facing{FacingKind::Corner, static_cast<std::uint8_t>(uniform(0, grid().sideCount() - 1))};
        }
        s_.deployment.placements[piece] = pl;
    }

    // A chain of adjacent on-map cells from a to b. A straight line between two cells of one
    // offset row can dip into the next row, which on the last row is off the map, so walk instead:
    // each step goes to the on-map neighbour nearest to b.
    std::vector<Offset> roadTo(Offset a, Offset b) const {
        std::vector<Offset> cells{a};
        while (cells.back() != b) {
            Offset best = cells.back();
            int bestDistance = grid().distance(best, b);
            for (Offset n : grid().neighbors(cells.back())) {
                if (const int d = grid().distance(n, b); d < bestDistance) {
                    best = n;
                    bestDistance = d;
                }
            }
            if (best == cells.back()) {
                break;
            }
            cells.push_back(best);
        }
        return cells;
    }

    // A corps' train stands on a road that runs straight to the map edge: its line of supply.
    void supplyCorps(HeadquartersId corps, Side side, Offset near) {
        const int edgeCol = side == Side::Union ? 0 : grid().cols() - 1;
        // Not on the edge itself: the road from the train must leave the map there, so it needs
        // at least two cells.
        const auto trainCell = freeCellNear(near, side, edgeCol);
        if (!trainCell) {
            return;
        }
        auto road = roadTo(*trainCell, {edgeCol, trainCell->row});
        const Offset supply = road.back();
        addPath(PathKind::Road, road);
        s_.oob.headquarters[corps].supplyCell = supply;
        const TrainId train{nextTrain_++};
        s_.oob.trains[train] = Train{corps, s_.oob.headquarters[corps].name + " train"};
        place(PieceRef::train(train), *trainCell);
    }

    void buildSide(Side side, int units) {
        const std::string sideName = side == Side::Union ? "Union" : "Confederate";
        const HeadquartersId army = addHq(side, Echelon::Army, {}, sideName + " Army");
        const int half = grid().cols() / 2;
        const int colLo = side == Side::Union ? 0 : half + 1,
                  colHi = side == Side::Union ? half - 2 : grid().cols() - 1;
        if (auto c = freeCellNear(randomCell(colLo, colHi), side)) {
            place(PieceRef::commander(army), *c);
        }
        HeadquartersId corps, division, brigade;
        int inBrigade = 0, brigadesInDivision = 0, divisionsInCorps = 0, corpsCount = 0;
        Offset centre;
        for (int u = 0; u < units; ++u) {
            if (!brigade.valid() || inBrigade == 4) {
                if (!division.valid() || brigadesInDivision == 3) {
                    if (!corps.valid() || divisionsInCorps == 3) {
                        corps = addHq(side, Echelon::Corps, army,
                                      sideName + " Corps " + std::to_string(++corpsCount));
                        divisionsInCorps = 0;
                        centre = randomCell(colLo, colHi);
                        if (auto c = freeCellNear(centre, side)) {
                            place(PieceRef::commander(corps), *c);
                        }
                        supplyCorps(corps, side, centre);
                    }
                    division = addHq(side, Echelon::Division, corps, "Division " + std::to_string(nextHq_));
                    ++divisionsInCorps;
                    brigadesInDivision = 0;
                    if (auto c = freeCellNear(centre, side)) {
                        place(PieceRef::commander(division), *c);
                    }
                }
                brigade = addHq(side, Echelon::Brigade, division, "Brigade " + std::to_string(nextHq_));
                if (auto c = freeCellNear(centre, side)) {
                    place(PieceRef::commander(brigade), *c);
                }
                ++brigadesInDivision;
                inBrigade = 0;
            }
            Unit unit;
            unit.parent = brigade;
            unit.roster = u + 1;
            unit.name = ordinal(u + 1) + (u % 10 == 0 ? " Battery" : " Regiment");
            unit.arm = u % 10 == 0 ? Arm::Artillery : (u % 10 == 5 ? Arm::Cavalry : Arm::Infantry);
            unit.stands = unit.arm == Arm::Artillery ? 2 : 3;
            unit.strength = unit.arm == Arm::Artillery ? 6 : 500 + uniform(0, 500);
            unit.quality = std::array{Quality::Veteran, Quality::Seasoned,
                                      Quality::Raw}[static_cast<std::size_t>(uniform(0, 2))];
            unit.weapon = unit.arm == Arm::Artillery ? Weapon::None
                          : unit.arm == Arm::Cavalry ? Weapon::RifledCarbine
                                                     : Weapon::RifleMusket;
            unit.gun = unit.arm == Arm::Artillery ? Gun::Napoleon12lb : Gun::None;
            unit.formation = unit.arm == Arm::Artillery ? Formation::Unlimbered
                             : unit.arm == Arm::Cavalry ? Formation::Mounted
                                                        : Formation::Line;
            const UnitId id{nextUnit_++};
            s_.oob.units[id] = unit;
            if (u % 25 == 24) {
                // Some arrive later, at an entry cell on their own edge.
                const int edgeCol = side == Side::Union ? 0 : grid().cols() - 1;
                s_.deployment.reinforcements[PieceRef::unit(id)] =
                    Reinforcement{uniform(2, 6), {edgeCol, uniform(0, grid().rows() - 1)}, "", {}};
            } else if (auto c = freeCellNear(centre, side)) {
                place(PieceRef::unit(id), *c);
            }
            ++inBrigade;
        }
    }

    GeneratorParameters p_;
    std::mt19937_64 rng_;
    Scenario s_;
    std::unordered_set<Offset> occupied_;
    std::uint32_t nextHq_ = 1, nextUnit_ = 1, nextTrain_ = 1;
};

} // namespace

std::string ordinal(int n) {
    const int lastTwo = n % 100, last = n % 10;
    const char* suffix = lastTwo >= 11 && lastTwo <= 13 ? "th"
                         : last == 1                    ? "st"
                         : last == 2                    ? "nd"
                         : last == 3                    ? "rd"
                                                        : "th";
    return std::to_string(n) + suffix;
}

Scenario generateScenario(const GeneratorParameters& p) {
    return Generator(p).run();
}

} // namespace sandtable
