#pragma once
// Inside the painter: water along hexsides and the crossings over it.
#include "model/layout.hpp"
#include "model/map.hpp"
#include "model/terrain.hpp"
#include "render/map_painter.hpp" // CubicPiece

#include <optional>
#include <utility>
#include <vector>

typedef struct _cairo cairo_t;

namespace sandtable {

// Segments joined end to end into lines wherever they share a corner, so a river is stroked as one
// line with round joins: no gap and no notch at the corners. Each line is its points in order.
std::vector<std::vector<Point>> joinSegments(const std::vector<std::pair<Point, Point>>& segments);

// The natural style's water: a line along sides (corner to corner) as a smooth curve through every
// corner that wanders off each side by at most meanderAmplitude of a cell and comes back, so it
// still runs along the sides the map marks; the same line always bends the same.
inline constexpr double meanderAmplitude = 0.05;
// A smooth line as it is stroked: its first point, then the cubic pieces on from it.
struct SmoothLine {
    Point start;
    std::vector<CubicPiece> pieces;
};
SmoothLine meanderCurve(const std::vector<Point>& line, double size);
// The side (its two corners) moved across itself to where its water's meander crosses its middle
// (meanderCurve passes through that point, whichever way the line runs): where a bridge or a ford
// stands in the natural style, so it sits on the water it spans.
std::pair<Point, Point> meanderedSide(std::pair<Point, Point> side, double size);

// How water along a side is drawn: a darker bank under the water, widths as parts of a cell.
struct WaterStyle {
    Rgb bank, water;
    double bankWidth = 0, waterWidth = 0;
};
// Rivers wide, streams narrow; the map and the print's legend draw them so.
WaterStyle waterStyle(bool river);
// Strokes `lines` of water: all banks first, then all water, so lines that meet run on unbroken.
void strokeWater(cairo_t* cr, const std::vector<std::vector<Point>>& rivers,
                 const std::vector<std::vector<Point>>& streams, double size);
// The natural style's water, as curves: half the numbers in a PDF of the curve flattened.
void strokeWater(cairo_t* cr, const std::vector<SmoothLine>& rivers, const std::vector<SmoothLine>& streams,
                 double size);

// Where the crossing over `side` (its two corners) is drawn: on the side, or on its meander where
// the natural style draws water along it.
std::pair<Point, Point> crossingAt(std::pair<Point, Point> side, const Hexside& water, double size,
                                   bool natural);

// The water sides a road, pike or railroad crosses with no ford there: each gets a bridge.
// The water side the stretch of a path from `from` to its neighbour `to` crosses with no ford.
std::optional<EdgeId> bridgedSide(const Map& map, Offset from, Offset to);
std::vector<EdgeId> bridgedSides(const Map& map, const Path& path);

// A bridge across the side `side` (its two corners) for cells `size` across: parapets on both
// sides of the road, flared at their ends, wide enough to span a river when `river`; with a deck
// when no road is drawn over it.
void drawBridge(cairo_t* cr, std::pair<Point, Point> side, double size, bool river, bool deck = false);
// A ford: a sandy band across the side with dashed edges.
void drawFord(cairo_t* cr, std::pair<Point, Point> side, double size);

} // namespace sandtable
