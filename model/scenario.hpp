#pragma once
// Scenario is everything a designer saves: a battle, that is one map, one order of battle of every
// force that took part, and one or more scenarios over them, each with its own start (information,
// deployment, events table, exclusions). The battle is held seen through its current scenario:
// validators, renderers and exports read the current start from the fields, and model/battle.hpp
// switches, adds and removes scenarios.
#include "deployment.hpp"
#include "map.hpp"
#include "order_of_battle.hpp"
#include "turn_clock.hpp"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

enum class Theatre : std::uint8_t { Eastern, Western, TransMississippi };
template <> struct EnumNames<Theatre> {
    static constexpr std::array<NameOf<Theatre>, 3> names{{{Theatre::Eastern, "eastern"},
                                                           {Theatre::Western, "western"},
                                                           {Theatre::TransMississippi, "trans-mississippi"}}};
};

struct ScenarioInfo {
    std::string title = "Untitled"; // never empty: the file requires a title
    std::string date;               // ISO 8601, the first day of the battle
    std::string place;
    Theatre theatre = Theatre::Eastern;
    int turnMinutes = 20;
    int turns = 12;
    // When the turns fall (model/turn_clock.hpp): the first turn's time of day, the night turns
    // (rising), and the time of the first turn after a night (none: the first turn's).
    std::optional<ClockTime> startTime;
    std::vector<int> nightTurns;
    std::optional<ClockTime> dawn;
    Side firstPlayer = Side::Union;
    std::string ruleset = "hexed-general";
    // Other rulesets the scenario is also meant to be played with (built-in names or house-rules
    // paths); `sandtable validate --all` checks it under each.
    std::vector<std::string> otherRulesets;
    std::array<std::string, 2> sideNames{"Union", "Confederate"};
    std::string setupNotes;
    std::string specialRules;
    std::array<std::string, 2> objectives; // per side, by sideIndex
    std::string victoryConditions;
    auto operator<=>(const ScenarioInfo&) const = default;

    // Its own ruleset first, then the others it declares.
    std::vector<std::string> declaredRulesets() const {
        std::vector<std::string> names{ruleset};
        names.insert(names.end(), otherRulesets.begin(), otherRulesets.end());
        return names;
    }
};

// A violation the designer has looked at and accepted, with the reason; reported as excluded.
struct Exclusion {
    std::string rule;
    std::vector<Offset> cells;
    std::vector<PieceRef> pieces;
    std::string comment;
    auto operator<=>(const Exclusion&) const = default;
};

// "unit:12", "commander:3", "train:1", as the file and drag-and-drop write a piece.
std::optional<PieceRef> parsePieceRef(std::string_view text);
std::string pieceRefText(PieceRef piece);
// The side a piece fights for: its unit's, headquarters' or train's corps'; nothing when the order
// of battle does not hold it.
std::optional<Side> sideOf(const OrderOfBattle& oob, PieceRef piece);

// What one scenario of a battle has of its own.
struct ScenarioStart {
    ScenarioInfo info;
    Deployment deployment;
    std::map<int, std::string> events; // 2D6 events table: roll (2..12) -> what happens
    std::vector<Exclusion> exclusions;
    bool operator==(const ScenarioStart&) const = default;
};

struct Scenario {
    // The current scenario's start.
    ScenarioInfo info;
    // The battle's.
    Map map;
    OrderOfBattle oob;
    // The current scenario's start.
    Deployment deployment;
    std::map<int, std::string> events; // 2D6 events table: roll (2..12) -> what happens
    std::vector<Exclusion> exclusions;
    // The battle's other scenarios, in the battle's order without the current one, which stands at
    // `current` among them all. Each start lives in one place only, so an edit never has two copies
    // to keep equal.
    std::vector<ScenarioStart> otherStarts;
    std::size_t current = 0;

    bool operator==(const Scenario&) const = default;

    // The order of battle has this unit, headquarters (for a commander) or train.
    bool hasPiece(PieceRef piece) const;
};

} // namespace sandtable
