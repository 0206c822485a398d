#include "render/counter_art.hpp"

#include "model/battle.hpp"
#include "render/colours.hpp"
#include "render/counters.hpp"
#include "render/text.hpp"

#include <cairo.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace sandtable {
namespace {

// Eight band colours far apart, in print and on screen.
constexpr std::array<Rgb, 8> bands{{{230, 25, 75},
                                    {255, 225, 25},
                                    {60, 180, 75},
                                    {245, 130, 48},
                                    {145, 30, 180},
                                    {70, 240, 240},
                                    {240, 50, 230},
                                    {170, 110, 40}}};

std::string qualityCode(Quality q) {
    switch (q) {
    case Quality::Elite:
        return "E";
    case Quality::Veteran:
        return "V";
    case Quality::Seasoned:
        return "S";
    case Quality::Regular:
        return "R";
    case Quality::Green:
        return "G";
    case Quality::Militia:
        return "M";
    case Quality::Raw:
        return "Rw";
    }
    return "";
}

// The seeds' own codes: Kallistra's SM, RM, SR, RC, SS; a breech-loader BL.
std::string weaponCode(Weapon w) {
    switch (w) {
    case Weapon::SmoothboreMusket:
        return "SM";
    case Weapon::RifleMusket:
        return "RM";
    case Weapon::SharpshooterRifle:
        return "SR";
    case Weapon::RifledCarbine:
        return "RC";
    case Weapon::SmoothboreCarbine:
        return "SS";
    case Weapon::BreechLoader:
        return "BL";
    case Weapon::None:
        break;
    }
    return "";
}

std::string gunCode(Gun g) {
    switch (g) {
    case Gun::FieldGun6lb:
        return "6lb";
    case Gun::Napoleon12lb:
        return "12N";
    case Gun::Rifle3in:
        return "3\"R";
    case Gun::Parrott10lb:
        return "10P";
    case Gun::Howitzer12lb:
        return "12H";
    case Gun::Parrott20lb:
        return "20P";
    case Gun::HeavyRifle:
        return "HR";
    case Gun::Mixed:
        return "mix";
    case Gun::None:
        break;
    }
    return "";
}

// A unit's size by what it stands under: a regiment under a brigade, a brigade under a division...
std::string sizeUnder(Echelon parent) {
    switch (parent) {
    case Echelon::Brigade:
        return "III";
    case Echelon::Division:
        return "X";
    case Echelon::Corps:
        return "XX";
    case Echelon::Army:
        return "X";
    }
    return "";
}

Rgb washed(Rgb c) {
    auto mix = [](std::uint8_t v) { return static_cast<std::uint8_t>(v + (255 - v) * 0.55); };
    return Rgb{mix(c.r), mix(c.g), mix(c.b)};
}

// A line of text centred on x with its top at y, narrowed to `width` when longer, but never below
// `smallest` (what still reads on a half-inch counter): shortened with an ellipsis instead.
void centred(cairo_t* cr, std::string text, double x, double y, double width, double size, bool bold,
             double smallest = 0) {
    if (text.empty()) {
        return;
    }
    double fitted = size;
    {
        TextWriter probe(cr, Font{size, bold});
        const double wide = probe.measure(text).width;
        if (wide > width) {
            fitted = std::max(size * width / wide, std::min(smallest, size));
        }
    }
    // Pango sets sizes in steps: narrow a little more until the line fits, down to `smallest`.
    for (int tries = 0; tries < 8 && fitted * 0.95 >= smallest; ++tries) {
        TextWriter probe(cr, Font{fitted, bold});
        if (probe.measure(text).width <= width) {
            break;
        }
        fitted *= 0.95;
    }
    TextWriter writer(cr, Font{fitted, bold});
    const std::string ellipsis = "\u2026";
    auto dropLastCharacter = [](std::string& t) { // a whole UTF-8 character
        while (!t.empty()) {
            const auto c = static_cast<unsigned char>(t.back());
            t.pop_back();
            if ((c & 0xC0) != 0x80) {
                break;
            }
        }
    };
    while (text.size() > ellipsis.size() + 1 && writer.measure(text).width > width) {
        if (text.ends_with(ellipsis)) {
            text.erase(text.size() - ellipsis.size());
        }
        dropLastCharacter(text);
        text += ellipsis;
    }
    writer.drawCentred(x, y + (size - fitted) / 2, text);
}

} // namespace

Rgb markerInk(StatusMarker m) {
    switch (m) {
    case StatusMarker::Disrupted:
    case StatusMarker::Disordered:
    case StatusMarker::ChargeDeclared:
        return Rgb{204, 31, 26};
    case StatusMarker::Recoiled:
    case StatusMarker::Routed:
        return Rgb{230, 128, 13};
    case StatusMarker::Entrenching:
    case StatusMarker::Entrenched:
        return Rgb{115, 77, 38};
    default:
        return Rgb{38, 77, 153};
    }
}

Rgb divisionBand(const OrderOfBattle& oob, HeadquartersId division) {
    const Headquarters* hq = oob.find(division);
    if (hq == nullptr) {
        return bands[0];
    }
    // Its place among the side's divisions, in id order (the order of battle's order).
    int place = 0;
    for (const auto& [id, other] : oob.headquarters) {
        if (id == division) {
            break;
        }
        place += other.side == hq->side && other.echelon == hq->echelon ? 1 : 0;
    }
    return bands[static_cast<std::size_t>(place) % bands.size()];
}

std::string counterValues(const Unit& u, int stands, int strength, const PlaySetup& play) {
    bool byStands = play.stacking && play.stacking->stands;
    for (const PlayTrack& t : play.play.tracks) {
        byStands = byStands || t.perStand;
    }
    std::vector<std::string> parts;
    if (byStands || strength == 0) {
        parts.push_back(std::to_string(stands) + (stands == 1 ? " stand" : " stands"));
    } else {
        parts.push_back(std::to_string(strength));
    }
    parts.push_back(qualityCode(u.quality));
    const bool guns = u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery;
    parts.push_back(guns ? gunCode(u.gun) : weaponCode(u.weapon));
    std::string out;
    for (const std::string& p : parts) {
        if (!p.empty()) {
            out += (out.empty() ? "" : "  ") + p;
        }
    }
    return out;
}

CounterFace counterFace(const Scenario& s, const PlaySetup& play, PieceRef piece, bool back) {
    CounterFace f;
    f.kind = piece.kind;
    f.side = sideOf(s.oob, piece).value_or(Side::Union);
    if (back) {
        f.back = play.play.back ? play.play.back->label : std::string("Back");
    }
    if (piece.kind == PieceKind::Unit) {
        const Unit& u = s.oob.units.at(UnitId{piece.id});
        f.arm = u.arm;
        if (const Headquarters* parent = s.oob.find(u.parent)) {
            f.size = sizeUnder(parent->echelon);
        }
        f.number = u.roster != 0 ? std::to_string(u.roster) : std::string();
        f.name = u.name;
        const StrengthNow& now = strengthOf(s, UnitId{piece.id});
        f.values = counterValues(u, standsNow(u, now), strengthNow(u, now), play);
        if (auto division = s.oob.ancestor(u.parent, Echelon::Division)) {
            f.band = divisionBand(s.oob, *division);
        } else if (auto corps = s.oob.ancestor(u.parent, Echelon::Corps)) {
            f.band = divisionBand(s.oob, *corps);
        }
    } else if (piece.kind == PieceKind::Commander) {
        const Headquarters& hq = *s.oob.find(HeadquartersId{piece.id});
        f.echelon = hq.echelon;
        f.size = std::string(echelonMark(hq.echelon));
        f.name = hq.commander.empty() ? hq.name : hq.commander;
        f.values = hq.commanderQuality ? qualityCode(*hq.commanderQuality) : std::string();
        if (auto division = s.oob.ancestor(HeadquartersId{piece.id}, Echelon::Division)) {
            f.band = divisionBand(s.oob, *division);
        }
    } else {
        const Train& t = s.oob.trains.at(TrainId{piece.id});
        const Headquarters* corps = s.oob.find(t.corps);
        f.name = t.name.empty() ? (corps ? corps->name : std::string()) : t.name;
        f.values = "Train";
    }
    return f;
}

void drawCounterFace(cairo_t* cr, const CounterFace& f, double x, double y, double size) {
    cairo_save(cr);
    cairo_new_path(cr);
    const Rgb ground = f.back.empty() ? sideColour(f.side) : washed(sideColour(f.side));
    cairo_rectangle(cr, x, y, size, size);
    setSource(cr, ground);
    cairo_fill(cr);
    const double bandWidth = size * 0.09;
    if (f.band) {
        cairo_rectangle(cr, x, y, bandWidth, size);
        setSource(cr, *f.band);
        cairo_fill(cr);
    }
    const double left = x + (f.band ? bandWidth : 0);
    const double inner = x + size - left;
    const double mid = left + inner / 2;
    setSource(cr, f.back.empty() ? sideInk(f.side) : Rgb{40, 40, 40});
    // Size above the symbol, the roster number in the top corner (on a back, the back's word
    // stands there instead).
    if (f.back.empty()) {
        centred(cr, f.size, mid, y + size * 0.03, inner * 0.5, size * 0.12, true);
    }
    if (!f.number.empty() && f.back.empty()) {
        TextWriter number(cr, Font{size * 0.12, true});
        number.draw(left + size * 0.03, y + size * 0.03, f.number);
    }
    const double sy = y + size * 0.18, sh = size * 0.3, sw = inner * 0.56, sx = mid - sw / 2;
    if (f.kind == PieceKind::Unit) {
        drawArmSymbol(cr, f.arm, sx, sy, sw, sh, std::max(0.4, size * 0.025));
    } else if (f.kind == PieceKind::Commander) {
        // A flag on its staff.
        cairo_set_line_width(cr, std::max(0.4, size * 0.025));
        cairo_move_to(cr, sx + sw * 0.3, sy + sh);
        cairo_line_to(cr, sx + sw * 0.3, sy);
        cairo_stroke(cr);
        cairo_rectangle(cr, sx + sw * 0.3, sy, sw * 0.45, sh * 0.5);
        cairo_fill(cr);
    } else {
        cairo_save(cr);
        drawTrain(cr, f.side, sx, sy, sw, sh * 0.8);
        cairo_restore(cr);
    }
    setSource(cr, f.back.empty() ? sideInk(f.side) : Rgb{40, 40, 40});
    centred(cr, f.name, mid, y + size * 0.51, inner * 0.94, size * 0.14, false, size * 0.11);
    centred(cr, f.values, mid, y + size * 0.74, inner * 0.94, size * 0.14, true);
    if (!f.back.empty()) {
        // The back's word across the top, on a band that reads at arm's length; name and values stay.
        const double bh = size * 0.17;
        cairo_rectangle(cr, x, y, size, bh);
        cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        centred(cr, f.back, x + size / 2, y + bh * 0.1, size * 0.92, bh * 0.72, true);
    }
    cairo_restore(cr);
}

void drawMarkerCounter(cairo_t* cr, StatusMarker marker, const std::string& label, double x, double y,
                       double size) {
    cairo_save(cr);
    cairo_rectangle(cr, x, y, size, size);
    setSource(cr, markerInk(marker));
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    centred(cr, label, x + size / 2, y + size * 0.4, size * 0.9, size * 0.17, true);
    cairo_restore(cr);
}

void drawStatusBand(cairo_t* cr, StatusMarker marker, const std::string& label, double x, double y, double w,
                    double h) {
    cairo_save(cr);
    setSource(cr, markerInk(marker));
    cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1, h - 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    // A line's box is about 1.2 of its size: its middle at the band's.
    const double size = h * 0.62;
    centred(cr, label, x + w / 2, y + (h - 1.2 * size) / 2, w - 4, size, true);
    cairo_restore(cr);
}

void drawTurnMarker(cairo_t* cr, double x, double y, double size) {
    cairo_save(cr);
    cairo_rectangle(cr, x, y, size, size);
    cairo_set_source_rgb(cr, 0.95, 0.92, 0.8);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    centred(cr, "TURN", x + size / 2, y + size * 0.38, size * 0.9, size * 0.22, true);
    cairo_restore(cr);
}

} // namespace sandtable
