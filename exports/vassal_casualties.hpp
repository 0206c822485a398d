#pragma once
// The VASSAL module's casualties: a map with a box for each side, where a piece's Eliminate
// (Ctrl+E) sends it and the chat says so. Hovering a box shows how many of the units that count
// toward the army's break point it holds against the number that breaks the army (the
// `army.break-point` rule's fraction of those the side begins with), which the box also prints.
#include "model/play_rules.hpp"
#include "model/scenario.hpp"

#include <array>
#include <expected>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable {

inline constexpr std::string_view casualtyMapName = "Casualties";

// How many of a side's units count toward its break point (taking part, of the break point's
// arms), and how many lost break it; nothing without a break point.
struct SideBreakPoint {
    int counted = 0;
    int breaksAt = 0;
    // The losses the module's trigger waits for: a side with no unit that counts never breaks, so
    // one loss more than it can count.
    int lossesThatBreak() const { return counted > 0 ? breaksAt : 1; }
};
std::optional<SideBreakPoint> sideBreakPoint(const Scenario& s, const PlaySetup& play, Side side);

// Whether a unit's loss counts toward its side's break point.
bool countsTowardBreakPoint(const PlaySetup& play, const Unit& u);

// What a side's box prints: the break point, or each scenario's where a battle's differ.
std::vector<std::string> casualtyBoxLines(const Scenario& s, const PlaySetup& play, Side side);

struct CasualtyBoard {
    std::string png;
    std::array<std::pair<int, int>, 2> centres; // each side's box, by sideIndex
};
std::expected<CasualtyBoard, std::string> casualtyBoard(const Scenario& s, const PlaySetup& play,
                                                        int cellPixels);

} // namespace sandtable
