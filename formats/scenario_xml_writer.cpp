#include "atomic_file.hpp"
#include "scenario_xml.hpp"
#include "scenario_xml_read_back.hpp"
#include "xml_out.hpp"

#include "model/battle.hpp"
#include "model/thread_beside.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <future>
#include <memory>
#include <optional>
#include <span>

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

class Writer {
  public:
    explicit Writer(const Scenario& s) : s_(s) {}

    std::string run() {
        if (s_.map.grid.cellCount() >= writeApartFromCells) {
            TextInTwo text;
            runInTwo(
                text, [](std::string_view) {}, [](std::string_view) {});
            return text.whole();
        }
        std::string text;
        text.reserve(estimatedBytes());
        XmlOut xml(text);
        openBattle(xml);
        writeMapHead(xml);
        writeMapContents(xml);
        xml.close();
        writePieces(xml);
        xml.close();
        return text;
    }

    // Below this many cells a second thread costs more than it saves.
    static constexpr std::size_t writeApartFromCells = 250'000;

    // A large battle's text in two parts: the map's element, written on a second core, and the
    // rest, the map cut out at mapAt, on this one. mapWritten(map) runs on the second thread as soon
    // as the map is whole, restWritten(rest) on this one as soon as the rest is (a save reads each
    // back then); both are done when this returns.
    struct TextInTwo {
        std::string rest, map;
        std::size_t mapAt = 0;
        std::string_view beforeMap() const { return std::string_view(rest).substr(0, mapAt); }
        std::string_view afterMap() const { return std::string_view(rest).substr(mapAt); }
        std::string whole() const {
            std::string text;
            text.reserve(rest.size() + map.size());
            text.append(beforeMap()).append(map).append(afterMap());
            return text;
        }
    };
    template <typename MapWritten, typename RestWritten>
    void runInTwo(TextInTwo& text, MapWritten&& mapWritten, RestWritten&& restWritten) {
        text.rest.reserve(4096 + piecesBytes());
        XmlOut xml(text.rest);
        openBattle(xml);
        const std::size_t beforeMap = text.rest.size();
        writeMapHead(xml);
        text.mapAt = text.rest.find('<', beforeMap);
        text.map.reserve(text.rest.size() - text.mapAt + mapContentsBytes() + 16);
        text.map.assign(text.rest, text.mapAt);
        text.rest.resize(text.mapAt);
        ThreadBeside apart([&, map = xml.handOver()] {
            XmlOut part(text.map, map);
            writeMapContents(part);
            part.close();
            mapWritten(std::string_view(text.map));
        });
        writePieces(xml);
        xml.close();
        restWritten(std::string_view(text.rest));
        apart.join();
    }

  private:
    static void openBattle(XmlOut& xml) {
        xml.open("battle");
        xml.attribute("format-version", currentFormatVersion);
    }

    void writePieces(XmlOut& xml) {
        writeOrderOfBattle(xml);
        // In the battle's order, whichever is current: the same battle gives the same bytes.
        for (std::size_t i = 0; i < scenarioCount(s_); ++i) {
            writeScenario(xml, startAt(s_, i));
        }
    }

    std::string label(Offset c) const { return s_.map.grid.label(c); }
    // cells="CCRR CCRR ...": labels need no escaping, so they go straight into the file.
    // A path's vector or a placement's PlacedCells.
    template <typename Cells> void cellsAttribute(XmlOut& xml, const Cells& list) const {
        xml.plainAttribute("cells", [&](std::string& out) {
            for (std::size_t i = 0; i < list.size(); ++i) {
                if (i > 0) {
                    out += ' ';
                }
                s_.map.grid.appendLabel(out, list[i]);
            }
        });
    }

    // Room for the dense layers and about a line a piece: one allocation for most battles.
    std::size_t estimatedBytes() const { return 4096 + mapContentsBytes() + piecesBytes(); }
    std::size_t mapContentsBytes() const {
        const Map& m = s_.map;
        return m.terrain.size() * 3 + m.elevation.size() * 3 +
               (m.paths.size() + m.features.size() + m.hexsides.size()) * 128;
    }
    std::size_t piecesBytes() const {
        return (s_.oob.units.size() + s_.oob.headquarters.size() + s_.deployment.placements.size()) * 128;
    }

    static void textChild(XmlOut& xml, std::string_view name, const std::string& text) {
        if (!text.empty()) {
            xml.textElement(name, text);
        }
    }

    void writeScenario(XmlOut& xml, const ScenarioStartView& start) {
        xml.open("scenario");
        writeInfo(xml, start.info);
        if (start.deployment.forces) {
            xml.open("forces");
            for (HeadquartersId hq : *start.deployment.forces) {
                xml.open("force");
                xml.attribute("headquarters", hq.value);
                xml.close();
            }
            xml.close();
        }
        writeDeployment(xml, start.deployment);
        if (!start.events.empty()) {
            xml.open("events");
            for (const auto& [roll, text] : start.events) {
                xml.open("event");
                xml.attribute("roll", roll);
                xml.closeWithText(text);
            }
            xml.close();
        }
        if (!start.exclusions.empty()) {
            xml.open("exclusions");
            for (const Exclusion& ex : start.exclusions) {
                xml.open("exclusion");
                xml.attribute("rule", ex.rule);
                if (!ex.cells.empty()) {
                    cellsAttribute(xml, ex.cells);
                }
                if (!ex.pieces.empty()) {
                    std::string text;
                    for (PieceRef p : ex.pieces) {
                        text += (text.empty() ? "" : " ") + pieceRefText(p);
                    }
                    xml.attribute("pieces", text);
                }
                xml.closeWithText(ex.comment);
            }
            xml.close();
        }
        xml.close();
    }

    void writeInfo(XmlOut& xml, const ScenarioInfo& info) {
        xml.open("info");
        xml.attribute("title", info.title);
        if (!info.date.empty()) {
            xml.attribute("date", info.date);
        }
        if (!info.place.empty()) {
            xml.attribute("place", info.place);
        }
        xml.attribute("theatre", enumName(info.theatre));
        xml.attribute("turn-minutes", info.turnMinutes);
        xml.attribute("turns", info.turns);
        if (info.startTime) {
            xml.attribute("start-time", clockText(*info.startTime));
        }
        if (!info.nightTurns.empty()) {
            xml.attribute("night-turns", turnListText(info.nightTurns));
        }
        if (info.dawn) {
            xml.attribute("dawn", clockText(*info.dawn));
        }
        xml.attribute("first-player", enumName(info.firstPlayer));
        if (!info.ruleset.empty()) {
            xml.attribute("ruleset", info.ruleset);
        }
        if (!info.otherRulesets.empty()) {
            std::string names;
            for (const std::string& name : info.otherRulesets) {
                names += (names.empty() ? "" : " ") + name;
            }
            xml.attribute("also-rulesets", names);
        }
        for (Side side : {Side::Union, Side::Confederate}) {
            xml.open("side");
            xml.attribute("id", enumName(side));
            xml.attribute("name", info.sideNames[sideIndex(side)]);
            xml.close();
        }
        textChild(xml, "setup-notes", info.setupNotes);
        textChild(xml, "special-rules", info.specialRules);
        for (Side side : {Side::Union, Side::Confederate}) {
            if (const std::string& text = info.objectives[sideIndex(side)]; !text.empty()) {
                xml.open("objectives");
                xml.attribute("side", enumName(side));
                xml.closeWithText(text);
            }
        }
        textChild(xml, "victory-conditions", info.victoryConditions);
        xml.close();
    }

    // <map>'s attributes and its small children; the map stays open for its contents.
    void writeMapHead(XmlOut& xml) {
        const Map& map = s_.map;
        const Grid& g = map.grid;
        xml.open("map");
        xml.attribute("grid", enumName(g.shape()));
        xml.attribute("parity", enumName(g.parity()));
        xml.attribute("cols", g.cols());
        xml.attribute("rows", g.rows());
        xml.attribute("label-base", g.parameters().labelBase);
        if (map.tabletop) {
            // As the designer gave it; the yards per cell follow.
            xml.attribute("cell-size", numberText(map.tabletop->size));
            if (map.tabletop->unit != LengthUnit::Inches) {
                xml.attribute("cell-unit", enumName(map.tabletop->unit));
            }
            xml.attribute("scale-inches", numberText(map.tabletop->inches));
            xml.attribute("scale-yards", numberText(map.tabletop->yards));
        } else {
            xml.attribute("yards-per-cell", numberText(map.yardsPerCell));
        }
        xml.attribute("feet-per-contour", map.feetPerContour);
        if (map.baseFeet) {
            xml.attribute("base-feet", *map.baseFeet);
        }
        xml.open("terrain-types");
        for (const TerrainType& t : map.terrainTypes) {
            xml.open("terrain");
            xml.attribute("key", t.key);
            xml.attribute("name", t.name);
            xml.attribute("class", enumName(t.terrainClass));
            xml.attribute("cover", enumName(t.cover));
            xml.attribute("blocks-sight", t.blocksSight ? "true" : "false");
            xml.attribute("colour", colourText(t.colour));
            if (t.symbol != TerrainSymbol::None) {
                xml.attribute("symbol", enumName(t.symbol));
            }
            xml.close();
        }
        xml.close();
        if (map.background) {
            const BackgroundImage& b = *map.background;
            xml.open("background");
            xml.attribute("file", b.file);
            xml.attribute("origin-x", numberText(b.originX));
            xml.attribute("origin-y", numberText(b.originY));
            xml.attribute("units-per-pixel", numberText(b.unitsPerPixel));
            xml.attribute("rotation", numberText(b.rotationDegrees));
            xml.attribute("opacity", numberText(b.opacity));
            if (b.affine) {
                std::string six;
                for (double v : *b.affine) {
                    six += (six.empty() ? "" : " ") + numberText(v);
                }
                xml.attribute("affine", six);
            }
            for (const ControlPoint& p : b.controlPoints) {
                xml.open("point");
                xml.attribute("px", numberText(p.px));
                xml.attribute("py", numberText(p.py));
                xml.attribute("x", numberText(p.mx));
                xml.attribute("y", numberText(p.my));
                xml.close();
            }
            xml.close();
        }
        if (map.geo) {
            const GeoPlacement& geo = *map.geo;
            xml.open("geo");
            xml.attribute("crs", geo.crs);
            xml.attribute("anchor", enumName(geo.anchor));
            xml.attribute("x", numberText(geo.x));
            xml.attribute("y", numberText(geo.y));
            xml.attribute("rotation", numberText(geo.rotationDegrees));
            for (const GeoControlPoint& p : geo.controlPoints) {
                xml.open("point");
                xml.attribute("cell", g.label(p.cell));
                xml.attribute("x", numberText(p.x));
                xml.attribute("y", numberText(p.y));
                xml.close();
            }
            xml.close();
        }
    }

    // The dense layers (one whole number per cell, a row per line, as TMX's CSV), the hexsides,
    // paths and features.
    void writeMapContents(XmlOut& xml) {
        const Map& map = s_.map;
        const Grid& g = map.grid;
        const auto cols = static_cast<std::size_t>(g.cols());
        xml.open("terrain");
        xml.attribute("encoding", "csv");
        xml.closeWithNumberRows(std::span<const TerrainIndex>(map.terrain), cols);
        if (std::any_of(map.elevation.begin(), map.elevation.end(), [](std::int16_t v) { return v != 0; })) {
            xml.open("elevation");
            xml.attribute("encoding", "csv");
            xml.closeWithNumberRows(std::span<const std::int16_t>(map.elevation), cols);
        }
        if (map.surface) {
            // Hundredths of a level: whole numbers, as the other layers, and finer than any
            // contour is drawn.
            const HeightSurface& surface = *map.surface;
            std::vector<std::int32_t> hundredths(surface.levels.size());
            std::ranges::transform(surface.levels, hundredths.begin(), [](float level) {
                return static_cast<std::int32_t>(std::lround(level * 100.0f));
            });
            xml.open("surface");
            xml.attribute("samples-per-cell", surface.samplesPerCell);
            xml.attribute("encoding", "csv");
            xml.closeWithNumberRows(std::span<const std::int32_t>(hundredths),
                                    static_cast<std::size_t>(surface.cols));
        }
        if (!map.hexsides.empty()) {
            xml.open("hexsides");
            for (const auto& [edge, side] : map.hexsides) {
                // Name the side from a cell on the map: the owner when it is on the map, else its
                // neighbour across the side (border sides).
                Offset cell = edge.cell;
                int dir = edge.dir;
                if (!g.contains(cell)) {
                    cell = g.neighbor(edge.cell, edge.dir);
                    dir = g.opposite(edge.dir);
                }
                xml.open("hexside");
                xml.attribute("cell", label(cell));
                xml.attribute("side", dir);
                std::string features;
                for (const auto& [f, name] : EnumNames<SideFeature>::names) {
                    if (side.has(f)) {
                        features += (features.empty() ? "" : " ") + std::string(name);
                    }
                }
                if (!features.empty()) {
                    xml.attribute("features", features);
                }
                if (side.crossing != Crossing::None) {
                    xml.attribute("crossing", enumName(side.crossing));
                }
                xml.close();
            }
            xml.close();
        }
        if (!map.paths.empty()) {
            xml.open("paths");
            for (const auto& [id, path] : map.paths) {
                xml.open("path");
                xml.attribute("id", id.value);
                xml.attribute("kind", enumName(path.kind));
                if (!path.name.empty()) {
                    xml.attribute("name", path.name);
                }
                cellsAttribute(xml, path.cells);
                xml.close();
            }
            xml.close();
        }
        if (!map.features.empty()) {
            xml.open("features");
            for (const auto& [id, f] : map.features) {
                xml.open("feature");
                xml.attribute("id", id.value);
                xml.attribute("kind", enumName(f.kind));
                xml.attribute("cell", label(f.cell));
                if (!f.name.empty()) {
                    xml.attribute("name", f.name);
                }
                if (f.side) {
                    xml.attribute("side", enumName(*f.side));
                }
                if (f.value != 0) {
                    xml.attribute("value", f.value);
                }
                xml.close();
            }
            xml.close();
        }
    }

    void writeOrderOfBattle(XmlOut& xml) {
        const OrderOfBattle& oob = s_.oob;
        if (oob.headquarters.empty() && oob.units.empty() && oob.trains.empty()) {
            return;
        }
        xml.open("order-of-battle");
        for (const auto& [id, hq] : oob.headquarters) {
            xml.open("headquarters");
            xml.attribute("id", id.value);
            xml.attribute("side", enumName(hq.side));
            xml.attribute("echelon", enumName(hq.echelon));
            if (hq.parent.valid()) {
                xml.attribute("parent", hq.parent.value);
            }
            xml.attribute("name", hq.name);
            if (!hq.commander.empty()) {
                xml.attribute("commander", hq.commander);
            }
            if (hq.commanderQuality) {
                xml.attribute("commander-quality", enumName(*hq.commanderQuality));
            }
            if (hq.supplyCell) {
                xml.attribute("supply-cell", label(*hq.supplyCell));
            }
            xml.close();
        }
        for (const auto& [id, u] : oob.units) {
            xml.open("unit");
            xml.attribute("id", id.value);
            xml.attribute("parent", u.parent.value);
            xml.attribute("name", u.name);
            if (u.roster != 0) {
                xml.attribute("roster", u.roster);
            }
            xml.attribute("arm", enumName(u.arm));
            xml.attribute("stands", u.stands);
            if (u.strength != 0) {
                xml.attribute("strength", u.strength);
            }
            xml.attribute("quality", enumName(u.quality));
            if (u.weapon != Weapon::None) {
                xml.attribute("weapon", enumName(u.weapon));
            }
            if (u.gun != Gun::None) {
                xml.attribute("gun", enumName(u.gun));
            }
            xml.attribute("formation", enumName(u.formation));
            xml.close();
        }
        for (const auto& [id, t] : oob.trains) {
            xml.open("train");
            xml.attribute("id", id.value);
            xml.attribute("corps", t.corps.value);
            if (!t.name.empty()) {
                xml.attribute("name", t.name);
            }
            xml.close();
        }
        xml.close();
    }

    static void writeStrength(XmlOut& xml, const StrengthNow& now) {
        if (now.stands) {
            xml.attribute("stands", *now.stands);
        }
        if (now.strength) {
            xml.attribute("strength", *now.strength);
        }
    }

    void writeDeployment(XmlOut& xml, const Deployment& d) {
        if (d.placements.empty() && d.reinforcements.empty()) {
            return;
        }
        xml.open("deployment");
        for (const auto& [piece, pl] : d.placements) {
            xml.open("place");
            xml.attribute("piece", pieceRefText(piece));
            cellsAttribute(xml, pl.cells);
            if (pl.facing) {
                xml.attribute("facing", std::string(enumName(pl.facing->kind)) + ":" +
                                            std::to_string(pl.facing->index));
            }
            writeStrength(xml, pl.now);
            xml.close();
        }
        for (const auto& [piece, r] : d.reinforcements) {
            xml.open("reinforcement");
            xml.attribute("piece", pieceRefText(piece));
            xml.attribute("turn", r.turn);
            xml.attribute("entry", label(r.entry));
            writeStrength(xml, r.now);
            if (!r.note.empty()) {
                xml.closeWithText(r.note);
            } else {
                xml.close();
            }
        }
        xml.close();
    }

    const Scenario& s_;
};

} // namespace

std::string writeScenarioToString(const Scenario& scenario) {
    return Writer(scenario).run();
}

namespace {

std::string notSavedBecause(const std::filesystem::path& path, const std::string& failure) {
    return path.string() + ": not saved, because the scenario would not load again (" + failure +
           "). The previous file is unchanged; please report this as a bug.";
}

// A large battle: the temporary file made while the text is written (making it looks through the
// folder for what killed saves left, and on a full folder that takes milliseconds); each half of
// the text read back as soon as it is written (the map on the second core, the order of battle
// and the scenarios on this one), then the file written and flushed beside the rest of the
// read-back. Only a text found not to load is read again whole, for the message a load of the
// file would give.
std::expected<void, std::string> saveInTwo(const Scenario& scenario, const std::filesystem::path& path,
                                           AtomicWriteOptions options) {
    std::expected<void, std::string> written;
    std::optional<AtomicFile> file;
    ThreadBeside creating([&] {
        auto created = AtomicFile::create(path, options);
        if (!created) {
            written = std::unexpected(created.error());
            return;
        }
        file.emplace(std::move(*created));
    });
    auto readBack = std::make_unique<ReadBackInTwo>(path.string());
    Writer::TextInTwo text;
    Writer(scenario).runInTwo(
        text, [&](std::string_view map) { readBack->mapWritten(map); },
        [&](std::string_view rest) { readBack->restWritten(rest); });
    creating.join();
    ThreadBeside writing([&] {
        if (!file) {
            return; // `written` says why
        }
        for (const std::string_view part : {text.beforeMap(), std::string_view(text.map), text.afterMap()}) {
            if (written = file->write(part); !written) {
                return;
            }
        }
        written = file->flush(); // the disk's wait beside the read-back, not after it
    });
    const bool loads = readBack->loads(text.mapAt);
    // The battle read back is freed beside the rest of the save.
    ThreadBeside freeing([reading = std::move(readBack)]() mutable { reading.reset(); });
    writing.join();
    if (!loads) {
        if (auto back = readScenarioFromString(text.whole(), path.string()); !back) {
            return std::unexpected(notSavedBecause(path, back.error().message));
        }
    }
    if (!written) {
        return written; // the temporary file, if any, goes with `file`
    }
    return file->commit();
}

} // namespace

std::expected<void, std::string> saveScenario(const Scenario& scenario, const std::filesystem::path& path,
                                              AtomicWriteOptions options) {
    if (scenario.map.grid.cellCount() >= Writer::writeApartFromCells) {
        return saveInTwo(scenario, path, options);
    }
    const std::string xml = writeScenarioToString(scenario);
    // Never replace a good file with one that cannot be opened again: the bytes are read back, on a
    // second thread while this one writes them to the temporary file and flushes it to disk, and
    // the file is put in place only when both are done and the read-back loaded. The read-back's
    // verdict comes before its battle is freed, so the freeing goes on beside the commit.
    std::promise<std::optional<std::string>> verdict; // why the bytes would not load, or nothing
    std::future<std::optional<std::string>> loaded = verdict.get_future();
    ThreadBeside readBack([&xml, &path, &verdict] {
        try {
            auto back = readScenarioFromString(xml, path.string());
            verdict.set_value(back ? std::nullopt : std::optional<std::string>(back.error().message));
        } catch (...) {
            verdict.set_exception(std::current_exception());
        }
    });
    auto file = AtomicFile::create(path, options);
    std::expected<void, std::string> written =
        file ? file->write(xml) : std::expected<void, std::string>(std::unexpected(file.error()));
    if (written) {
        written = file->flush(); // the disk's wait beside the read-back, not after it
    }
    if (std::optional<std::string> failure = loaded.get()) {
        return std::unexpected(notSavedBecause(path, *failure));
    }
    if (!written) {
        return written; // the temporary file, if any, goes with `file`
    }
    return file->commit();
}

} // namespace sandtable
