// The Edit, Scenario, Units, Tools and Help menus: undo and the area's clipboard, the scenario's
// title and ruleset, the order of battle's additions and imports, the tools, the help.
#include "main_frame.hpp"
#include "wx_paths.hpp"

#include "app_icon.hpp"

#include "formats/atomic_file.hpp"
#include "formats/oob_csv.hpp"
#include "formats/ruleset_xml.hpp"
#include "model/commands/edits.hpp"
#include "model/good_old_rebel_tables.hpp"
#include "panels/oob_panel.hpp"
#include "panels/tools_panel.hpp"
#include "tools/tool_list.hpp"

#include <wx/aboutdlg.h>
#include <wx/choicdlg.h>
#include <wx/filedlg.h>
#include <wx/numdlg.h>
#include <wx/textdlg.h>

namespace sandtable {

Actions MainFrame::editActions() {
    const auto undoable = [this] { return doc_ && doc_->history().canUndo(); };
    const auto redoable = [this] { return doc_ && doc_->history().canRedo(); };
    return {
        {.name = "edit.undo",
         .menu = "&Edit",
         .label = "&Undo",
         .shortcut = "Ctrl+Z",
         .help = "Take back the last edit (a whole stroke or drag is one)",
         .stockId = wxID_UNDO,
         .onToolbar = true,
         .run = [this] { doc_->undo(); },
         .enabled = undoable,
         .currentLabel = [this] { return "&Undo " + (doc_ ? doc_->history().undoText().value_or("") : ""); }},
        {.name = "edit.redo",
         .menu = "&Edit",
         .label = "&Redo",
         .shortcut = "Ctrl+Y",
         .help = "Do again what Undo took back",
         .stockId = wxID_REDO,
         .onToolbar = true,
         .run = [this] { doc_->redo(); },
         .enabled = redoable,
         .currentLabel = [this] { return "&Redo " + (doc_ ? doc_->history().redoText().value_or("") : ""); }},
        {.name = "edit.copy-area",
         .menu = "&Edit",
         .label = "&Copy area",
         .shortcut = "Ctrl+C",
         .help = "Copy the cells of the area chosen with the Area tool",
         .stockId = wxID_COPY,
         .separatorBefore = true,
         .run =
             [this] {
                 if (canvas_->tools() && !canvas_->tools()->copyArea()) {
                     SetStatusText("Choose an area first with the Area tool", 0);
                 }
             }},
        {.name = "edit.paste-area",
         .menu = "&Edit",
         .label = "&Paste at the mouse",
         .shortcut = "Ctrl+V",
         .help = "Paste the copied cells with their corner at the cell under the pointer",
         .stockId = wxID_PASTE,
         .run =
             [this] {
                 if (canvas_->tools() && canvas_->hoverCell()) {
                     canvas_->tools()->pasteAt(*canvas_->hoverCell());
                 }
             }},
        {.name = "edit.clear-area",
         .menu = "&Edit",
         .label = "C&lear area",
         .help = "Clear what the area holds (Delete on the map does it too)",
         .stockId = wxID_DELETE,
         .run =
             [this] {
                 if (canvas_->tools()) {
                     canvas_->tools()->deleteArea();
                 }
             }},
    };
}

Actions MainFrame::scenarioActions() {
    const auto hasDocument = [this] { return doc_ != nullptr; };
    return {
        {.name = "scenario.ruleset",
         .menu = "&Scenario",
         .label = "&Ruleset...",
         .help = "The ruleset the scenario is played with: a built-in one or a house-rules file",
         .run = [this] { chooseRuleset(); },
         .enabled = hasDocument},
    };
}

void MainFrame::chooseRuleset() {
    wxArrayString choices;
    for (const std::string& builtinName : builtinRulesetNames()) {
        choices.Add(wxString::FromUTF8(builtinName));
    }
    const int houseRules = static_cast<int>(choices.size());
    choices.Add("A house-rules file...");
    const int pick = wxGetSingleChoiceIndex("Ruleset for this scenario", "Ruleset", choices, this);
    if (pick < 0) {
        return;
    }
    std::string name = choices[static_cast<std::size_t>(pick)].utf8_string();
    if (pick == houseRules) {
        wxFileDialog dialog(this, "House rules", lastFolder_, "", "Ruleset files (*.xml)|*.xml",
                            wxFD_OPEN | wxFD_FILE_MUST_EXIST);
        if (dialog.ShowModal() != wxID_OK) {
            return;
        }
        name = dialog.GetPath().utf8_string();
    }
    if (auto used = doc_->useRuleset(name); !used) {
        reportError("Cannot use this ruleset", wxString::FromUTF8(used.error()));
        return;
    }
    ScenarioInfo info = doc_->scenario().info;
    info.ruleset = name;
    doc_->execute(edits::setInfo(doc_->scenario(), info));
}

Actions MainFrame::unitActions() {
    const auto hasDocument = [this] { return doc_ != nullptr; };
    Actions actions;
    // Each adds at the tree's selection (or the nearest level above it that takes the item); where
    // none does, add() says where to select first, so the items stay enabled.
    constexpr std::array<std::pair<OobAddition, const char*>, 8> shortcuts{
        {{OobAddition::Army, "Ctrl+Shift+A"},
         {OobAddition::Corps, "Ctrl+Shift+C"},
         {OobAddition::IndependentBrigade, "Ctrl+Shift+I"},
         {OobAddition::IndependentUnit, "Ctrl+Shift+R"},
         {OobAddition::Division, "Ctrl+Shift+D"},
         {OobAddition::Train, "Ctrl+Shift+W"},
         {OobAddition::Brigade, "Ctrl+Shift+B"},
         {OobAddition::Unit, "Ctrl+Shift+U"}}};
    for (const auto& [addition, shortcut] : shortcuts) {
        std::string label(additionLabel(addition));
        std::ranges::transform(label, label.begin(), [](unsigned char c) { return std::tolower(c); });
        const std::string shortLabel(additionLabel(addition).substr(0, additionLabel(addition).find(" (")));
        // The panel's toolbar keeps to one row: the independent ones are in the menu only.
        const bool onPanel =
            addition != OobAddition::IndependentBrigade && addition != OobAddition::IndependentUnit;
        actions.push_back({.name = oobAdditionActionName(addition),
                           .menu = "&Units",
                           .label = "Add " + label,
                           .shortcut = shortcut,
                           .help = "Add " + std::string(additionLabel(addition)) + " at the selected item",
                           .button = onPanel ? "+ " + shortLabel : "",
                           .run = [this, addition] { oob_->add(addition); },
                           .enabled = hasDocument});
    }
    actions.push_back({.name = "units.import-csv",
                       .menu = "&Units",
                       .label = "&Import order of battle from CSV...",
                       .help = "Add the headquarters and units of a CSV file (docs/oob-csv.md)",
                       .separatorBefore = true,
                       .run =
                           [this] {
                               wxFileDialog dialog(this, "Import order of battle", lastFolder_, "",
                                                   "CSV files (*.csv)|*.csv|All files|*",
                                                   wxFD_OPEN | wxFD_FILE_MUST_EXIST);
                               if (dialog.ShowModal() == wxID_OK) {
                                   importOrderOfBattle(pathOf(dialog.GetPath()));
                               }
                           },
                       .enabled = hasDocument});
    actions.push_back(
        {.name = "units.roll-tables",
         .menu = "&Units",
         .label = "&Roll quality and arms from the tables...",
         .help = "I'm a Good Old Rebel's tables for the scenario's date and theatre",
         .run =
             [this] {
                 const wxString sides[] = {"Union", "Confederate"};
                 const int side = wxGetSingleChoiceIndex(
                     "Roll quality and small arms for which side?\n(I'm a Good Old Rebel's "
                     "tables for the scenario's date and theatre)",
                     "Roll from the tables", 2, sides, this);
                 if (side < 0) {
                     return;
                 }
                 const long seed = wxGetNumberFromUser("Seed (the same seed gives the same rolls)", "",
                                                       "Roll from the tables", 1, 0, 1000000000, this);
                 if (seed >= 0) {
                     doc_->execute(fillFromGoodOldRebelTables(doc_->scenario(), static_cast<Side>(side),
                                                              static_cast<std::uint64_t>(seed)));
                 }
             },
         .enabled = hasDocument});
    return actions;
}

bool MainFrame::importOrderOfBattle(const std::filesystem::path& file) {
    auto text = readWholeFile(file);
    if (!text) {
        reportError("Cannot import", wxString::FromUTF8(file.string() + ": " + text.error()));
        return false;
    }
    const Scenario& s = doc_->scenario();
    auto imported =
        readOrderOfBattleCsv(*text, file.string(), s.oob,
                             CsvImportRules{.oneArmyPerSide = doc_->ruleActive("command.one-army-per-side")});
    if (!imported) {
        reportError("Cannot import", wxString::FromUTF8(imported.error().toString()));
        return false;
    }
    doc_->execute(importCommand(s, *imported));
    SetStatusText(wxString::Format("Imported %zu headquarters, %zu units and %zu trains",
                                   imported->headquarters.size(), imported->units.size(),
                                   imported->trains.size()),
                  0);
    return true;
}

Actions MainFrame::toolActions() {
    // Single keys are not menu accelerators: they act only while the map has the focus (the canvas
    // reads the same list of tools), so typing a name in a panel never switches tools.
    Actions actions;
    for (const ToolInfo& info : mapToolInfos()) {
        actions.push_back({.name = "tool." + std::string(info.id.name),
                           .menu = "&Tools",
                           .label = std::string(info.title),
                           .shortcut = shortcutText(info),
                           .scope = ShortcutScope::Map,
                           .help = std::string(info.help),
                           .onToolbar = true,
                           .icon = info.icon,
                           .radio = true,
                           .checked =
                               [this, tool = info.id] {
                                   return canvas_->tools() != nullptr &&
                                          canvas_->tools()->settings.tool == tool;
                               },
                           .setChecked =
                               [this, tool = info.id](bool on) {
                                   if (on) {
                                       tools_->selectTool(tool);
                                   }
                               }});
    }
    return actions;
}

Actions MainFrame::helpActions() {
    return {
        {.name = "help.user-guide",
         .menu = "&Help",
         .label = "&User guide",
         .shortcut = "F1",
         .help = "Open the user guide in the browser",
         .run = [this] { openUserGuide(); }},
        {.name = "help.shortcuts",
         .menu = "&Help",
         .label = "&Keyboard shortcuts",
         .help = "Every key of the menus, the tools and the map",
         .run = [this] { showKeyboardShortcuts(); }},
        {.name = "help.about",
         .menu = "&Help",
         .label = "&About Sandtable",
         .help = "Sandtable's version and purpose",
         .stockId = wxID_ABOUT,
         .separatorBefore = true,
         .run =
             [] {
                 wxAboutDialogInfo info;
                 info.SetName("Sandtable");
                 info.SetVersion(SANDTABLE_VERSION);
                 info.SetIcon(appIcons().GetIcon(64));
                 info.SetDescription("Scenario and map editor for American Civil War grid wargames");
                 wxAboutBox(info);
             }},
    };
}

} // namespace sandtable
