#include "exports/vassal_update.hpp"

#include "exports/vassal_components.hpp"
#include "exports/vassal_prototypes.hpp"
#include "formats/vassal/module_reader.hpp"
#include "formats/vassal/pieces.hpp"
#include "formats/vassal/sequence.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <set>
#include <sstream>

namespace sandtable {
namespace {

constexpr std::string_view gameModule = "VASSAL.build.GameModule";

bool isMap(std::string_view tag) {
    return tag == "VASSAL.build.module.Map" || tag == "VASSAL.build.module.PrivateMap" ||
           tag == "VASSAL.build.module.PlayerHand";
}

std::string shortTag(std::string_view tag) {
    const auto dot = tag.rfind('.');
    return std::string(dot == std::string_view::npos ? tag : tag.substr(dot + 1));
}

// What tells two components of the same class apart: their name, as VASSAL's editor shows it.
std::string nameOf(pugi::xml_node n) {
    for (const char* a : {"mapName", "name", "entryName", "buttonName", "text"}) {
        if (n.attribute(a)) {
            return n.attribute(a).value();
        }
    }
    return "";
}

std::string keyOf(pugi::xml_node n) {
    return std::string(n.name()) + "|" + nameOf(n);
}

// What Sandtable makes again at every export, whatever the designer did to it: its set-ups, its
// counter tray and its charts (their pages are made from the scenario).
bool remade(pugi::xml_node n) {
    const std::string_view tag = n.name();
    const std::string name = nameOf(n);
    if (tag == "VASSAL.build.module.PredefinedSetup") {
        return std::string_view(n.attribute("file").value()).starts_with("setups/scenario-");
    }
    if (tag == "VASSAL.build.module.PieceWindow") {
        return name == "Counters";
    }
    if (tag == "VASSAL.build.module.ChartWindow") {
        return name == scenarioChart || name == scenariosChart || name == playHelpChart ||
               name == rulesetTablesChart;
    }
    return false;
}

// The entries Sandtable writes; any other entry of the old module is the designer's.
bool madeFile(std::string_view name) {
    for (std::string_view prefix : {"images/unit-", "images/commander-", "images/train-", "images/marker-",
                                    "images/reinforcements", "setups/scenario-", "scenario"}) {
        if (name.starts_with(prefix)) {
            return true;
        }
    }
    return name == "buildFile.xml" || name == "buildFile" || name == "moduledata" ||
           name == "images/board.png" || name == "images/casualties.png" || name == "images/moved.png" ||
           name == playHelpPage || name == rulesetTablesPage;
}

bool isTurnLevel(pugi::xml_node n) {
    const std::string_view tag = n.name();
    return tag == "VASSAL.build.module.turn.CounterTurnLevel" ||
           tag == "VASSAL.build.module.turn.ListTurnLevel";
}

// A tracker's levels are as Sandtable writes them: one counter or list, nothing inside it.
bool sandtableTurnLevels(pugi::xml_node tracker) {
    const auto isElement = [](pugi::xml_node n) { return n.type() == pugi::node_element; };
    const auto elements = [&](pugi::xml_node n) {
        return std::count_if(n.children().begin(), n.children().end(), isElement);
    };
    const pugi::xml_node level = tracker.find_child(isElement);
    return elements(tracker) == 1 && isTurnLevel(level) && elements(level) == 0;
}

std::string levelsText(pugi::xml_node tracker) {
    std::ostringstream out;
    for (pugi::xml_node child : tracker.children()) {
        child.print(out, "", pugi::format_raw);
    }
    return out.str();
}

// "Turn $level1$ of 44", or the list's first and last turn: "8:00 am, 1 July 1863 to ...".
std::string turnsDescribed(pugi::xml_node tracker) {
    pugi::xml_node list = tracker.child("VASSAL.build.module.turn.ListTurnLevel");
    if (!list) {
        return tracker.attribute("turnFormat").value();
    }
    const std::vector<std::string> turns = vassalTokens(list.attribute("list").value(), ',');
    return std::to_string(turns.size()) + " turns, " +
           (turns.empty() ? "" : turns.front() + " to " + turns.back());
}

// A component of Sandtable's that the designer kept, with what comes from the scenario and its
// ruleset made again: the turns the tracker counts (unless the designer wrote a turn format of
// their own) and the dice a button rolls (the ruleset's, house rules included, and the generals
// taking part). The rest of its settings stay the designer's.
void renewScenarioFacts(pugi::xml_node kept, pugi::xml_node made, std::vector<std::string>& report) {
    const std::string_view tag = kept.name();
    const auto renew = [&](const char* attribute) {
        const std::string now = made.attribute(attribute).value();
        if (std::string_view(kept.attribute(attribute).value()) == now) {
            return false;
        }
        (kept.attribute(attribute) ? kept.attribute(attribute) : kept.append_attribute(attribute))
            .set_value(now.c_str());
        return true;
    };
    if (tag == "VASSAL.build.module.turn.TurnTracker") {
        const std::string_view format = kept.attribute("turnFormat").value();
        const bool ours = isSandtableTurnFormat(format);
        bool renewed = ours && renew("turnFormat");
        // The report Sandtable wrote before turns had times ("turn Turn 3 of 44 ends"), never the
        // designer's.
        if (std::string_view(kept.attribute("reportFormat").value()) ==
            "* <$PlayerId$> turn $oldTurn$ ends; $newTurn$ begins") {
            renewed = renew("reportFormat") || renewed;
        }
        // The levels are Sandtable's while they are one counter or list of turns with none inside.
        if (sandtableTurnLevels(kept) && levelsText(kept) != levelsText(made)) {
            while (pugi::xml_node level = kept.find_child([](pugi::xml_node n) { return isTurnLevel(n); })) {
                kept.remove_child(level);
            }
            for (pugi::xml_node level : made.children()) {
                if (isTurnLevel(level)) {
                    kept.append_copy(level);
                }
            }
            renewed = true;
        } else if (!sandtableTurnLevels(kept)) {
            report.push_back("kept your turn levels; the scenario's set-ups may not start them at its "
                             "first turn");
        }
        if (renewed) {
            report.push_back("the turn tracker counts the scenario's turns again: " + turnsDescribed(made));
        }
        if (!ours && std::string_view(made.attribute("turnFormat").value()) != format) {
            report.push_back("kept your turn format '" + std::string(format) +
                             "'; the scenario's would be '" + made.attribute("turnFormat").value() + "'");
        }
    } else if (tag == "VASSAL.build.module.DiceButton") {
        const bool dice = renew("nDice");
        const bool sides = renew("nSides");
        if (dice || sides) {
            report.push_back("dice button '" + nameOf(kept) + "' rolls " + made.attribute("nDice").value() +
                             "D" + made.attribute("nSides").value() +
                             " again, as the ruleset and the scenario say");
        }
    }
}

// A map Sandtable made, as the designer left it, with Sandtable's boards and at-start stacks made
// again and any component the new export has and the old map lacks added.
void mergeMap(pugi::xml_node old, pugi::xml_node made, std::vector<std::string>& report) {
    pugi::xml_node merged = made.parent().insert_copy_before(old, made);
    for (pugi::xml_node child = merged.first_child(); child;) {
        pugi::xml_node next = child.next_sibling();
        const std::string_view tag = child.name();
        if (tag == "VASSAL.build.module.map.BoardPicker" || tag == "VASSAL.build.module.map.SetupStack") {
            merged.remove_child(child);
        }
        child = next;
    }
    std::set<std::string> present;
    for (pugi::xml_node child : merged.children()) {
        present.insert(child.name());
    }
    pugi::xml_node first = merged.first_child();
    for (pugi::xml_node child : made.children()) {
        const std::string_view tag = child.name();
        if (tag == "VASSAL.build.module.map.BoardPicker" || tag == "VASSAL.build.module.map.SetupStack") {
            first ? merged.insert_copy_before(child, first) : merged.append_copy(child);
        } else if (!present.contains(child.name())) {
            merged.append_copy(child);
        }
    }
    // Said only where the designer changed something of the map's own or added to it.
    bool changed = false;
    for (pugi::xml_attribute a : old.attributes()) {
        changed = changed || std::string_view(made.attribute(a.name()).value()) != a.value();
    }
    std::set<std::string> madeTags;
    for (pugi::xml_node child : made.children()) {
        madeTags.insert(child.name());
    }
    for (pugi::xml_node child : old.children()) {
        changed = changed || !madeTags.contains(child.name());
    }
    if (changed) {
        report.push_back("kept your settings of map '" + nameOf(old) + "'; its boards and set-up made again");
    }
    made.parent().remove_child(made);
}

// A prototype Sandtable made: its traits made again, and the traits the designer added to it (any
// whose type the new prototype lacks and that do not say Sandtable made them) kept, outermost.
std::string mergePrototype(const std::string& oldDefinition, const std::string& madeDefinition,
                           const std::string& name, std::vector<std::string>& report) {
    auto old = decodeVassalPiece(oldDefinition);
    auto made = decodeVassalPiece(madeDefinition);
    if (!old || !made) {
        report.push_back("could not keep what you changed in prototype '" + name + "': it does not decode (" +
                         (old ? made.error() : old.error()) + ")");
        return madeDefinition;
    }
    std::set<std::string> madeTypes;
    for (const VassalTrait& t : made->traits) {
        madeTypes.insert(t.type);
    }
    std::vector<VassalTraitText> theirs;
    for (std::size_t i = 0; i + 1 < old->traits.size(); ++i) {
        const VassalTrait& t = old->traits[i];
        if (!madeTypes.contains(t.type) && t.type.find(sandtableTraitMark) == std::string::npos) {
            theirs.push_back({t.type, t.state});
        }
    }
    if (theirs.empty()) {
        return madeDefinition;
    }
    std::vector<VassalTraitText> chain = theirs;
    for (std::size_t i = 0; i + 1 < made->traits.size(); ++i) {
        chain.push_back({made->traits[i].type, made->traits[i].state});
    }
    const VassalTrait& basic = made->traits.back();
    const VassalTraitText whole = vassalChain(chain, {basic.type, basic.state});
    report.push_back("kept " + std::to_string(theirs.size()) + (theirs.size() == 1 ? " trait" : " traits") +
                     " you added to prototype '" + name + "'");
    return vassalSequence({"+", made->id, whole.type, whole.state}, '/');
}

void mergePrototypes(pugi::xml_node old, pugi::xml_node made, std::vector<std::string>& report) {
    for (pugi::xml_node definition : old.children("VASSAL.build.module.PrototypeDefinition")) {
        const std::string name = definition.attribute("name").value();
        pugi::xml_node ours =
            made.find_child_by_attribute("VASSAL.build.module.PrototypeDefinition", "name", name.c_str());
        if (!ours) {
            made.append_copy(definition);
            report.push_back("kept your prototype '" + name + "'");
            continue;
        }
        ours.text() = mergePrototype(definition.child_value(), ours.child_value(), name, report).c_str();
    }
}

} // namespace

std::expected<std::vector<std::string>, std::string>
mergeVassalUpdate(const std::filesystem::path& old, pugi::xml_document& made,
                  std::vector<VassalArchiveFile>& files) {
    const std::string where = old.string() + ": ";
    auto names = listVassalModuleEntries(old);
    if (!names) {
        return std::unexpected(names.error().toString());
    }
    const std::string build =
        std::ranges::find(*names, "buildFile.xml") != names->end() ? "buildFile.xml" : "buildFile";
    if (std::ranges::find(*names, build) == names->end()) {
        return std::unexpected(where +
                               "not a VASSAL module: it holds no buildFile.xml (nor the older buildFile)");
    }
    auto entries = readVassalModuleEntries(old, {build}, limits::maxVassalBuildFileBytes);
    if (!entries) {
        return std::unexpected(entries.error().toString());
    }
    const auto& text = entries->at(build);
    if (!text) {
        return std::unexpected(where + text.error());
    }
    pugi::xml_document oldDoc;
    if (pugi::xml_parse_result parsed = oldDoc.load_buffer(text->data(), text->size()); !parsed) {
        return std::unexpected(where + build + " is not well-formed XML: " + parsed.description());
    }
    pugi::xml_node oldRoot = oldDoc.document_element();
    if (std::string_view(oldRoot.name()) != gameModule) {
        return std::unexpected(where + "not a VASSAL module: its build file's root is <" + oldRoot.name() +
                               ">");
    }
    if (std::string_view(oldRoot.attribute("ModuleOther1").value()) != sandtableModuleMark &&
        !std::string_view(oldRoot.attribute("description").value()).starts_with("Made by Sandtable")) {
        return std::unexpected(
            where + "was not made by Sandtable (it has no Sandtable mark), so nothing in it can be "
                    "told apart from what to make again; export a new module instead");
    }

    pugi::xml_document merged;
    merged.reset(made);
    pugi::xml_node root = merged.document_element();
    std::vector<std::string> report;
    for (pugi::xml_node child : oldRoot.children()) {
        if (child.type() != pugi::node_element) {
            continue;
        }
        const std::string_view tag = child.name();
        const std::string key = keyOf(child);
        pugi::xml_node ours = root.find_child([&](pugi::xml_node n) { return keyOf(n) == key; });
        if (isMap(tag) && ours) {
            mergeMap(child, ours, report);
        } else if (tag == "VASSAL.build.module.PrototypesContainer" && ours) {
            mergePrototypes(child, ours, report);
        } else if (remade(child)) {
            continue; // made again from the scenario
        } else if (ours) {
            // A component of Sandtable's the designer may have changed: theirs, with the
            // scenario's facts made again.
            renewScenarioFacts(root.insert_copy_before(child, ours), ours, report);
            root.remove_child(ours);
        } else {
            root.append_copy(child);
            report.push_back("kept your " + shortTag(tag) +
                             (nameOf(child).empty() ? std::string() : " '" + nameOf(child) + "'"));
        }
    }
    // Sandtable's mark and version stay Sandtable's.
    root.attribute("ModuleOther1")
        ? root.attribute("ModuleOther1").set_value(std::string(sandtableModuleMark).c_str())
        : root.append_attribute("ModuleOther1").set_value(std::string(sandtableModuleMark).c_str());

    // The designer's files: every entry of the old module Sandtable does not write.
    std::set<std::string> written;
    for (const VassalArchiveFile& f : files) {
        written.insert(f.name);
    }
    std::vector<std::string> keep;
    for (const std::string& name : *names) {
        if (!madeFile(name) && !written.contains(name)) {
            keep.push_back(name);
        }
    }
    long long total = 0;
    std::vector<VassalArchiveFile> kept;
    if (!keep.empty()) {
        auto bytes = readVassalModuleEntries(old, keep, limits::maxVassalKeptFileBytes);
        if (!bytes) {
            return std::unexpected(bytes.error().toString());
        }
        for (const std::string& name : keep) {
            const auto& entry = bytes->at(name);
            if (!entry) {
                report.push_back("could not keep your file " + name + ": " + entry.error());
                continue;
            }
            total += static_cast<long long>(entry->size());
            if (total > limits::maxVassalKeptBytes) {
                return std::unexpected(where + "its files come to more than " +
                                       limits::formatNumber(limits::maxVassalKeptBytes) +
                                       " bytes unpacked; nothing was written");
            }
            kept.push_back({name, *entry});
        }
        if (!kept.empty()) {
            report.push_back("kept " + std::to_string(kept.size()) + " of your files (" + kept.front().name +
                             (kept.size() > 1 ? ", ..." : "") + ")");
        }
    }
    made.reset(merged);
    files.insert(files.end(), kept.begin(), kept.end());
    return report;
}

} // namespace sandtable
