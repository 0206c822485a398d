#pragma once
// Ruleset files: the four built-in rulesets (validators/rulesets/*.xml, compiled into the program)
// and designers' house-rules files, which may extend a built-in one or another file.
#include "load_error.hpp"
#include "model/ruleset.hpp"
#include "ruleset_play_xml.hpp"

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// The names of the built-in rulesets, in a stable order.
std::vector<std::string> builtinRulesetNames();

// One ruleset file's own content, without following `extends` (its name is in `extendsName`).
struct RulesetFile {
    Ruleset ruleset; // its play is left empty: `play` holds the file's own <play>
    std::string extendsName;
    int extendsLine = 0; // the line of <ruleset>, which holds `extends`
    PlaySection play;
    bool hasPlay = false;
};
[[nodiscard]] std::expected<RulesetFile, LoadError> parseRuleset(std::string_view xml, std::string_view name);

// A built-in name ("acw-area") or a path to a file (relative paths are taken from baseDir),
// with its `extends` chain applied: a rule setting in the child replaces the parent's setting for
// that key, its params merging over the parent's.
[[nodiscard]] std::expected<Ruleset, LoadError> loadRuleset(std::string_view nameOrPath,
                                                            const std::filesystem::path& baseDir = ".");

} // namespace sandtable
