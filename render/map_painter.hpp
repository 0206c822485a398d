#pragma once
// MapPainter draws a scenario's map on any cairo context: the editor's canvas (the cairo context
// of its wxGraphicsContext), the printer, PDF, SVG and PNG surfaces, and image surfaces in tests.
// It draws only the cells inside the visible rectangle, so cost follows the view, not the map.
#include "model/layout.hpp"
#include "model/scenario.hpp"

#include <array>
#include <string_view>
#include <utility>
#include <vector>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

namespace sandtable {

class TerrainOverview;

struct RenderOptions {
    bool grid = true;
    bool labels = true;
    bool elevation = true;
    bool hexsides = true;
    bool paths = true;
    bool features = true;
    bool pieces = true;
};
// The layers by the names the command line and the export dialog use.
inline constexpr std::array<std::pair<std::string_view, bool RenderOptions::*>, 7> renderLayers{{
    {"grid", &RenderOptions::grid},
    {"labels", &RenderOptions::labels},
    {"elevation", &RenderOptions::elevation},
    {"hexsides", &RenderOptions::hexsides},
    {"paths", &RenderOptions::paths},
    {"features", &RenderOptions::features},
    {"pieces", &RenderOptions::pieces},
}};

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

// One stretch of a smooth curve: a cubic from the previous point to `to`.
struct CubicPiece {
    Point c1, c2, to;
    // The point at t (0 to 1) of the stretch starting at `from`, and the direction there.
    std::pair<Point, Point> at(Point from, double t) const;
};
// A smooth curve through every point in order (Catmull-Rom as cubic pieces): roads, pikes and
// railroads bend through their cells' centres instead of kinking at each.
std::vector<CubicPiece> smoothThrough(const std::vector<Point>& points);

class MapPainter {
  public:
    // `overview` (optional) lets far-out views draw terrain from one image.
    MapPainter(const Scenario& scenario, const Layout& layout, const TerrainOverview* overview = nullptr)
        : s_(scenario), layout_(layout), overview_(overview) {}

    // The scanned map under the grid, as an image surface whose alpha is the scenario's opacity
    // (not owned; it must outlive the painter's draws).
    void setBackground(cairo_surface_t* image) { background_ = image; }

    // Below this many pixels per cell the overview image replaces cell polygons, and details
    // (grid, labels, contours, counters' insides) are left out.
    static constexpr double overviewPixelsPerCell = 12.0;
    // A pile of counters: each a step up and right of the one below (a fraction of the cell),
    // with a badge of this radius and colour counting them.
    static constexpr double stackStep = 0.07;
    static constexpr double stackBadgeRadius = 0.09;
    static constexpr Rgb stackBadgeColour{250, 220, 60};

    // Draws in the layout's units on `cr` as its transformation stands; `visible` is the part of
    // the map to draw. `pixelsPerUnit` decides what is legible (labels only on large cells).
    void draw(cairo_t* cr, MapRect visible, double pixelsPerUnit, const RenderOptions& options = {}) const;

  private:
    void drawCells(cairo_t* cr, Offset first, Offset last, double pixelsPerUnit,
                   const RenderOptions& o) const;
    void drawHexsides(cairo_t* cr, Offset first, Offset last) const;
    void drawPaths(cairo_t* cr, Offset first, Offset last) const;
    void drawFeatures(cairo_t* cr, MapRect visible, double pixelsPerUnit) const;
    void drawMarkers(cairo_t* cr, MapRect visible, double pixelsPerUnit) const;
    void drawPieces(cairo_t* cr, MapRect visible, double pixelsPerUnit) const;
    void drawBackground(cairo_t* cr) const;
    void drawOverview(cairo_t* cr) const;
    void drawPiecesAsDots(cairo_t* cr, Offset first, Offset last) const;
    void addCell(cairo_t* cr, Offset c, double inset = 0) const;

    const Scenario& s_;
    const Layout& layout_;
    const TerrainOverview* overview_;
    cairo_surface_t* background_ = nullptr;
};

} // namespace sandtable
