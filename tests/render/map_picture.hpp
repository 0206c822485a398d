#pragma once
// A map drawn by MapPainter on a Cairo image surface, read back pixel by pixel, for the render
// tests; and a plain scenario to draw on.
#include "model/scenario_generator.hpp"
#include "render/colours.hpp"
#include "render/map_painter.hpp"
#include "tests/render/cairo_pixels.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace sandtable::testing_support {

// An image surface with the map drawn at one pixel per map unit.
class Picture {
  public:
    Picture(const Scenario& s, const Layout& layout, const RenderOptions& o, double pixelsPerUnit = 1.0,
            const TerrainOverview* overview = nullptr, InkStyle ink = InkStyle::Colour)
        : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(layout.width()) + 1,
                                              static_cast<int>(layout.height()) + 1),
                   cairo_surface_destroy) {
        cairo_t* cr = cairo_create(surface_.get());
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
        setInkStyle(cr, ink);
        const MapPainter painter(s, layout, overview);
        const MapRect all{0, 0, layout.width(), layout.height()};
        (void)painter.draw(cr, all, pixelsPerUnit, o);
        plan_ = painter.planLabels(cr, all, pixelsPerUnit, o);
        cairo_destroy(cr);
        cairo_surface_flush(surface_.get());
    }
    Rgb at(Point p) const {
        return testing_support::pixelOf(surface_.get(), static_cast<int>(p.x), static_cast<int>(p.y));
    }

    int width() const { return cairo_image_surface_get_width(surface_.get()); }
    int height() const { return cairo_image_surface_get_height(surface_.get()); }
    const LabelPlan& plan() const { return plan_; }

  private:
    testing_support::SurfacePtr surface_;
    LabelPlan plan_;
};

inline int brightness(Rgb c) {
    return c.r + c.g + c.b;
}

inline Scenario plain(GridShape shape, int cols, int rows, int units = 0) {
    Scenario s = generateScenario(GeneratorParameters{cols, rows, units, 0, 3, shape});
    s.map.hexsides.clear();
    s.map.paths.clear();
    s.map.features.clear();
    std::fill(s.map.terrain.begin(), s.map.terrain.end(), TerrainIndex{0});
    std::fill(s.map.elevation.begin(), s.map.elevation.end(), std::int16_t{0});
    return s;
}

// A stream down every side between column `col` and the next: the sides, top to bottom.
inline std::vector<EdgeId> streamAfterColumn(Scenario& s, int col) {
    const Grid& g = s.map.grid;
    Hexside stream;
    stream.set(SideFeature::Stream, true);
    std::vector<EdgeId> edges;
    for (int row = 0; row < g.rows(); ++row) {
        for (int d = 0; d < g.sideCount(); ++d) {
            if (const Offset n = g.neighbor({col, row}, d); g.contains(n) && n.col == col + 1) {
                s.map.hexsides[g.edge({col, row}, d)] = stream;
                edges.push_back(g.edge({col, row}, d));
            }
        }
    }
    return edges;
}

// A round hill: level `top` at the middle of `middle`'s cell, a level lower for each cell's size
// out from it, and level 0 past that.
inline void raiseHill(Scenario& s, Offset middle, int top) {
    const Grid& g = s.map.grid;
    const Layout layout(g, 1);
    const Point summit = layout.cellCenter(middle);
    for (int row = 0; row < g.rows(); ++row) {
        for (int col = 0; col < g.cols(); ++col) {
            const Point p = layout.cellCenter({col, row});
            const double d = std::hypot(p.x - summit.x, p.y - summit.y);
            s.map.elevation[g.index({col, row})] =
                static_cast<std::int16_t>(std::max(0, top - static_cast<int>(d)));
        }
    }
}

// A Union army (headquarters 1, Meade) with regiments 1 to `count`, all placed in `cell` when
// one is given.
inline void addUnionRegiments(Scenario& s, std::uint32_t count, std::optional<Offset> cell = std::nullopt) {
    s.oob.headquarters[HeadquartersId{1}] =
        Headquarters{Side::Union, Echelon::Army, {}, "Army", "Meade", {}, {}};
    for (std::uint32_t id = 1; id <= count; ++id) {
        s.oob.units[UnitId{id}] = Unit{HeadquartersId{1}, "Regiment " + std::to_string(id)};
        if (cell) {
            s.deployment.placements[PieceRef::unit(UnitId{id})] = Placement{{*cell}, {}};
        }
    }
}

} // namespace sandtable::testing_support
