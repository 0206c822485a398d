// Pieces on the map: units as counters turned toward what they face and piled where they share a
// cell, commanders as discs, trains as wagons; far out, a dot per unit.
#include "map_painter.hpp"

#include "map_index.hpp"

#include "colours.hpp"
#include "counter_raster.hpp"
#include "counters.hpp"
#include "map_scene.hpp"
#include "text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numbers>
#include <numeric>

#include <cairo.h>

namespace sandtable {
namespace {

double normalised(double a) {
    while (a > std::numbers::pi) {
        a -= 2 * std::numbers::pi;
    }
    while (a <= -std::numbers::pi) {
        a += 2 * std::numbers::pi;
    }
    return a;
}

// The box around a w x h counter turned by `turn` about `centre`, with its front bar.
Box turnedBox(Point centre, double w, double h, double bar, double turn, bool frontAtBottom, bool faced) {
    double top = -h / 2, bottom = h / 2;
    if (faced) {
        const FrontBar front = frontBarOf(w, h, bar, frontAtBottom);
        top = std::min(top, front.y);
        bottom = std::max(bottom, front.y + front.height);
    }
    const double c = std::cos(turn), s = std::sin(turn);
    Box b{centre.x, centre.y, centre.x, centre.y};
    bool firstCorner = true;
    for (const double x : {-w / 2, w / 2}) {
        for (const double y : {top, bottom}) {
            const Point p{centre.x + x * c - y * s, centre.y + x * s + y * c};
            const Box corner{p.x, p.y, p.x, p.y};
            b = firstCorner ? corner : b.unite(corner);
            firstCorner = false;
        }
    }
    return b;
}

// Marks the counters that no other comes within `margin` of (their boxes apart by more).
void markCountersApart(std::vector<MapPainter::Scene::Counter>& counters, double margin) {
    std::vector<std::size_t> byLeft(counters.size());
    std::iota(byLeft.begin(), byLeft.end(), std::size_t{0});
    std::ranges::sort(byLeft, {}, [&](std::size_t i) { return counters[i].box.x0; });
    std::vector<bool> crowded(counters.size(), false);
    for (std::size_t k = 0; k < byLeft.size(); ++k) {
        const Box& a = counters[byLeft[k]].box;
        for (std::size_t n = k + 1; n < byLeft.size() && counters[byLeft[n]].box.x0 <= a.x1 + margin; ++n) {
            const Box& b = counters[byLeft[n]].box;
            if (b.y0 <= a.y1 + margin && a.y0 <= b.y1 + margin) {
                crowded[byLeft[k]] = true;
                crowded[byLeft[n]] = true;
            }
        }
    }
    for (std::size_t i = 0; i < counters.size(); ++i) {
        counters[i].apart = !crowded[i];
    }
}

// A counter's rectangle turned and placed as drawPieces draws it, added to the path.
void addTurned(cairo_t* cr, const MapPainter::Scene::Counter& c, double x, double y, double w, double h) {
    cairo_save(cr);
    cairo_translate(cr, c.centre.x, c.centre.y);
    cairo_rotate(cr, c.turn);
    cairo_rectangle(cr, x, y, w, h);
    cairo_restore(cr); // the path keeps the rectangle where the turn put it
}

} // namespace

std::vector<MapPainter::PlacedUnit> MapPainter::unitsNear(MapRect region, double margin) const {
    // Each cell of each unit's placement: from the index, those in the blocks around the region
    // (by cell, then piece); without one, all of them in piece order. The callers test what is in view.
    std::vector<PlacedUnit> out;
    if (const MapIndex* index = usableIndex()) {
        Offset first, last;
        layout_.visibleRange(region.x - margin, region.y - margin, region.x + region.width + margin,
                             region.y + region.height + margin, first, last);
        std::vector<std::pair<Offset, PieceRef>> found;
        index->unitsIn({first.col - 1, first.row - 1}, {last.col + 1, last.row + 1}, found);
        for (const auto& [c, piece] : found) {
            if (auto it = s_.deployment.placements.find(piece); it != s_.deployment.placements.end()) {
                out.push_back({c, piece, &it->second});
            }
        }
        return out;
    }
    for (const auto& [piece, placement] : s_.deployment.placements) {
        if (piece.kind == PieceKind::Unit) {
            for (Offset c : placement.cells) {
                out.push_back({c, piece, &placement}); // in piece order: the callers gather by cell
            }
        }
    }
    return out;
}

void MapPainter::arrangePieces(Scene& scene) const {
    const double size = scene.size;
    // Units by cell, so that a stack is drawn as a pile: each counter a step up and to the right of
    // the one below, the top one last, with a badge counting them. Only cells in view are gathered.
    std::map<Offset, std::vector<std::pair<PieceRef, const Placement*>>> stacks;
    for (const auto& [c, piece, placement] : unitsNear(scene.visible, size)) {
        // A placement whose unit is gone (an edit can leave one; oob.references reports it) is not drawn.
        if (s_.oob.units.contains(UnitId{piece.id}) && scene.visible.near(layout_.cellCenter(c), size)) {
            stacks[c].emplace_back(piece, placement);
        }
    }
    const double w = size * counterWidth, h = size * counterHeight, bar = size * frontBar;
    for (const auto& [cell, stack] : stacks) {
        const Point p = layout_.cellCenter(cell);
        const std::size_t n = stack.size();
        const double step =
            n > 1 ? size * std::min(stackStep, stackSpread / static_cast<double>(n - 1)) : 0.0;
        const double shift = step * static_cast<double>(n - 1) / 2; // the pile is centred on the cell
        const std::size_t firstOfPile = scene.counters.size();
        for (std::size_t i = 0; i < n; ++i) {
            const auto& [piece, placement] = stack[i];
            Scene::Counter counter;
            counter.piece = piece;
            counter.cell = cell;
            counter.unit = &s_.oob.units.at(UnitId{piece.id});
            counter.side = s_.oob.sideOf(counter.unit->parent).value_or(Side::Union);
            counter.centre = {p.x - shift + step * static_cast<double>(i),
                              p.y + shift - step * static_cast<double>(i)};
            if (placement->facing) {
                // Upright, a counter's front (its top edge) faces north; turned, it faces the corner
                // or side it is given. Past a quarter turn it is turned the other way round with its
                // front at the bottom, so its text is never upside down.
                const double faced = (placement->facing->kind == FacingKind::Corner
                                          ? layout_.cornerAngle(placement->facing->index)
                                          : layout_.sideAngle(placement->facing->index)) *
                                     std::numbers::pi / 180;
                counter.faced = true;
                counter.turn = normalised(faced + std::numbers::pi / 2);
                if (std::abs(counter.turn) > std::numbers::pi / 2 + 1e-9) {
                    counter.turn = normalised(counter.turn - std::numbers::pi);
                    counter.frontAtBottom = true;
                }
            }
            counter.box =
                turnedBox(counter.centre, w, h, bar, counter.turn, counter.frontAtBottom, counter.faced);
            scene.counters.push_back(counter);
        }
        Scene::Badge badge{{p.x + w / 2 + shift, p.y - h / 2 - shift}, n};
        // The band at the top of the cell is its number's: a tall or turned pile moves down clear of it.
        double top = badge.centre.y - size * stackBadgeRadius * (n > 1 ? 1 : 0);
        for (std::size_t i = firstOfPile; i < scene.counters.size(); ++i) {
            top = std::min(top, scene.counters[i].box.y0);
        }
        const double limit = p.y + scene.numberBottom + size * 0.01;
        const double down = top < limit ? limit - top : 0.0;
        for (std::size_t i = firstOfPile; i < scene.counters.size(); ++i) {
            scene.counters[i].centre.y += down;
            scene.counters[i].box.y0 += down;
            scene.counters[i].box.y1 += down;
            scene.plan.counters.push_back(scene.counters[i].box);
        }
        if (n > 1) {
            badge.centre.y += down;
            scene.badges.push_back(badge);
            scene.plan.counters.push_back(
                Box::around(badge.centre, size * stackBadgeRadius, size * stackBadgeRadius));
        }
    }
    // A pixel and a half, and the outline's half beyond the box.
    markCountersApart(scene.counters, 1.5 / scene.pixelsPerUnit + h * counterOutlineWidth);
    // Commanders and trains: pieces are ordered by kind, units first, so a battle's thousands of
    // units are skipped without a look.
    const auto& placements = s_.deployment.placements;
    for (auto at = placements.lower_bound(PieceRef::commander(HeadquartersId{0})); at != placements.end();
         ++at) {
        const auto& [piece, placement] = *at;
        if (placement.cells.empty()) {
            continue;
        }
        const Point p = layout_.cellCenter(placement.cells.front());
        if (!scene.visible.near(p, size)) {
            continue;
        }
        if (piece.kind == PieceKind::Commander) {
            const Headquarters* hq = s_.oob.find(HeadquartersId{piece.id});
            if (hq == nullptr) {
                continue;
            }
            const Scene::Commander commander{hq, {p.x + size * 0.27, p.y - size * 0.19}};
            scene.commanders.push_back(commander);
            scene.plan.counters.push_back(Box::around(commander.centre, size * 0.15, size * 0.15));
        } else {
            auto it = s_.oob.trains.find(TrainId{piece.id});
            const Side side = it == s_.oob.trains.end()
                                  ? Side::Union
                                  : s_.oob.sideOf(it->second.corps).value_or(Side::Union);
            const Scene::Train train{side, {p.x - size * 0.12, p.y + size * 0.19}};
            scene.trains.push_back(train);
            scene.plan.counters.push_back(
                Box::around({train.centre.x, train.centre.y + size * 0.02}, size * 0.2, size * 0.13));
        }
    }
}

std::vector<std::pair<PieceRef, Box>> MapPainter::pileAt(Offset cell, const RenderOptions& o) const {
    Scene scene = sceneFrame(MapRect{layout_.cellCenter(cell).x, layout_.cellCenter(cell).y, 0, 0}, 1, o);
    arrangePieces(scene);
    std::vector<std::pair<PieceRef, Box>> out;
    for (const Scene::Counter& c : scene.counters) {
        if (c.cell == cell) {
            out.emplace_back(c.piece, c.box);
        }
    }
    return out;
}

void MapPainter::drawPieces(cairo_t* cr, const Scene& scene, MapRect visible) const {
    const double size = scene.size;
    const bool detailed = scene.detailed;
    // Text layouts once per frame, not per counter: making one is the costly part.
    const Font unitFont{size * 0.14, true}, commanderFont{size * 0.09, true}, badgeFont{size * 0.11, true};
    TextWriter unitText(cr, unitFont);
    TextWriter commanderText(cr, commanderFont);
    TextWriter badgeText(cr, badgeFont);
    // Text on a counter only where it can be read, as words on the map: below, a smudge that costs
    // as much to set as a legible word (a 4K view at 25 % holds a hundred counters).
    const auto readable = [&](const Font& font) {
        return detailed && font.size * scene.pixelsPerUnit >= LabelSizes::smallestPixels;
    };
    TextWriter* const unitLabel = readable(unitFont) ? &unitText : nullptr;
    const double w = size * counterWidth, h = size * counterHeight, bar = size * frontBar;
    // Counters too small for their symbol, that no other touches, together: each side's in one fill,
    // every outline in one stroke, every front bar in one fill. Each of them a fill, a stroke and a
    // fill of its own took 16 us (Cairo's cost is in setting each one up): 450 counters, 7 ms of a
    // 4K view at 12 %. No two come within a pixel and a half of each other, so each is where and as
    // it was drawn alone; only its edges' antialiasing differs, by a few levels (Cairo's rule for a
    // path of many shapes is not its rule for one).
    const bool together = !detailed;
    // In a preview frame, whose marks have fast edges, they are inked straight into the pixels
    // (render/counter_raster): Cairo's scan converter was most of the marks' time there.
    const bool preview = cairo_get_antialias(cr) == CAIRO_ANTIALIAS_FAST;
    bool rasterised = false;
    if (together && preview) {
        std::vector<RasterCounter> apart;
        for (const Scene::Counter& c : scene.counters) {
            if (c.apart && visible.near(c.centre, size)) {
                apart.push_back({c.centre, c.turn, sideColour(c.side), c.faced, c.frontAtBottom});
            }
        }
        rasterised = rasteriseCounters(cr, apart,
                                       {w, h, h * counterOutlineWidth, bar, counterOutline, frontBarColour});
    }
    // Upright counters apart from turned ones: Cairo fills and strokes a path of upright rectangles
    // alone as boxes, exactly, and one with any turned edge as a polygon, to a 15th of a pixel.
    if (together && !rasterised) {
        for (const bool upright : {true, false}) {
            const auto eachApart = [&](const auto& add) {
                bool any = false;
                cairo_new_path(cr);
                for (const Scene::Counter& c : scene.counters) {
                    if (c.apart && (c.turn == 0) == upright && visible.near(c.centre, size) && add(c)) {
                        any = true;
                    }
                }
                return any;
            };
            for (const Side side : {Side::Union, Side::Confederate}) {
                if (eachApart([&](const Scene::Counter& c) {
                        if (c.side == side) {
                            addTurned(cr, c, -w / 2, -h / 2, w, h);
                        }
                        return c.side == side;
                    })) {
                    setSource(cr, sideColour(side));
                    cairo_fill(cr);
                }
            }
            if (eachApart([&](const Scene::Counter& c) {
                    addTurned(cr, c, -w / 2, -h / 2, w, h);
                    return true;
                })) {
                strokeWith(cr, counterOutline, h * counterOutlineWidth);
            }
            if (eachApart([&](const Scene::Counter& c) {
                    if (c.faced) {
                        const FrontBar front = frontBarOf(w, h, bar, c.frontAtBottom);
                        addTurned(cr, c, front.x, front.y, front.width, front.height);
                    }
                    return c.faced;
                })) {
                setSource(cr, frontBarColour);
                cairo_fill(cr);
            }
        }
    }
    for (const Scene::Counter& c : scene.counters) {
        if (!visible.near(c.centre, size) || (together && c.apart)) {
            continue;
        }
        cairo_save(cr);
        cairo_translate(cr, c.centre.x, c.centre.y);
        cairo_rotate(cr, c.turn);
        setSource(cr, sideInk(c.side));
        drawUnitCounter(cr, *c.unit, c.side, -w / 2, -h / 2, w, h, detailed, unitLabel);
        if (c.faced) {
            // The front along the edge that faces the enemy: the top, or the bottom when turned over.
            drawFrontBar(cr, frontBarOf(w, h, bar, c.frontAtBottom));
        }
        cairo_restore(cr);
    }
    for (const Scene::Badge& b : scene.badges) {
        if (!visible.near(b.centre, size)) {
            continue;
        }
        // A badge at the top counter's upper right: how many are in the pile.
        const double r = size * stackBadgeRadius;
        cairo_new_path(cr);
        cairo_arc(cr, b.centre.x, b.centre.y, r, 0, 2 * std::numbers::pi);
        setSource(cr, stackBadgeColour);
        cairo_fill_preserve(cr);
        strokeWith(cr, Rgb{20, 20, 20}, size * 0.012);
        if (readable(badgeFont)) {
            const std::string count = std::to_string(b.count);
            const TextSize t = badgeText.measure(count);
            setSource(cr, Rgb{20, 20, 20});
            badgeText.draw(b.centre.x - t.width / 2, b.centre.y - t.height / 2, count);
        }
    }
    // Commanders too small for their mark, in a preview frame: inked straight too.
    bool discs = false;
    if (preview && !readable(commanderFont)) {
        std::vector<RasterDisc> inView;
        for (const Scene::Commander& c : scene.commanders) {
            if (visible.near(c.centre, size)) {
                inView.push_back({c.centre, sideColour(c.hq->side)});
            }
        }
        discs = rasteriseDiscs(
            cr, inView,
            {commanderRadius * size, commanderRadius * size * commanderRing, commanderRingColour});
    }
    for (const Scene::Commander& c : scene.commanders) {
        if (discs || !visible.near(c.centre, size)) {
            continue;
        }
        cairo_new_path(cr);
        drawCommander(cr, c.hq->echelon, c.hq->side, c.centre.x, c.centre.y, size * commanderRadius,
                      readable(commanderFont) ? &commanderText : nullptr);
    }
    for (const Scene::Train& t : scene.trains) {
        if (!visible.near(t.centre, size)) {
            continue;
        }
        drawTrain(cr, t.side, t.centre.x - size * 0.18, t.centre.y - size * 0.09, size * 0.36, size * 0.18);
    }
}

void MapPainter::drawPiecesAsDots(cairo_t* cr, Offset first, Offset last) const {
    // One path and one fill per side; each cell a unit of that side stands on a small square, a
    // stack one square. With the whole map in view this is every unit every frame: the index keeps
    // the cells by side, so a frame looks up no unit and no headquarters.
    const double r = layout_.cellSize() * 0.35;
    const auto inView = [&](Offset c) {
        return c.col >= first.col && c.col <= last.col && c.row >= first.row && c.row <= last.row;
    };
    std::array<std::vector<Offset>, 2> cells;
    if (const MapIndex* index = usableIndex()) {
        for (Side side : {Side::Union, Side::Confederate}) {
            index->unitCellsIn(first, last, side, cells[sideIndex(side)]);
        }
    } else {
        const Point a = layout_.cellCenter(first), b = layout_.cellCenter(last);
        for (const auto& [c, piece, placement] :
             unitsNear(MapRect{a.x, a.y, b.x - a.x, b.y - a.y}, layout_.cellSize())) {
            if (const std::optional<Side> side = farSquareSide(s_.oob, UnitId{piece.id})) {
                cells[sideIndex(*side)].push_back(c);
            }
        }
        for (auto& side : cells) {
            std::ranges::sort(side);
            side.erase(std::unique(side.begin(), side.end()), side.end());
        }
    }
    for (Side side : {Side::Union, Side::Confederate}) {
        cairo_new_path(cr);
        for (Offset c : cells[sideIndex(side)]) {
            if (inView(c)) {
                const Point p = layout_.cellCenter(c);
                cairo_rectangle(cr, p.x - r, p.y - r, 2 * r, 2 * r);
            }
        }
        setSource(cr, sideColour(side));
        cairo_fill(cr);
    }
}

} // namespace sandtable
