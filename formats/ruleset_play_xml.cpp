#include "ruleset_play_xml.hpp"

#include "ruleset_xml_checks.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <set>

namespace sandtable {
namespace {

using ruleset_xml::allowOnly;
using ruleset_xml::at;
using ruleset_xml::Failure;
using ruleset_xml::integerAttribute;

// A name that serves as a property in a VASSAL module and in expressions: a lower-case letter, then
// letters, digits and hyphens.
bool isPropertyName(std::string_view name) {
    if (name.empty() || name.size() > 40 || name.front() < 'a' || name.front() > 'z') {
        return false;
    }
    return std::ranges::all_of(
        name, [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::string required(pugi::xml_node n, const char* attribute) {
    std::string value = n.attribute(attribute).value();
    if (value.empty()) {
        throw Failure{at(n), "<" + std::string(n.name()) + "> needs " + attribute};
    }
    return value;
}

// The name of a track or table, which a module uses as a property or a file's name.
std::string propertyName(pugi::xml_node n) {
    std::string name = required(n, "name");
    if (!isPropertyName(name)) {
        throw Failure{at(n),
                      std::string(n.name()) + " name " + limits::quoted(name) +
                          " must be a lower-case letter, then letters, digits or hyphens (at most 40)"};
    }
    return name;
}

// enabled="false" takes the parent's element away; anything else but "true" is a mistake.
bool removes(pugi::xml_node n) {
    pugi::xml_attribute enabled = n.attribute("enabled");
    if (!enabled) {
        return false;
    }
    const std::string_view v = enabled.value();
    if (v != "true" && v != "false") {
        throw Failure{at(n), "attribute 'enabled' of <" + std::string(n.name()) +
                                 "> must be true or false, not " + limits::quoted(v)};
    }
    return v == "false";
}

PlayDice readDice(pugi::xml_node n) {
    allowOnly(n, {"name", "count", "sides", "per", "use", "source", "enabled"});
    PlayDice d;
    d.name = required(n, "name");
    d.count = integerAttribute(n, "count", limits::diceCount);
    d.sides = integerAttribute(n, "sides", limits::diceSides);
    if (pugi::xml_attribute per = n.attribute("per")) {
        if (std::string_view(per.value()) != "general") {
            throw Failure{at(n), "attribute 'per' of <dice> can only be general (dice rolled for each "
                                 "general), not " +
                                     limits::quoted(per.value())};
        }
        d.perGeneral = true;
    }
    d.use = n.attribute("use").value();
    d.source = n.attribute("source").value();
    return d;
}

PlayTrack readTrack(pugi::xml_node n) {
    allowOnly(n, {"name", "label", "most", "most-per-stand", "at-most", "rally", "source", "enabled"});
    PlayTrack t;
    t.name = propertyName(n);
    t.label = n.attribute("label") ? std::string(n.attribute("label").value()) : t.name;
    const bool most = !n.attribute("most").empty(), perStand = !n.attribute("most-per-stand").empty();
    if (most && perStand) {
        throw Failure{at(n), "track " + limits::quoted(t.name) + " gives most or most-per-stand, not both"};
    }
    if (most) {
        t.most = integerAttribute(n, "most", limits::trackMost);
    } else if (perStand) {
        t.most = integerAttribute(n, "most-per-stand", limits::trackMost);
        t.perStand = true;
    }
    if (pugi::xml_attribute end = n.attribute("at-most")) {
        auto parsed = parseEnum<TrackEnd>(end.value());
        if (!parsed) {
            throw Failure{at(n), "attribute 'at-most' of <track> must be " + expectedNames<TrackEnd>() +
                                     ", not " + limits::quoted(end.value())};
        }
        t.atMost = *parsed;
    }
    if (t.atMost == TrackEnd::Removed && t.most == 0) {
        throw Failure{at(n), "track " + limits::quoted(t.name) +
                                 " removes a unit at its most but has none; give most or most-per-stand"};
    }
    if (n.attribute("rally")) {
        t.rally = integerAttribute(n, "rally", limits::trackRally);
        if (t.most != 0 && !t.perStand && t.rally > t.most) {
            throw Failure{at(n), "track " + limits::quoted(t.name) + ": a rally takes off " +
                                     std::to_string(t.rally) + ", more than its most of " +
                                     std::to_string(t.most)};
        }
    }
    t.source = n.attribute("source").value();
    return t;
}

PlayMarker readMarker(pugi::xml_node n) {
    allowOnly(n, {"name", "label", "score", "source", "enabled"});
    const std::string name = required(n, "name");
    auto marker = parseEnum<StatusMarker>(name);
    if (!marker) {
        throw Failure{at(n), "unknown marker " + limits::quoted(name) + "; expected " +
                                 expectedNames<StatusMarker>()};
    }
    PlayMarker m;
    m.marker = *marker;
    m.label = n.attribute("label").value();
    if (m.label.empty()) {
        throw Failure{at(n), "<marker> " + limits::quoted(name) + " needs a label (the word on the counter)"};
    }
    if (n.attribute("score")) {
        if (m.marker != StatusMarker::Entrenching) {
            throw Failure{at(n), "only the entrenching marker keeps a score, not " + limits::quoted(name)};
        }
        m.scoreToComplete = integerAttribute(n, "score", limits::entrenchingScore);
    }
    m.source = n.attribute("source").value();
    return m;
}

// A table: <row>s of cells split at '|' (the first the heading), then <note>s.
PlayTable readTable(pugi::xml_node n) {
    allowOnly(n, {"name", "label", "source", "enabled"});
    PlayTable t;
    t.name = propertyName(n);
    t.label = n.attribute("label") ? std::string(n.attribute("label").value()) : t.name;
    t.source = n.attribute("source").value();
    for (pugi::xml_node c : n.children()) {
        if (c.type() != pugi::node_element) {
            continue;
        }
        const std::string_view element = c.name();
        allowOnly(c, {});
        for (pugi::xml_node inner : c.children()) {
            if (inner.type() == pugi::node_element) {
                throw Failure{at(inner), "<" + std::string(element) + "> of table " + limits::quoted(t.name) +
                                             " holds text only, not <" + inner.name() + ">"};
            }
        }
        if (element == "note") {
            t.notes.emplace_back(c.text().get());
            continue;
        }
        if (element != "row") {
            throw Failure{at(c), "unexpected element <" + std::string(element) +
                                     "> in <table>; expected <row> or <note>"};
        }
        if (!t.notes.empty()) {
            throw Failure{at(c), "table " + limits::quoted(t.name) +
                                     ": a <row> after a <note>; the notes "
                                     "come under the table"};
        }
        std::vector<std::string> cells;
        const std::string_view text = c.text().get();
        for (std::size_t from = 0;;) {
            const std::size_t bar = text.find('|', from);
            std::string_view cell = text.substr(from, bar == std::string_view::npos ? bar : bar - from);
            while (!cell.empty() && (cell.front() == ' ' || cell.front() == '\n' || cell.front() == '\t')) {
                cell.remove_prefix(1);
            }
            while (!cell.empty() && (cell.back() == ' ' || cell.back() == '\n' || cell.back() == '\t')) {
                cell.remove_suffix(1);
            }
            cells.emplace_back(cell);
            if (bar == std::string_view::npos) {
                break;
            }
            from = bar + 1;
        }
        if (!limits::tableCells.allows(static_cast<long long>(cells.size()))) {
            throw Failure{at(c), "a row of table " + limits::quoted(t.name) + " has " +
                                     std::to_string(cells.size()) + " cells; a row has " +
                                     std::to_string(limits::tableCells.lo) + " to " +
                                     std::to_string(limits::tableCells.hi) + ", split by |"};
        }
        if (!t.rows.empty() && cells.size() != t.rows.front().size()) {
            throw Failure{at(c), "a row of table " + limits::quoted(t.name) + " has " +
                                     std::to_string(cells.size()) + " cells where its heading has " +
                                     std::to_string(t.rows.front().size())};
        }
        t.rows.push_back(std::move(cells));
        if (static_cast<long long>(t.rows.size()) > limits::tableRows.hi) {
            throw Failure{at(c), "table " + limits::quoted(t.name) + " has more than " +
                                     std::to_string(limits::tableRows.hi) + " rows"};
        }
    }
    if (static_cast<long long>(t.rows.size()) < limits::tableRows.lo) {
        throw Failure{at(n),
                      "table " + limits::quoted(t.name) + " needs a heading <row> and one row at least"};
    }
    return t;
}

} // namespace

PlaySection readPlaySection(pugi::xml_node play) {
    allowOnly(play, {});
    PlaySection out;
    std::set<std::pair<std::string, std::string>> seen;
    for (pugi::xml_node n : play.children()) {
        if (n.type() != pugi::node_element) {
            continue;
        }
        const std::string element = n.name();
        if (element == "back") {
            allowOnly(n, {"label", "source"});
            if (out.play.back) {
                throw Failure{at(n), "<back> is given twice; a counter has one back"};
            }
            out.play.back = PlayBack{required(n, "label"), n.attribute("source").value()};
            continue;
        }
        if (element != "dice" && element != "track" && element != "marker" && element != "table") {
            throw Failure{at(n), "unexpected element <" + element +
                                     "> in <play>; expected <dice>, <track>, <marker>, <table> or <back>"};
        }
        const std::string name = n.attribute("name").value();
        if (!name.empty() && !seen.emplace(element, name).second) {
            throw Failure{at(n), "<" + element + "> " + limits::quoted(name) + " is listed twice"};
        }
        if (removes(n)) {
            allowOnly(n, {"name", "enabled"});
            if (element == "marker" && !parseEnum<StatusMarker>(required(n, "name"))) {
                throw Failure{at(n), "unknown marker " + limits::quoted(name) + "; expected " +
                                         expectedNames<StatusMarker>()};
            }
            out.removed.push_back({element, required(n, "name")});
        } else if (element == "dice") {
            out.play.dice.push_back(readDice(n));
        } else if (element == "track") {
            out.play.tracks.push_back(readTrack(n));
        } else if (element == "table") {
            out.play.tables.push_back(readTable(n));
        } else {
            out.play.markers.push_back(readMarker(n));
        }
    }
    return out;
}

namespace {

template <typename T, typename Key>
void replaceOrAdd(std::vector<T>& into, const std::vector<T>& from, Key key) {
    for (const T& item : from) {
        auto it = std::ranges::find_if(into, [&](const T& old) { return key(old) == key(item); });
        if (it != into.end()) {
            *it = item;
        } else {
            into.push_back(item);
        }
    }
}

} // namespace

void mergePlay(PlayRules& into, const PlaySection& child) {
    for (const PlaySection::Removal& r : child.removed) {
        if (r.element == "dice") {
            std::erase_if(into.dice, [&](const PlayDice& d) { return d.name == r.name; });
        } else if (r.element == "track") {
            std::erase_if(into.tracks, [&](const PlayTrack& t) { return t.name == r.name; });
        } else if (r.element == "table") {
            std::erase_if(into.tables, [&](const PlayTable& t) { return t.name == r.name; });
        } else {
            std::erase_if(into.markers, [&](const PlayMarker& m) { return enumName(m.marker) == r.name; });
        }
    }
    if (child.play.back) {
        into.back = child.play.back;
    }
    replaceOrAdd(into.dice, child.play.dice, [](const PlayDice& d) { return d.name; });
    replaceOrAdd(into.tracks, child.play.tracks, [](const PlayTrack& t) { return t.name; });
    replaceOrAdd(into.markers, child.play.markers, [](const PlayMarker& m) { return m.marker; });
    replaceOrAdd(into.tables, child.play.tables, [](const PlayTable& t) { return t.name; });
}

} // namespace sandtable
