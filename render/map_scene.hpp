#pragma once
// Inside the painter: what a view holds before it is drawn. Pieces and markers are arranged first,
// so that the label pass knows what words must not cover, and drawing reads the same positions.
#include "render/map_painter.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable {

struct MapPainter::Scene {
    MapRect visible;
    double pixelsPerUnit = 1;
    RenderOptions options;
    Offset first, last;    // the cells in view
    double size = 1;       // a cell across, in map units
    bool detailed = false; // counters' insides, captions
    double unitsPerPoint = 1;
    // The band at the top of each cell kept for its number: its top and bottom below the centre,
    // and the number's type size, all in map units.
    double numberTop = 0, numberBottom = 0, numberSize = 0;

    struct Counter {
        PieceRef piece;
        Offset cell;
        const Unit* unit = nullptr;
        Side side = Side::Union;
        Point centre;
        double turn = 0;            // radians, clockwise from upright
        bool faced = false;         // draws the front bar
        bool frontAtBottom = false; // turned half round so its text stays upright
        Box box;
        // No other counter comes within a pixel and a half of it: drawn with the others apart, in
        // one fill a colour (MapPainter::drawPieces).
        bool apart = false;
    };
    struct Badge {
        Point centre;
        std::size_t count = 0;
    };
    struct Commander {
        const Headquarters* hq = nullptr;
        Point centre;
    };
    struct Train {
        Side side = Side::Union;
        Point centre;
    };
    enum class MarkerKind { Town, Objective, Landing, EntryPoint, SupplyFlag, EntryArrow };
    struct Marker {
        MarkerKind kind = MarkerKind::Town;
        Point centre;
        std::optional<Side> side;
        double angle = 0; // an entry arrow's direction, radians
        Box box;
    };

    // A name or caption to place: where its symbol is and how far from its middle it must keep.
    struct Word {
        std::string text;
        LabelRole role = LabelRole::PlaceName;
        Point anchor;
        double clear = 0;
        std::string where;
    };

    std::vector<Counter> counters;
    std::vector<Badge> badges;
    std::vector<Commander> commanders;
    std::vector<Train> trains;
    std::vector<Marker> markers;
    std::vector<Word> words;
    LabelPlan plan;
};

} // namespace sandtable
