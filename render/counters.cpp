#include "counters.hpp"

#include "colours.hpp"
#include "text.hpp"

#include <numbers>
#include <string>

#include <cairo.h>

namespace sandtable {

std::string_view echelonMark(Echelon e) {
    switch (e) {
    case Echelon::Army:
        return "XXXX";
    case Echelon::Corps:
        return "XXX";
    case Echelon::Division:
        return "XX";
    case Echelon::Brigade:
        return "X";
    }
    return "";
}

void drawUnitCounter(cairo_t* cr, const Unit& u, Side side, double x, double y, double w, double h,
                     bool detailed, TextWriter* text, bool outline) {
    cairo_new_path(cr); // text leaves a current point, which an arc would join with a line
    cairo_rectangle(cr, x, y, w, h);
    setSource(cr, sideColour(side));
    if (outline) {
        cairo_fill_preserve(cr);
        strokeWith(cr, counterOutline, h * counterOutlineWidth);
    } else {
        cairo_fill(cr);
    }
    if (!detailed) {
        return;
    }
    // NATO-style symbol in the upper part.
    setSource(cr, sideInk(side));
    drawArmSymbol(cr, u.arm, x + w * 0.2, y + h * 0.1, w * 0.6, h * 0.45, h * 0.043);
    if (text != nullptr) {
        const std::string label = u.roster != 0 ? std::to_string(u.roster) : u.name.substr(0, 4);
        text->drawCentred(x + w / 2, y + h * 0.58, label);
    }
}

void drawArmSymbol(cairo_t* cr, Arm arm, double x, double y, double w, double h, double lineWidth) {
    cairo_new_path(cr);
    cairo_set_line_width(cr, lineWidth);
    cairo_rectangle(cr, x, y, w, h);
    if (arm == Arm::Infantry || arm == Arm::Cavalry) {
        cairo_move_to(cr, x, y + h);
        cairo_line_to(cr, x + w, y);
    }
    if (arm == Arm::Infantry) {
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x + w, y + h);
    }
    cairo_stroke(cr);
    if (arm == Arm::Artillery || arm == Arm::HeavyArtillery) {
        const double r = h * (arm == Arm::HeavyArtillery ? 0.3 : 0.2);
        cairo_new_sub_path(cr);
        cairo_arc(cr, x + w / 2, y + h / 2, r, 0, 2 * std::numbers::pi);
        cairo_fill(cr);
    }
}

FrontBar frontBarOf(double w, double h, double bar, bool atBottom) {
    return {-w / 2, atBottom ? h / 2 : -h / 2 - bar, w, bar};
}

void drawFrontBar(cairo_t* cr, const FrontBar& bar) {
    cairo_new_path(cr);
    cairo_rectangle(cr, bar.x, bar.y, bar.width, bar.height);
    setSource(cr, frontBarColour);
    cairo_fill(cr);
}

void drawCommander(cairo_t* cr, Echelon echelon, Side side, double cx, double cy, double r,
                   TextWriter* text) {
    cairo_arc(cr, cx, cy, r, 0, 2 * std::numbers::pi);
    setSource(cr, sideColour(side));
    cairo_fill_preserve(cr);
    strokeWith(cr, commanderRingColour, r * commanderRing);
    if (text != nullptr) {
        setSource(cr, sideInk(side));
        const std::string mark(echelonMark(echelon));
        const TextSize size = text->measure(mark);
        text->draw(cx - size.width / 2, cy - size.height / 2, mark);
    }
}

void drawTrain(cairo_t* cr, Side side, double x, double y, double w, double h) {
    cairo_new_path(cr);
    cairo_rectangle(cr, x, y, w, h);
    setSource(cr, sideColour(side));
    cairo_fill_preserve(cr);
    strokeWith(cr, Rgb{20, 20, 20}, h * 0.11);
    const double r = h * 0.3;
    setSource(cr, Rgb{0, 0, 0});
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w * 0.2, y + h, r, 0, 2 * std::numbers::pi);
    cairo_fill(cr);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w * 0.8, y + h, r, 0, 2 * std::numbers::pi);
    cairo_fill(cr);
}

} // namespace sandtable
