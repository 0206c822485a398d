#pragma once
// A ruleset as a designer writes it: which rules apply, their parameters and severities. Pure data
// (read from XML by formats/, checked and run by validators/), so house rules are a file to copy
// and edit, never code.
#include "enum_names.hpp"
#include "play_rules.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

enum class Severity : std::uint8_t { Info, Warning, Error };
template <> struct EnumNames<Severity> {
    static constexpr std::array<NameOf<Severity>, 3> names{
        {{Severity::Info, "info"}, {Severity::Warning, "warning"}, {Severity::Error, "error"}}};
};

struct RuleSetting {
    std::string key;
    bool enabled = true;
    std::optional<Severity> severity;          // none: the rule's default
    std::map<std::string, std::string> params; // name -> value as written
    std::string file;                          // where this setting was written, for messages
    int line = 0;
};

// The map scale the rules are written for, offered when a new map is made: yards per cell for hex
// and area rules ("One hex = roughly 400 yards"), or for rules measured in inches their ratio
// ("15\" = 500 yards") and a usual tabletop cell size.
struct UsualScale {
    double yardsPerCell = 0; // 0: measured in inches
    double inches = 0;       // the rules' ratio: `inches` on the table are `yards` on the ground
    double yards = 0;
    double cellInches = 0; // a usual tabletop cell for such rules
    std::string source;    // where the rules say so
    bool operator==(const UsualScale&) const = default;
};

struct Ruleset {
    std::string name;
    std::string title;
    std::string description;
    std::optional<UsualScale> scale; // none: the rules state no scale
    PlayRules play;                  // what play tracks; empty when the file says nothing of play
    std::vector<RuleSetting> rules;  // after `extends` is applied: parent's rules, then overrides
    std::vector<std::string> chain;  // the files or built-in names it was assembled from
};

} // namespace sandtable
