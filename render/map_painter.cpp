#include "map_painter.hpp"

#include "map_index.hpp"

#include "outline_tracing.hpp"
#include "raster_stamps.hpp"

#include "colours.hpp"
#include "contour_heights.hpp"
#include "map_scene.hpp"
#include "natural_fields.hpp"
#include "natural_ground.hpp"
#include "raster_lines.hpp"
#include "terrain_overview.hpp"
#include "terrain_symbols.hpp"
#include "vertex_marks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <span>
#include <tuple>

#include <cairo.h>

namespace sandtable {
namespace {

using ContourSegments = std::array<std::vector<std::pair<Point, Point>>, 2>; // thin, index

// A line through `p` as a smooth curve: each piece a cubic whose handles run along the line's
// direction at its ends (the chord of the points either side), a third of the piece long, so the
// line bends round where its points turn and no piece overshoots however unevenly they are spaced
// (smoothThrough's even Catmull-Rom suits a road's centres, a cell apart; a simplified contour's
// points lie a hair or many squares apart). A line that closes (its last point its first) is
// smooth where it closes too.
void addSmoothLine(cairo_t* cr, std::span<const Point> p) {
    const std::size_t n = p.size();
    if (n < 3) {
        for (std::size_t i = 0; i < n; ++i) {
            i == 0 ? cairo_move_to(cr, p[i].x, p[i].y) : cairo_line_to(cr, p[i].x, p[i].y);
        }
        return;
    }
    const bool closed = p.front() == p.back();
    const auto directionAt = [&](std::size_t i) {
        const Point before = i > 0 ? p[i - 1] : closed ? p[n - 2] : p[i];
        const Point after = i + 1 < n ? p[i + 1] : closed ? p[1] : p[i];
        const double dx = after.x - before.x, dy = after.y - before.y, length = std::hypot(dx, dy);
        return length > 0 ? Point{dx / length, dy / length} : Point{};
    };
    cairo_move_to(cr, p[0].x, p[0].y);
    Point from = directionAt(0);
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const Point to = directionAt(i + 1);
        const double handle = std::hypot(p[i + 1].x - p[i].x, p[i + 1].y - p[i].y) / 3;
        cairo_curve_to(cr, p[i].x + from.x * handle, p[i].y + from.y * handle, p[i + 1].x - to.x * handle,
                       p[i + 1].y - to.y * handle, p[i + 1].x, p[i + 1].y);
        from = to;
    }
    if (closed) {
        cairo_close_path(cr);
    }
}

// Each weight's segments one path, stroked `widths` (in map units) wide with round ends and bends;
// on paper joined into lines: a contour is a line, not hundreds of dashes drawn end to end, and
// each line kept within `tolerance` of its segments with as few points as that needs, and with
// `smooth` drawn as a curve through them (the natural style: a lattice's straight cuts turn at
// every square, which shows as corners along a line printed large).
void strokeContours(cairo_t* cr, const ContourSegments& segments, const std::array<double, 2>& widths,
                    double tolerance = 0, bool smooth = false) {
    const bool onPaper = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE;
    // On a raster, laid in its pixels (render/raster_lines), each weight's lines as one.
    std::optional<RasterLines> raster = RasterLines::forTarget(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (std::size_t weight = 0; weight < segments.size(); ++weight) {
        if (segments[weight].empty()) {
            continue;
        }
        cairo_new_path(cr);
        // Ends meet where they are the same to a thousandth of a line's width. On a raster every
        // point is kept: simplified, a tile's lines would part from its neighbours' (each
        // simplified over its own stretch). Chained there too, a line with round joins is stroked
        // in a tenth less of a natural PNG's time than its segments each with two round caps, and
        // paints the same pixels (Gettysburg at 150 dpi: 14 pixels apart by more than 3 %).
        const Polylines lines =
            chainSegments(segments[weight], Point{}, widths[weight] / 1024, onPaper ? tolerance : 0);
        if (raster) {
            const Point* line = lines.points.data();
            for (const std::uint32_t n : lines.sizes) {
                raster->moveTo(line[0]);
                for (std::uint32_t k = 1; k < n; ++k) {
                    raster->lineTo(line[k]);
                }
                line += n;
                raster->lay(widths[weight], contourBrown);
                raster->clear();
            }
            continue;
        }
        if (onPaper && smooth) {
            const Point* line = lines.points.data();
            for (const std::uint32_t n : lines.sizes) {
                addSmoothLine(cr, {line, n});
                line += n;
            }
        } else {
            lines.addToPath(cr, false);
        }
        strokeWith(cr, contourBrown, widths[weight]);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
}

} // namespace

void MapPainter::addCell(cairo_t* cr, Offset c, double inset) const {
    const auto corners = layout_.corners(c);
    const Point centre = layout_.cellCenter(c);
    const double k = 1.0 - inset / layout_.radius();
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const double x = centre.x + (corners[i].x - centre.x) * k,
                     y = centre.y + (corners[i].y - centre.y) * k;
        if (i == 0) {
            cairo_move_to(cr, x, y);
        } else {
            cairo_line_to(cr, x, y);
        }
    }
    cairo_close_path(cr);
}

const MapIndex* MapPainter::usableIndex() const {
    return index_ != nullptr && index_->describes(s_) ? index_ : nullptr;
}

bool MapPainter::drawsOverview(double pixelsPerUnit) const {
    return overview_ != nullptr && overview_->valid() &&
           layout_.cellSize() * pixelsPerUnit < overviewPixelsPerCell;
}

bool MapPainter::drawsNaturalGround(const RenderOptions& o, double pixelsPerUnit) const {
    return o.style == MapStyle::Natural && layout_.cellSize() * pixelsPerUnit >= 6 &&
           !drawsOverview(pixelsPerUnit);
}

double MapPainter::pointsPerUnit(const RenderOptions& o) const {
    if (o.paperPointsPerUnit > 0) {
        return o.paperPointsPerUnit;
    }
    const double cellInches = s_.map.tabletop ? s_.map.tabletop->sizeInInches() : 1.0;
    return cellInches * 72.0 / layout_.cellSize();
}

MapPainter::Scene MapPainter::sceneFrame(MapRect visible, double pixelsPerUnit,
                                         const RenderOptions& o) const {
    Scene scene;
    scene.visible = visible;
    scene.pixelsPerUnit = pixelsPerUnit;
    scene.options = o;
    layout_.visibleRange(visible.x, visible.y, visible.x + visible.width, visible.y + visible.height,
                         scene.first, scene.last);
    scene.size = layout_.cellSize();
    scene.detailed = scene.size * pixelsPerUnit >= 24;
    scene.unitsPerPoint = 1.0 / pointsPerUnit(o);
    scene.numberSize =
        std::min(LabelSizes::cellNumber * scene.unitsPerPoint, LabelSizes::cellNumberOfCell * scene.size);
    // The top of a pointy hex is a corner: its number sits a little lower, where the cell is wide.
    scene.numberTop = -scene.size * (s_.map.grid.shape() == GridShape::HexPointy ? 0.43 : 0.475);
    scene.numberBottom = scene.numberTop + scene.numberSize * 1.25;
    return scene;
}

MapPainter::Scene MapPainter::arrangeScene(cairo_t* cr, MapRect visible, double pixelsPerUnit,
                                           const RenderOptions& o) const {
    Scene scene = sceneFrame(visible, pixelsPerUnit, o);
    if (o.pieces) {
        arrangePieces(scene);
    }
    if (o.features) {
        arrangeMarkers(scene);
    }
    arrangeLabels(cr, scene);
    return scene;
}

LabelPlan MapPainter::planLabels(cairo_t* cr, MapRect visible, double pixelsPerUnit,
                                 const RenderOptions& o) const {
    return arrangeScene(cr, visible, pixelsPerUnit, o).plan;
}

std::shared_ptr<const MapPainter::Scene>
MapPainter::arrange(cairo_t* cr, MapRect region, double pixelsPerUnit, const RenderOptions& o) const {
    return std::make_shared<const Scene>(arrangeScene(cr, region, pixelsPerUnit, o));
}

std::vector<std::string> MapPainter::draw(cairo_t* cr, MapRect visible, double pixelsPerUnit,
                                          const RenderOptions& o, const Scene* arranged,
                                          MapLayers layers) const {
    const bool ground = hasLayers(layers, MapLayers::Ground), marks = hasLayers(layers, MapLayers::Marks);
    Offset first, last;
    layout_.visibleRange(visible.x, visible.y, visible.x + visible.width, visible.y + visible.height, first,
                         last);
    cairo_save(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    if (cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE) {
        // Curves flattened to within a quarter of a pixel (Skia's tolerance) rather than Cairo's
        // tenth: no eye sees the difference, and a large picture's roads and rivers take a fifth
        // fewer segments to stroke. PDF and SVG keep their curves as curves.
        cairo_set_tolerance(cr, 0.25);
    }
    if (drawsOverview(pixelsPerUnit)) {
        if (ground) {
            drawOverview(cr); // roads and railroads are in the overview image
        }
        if (marks && o.pieces) {
            drawPiecesAsDots(cr, first, last);
        }
        cairo_restore(cr);
        return {};
    }
    if (ground) {
        const bool natural = drawsNaturalGround(o, pixelsPerUnit);
        if (natural) {
            drawNaturalGround(cr, visible, first, last, pixelsPerUnit, o);
        } else {
            drawCells(cr, first, last, pixelsPerUnit, o);
        }
        drawBackground(cr);
        if (o.hexsides) {
            drawHexsides(cr, first, last, natural);
        }
        if (o.paths) {
            drawPaths(cr, first, last, natural);
        }
        if (natural && o.grid) {
            drawVertexMarks(cr, layout_, first, last, pixelsPerUnit);
        }
        drawCellNumbers(cr, first, last, pixelsPerUnit, o);
    }
    if (!marks) {
        cairo_restore(cr);
        return {};
    }
    std::optional<Scene> own;
    if (arranged == nullptr) {
        own = arrangeScene(cr, visible, pixelsPerUnit, o);
    }
    const Scene& scene = arranged != nullptr ? *arranged : *own;
    drawMarkers(cr, scene, visible);
    drawPieces(cr, scene, visible);
    drawLabels(cr, scene, visible);
    cairo_restore(cr);
    return scene.plan.unplaced;
}

void MapPainter::drawBackground(cairo_t* cr) const {
    if (background_ == nullptr || !s_.map.background) {
        return;
    }
    // The image's own placement: origin and scale in cells, turned by its rotation.
    const BackgroundImage& b = *s_.map.background;
    const double unit = layout_.cellSize();
    cairo_save(cr);
    if (b.affine) {
        const Affine& m = *b.affine;
        cairo_matrix_t fitted;
        cairo_matrix_init(&fitted, m[0] * unit, m[3] * unit, m[1] * unit, m[4] * unit, m[2] * unit,
                          m[5] * unit);
        cairo_transform(cr, &fitted);
    } else {
        cairo_translate(cr, b.originX * unit, b.originY * unit);
        cairo_rotate(cr, b.rotationDegrees * std::numbers::pi / 180.0);
        cairo_scale(cr, b.unitsPerPixel * unit, b.unitsPerPixel * unit);
    }
    cairo_set_source_surface(cr, background_, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_restore(cr);
}

void MapPainter::drawOverview(cairo_t* cr) const {
    // One pixel per cell, stretched over the cells' slots; hex stagger (half a cell) is ignored:
    // at this size a cell is a few pixels.
    const Grid& g = s_.map.grid;
    const Point a = layout_.cellCenter({0, 0});
    const double pitchX =
        g.cols() > 1 ? (layout_.cellCenter({g.cols() - 1, 0}).x - a.x) / (g.cols() - 1) : layout_.cellSize();
    const double pitchY =
        g.rows() > 1 ? (layout_.cellCenter({0, g.rows() - 1}).y - a.y) / (g.rows() - 1) : layout_.cellSize();
    overview_->paint(cr, a.x - pitchX / 2, a.y - pitchY / 2, pitchX * g.cols(), pitchY * g.rows());
}

void MapPainter::drawCells(cairo_t* cr, Offset first, Offset last, double pixelsPerUnit,
                           const RenderOptions& o) const {
    const Map& map = s_.map;
    const Grid& g = map.grid;
    const double size = layout_.cellSize();
    const bool showGrid = o.grid && size * pixelsPerUnit >= 6;
    // One path per colour (terrain and level) and one fill each: far fewer state changes than a
    // fill per cell. The grid is the background showing between cells drawn a hair smaller, which
    // costs a fraction of stroking every side.
    const double inset = showGrid ? size * 0.008 : 0.0;
    if (showGrid) {
        // Only under the cells in view, and never past the map's edge.
        const Point a = layout_.cellCenter(first), b = layout_.cellCenter(last);
        const double x0 = std::max(0.0, a.x - size), y0 = std::max(0.0, a.y - size);
        const double x1 = std::min(layout_.width(), b.x + size), y1 = std::min(layout_.height(), b.y + size);
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
        setSource(cr, Rgb{95, 100, 80});
        cairo_fill(cr);
    }
    const double pixels = size * pixelsPerUnit;
    // Hill shading is in the cells' own colour (no second layer of polygons): a light from the
    // north-west, as a unit vector toward it seen from each neighbour's direction.
    const bool shading = o.elevation && o.shading && pixels >= 6;
    std::array<Point, 6> toward{};
    for (int d = 0; d < g.sideCount(); ++d) {
        const Point p = layout_.cellCenter({5, 5}), q = layout_.cellCenter(g.neighbor({5, 5}, d));
        const double len = std::hypot(q.x - p.x, q.y - p.y);
        toward[static_cast<std::size_t>(d)] = {-(q.x - p.x) / len * std::numbers::sqrt2 / 2,
                                               -(q.y - p.y) / len * std::numbers::sqrt2 / 2};
    }
    std::map<std::tuple<int, int, int>, std::vector<Offset>> byColour;
    for (int row = first.row; row <= last.row; ++row) {
        for (int col = first.col; col <= last.col; ++col) {
            const std::size_t i = g.index({col, row});
            byColour[{map.terrain[i], o.elevation ? map.elevation[i] : 0,
                      shading ? shadeOf({col, row}, toward) : 0}]
                .push_back({col, row});
        }
    }
    // With the grid between them every cell stands alone, so on a raster each can be a stamp.
    std::optional<ShapeStamps> stamps = [&]() -> std::optional<ShapeStamps> {
        if (!showGrid) {
            return std::nullopt;
        }
        const double k = 1.0 - inset / layout_.radius();
        std::vector<Point> corners;
        for (const Point& p : layout_.cornerOffsets()) {
            corners.push_back({p.x * k, p.y * k});
        }
        return ShapeStamps::forTarget(cr, corners);
    }();
    for (const auto& [key, cells] : byColour) {
        const auto [terrain, level, shade] = key;
        const Rgb base = map.terrainTypes[static_cast<std::size_t>(terrain)].colour;
        const Rgb colour = shadedColour(o.elevation ? elevationTint(base, level) : base, shade);
        if (stamps) {
            for (Offset c : cells) {
                stamps->stamp(layout_.cellCenter(c), colour);
            }
            continue;
        }
        cairo_new_path(cr);
        for (Offset c : cells) {
            addCell(cr, c, inset);
        }
        setAreaSource(cr, colour);
        cairo_fill(cr);
    }
    stamps.reset(); // the pixels back to Cairo
    if (o.symbols && pixels >= 14) {
        drawSymbols(cr, first, last, pixels >= 60);
    }
    if (o.elevation) {
        drawContours(cr, first, last);
    }
}

NaturalGround::Options MapPainter::naturalOptions(cairo_t* cr, double pixelsPerUnit,
                                                  const RenderOptions& o) const {
    const double pixels = layout_.cellSize() * pixelsPerUnit;
    NaturalGround::Options options;
    options.elevation = o.elevation;
    options.shading = o.elevation && o.shading && pixels >= 6;
    options.shadeSteps = shadeSteps;
    options.samplesPerCell = NaturalGround::samplesFor(pixels, cairo_surface_get_type(cairo_get_target(cr)) !=
                                                                   CAIRO_SURFACE_TYPE_IMAGE);
    return options;
}

Rgb MapPainter::groundColour(const GroundClass& shown, const RenderOptions& o) const {
    const Rgb base = s_.map.terrainTypes[static_cast<std::size_t>(shown.terrain)].colour;
    // The relief's layers over the terrain, as NaturalGround::relief lays them.
    return o.elevation ? overlaid(overlaid(base, levelTint(shown.level)), hillShade(shown.shade)) : base;
}

void MapPainter::drawNaturalGround(cairo_t* cr, MapRect visible, Offset first, Offset last,
                                   double pixelsPerUnit, const RenderOptions& o) const {
    const double size = layout_.cellSize(), pixels = size * pixelsPerUnit;
    const bool raster = cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE;
    const NaturalGround::Options options = naturalOptions(cr, pixelsPerUnit, o);
    const NaturalGround ground(s_.map, layout_, visible.x, visible.y, visible.x + visible.width,
                               visible.y + visible.height, options, sharedNaturalRows_);
    const auto colour = [&](int terrain) {
        return s_.map.terrainTypes[static_cast<std::size_t>(terrain)].colour;
    };
    // Pixel by pixel while a lattice square is a few pixels across (where Cairo's scan converter
    // spent four fifths of a frame on small polygons); paths when the squares grow larger than
    // 8 pixels (past 128 pixels a cell), where a few big polygons fill faster than every pixel is
    // looked up (`./dev bench`, renderView at 200 %).
    const bool pixelByPixel = raster && NaturalGround::squaresFitRaster(pixels, options.samplesPerCell);
    if (!pixelByPixel || !ground.paint(cr, colour)) {
        ground.fill(cr, colour);
    }
    ground.relief(cr);
    if (o.symbols && pixels >= 14) {
        // Woods and orchards as crowns scattered wherever the ground shows them, towns as buildings
        // along their streets, fields as furrows in plots once they are far enough apart to be seen
        // as lines, the rest cell by cell.
        const bool furrows =
            pixels >= furrowsFromPixels && anyDrawnAs(s_.map.terrainTypes, TerrainSymbol::Crops);
        drawSymbols(cr, first, last, pixels >= 60, true, furrows);
        if (furrows) {
            const double margin = size * 0.1; // past the region's edge, so a band's cut is clean
            cairo_new_path(cr);
            for (const auto& [a, b] : fieldFurrows(
                     ground, size, visible.x - margin, visible.y - margin, visible.x + visible.width + margin,
                     visible.y + visible.height + margin, [&](int terrain) {
                         return drawnAs(s_.map.terrainTypes, terrain, TerrainSymbol::Crops);
                     })) {
                cairo_move_to(cr, a.x, a.y);
                cairo_line_to(cr, b.x, b.y);
            }
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
            strokeWith(cr, furrowInk, size * 0.01, 0.5);
        }
        const double reach = size * 0.2; // a crown standing outside the region may reach into it
        for (const TerrainSymbol symbol :
             {TerrainSymbol::Trees, TerrainSymbol::DenseTrees, TerrainSymbol::Orchard}) {
            const std::optional<CrownScatter> scatter = crownScatter(symbol);
            if (!anyDrawnAs(s_.map.terrainTypes, symbol)) {
                continue;
            }
            const std::vector<Point> crowns =
                ground.scatter(visible.x - reach, visible.y - reach, visible.x + visible.width + reach,
                               visible.y + visible.height + reach, scatter->spacing * size, scatter->jitter,
                               scatter->kept, static_cast<unsigned>(symbol) * 7919u,
                               [&](int terrain) { return drawnAs(s_.map.terrainTypes, terrain, symbol); });
            drawCrowns(cr, symbol, crowns, size, pixels >= 60);
        }
        drawNaturalTowns(cr, ground, visible, first, last);
    }
    if (o.elevation) {
        ContourSegments segments;
        ground.contours(segments[0], segments[1]);
        // As the ground's outlines are simplified (NaturalGround::fill).
        strokeContours(cr, segments, {size * 0.02, size * 0.05}, size / options.samplesPerCell / 10, true);
    }
}

int MapPainter::shadeOf(Offset c, const std::array<Point, 6>& toward) const {
    // Hill shading with the light from the north-west, as on a relief map: a slope facing away from
    // it (ground rising toward the north-west) is shadowed, one facing it lit. The slope is the sum
    // of the level differences toward each neighbour, along the direction to that neighbour.
    const Map& map = s_.map;
    const Grid& g = map.grid;
    const int h = map.elevationAt(c);
    double rise = 0;
    for (int d = 0; d < g.sideCount(); ++d) {
        const Offset n = g.neighbor(c, d);
        if (g.contains(n)) {
            const int dh = map.elevationAt(n) - h;
            rise += dh * (toward[static_cast<std::size_t>(d)].x + toward[static_cast<std::size_t>(d)].y);
        }
    }
    return std::clamp(static_cast<int>(std::lround(rise)), -shadeSteps, shadeSteps);
}

void MapPainter::drawSymbols(cairo_t* cr, Offset first, Offset last, bool outlined, bool natural,
                             bool naturalFields) const {
    const Map& map = s_.map;
    auto inView = [&](Offset c) {
        return c.col >= first.col && c.col <= last.col && c.row >= first.row && c.row <= last.row;
    };
    // Buildings line up along the road through their cell, as a town's blocks do: the road's
    // direction at each such cell in view, when the map has buildings at all.
    std::map<Offset, double> roadAngle;
    if (anyDrawnAs(map.terrainTypes, TerrainSymbol::Buildings)) {
        for (const Path* near : pathsNear(first, last)) {
            const Path& path = *near;
            for (std::size_t i = 0; i < path.cells.size(); ++i) {
                const Offset c = path.cells[i];
                if (!inView(c) || map.terrainAt(c).symbol != TerrainSymbol::Buildings) {
                    continue;
                }
                const Point a = layout_.cellCenter(path.cells[i > 0 ? i - 1 : i]);
                const Point b = layout_.cellCenter(path.cells[i + 1 < path.cells.size() ? i + 1 : i]);
                if (a.x != b.x || a.y != b.y) {
                    roadAngle.try_emplace(c, std::atan2(b.y - a.y, b.x - a.x));
                }
            }
        }
    }
    std::map<TerrainSymbol, std::vector<SymbolSite>> sites;
    for (int row = first.row; row <= last.row; ++row) {
        for (int col = first.col; col <= last.col; ++col) {
            const Offset c{col, row};
            const TerrainSymbol symbol = map.terrainAt(c).symbol;
            const bool scattered = crownScatter(symbol).has_value() || symbol == TerrainSymbol::Buildings ||
                                   (naturalFields && symbol == TerrainSymbol::Crops);
            if (symbol != TerrainSymbol::None && !(natural && scattered)) {
                const auto road = roadAngle.find(c);
                sites[symbol].push_back(
                    {layout_.cellCenter(c), symbolVariant(c),
                     road == roadAngle.end() ? std::nullopt : std::optional(road->second)});
            }
        }
    }
    // On a raster, the symbols whose patterns are few are stamps; the rest are drawn as paths.
    if (auto stamps = SymbolStamps::forTarget(cr, layout_.cellSize(), outlined)) {
        for (auto& [symbol, list] : sites) {
            std::erase_if(list, [&, s = symbol](const SymbolSite& site) { return stamps->stamp(s, site); });
        }
    }
    for (const auto& [symbol, list] : sites) {
        drawTerrainSymbols(cr, symbol, list, layout_.cellSize(), outlined);
    }
}

void MapPainter::drawContours(cairo_t* cr, Offset first, Offset last) const {
    // Contours along every side where the level changes: thin for each level, heavier where an
    // index contour (every fifth level) runs, as on a topographic map.
    const Map& map = s_.map;
    const Grid& g = map.grid;
    const double size = layout_.cellSize();
    constexpr std::array<double, 2> widths{0.03, 0.07}; // thin, index
    // On a raster each side's contour is a stamp (render/raster_stamps), one a direction and weight:
    // at 12 % a 4K view crosses tens of thousands of level changes, and Cairo stroking them took as
    // long as the cells. Elsewhere, and where a stamp would be too large, two paths and two strokes.
    const int directions = g.sideCount() / 2;
    std::vector<std::optional<ShapeStamps>> stamps;
    // Each made from the cells' common corners (Layout::sideOffsets), not from a cell of the view:
    // every band of a picture then stamps the same shape.
    for (int d = 0; d < directions; ++d) {
        const auto [a, b] = layout_.sideOffsets(d);
        const Point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
        const std::array<Point, 2> line{{{a.x - mid.x, a.y - mid.y}, {b.x - mid.x, b.y - mid.y}}};
        for (double width : widths) {
            stamps.push_back(ShapeStamps::forTarget(cr, line, size * width));
        }
    }
    ContourSegments paths;
    for (int row = first.row; row <= last.row; ++row) {
        for (int col = first.col; col <= last.col; ++col) {
            const Offset c{col, row};
            for (int d = 0; d < directions; ++d) {
                const Offset n = g.neighbor(c, d);
                if (!g.contains(n) || map.elevationAt(n) == map.elevationAt(c)) {
                    continue;
                }
                const int low = std::min(map.elevationAt(n), map.elevationAt(c));
                const int high = std::max(map.elevationAt(n), map.elevationAt(c));
                // The contours crossed going up from `low` to `high` are levels low+1 .. high.
                bool index = false;
                for (int level = low + 1; level <= high && !index; ++level) {
                    index = isIndexLevel(level);
                }
                const auto segment = layout_.edgeSegment(g.edge(c, d));
                if (auto& stamp = stamps[static_cast<std::size_t>(d * 2 + (index ? 1 : 0))]) {
                    stamp->stamp(
                        {(segment.first.x + segment.second.x) / 2, (segment.first.y + segment.second.y) / 2},
                        contourBrown);
                } else {
                    paths[index ? 1 : 0].push_back(segment);
                }
            }
        }
    }
    stamps.clear(); // the pixels back to Cairo
    strokeContours(cr, paths, {size * widths[0], size * widths[1]});
}

} // namespace sandtable
