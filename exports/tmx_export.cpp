#include "exports/tmx_export.hpp"

#include "model/battle.hpp"
#include "model/file_names.hpp"

#include "model/layout.hpp"

#include "formats/atomic_file.hpp"
#include "render/png_bytes.hpp"
#include "render/terrain_symbols.hpp"

#include <cairo.h>
#include <pugixml.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <sstream>

namespace sandtable {
namespace {

// Hexagon (or square) outline of a tile, centred in a tile of the given size.
std::vector<std::pair<double, double>> tileCorners(const Grid& grid, const TmxGeometry& g) {
    std::vector<std::pair<double, double>> out;
    const int sides = grid.sideCount();
    double maxCos = 0, maxSin = 0;
    std::vector<double> angles;
    // The model's corners, in its order (corner i between sides i and i+1), from one cell's layout.
    const Grid one({grid.shape(), grid.parity(), 1, 1, grid.parameters().labelBase});
    const Layout layout(one, 1.0);
    for (int i = 0; i < sides; ++i) {
        const double a = layout.cornerAngle(i) * std::numbers::pi / 180.0;
        angles.push_back(a);
        maxCos = std::max(maxCos, std::abs(std::cos(a)));
        maxSin = std::max(maxSin, std::abs(std::sin(a)));
    }
    for (double a : angles) {
        out.emplace_back(std::cos(a) / maxCos * g.tileWidth / 2.0, std::sin(a) / maxSin * g.tileHeight / 2.0);
    }
    return out;
}

// A strip of tiles, one per colour, each the cell's shape filled with it and, for terrain, its
// symbol as the map draws it (the tile's height is the cell across its flats).
std::expected<std::string, std::string> tilesetPng(const Grid& grid, const TmxGeometry& g,
                                                   const std::vector<Rgb>& colours,
                                                   const std::vector<TerrainSymbol>& symbols = {}) {
    const int count = std::max<int>(1, static_cast<int>(colours.size()));
    cairo_surface_t* surface =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, g.tileWidth * count, g.tileHeight);
    cairo_t* cr = cairo_create(surface);
    const auto corners = tileCorners(grid, g);
    for (std::size_t i = 0; i < colours.size(); ++i) {
        const double cx = g.tileWidth * (static_cast<double>(i) + 0.5), cy = g.tileHeight / 2.0;
        cairo_move_to(cr, cx + corners[0].first, cy + corners[0].second);
        for (std::size_t k = 1; k < corners.size(); ++k) {
            cairo_line_to(cr, cx + corners[k].first, cy + corners[k].second);
        }
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, colours[i].r / 255.0, colours[i].g / 255.0, colours[i].b / 255.0);
        cairo_fill(cr);
        if (i < symbols.size()) {
            const SymbolSite site{{cx, cy}, 0x2du, std::nullopt};
            drawTerrainSymbols(cr, symbols[i], {&site, 1}, g.tileHeight);
        }
    }
    cairo_destroy(cr);
    auto png = pngBytes(surface);
    cairo_surface_destroy(surface);
    return png;
}

template <typename T>
void property(pugi::xml_node props, const char* name, const char* type, const T& value) {
    pugi::xml_node p = props.append_child("property");
    p.append_attribute("name") = name;
    if (std::string_view(type) != "string") {
        p.append_attribute("type") = type;
    }
    p.append_attribute("value") = value;
}

std::string csv(const std::vector<int>& gids, int cols) {
    std::string out = "\n";
    for (std::size_t i = 0; i < gids.size(); ++i) {
        out += std::to_string(gids[i]);
        if (i + 1 < gids.size()) {
            out += ',';
        }
        if ((i + 1) % static_cast<std::size_t>(cols) == 0) {
            out += '\n';
        }
    }
    return out;
}

} // namespace

TmxGeometry TmxGeometry::of(const Grid& grid) {
    TmxGeometry g;
    switch (grid.shape()) {
    // Even sizes keep Tiled's integer halves exact (across flats 56 for a 64-pixel hexagon whose
    // exact value is 55.4).
    case GridShape::HexFlat:
        g = TmxGeometry{true, true, grid.parity() == OffsetParity::Even, 64, 56, 32};
        break;
    case GridShape::HexPointy:
        g = TmxGeometry{true, false, grid.parity() == OffsetParity::Even, 56, 64, 32};
        break;
    case GridShape::Square:
        g = TmxGeometry{false, false, false, 64, 64, 0};
        break;
    }
    return g;
}

double TmxGeometry::centreX(Offset c) const {
    if (!hexagonal) {
        return c.col * tileWidth + tileWidth / 2.0;
    }
    if (staggerX) {
        const int sox = (tileWidth - sideLength) / 2;
        return c.col * (sox + sideLength) + tileWidth / 2.0;
    }
    const bool shifted = ((c.row & 1) != 0) != staggerEven;
    return c.col * tileWidth + tileWidth / 2.0 + (shifted ? tileWidth / 2 : 0);
}

double TmxGeometry::centreY(Offset c) const {
    if (!hexagonal) {
        return c.row * tileHeight + tileHeight / 2.0;
    }
    if (staggerX) {
        const bool shifted = ((c.col & 1) != 0) != staggerEven;
        return c.row * tileHeight + tileHeight / 2.0 + (shifted ? tileHeight / 2 : 0);
    }
    const int soy = (tileHeight - sideLength) / 2;
    return c.row * (soy + sideLength) + tileHeight / 2.0;
}

int TmxGeometry::mapWidth(const Grid& grid) const {
    if (!hexagonal) {
        return grid.cols() * tileWidth;
    }
    if (staggerX) {
        const int sox = (tileWidth - sideLength) / 2;
        return grid.cols() * (sox + sideLength) + sox;
    }
    return grid.cols() * tileWidth + tileWidth / 2;
}

int TmxGeometry::mapHeight(const Grid& grid) const {
    if (!hexagonal) {
        return grid.rows() * tileHeight;
    }
    if (staggerX) {
        return grid.rows() * tileHeight + tileHeight / 2;
    }
    const int soy = (tileHeight - sideLength) / 2;
    return grid.rows() * (soy + sideLength) + soy;
}

std::expected<void, std::string> exportTmx(const Scenario& s, const std::filesystem::path& out,
                                           const TmxExportOptions& options) {
    const Grid& grid = s.map.grid;
    const TmxGeometry g = TmxGeometry::of(grid);
    const std::string stem = utf8(out.stem());
    const std::filesystem::path dir = out.has_parent_path() ? out.parent_path() : std::filesystem::path(".");

    // Tilesets: one tile per terrain type; one per elevation level (grey, darker is lower).
    std::vector<Rgb> terrainColours;
    std::vector<TerrainSymbol> terrainSymbols;
    for (const TerrainType& t : s.map.terrainTypes) {
        terrainColours.push_back(t.colour);
        terrainSymbols.push_back(t.symbol);
    }
    const auto [lowIt, highIt] = std::minmax_element(s.map.elevation.begin(), s.map.elevation.end());
    const int low = lowIt == s.map.elevation.end() ? 0 : *lowIt,
              high = highIt == s.map.elevation.end() ? 0 : *highIt;
    std::vector<Rgb> levelColours;
    for (int level = low; level <= high; ++level) {
        const auto v = static_cast<std::uint8_t>(high == low ? 128 : 60 + (level - low) * 180 / (high - low));
        levelColours.push_back({v, v, v});
    }

    pugi::xml_document doc;
    pugi::xml_node decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    pugi::xml_node map = doc.append_child("map");
    map.append_attribute("version") = "1.8";
    map.append_attribute("tiledversion") = "1.8.2";
    map.append_attribute("orientation") = g.hexagonal ? "hexagonal" : "orthogonal";
    map.append_attribute("renderorder") = "right-down";
    map.append_attribute("width") = grid.cols();
    map.append_attribute("height") = grid.rows();
    map.append_attribute("tilewidth") = g.tileWidth;
    map.append_attribute("tileheight") = g.tileHeight;
    if (g.hexagonal) {
        map.append_attribute("hexsidelength") = g.sideLength;
        map.append_attribute("staggeraxis") = g.staggerX ? "x" : "y";
        map.append_attribute("staggerindex") = g.staggerEven ? "even" : "odd";
    }
    map.append_attribute("infinite") = 0;
    map.append_attribute("nextlayerid") = 8;
    pugi::xml_node props = map.append_child("properties");
    property(props, "title", "string", s.info.title.c_str());
    property(props, "date", "string", s.info.date.c_str());
    property(props, "place", "string", s.info.place.c_str());
    property(props, "theatre", "string", std::string(enumName(s.info.theatre)).c_str());
    property(props, "turns", "int", s.info.turns);
    property(props, "turnMinutes", "int", s.info.turnMinutes);
    if (s.info.startTime) {
        property(props, "startTime", "string", clockText(*s.info.startTime).c_str());
    }
    if (!s.info.nightTurns.empty()) {
        property(props, "nightTurns", "string", turnListText(s.info.nightTurns).c_str());
    }
    if (s.info.dawn) {
        property(props, "dawn", "string", clockText(*s.info.dawn).c_str());
    }
    property(props, "firstPlayer", "string", std::string(enumName(s.info.firstPlayer)).c_str());
    property(props, "ruleset", "string", s.info.ruleset.c_str());
    property(props, "yardsPerCell", "float", s.map.yardsPerCell);
    property(props, "cellLabelBase", "int", grid.parameters().labelBase);
    property(props, "exportForced", "bool", options.forced ? "true" : "false");

    const std::string terrainTsx = stem + "-terrain.tsx", terrainPng = stem + "-terrain.png",
                      levelPng = stem + "-elevation.png";
    pugi::xml_node ts = map.append_child("tileset");
    ts.append_attribute("firstgid") = 1;
    ts.append_attribute("source") = terrainTsx.c_str();
    const int levelFirstGid = 1 + static_cast<int>(terrainColours.size());
    pugi::xml_node lts = map.append_child("tileset");
    lts.append_attribute("firstgid") = levelFirstGid;
    lts.append_attribute("name") = "elevation";
    lts.append_attribute("tilewidth") = g.tileWidth;
    lts.append_attribute("tileheight") = g.tileHeight;
    lts.append_attribute("tilecount") = static_cast<int>(levelColours.size());
    lts.append_attribute("columns") = static_cast<int>(levelColours.size());
    pugi::xml_node limg = lts.append_child("image");
    limg.append_attribute("source") = levelPng.c_str();
    limg.append_attribute("width") = g.tileWidth * static_cast<int>(levelColours.size());
    limg.append_attribute("height") = g.tileHeight;
    for (int level = low; level <= high; ++level) {
        pugi::xml_node tile = lts.append_child("tile");
        tile.append_attribute("id") = level - low;
        property(tile.append_child("properties"), "level", "int", level);
    }

    auto layer = [&](int id, const char* name, std::vector<int> gids, bool visible) {
        pugi::xml_node l = map.append_child("layer");
        l.append_attribute("id") = id;
        l.append_attribute("name") = name;
        l.append_attribute("width") = grid.cols();
        l.append_attribute("height") = grid.rows();
        if (!visible) {
            l.append_attribute("visible") = 0;
        }
        pugi::xml_node data = l.append_child("data");
        data.append_attribute("encoding") = "csv";
        data.text() = csv(gids, grid.cols()).c_str();
    };
    std::vector<int> terrainGids, levelGids;
    for (std::size_t i = 0; i < grid.cellCount(); ++i) {
        terrainGids.push_back(1 + s.map.terrain[i]);
        levelGids.push_back(levelFirstGid + s.map.elevation[i] - low);
    }
    layer(1, "terrain", std::move(terrainGids), true);
    layer(2, "elevation", std::move(levelGids), false); // data for engines; hidden so terrain shows

    int nextObject = 1;
    const auto corners = tileCorners(grid, g);
    auto objectGroup = [&](int id, const char* name) {
        pugi::xml_node og = map.append_child("objectgroup");
        og.append_attribute("id") = id;
        og.append_attribute("name") = name;
        return og;
    };
    auto polyline = [&](pugi::xml_node group, const char* type,
                        const std::vector<std::pair<double, double>>& points) {
        pugi::xml_node o = group.append_child("object");
        o.append_attribute("id") = nextObject++;
        o.append_attribute("type") = type;
        o.append_attribute("x") = points.front().first;
        o.append_attribute("y") = points.front().second;
        std::ostringstream text;
        for (std::size_t i = 0; i < points.size(); ++i) {
            text << (i ? " " : "") << points[i].first - points.front().first << ","
                 << points[i].second - points.front().second;
        }
        o.append_child("polyline").append_attribute("points") = text.str().c_str();
        return o;
    };
    auto point = [&](pugi::xml_node group, const char* type, const std::string& name, Offset cell) {
        pugi::xml_node o = group.append_child("object");
        o.append_attribute("id") = nextObject++;
        o.append_attribute("name") = name.c_str();
        o.append_attribute("type") = type;
        o.append_attribute("x") = g.centreX(cell);
        o.append_attribute("y") = g.centreY(cell);
        o.append_child("point");
        pugi::xml_node p = o.append_child("properties");
        property(p, "cell", "string", grid.label(cell).c_str());
        return p;
    };

    pugi::xml_node sides = objectGroup(3, "hexsides");
    for (const auto& [edge, side] : s.map.hexsides) {
        const Offset c = edge.cell;
        const int d = edge.dir, n = grid.sideCount();
        const auto& a = corners[static_cast<std::size_t>((d - 1 + n) % n)];
        const auto& b = corners[static_cast<std::size_t>(d)];
        // The owner may be off the map (a border side): its centre still follows the formulas.
        const double cx = g.centreX(c), cy = g.centreY(c);
        pugi::xml_node o =
            polyline(sides, "hexside", {{cx + a.first, cy + a.second}, {cx + b.first, cy + b.second}});
        pugi::xml_node p = o.append_child("properties");
        std::string features;
        for (const auto& [f, name] : EnumNames<SideFeature>::names) {
            if (side.has(f)) {
                features += (features.empty() ? "" : " ") + std::string(name);
            }
        }
        property(p, "kind", "string", features.c_str());
        property(p, "crossing", "string", std::string(enumName(side.crossing)).c_str());
    }
    pugi::xml_node paths = objectGroup(4, "paths");
    for (const auto& [id, path] : s.map.paths) {
        std::vector<std::pair<double, double>> pts;
        for (Offset c : path.cells) {
            pts.emplace_back(g.centreX(c), g.centreY(c));
        }
        pugi::xml_node o = polyline(paths, std::string(enumName(path.kind)).c_str(), pts);
        o.append_attribute("name") = path.name.c_str();
        pugi::xml_node p = o.append_child("properties");
        property(p, "kind", "string", std::string(enumName(path.kind)).c_str());
    }
    pugi::xml_node features = objectGroup(5, "features");
    for (const auto& [id, f] : s.map.features) {
        pugi::xml_node p = point(features, std::string(enumName(f.kind)).c_str(), f.name, f.cell);
        if (f.side) {
            property(p, "side", "string", std::string(enumName(*f.side)).c_str());
        }
        property(p, "value", "int", f.value);
    }
    pugi::xml_node pieces = objectGroup(6, "pieces");
    for (const auto& [piece, placement] : s.deployment.placements) {
        std::string name;
        pugi::xml_node p;
        const Offset cell = placement.cells.front();
        if (piece.kind == PieceKind::Unit) {
            const Unit& u = s.oob.units.at(UnitId{piece.id});
            p = point(pieces, "unit", u.name, cell);
            property(p, "id", "int", piece.id);
            property(p, "side", "string",
                     std::string(enumName(s.oob.sideOf(u.parent).value_or(Side::Union))).c_str());
            property(p, "arm", "string", std::string(enumName(u.arm)).c_str());
            property(p, "formation", "string", std::string(enumName(u.formation)).c_str());
            // At the scenario's start, losses taken off.
            property(p, "stands", "int", standsNow(u, placement.now));
            property(p, "strength", "int", strengthNow(u, placement.now));
            property(p, "quality", "string", std::string(enumName(u.quality)).c_str());
            property(p, "weapon", "string", std::string(enumName(u.weapon)).c_str());
            property(p, "gun", "string", std::string(enumName(u.gun)).c_str());
            property(p, "roster", "int", u.roster);
            std::string cells;
            for (Offset c : placement.cells) {
                cells += (cells.empty() ? "" : " ") + grid.label(c);
            }
            property(p, "cells", "string", cells.c_str());
        } else if (piece.kind == PieceKind::Commander) {
            const Headquarters& hq = s.oob.headquarters.at(HeadquartersId{piece.id});
            p = point(pieces, "commander", hq.commander, cell);
            property(p, "id", "int", piece.id);
            property(p, "side", "string", std::string(enumName(hq.side)).c_str());
            property(p, "echelon", "string", std::string(enumName(hq.echelon)).c_str());
            property(p, "headquarters", "string", hq.name.c_str());
        } else {
            const Train& t = s.oob.trains.at(TrainId{piece.id});
            p = point(pieces, "train", t.name, cell);
            property(p, "id", "int", piece.id);
            property(p, "side", "string",
                     std::string(enumName(s.oob.sideOf(t.corps).value_or(Side::Union))).c_str());
        }
        if (placement.facing) {
            property(p, "facing", "string",
                     (std::string(enumName(placement.facing->kind)) + ":" +
                      std::to_string(placement.facing->index))
                         .c_str());
        }
    }
    for (const auto& [piece, r] : s.deployment.reinforcements) {
        pugi::xml_node p = point(pieces, "entry",
                                 std::string(enumName(piece.kind)) + ":" + std::to_string(piece.id), r.entry);
        property(p, "turn", "int", r.turn);
    }
    map.append_attribute("nextobjectid") = nextObject;

    // The external tileset.
    pugi::xml_document tsx;
    pugi::xml_node tdecl = tsx.append_child(pugi::node_declaration);
    tdecl.append_attribute("version") = "1.0";
    tdecl.append_attribute("encoding") = "UTF-8";
    pugi::xml_node tset = tsx.append_child("tileset");
    tset.append_attribute("version") = "1.8";
    tset.append_attribute("tiledversion") = "1.8.2";
    tset.append_attribute("name") = "terrain";
    tset.append_attribute("tilewidth") = g.tileWidth;
    tset.append_attribute("tileheight") = g.tileHeight;
    tset.append_attribute("tilecount") = static_cast<int>(terrainColours.size());
    tset.append_attribute("columns") = static_cast<int>(terrainColours.size());
    pugi::xml_node timg = tset.append_child("image");
    timg.append_attribute("source") = terrainPng.c_str();
    timg.append_attribute("width") = g.tileWidth * static_cast<int>(terrainColours.size());
    timg.append_attribute("height") = g.tileHeight;
    for (std::size_t i = 0; i < s.map.terrainTypes.size(); ++i) {
        const TerrainType& t = s.map.terrainTypes[i];
        pugi::xml_node tile = tset.append_child("tile");
        tile.append_attribute("id") = static_cast<int>(i);
        pugi::xml_node p = tile.append_child("properties");
        property(p, "key", "string", t.key.c_str());
        property(p, "name", "string", t.name.c_str());
        property(p, "class", "string", std::string(enumName(t.terrainClass)).c_str());
        property(p, "cover", "string", std::string(enumName(t.cover)).c_str());
        property(p, "blocksSight", "bool", t.blocksSight ? "true" : "false");
        // So that an import gives the type back as it was: its colour and symbol.
        char colour[10];
        std::snprintf(colour, sizeof colour, "#ff%02x%02x%02x", t.colour.r, t.colour.g, t.colour.b);
        property(p, "colour", "color", colour);
        property(p, "symbol", "string", std::string(enumName(t.symbol)).c_str());
    }

    auto toString = [](const pugi::xml_document& d) {
        std::ostringstream o;
        d.save(o, " ", pugi::format_indent, pugi::encoding_utf8);
        return o.str();
    };
    auto terrainTiles = tilesetPng(grid, g, terrainColours, terrainSymbols);
    auto levelTiles = tilesetPng(grid, g, levelColours);
    if (!terrainTiles || !levelTiles) {
        return std::unexpected("cannot draw the tilesets: " +
                               (terrainTiles ? levelTiles : terrainTiles).error());
    }
    // Images and tileset first, the map last: a map never points at files that are not there.
    for (const auto& [path, bytes] :
         {std::pair{dir / pathFromUtf8(terrainPng), *std::move(terrainTiles)},
          std::pair{dir / pathFromUtf8(levelPng), *std::move(levelTiles)},
          std::pair{dir / pathFromUtf8(terrainTsx), toString(tsx)}, std::pair{out, toString(doc)}}) {
        if (auto written = writeFileAtomically(path, bytes, AtomicWriteOptions{false}); !written) {
            return written;
        }
    }
    return {};
}

} // namespace sandtable
