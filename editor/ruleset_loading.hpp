#pragma once
// A ruleset by built-in name or house-rules path, read and checked against the rules, for the
// editor and the command line alike. The error is one printable message (file, line, what).
#include "model/ruleset.hpp"
#include "validators/registry.hpp"

#include <expected>
#include <filesystem>
#include <string>

namespace sandtable {

struct LoadedRuleset {
    Ruleset ruleset;          // as written, with its `extends` chain applied
    ResolvedRuleset resolved; // checked against the rules, ready to run
};

[[nodiscard]] std::expected<LoadedRuleset, std::string> loadCheckedRuleset(const std::string& nameOrPath,
                                                                           const std::filesystem::path& base);

} // namespace sandtable
