#pragma once
// A ruleset file's <play> section: the dice, the values kept on units and the status markers the
// rules use in play (model/play_rules.hpp). Documented in docs/rules.md ("What play tracks").
#include "model/play_rules.hpp"

#include <string>
#include <vector>

namespace pugi {
class xml_node;
}

namespace sandtable {

// One file's <play>: what it adds or changes, and what it takes away from the ruleset it extends
// (an element with enabled="false": its kind and name).
struct PlaySection {
    PlayRules play;
    struct Removal {
        std::string element; // "dice", "track" or "marker"
        std::string name;
    };
    std::vector<Removal> removed;
};

// Throws ruleset_xml::Failure at the element at fault.
PlaySection readPlaySection(pugi::xml_node play);

// A house rule's play over its parent's: each die, track and marker replaces the parent's of the
// same name, or is added after them; removals drop the parent's.
void mergePlay(PlayRules& into, const PlaySection& child);

} // namespace sandtable
