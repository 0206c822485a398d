#pragma once
// Terrain types are declared by each scenario (the rulesets name different terrain), so a type is
// data: a key, a class the rules understand, cover, and whether it blocks line of sight.
#include "enum_names.hpp"

#include <compare>
#include <cstdint>
#include <string>

namespace sandtable {

// The 2015 area rules' classes, plus impassable (lakes, the board's deep rivers).
enum class TerrainClass : std::uint8_t { Open, Broken, Difficult, Impassable };
// I'm a Good Old Rebel's light and heavy cover; the other rulesets only ask "cover or not".
enum class Cover : std::uint8_t { None, Light, Heavy };

template <> struct EnumNames<TerrainClass> {
    static constexpr std::array<NameOf<TerrainClass>, 4> names{{{TerrainClass::Open, "open"},
                                                                {TerrainClass::Broken, "broken"},
                                                                {TerrainClass::Difficult, "difficult"},
                                                                {TerrainClass::Impassable, "impassable"}}};
};
template <> struct EnumNames<Cover> {
    static constexpr std::array<NameOf<Cover>, 3> names{
        {{Cover::None, "none"}, {Cover::Light, "light"}, {Cover::Heavy, "heavy"}}};
};

// What a terrain looks like on a printed map besides its colour, so woods read as woods without the
// legend. A type declares its symbol in the file, so house terrain can pick one.
enum class TerrainSymbol : std::uint8_t {
    None,
    Trees,      // open woods: scattered tree crowns
    DenseTrees, // heavy woods and thickets: crowded crowns
    Orchard,    // rows of small round trees
    Crops,      // fields: furrows
    Buildings,  // towns: building blocks
    Marsh,      // tufts of reeds over water lines
    Rocks,      // boulders
    Scrub,      // hedges, brush and abatis: small tufts
    Water,      // lakes and deep rivers: ripples
};
template <> struct EnumNames<TerrainSymbol> {
    static constexpr std::array<NameOf<TerrainSymbol>, 10> names{{{TerrainSymbol::None, "none"},
                                                                  {TerrainSymbol::Trees, "trees"},
                                                                  {TerrainSymbol::DenseTrees, "dense-trees"},
                                                                  {TerrainSymbol::Orchard, "orchard"},
                                                                  {TerrainSymbol::Crops, "crops"},
                                                                  {TerrainSymbol::Buildings, "buildings"},
                                                                  {TerrainSymbol::Marsh, "marsh"},
                                                                  {TerrainSymbol::Rocks, "rocks"},
                                                                  {TerrainSymbol::Scrub, "scrub"},
                                                                  {TerrainSymbol::Water, "water"}}};
};

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    constexpr auto operator<=>(const Rgb&) const = default;
};

// Index of a terrain type in the scenario's list; cells store it in one byte.
using TerrainIndex = std::uint8_t;

struct TerrainType {
    std::string key; // stable, used by rulesets ("woods")
    std::string name;
    TerrainClass terrainClass = TerrainClass::Open;
    Cover cover = Cover::None;
    bool blocksSight = false;
    Rgb colour{200, 220, 160};
    TerrainSymbol symbol = TerrainSymbol::None;
    auto operator<=>(const TerrainType&) const = default;
};

} // namespace sandtable
