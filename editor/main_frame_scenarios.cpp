// The Scenario menu's list of the battle's scenarios (and the Scenarios panel's buttons): add,
// duplicate, rename, delete, move, and going to the next or previous one.
#include "main_frame.hpp"

#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "model/commands/scenarios.hpp"
#include "model/limits.hpp"

namespace sandtable {

std::optional<std::string> MainFrame::askScenarioTitle(const wxString& prompt, std::size_t index,
                                                       const std::string& suggestion) {
    const wxString answer = askEdit(prompt, wxString::FromUTF8(suggestion));
    if (answer.IsEmpty()) {
        return std::nullopt;
    }
    const std::string title = answer.utf8_string();
    // A new scenario is checked as if it stood at `index`, past the others.
    if (const auto problem = scenarioTitleProblem(doc_->scenario(), index, title)) {
        reportError("Cannot use this title", wxString::FromUTF8(*problem));
        return std::nullopt;
    }
    return title;
}

Actions MainFrame::scenarioListActions() {
    const auto hasDocument = [this] { return doc_ != nullptr; };
    const auto several = [this] { return doc_ && scenarioCount(doc_->scenario()) > 1; };
    const auto hasPrevious = [this] { return doc_ && doc_->scenario().current > 0; };
    const auto hasNext = [this] {
        return doc_ && doc_->scenario().current + 1 < scenarioCount(doc_->scenario());
    };
    return {
        {.name = "scenarios.add",
         .menu = "&Scenario",
         .label = "&New scenario...",
         .help = "A new scenario of this battle, on the same map and order of battle, with nothing deployed",
         .button = "New",
         .separatorBefore = true,
         .run =
             [this] {
                 const Scenario& s = doc_->scenario();
                 const std::size_t at = scenarioCount(s);
                 const std::string suggestion = freeScenarioTitle(s, "Scenario " + std::to_string(at + 1));
                 // The index past the others: no scenario is checked against itself.
                 if (auto title = askScenarioTitle("Title of the new scenario", at, suggestion)) {
                     ScenarioStart start;
                     start.info = s.info; // the same battle: its date, place, ruleset and sides
                     start.info.title = *title;
                     start.info.setupNotes.clear();
                     start.info.specialRules.clear();
                     start.info.objectives = {};
                     start.info.victoryConditions.clear();
                     doc_->execute(edits::addScenario(s, at, std::move(start)));
                 }
             },
         .enabled = hasDocument},
        {.name = "scenarios.duplicate",
         .menu = "&Scenario",
         .label = "&Duplicate scenario...",
         .help = "A copy of this scenario with its whole deployment, to start the next day from the end of "
                 "this one",
         .button = "Duplicate",
         .run =
             [this] {
                 const Scenario& s = doc_->scenario();
                 const std::string suggestion = freeScenarioTitle(s, s.info.title);
                 if (auto title = askScenarioTitle("Title of the copy", scenarioCount(s), suggestion)) {
                     doc_->execute(edits::duplicateScenario(s, *title));
                 }
             },
         .enabled = hasDocument},
        {.name = "scenarios.rename",
         .menu = "&Scenario",
         .label = "Re&name scenario...",
         .help = "This scenario's title, which names it in the file and on the command line",
         .button = "Rename",
         .run =
             [this] {
                 const Scenario& s = doc_->scenario();
                 if (auto title = askScenarioTitle("Scenario title", s.current, s.info.title)) {
                     ScenarioInfo info = s.info;
                     info.title = *title;
                     doc_->execute(edits::setInfo(s, info));
                 }
             },
         .enabled = hasDocument},
        {.name = "scenarios.delete",
         .menu = "&Scenario",
         .label = "De&lete scenario",
         .help = "Delete this scenario (Undo brings it back); the map and order of battle stay",
         .button = "Delete",
         .run =
             [this] {
                 const Scenario& s = doc_->scenario();
                 if (ask("Delete the scenario " + wxString::FromUTF8(limits::quoted(s.info.title)) +
                         " with its deployment? Undo brings it back.") == wxYES) {
                     doc_->execute(edits::removeScenario(s, s.current));
                 }
             },
         .enabled = several},
        {.name = "scenarios.move-up",
         .menu = "&Scenario",
         .label = "Move scenario &up",
         .help = "Put this scenario before the one above it",
         .button = "Up",
         .run =
             [this] {
                 doc_->execute(edits::moveScenario(doc_->scenario(), doc_->scenario().current,
                                                   doc_->scenario().current - 1));
             },
         .enabled = hasPrevious},
        {.name = "scenarios.move-down",
         .menu = "&Scenario",
         .label = "Move scenario do&wn",
         .help = "Put this scenario after the one below it",
         .button = "Down",
         .run =
             [this] {
                 doc_->execute(edits::moveScenario(doc_->scenario(), doc_->scenario().current,
                                                   doc_->scenario().current + 1));
             },
         .enabled = hasNext},
        {.name = "scenarios.next",
         .menu = "&Scenario",
         .label = "Ne&xt scenario",
         .shortcut = "Ctrl+PgDn",
         .help = "Show and edit the next scenario of the battle",
         .separatorBefore = true,
         .run = [this] { doc_->chooseScenario(doc_->scenario().current + 1); },
         .enabled = hasNext},
        {.name = "scenarios.previous",
         .menu = "&Scenario",
         .label = "Pre&vious scenario",
         .shortcut = "Ctrl+PgUp",
         .help = "Show and edit the previous scenario of the battle",
         .run = [this] { doc_->chooseScenario(doc_->scenario().current - 1); },
         .enabled = hasPrevious},
    };
}

} // namespace sandtable
