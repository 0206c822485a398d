#include "exports/vassal_casualties.hpp"

#include "model/battle.hpp"
#include "render/colours.hpp"
#include "render/png_bytes.hpp"
#include "render/text.hpp"

#include <cairo.h>

#include <algorithm>
#include <set>

namespace sandtable {

bool countsTowardBreakPoint(const PlaySetup& play, const Unit& u) {
    return play.breakPoint && play.breakPoint->counts(u.arm);
}

namespace {

// A side's break point when `forces` take part (nullopt: the whole order of battle).
SideBreakPoint breakPointOf(const OrderOfBattle& oob, const std::optional<std::set<HeadquartersId>>& forces,
                            const BreakPoint& point, Side side) {
    SideBreakPoint out;
    for (const auto& [id, u] : oob.units) {
        if (oob.sideOf(u.parent) == side && point.counts(u.arm) &&
            takesPart(oob, forces, PieceRef::unit(id))) {
            ++out.counted;
        }
    }
    out.breaksAt = point.unitsToBreak(out.counted);
    return out;
}

} // namespace

std::optional<SideBreakPoint> sideBreakPoint(const Scenario& s, const PlaySetup& play, Side side) {
    if (!play.breakPoint) {
        return std::nullopt;
    }
    return breakPointOf(s.oob, s.deployment.forces, *play.breakPoint, side);
}

std::vector<std::string> casualtyBoxLines(const Scenario& s, const PlaySetup& play, Side side) {
    if (!play.breakPoint) {
        return {"Eliminated pieces (Ctrl+E) come here"};
    }
    // Each break point and the scenarios that have it, in the battle's order.
    std::vector<std::pair<std::string, std::string>> points;
    for (std::size_t i = 0; i < scenarioCount(s); ++i) {
        const SideBreakPoint point =
            breakPointOf(s.oob, startAt(s, i).deployment.forces, *play.breakPoint, side);
        const std::string text = std::to_string(point.breaksAt) + " of its " + std::to_string(point.counted);
        auto same = std::ranges::find_if(points, [&](const auto& p) { return p.first == text; });
        if (same == points.end()) {
            points.emplace_back(text, std::to_string(i + 1));
        } else {
            same->second += ", " + std::to_string(i + 1);
        }
    }
    if (points.size() == 1) {
        return {"The army breaks when " + points.front().first + " units that count are lost"};
    }
    std::vector<std::string> out{"The army breaks when it loses, of the units that count:"};
    for (const auto& [text, scenarios] : points) {
        out.push_back(text + " (scenario" + (scenarios.find(',') != std::string::npos ? "s " : " ") +
                      scenarios + ")");
    }
    return out;
}

std::expected<CasualtyBoard, std::string> casualtyBoard(const Scenario& s, const PlaySetup& play,
                                                        int cellPixels) {
    const int boxW = cellPixels * 4, boxH = cellPixels * 3, gap = cellPixels / 4;
    const int w = 2 * boxW + 3 * gap, h = boxH + 2 * gap;
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.93, 0.91, 0.85);
    cairo_paint(cr);
    CasualtyBoard out;
    {
        TextWriter title(cr, Font{cellPixels * 0.14, true});
        TextWriter note(cr, Font{cellPixels * 0.1, false});
        for (Side side : {Side::Union, Side::Confederate}) {
            const std::size_t i = sideIndex(side);
            const int x = gap + static_cast<int>(i) * (boxW + gap), y = gap;
            cairo_rectangle(cr, x + 0.5, y + 0.5, boxW - 1, boxH - 1);
            setSource(cr, sideColour(side), 0.18);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
            cairo_set_line_width(cr, 1);
            cairo_stroke(cr);
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            title.drawCentred(x + boxW / 2.0, y + cellPixels * 0.08, s.info.sideNames[i] + " losses");
            const std::vector<std::string> lines = casualtyBoxLines(s, play, side);
            for (std::size_t line = 0; line < lines.size(); ++line) {
                note.drawCentred(x + boxW / 2.0, y + cellPixels * (0.32 + 0.13 * static_cast<double>(line)),
                                 lines[line]);
            }
            out.centres[i] = {x + boxW / 2, y + boxH / 2 + cellPixels / 4};
        }
    }
    cairo_destroy(cr);
    auto png = pngBytes(surface);
    cairo_surface_destroy(surface);
    if (!png) {
        return std::unexpected("the casualties' board: " + png.error());
    }
    out.png = std::move(*png);
    return out;
}

} // namespace sandtable
