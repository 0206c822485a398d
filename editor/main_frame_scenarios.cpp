// The Scenario menu's list of the battle's scenarios (and the Scenarios panel's buttons): add,
// duplicate, rename, delete, move, and going to the next or previous one.
#include "main_frame.hpp"

#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "model/commands/scenarios.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <functional>

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

void MainFrame::chooseForces() {
    const Scenario& s = doc_->scenario();
    // Every headquarters, side by side, in order-of-battle order, indented under its parent.
    std::vector<HeadquartersId> ids;
    wxArrayString items;
    std::vector<int> ticked;
    const OrderOfBattle::Subordinates under = s.oob.subordinates(); // one walk, not one per headquarters
    const std::function<void(HeadquartersId, int)> add = [&](HeadquartersId id, int depth) {
        const Headquarters& hq = s.oob.headquarters.at(id);
        const bool listed = s.deployment.forces ? s.deployment.forces->contains(id) : depth == 0;
        if (listed) {
            ticked.push_back(static_cast<int>(ids.size()));
        }
        ids.push_back(id);
        items.Add(wxString(' ', static_cast<std::size_t>(depth) * 4) +
                  wxString::FromUTF8(hq.name + (hq.commander.empty() ? "" : " - " + hq.commander)));
        if (const auto children = under.headquarters.find(id); children != under.headquarters.end()) {
            for (HeadquartersId child : children->second) {
                add(child, depth + 1);
            }
        }
    };
    std::vector<HeadquartersId> armies;
    for (Side side : {Side::Union, Side::Confederate}) {
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.side == side && !hq.parent.valid()) {
                armies.push_back(id);
                add(id, 0);
            }
        }
    }
    const auto answer =
        askChoices("Forces taking part in " + wxString::FromUTF8(limits::quoted(s.info.title)) +
                       ", each with all under it:",
                   items, ticked);
    if (!answer) {
        return;
    }
    if (answer->empty()) {
        reportError("No forces", "A scenario needs at least one force taking part; nothing was changed.");
        return;
    }
    std::set<HeadquartersId> chosen;
    for (int i : *answer) {
        chosen.insert(ids.at(static_cast<std::size_t>(i)));
    }
    // Every army ticked is the whole order of battle, which the file says by listing none.
    const bool whole = std::ranges::all_of(armies, [&](HeadquartersId a) { return chosen.contains(a); });
    std::optional<std::set<HeadquartersId>> forces;
    if (!whole) {
        forces = std::move(chosen);
    }
    // The command takes the others' pieces off; how many is what it leaves fewer.
    const auto deployed = [this] {
        return doc_->scenario().deployment.placements.size() +
               doc_->scenario().deployment.reinforcements.size();
    };
    const std::size_t before = deployed();
    doc_->execute(edits::chooseForces(s, std::move(forces)));
    const std::size_t leaving = before - deployed();
    SetStatusText(leaving == 0
                      ? wxString("Forces taking part chosen")
                      : wxString::Format("Forces taking part chosen; %zu pieces of the others left the "
                                         "map and the schedule (Undo brings them back)",
                                         leaving),
                  0);
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
        {.name = "scenarios.forces",
         .menu = "&Scenario",
         .label = "&Forces taking part...",
         .help = "Which formations take part in this scenario, each with all under it; the others' pieces "
                 "leave its map and schedule",
         .button = "Forces",
         .run = [this] { chooseForces(); },
         .enabled = hasDocument},
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
