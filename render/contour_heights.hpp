#pragma once
// Heights written along the natural style's index contours (every fifth level), as a topographic
// map writes them: in the line, upright, where the line runs straight for the figures' length and
// no other contour passes under them, about one to a contour in each block of cells. Where the
// map's counters, markers and words leave no room, a height is left out (label_placement places
// them last, and never over anything).
#include "model/layout.hpp"
#include "model/map.hpp"
#include "render/label_placement.hpp"
#include "render/natural_ground.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable {

// Every fifth level's contour is an index contour: drawn heavier, and its height written along it.
inline constexpr int indexContourEvery = 5;
inline bool isIndexLevel(int level) {
    return level % indexContourEvery == 0;
}

// The height a contour stands for, as written on the map: its level times the map's feet a level,
// above the sea where the map knows level 0's height (Map::baseFeet), else above level 0.
std::string contourHeightText(const Map& map, int level);

// A spot where an index contour's height may be written: the figures' middle on the line and
// their turn along it, and what the ground shows on either side of the line under them (on their
// top's side, and their foot's), for the band they are cut out of the line with.
struct ContourHeightSpot {
    LineSpot at;
    std::optional<GroundClass> above, below;
};

// The spots where one index contour's height may be written in one block of cells, best first.
struct ContourHeightSpots {
    int level = 0; // the contour between level-1 and level
    std::vector<ContourHeightSpot> spots;
};

// The figures and the ground they are written on.
struct ContourHeightLook {
    double width = 0, height = 0;  // the figures' box, upright, in map units
    NaturalGround::Options ground; // as the view draws it: the contours' lattice, the shading
    bool operator==(const ContourHeightLook&) const = default;
};

// A stretch of a road, pike or railroad between two cell centres, and how far a height keeps from
// it: the route's half width, and a tenth of a cell more for its curve, which bends off the
// straight stretch by less (Catmull-Rom through the centres), and a railroad's ties.
struct RouteStretch {
    Point a, b;
    double keepOff = 0;
};

// Whether a word `width` x `height` set at `spot` comes within the stretch's keep-off.
bool crosses(const LineSpot& spot, double width, double height, const RouteStretch& route);

// The stretches a word may come near, found by the squares (`square` map units a side) of a
// coarse grid their extents touch: a whole map's heights (a PNG arranges the map once) are
// checked against the few stretches near each, not against every stretch of every road (a tenth
// of a second on the 300 x 300 map).
class RouteStretches {
  public:
    RouteStretches(std::vector<RouteStretch> stretches, double square);
    // Whether a word `width` x `height` set at `spot` crosses any stretch (crosses).
    bool anyCrossing(const LineSpot& spot, double width, double height) const;

  private:
    int columnOf(double x) const;
    int rowOf(double y) const;
    std::size_t index(int col, int row) const;

    std::vector<RouteStretch> stretches_;
    double square_ = 1, x0_ = 0, y0_ = 0, keepOff_ = 0;
    int columns_ = 0, rows_ = 0;
    std::vector<std::vector<std::size_t>> squares_;
};

inline constexpr int contourHeightBlockCells = 6;

// The spots found in each block of cells before, for views that follow one another (the canvas's
// frames as it pans). A block's spots are found again only when the levels or terrains of its
// cells, or of the cells near enough to bend its contours, changed, or the look did: the cache
// needs no word of an edit. Safe to use from several threads.
class ContourHeightCache {
  public:
    std::vector<ContourHeightSpots> spotsOf(const Map& map, const Layout& layout, int blockCol, int blockRow,
                                            const ContourHeightLook& look);

  private:
    struct Entry {
        std::uint64_t cells = 0; // a fingerprint of the levels and terrains the spots came from
        ContourHeightLook look;
        std::vector<ContourHeightSpots> spots;
    };
    static constexpr std::size_t mostBlocks = 4096; // past this, the cache starts again
    std::mutex mutex_;
    std::map<std::pair<int, int>, Entry> blocks_;
};

// The spots of the index contours between the cells `first`..`last`, by blocks of
// contourHeightBlockCells cells counted from the map's corner (so a view that pans keeps them
// where they were): in each block, for each line of an index contour that crosses it (up to three
// of one level), up to two spots where the figures fit on the line, nearest the block's middle
// first. From `cache` where it has them.
std::vector<ContourHeightSpots> contourHeightSpots(const Map& map, const Layout& layout, Offset first,
                                                   Offset last, const ContourHeightLook& look,
                                                   ContourHeightCache* cache = nullptr);

} // namespace sandtable
