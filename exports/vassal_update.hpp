#pragma once
// Re-exporting a module a designer has customised in VASSAL's editor (`--update OLD.vmod`): what
// Sandtable made is made again (the maps' boards, grids and at-start stacks, the set-ups, the
// pieces, the counter tray, its charts, the traits of its prototypes) and everything else of the
// old module is kept: the designer's charts, buttons, maps, prototypes and files, their changes to
// Sandtable's other components, and the traits they added to Sandtable's prototypes. Sandtable's
// module says it made it (the module's ModuleOther1, "Sandtable"); Sandtable's traits say so in
// their descriptions ("Sandtable: ..."), which VASSAL keeps when it saves.
#include <pugixml.hpp>

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

inline constexpr std::string_view sandtableModuleMark = "Sandtable";
inline constexpr std::string_view sandtableTraitMark = "Sandtable: ";
// The chart windows Sandtable makes, by name, and the pages it writes for them: made again at every
// export, whatever the designer did to them (the scenarios' pages are "scenario...html").
inline constexpr std::string_view scenarioChart = "Scenario";   // a one-scenario module's
inline constexpr std::string_view scenariosChart = "Scenarios"; // a battle's, a tab a scenario
inline constexpr std::string_view rulesetTablesChart = "Ruleset tables";
inline constexpr std::string_view playHelpChart = "Playing the pieces";
inline constexpr std::string_view rulesetTablesPage = "ruleset-tables.html";
inline constexpr std::string_view playHelpPage = "play-help.html";

struct VassalArchiveFile {
    std::string name;
    std::string bytes;
};

// Merges the old module into the one just made (`made`, its build file; `files`, its other
// entries). Says what of the designer's was kept and what could not be; fails, leaving both as they
// were, when the old module cannot be read, is not a module, or was not made by Sandtable.
std::expected<std::vector<std::string>, std::string> mergeVassalUpdate(const std::filesystem::path& old,
                                                                       pugi::xml_document& made,
                                                                       std::vector<VassalArchiveFile>& files);

} // namespace sandtable
