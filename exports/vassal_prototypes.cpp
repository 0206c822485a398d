#include "exports/vassal_prototypes.hpp"

#include "exports/vassal_casualties.hpp"
#include "exports/vassal_piece_properties.hpp"
#include "exports/vassal_update.hpp"
#include "formats/vassal/sequence.hpp"
#include "model/battle.hpp"
#include "render/piece_images.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace sandtable {
namespace {

// VASSAL's key strokes: the key's code, then Java's modifiers (Ctrl 130, Ctrl+Shift 195).
std::string ctrl(char key) {
    return std::to_string(static_cast<int>(key)) + ",130";
}
std::string ctrlShift(char key) {
    return std::to_string(static_cast<int>(key)) + ",195";
}

// The letter a marker is switched with (Ctrl+Shift and it), one for each marker.
char markerKey(StatusMarker m) {
    switch (m) {
    case StatusMarker::Disrupted:
        return 'D';
    case StatusMarker::Disordered:
        return 'O';
    case StatusMarker::Recoiled:
        return 'B';
    case StatusMarker::Routed:
        return 'U';
    case StatusMarker::Entrenching:
        return 'N';
    case StatusMarker::Entrenched:
        return 'T';
    case StatusMarker::ChargeDeclared:
        return 'C';
    case StatusMarker::Line:
        return 'L';
    case StatusMarker::Column:
        return 'K';
    case StatusMarker::MarchColumn:
        return 'M';
    case StatusMarker::Skirmish:
        return 'S';
    case StatusMarker::Square:
        return 'Q';
    case StatusMarker::Limbered:
        return 'W';
    case StatusMarker::Dismounted:
        return 'X';
    }
    return 'Z';
}

// The letters of a value's commands: the first value H (Ctrl+H one more, Ctrl+Shift+H one fewer,
// Ctrl+R a rally), the next J, then G.
char trackKey(std::size_t index) {
    constexpr char keys[] = {'H', 'J', 'G'};
    return keys[std::min(index, std::size(keys) - 1)];
}

// "march-column" as an identifier: "MarchColumn".
std::string camel(std::string_view name) {
    std::string out;
    bool upper = true;
    for (char c : name) {
        if (c == '-') {
            upper = true;
            continue;
        }
        out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return out;
}

std::string layerName(StatusMarker m) {
    return camel(enumName(m));
}

const VassalTraitText basicPiece{"piece;;;;", "null;0;0;;0"};

VassalTraitText marker(const std::vector<std::pair<std::string, std::string>>& properties) {
    std::vector<std::string> keys, values;
    for (const auto& [k, v] : properties) {
        keys.push_back(k);
        values.push_back(v);
    }
    return {"mark;" + vassalSequence(keys, ','), vassalSequence(values, ',')};
}

VassalTraitText usePrototype(const std::string& name) {
    return {"prototype;" + name, ""};
}

// A trait's description, saying Sandtable made it: a re-export over a customised module
// (vassal_update) tells its traits from the designer's by it.
std::string madeBySandtable(const std::string& description) {
    return std::string(sandtableTraitMark) + description;
}

VassalTraitText report(const std::string& key, const std::string& format, const std::string& description) {
    return {"report;" +
                vassalSequence(
                    {vassalSequence({key}, ','), format, "", "", madeBySandtable(description), "false"}, ';'),
            "-1"};
}

VassalTraitText calculated(const std::string& name, const std::string& expression) {
    return {"calcProp;" + vassalSequence({name, expression, madeBySandtable(name)}, ';'), ""};
}

// A numeric value from 0 to `most`, changed by its commands (each "menu:key:I,step").
VassalTraitText dynamicProperty(const std::string& name, int most,
                                const std::vector<std::pair<VassalPieceCommand, int>>& commands,
                                const std::string& description) {
    std::vector<std::string> list;
    for (const auto& [command, step] : commands) {
        list.push_back(vassalSequence(
            {command.menu, command.key, vassalSequence({"I", std::to_string(step)}, ',')}, ':'));
    }
    return {"PROP;" + vassalSequence({name, vassalSequence({"true", "0", std::to_string(most), "false"}, ','),
                                      vassalSequence(list, ','), madeBySandtable(description)},
                                     ';'),
            "0"};
}

// A status marker's layer: one picture laid over the counter, switched on and off with its key.
VassalTraitText layer(StatusMarker m, const std::string& label, const std::string& key, int yOffset,
                      bool on) {
    const std::string image = VassalPlayKit::markerImageName(m);
    return {"emb2;" + vassalSequence({label,        "195",   std::string(1, markerKey(m)),
                                      "",           "128",   "",
                                      "",           "128",   "",
                                      "",           "",      "1",
                                      "false",      "0",     std::to_string(yOffset),
                                      image,        label,   "true",
                                      layerName(m), "",      "",
                                      "false",      "",      "1",
                                      "1",          "false", key,
                                      "",           "",      madeBySandtable(label + " marker"),
                                      "1.0",        "",      "true"},
                                     ';'),
            on ? "1" : "-1"};
}

} // namespace

VassalTraitText vassalChain(const std::vector<VassalTraitText>& outerFirst, const VassalTraitText& basic) {
    VassalTraitText chain = basic;
    for (auto it = outerFirst.rbegin(); it != outerFirst.rend(); ++it) {
        chain.type = vassalSequence({it->type, chain.type}, '\t');
        chain.state = vassalSequence({it->state, chain.state}, '\t');
    }
    return chain;
}

VassalPlayKit::VassalPlayKit(const Scenario& s, const PlaySetup& play, double cellPixels)
    : s_(s), play_(play), cellPixels_(cellPixels), breakPoints_{sideBreakPoint(s, play, Side::Union),
                                                                sideBreakPoint(s, play, Side::Confederate)} {}

std::string VassalPlayKit::propertyOf(const PlayTrack& track) {
    return camel(track.name);
}

std::string VassalPlayKit::markerImageName(StatusMarker m) {
    return "marker-" + std::string(enumName(m)) + ".png";
}

std::vector<VassalPlayKit::UnitCommand> VassalPlayKit::unitCommandPlan() const {
    std::vector<UnitCommand> out;
    const std::string where = "$newPieceName$ in $location$: ";
    for (std::size_t i = 0; i < play_.play.tracks.size(); ++i) {
        const PlayTrack& t = play_.play.tracks[i];
        const std::string p = propertyOf(t);
        const std::string now = "$" + p + "$" + (t.most != 0 ? " of $" + p + "Most$" : "");
        out.push_back(
            {{"One more: " + t.label, ctrl(trackKey(i)), where + t.label + " +1 (" + now + ")"}, i, 1});
        out.push_back(
            {{"One fewer: " + t.label, ctrlShift(trackKey(i)), where + t.label + " -1 (" + now + ")"},
             i,
             -1});
        if (t.rally != 0) {
            // Ctrl+R for the first value a rally takes off, Ctrl+Shift+R for a second.
            const bool first = std::ranges::none_of(out, [](const UnitCommand& c) { return c.step < -1; });
            out.push_back(
                {{"Rally: " + t.label + " -" + std::to_string(t.rally), first ? ctrl('R') : ctrlShift('R'),
                  where + "rallies, " + t.label + " -" + std::to_string(t.rally) + " (" + now + ")"},
                 i,
                 -t.rally});
        }
    }
    for (const PlayMarker& m : play_.play.markers) {
        out.push_back({{m.label, ctrlShift(markerKey(m.marker)),
                        where + m.label + " is $" + layerName(m.marker) + "_Active$"},
                       std::nullopt,
                       0,
                       m.marker});
        if (m.scoreToComplete > 0) {
            out.push_back(
                {{"Entrenching score +1", ctrl('N'),
                  where + "entrenching score $EntrenchingScore$ of " + std::to_string(m.scoreToComplete)},
                 std::nullopt,
                 1,
                 std::nullopt,
                 true});
        }
    }
    return out;
}

std::vector<VassalPieceCommand> VassalPlayKit::unitCommands() const {
    std::vector<VassalPieceCommand> out;
    for (const UnitCommand& c : unitCommandPlan()) {
        out.push_back(c.command);
    }
    return out;
}

std::optional<Formation> VassalPlayKit::startingMarker(const Unit& u) const {
    for (const PlayMarker& m : play_.play.markers) {
        if (formationOf(m.marker) == u.formation) {
            return u.formation;
        }
    }
    return std::nullopt;
}

std::string VassalPlayKit::unitPrototypeName(std::optional<Formation> starting) const {
    if (!starting) {
        return "Unit";
    }
    for (const PlayMarker& m : play_.play.markers) {
        if (formationOf(m.marker) == starting) {
            return "Unit in " + m.label;
        }
    }
    return "Unit";
}

std::string VassalPlayKit::unitPrototype(std::optional<Formation> starting) const {
    const std::vector<UnitCommand> plan = unitCommandPlan();
    std::vector<VassalTraitText> traits;
    // The reports outermost: VASSAL reports after the traits inside have changed.
    for (const UnitCommand& c : plan) {
        traits.push_back(report(c.command.key, c.command.report, "Report: " + c.command.menu));
    }
    traits.push_back(report(std::string(rotateClockwiseKey), "$newPieceName$ in $location$ turns clockwise",
                            "Report: turned clockwise"));
    traits.push_back(report(std::string(rotateCounterclockwiseKey),
                            "$newPieceName$ in $location$ turns counterclockwise",
                            "Report: turned counterclockwise"));
    std::string detail = "Summary";
    for (std::size_t i = 0; i < play_.play.tracks.size(); ++i) {
        const PlayTrack& t = play_.play.tracks[i];
        std::vector<std::pair<VassalPieceCommand, int>> steps;
        for (const UnitCommand& c : plan) {
            if (c.track == i) {
                steps.emplace_back(c.command, c.step);
            }
        }
        int most = 0;
        for (const auto& [id, u] : s_.oob.units) {
            most = std::max(most, t.mostFor(u.stands));
        }
        traits.push_back(dynamicProperty(propertyOf(t), most == 0 ? 99 : most, steps, t.label));
        detail += " + \" - " + t.label + " \" + " + propertyOf(t) +
                  (t.most != 0 ? " + \" of \" + " + propertyOf(t) + "Most" : std::string());
    }
    const int offset = static_cast<int>(statusMarkerOffset(cellPixels_));
    for (const UnitCommand& c : plan) {
        if (c.marker) {
            const PlayMarker& m = *play_.play.marker(*c.marker);
            // A layer's name property is its word while it is on, empty while off.
            detail += " + \" \" + " + layerName(m.marker) + "_Name";
            traits.push_back(layer(m.marker, m.label, c.command.key, offset,
                                   starting && formationOf(m.marker) == starting));
        } else if (c.score) {
            const PlayMarker& m = *play_.play.marker(StatusMarker::Entrenching);
            traits.push_back(dynamicProperty("EntrenchingScore", m.scoreToComplete, {{c.command, 1}},
                                             "Entrenching score"));
        }
    }
    traits.push_back(calculated(std::string(vassal_property::detail), "{" + detail + "}"));
    const VassalTraitText chain = vassalChain(traits, basicPiece);
    return vassalSequence({"+", "null", chain.type, chain.state}, '/');
}

std::string VassalPlayKit::eliminateKey() {
    return ctrl('E');
}

std::string VassalPlayKit::endTurnKey() {
    return ctrlShift('F');
}

std::string VassalPlayKit::movedKey() {
    return ctrl('M');
}

namespace {

// Keys no player presses (Ctrl+Shift+Alt and a function key): what one trait sends another.
constexpr std::string_view breakPointReportKey = "123,715"; // F12
constexpr std::string_view clearMovedKey = "122,715";       // F11

// A side's name as a BeanShell string literal.
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

// On a key, when `condition` holds, sends `then` to the piece (no menu entry of its own).
VassalTraitText trigger(const std::string& key, const std::string& condition, const std::string& then,
                        const std::string& description) {
    return {"macro;" + vassalSequence({madeBySandtable(description), "", key, condition, "",
                                       vassalSequence({then}, ','), "false", "", "", "counted", "", "", "",
                                       "false", "", "1", "1"},
                                      ';'),
            ""};
}

// A menu command sending `key` to every piece matching `filter`, each piece's own report kept quiet.
VassalTraitText everyPiece(const std::string& menu, const std::string& menuKey, const std::string& key,
                           const std::string& filter, const std::string& description) {
    return {"globalkey;" + vassalSequence({menu, menuKey, key, filter, "false", "1", "true", "true", "",
                                           madeBySandtable(description), "-1",
                                           "COUNTER|false|MAP|||||0|0||false|||EQUALS||", "false", ""},
                                          ';'),
            ""};
}

} // namespace

std::vector<VassalPlayKit::Prototype> VassalPlayKit::prototypes() const {
    std::vector<Prototype> out;
    for (Side side : {Side::Union, Side::Confederate}) {
        const std::string sideName = s_.info.sideNames[sideIndex(side)];
        std::vector<VassalTraitText> traits;
        if (casualtyBoxes_) {
            const auto [x, y] = (*casualtyBoxes_)[sideIndex(side)];
            traits.push_back(report(eliminateKey(),
                                    "$oldPieceName$ is eliminated: to the " + sideName + " losses",
                                    "Report: eliminated"));
            // The losses in the side's box, once the piece is among them, against the break point of
            // the piece's scenario: at it and past it, the chat says so after the elimination.
            if (play_.breakPoint) {
                const std::string lost = "SumStack(\"" + std::string(vassal_property::breakCount) + "\")";
                const auto value = [](std::string_view property) {
                    return "$" + std::string(property) + "$";
                };
                traits.push_back(report(
                    std::string(breakPointReportKey),
                    "The " + sideName + " army has lost " + value(vassal_property::losses) + " of its " +
                        value(vassal_property::breakOf) + " units: it has reached its break point (" +
                        value(vassal_property::breakAt) + ")",
                    "Report: break point reached"));
                traits.push_back(calculated(std::string(vassal_property::losses), "{" + lost + "}"));
                traits.push_back(trigger(eliminateKey(),
                                         "{" + lost + " >= " + std::string(vassal_property::breakAt) + "}",
                                         std::string(breakPointReportKey), "break point reached"));
            }
            traits.push_back(
                {"sendto;" +
                     vassalSequence({"Eliminate", eliminateKey(), std::string(casualtyMapName),
                                     std::string(casualtyMapName), std::to_string(x), std::to_string(y), "",
                                     "", "0", "0", "1", "1", madeBySandtable("eliminate: to the casualties"),
                                     "L", "", "", "", ""},
                                    ';'),
                 ";;"});
        }
        // The moved flag at the counter's top right corner: laid on when the piece moves, cleared by
        // the map's Clear moved, switched by hand with Ctrl+M.
        const int corner = movedMarkerOffset(cellPixels_);
        traits.push_back(
            report(movedKey(), "$newPieceName$ in $location$: moved is $Moved$", "Report: moved"));
        // The end of a side's turn takes its moved flags off, the other side's left as they are.
        traits.push_back(report(
            endTurnKey(), "End of the " + sideName + " turn: the " + sideName + " moved flags are cleared",
            "Report: end of turn"));
        traits.push_back(everyPiece(
            "End of the " + sideName + " turn: clear moved flags", endTurnKey(), std::string(clearMovedKey),
            "{" + std::string(vassal_property::side) + " == " + quoted(sideName) + "}",
            "end of turn: clear the side's moved flags"));
        traits.push_back({"markmoved;" + vassalSequence({std::string(movedImageName), std::to_string(corner),
                                                         std::to_string(-corner), "Moved (on or off)",
                                                         movedKey(), madeBySandtable("moved flag"), "false",
                                                         "", "", "", std::string(clearMovedKey)},
                                                        ';'),
                          "false"});
        traits.push_back(marker({{std::string(vassal_property::side), sideName}}));
        const VassalTraitText chain = vassalChain(traits, basicPiece);
        out.push_back({s_.info.sideNames[sideIndex(side)] + " side",
                       vassalSequence({"+", "null", chain.type, chain.state}, '/')});
    }
    std::set<std::optional<Formation>> starting;
    for (const auto& [id, u] : s_.oob.units) {
        starting.insert(startingMarker(u));
    }
    for (const std::optional<Formation>& f : starting) {
        out.push_back({unitPrototypeName(f), unitPrototype(f)});
    }
    for (std::string_view kind : {"Commander", "Train"}) {
        const VassalTraitText chain =
            vassalChain({calculated(std::string(vassal_property::detail), "{Summary}")}, basicPiece);
        out.push_back({std::string(kind), vassalSequence({"+", "null", chain.type, chain.state}, '/')});
    }
    return out;
}

std::expected<std::vector<std::pair<std::string, std::string>>, std::string> VassalPlayKit::images() const {
    std::vector<std::pair<std::string, std::string>> out;
    auto moved = movedMarkerImage(cellPixels_);
    if (!moved) {
        return std::unexpected("the moved marker: " + moved.error());
    }
    out.emplace_back(std::string(movedImageName), std::move(moved->png));
    for (const PlayMarker& m : play_.play.markers) {
        auto drawn = statusMarkerImage(m.marker, m.label, cellPixels_);
        if (!drawn) {
            return std::unexpected("the " + m.label + " marker: " + drawn.error());
        }
        out.emplace_back(markerImageName(m.marker), std::move(drawn->png));
    }
    return out;
}

std::vector<VassalTraitText> VassalPlayKit::outerTraits(PieceRef piece) const {
    const std::optional<Side> side = sideOf(s_.oob, piece);
    std::vector<VassalTraitText> out{
        usePrototype(s_.info.sideNames[sideIndex(side.value_or(Side::Union))] + " side")};
    auto nameOf = [&](std::optional<HeadquartersId> id) {
        const Headquarters* hq = id ? s_.oob.find(*id) : nullptr;
        return hq ? hq->name : std::string();
    };
    std::vector<std::pair<std::string, std::string>> properties;
    auto add = [&](std::string_view key, std::string value) {
        properties.emplace_back(std::string(key), std::move(value));
    };
    if (const auto& point = breakPoints_[sideIndex(side.value_or(Side::Union))]) {
        add(vassal_property::breakOf, std::to_string(point->counted));
        add(vassal_property::breakAt, std::to_string(point->lossesThatBreak()));
    }
    std::string summary;
    if (piece.kind == PieceKind::Unit) {
        const Unit& u = s_.oob.units.at(UnitId{piece.id});
        out.push_back(usePrototype(unitPrototypeName(startingMarker(u))));
        const std::string corps = nameOf(s_.oob.ancestor(u.parent, Echelon::Corps));
        const std::string division = nameOf(s_.oob.ancestor(u.parent, Echelon::Division));
        const StrengthNow& now = strengthOf(s_, UnitId{piece.id});
        const int stands = standsNow(u, now), strength = strengthNow(u, now);
        add(vassal_property::corps, corps);
        add(vassal_property::division, division);
        add(vassal_property::arm, std::string(enumName(u.arm)));
        add(vassal_property::quality, std::string(enumName(u.quality)));
        add(vassal_property::weapon, std::string(u.gun != Gun::None ? enumName(u.gun) : enumName(u.weapon)));
        add(vassal_property::strength, std::to_string(strength));
        add(vassal_property::stands, std::to_string(stands));
        add(vassal_property::units, "1");
        for (const PlayTrack& t : play_.play.tracks) {
            add(propertyOf(t) + "Most", std::to_string(t.mostFor(stands)));
        }
        if (play_.breakPoint) {
            add(vassal_property::breakCount, countsTowardBreakPoint(play_, u) ? "1" : "0");
        }
        summary = u.name;
        for (const std::string& part : {division, corps}) {
            if (!part.empty()) {
                summary += ", " + part;
            }
        }
        summary += " - " + std::string(enumName(u.quality)) + ", " +
                   (strength > 0
                        ? std::to_string(strength) +
                              (u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery ? " guns, " : " men, ")
                        : "") +
                   std::to_string(stands) + (stands == 1 ? " stand" : " stands");
    } else if (piece.kind == PieceKind::Commander) {
        out.push_back(usePrototype("Commander"));
        const Headquarters& hq = *s_.oob.find(HeadquartersId{piece.id});
        add(vassal_property::corps, nameOf(s_.oob.ancestor(HeadquartersId{piece.id}, Echelon::Corps)));
        add(vassal_property::division, nameOf(s_.oob.ancestor(HeadquartersId{piece.id}, Echelon::Division)));
        add(vassal_property::stands, "0");
        add(vassal_property::units, "0");
        summary = (hq.commander.empty() ? hq.name : hq.commander + ", " + hq.name) + " (" +
                  std::string(enumName(hq.echelon)) + ")";
    } else {
        out.push_back(usePrototype("Train"));
        const Train& t = s_.oob.trains.at(TrainId{piece.id});
        add(vassal_property::corps, nameOf(t.corps));
        add(vassal_property::division, "");
        add(vassal_property::stands, "0");
        add(vassal_property::units, "0");
        summary = (t.name.empty() ? "Supply train" : t.name) + ", " + nameOf(t.corps);
    }
    add("Summary", summary);
    out.push_back(marker(properties));
    return out;
}

} // namespace sandtable
