// The table of actions (editor/actions/): every command once, in its menu, with a shortcut of its
// own; the order of battle's buttons are actions of the table; Help and the user guide list exactly
// the keys the editor handles.
#include "editor/actions/shortcut_table.hpp"
#include "editor/canvas/map_keys.hpp"
#include "editor/panels/oob_panel.hpp"
#include "editor/panels/scenarios_panel.hpp"
#include "editor/tools/fill_tool.hpp"
#include "editor/tools/tool_list.hpp"
#include "editor_window.hpp"
#include "tests/file_bytes.hpp"

#include <wx/bmpbndl.h>
#include <wx/button.h>
#include <wx/menu.h>
#include <wx/toolbar.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace sandtable {
namespace {

using ActionTable = EditorWindow;

std::string lower(std::string text) {
    std::ranges::transform(text, text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

TEST_F(ActionTable, NoTwoActionsShareANameOrAShortcut) {
    std::set<std::string> names;
    std::map<std::string, std::string> byShortcut;
    for (const Action& action : frame->actions()) {
        EXPECT_TRUE(names.insert(action.name).second) << "two actions are named " << action.name;
        if (action.shortcut.empty()) {
            continue;
        }
        // Ctrl+Shift+A and ctrl+shift+a are one key.
        const auto [taken, fresh] = byShortcut.emplace(lower(action.shortcut), action.name);
        EXPECT_TRUE(fresh) << action.shortcut << " is both " << taken->second << " and " << action.name;
    }
    EXPECT_GE(byShortcut.size(), 35u) << "the menus' and the tools' shortcuts";
    // The map's own keys are taken once, and none is also a tool's single key.
    std::set<int> codes;
    for (const MapKey& key : mapKeys()) {
        for (const int code : key.codes) {
            EXPECT_TRUE(codes.insert(code).second) << key.keys << " handles a key another map key handles";
            EXPECT_FALSE(toolForKey(code, false).has_value()) << key.keys << " is also a tool's key";
            EXPECT_FALSE(toolForKey(code, true).has_value())
                << key.keys << " with Shift is also a tool's key";
        }
    }
}

// Every item of `menu` and its submenus, with the top-level menu it is in.
void collectItems(const wxMenu& menu, std::vector<const wxMenuItem*>& items) {
    for (const wxMenuItem* item : menu.GetMenuItems()) {
        items.push_back(item);
        if (item->GetSubMenu() != nullptr) {
            collectItems(*item->GetSubMenu(), items);
        }
    }
}

TEST_F(ActionTable, EveryActionIsAnItemOfItsMenuWithItsShortcutAndEveryItemIsAnAction) {
    wxMenuBar* bar = frame->GetMenuBar();
    ASSERT_NE(bar, nullptr);
    std::set<int> actionIds;
    for (const Action& action : frame->actions()) {
        actionIds.insert(action.id);
        wxMenu* menu = nullptr;
        const wxMenuItem* item = bar->FindItem(action.id, &menu);
        ASSERT_NE(item, nullptr) << action.name << " is in no menu";
        // In the menu the table names, under the submenu it names.
        const std::string path = plainMenuPath(action.menu);
        const int top = bar->FindMenu(wxString::FromUTF8(path.substr(0, path.find('/'))));
        ASSERT_NE(top, wxNOT_FOUND) << action.name << ": no menu " << path;
        const wxMenu* root = menu;
        while (root->GetParent() != nullptr) {
            root = root->GetParent();
        }
        EXPECT_EQ(root, bar->GetMenu(static_cast<std::size_t>(top))) << action.name << " is not in " << path;
        EXPECT_EQ(menu->GetParent() != nullptr, path.find('/') != std::string::npos) << action.name;
        const wxString accel = item->GetItemLabel().AfterFirst('\t');
        if (action.scope == ShortcutScope::Window) {
            EXPECT_EQ(accel.utf8_string(), action.shortcut) << action.name;
            if (!action.shortcut.empty()) {
                const std::unique_ptr<wxAcceleratorEntry> entry(item->GetAccel());
                EXPECT_NE(entry, nullptr) << action.shortcut << ": wx does not read it as a shortcut";
            }
        } else {
            // A tool's single key is shown, not made an accelerator: typing in a panel stays typing.
            EXPECT_TRUE(accel.empty()) << action.name;
            EXPECT_TRUE(item->GetItemLabelText().EndsWith("(" + wxString::FromUTF8(action.shortcut) + ")"))
                << item->GetItemLabelText();
        }
    }
    // Nothing in the menus beside the actions: separators, submenus' own items and the recent files.
    std::vector<const wxMenuItem*> items;
    for (std::size_t m = 0; m < bar->GetMenuCount(); ++m) {
        collectItems(*bar->GetMenu(m), items);
    }
    // An action that fills its own submenu (the recent files, the sample battles) owns what is in it.
    std::set<const wxMenu*> filledByAnAction;
    for (const Action& action : frame->actions()) {
        if (action.fillSubmenu) {
            const wxMenuItem* item = bar->FindItem(action.id);
            ASSERT_NE(item->GetSubMenu(), nullptr) << action.name << " fills a submenu it does not have";
            filledByAnAction.insert(item->GetSubMenu());
        }
    }
    for (const wxMenuItem* item : items) {
        if (!item->IsSeparator() && item->GetSubMenu() == nullptr &&
            !filledByAnAction.contains(item->GetMenu())) {
            EXPECT_TRUE(actionIds.contains(item->GetId())) << item->GetItemLabelText() << " is not an action";
        }
    }
}

// Pixels of the picture that are not transparent.
int drawnPixels(const wxBitmapBundle& picture) {
    const wxImage image = picture.GetBitmap(wxSize(24, 24)).ConvertToImage();
    int drawn = 0;
    for (int y = 0; y < image.GetHeight(); ++y) {
        for (int x = 0; x < image.GetWidth(); ++x) {
            drawn += !image.HasAlpha() || image.GetAlpha(x, y) > 0 ? 1 : 0;
        }
    }
    return drawn;
}

TEST_F(ActionTable, TheToolbarIsTheTablesToolbarActionsAndEveryToolWithItsPicture) {
    wxToolBar* bar = frame->GetToolBar();
    ASSERT_NE(bar, nullptr);
    std::vector<std::string> onBar;
    for (std::size_t i = 0; i < bar->GetToolsCount(); ++i) {
        const wxToolBarToolBase* tool = bar->GetToolByPos(static_cast<int>(i));
        if (tool->IsSeparator()) {
            continue;
        }
        const Action* action = nullptr;
        for (const Action& a : frame->actions()) {
            action = a.id == tool->GetId() ? &a : action;
        }
        ASSERT_NE(action, nullptr) << tool->GetShortHelp() << " is no action";
        EXPECT_TRUE(action->onToolbar) << action->name;
        wxString label = wxString::FromUTF8(action->label);
        label.Replace("&", "");
        label.Replace("...", "");
        EXPECT_TRUE(tool->GetShortHelp().StartsWith(label)) << tool->GetShortHelp() << " for " << label;
        EXPECT_EQ(tool->GetShortHelp().EndsWith("(" + wxString::FromUTF8(action->shortcut) + ")"),
                  !action->shortcut.empty())
            << tool->GetShortHelp();
        EXPECT_GT(drawnPixels(tool->GetNormalBitmapBundle()), 40) << action->name << ": a picture";
        onBar.push_back(action->name);
    }
    std::vector<std::string> expected;
    for (const Action& action : frame->actions()) {
        if (action.onToolbar) {
            expected.push_back(action.name);
        }
    }
    EXPECT_EQ(onBar, expected) << "the table's toolbar actions in its order";
    for (const std::string name : {"file.new", "file.open", "file.save", "edit.undo", "edit.redo"}) {
        EXPECT_NE(std::ranges::find(onBar, name), onBar.end()) << name;
    }
    for (const ToolInfo& info : mapToolInfos()) {
        EXPECT_NE(std::ranges::find(onBar, "tool." + std::string(info.id.name)), onBar.end()) << info.title;
        EXPECT_GT(drawnPixels(wxBitmapBundle::FromSVG(std::string(info.icon).c_str(), wxSize(24, 24))), 40)
            << info.title << ": its SVG draws";
    }
}

TEST_F(ActionTable, AToolbarButtonChoosesItsToolAndTheButtonsFollowTheDocument) {
    wxToolBar* bar = frame->GetToolBar();
    const Action* fill = findAction(frame->actions(), "tool.fill");
    const Action* undo = findAction(frame->actions(), "edit.undo");
    ASSERT_NE(fill, nullptr);
    ASSERT_NE(undo, nullptr);
    EXPECT_FALSE(bar->GetToolEnabled(undo->id)) << "nothing to undo on a new map";
    EXPECT_TRUE(bar->GetToolState(findAction(frame->actions(), "tool.select")->id));
    // A click on a radio button of the toolbar: wx sends the tool's id, checked.
    wxCommandEvent click(wxEVT_TOOL, fill->id);
    click.SetEventObject(bar);
    click.SetInt(1);
    bar->ProcessWindowEvent(click);
    pump();
    EXPECT_EQ(frame->canvas()->tools()->settings.tool, FillTool::toolId);
    EXPECT_TRUE(bar->GetToolState(fill->id));
    EXPECT_FALSE(bar->GetToolState(findAction(frame->actions(), "tool.select")->id));
    EXPECT_TRUE(frame->GetMenuBar()->IsChecked(fill->id)) << "the Tools menu follows";
    // A tool chosen by its key: the toolbar follows too.
    key('B');
    pump();
    EXPECT_TRUE(bar->GetToolState(findAction(frame->actions(), "tool.terrain")->id));
    EXPECT_FALSE(bar->GetToolState(fill->id));
    clickCell({3, 3});
    EXPECT_TRUE(bar->GetToolEnabled(undo->id)) << "a stroke can be undone";
    wxCommandEvent undoClick(wxEVT_TOOL, undo->id);
    undoClick.SetEventObject(bar);
    bar->ProcessWindowEvent(undoClick);
    pump();
    EXPECT_FALSE(frame->document()->history().canUndo()) << "the button undid the stroke";
    EXPECT_FALSE(bar->GetToolEnabled(undo->id));
}

TEST_F(ActionTable, TheOrderOfBattlesButtonsAreTheUnitsMenusAdds) {
    std::vector<wxButton*> buttons;
    for (wxWindow* child : frame->orderOfBattle()->GetChildren()) {
        if (auto* button = dynamic_cast<wxButton*>(child)) {
            buttons.push_back(button);
        }
    }
    std::vector<std::string> labels;
    for (const wxButton* button : buttons) {
        labels.push_back(button->GetLabel().utf8_string());
    }
    std::vector<std::string> wanted, wantedOnScenarios;
    for (const Action& action : frame->actions()) {
        if (action.button.empty()) {
            continue;
        }
        // A button is on the order of battle (the Units menu's adds) or on the Scenarios panel
        // (the Scenario menu's list commands), nowhere else.
        if (action.menu == "&Units") {
            wanted.push_back(action.button);
        } else {
            EXPECT_EQ(action.menu, "&Scenario") << action.name;
            EXPECT_TRUE(action.name.starts_with("scenarios.")) << action.name;
            wantedOnScenarios.push_back(action.button);
        }
    }
    EXPECT_EQ(labels, wanted);
    std::vector<std::string> onScenarios;
    for (wxWindow* child : frame->scenariosPanel()->GetChildren()) {
        if (auto* button = dynamic_cast<wxButton*>(child)) {
            onScenarios.push_back(button->GetLabel().utf8_string());
        }
    }
    EXPECT_EQ(onScenarios, wantedOnScenarios);
    EXPECT_EQ(onScenarios,
              (std::vector<std::string>{"New", "Duplicate", "Rename", "Delete", "Up", "Down", "Forces"}));
    ASSERT_FALSE(buttons.empty());
    // A button does what its menu item does: "+ Army" on a side adds an army.
    frame->newScenario(NewMapChoice{});
    pump();
    const std::size_t before = frame->document()->scenario().oob.headquarters.size();
    frame->orderOfBattle()->tree()->SelectItem(frame->orderOfBattle()->sideItem(Side::Union));
    pump();
    ASSERT_EQ(labels.front(), "+ Army");
    ASSERT_TRUE(buttons.front()->IsEnabled()) << "a side takes an army";
    wxCommandEvent click(wxEVT_BUTTON, buttons.front()->GetId());
    click.SetEventObject(buttons.front());
    buttons.front()->ProcessWindowEvent(click);
    pump();
    EXPECT_EQ(frame->document()->scenario().oob.headquarters.size(), before + 1);
}

TEST_F(ActionTable, HelpAndTheUserGuideListExactlyTheEditorsKeys) {
    const std::vector<ShortcutRow> rows = shortcutRows(frame->actions());
    // Help > Keyboard shortcuts: every row.
    const wxString help = frame->keyboardShortcuts();
    for (const ShortcutRow& row : rows) {
        EXPECT_TRUE(help.Contains(wxString::FromUTF8(row.keys))) << row.keys;
        EXPECT_TRUE(help.Contains(wxString::FromUTF8(row.what))) << row.what;
    }
    // The user guide's table, between its markers, is the table the editor makes.
    const fs::path guide = userGuidePath();
    ASSERT_FALSE(guide.empty()) << "docs/user-guide.md not found";
    const std::string all = testing_support::fileBytes(guide);
    const std::string begin = "<!-- shortcuts: begin -->\n", end = "<!-- shortcuts: end -->";
    const auto from = all.find(begin);
    const auto to = all.find(end);
    ASSERT_NE(from, std::string::npos) << guide << " has no " << begin;
    ASSERT_NE(to, std::string::npos) << guide << " has no " << end;
    EXPECT_EQ(all.substr(from + begin.size(), to - from - begin.size()), shortcutsMarkdown(rows))
        << "docs/user-guide.md's keyboard shortcuts differ from the editor's; the table above is the one "
           "to paste between the markers";
}

} // namespace
} // namespace sandtable
