#include "map.hpp"

namespace sandtable {

Map Map::blank(const Grid& grid, std::vector<TerrainType> types) {
    Map m;
    m.grid = grid;
    m.terrainTypes = std::move(types);
    m.terrain.assign(grid.cellCount(), 0);
    m.elevation.assign(grid.cellCount(), 0);
    return m;
}

std::optional<std::size_t> Map::terrainIndexOf(std::string_view key) const {
    for (std::size_t i = 0; i < terrainTypes.size(); ++i) {
        if (terrainTypes[i].key == key) {
            return i;
        }
    }
    return std::nullopt;
}

std::vector<TerrainType> defaultTerrainTypes() {
    return {
        {"open", "Open ground", TerrainClass::Open, Cover::None, false, {196, 214, 150}},
        {"woods", "Woods", TerrainClass::Broken, Cover::Light, true, {92, 140, 76}},
        {"heavy-woods", "Heavy woods", TerrainClass::Difficult, Cover::Heavy, true, {52, 100, 52}},
        {"orchard", "Orchard", TerrainClass::Open, Cover::Light, false, {160, 196, 110}},
        {"town", "Town", TerrainClass::Broken, Cover::Heavy, true, {176, 150, 130}},
        {"marsh", "Marsh", TerrainClass::Difficult, Cover::None, false, {150, 180, 170}},
        {"water", "Deep water", TerrainClass::Impassable, Cover::None, false, {110, 160, 210}},
    };
}

} // namespace sandtable
