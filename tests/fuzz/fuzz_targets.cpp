#include "fuzz_targets.hpp"

#include "editor/ruleset_loading.hpp"
#include "formats/atomic_file.hpp"
#include "formats/land_cover.hpp"
#include "formats/oob_csv.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/terrain_model.hpp"
#include "formats/tiled/tiled_import.hpp"
#include "formats/vassal/board_import.hpp"
#include "formats/vassal/saved_game.hpp"
#include "model/commands/undo_stack.hpp"
#include "validators/validator.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <unistd.h>

namespace sandtable::fuzz {
namespace {

[[noreturn]] void finding(const std::string& what) {
    std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
    std::abort();
}

const std::map<std::string, ResolvedRuleset>& builtinRulesets() {
    static const auto rulesets = [] {
        std::map<std::string, ResolvedRuleset> out;
        for (const std::string& name : builtinRulesetNames()) {
            auto loaded = loadCheckedRuleset(name, ".");
            if (!loaded) {
                finding("built-in ruleset " + name + " does not load: " + loaded.error());
            }
            out.emplace(name, std::move(loaded->resolved));
        }
        return out;
    }();
    return rulesets;
}

// Validation is linear or n log n in the map and the pieces; a fuzzed 10,000 x 2,500 map is still
// a valid input but would only measure the machine, so very large ones skip it.
constexpr std::size_t validatedCells = 250'000;

void saveReloadCompare(const Scenario& s, std::string_view context) {
    const std::string saved = writeScenarioToString(s);
    auto back = readScenarioFromString(saved, "saved");
    if (!back) {
        finding(std::string(context) +
                ": a scenario that loaded does not load after saving: " + back.error().toString());
    }
    if (!(*back == s)) {
        finding(std::string(context) + ": a scenario changed on saving and reloading");
    }
    if (writeScenarioToString(*back) != saved) {
        finding(std::string(context) + ": saving twice gives different bytes");
    }
}

// A temporary folder of this process for the targets that need files; removed when the process
// ends (AFL++ forks a process per input, so it must not outlive it).
struct WorkFolder {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("sandtable-fuzz-" + std::to_string(::getpid()));
    WorkFolder() { std::filesystem::create_directories(path); }
    ~WorkFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
};

const std::filesystem::path& workFolder() {
    static const WorkFolder folder;
    return folder.path;
}

const Scenario& baseScenario() {
    static const Scenario s = [] {
        auto loaded = readScenarioFromString(R"(<?xml version="1.0"?>
<scenario format-version="1">
  <info title="Fuzz base" date="1862-09-17" ruleset="hexed-general"/>
  <map grid="hex-flat" cols="6" rows="5" yards-per-cell="400">
    <terrain-types><terrain key="clear" class="open" colour="#e8e0c0"/></terrain-types>
    <terrain encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0</terrain>
  </map>
  <order-of-battle>
    <headquarters id="1" side="union" echelon="army" name="Army of the Potomac" commander="McClellan"/>
    <headquarters id="2" side="union" echelon="corps" parent="1" name="I Corps"/>
    <unit id="1" parent="2" name="2nd Wisconsin" arm="infantry" stands="2"/>
  </order-of-battle>
</scenario>)",
                                             "base");
        if (!loaded) {
            finding("the CSV target's base scenario does not load: " + loaded.error().toString());
        }
        return std::move(*loaded);
    }();
    return s;
}

} // namespace

void scenarioReader(std::string_view bytes) {
    auto loaded = readScenarioFromString(bytes, "fuzz.xml");
    if (!loaded) {
        const LoadError& e = loaded.error();
        if (e.message.empty() || e.message.find('\n') != std::string::npos) {
            finding("an error message is empty or spans lines: " + e.toString());
        }
        return;
    }
    const Scenario& s = *loaded;
    if (s.map.grid.cellCount() <= validatedCells) {
        for (const auto& [name, rules] : builtinRulesets()) {
            Validator validator(s, rules);
            (void)validator.report();
        }
    }
    saveReloadCompare(s, "scenario");
}

void rulesetReader(std::string_view bytes) {
    const auto file = workFolder() / "house-rules.xml";
    if (!writeFileAtomically(file, bytes, AtomicWriteOptions{false})) {
        finding("cannot write the house-rules file for the ruleset target");
    }
    auto loaded = loadCheckedRuleset(file.string(), workFolder());
    if (!loaded) {
        if (loaded.error().empty() || loaded.error().find('\n') != std::string::npos) {
            finding("an error message is empty or spans lines: " + loaded.error());
        }
        return;
    }
    // Whatever parameters a house rule sets, validating the base scenario must work.
    Validator validator(baseScenario(), std::move(loaded->resolved));
    (void)validator.report();
}

void oobCsvImport(std::string_view bytes) {
    Scenario s = baseScenario();
    // Half the inputs under The Hexed General's one army per side.
    auto imported = readOrderOfBattleCsv(bytes, "fuzz.csv", s.oob,
                                         CsvImportRules{.oneArmyPerSide = bytes.size() % 2 == 0});
    if (!imported) {
        if (imported.error().message.empty() || imported.error().message.find('\n') != std::string::npos) {
            finding("an error message is empty or spans lines: " + imported.error().toString());
        }
        return;
    }
    UndoStack stack(s);
    stack.push(importCommand(s, *imported));
    saveReloadCompare(s, "CSV import");
    stack.undo();
    if (!(s == baseScenario())) {
        finding("undoing a CSV import does not restore the scenario");
    }
}

void vassalSavedGame(std::string_view bytes) {
    // The text of a save's savedGame entry, obfuscated or plain, as a module's set-up holds it.
    auto text = deobfuscateVassal(bytes);
    auto game = text ? decodeVassalSavedGame(*text) : std::unexpected(text.error());
    if (!game) {
        if (game.error().empty() || game.error().find('\n') != std::string::npos) {
            finding("an error message is empty or spans lines: " + game.error());
        }
        return;
    }
    std::set<std::string> pieces;
    for (const VassalSavedPiece& p : game->pieces) {
        if (p.piece.traits.empty()) {
            finding("a decoded piece has no basic piece: " + p.id);
        }
        pieces.insert(p.id);
    }
    for (const VassalSavedStack& stack : game->stacks) {
        for (const std::string& id : stack.pieceIds) {
            if (!pieces.contains(id)) {
                finding("a stack names a piece the save does not add: " + id);
            }
        }
    }
}

void tiledMap(std::string_view bytes) {
    // A TMX or JSON map as `sandtable import` reads it (no external tileset resolves: a name is
    // looked up beside a file that is not there).
    auto map = readTiledMapText(bytes, "/nonexistent/fuzz.tmx");
    if (!map) {
        const std::string message = map.error().toString();
        if (map.error().message.empty() || message.find('\n') != std::string::npos) {
            finding("an error message is empty or spans lines: " + message);
        }
        return;
    }
    const std::size_t cells = static_cast<std::size_t>(map->width) * static_cast<std::size_t>(map->height);
    for (const TiledTileLayer& layer : map->tileLayers) {
        if (layer.gids.size() != cells) {
            finding("a tile layer does not cover the map's rectangle: " + layer.name);
        }
    }
    auto imported = importTiledMap(*map);
    if (!imported) {
        if (imported.error().empty() || imported.error().find('\n') != std::string::npos) {
            finding("an import error is empty or spans lines: " + imported.error());
        }
        return;
    }
    saveReloadCompare(imported->battle, "Tiled import");
}

namespace {

// A refusal is one line that says something.
void oneLine(const std::string& message, std::string_view what) {
    if (message.empty() || message.find('\n') != std::string::npos) {
        finding(std::string(what) + ": an error message is empty or spans lines: " + message);
    }
}

// The bytes as a file of the work folder, for the readers that take a file (GDAL, libzip).
std::filesystem::path asFile(std::string_view bytes, const std::string& name) {
    const std::filesystem::path file = workFolder() / name;
    std::FILE* out = std::fopen(file.string().c_str(), "wb");
    if (out == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size()) {
        finding("cannot write " + file.string());
    }
    std::fclose(out);
    return file;
}

// The base scenario's map, placed where the seed rasters and world files lie (UTM zone 18N).
const Map& placedMap() {
    static const Map map = [] {
        Map m = baseScenario().map;
        m.yardsPerCell = 100;
        m.geo = GeoPlacement{"EPSG:32618", GeoAnchor::Centre, 300'200, 4'399'800, 0};
        return m;
    }();
    return map;
}

} // namespace

void landCoverTable(std::string_view bytes) {
    // A land-cover table and a Tiled tile table: the same text read both ways.
    if (auto table = parseLandCoverTable(bytes, "fuzz.txt")) {
        for (const LandCoverRule& rule : table->rules) {
            if (rule.line < 1 || table->find(rule.value) != &rule) {
                finding("a land-cover rule without its line, or a class given twice");
            }
        }
    } else {
        oneLine(table.error(), "land-cover table");
    }
    if (auto tiles = parseTileTerrainTable(bytes, "fuzz.txt"); !tiles) {
        oneLine(tiles.error(), "tile table");
    }
}

void worldFile(std::string_view bytes) {
    // A small PNG with the bytes as its world file, placed on the placed map through GDAL.
    static const std::filesystem::path png = [] {
        static constexpr unsigned char pixels[] = {
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
            0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00,
            0x00, 0x3a, 0x7e, 0x9b, 0x55, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78,
            0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01, 0x48, 0xaf, 0xa4, 0x71, 0x00,
            0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
        return asFile(std::string_view(reinterpret_cast<const char*>(pixels), sizeof pixels), "scan.png");
    }();
    asFile(bytes, "scan.pgw");
    if (auto fit = georeferencedPlacement(placedMap(), png); !fit) {
        oneLine(fit.error(), "world file");
    }
}

void raster(std::string_view bytes) {
    // Any raster GDAL reads (a GeoTIFF, an ASCII grid...) as a terrain model and as land cover.
    const std::filesystem::path file = asFile(bytes, "raster");
    if (auto levels =
            importElevation(placedMap(), file, {20, {}, ElevationSampling::Mean, HeightUnit::Metre});
        !levels) {
        oneLine(levels.error(), "terrain model");
    } else if (levels->levels.size() != placedMap().terrain.size()) {
        finding("a terrain model's import does not give every cell a level");
    }
    static const LandCoverTable nlcd = *sandtable::landCoverTable("nlcd");
    if (auto cover = importLandCover(placedMap(), file, nlcd); !cover) {
        oneLine(cover.error(), "land cover");
    }
}

void vassalModule(std::string_view bytes) {
    // A .vmod (a zip archive) as `sandtable import` takes it: its board becomes a battle.
    const std::filesystem::path vmod = asFile(bytes, "module.vmod");
    VassalImportOptions options;
    options.pictureName = "fuzz-board.png";
    auto imported = importVassalModule(vmod, options);
    if (!imported) {
        oneLine(imported.error(), "VASSAL module");
        return;
    }
    saveReloadCompare(imported->battle, "VASSAL module import");
}

const std::vector<Target>& targets() {
    static const std::vector<Target> all{
        {"scenario", scenarioReader},   {"ruleset", rulesetReader},
        {"oob-csv", oobCsvImport},      {"vassal-saved-game", vassalSavedGame},
        {"tiled-map", tiledMap},        {"land-cover-table", landCoverTable},
        {"world-file", worldFile},      {"raster", raster},
        {"vassal-module", vassalModule}};
    return all;
}

const Target* findTarget(std::string_view name) {
    for (const Target& t : targets()) {
        if (t.name == name) {
            return &t;
        }
    }
    return nullptr;
}

} // namespace sandtable::fuzz
