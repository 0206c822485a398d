#pragma once
// Where the map's words go. Counters, markers and cell numbers stand where they stand; each name
// and caption then tries candidate positions around its anchor, nearest first, and takes the first
// that covers none of them, no other word and nothing off the map. A word with no free position
// is reported, never dropped silently. The painter draws what this decides, and the layout test
// checks the boxes it reports.
#include "model/layout.hpp"
#include "model/terrain.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sandtable {

struct Box {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    double width() const { return x1 - x0; }
    double height() const { return y1 - y0; }
    // Touching edges do not overlap; a shared area of any size does.
    bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
    bool inside(const Box& o) const { return x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1; }
    Box grown(double by) const { return {x0 - by, y0 - by, x1 + by, y1 + by}; }
    Box unite(const Box& o) const;
    static Box around(Point centre, double halfWidth, double halfHeight) {
        return {centre.x - halfWidth, centre.y - halfHeight, centre.x + halfWidth, centre.y + halfHeight};
    }
};

enum class LabelRole {
    PlaceName,    // towns, objectives, landings, entry points: bold serif
    MapLabel,     // ridges, woods, fords named on the map: large italic serif
    Caption,      // what a marker is for: "LOS I Corps", "turn 3"
    CellNumber,   // CCRR at the top of each cell
    ContourHeight // an index contour's height, set along the line in the contours' brown
};

// The ground on either side of a line, where a word set in it is cut out of it.
struct LineCutOut {
    Rgb above, below; // on the side of the word's top, and of its foot
};

struct PlacedLabel {
    std::string text;
    LabelRole role = LabelRole::PlaceName;
    Box box; // the text's box (its halo lies inside the margin the placement keeps)
    // Radians clockwise: a word set along a line is turned by this about the middle of `box`,
    // which is then the box around the turned word.
    double turn = 0;
    // A word set in a line is cut out of it: under the word the line gives way to the ground on
    // either side of it, as a topographic map breaks a contour for its height.
    std::optional<LineCutOut> cutOut{};
    // What drawing it may cover: its box out to its halo and a cut-out's round ends, both within
    // half the word's height.
    Box drawnBox() const { return box.grown(std::min(box.width(), box.height()) / 2); }
};

// Where a word may be set along a line: its middle, the line's direction there (radians
// clockwise from the map's x axis), and what it is cut out of the line with.
struct LineSpot {
    Point middle;
    double turn = 0;
    std::optional<LineCutOut> cutOut{};
};

// One word to place: its text box size and the positions to try, best first (each the box's
// top-left corner).
struct LabelRequest {
    std::string text;
    LabelRole role = LabelRole::PlaceName;
    double width = 0, height = 0;
    std::vector<Point> candidates;
    std::string where; // for the report: "cell 1312"
    // Tried after `candidates`: the word turned along a line, its box the one around it turned.
    std::vector<LineSpot> alongLine{};
    // Left out without a report where no candidate is free: a contour's height is written where
    // there is room, as a topographic map does, not wherever it runs.
    bool optional = false;
};

// The box around a word `width` x `height` turned by `spot.turn` about `spot.middle`.
Box turnedBox(const LineSpot& spot, double width, double height);

struct LabelPlan {
    std::vector<PlacedLabel> labels;      // names and captions, where placed
    std::vector<PlacedLabel> cellNumbers; // fixed at the top of their cells
    std::vector<Box> counters;            // units, commanders, trains and stack badges
    std::vector<Box> markers;             // objective stars, towns, supply flags, entry arrows...
    std::vector<std::string> unplaced;    // "Cemetery Hill (cell 1312): no free place near it"
};

// Candidate top-left corners for a box w x h around a symbol at `anchor` that is `clear` wide
// on each side: below, above, right, left, the four diagonals, then the same a step further out,
// up to `rings` steps.
std::vector<Point> candidatesAround(Point anchor, double w, double h, double clear, double step, int rings);

// Places every request in order on `plan` (whose counters, markers and cell numbers are already
// there), inside `bounds`, keeping `margin` free around each word for its halo. `bucket` is the
// size of the squares the boxes are indexed by (a cell is about right).
void placeLabels(LabelPlan& plan, std::span<const LabelRequest> requests, const Box& bounds, double margin,
                 double bucket = 100);

// How many pairs of boxes overlap that must not: a word with a counter, a marker, a cell number or
// another word, and a cell number with a counter or a marker. The layout test wants 0.
int overlapsIn(const LabelPlan& plan);

} // namespace sandtable
