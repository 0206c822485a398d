#include "battle.hpp"

#include "limits.hpp"

#include <algorithm>
#include <charconv>

namespace sandtable {
namespace {

void moveCurrentIn(Scenario& s, ScenarioStart&& start) {
    s.info = std::move(start.info);
    s.deployment = std::move(start.deployment);
    s.events = std::move(start.events);
    s.exclusions = std::move(start.exclusions);
}

// The place of scenario `index` in otherStarts (index != current).
std::size_t otherSlot(const Scenario& s, std::size_t index) {
    return index < s.current ? index : index - 1;
}

} // namespace

std::size_t scenarioCount(const Scenario& s) {
    return s.otherStarts.size() + 1;
}

ScenarioStartView startAt(const Scenario& s, std::size_t index) {
    if (index == s.current) {
        return {s.info, s.deployment, s.events, s.exclusions};
    }
    const ScenarioStart& other = s.otherStarts.at(otherSlot(s, index));
    return {other.info, other.deployment, other.events, other.exclusions};
}

const ScenarioInfo& scenarioInfo(const Scenario& s, std::size_t index) {
    return startAt(s, index).info;
}

ScenarioStart scenarioStart(const Scenario& s, std::size_t index) {
    const ScenarioStartView v = startAt(s, index);
    return ScenarioStart{v.info, v.deployment, v.events, v.exclusions};
}

ScenarioStart takeCurrentStart(Scenario& s) {
    ScenarioStart start{std::move(s.info), std::move(s.deployment), std::move(s.events),
                        std::move(s.exclusions)};
    s.info = {};
    s.deployment = {};
    s.events.clear();
    s.exclusions.clear();
    return start;
}

std::vector<ScenarioStart> takeStarts(Scenario& s) {
    std::vector<ScenarioStart> starts = std::move(s.otherStarts);
    s.otherStarts.clear();
    starts.insert(starts.begin() + static_cast<std::ptrdiff_t>(std::min(s.current, starts.size())),
                  takeCurrentStart(s));
    s.current = 0;
    return starts;
}

void putStarts(Scenario& s, std::vector<ScenarioStart> starts, std::size_t current) {
    if (starts.empty()) {
        starts.emplace_back();
    }
    current = std::min(current, starts.size() - 1);
    moveCurrentIn(s, std::move(starts[current]));
    starts.erase(starts.begin() + static_cast<std::ptrdiff_t>(current));
    s.otherStarts = std::move(starts);
    s.current = current;
}

void makeCurrent(Scenario& s, std::size_t index) {
    if (index == s.current || index >= scenarioCount(s)) {
        return;
    }
    putStarts(s, takeStarts(s), index);
}

std::expected<std::size_t, std::string> findScenario(const Scenario& s, std::string_view titleOrNumber) {
    const std::size_t count = scenarioCount(s);
    for (std::size_t i = 0; i < count; ++i) {
        if (scenarioInfo(s, i).title == titleOrNumber) {
            return i;
        }
    }
    std::size_t number = 0;
    const char* end = titleOrNumber.data() + titleOrNumber.size();
    if (auto [ptr, ec] = std::from_chars(titleOrNumber.data(), end, number);
        ec == std::errc{} && ptr == end && number >= 1 && number <= count) {
        return number - 1;
    }
    std::string list;
    for (std::size_t i = 0; i < count; ++i) {
        list += (i == 0 ? "" : ", ") + std::to_string(i + 1) + " " + limits::quoted(scenarioInfo(s, i).title);
    }
    return std::unexpected("the battle has no scenario " + limits::quoted(titleOrNumber) + "; it has " +
                           (count == 1 ? "one: " : std::to_string(count) + ": ") + list);
}

std::string freeScenarioTitle(const Scenario& s, const std::string& base) {
    auto taken = [&](const std::string& title) {
        for (std::size_t i = 0; i < scenarioCount(s); ++i) {
            if (scenarioInfo(s, i).title == title) {
                return true;
            }
        }
        return false;
    };
    if (!taken(base)) {
        return base;
    }
    for (int n = 2;; ++n) {
        std::string title = base + " (" + std::to_string(n) + ")";
        if (!taken(title)) {
            return title;
        }
    }
}

std::optional<std::string> scenarioTitleProblem(const Scenario& s, std::size_t index,
                                                const std::string& title) {
    // A scenario still to be added (index past the last) is checked like the current one.
    ScenarioInfo info = index < scenarioCount(s) ? scenarioInfo(s, index) : s.info;
    info.title = title;
    if (auto problem = limits::checkInfo(info)) {
        return problem;
    }
    for (std::size_t i = 0; i < scenarioCount(s); ++i) {
        if (i != index && scenarioInfo(s, i).title == title) {
            return "scenario " + std::to_string(i + 1) + " is titled " + limits::quoted(title) +
                   " already; each scenario of a battle needs its own title";
        }
    }
    return std::nullopt;
}

std::string battleTitle(const Scenario& s) {
    const std::string& first = scenarioInfo(s, 0).title;
    const auto colon = first.find(':');
    if (scenarioCount(s) > 1 && colon != std::string::npos && colon > 0) {
        const std::string prefix = first.substr(0, colon + 1);
        bool shared = true;
        for (std::size_t i = 1; i < scenarioCount(s); ++i) {
            shared = shared && scenarioInfo(s, i).title.starts_with(prefix);
        }
        if (shared) {
            return first.substr(0, colon);
        }
    }
    return first;
}

std::string scenarioName(const Scenario& s, std::size_t index) {
    return "scenario " + std::to_string(index + 1) + ", " + limits::quoted(scenarioInfo(s, index).title);
}

bool takesPart(const Scenario& s, PieceRef piece) {
    return takesPart(s.oob, s.deployment.forces, piece);
}

bool takesPart(const OrderOfBattle& oob, const std::optional<std::set<HeadquartersId>>& forces,
               PieceRef piece) {
    if (!forces) {
        return true;
    }
    HeadquartersId hq;
    switch (piece.kind) {
    case PieceKind::Unit:
        if (auto it = oob.units.find(UnitId{piece.id}); it != oob.units.end()) {
            hq = it->second.parent;
        }
        break;
    case PieceKind::Commander:
        hq = HeadquartersId{piece.id};
        break;
    case PieceKind::Train:
        if (auto it = oob.trains.find(TrainId{piece.id}); it != oob.trains.end()) {
            hq = it->second.corps;
        }
        break;
    }
    // Parents are acyclic (the reader and the commands see to it); the bound only guards the walk.
    for (std::size_t steps = 0; hq.valid() && steps <= oob.headquarters.size(); ++steps) {
        if (forces->contains(hq)) {
            return true;
        }
        const Headquarters* h = oob.find(hq);
        if (h == nullptr) {
            return false;
        }
        hq = h->parent;
    }
    return false;
}

int standsNow(const Unit& u, const StrengthNow& now) {
    return now.stands.value_or(u.stands);
}

int strengthNow(const Unit& u, const StrengthNow& now) {
    return now.strength.value_or(u.strength);
}

const StrengthNow& strengthIn(const Deployment& d, UnitId unit) {
    static const StrengthNow full;
    const PieceRef piece = PieceRef::unit(unit);
    if (auto it = d.placements.find(piece); it != d.placements.end()) {
        return it->second.now;
    }
    if (auto it = d.reinforcements.find(piece); it != d.reinforcements.end()) {
        return it->second.now;
    }
    return full;
}

const StrengthNow& strengthOf(const Scenario& s, UnitId unit) {
    return strengthIn(s.deployment, unit);
}

std::string pieceAtStart(const Scenario& s, PieceRef piece, bool sayLosses) {
    switch (piece.kind) {
    case PieceKind::Unit: {
        const Unit& u = s.oob.units.at(UnitId{piece.id});
        const StrengthNow& now = strengthOf(s, UnitId{piece.id});
        const int strength = strengthNow(u, now), stands = standsNow(u, now);
        const bool guns = u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery;
        return (u.roster != 0 ? "#" + std::to_string(u.roster) + " " : "") + u.name + " (" +
               std::to_string(strength) + (guns ? " guns, " : " men, ") + std::to_string(stands) +
               (stands == 1 ? " stand" : " stands") + (sayLosses && now.reduced() ? " after losses" : "") +
               ")";
    }
    case PieceKind::Commander: {
        const Headquarters& h = s.oob.headquarters.at(HeadquartersId{piece.id});
        return h.commander.empty() ? h.name : h.commander + " (" + h.name + ")";
    }
    case PieceKind::Train:
        return s.oob.trains.at(TrainId{piece.id}).name;
    }
    return {};
}

std::optional<std::string> fullStrengthProblem(const Scenario& s, UnitId unit, const Unit& changed) {
    for (std::size_t i = 0; i < scenarioCount(s); ++i) {
        const StrengthNow& now = strengthIn(startAt(s, i).deployment, unit);
        if (now.stands && *now.stands > changed.stands) {
            return scenarioName(s, i) + " starts " + changed.name + " with " + std::to_string(*now.stands) +
                   " stands; at full strength it cannot have fewer";
        }
        if (now.strength && *now.strength > changed.strength) {
            return scenarioName(s, i) + " starts " + changed.name + " with " + std::to_string(*now.strength) +
                   " men or guns; at full strength it cannot have fewer";
        }
    }
    return std::nullopt;
}

} // namespace sandtable
