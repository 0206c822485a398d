#include "exports/json_export.hpp"

#include "formats/json_writer.hpp"
#include "model/battle.hpp"

namespace sandtable {
namespace {

void cell(JsonWriter& j, const Grid& g, Offset c) {
    j.beginObject().field("col", c.col).field("row", c.row).field("label", g.label(c)).endObject();
}

// A unit's stands and strength at the start, where below full.
void reducedStrength(JsonWriter& j, const StrengthNow& now) {
    if (now.stands) {
        j.field("stands", *now.stands);
    }
    if (now.strength) {
        j.field("strength", *now.strength);
    }
}

} // namespace

void writeTurnClock(JsonWriter& j, const ScenarioInfo& info) {
    auto time = [&](const char* name, const std::optional<ClockTime>& t) {
        t ? j.field(name, clockText(*t)) : j.key(name).null();
    };
    time("startTime", info.startTime);
    j.key("nightTurns").beginArray();
    for (int night : info.nightTurns) {
        j.value(night);
    }
    j.endArray();
    time("dawn", info.dawn);
}

namespace {

void scenarioObject(JsonWriter& j, const Grid& g, int number, const ScenarioStartView& start) {
    const ScenarioInfo& info = start.info;
    j.beginObject().field("number", number);
    j.field("title", info.title)
        .field("date", info.date)
        .field("place", info.place)
        .field("theatre", enumName(info.theatre));
    j.field("turns", info.turns).field("turnMinutes", info.turnMinutes);
    writeTurnClock(j, info);
    j.field("firstPlayer", enumName(info.firstPlayer));
    j.field("ruleset", info.ruleset)
        .field("setupNotes", info.setupNotes)
        .field("specialRules", info.specialRules);
    j.key("sides")
        .beginObject()
        .field("union", info.sideNames[0])
        .field("confederate", info.sideNames[1])
        .endObject();
    j.key("objectives")
        .beginObject()
        .field("union", info.objectives[0])
        .field("confederate", info.objectives[1])
        .endObject();
    j.field("victoryConditions", info.victoryConditions);
    j.key("events").beginArray();
    for (const auto& [roll, text] : start.events) {
        j.beginObject().field("roll", roll).field("text", text).endObject();
    }
    j.endArray();
    const Deployment& d = start.deployment;
    if (d.forces) {
        j.key("forces").beginArray();
        for (HeadquartersId hq : *d.forces) {
            j.value(hq.value);
        }
        j.endArray();
    } else {
        j.key("forces").null();
    }
    j.key("placements").beginArray();
    for (const auto& [piece, pl] : d.placements) {
        j.beginObject().field("piece", pieceRefText(piece));
        j.key("cells").beginArray();
        for (Offset c : pl.cells) {
            cell(j, g, c);
        }
        j.endArray();
        if (pl.facing) {
            j.key("facing")
                .beginObject()
                .field("kind", enumName(pl.facing->kind))
                .field("index", static_cast<int>(pl.facing->index))
                .endObject();
        }
        reducedStrength(j, pl.now);
        j.endObject();
    }
    j.endArray();
    j.key("reinforcements").beginArray();
    for (const auto& [piece, r] : d.reinforcements) {
        j.beginObject().field("piece", pieceRefText(piece)).field("turn", r.turn);
        j.key("entry");
        cell(j, g, r.entry);
        j.field("note", r.note);
        reducedStrength(j, r.now);
        j.endObject();
    }
    j.endArray().endObject();
}

} // namespace

std::string exportJson(const Scenario& s, bool forced) {
    const Grid& g = s.map.grid;
    JsonWriter j;
    j.beginObject();
    j.field("format", "sandtable-export").field("formatVersion", 2).field("exportForced", forced);
    j.key("grid").beginObject();
    j.field("shape", enumName(g.shape()))
        .field("parity", enumName(g.parity()))
        .field("cols", g.cols())
        .field("rows", g.rows());
    j.field("labelBase", g.parameters().labelBase)
        .field("yardsPerCell", s.map.yardsPerCell)
        .field("feetPerContour", s.map.feetPerContour);
    if (s.map.baseFeet) {
        j.field("baseFeet", *s.map.baseFeet);
    }
    j.endObject();
    j.key("terrainTypes").beginArray();
    for (const TerrainType& t : s.map.terrainTypes) {
        char colour[8];
        std::snprintf(colour, sizeof colour, "#%02x%02x%02x", t.colour.r, t.colour.g, t.colour.b);
        j.beginObject()
            .field("key", t.key)
            .field("name", t.name)
            .field("class", enumName(t.terrainClass))
            .field("cover", enumName(t.cover));
        j.field("blocksSight", t.blocksSight).field("colour", colour).endObject();
    }
    j.endArray();
    // Dense layers as arrays of rows: terrain as indices into terrainTypes, elevation as levels.
    auto layer = [&](const char* name, auto value) {
        j.key(name).beginArray();
        for (int row = 0; row < g.rows(); ++row) {
            j.beginArray();
            for (int col = 0; col < g.cols(); ++col) {
                j.value(value(g.index({col, row})));
            }
            j.endArray();
        }
        j.endArray();
    };
    layer("terrain", [&](std::size_t i) { return static_cast<int>(s.map.terrain[i]); });
    layer("elevation", [&](std::size_t i) { return static_cast<int>(s.map.elevation[i]); });
    j.key("hexsides").beginArray();
    for (const auto& [edge, side] : s.map.hexsides) {
        auto [a, b] = g.edgeCells(edge);
        j.beginObject();
        j.key("between").beginArray();
        cell(j, g, a);
        cell(j, g, b);
        j.endArray();
        j.key("features").beginArray();
        for (const auto& [f, name] : EnumNames<SideFeature>::names) {
            if (side.has(f)) {
                j.value(name);
            }
        }
        j.endArray();
        j.field("crossing", enumName(side.crossing)).endObject();
    }
    j.endArray();
    j.key("paths").beginArray();
    for (const auto& [id, path] : s.map.paths) {
        j.beginObject().field("id", id.value).field("kind", enumName(path.kind)).field("name", path.name);
        j.key("cells").beginArray();
        for (Offset c : path.cells) {
            cell(j, g, c);
        }
        j.endArray().endObject();
    }
    j.endArray();
    j.key("features").beginArray();
    for (const auto& [id, f] : s.map.features) {
        j.beginObject().field("id", id.value).field("kind", enumName(f.kind)).field("name", f.name);
        j.key("cell");
        cell(j, g, f.cell);
        if (f.side) {
            j.field("side", enumName(*f.side));
        }
        j.field("value", f.value).endObject();
    }
    j.endArray();

    j.key("headquarters").beginArray();
    for (const auto& [id, hq] : s.oob.headquarters) {
        j.beginObject()
            .field("id", id.value)
            .field("side", enumName(hq.side))
            .field("echelon", enumName(hq.echelon));
        if (hq.parent.valid()) {
            j.field("parent", hq.parent.value);
        } else {
            j.key("parent").null();
        }
        j.field("name", hq.name).field("commander", hq.commander);
        if (hq.supplyCell) {
            j.key("supplyCell");
            cell(j, g, *hq.supplyCell);
        }
        j.endObject();
    }
    j.endArray();
    j.key("units").beginArray();
    for (const auto& [id, u] : s.oob.units) {
        j.beginObject()
            .field("id", id.value)
            .field("parent", u.parent.value)
            .field("name", u.name)
            .field("roster", u.roster);
        j.field("arm", enumName(u.arm))
            .field("stands", u.stands)
            .field("strength", u.strength)
            .field("quality", enumName(u.quality));
        j.field("weapon", enumName(u.weapon))
            .field("gun", enumName(u.gun))
            .field("formation", enumName(u.formation))
            .endObject();
    }
    j.endArray();
    j.key("trains").beginArray();
    for (const auto& [id, t] : s.oob.trains) {
        j.beginObject().field("id", id.value).field("corps", t.corps.value).field("name", t.name).endObject();
    }
    j.endArray();
    // Every scenario of the battle, in its order, each with its own information and start.
    j.field("currentScenario", static_cast<int>(s.current) + 1);
    j.key("scenarios").beginArray();
    for (std::size_t i = 0; i < scenarioCount(s); ++i) {
        scenarioObject(j, g, static_cast<int>(i) + 1, startAt(s, i));
    }
    j.endArray();
    j.endObject();
    return j.str();
}

} // namespace sandtable
