#pragma once
// The fuzz targets: each takes arbitrary bytes, runs them through one reader the way a user's file
// would go, and aborts (a finding) when something that must hold does not: a file that loads must
// validate under every built-in ruleset, save, load again equal, and save to the same bytes; an
// accepted CSV import must leave a scenario that saves and reopens; a VASSAL saved game that decodes
// must hold every piece its stacks name; a Tiled map or a VASSAL module's board that imports must
// save and reopen equal; a land-cover or tile table, a world file or a raster (a terrain model, a
// land cover) that is refused says why in one line.
// Crashes, sanitizer reports and
// hangs are findings too. Shared by the AFL++ driver and the corpus replay in ./dev test.
#include <string_view>
#include <vector>

namespace sandtable::fuzz {

struct Target {
    std::string_view name;
    void (*run)(std::string_view bytes);
};

const std::vector<Target>& targets();
const Target* findTarget(std::string_view name);

void scenarioReader(std::string_view bytes);
void rulesetReader(std::string_view bytes);
void oobCsvImport(std::string_view bytes);
void vassalSavedGame(std::string_view bytes);
void tiledMap(std::string_view bytes);
void landCoverTable(std::string_view bytes);
void worldFile(std::string_view bytes);
void raster(std::string_view bytes);
void vassalModule(std::string_view bytes);

} // namespace sandtable::fuzz
