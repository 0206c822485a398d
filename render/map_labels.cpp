// The map's words: cell numbers in their band at the top of each cell, then names and captions
// placed where they cover nothing (label_placement), drawn last over a halo.
#include "map_painter.hpp"

#include "colours.hpp"
#include "contour_heights.hpp"
#include "map_scene.hpp"
#include "natural_ground.hpp"
#include "text.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <vector>

#include <cairo.h>

namespace sandtable {
namespace {

Font fontOf(LabelRole role, double unitsPerPoint, double numberSize) {
    switch (role) {
    case LabelRole::PlaceName:
        return Font{LabelSizes::placeName * unitsPerPoint, true, false, true};
    case LabelRole::MapLabel:
        return Font{LabelSizes::mapLabel * unitsPerPoint, false, true, true};
    case LabelRole::Caption:
        return Font{LabelSizes::caption * unitsPerPoint, true};
    case LabelRole::CellNumber:
        return Font{numberSize};
    case LabelRole::ContourHeight:
        return Font{LabelSizes::contourHeight * unitsPerPoint};
    }
    return Font{};
}

// A word's font: its size on paper, raised on screen toward the smallest readable size.
Font wordFont(const MapPainter::Scene& scene, LabelRole role) {
    Font font = fontOf(role, scene.unitsPerPoint, scene.numberSize);
    const double pixels = font.size * scene.pixelsPerUnit;
    if (scene.options.smallestWordPixels > 0 && pixels > 0) {
        font.size *= std::clamp(scene.options.smallestWordPixels / pixels, 1.0, 2.0);
    }
    return font;
}

int priority(LabelRole role) {
    return role == LabelRole::PlaceName ? 0 : role == LabelRole::MapLabel ? 1 : 2;
}

Rgb inkOf(LabelRole role) {
    switch (role) {
    case LabelRole::MapLabel:
        return Rgb{70, 45, 20};
    case LabelRole::ContourHeight:
        return Rgb{110, 65, 25}; // the contours' brown, a shade darker for small figures
    default:
        return Rgb{20, 20, 20};
    }
}

// Whether a scene's cells show their numbers: words on, and the numbers large enough to read.
bool showsCellNumbers(const MapPainter::Scene& scene) {
    return scene.options.labels && scene.numberSize * scene.pixelsPerUnit >= LabelSizes::smallestPixels;
}

// Each cell's number from `first` to `last`, with its box: at the top of its cell, centred on it.
// The one place the boxes are made, for the arrangement (which keeps words clear of them) and for
// the ground (which draws them there). Digits are all one width: one measure per length of number,
// not one per cell.
template <typename Each>
void forEachCellNumber(const Grid& g, const Layout& layout, const DigitWriter& numbers, double numberTop,
                       Offset first, Offset last, Each&& each) {
    std::map<std::size_t, TextSize> sizeOfLength;
    for (int row = first.row; row <= last.row; ++row) {
        for (int col = first.col; col <= last.col; ++col) {
            std::string label = g.label({col, row});
            auto it = sizeOfLength.find(label.size());
            if (it == sizeOfLength.end()) {
                it = sizeOfLength.emplace(label.size(), numbers.measure(label.size())).first;
            }
            const Point p = layout.cellCenter({col, row});
            const TextSize t = it->second;
            each(std::move(label),
                 Box{p.x - t.width / 2, p.y + numberTop, p.x + t.width / 2, p.y + numberTop + t.height});
        }
    }
}

} // namespace

void MapPainter::arrangeLabels(cairo_t* cr, Scene& scene) const {
    const Grid& g = s_.map.grid;
    const double px = scene.pixelsPerUnit;
    if (showsCellNumbers(scene)) {
        // The boxes drawCellNumbers draws them in, with the ground.
        const DigitWriter numbers(cr, scene.numberSize);
        forEachCellNumber(
            g, layout_, numbers, scene.numberTop, scene.first, scene.last,
            [&](std::string label, const Box& box) {
                scene.plan.cellNumbers.push_back({std::move(label), LabelRole::CellNumber, box});
            });
    }
    std::stable_sort(scene.words.begin(), scene.words.end(), [](const Scene::Word& a, const Scene::Word& b) {
        return priority(a.role) < priority(b.role);
    });
    std::vector<LabelRequest> requests;
    std::map<LabelRole, std::unique_ptr<TextWriter>> writers;
    for (const Scene::Word& word : scene.words) {
        const Font font = wordFont(scene, word.role);
        if (font.size * px < LabelSizes::smallestPixels) {
            continue; // too small to read at this zoom: left out, not misplaced
        }
        auto& writer = writers[word.role];
        if (!writer) {
            writer = std::make_unique<TextWriter>(cr, font);
        }
        const TextSize t = writer->measure(word.text);
        LabelRequest r{word.text, word.role, t.width, t.height, {}, word.where};
        if (word.role == LabelRole::MapLabel) {
            r.candidates.push_back({word.anchor.x - t.width / 2, word.anchor.y - t.height / 2});
        }
        const auto around =
            candidatesAround(word.anchor, t.width, t.height, word.clear, scene.size * 0.22, 7);
        r.candidates.insert(r.candidates.end(), around.begin(), around.end());
        requests.push_back(std::move(r));
    }
    addContourHeights(cr, scene, requests); // last: where the rest leaves room
    if (requests.empty()) {
        return;
    }
    placeLabels(scene.plan, requests, Box{0, 0, layout_.width(), layout_.height()},
                LabelSizes::caption * scene.unitsPerPoint * 0.1, scene.size);
}

void MapPainter::addContourHeights(cairo_t* cr, const Scene& scene,
                                   std::vector<LabelRequest>& requests) const {
    const double px = scene.pixelsPerUnit;
    // Only over the natural style's smooth contours (the cells' style draws its contours along the
    // cells' sides, where figures would sit on a staircase).
    if (!drawsNaturalGround(scene.options, px) || !scene.options.elevation) {
        return;
    }
    // At their size on paper: on screen they show from where they can be read, and are not raised
    // to the smallest words' size as names are (a zoomed-out view would be thick with figures).
    const Font font = fontOf(LabelRole::ContourHeight, scene.unitsPerPoint, scene.numberSize);
    if (font.size * px < LabelSizes::smallestPixels) {
        return;
    }
    TextWriter writer(cr, font);
    // Figures of one length are one width to within a hair: the spots fit the widest, three digits.
    const TextSize box = writer.measure("888");
    const ContourHeightLook look{box.width, box.height, naturalOptions(cr, px, scene.options)};
    std::vector<ContourHeightSpots> spots =
        contourHeightSpots(s_.map, layout_, scene.first, scene.last, look, contourHeights_);
    if (spots.empty()) {
        return; // no index contour in view: no route is walked for nothing
    }
    // Heights keep off roads and railroads, as a survey's figures do.
    std::vector<RouteStretch> routes;
    const auto near = [&](Offset c) {
        return c.col >= scene.first.col - 1 && c.col <= scene.last.col + 1 && c.row >= scene.first.row - 1 &&
               c.row <= scene.last.row + 1;
    };
    for (const Path* path : pathsNear(scene.first, scene.last)) {
        const double keepOff = layout_.cellSize() * (routeWidth(path->kind) / 2 + 0.1);
        for (std::size_t i = 0; i + 1 < path->cells.size(); ++i) {
            if (near(path->cells[i]) || near(path->cells[i + 1])) {
                routes.push_back(
                    {layout_.cellCenter(path->cells[i]), layout_.cellCenter(path->cells[i + 1]), keepOff});
            }
        }
    }
    const RouteStretches nearRoutes(std::move(routes), layout_.cellSize());
    std::map<int, TextSize> sizeOfLevel; // a view holds a few levels many times over
    for (ContourHeightSpots& found : spots) {
        std::string text = contourHeightText(s_.map, found.level);
        auto size = sizeOfLevel.find(found.level);
        if (size == sizeOfLevel.end()) {
            size = sizeOfLevel.emplace(found.level, writer.measure(text)).first;
        }
        const TextSize t = size->second;
        LabelRequest r{std::move(text), LabelRole::ContourHeight, t.width, t.height, {}, {}};
        for (const ContourHeightSpot& spot : found.spots) {
            if (nearRoutes.anyCrossing(spot.at, t.width, t.height)) {
                continue;
            }
            LineSpot at = spot.at;
            if (spot.above && spot.below) {
                at.cutOut = LineCutOut{groundColour(*spot.above, scene.options),
                                       groundColour(*spot.below, scene.options)};
            }
            r.alongLine.push_back(at);
        }
        if (r.alongLine.empty()) {
            continue;
        }
        r.optional = true;
        requests.push_back(std::move(r));
    }
}

void MapPainter::drawCellNumbers(cairo_t* cr, Offset first, Offset last, double pixelsPerUnit,
                                 const RenderOptions& o) const {
    const Scene scene = sceneFrame({}, pixelsPerUnit, o);
    if (!showsCellNumbers(scene)) {
        return;
    }
    DigitWriter numbers(cr, scene.numberSize);
    setSource(cr, Rgb{55, 55, 45}, 0.9);
    // In the boxes the arrangement keeps for them (arrangeLabels).
    forEachCellNumber(s_.map.grid, layout_, numbers, scene.numberTop, first, last,
                      [&](const std::string& label, const Box& box) { numbers.draw(box.x0, box.y0, label); });
}

void MapPainter::drawLabels(cairo_t* cr, const Scene& scene, MapRect visible) const {
    const Box view{visible.x, visible.y, visible.x + visible.width, visible.y + visible.height};
    std::map<LabelRole, std::unique_ptr<TextWriter>> writers;
    for (const PlacedLabel& label : scene.plan.labels) {
        // Its halo too: a band or part of the view drawn apart (render/view_bands) shows the halo of
        // a word just outside it, as the whole view does.
        if (!label.drawnBox().overlaps(view)) {
            continue;
        }
        const Font font = wordFont(scene, label.role);
        auto& writer = writers[label.role];
        if (!writer) {
            writer = std::make_unique<TextWriter>(cr, font);
        }
        setSource(cr, inkOf(label.role));
        if (label.turn == 0) {
            writer->drawWithHalo(label.box.x0, label.box.y0, label.text, font.size * 0.22);
            continue;
        }
        // Turned about its middle, along its line; where it is cut out of the line, over a band of
        // the ground's colour as long as the word and as tall as its figures, with round ends.
        const TextSize t = writer->measure(label.text);
        cairo_save(cr);
        cairo_translate(cr, (label.box.x0 + label.box.x1) / 2, (label.box.y0 + label.box.y1) / 2);
        cairo_rotate(cr, label.turn);
        if (label.cutOut) {
            // A band as long as the word and as tall as its figures, with round ends: all of it in
            // the ground below the line, then its upper half in the ground above (overlapping, so
            // no seam lets the line show through where the halves meet).
            const double half = t.height * 0.38;
            const auto band = [&] {
                cairo_new_path(cr);
                cairo_arc(cr, t.width / 2, 0, half, -std::numbers::pi / 2, std::numbers::pi / 2);
                cairo_arc(cr, -t.width / 2, 0, half, std::numbers::pi / 2, 3 * std::numbers::pi / 2);
                cairo_close_path(cr);
            };
            band();
            fillWith(cr, label.cutOut->below);
            cairo_save(cr);
            cairo_rectangle(cr, -t.width, -t.height, 2 * t.width, t.height);
            cairo_clip(cr);
            band();
            fillWith(cr, label.cutOut->above);
            cairo_restore(cr);
            setSource(cr, inkOf(label.role));
            writer->drawTurned(-t.width / 2, -t.height / 2, label.text);
        } else {
            writer->drawTurnedWithHalo(-t.width / 2, -t.height / 2, label.text, font.size * 0.22);
        }
        cairo_restore(cr);
    }
}

} // namespace sandtable
