#pragma once
// What differs between two arrangements of views of one map at one zoom: a pan moves the pixels a
// window shows (editor/canvas/shown_pixels), and the marks in them stand where the last view's
// arrangement put them. Counters, markers and cell numbers are placed cell by cell, the same in
// every view; a word is placed among the words around it, so a view panned on may set one
// elsewhere, or leave one out. Those words are drawn again, where they were and where they go.
#include "render/map_scene.hpp"
#include "render/pixel_rect.hpp"
#include "render/view_bands.hpp"

#include <vector>

namespace sandtable {

// The boxes (map units) of the words placed in one arrangement and not in the same place, turn and
// cut in the other, out to their halos.
std::vector<Box> wordsMovedBetween(const MapPainter::Scene& before, const MapPainter::Scene& after);
// The same in the pixels of `view` (`width` x `height`), where `after` is its arrangement: out to
// whole pixels and one more each side (antialiasing), cut to the view.
std::vector<PixelRect> pixelsOfWordsMoved(const MapPainter::Scene& before, const MapPainter::Scene& after,
                                          ViewPlacement view, int width, int height);
// What `view` at a new size, `width` x `height`, shows that its last frame there, `oldWidth` x
// `oldHeight` (the view not moved: the window's right or bottom edge dragged), did not: the strips
// that came into view, and the words its arrangement `after` sets elsewhere than `before` did (near
// the edges, a word is placed among those the view holds). Without arrangements (far out, where no
// word is set) the strips alone. None: the last frame, cut to the new size, is the new one.
std::vector<PixelRect> pixelsAResizeBringsIn(const MapPainter::Scene* before, const MapPainter::Scene* after,
                                             ViewPlacement view, int oldWidth, int oldHeight, int width,
                                             int height);

} // namespace sandtable
