#pragma once
// The side a counter's picture shows by its colour: the colour most of its opaque pixels have, read
// as Union blue or Confederate grey (Sandtable's own counters, render/colours.hpp, and most
// publishers'), or nothing when it is neither clearly. Used when a VASSAL module says nothing else
// of a piece's side.
#include "model/side.hpp"
#include "model/terrain.hpp"

#include <optional>
#include <string_view>

namespace sandtable {

// The commonest colour of a PNG's opaque pixels (in steps of 16), or nothing when the bytes are no
// PNG Cairo reads or it has no opaque pixel.
std::optional<Rgb> commonColour(std::string_view png);
std::optional<Side> sideOfColour(Rgb colour);
std::optional<Side> sideOfCounterPicture(std::string_view png);

} // namespace sandtable
