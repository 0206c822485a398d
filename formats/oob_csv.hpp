#pragma once
// Orders of battle from CSV, the shape research spreadsheets usually have: one row per unit with
// its side, army, corps, division and brigade, and rows without a unit naming a commander.
// Documented in docs/oob-csv.md.
#include "load_error.hpp"
#include "model/commands/command.hpp"
#include "model/order_of_battle.hpp"

#include <expected>
#include <string_view>
#include <vector>

namespace sandtable {

struct OobImport {
    std::vector<std::pair<HeadquartersId, Headquarters>> headquarters; // new ones, parents first
    std::vector<std::pair<HeadquartersId, std::string>> commanders;    // commander names for existing ones
    std::vector<std::pair<UnitId, Unit>> units;
    std::vector<std::pair<TrainId, Train>> trains;
};

// What the scenario's ruleset says about an order of battle that the import must respect.
struct CsvImportRules {
    bool oneArmyPerSide = false; // The Hexed General: a second army on a side is refused
};

// Reads the CSV against the existing order of battle: headquarters are matched by side and the
// names of their echelons, so importing twice adds units, not armies. New ids follow the existing.
// Errors name the line and the column (in characters) of the field at fault.
[[nodiscard]] std::expected<OobImport, LoadError> readOrderOfBattleCsv(std::string_view csv,
                                                                       std::string_view name,
                                                                       const OrderOfBattle& existing,
                                                                       CsvImportRules rules = {});

// The import as one undoable edit of the scenario it was read against.
[[nodiscard]] CommandPtr importCommand(const Scenario& s, const OobImport& imported);

} // namespace sandtable
