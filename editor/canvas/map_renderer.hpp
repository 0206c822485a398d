#pragma once
// MapRenderer draws a scenario's map onto any wxGraphicsContext: the screen canvas, an off-screen
// image (screenshots, pixel tests, PNG export) and later the printer and Cairo PDF/SVG surfaces.
// It draws only the cells inside the visible rectangle, so cost follows the view, not the map.
#include "model/layout.hpp"
#include "model/scenario.hpp"
#include "terrain_overview.hpp"

#include <wx/graphics.h>

#include <array>
#include <string_view>
#include <utility>

namespace sandtable {

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

class MapRenderer {
  public:
    // `overview` (optional) lets far-out views draw terrain from one image.
    MapRenderer(const Scenario& scenario, const Layout& layout, const TerrainOverview* overview = nullptr)
        : s_(scenario), layout_(layout), overview_(overview) {}

    // The scanned map under the grid (already loaded, its alpha set to the scenario's opacity).
    void setBackground(const wxImage* image) { background_ = image; }

    // Below this many pixels per cell the overview image replaces cell polygons, and details
    // (grid, labels, contours, counters' insides) are left out.
    static constexpr double overviewPixelsPerCell = 12.0;

    // Draws in map units (the layout's); `visible` is the part of the map to draw, in the same units.
    // `pixelsPerUnit` decides what is legible (labels only when cells are large enough).
    void draw(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit,
              const RenderOptions& options = {}) const;

    static wxColour sideColour(Side side);

  private:
    void drawCells(wxGraphicsContext& gc, Offset first, Offset last, double pixelsPerUnit,
                   const RenderOptions& o) const;
    void drawHexsides(wxGraphicsContext& gc, Offset first, Offset last) const;
    void drawPaths(wxGraphicsContext& gc, Offset first, Offset last) const;
    void drawFeatures(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit) const;
    void drawMarkers(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit) const;
    void drawPieces(wxGraphicsContext& gc, wxRect2DDouble visible, double pixelsPerUnit) const;
    wxGraphicsPath cellPath(wxGraphicsContext& gc, Offset c, double inset = 0) const;

    void drawBackground(wxGraphicsContext& gc) const;
    void drawOverview(wxGraphicsContext& gc, Offset first, Offset last) const;
    void drawPiecesAsDots(wxGraphicsContext& gc, Offset first, Offset last) const;

    const Scenario& s_;
    const Layout& layout_;
    const TerrainOverview* overview_;
    const wxImage* background_ = nullptr;
};

} // namespace sandtable
