#include "exports/vassal_components.hpp"

#include "exports/vassal_piece_properties.hpp"
#include "formats/vassal/components.hpp"
#include "formats/vassal/sequence.hpp"
#include "model/battle.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <stdexcept>

namespace sandtable {
namespace {

std::string decimal(double v, int digits) {
    std::ostringstream out;
    out.precision(digits);
    out << std::fixed << v;
    std::string text = out.str();
    // VASSAL writes "1.0", "0.25": no trailing zeros past the first decimal.
    while (text.size() > 3 && text.back() == '0' && text[text.size() - 2] != '.') {
        text.pop_back();
    }
    return text;
}

std::string joined(const std::vector<double>& levels) {
    std::string out;
    for (double v : levels) {
        out += (out.empty() ? "" : ",") + decimal(v, 3);
    }
    return out;
}

std::string property(std::string_view name) {
    return "$" + std::string(name) + "$";
}

} // namespace

pugi::xml_node addVassalComponent(pugi::xml_node parent, std::string_view className,
                                  std::initializer_list<std::pair<std::string_view, std::string>> values) {
    const VassalComponentInfo* info = vassalComponentOf(className);
    if (info == nullptr) {
        throw std::logic_error("no VASSAL component " + std::string(className) + " in the reference table");
    }
    for (const auto& [name, value] : values) {
        if (std::ranges::find(info->attributes, name, &VassalAttribute::name) == info->attributes.end()) {
            throw std::logic_error(std::string(info->shortName()) + " has no attribute " + std::string(name));
        }
    }
    pugi::xml_node node = parent.append_child(std::string(className).c_str());
    for (const VassalAttribute& a : info->attributes) {
        auto given = std::ranges::find(values, a.name, &std::pair<std::string_view, std::string>::first);
        if (given == values.end() && !a.always) {
            continue;
        }
        const std::string value = given != values.end() ? given->second : std::string(a.defaultValue);
        node.append_attribute(std::string(a.name).c_str()) = value.c_str();
    }
    return node;
}

ZoomLevels zoomLevelsFor(int boardWidth, int boardHeight) {
    const double fit = std::min(1500.0 / std::max(boardWidth, 1), 850.0 / std::max(boardHeight, 1));
    const double whole = std::clamp(std::floor(fit * 1000) / 1000, 0.01, 1.0);
    ZoomLevels out;
    out.levels.push_back(whole);
    for (double v : {0.05, 0.1, 0.15, 0.2, 0.25, 0.333, 0.4, 0.5, 0.625, 0.75, 1.0, 1.25, 1.6}) {
        if (v > whole * 1.1) {
            out.levels.push_back(v);
        }
    }
    if (std::ranges::find(out.levels, 1.0) == out.levels.end()) {
        out.levels.push_back(1.0); // a board that fits whole at 1.0 and more
        std::ranges::sort(out.levels);
    }
    const auto one = std::ranges::find(out.levels, 1.0);
    out.startFromLargest = static_cast<int>(out.levels.end() - one);
    return out;
}

std::string stackSummaryFormat(const PlaySetup& play) {
    std::string out = "$LocationName$";
    if (!play.stacking) {
        return out + ": $sum(" + std::string(vassal_property::units) + ")$ units, $sum(" +
               std::string(vassal_property::stands) + ")$ stands";
    }
    const std::string_view counted = play.stacking->stands ? vassal_property::stands : vassal_property::units;
    return out + ": $sum(" + std::string(counted) + ")$ of " + play.stacking->text;
}

void addMapWindowComponents(pugi::xml_node map, const VassalGeometry& board, const PlaySetup& play) {
    addVassalComponent(map, "VASSAL.build.module.map.HighlightLastMoved", {});
    addVassalComponent(map, "VASSAL.build.module.map.Flare",
                       {{"reportFormat", "$PlayerName$ points at $FlareLocation$"}});
    const ZoomLevels zoom = zoomLevelsFor(board.boardWidth, board.boardHeight);
    addVassalComponent(map, "VASSAL.build.module.map.Zoomer",
                       {{"zoomLevels", joined(zoom.levels)},
                        {"zoomStart", std::to_string(zoom.startFromLargest)},
                        {"zoomInKey", "61,130"},    // Ctrl+=
                        {"zoomOutKey", "45,130"}}); // Ctrl+-
    addVassalComponent(map, "VASSAL.build.module.map.CounterDetailViewer",
                       {{"counterReportFormat", property(vassal_property::detail)},
                        {"summaryReportFormat", stackSummaryFormat(play)},
                        {"showtext", "true"},
                        {"showtextsingle", "true"},
                        {"showgraphsingle", "true"},
                        {"minDisplayPieces", "1"},
                        {"fontSize", "11"},
                        {"bgColor", "255,255,240"},
                        {"delay", "500"}});
    const double overview =
        std::min(320.0 / std::max(board.boardWidth, 1), 240.0 / std::max(board.boardHeight, 1));
    addVassalComponent(map, "VASSAL.build.module.map.GlobalMap",
                       {{"scale", decimal(std::min(overview, 0.5), 4)}, {"buttonText", "Overview"}});
    addVassalComponent(map, "VASSAL.build.module.map.LOS_Thread",
                       {{"drawRange", "true"},
                        {"scale", "0"}, // 0: the range in the grid's cells
                        {"threadName", "Range"},
                        {"label", "Range"},
                        {"tooltip", "Drag from one cell to another: the range in cells"},
                        {"report", "$playerId$ measures $Range$ cells from $FromLocation$ to $ToLocation$"},
                        {"snapStart", "true"},
                        {"snapEnd", "true"}});
}

int diceFor(const Scenario& s, const PlayDice& dice, Side side) {
    if (!dice.perGeneral) {
        return dice.count;
    }
    int generals = 0;
    for (const auto& [id, hq] : s.oob.headquarters) {
        if (hq.side == side && (hq.echelon == Echelon::Army || hq.echelon == Echelon::Corps) &&
            takesPart(s, PieceRef::commander(id))) {
            ++generals;
        }
    }
    return std::max(1, dice.count * generals);
}

namespace {
constexpr std::string_view turnFormatStart = "Turn $level1$";
constexpr std::string_view listTurnFormat = "$level1$";
} // namespace

void addToolbarComponents(pugi::xml_node module, const Scenario& s, const PlaySetup& play,
                          const std::optional<VassalTurnList>& turnList) {
    for (const PlayDice& d : play.play.dice) {
        const std::string report =
            "** $name$: $result$" +
            std::string(d.count > 1 || d.perGeneral ? " (total $numericalTotal$)" : "") +
            " *** <$PlayerName$>";
        auto button = [&](const std::string& name, int count) {
            const std::string roll = std::to_string(count) + "D" + std::to_string(d.sides);
            const std::string text = name == roll ? name : name + " (" + roll + ")";
            addVassalComponent(module, "VASSAL.build.module.DiceButton",
                               {{"name", name},
                                {"text", text},
                                {"tooltip", d.use.empty() ? text : d.use},
                                {"nDice", std::to_string(count)},
                                {"nSides", std::to_string(d.sides)},
                                {"reportFormat", report}});
        };
        if (d.perGeneral) {
            for (Side side : {Side::Union, Side::Confederate}) {
                button(s.info.sideNames[sideIndex(side)] + " " + d.name, diceFor(s, d, side));
            }
        } else {
            button(d.name, d.count);
        }
    }
    pugi::xml_node turns;
    const std::string report = "* <$PlayerId$> $oldTurn$ ends; $newTurn$ begins";
    auto tracker = [&](const std::string& format) {
        return addVassalComponent(
            module, "VASSAL.build.module.turn.TurnTracker",
            {{"turnFormat", format},
             {"reportFormat", report},
             {"nexthotkey", "39,195"},   // Ctrl+Shift+Right: letters are the pieces' commands
             {"prevhotkey", "37,195"}}); // Ctrl+Shift+Left
    };
    if (turnList) {
        turns = tracker(std::string(listTurnFormat));
        addVassalComponent(turns, "VASSAL.build.module.turn.ListTurnLevel",
                           {{"list", vassalSequence(turnList->labels, ',')}});
    } else {
        // "of 44" where every scenario of the battle is as long.
        bool sameLength = true;
        for (std::size_t i = 0; i < scenarioCount(s); ++i) {
            sameLength = sameLength && scenarioInfo(s, i).turns == s.info.turns;
        }
        turns = tracker(sandtableTurnFormat(sameLength ? std::optional<int>(s.info.turns) : std::nullopt));
        addVassalComponent(turns, "VASSAL.build.module.turn.CounterTurnLevel", {{"start", "1"}});
    }
    addVassalComponent(
        module, "VASSAL.build.module.Inventory",
        {{"groupBy", std::string(vassal_property::side) + "," + std::string(vassal_property::corps) + "," +
                         std::string(vassal_property::division)},
         {"leafFormat", property(vassal_property::detail)},
         {"text", "Order of battle"},
         {"tooltip", "The order of battle by side, corps and division, with strengths and losses"}});
    addVassalComponent(module, "VASSAL.build.module.NotesWindow", {});
}

std::optional<VassalTurnList> vassalTurnList(const Scenario& s) {
    std::vector<std::vector<TurnTime>> each;
    std::vector<TurnTime> all;
    for (std::size_t i = 0; i < scenarioCount(s); ++i) {
        const ScenarioInfo& info = scenarioInfo(s, i);
        if (!hasTurnClock(info)) {
            return std::nullopt;
        }
        std::vector<TurnTime>& turns = each.emplace_back(turnTimes(info));
        // A scenario's own turns must follow one another (without a date, two nights are alike).
        if (std::ranges::adjacent_find(turns, std::greater_equal{}) != turns.end()) {
            return std::nullopt;
        }
        all.insert(all.end(), turns.begin(), turns.end());
    }
    std::ranges::sort(all);
    all.erase(std::unique(all.begin(), all.end()), all.end());
    VassalTurnList list;
    for (const std::vector<TurnTime>& turns : each) {
        const auto first = std::ranges::lower_bound(all, turns.front());
        if (static_cast<std::size_t>(all.end() - first) < turns.size() ||
            !std::equal(turns.begin(), turns.end(), first)) {
            return std::nullopt; // another scenario's turn falls between two of this one's
        }
        list.firstOf.push_back(static_cast<int>(first - all.begin()));
        list.lengthOf.push_back(static_cast<int>(turns.size()));
    }
    const bool numbered = std::ranges::all_of(list.firstOf, [](int first) { return first == 0; });
    for (std::size_t k = 0; k < all.size(); ++k) {
        list.labels.push_back((numbered ? "Turn " + std::to_string(k + 1) + ": " : std::string()) +
                              turnTimeText(all[k]));
    }
    return list;
}

std::string vassalTurnTrackerState(const VassalTurnList& list, std::size_t scenario) {
    const int first = list.firstOf.at(scenario), end = first + list.lengthOf.at(scenario);
    std::vector<std::string> shown;
    for (int k = 0; k < static_cast<int>(list.labels.size()); ++k) {
        shown.emplace_back(k >= first && k < end ? "true" : "false");
    }
    const std::string level =
        vassalSequence({std::to_string(first), "0", std::to_string(first), vassalSequence(shown, ',')}, ';');
    return vassalSequence({"0", level}, '|');
}

std::string sandtableTurnFormat(std::optional<int> lastTurn) {
    return std::string(turnFormatStart) + (lastTurn ? " of " + std::to_string(*lastTurn) : std::string());
}

bool isSandtableTurnFormat(std::string_view format) {
    if (format == listTurnFormat) {
        return true;
    }
    if (!format.starts_with(turnFormatStart)) {
        return false;
    }
    const std::string_view rest = format.substr(turnFormatStart.size());
    return rest.empty() || (rest.starts_with(" of ") && rest.size() > 4 &&
                            rest.substr(4).find_first_not_of("0123456789") == std::string_view::npos);
}

} // namespace sandtable
