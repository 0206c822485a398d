#include "fuzz_targets.hpp"

#include "editor/ruleset_loading.hpp"
#include "formats/atomic_file.hpp"
#include "formats/oob_csv.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/tiled/tiled_import.hpp"
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

const std::vector<Target>& targets() {
    static const std::vector<Target> all{{"scenario", scenarioReader},
                                         {"ruleset", rulesetReader},
                                         {"oob-csv", oobCsvImport},
                                         {"vassal-saved-game", vassalSavedGame},
                                         {"tiled-map", tiledMap}};
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
