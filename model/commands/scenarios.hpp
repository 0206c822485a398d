#pragma once
// The edits of a battle's list of scenarios: add (or duplicate), delete, reorder. Each is one undo
// step that also restores which scenario was current. Choosing the current scenario is not an edit
// (Document::chooseScenario); renaming one is an edit of its information (edits::setInfo).
#include "command.hpp"

#include <string>

namespace sandtable::edits {

// Inserts `start` as scenario `at` and makes it current.
CommandPtr addScenario(const Scenario& s, std::size_t at, ScenarioStart start,
                       std::string text = "Add scenario");
// A copy of the current scenario's start, titled `title`, right after it, made current: the second
// day begun from the end of the first.
CommandPtr duplicateScenario(const Scenario& s, std::string title);
// Deletes scenario `index` (a battle keeps one at least: nullptr for the last).
CommandPtr removeScenario(const Scenario& s, std::size_t index);
// Moves scenario `from` to place `to`; the current one stays current.
CommandPtr moveScenario(const Scenario& s, std::size_t from, std::size_t to);

} // namespace sandtable::edits
