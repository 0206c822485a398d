#include "terrain_overview.hpp"

#include <algorithm>

namespace sandtable {

wxColour TerrainOverview::cellColour(const Map& map, std::size_t index, bool elevation) {
    const Rgb c = map.terrainTypes[map.terrain[index]].colour;
    if (!elevation) {
        return wxColour(c.r, c.g, c.b);
    }
    // Higher ground is drawn lighter and warmer, as on period maps' hachured hills.
    const double k = std::clamp(map.elevation[index] * 0.07, -0.4, 0.5);
    auto mix = [k](int v) {
        const double out = k >= 0 ? v + (255 - v) * k * 0.8 : v * (1 + k);
        return static_cast<unsigned char>(std::clamp(out, 0.0, 255.0));
    };
    return wxColour(mix(c.r), mix(c.g), mix(c.b));
}

wxColour TerrainOverview::pixelColour(const Map& map, std::size_t index) const {
    switch (pathKind_[index]) {
    case 1:
        return wxColour(150, 100, 50);
    case 2:
        return wxColour(110, 60, 20);
    case 3:
        return wxColour(30, 30, 30);
    default:
        return cellColour(map, index, true);
    }
}

void TerrainOverview::rebuild(const Map& map) {
    const Grid& g = map.grid;
    pathKind_.assign(g.cellCount(), 0);
    for (const auto& [id, path] : map.paths) {
        for (Offset c : path.cells) {
            if (g.contains(c)) {
                auto& k = pathKind_[g.index(c)];
                k = std::max<std::uint8_t>(k, static_cast<std::uint8_t>(1 + static_cast<int>(path.kind)));
            }
        }
    }
    image_.Create(g.cols(), g.rows(), false);
    unsigned char* rgb = image_.GetData();
    for (std::size_t i = 0; i < g.cellCount(); ++i) {
        const wxColour c = pixelColour(map, i);
        rgb[3 * i] = c.Red();
        rgb[3 * i + 1] = c.Green();
        rgb[3 * i + 2] = c.Blue();
    }
}

void TerrainOverview::update(const Map& map, const std::vector<Offset>& cells) {
    if (!valid() || image_.GetWidth() != map.grid.cols() || image_.GetHeight() != map.grid.rows()) {
        rebuild(map);
        return;
    }
    for (Offset c : cells) {
        if (map.grid.contains(c)) {
            const wxColour colour = pixelColour(map, map.grid.index(c));
            image_.SetRGB(c.col, c.row, colour.Red(), colour.Green(), colour.Blue());
        }
    }
}

} // namespace sandtable
