#pragma once
// The natural style's ground: terrain, hypsometric tints and hill shading with natural boundaries
// instead of cell edges, and contours as smooth lines, as a published wargame map draws them.
//
// Every cell spreads its terrain and its level over the ground around its centre with a smooth
// kernel; a point of the ground takes the terrain that weighs most there and the level of the
// weighted mean height (or, where the map keeps its terrain model's heights, Map::surface, the
// model's, a cell's middle kept within its level's band). The point is first moved by a
// deterministic noise of the map's position (domain warping), so boundaries wander as woods'
// edges and fields' do, and the same map always draws the same. The kernel is narrow enough that
// the middle of every cell always shows its own terrain (the rules stay readable): naturalMiddle
// says how far that holds.
//
// The field is sampled on a lattice over the cells in view and cut along its boundaries (marching
// squares). The terrain is drawn first, in its colours alone: on a raster the pixels are set from
// the lattice (paint); on paper each terrain's pieces are traced into the outlines of their union
// and filled once (fill), over every cell filled whole in the colour of its middle, so where two
// colours meet the edge shows one or the other and never the paper. The relief is laid over it
// (relief, render/natural_relief.cpp): each level's tint and the hill shading as translucent
// layers, so the terrain's boundaries are not multiplied by the levels' and the shades' (which
// made the natural style's print two to three times the cells').
#include "model/layout.hpp"
#include "model/map.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

typedef struct _cairo cairo_t;

namespace sandtable {

// What a point of the natural ground shows.
struct GroundClass {
    int terrain = 0;
    int level = 0;
    int shade = 0; // hill shading, as MapPainter::shadeSteps counts it
    auto operator<=>(const GroundClass&) const = default;
};

// The part of a cell around its centre, as a fraction of the cell's size across its flats, that
// shows the cell's own terrain whatever its neighbours are (the tests hold the painter to it).
inline constexpr double naturalMiddle = 0.2;

class NaturalGround {
  public:
    struct Options {
        bool elevation = true;
        bool shading = true;
        int shadeSteps = 4;
        // Lattice points a cell across: more for a smoother edge when a cell is many pixels wide.
        int samplesPerCell = 8;
        // A lattice square at one level in one shade has its relief laid whole, from one layer;
        // false: each of its pixels finds its own (the same pixels: the tests compare the two).
        bool wholeSquares = true;
        // A lattice point all of whose cells show one terrain and level takes them without adding
        // the cells up (off a terrain model); false: every point adds its cells up (the same
        // picture: the tests compare the two).
        bool wholeCells = true;
        bool operator==(const Options&) const = default;
    };
    // Lattice rows one region worked out that the next region of the same picture needs: a PNG's
    // bands, each the map's whole width, meet along their sides, and each band's lattice reaches
    // past its own rows by the shading's span and the crowns' reach (half its rows again at 56
    // pixels a cell). Each row is taken from here by the band that meets the one that kept it.
    // Shared by the threads drawing the bands. A region whose lattice is not the first one's
    // (other columns, step, options or map) neither takes nor keeps; a row is the same numbers
    // whichever region works it out (its points are found from their indices on the whole
    // map's lattice, not from the region's corner).
    class SharedRows {
      public:
        SharedRows();
        ~SharedRows();
        SharedRows(const SharedRows&) = delete;
        SharedRows& operator=(const SharedRows&) = delete;
        // How many rows regions took from here (the tests and the benchmark).
        std::size_t rowsTaken() const;

      private:
        friend class NaturalGround;
        struct Kept;
        std::unique_ptr<Kept> kept_;
    };

    // The ground of `region` (map units), as every cell whose weight reaches it makes it; with
    // `shared`, rows another region kept are taken from it, and rows the next may need kept.
    NaturalGround(const Map& map, const Layout& layout, double left, double top, double right, double bottom,
                  const Options& options, SharedRows* shared = nullptr);
    ~NaturalGround();
    NaturalGround(const NaturalGround&) = delete;
    NaturalGround& operator=(const NaturalGround&) = delete;

    // A terrain's colour (its index in the map's terrain types).
    using ColourOf = std::function<Rgb(int terrain)>;
    // Fills the region's terrain, each in `colour(terrain)`, clipped to the map's rectangle, as
    // paths (what PDF, SVG and a printer keep).
    void fill(cairo_t* cr, const ColourOf& colour) const;
    // Sets the pixels of the same terrain straight in the image `cr` draws on (within its clip and
    // the map's rectangle), each pixel's terrain found from the lattice where the pixel lies: no
    // path to scan-convert, which is where fill spends four fifths of a frame. Edges are smoothed
    // by the terrains at the pixel's corners unless `cr` draws without antialiasing. Returns false,
    // drawing nothing, when `cr` does not draw on an image as a scale and a shift (then fill).
    bool paint(cairo_t* cr, const ColourOf& colour) const;
    // Lays the relief over the terrain fill or paint drew, with the options' elevation: every
    // level's tint (levelTint; its edge where the contour between the levels runs) and, with
    // shading, the hill shading (hillShade of the slope, smooth). On an image drawn as a scale and
    // a shift, pixel by pixel; elsewhere (paper) each level's step is one path over the ground of
    // that level and above (nested, so no seam opens between two levels' fills) and the shading is
    // an image of the lattice, smoothed as it is drawn.
    void relief(cairo_t* cr) const;
    // Adds the contour lines to `thin` and `index` (every fifth level) as pairs of points.
    void contours(std::vector<std::pair<Point, Point>>& thin,
                  std::vector<std::pair<Point, Point>>& index) const;

    // How many lattice points took the terrain and level of the one cell that all their cells are
    // alike to, without adding the cells up (Options::wholeCells; the tests).
    std::size_t pointsOfOneCell() const { return pointsOfOneCell_; }

    // The terrain the ground shows at `p` (map units, within the region); nothing off the ground.
    std::optional<int> terrainAt(Point p) const;
    // The one terrain the ground shows at every point of a rectangle (map units, within the
    // region), found from the lattice squares it touches when each shows one terrain whole, the
    // same; nothing when they differ or one does not (terrainAt then tells point by point).
    std::optional<int> terrainThroughout(double left, double top, double right, double bottom) const;
    // Places over `region` (map units) where `wanted(terrain)` holds for the ground shown there: a
    // lattice `spacing` apart from the map's corner, each point moved up to `jitter` of the
    // spacing and kept with odds `kept`, both by a hash of the point and `seed`. The same places in
    // any region that holds them, so crowns scattered over woods meet across tiles and bands.
    std::vector<Point> scatter(double left, double top, double right, double bottom, double spacing,
                               double jitter, double kept, unsigned seed,
                               const std::function<bool(int)>& wanted) const;

    // The height (in levels) of the ground at `p` (map units) as a lattice of `samplesPerCell`
    // samples a cell has it: where its contours run (a contour between levels L-1 and L is where
    // it is L - 0.5). NaN where no cell's weight reaches.
    static double heightAt(const Map& map, const Layout& layout, Point p, int samplesPerCell);
    // What the ground drawn with `options` shows at `p` (its terrain, level and shade), found
    // there alone, without a lattice; nothing where no cell's weight reaches.
    static std::optional<GroundClass> shownAt(const Map& map, const Layout& layout, Point p,
                                              const Options& options);

    // The lattice points a cell across for a cell `pixelsPerCell` wide: on a raster, or on `paper`
    // (PDF, SVG, a printer: pixels at 300 dpi), where edges must be smooth at any zoom.
    static int samplesFor(double pixelsPerCell, bool paper);
    // Whether a cell `pixelsPerCell` wide with `samplesPerCell` lattice points across has squares of
    // at most the raster's 8 pixels (samplesFor's, up to its 16 a cell), its size's last bit
    // aside: where a raster's ground is best set pixel by pixel (paint) rather than filled (fill).
    static bool squaresFitRaster(double pixelsPerCell, int samplesPerCell);

  private:
    struct Sample;
    struct SampleSum;
    // The sample a lattice of `samplesPerCell` would have at `p` (settled; unshaded).
    static Sample sampleAt(const Map& map, const Layout& layout, Point p, int samplesPerCell, bool elevation);
    // How far inside terrain `t` the sample is: by how much its weight leads (or trails) the
    // heaviest other, as a part of the whole; negative off the ground.
    static double terrainMargin(const Sample& s, int t);
    // The relief's two ways (relief).
    bool paintRelief(cairo_t* cr) const;
    void fillRelief(cairo_t* cr) const;
    // The pixels of an image (`width` x `height`, map point p at pixel p * s + t) whose middles
    // lie in the clip rectangle (map units), the map and the lattice: from x0 to before x1, y0 to
    // before y1; none when empty.
    struct PixelBox {
        int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    };
    std::optional<PixelBox> pixelsWithin(double clipX, double clipY, double clipWidth, double clipHeight,
                                         double sx, double sy, double tx, double ty, int width,
                                         int height) const;
    // Each lattice point's height and slope, row by row; NaN height off the ground.
    void reliefLattice(std::vector<float>& height, std::vector<float>& slope) const;
    // The height, level and slope at the corners of lattice square (i, j), clockwise from its top
    // left; false when one is off the ground.
    bool cornerRelief(int i, int j, std::array<float, 4>& height, std::array<int, 4>& level,
                      std::array<float, 4>& slope) const;
    // Lattice point (i, j): from its indices on the whole map's lattice, so every region that has
    // it has the same numbers.
    Point at(int i, int j) const {
        return {static_cast<double>(column0_ + i) * step_, static_cast<double>(row0_ + j) * step_};
    }
    const Sample& sample(int i, int j) const;
    // The samples at the corners of lattice square (i, j), clockwise from its top left.
    std::array<const Sample*, 4> cornersOf(int i, int j) const;
    // A place along the lattice: the square it is in and how far across it (0 to 1).
    struct LatticePlace {
        int square = 0;
        double within = 0;
    };
    // The place `u` steps from the first of `count` lattice points (kept within the lattice).
    static LatticePlace placeOf(double u, int count);
    // The class at a place, its candidates those of the square's corners; nothing off the ground.
    std::optional<GroundClass> classAt(LatticePlace across, LatticePlace down) const;
    // Its terrain alone, and the corners' bilinear shares of the place (0 for those off the ground).
    std::optional<int> terrainOf(LatticePlace across, LatticePlace down, std::array<double, 4>& share) const;

    const Map& map_;
    const Layout& layout_;
    Options options_;
    double step_ = 1, x0_ = 0, y0_ = 0;
    // The lattice's first column and row on the whole map's lattice (x0_ and y0_ in steps).
    long long column0_ = 0, row0_ = 0;
    int nx_ = 0, ny_ = 0;
    std::vector<Sample> samples_;
    // Each lattice square's terrain (at j * nx_ + i) where its four corners are on the ground and
    // show it, so the whole square does; mixedSquare where they differ or one is off the ground.
    static constexpr int mixedSquare = -1;
    std::vector<std::int16_t> squareTerrain_;
    int squareTerrain(LatticePlace across, LatticePlace down) const {
        return squareTerrain_[static_cast<std::size_t>(down.square) * nx_ + across.square];
    }
    std::size_t pointsOfOneCell_ = 0;
    // The lowest and highest level a lattice point on the ground shows (none: high below low).
    struct LevelRange {
        int low = std::numeric_limits<int>::max(), high = std::numeric_limits<int>::min();
        bool empty() const { return high < low; }
    };
    LevelRange levels_;
};

} // namespace sandtable
