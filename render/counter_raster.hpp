#pragma once
// Counters too small for their symbol and commanders too small for their mark, inked straight into
// an image's pixels for the wheel's preview frames (their marks have fast edges, render/view_bands'
// Edges::Fast). Cairo's scan converter takes 3 to 8 us for each tiny turned rectangle or disc even
// with fast edges, most of the marks' time in a 4K notch frame at 12 %; a counter here is its fill,
// its outline and its front bar worked out over the few dozen pixels it touches.
//
// Each pixel's ink is the area of the pixel that the shape covers, taken in the counter's own turned
// axes (across a disc's edge, as if it were straight): exact for an upright counter, within a few
// levels of Cairo's otherwise. It depends only on the shape and the pixel, so a band or tile drawn
// alone gets the pixels of the whole.
#include "model/layout.hpp"
#include "render/colours.hpp"

#include <span>

typedef struct _cairo cairo_t;

namespace sandtable {

struct RasterCounter {
    Point centre;    // map units
    double turn = 0; // radians, as cairo_rotate turns it
    Rgb fill;
    bool faced = false, frontAtBottom = false;
};

// The counters' shared size and colours, in map units.
struct RasterCounterLook {
    double width = 0, height = 0, outlineWidth = 0, bar = 0;
    Rgb outline, barColour;
};

// Draws the counters on `cr`'s image when it draws straight on one (render/raster_stamps'
// StraightImage) at one scale both ways through a clip on whole pixels, with the colours as its
// ink style has them for a line (as setSource); each is filled, outlined, then given its front bar.
// False, drawing nothing, when it cannot: the caller draws them with Cairo.
bool rasteriseCounters(cairo_t* cr, std::span<const RasterCounter> counters, const RasterCounterLook& look);

// A commander's disc and its ring, as drawCommander draws it without its mark (too small to read).
struct RasterDisc {
    Point centre; // map units
    Rgb fill;
};
struct RasterDiscLook {
    double radius = 0, ringWidth = 0; // map units
    Rgb ring;
};
// As rasteriseCounters: each disc filled, then its ring stroked on its edge.
bool rasteriseDiscs(cairo_t* cr, std::span<const RasterDisc> discs, const RasterDiscLook& look);

} // namespace sandtable
