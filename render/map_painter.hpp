#pragma once
// MapPainter draws a scenario's map on any cairo context: the editor's canvas (the cairo context
// of its wxGraphicsContext), the printer, PDF, SVG and PNG surfaces, and image surfaces in tests.
// It draws only the cells inside the visible rectangle, so cost follows the view, not the map.
#include "model/layout.hpp"
#include "model/scenario.hpp"
#include "render/label_placement.hpp"
#include "render/natural_ground.hpp"

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

// The map's own units: a cell is this many across its flats wherever the map is drawn (the canvas at
// zoom 1, pages and sheets before they are scaled to paper).
inline constexpr double mapUnitsPerCell = 100.0;

class TerrainOverview;

// How the ground is drawn: `natural`, terrain with natural boundaries, smooth contours and the grid
// as marks at its vertices over it, as a published wargame map; or `cells`, each cell filled in
// its terrain's colour and outlined.
enum class MapStyle { Natural, Cells };
inline constexpr std::array<std::pair<std::string_view, MapStyle>, 2> mapStyles{
    {{"natural", MapStyle::Natural}, {"cells", MapStyle::Cells}}};

struct RenderOptions {
    MapStyle style = MapStyle::Natural;
    bool grid = true;
    bool labels = true;    // cell numbers
    bool elevation = true; // hypsometric tints and contours
    bool shading = true;   // hill shading, light from the north-west
    bool symbols = true;   // terrain symbols: trees, orchards, buildings...
    bool hexsides = true;
    bool paths = true;
    bool features = true; // towns, objectives, names, lines of supply, entries
    bool pieces = true;
    // Points on paper per map unit, so names and captions have the size in points they print at,
    // whatever the cell size; 0: the map's tabletop cell, or an inch a cell when it has none.
    double paperPointsPerUnit = 0;
    // On screen, names and captions are drawn at least this many pixels tall (up to twice their
    // size on paper) so a zoomed-out view stays readable; 0 on paper.
    double smallestWordPixels = 0;
    bool operator==(const RenderOptions&) const = default;
};
// The layers by the names the command line and the export dialog use.
inline constexpr std::array<std::pair<std::string_view, bool RenderOptions::*>, 9> renderLayers{{
    {"grid", &RenderOptions::grid},
    {"labels", &RenderOptions::labels},
    {"elevation", &RenderOptions::elevation},
    {"shading", &RenderOptions::shading},
    {"symbols", &RenderOptions::symbols},
    {"hexsides", &RenderOptions::hexsides},
    {"paths", &RenderOptions::paths},
    {"features", &RenderOptions::features},
    {"pieces", &RenderOptions::pieces},
}};

// Type sizes on paper, in points: names follow the map's printed size, not its cell size.
struct LabelSizes {
    static constexpr double placeName = 8.5, mapLabel = 10.5, caption = 6.5, cellNumber = 5;
    static constexpr double contourHeight = 6;
    // A cell number is also never more than this part of its cell, so it stays in its band.
    static constexpr double cellNumberOfCell = 0.085;
    // Below this many pixels a word is too small to read on screen and is left out.
    static constexpr double smallestPixels = 5;
    // The editor's smallest names and captions, in pixels (RenderOptions::smallestWordPixels).
    static constexpr double screenWordPixels = 10;
};

// A rectangle of the map in its layout's units.
struct MapRect {
    double x = 0, y = 0, width = 0, height = 0;
    bool near(Point p, double margin) const {
        return p.x >= x - margin && p.y >= y - margin && p.x <= x + width + margin &&
               p.y <= y + height + margin;
    }
};

// Roads brown, pikes darker, railroads black: the map and the overview draw them so.
Rgb pathColour(PathKind kind);

// Adds a five-pointed star (an objective) to the current path: the map and the legend draw it.
void addStar(cairo_t* cr, Point centre, double outer);

// Strokes the current path as a road (brown), a pike (cased, heavier) or a railroad's line, for
// cells `size` across: the map and the print's legend draw them so.
void strokeRoute(cairo_t* cr, PathKind kind, double size);
// How wide strokeRoute draws a route, its casing included, as a part of a cell: what a town's
// buildings stand back from.
double routeWidth(PathKind kind);

// One stretch of a smooth curve: a cubic from the previous point to `to`.
struct CubicPiece {
    Point c1, c2, to;
    // The point at t (0 to 1) of the stretch starting at `from`, and the direction there.
    std::pair<Point, Point> at(Point from, double t) const;
};
// A smooth curve through every point in order (Catmull-Rom as cubic pieces): roads, pikes and
// railroads bend through their cells' centres instead of kinking at each.
std::vector<CubicPiece> smoothThrough(const std::vector<Point>& points);

// The stretches (cell i to cell i + 1) of a path that a view draws something along: the first and
// the last of them, and the curve through the centres from the stretch before the first to the one
// after the last, whose pieces are the whole path's (each Catmull-Rom piece needs a centre more on
// either side), so a band or a tile curves only the part of a long road near it. Stretch i starts
// at centres[i - from] and is curve[i - from].
struct PathStretches {
    std::size_t first = 0, last = 0, from = 0;
    std::vector<Point> centres;
    std::vector<CubicPiece> curve;
};
// Nothing when `wanted(i)` holds for no stretch i.
std::optional<PathStretches> stretchesOf(const Layout& layout, const std::vector<Offset>& cells,
                                         const std::function<bool(std::size_t)>& wanted);

class MapIndex;
class ContourHeightCache;

// What a view is drawn in two parts: the ground (cells, symbols, contours, the scanned map, water
// and roads; far out the overview image) changes only with the map and can be kept from frame to
// frame (render/view_cache); the marks (towns, objectives, pieces, words) are drawn over it each time.
enum class MapLayers { Ground = 1, Marks = 2, All = 3 };
inline bool hasLayers(MapLayers set, MapLayers wanted) {
    return (static_cast<int>(set) & static_cast<int>(wanted)) != 0;
}

class MapPainter {
  public:
    // `overview` (optional) lets far-out views draw terrain from one image.
    MapPainter(const Scenario& scenario, const Layout& layout, const TerrainOverview* overview = nullptr)
        : s_(scenario), layout_(layout), overview_(overview) {}

    // The scanned map under the grid, as an image surface whose alpha is the scenario's opacity
    // (not owned; it must outlive the painter's draws).
    void setBackground(cairo_surface_t* image) { background_ = image; }
    // Where the pieces and paths lie (not owned): a view then looks only at those near it. Left
    // unused when it no longer describes the scenario.
    void setIndex(const MapIndex* index) { index_ = index; }
    // Where the contours' heights were found in earlier views (not owned): a view that pans looks
    // again only at the blocks it did not show before.
    void setContourHeights(ContourHeightCache* cache) { contourHeights_ = cache; }
    // The natural ground's lattice rows the regions drawn with this painter share (not owned): the
    // bands of one picture, each the map's whole width.
    void setSharedNaturalRows(NaturalGround::SharedRows* rows) { sharedNaturalRows_ = rows; }

    // Below this many pixels per cell the overview image replaces cell polygons, and details
    // (grid, labels, contours, counters' insides) are left out.
    static constexpr double overviewPixelsPerCell = 12.0;
    // Whether a view at this zoom is drawn from the overview image (nothing to arrange).
    bool drawsOverview(double pixelsPerUnit) const;
    // Whether a view at this zoom draws the natural style's ground (and its contours): asked for it,
    // and cells large enough for it (smaller, the cells' style stands in), short of the overview.
    bool drawsNaturalGround(const RenderOptions& options, double pixelsPerUnit) const;
    static constexpr int shadeSteps = 4;
    // A pile of counters: each a step up and right of the one below (a fraction of the cell, less
    // in a tall pile), with a badge of this radius and colour counting them.
    static constexpr double stackStep = 0.07;
    static constexpr double stackSpread = 0.21;
    static constexpr double stackBadgeRadius = 0.09;
    static constexpr Rgb stackBadgeColour{250, 220, 60};
    // A counter's size as a part of the cell, and the bar on its front edge.
    static constexpr double counterWidth = 0.56, counterHeight = 0.42, frontBar = 0.05;

    // The picture of a view before it is drawn: where every piece, marker and word goes.
    struct Scene;

    // Draws in the layout's units on `cr` as its transformation stands; `visible` is the part of
    // the map to draw. `pixelsPerUnit` decides what is legible (words only where they can be read).
    // Returns the names and captions that found no free place (each with its cell).
    // `arranged` (from arrange) lets the pages of a print share one arrangement of the whole map,
    // so a name near a page's edge stands in the same place on both pages.
    // `layers` draws the ground alone, the marks alone (over a ground drawn before), or both.
    std::vector<std::string> draw(cairo_t* cr, MapRect visible, double pixelsPerUnit,
                                  const RenderOptions& options = {}, const Scene* arranged = nullptr,
                                  MapLayers layers = MapLayers::All) const;
    // Where the counters, markers, cell numbers and words of a view go, without drawing them.
    LabelPlan planLabels(cairo_t* cr, MapRect visible, double pixelsPerUnit,
                         const RenderOptions& options = {}) const;
    // The arrangement of `region` for draw; the painter's scenario and layout must outlive it.
    std::shared_ptr<const Scene> arrange(cairo_t* cr, MapRect region, double pixelsPerUnit,
                                         const RenderOptions& options = {}) const;

    // Where each unit's counter in the pile at `cell` is drawn (its box in map units), bottom to
    // top: the editor outlines the chosen one, which may be under others.
    std::vector<std::pair<PieceRef, Box>> pileAt(Offset cell, const RenderOptions& options = {}) const;

  private:
    Scene sceneFrame(MapRect visible, double pixelsPerUnit, const RenderOptions& o) const;
    Scene arrangeScene(cairo_t* cr, MapRect visible, double pixelsPerUnit, const RenderOptions& o) const;
    void arrangePieces(Scene& scene) const;
    void arrangeMarkers(Scene& scene) const;
    void arrangeLabels(cairo_t* cr, Scene& scene) const;
    // The index contours' heights to place, where the natural style draws its contours and they
    // can be read (render/contour_heights).
    void addContourHeights(cairo_t* cr, const Scene& scene, std::vector<LabelRequest>& requests) const;
    void drawCells(cairo_t* cr, Offset first, Offset last, double pixelsPerUnit,
                   const RenderOptions& o) const;
    // `natural`: woods, orchards and towns left to the natural style's scattered crowns and
    // buildings; `naturalFields`: fields left to its furrows (render/natural_fields).
    void drawSymbols(cairo_t* cr, Offset first, Offset last, bool outlined, bool natural = false,
                     bool naturalFields = false) const;
    // The natural style lays fields' furrows from this many pixels a cell (a furrow 3.4 pixels
    // from the next); below, each field cell has its furrows symbol.
    static constexpr double furrowsFromPixels = 40;
    // The furrows' ink, a little lighter than the fields' cell symbol.
    static constexpr Rgb furrowInk{125, 105, 45};
    // A cell's hill shading, from -shadeSteps (lit) to shadeSteps (in shadow).
    int shadeOf(Offset c, const std::array<Point, 6>& toward) const;
    void drawContours(cairo_t* cr, Offset first, Offset last) const;
    // The natural style's ground (render/natural_ground) and its grid, marks at the vertices.
    void drawNaturalGround(cairo_t* cr, MapRect visible, Offset first, Offset last, double pixelsPerUnit,
                           const RenderOptions& o) const;
    // The natural ground's lattice and layers for a view at this zoom on `cr`'s kind of surface.
    NaturalGround::Options naturalOptions(cairo_t* cr, double pixelsPerUnit, const RenderOptions& o) const;
    // The colour the natural ground shows a class in.
    Rgb groundColour(const GroundClass& shown, const RenderOptions& o) const;
    // The natural style's towns: buildings along both sides of their streets (the roads and pikes
    // through them) and scattered over the rest, wherever the ground shows a town
    // (render/natural_towns).
    void drawNaturalTowns(cairo_t* cr, const NaturalGround& ground, MapRect visible, Offset first,
                          Offset last) const;
    // `natural`: water meandering along its sides (render/map_water's meanderCurve).
    void drawHexsides(cairo_t* cr, Offset first, Offset last, bool natural) const;
    // `natural`: bridges stand on the water's meanders.
    void drawPaths(cairo_t* cr, Offset first, Offset last, bool natural) const;
    void drawMarkers(cairo_t* cr, const Scene& scene, MapRect visible) const;
    void drawPieces(cairo_t* cr, const Scene& scene, MapRect visible) const;
    // The cells' numbers from `first` to `last`, with the ground: fixed at the top of their cells,
    // clear of every counter, marker and word (which the arrangement places around their boxes:
    // arrangeLabels), so they change only with the map and are kept with the ground from frame to
    // frame. At 4K and 100 % they are a thousand and were most of a frame's marks.
    void drawCellNumbers(cairo_t* cr, Offset first, Offset last, double pixelsPerUnit,
                         const RenderOptions& o) const;
    void drawLabels(cairo_t* cr, const Scene& scene, MapRect visible) const;
    void drawBackground(cairo_t* cr) const;
    void drawOverview(cairo_t* cr) const;
    void drawPiecesAsDots(cairo_t* cr, Offset first, Offset last) const;
    void addCell(cairo_t* cr, Offset c, double inset = 0) const;
    double pointsPerUnit(const RenderOptions& o) const;
    const MapIndex* usableIndex() const;
    struct PlacedUnit {
        Offset cell;
        PieceRef piece;
        const Placement* placement;
    };
    // The units with a cell in or near `region` (and maybe others: callers test what is in view).
    std::vector<PlacedUnit> unitsNear(MapRect region, double margin) const;
    // The paths to draw in a view of first..last, in id order.
    std::vector<const Path*> pathsNear(Offset first, Offset last) const;

    const Scenario& s_;
    const Layout& layout_;
    const TerrainOverview* overview_;
    cairo_surface_t* background_ = nullptr;
    const MapIndex* index_ = nullptr;
    ContourHeightCache* contourHeights_ = nullptr;
    NaturalGround::SharedRows* sharedNaturalRows_ = nullptr;
};

} // namespace sandtable
