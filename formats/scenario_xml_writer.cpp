#include "atomic_file.hpp"
#include "scenario_xml.hpp"

#include "model/battle.hpp"

#include <pugixml.hpp>

#include <charconv>
#include <cstdio>
#include <sstream>

namespace sandtable {
namespace {

std::string colourText(Rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

// Shortest text that reads back as the same double, so saving is canonical.
std::string numberText(double v) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, end);
}

template <typename T> std::string csvLayer(const std::vector<T>& values, int cols) {
    std::string out;
    out.reserve(values.size() * 3 + 2);
    out += '\n';
    char buf[16];
    for (std::size_t i = 0; i < values.size(); ++i) {
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, static_cast<int>(values[i]));
        out.append(buf, end);
        if (i + 1 < values.size()) {
            out += ',';
        }
        if ((i + 1) % static_cast<std::size_t>(cols) == 0) {
            out += '\n';
        }
    }
    return out;
}

// pugixml writes a carriage return in text as it is, and every XML reader turns a raw CR into a
// line feed; as a character reference it survives, so text saved twice stays the same. The writer's
// own line breaks are line feeds, so every CR here is the scenario's.
std::string escapeCarriageReturns(std::string xml) {
    if (xml.find('\r') == std::string::npos) {
        return xml;
    }
    std::string out;
    out.reserve(xml.size() + 64);
    for (char c : xml) {
        if (c == '\r') {
            out += "&#13;";
        } else {
            out += c;
        }
    }
    return out;
}

class Writer {
  public:
    explicit Writer(const Scenario& s) : s_(s) {}

    std::string run() {
        pugi::xml_node decl = doc_.append_child(pugi::node_declaration);
        decl.append_attribute("version") = "1.0";
        decl.append_attribute("encoding") = "UTF-8";
        pugi::xml_node root = doc_.append_child("battle");
        root.append_attribute("format-version") = currentFormatVersion;
        writeMap(root.append_child("map"));
        writeOrderOfBattle(root);
        // In the battle's order, whichever is current: the same battle gives the same bytes.
        for (std::size_t i = 0; i < scenarioCount(s_); ++i) {
            writeScenario(root, startAt(s_, i));
        }
        std::ostringstream out;
        doc_.save(out, "  ", pugi::format_indent, pugi::encoding_utf8);
        return escapeCarriageReturns(std::move(out).str());
    }

  private:
    std::string label(Offset c) const { return s_.map.grid.label(c); }
    std::string cells(const std::vector<Offset>& list) const {
        std::string out;
        out.reserve(list.size() * 5);
        for (Offset c : list) {
            if (!out.empty()) {
                out += ' ';
            }
            out += label(c);
        }
        return out;
    }

    static void textChild(pugi::xml_node parent, const char* name, const std::string& text) {
        if (!text.empty()) {
            parent.append_child(name).text() = text.c_str();
        }
    }

    void writeScenario(pugi::xml_node root, const ScenarioStartView& start) {
        pugi::xml_node n = root.append_child("scenario");
        writeInfo(n.append_child("info"), start.info);
        if (start.deployment.forces) {
            pugi::xml_node forces = n.append_child("forces");
            for (HeadquartersId hq : *start.deployment.forces) {
                forces.append_child("force").append_attribute("headquarters") = hq.value;
            }
        }
        writeDeployment(n, start.deployment);
        if (!start.events.empty()) {
            pugi::xml_node table = n.append_child("events");
            for (const auto& [roll, text] : start.events) {
                pugi::xml_node e = table.append_child("event");
                e.append_attribute("roll") = roll;
                e.text() = text.c_str();
            }
        }
        if (!start.exclusions.empty()) {
            pugi::xml_node list = n.append_child("exclusions");
            for (const Exclusion& ex : start.exclusions) {
                pugi::xml_node e = list.append_child("exclusion");
                e.append_attribute("rule") = ex.rule.c_str();
                if (!ex.cells.empty()) {
                    e.append_attribute("cells") = cells(ex.cells).c_str();
                }
                if (!ex.pieces.empty()) {
                    std::string text;
                    for (PieceRef p : ex.pieces) {
                        text += (text.empty() ? "" : " ") + pieceRefText(p);
                    }
                    e.append_attribute("pieces") = text.c_str();
                }
                e.text() = ex.comment.c_str();
            }
        }
    }

    void writeInfo(pugi::xml_node n, const ScenarioInfo& info) {
        n.append_attribute("title") = info.title.c_str();
        if (!info.date.empty()) {
            n.append_attribute("date") = info.date.c_str();
        }
        if (!info.place.empty()) {
            n.append_attribute("place") = info.place.c_str();
        }
        n.append_attribute("theatre") = enumName(info.theatre).data();
        n.append_attribute("turn-minutes") = info.turnMinutes;
        n.append_attribute("turns") = info.turns;
        n.append_attribute("first-player") = enumName(info.firstPlayer).data();
        if (!info.ruleset.empty()) {
            n.append_attribute("ruleset") = info.ruleset.c_str();
        }
        if (!info.otherRulesets.empty()) {
            std::string names;
            for (const std::string& name : info.otherRulesets) {
                names += (names.empty() ? "" : " ") + name;
            }
            n.append_attribute("also-rulesets") = names.c_str();
        }
        for (Side side : {Side::Union, Side::Confederate}) {
            pugi::xml_node e = n.append_child("side");
            e.append_attribute("id") = enumName(side).data();
            e.append_attribute("name") = info.sideNames[sideIndex(side)].c_str();
        }
        textChild(n, "setup-notes", info.setupNotes);
        textChild(n, "special-rules", info.specialRules);
        for (Side side : {Side::Union, Side::Confederate}) {
            if (const std::string& text = info.objectives[sideIndex(side)]; !text.empty()) {
                pugi::xml_node o = n.append_child("objectives");
                o.append_attribute("side") = enumName(side).data();
                o.text() = text.c_str();
            }
        }
        textChild(n, "victory-conditions", info.victoryConditions);
    }

    void writeMap(pugi::xml_node n) {
        const Map& map = s_.map;
        const Grid& g = map.grid;
        n.append_attribute("grid") = enumName(g.shape()).data();
        n.append_attribute("parity") = enumName(g.parity()).data();
        n.append_attribute("cols") = g.cols();
        n.append_attribute("rows") = g.rows();
        n.append_attribute("label-base") = g.parameters().labelBase;
        if (map.tabletop) {
            // As the designer gave it; the yards per cell follow.
            n.append_attribute("cell-size") = numberText(map.tabletop->size).c_str();
            if (map.tabletop->unit != LengthUnit::Inches) {
                n.append_attribute("cell-unit") = enumName(map.tabletop->unit).data();
            }
            n.append_attribute("scale-inches") = numberText(map.tabletop->inches).c_str();
            n.append_attribute("scale-yards") = numberText(map.tabletop->yards).c_str();
        } else {
            n.append_attribute("yards-per-cell") = numberText(map.yardsPerCell).c_str();
        }
        n.append_attribute("feet-per-contour") = map.feetPerContour;
        pugi::xml_node types = n.append_child("terrain-types");
        for (const TerrainType& t : map.terrainTypes) {
            pugi::xml_node e = types.append_child("terrain");
            e.append_attribute("key") = t.key.c_str();
            e.append_attribute("name") = t.name.c_str();
            e.append_attribute("class") = enumName(t.terrainClass).data();
            e.append_attribute("cover") = enumName(t.cover).data();
            e.append_attribute("blocks-sight") = t.blocksSight ? "true" : "false";
            e.append_attribute("colour") = colourText(t.colour).c_str();
            if (t.symbol != TerrainSymbol::None) {
                e.append_attribute("symbol") = enumName(t.symbol).data();
            }
        }
        if (map.background) {
            const BackgroundImage& b = *map.background;
            pugi::xml_node e = n.append_child("background");
            e.append_attribute("file") = b.file.c_str();
            e.append_attribute("origin-x") = numberText(b.originX).c_str();
            e.append_attribute("origin-y") = numberText(b.originY).c_str();
            e.append_attribute("units-per-pixel") = numberText(b.unitsPerPixel).c_str();
            e.append_attribute("rotation") = numberText(b.rotationDegrees).c_str();
            e.append_attribute("opacity") = numberText(b.opacity).c_str();
            if (b.affine) {
                std::string six;
                for (double v : *b.affine) {
                    six += (six.empty() ? "" : " ") + numberText(v);
                }
                e.append_attribute("affine") = six.c_str();
            }
            for (const ControlPoint& p : b.controlPoints) {
                pugi::xml_node point = e.append_child("point");
                point.append_attribute("px") = numberText(p.px).c_str();
                point.append_attribute("py") = numberText(p.py).c_str();
                point.append_attribute("x") = numberText(p.mx).c_str();
                point.append_attribute("y") = numberText(p.my).c_str();
            }
        }
        if (map.geo) {
            const GeoPlacement& geo = *map.geo;
            pugi::xml_node e = n.append_child("geo");
            e.append_attribute("crs") = geo.crs.c_str();
            e.append_attribute("anchor") = enumName(geo.anchor).data();
            e.append_attribute("x") = numberText(geo.x).c_str();
            e.append_attribute("y") = numberText(geo.y).c_str();
            e.append_attribute("rotation") = numberText(geo.rotationDegrees).c_str();
            for (const GeoControlPoint& p : geo.controlPoints) {
                pugi::xml_node point = e.append_child("point");
                point.append_attribute("cell") = g.label(p.cell).c_str();
                point.append_attribute("x") = numberText(p.x).c_str();
                point.append_attribute("y") = numberText(p.y).c_str();
            }
        }
        pugi::xml_node terrain = n.append_child("terrain");
        terrain.append_attribute("encoding") = "csv";
        terrain.text() = csvLayer(map.terrain, g.cols()).c_str();
        if (std::any_of(map.elevation.begin(), map.elevation.end(), [](std::int16_t v) { return v != 0; })) {
            pugi::xml_node elevation = n.append_child("elevation");
            elevation.append_attribute("encoding") = "csv";
            elevation.text() = csvLayer(map.elevation, g.cols()).c_str();
        }
        if (!map.hexsides.empty()) {
            pugi::xml_node list = n.append_child("hexsides");
            for (const auto& [edge, side] : map.hexsides) {
                // Name the side from a cell on the map: the owner when it is on the map, else its
                // neighbour across the side (border sides).
                Offset cell = edge.cell;
                int dir = edge.dir;
                if (!g.contains(cell)) {
                    cell = g.neighbor(edge.cell, edge.dir);
                    dir = g.opposite(edge.dir);
                }
                pugi::xml_node e = list.append_child("hexside");
                e.append_attribute("cell") = label(cell).c_str();
                e.append_attribute("side") = dir;
                std::string features;
                for (const auto& [f, name] : EnumNames<SideFeature>::names) {
                    if (side.has(f)) {
                        features += (features.empty() ? "" : " ") + std::string(name);
                    }
                }
                if (!features.empty()) {
                    e.append_attribute("features") = features.c_str();
                }
                if (side.crossing != Crossing::None) {
                    e.append_attribute("crossing") = enumName(side.crossing).data();
                }
            }
        }
        if (!map.paths.empty()) {
            pugi::xml_node list = n.append_child("paths");
            for (const auto& [id, path] : map.paths) {
                pugi::xml_node e = list.append_child("path");
                e.append_attribute("id") = id.value;
                e.append_attribute("kind") = enumName(path.kind).data();
                if (!path.name.empty()) {
                    e.append_attribute("name") = path.name.c_str();
                }
                e.append_attribute("cells") = cells(path.cells).c_str();
            }
        }
        if (!map.features.empty()) {
            pugi::xml_node list = n.append_child("features");
            for (const auto& [id, f] : map.features) {
                pugi::xml_node e = list.append_child("feature");
                e.append_attribute("id") = id.value;
                e.append_attribute("kind") = enumName(f.kind).data();
                e.append_attribute("cell") = label(f.cell).c_str();
                if (!f.name.empty()) {
                    e.append_attribute("name") = f.name.c_str();
                }
                if (f.side) {
                    e.append_attribute("side") = enumName(*f.side).data();
                }
                if (f.value != 0) {
                    e.append_attribute("value") = f.value;
                }
            }
        }
    }

    void writeOrderOfBattle(pugi::xml_node root) {
        const OrderOfBattle& oob = s_.oob;
        if (oob.headquarters.empty() && oob.units.empty() && oob.trains.empty()) {
            return;
        }
        pugi::xml_node n = root.append_child("order-of-battle");
        for (const auto& [id, hq] : oob.headquarters) {
            pugi::xml_node e = n.append_child("headquarters");
            e.append_attribute("id") = id.value;
            e.append_attribute("side") = enumName(hq.side).data();
            e.append_attribute("echelon") = enumName(hq.echelon).data();
            if (hq.parent.valid()) {
                e.append_attribute("parent") = hq.parent.value;
            }
            e.append_attribute("name") = hq.name.c_str();
            if (!hq.commander.empty()) {
                e.append_attribute("commander") = hq.commander.c_str();
            }
            if (hq.commanderQuality) {
                e.append_attribute("commander-quality") = enumName(*hq.commanderQuality).data();
            }
            if (hq.supplyCell) {
                e.append_attribute("supply-cell") = label(*hq.supplyCell).c_str();
            }
        }
        for (const auto& [id, u] : oob.units) {
            pugi::xml_node e = n.append_child("unit");
            e.append_attribute("id") = id.value;
            e.append_attribute("parent") = u.parent.value;
            e.append_attribute("name") = u.name.c_str();
            if (u.roster != 0) {
                e.append_attribute("roster") = u.roster;
            }
            e.append_attribute("arm") = enumName(u.arm).data();
            e.append_attribute("stands") = u.stands;
            if (u.strength != 0) {
                e.append_attribute("strength") = u.strength;
            }
            e.append_attribute("quality") = enumName(u.quality).data();
            if (u.weapon != Weapon::None) {
                e.append_attribute("weapon") = enumName(u.weapon).data();
            }
            if (u.gun != Gun::None) {
                e.append_attribute("gun") = enumName(u.gun).data();
            }
            e.append_attribute("formation") = enumName(u.formation).data();
        }
        for (const auto& [id, t] : oob.trains) {
            pugi::xml_node e = n.append_child("train");
            e.append_attribute("id") = id.value;
            e.append_attribute("corps") = t.corps.value;
            if (!t.name.empty()) {
                e.append_attribute("name") = t.name.c_str();
            }
        }
    }

    static void writeStrength(pugi::xml_node e, const StrengthNow& now) {
        if (now.stands) {
            e.append_attribute("stands") = *now.stands;
        }
        if (now.strength) {
            e.append_attribute("strength") = *now.strength;
        }
    }

    void writeDeployment(pugi::xml_node root, const Deployment& d) {
        if (d.placements.empty() && d.reinforcements.empty()) {
            return;
        }
        pugi::xml_node n = root.append_child("deployment");
        for (const auto& [piece, pl] : d.placements) {
            pugi::xml_node e = n.append_child("place");
            e.append_attribute("piece") = pieceRefText(piece).c_str();
            e.append_attribute("cells") = cells(pl.cells).c_str();
            if (pl.facing) {
                e.append_attribute("facing") =
                    (std::string(enumName(pl.facing->kind)) + ":" + std::to_string(pl.facing->index)).c_str();
            }
            writeStrength(e, pl.now);
        }
        for (const auto& [piece, r] : d.reinforcements) {
            pugi::xml_node e = n.append_child("reinforcement");
            e.append_attribute("piece") = pieceRefText(piece).c_str();
            e.append_attribute("turn") = r.turn;
            e.append_attribute("entry") = label(r.entry).c_str();
            writeStrength(e, r.now);
            if (!r.note.empty()) {
                e.text() = r.note.c_str();
            }
        }
    }

    const Scenario& s_;
    pugi::xml_document doc_;
};

} // namespace

std::string writeScenarioToString(const Scenario& scenario) {
    return Writer(scenario).run();
}

std::expected<void, std::string> saveScenario(const Scenario& scenario, const std::filesystem::path& path,
                                              AtomicWriteOptions options) {
    const std::string xml = writeScenarioToString(scenario);
    // Never replace a good file with one that cannot be opened again: read the bytes back first.
    // (It costs about one load; a save of a 1000 x 1000 map stays well under the target.)
    if (auto back = readScenarioFromString(xml, path.string()); !back) {
        return std::unexpected(path.string() + ": not saved, because the scenario would not load again (" +
                               back.error().message +
                               "). The previous file is unchanged; please report this as a bug.");
    }
    return writeFileAtomically(path, xml, options);
}

} // namespace sandtable
