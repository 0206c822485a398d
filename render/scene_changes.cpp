#include "scene_changes.hpp"

#include <algorithm>
#include <string_view>
#include <tuple>

namespace sandtable {
namespace {

// A word's look and place, in an order to walk two arrangements side by side.
auto keyOf(const PlacedLabel& l) {
    const auto colour = [](const Rgb& c) { return std::tuple(c.r, c.g, c.b); };
    const auto cut = l.cutOut ? std::tuple(true, colour(l.cutOut->above), colour(l.cutOut->below))
                              : std::tuple(false, colour(Rgb{}), colour(Rgb{}));
    return std::tuple(l.box.x0, l.box.y0, l.box.x1, l.box.y1, l.turn, l.role, std::string_view(l.text), cut);
}

std::vector<const PlacedLabel*> inOrder(const std::vector<PlacedLabel>& labels) {
    std::vector<const PlacedLabel*> sorted;
    sorted.reserve(labels.size());
    for (const PlacedLabel& l : labels) {
        sorted.push_back(&l);
    }
    std::ranges::sort(sorted,
                      [](const PlacedLabel* a, const PlacedLabel* b) { return keyOf(*a) < keyOf(*b); });
    return sorted;
}

} // namespace

std::vector<Box> wordsMovedBetween(const MapPainter::Scene& before, const MapPainter::Scene& after) {
    const auto a = inOrder(before.plan.labels), b = inOrder(after.plan.labels);
    std::vector<Box> moved;
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        const bool onlyBefore = j == b.size() || (i < a.size() && keyOf(*a[i]) < keyOf(*b[j]));
        const bool onlyAfter = !onlyBefore && (i == a.size() || keyOf(*b[j]) < keyOf(*a[i]));
        if (onlyBefore) {
            moved.push_back(a[i++]->drawnBox());
        } else if (onlyAfter) {
            moved.push_back(b[j++]->drawnBox());
        } else {
            ++i;
            ++j;
        }
    }
    return moved;
}

std::vector<PixelRect> pixelsOfWordsMoved(const MapPainter::Scene& before, const MapPainter::Scene& after,
                                          ViewPlacement view, int width, int height) {
    std::vector<PixelRect> pixels;
    for (const Box& b : wordsMovedBetween(before, after)) {
        if (const PixelRect word =
                cutTo(pixelsCovering({b.x0, b.y0, b.width(), b.height()}, view), width, height);
            word.width > 0 && word.height > 0) {
            pixels.push_back(word);
        }
    }
    return pixels;
}

std::vector<PixelRect> pixelsAResizeBringsIn(const MapPainter::Scene* before, const MapPainter::Scene* after,
                                             ViewPlacement view, int oldWidth, int oldHeight, int width,
                                             int height) {
    std::vector<PixelRect> pixels;
    if (width > oldWidth) {
        pixels.push_back({oldWidth, 0, width - oldWidth, height});
    }
    if (height > oldHeight) {
        pixels.push_back({0, oldHeight, std::min(width, oldWidth), height - oldHeight});
    }
    if (before != nullptr && after != nullptr) {
        for (const PixelRect& word : pixelsOfWordsMoved(*before, *after, view, width, height)) {
            pixels.push_back(word);
        }
    }
    return pixels;
}

} // namespace sandtable
