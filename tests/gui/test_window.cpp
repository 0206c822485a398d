// The window around the work: panels, layout and settings kept between runs, the window's size on
// small screens, single-key tools, help.
#include "editor/panels/tools_panel.hpp"
#include "editor_window.hpp"

#include <wx/display.h>

namespace sandtable {
namespace {

using Window = EditorWindow;

TEST_F(Window, PanelsAreHiddenAndShownFromTheViewMenuAndTheLayoutResets) {
    for (const char* pane : {"tools", "minimap", "oob", "properties", "scenario", "problems"}) {
        EXPECT_TRUE(frame->isPaneShown(pane)) << pane;
    }
    menuCheck("View", "Problems", false);
    menuCheck("View", "Order of battle", false);
    EXPECT_FALSE(frame->isPaneShown("problems"));
    EXPECT_FALSE(frame->isPaneShown("oob"));
    menuCheck("View", "Problems", true);
    EXPECT_TRUE(frame->isPaneShown("problems"));
    menu("View", "Reset layout");
    EXPECT_TRUE(frame->isPaneShown("oob"));
}

TEST_F(Window, TheLayoutSizeAndLastFolderPersistBetweenRuns) {
    menuCheck("View", "Scenario", false);
    const fs::path file = dir / "kept" / "battle.xml";
    fs::create_directories(file.parent_path());
    fs::copy_file(sample, file);
    ASSERT_TRUE(frame->open(file));
    frame->SetSize(900, 640);
    pump();
    frame->saveWindowState();

    auto& second = *new MainFrame; // wx owns top-level windows: Destroy() deletes it
    EXPECT_FALSE(second.isPaneShown("scenario")) << "the closed panel came back";
    EXPECT_TRUE(second.isPaneShown("tools"));
    EXPECT_EQ(second.GetSize(), wxSize(900, 640));
    EXPECT_EQ(second.lastFolder(), wxString::FromUTF8(file.parent_path().string()));
    second.Destroy();
    pump();
}

TEST_F(Window, TheWindowNeverOpensLargerThanTheScreen) {
    wxConfigBase::Get()->Write("/Window/Width", 5000L);
    wxConfigBase::Get()->Write("/Window/Height", 4000L);
    wxConfigBase::Get()->Write("/Window/X", -3000L);
    auto& second = *new MainFrame; // wx owns top-level windows: Destroy() deletes it
    const wxRect screen = wxDisplay(0u).GetClientArea();
    EXPECT_LE(second.GetSize().x, screen.width);
    EXPECT_LE(second.GetSize().y, screen.height);
    EXPECT_GE(second.GetPosition().x, screen.x);
    second.Destroy();
    pump();
}

TEST_F(Window, SingleKeysChooseToolsWhileTheMapHasTheFocus) {
    ToolManager& tools = *frame->canvas()->tools();
    const std::vector<std::tuple<int, bool, Tool>> keys{
        {'B', false, Tool::Terrain}, {'F', false, Tool::Fill},   {'I', false, Tool::Eyedropper},
        {'R', false, Tool::Raise},   {'R', true, Tool::Lower},   {'V', false, Tool::SetLevel},
        {'H', false, Tool::Hexside}, {'P', false, Tool::Path},   {'T', false, Tool::Feature},
        {'E', false, Tool::Eraser},  {'U', false, Tool::Supply}, {'A', false, Tool::Area},
        {'S', false, Tool::Select}};
    for (const auto& [code, shift, tool] : keys) {
        key(frame->canvas(), code, shift);
        EXPECT_EQ(tools.settings.tool, tool) << static_cast<char>(code) << (shift ? " with Shift" : "");
    }
    key(frame->canvas(), 'B', false, true); // Ctrl+B is not B
    EXPECT_EQ(tools.settings.tool, Tool::Select);
    // Help lists them, with the menus' shortcuts.
    const wxString help = frame->keyboardShortcuts();
    EXPECT_TRUE(help.Contains("Shift+R")) << help;
    EXPECT_TRUE(help.Contains("Lower ground"));
    EXPECT_TRUE(help.Contains("Ctrl+Z"));
    EXPECT_TRUE(help.Contains("Ctrl+Shift+W")) << "the Units menu's adds";
}

TEST_F(Window, EveryToolsOptionsFitALaptopScreenWithoutScrolling) {
    // 1366 x 768 less the menu bar, the status bar, the palette's caption and the problems pane.
    const int room = 768 - 30 - 25 - 22 - 160;
    for (const auto& [tool, name] : EnumNames<Tool>::names) {
        frame->toolsPanel()->selectTool(tool);
        pump();
        EXPECT_LE(frame->toolsPanel()->neededSize().y, room) << name;
    }
}

TEST_F(Window, HelpOpensTheUserGuide) {
    wxString opened;
    frame->openUrl = [&](const wxString& url) { opened = url; };
    menu("Help", "User guide");
    EXPECT_TRUE(opened.StartsWith("file://")) << opened;
    EXPECT_TRUE(opened.EndsWith("docs/user-guide.md")) << opened;
    EXPECT_TRUE(errors.empty());
}

TEST_F(Window, FitShowsAThousandByAThousandMapWholeAndTheZoomAtOnce) {
    frame->newScenario(NewMapChoice{Grid::Parameters{GridShape::HexFlat, OffsetParity::Odd, 1000, 1000, 1},
                                    400, "", std::nullopt});
    pump();
    frame->canvas()->zoomBy(3, wxPoint(10, 10));
    menu(wxID_ZOOM_FIT);
    frame->canvas()->Update();
    pump();
    const wxSize client = frame->canvas()->GetClientSize();
    EXPECT_LE(frame->canvas()->layout()->width() * frame->canvas()->zoom(), client.x);
    EXPECT_LE(frame->canvas()->layout()->height() * frame->canvas()->zoom(), client.y);
    const wxString shown = frame->GetStatusBar()->GetStatusText(1);
    EXPECT_TRUE(shown.StartsWith("zoom 0.")) << shown;
}

} // namespace
} // namespace sandtable
