#pragma once
// Single pieces as pictures, for programs that move counters themselves (VASSAL): each drawn by the
// counter code the map and the counter sheet use, at the size it has on a map of the given cell.
#include "model/play_rules.hpp"
#include "model/scenario.hpp"

#include <expected>
#include <string>
#include <string_view>

namespace sandtable {

struct PieceImage {
    int width = 0, height = 0;
    std::string png; // the PNG file's bytes
};

// A piece's counter as the counter sheet prints its front (render/counter_art: the same code), a
// square `counterWidth` of a cell across, `cellPixels` being a cell across its flats; a unit's has
// its front, the dark bar, along the top edge, so a turned picture shows where it faces. Fails for
// a piece the order of battle does not hold.
[[nodiscard]] std::expected<PieceImage, std::string> pieceImage(const Scenario& s, const PlaySetup& play,
                                                                PieceRef piece, double cellPixels);

// A status marker as a band laid over the lower part of a unit's counter (VASSAL draws it as a
// layer of the piece): the rules' word for it on a colour of its kind (losses of order red, retreats
// orange, works brown, formations blue), the counter's width, `cellPixels` as for pieceImage.
[[nodiscard]] std::expected<PieceImage, std::string>
statusMarkerImage(StatusMarker marker, std::string_view label, double cellPixels);
// The moved marker VASSAL lays on a piece that moved this turn: a small orange flag, for a counter
// of a cell `cellPixels` across.
[[nodiscard]] std::expected<PieceImage, std::string> movedMarkerImage(double cellPixels);
// Where the band's middle lies below the middle of the unit's picture, in pixels.
double statusMarkerOffset(double cellPixels);
// Where the moved marker's middle lies right of and above the middle of a piece's picture, in
// pixels: at the counter's top right corner.
int movedMarkerOffset(double cellPixels);

} // namespace sandtable
