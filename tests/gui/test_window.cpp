// The window around the work: panels, layout and settings kept between runs, the window's size on
// small screens, single-key tools, help.
#include "editor/panels/tools_panel.hpp"
#include "editor/tools/area_tool.hpp"
#include "editor/tools/eraser_tool.hpp"
#include "editor/tools/eyedropper_tool.hpp"
#include "editor/tools/feature_tool.hpp"
#include "editor/tools/fill_tool.hpp"
#include "editor/tools/hexside_tool.hpp"
#include "editor/tools/path_tool.hpp"
#include "editor/tools/select_tool.hpp"
#include "editor/tools/set_level_tool.hpp"
#include "editor/tools/shift_ground_tool.hpp"
#include "editor/tools/supply_tool.hpp"
#include "editor/tools/terrain_brush_tool.hpp"
#include "editor/tools/tool_list.hpp"
#include "editor_window.hpp"
#include "screen_pixels.hpp"

#include <wx/display.h>
#include <wx/utils.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace sandtable {
namespace {

using Window = EditorWindow;

// Gettysburg (a copy of the sample) opened in the window: its canvas.
MapCanvas* openGettysburg(MainFrame& frame, const fs::path& dir) {
    const fs::path file = dir / "gettysburg.sandtable.xml";
    fs::copy_file(fs::path(SANDTABLE_SAMPLES) / "gettysburg" / "gettysburg.sandtable.xml", file);
    return frame.open(file) ? frame.canvas() : nullptr;
}

TEST_F(Window, PanelsAreHiddenAndShownFromTheViewMenuAndTheLayoutResets) {
    for (const char* pane : {"tools", "minimap", "oob", "properties", "scenario", "scenarios", "problems"}) {
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
    const std::vector<std::tuple<int, bool, ToolId>> keys{
        {'B', false, TerrainBrushTool::toolId}, {'F', false, FillTool::toolId},
        {'I', false, EyedropperTool::toolId},   {'R', false, ShiftGroundTool::raiseId},
        {'R', true, ShiftGroundTool::lowerId},  {'V', false, SetLevelTool::toolId},
        {'H', false, HexsideTool::toolId},      {'P', false, PathTool::toolId},
        {'T', false, FeatureTool::toolId},      {'E', false, EraserTool::toolId},
        {'U', false, SupplyTool::toolId},       {'A', false, AreaTool::toolId},
        {'S', false, SelectTool::toolId}};
    for (const auto& [code, shift, tool] : keys) {
        key(frame->canvas(), code, shift);
        EXPECT_EQ(tools.settings.tool, tool) << static_cast<char>(code) << (shift ? " with Shift" : "");
    }
    key(frame->canvas(), 'B', false, true); // Ctrl+B is not B
    EXPECT_EQ(tools.settings.tool, SelectTool::toolId);
    // Help lists them, with the menus' shortcuts.
    const wxString help = frame->keyboardShortcuts();
    EXPECT_TRUE(help.Contains("Shift+R")) << help;
    EXPECT_TRUE(help.Contains("Lower ground"));
    EXPECT_TRUE(help.Contains("Ctrl+Z"));
    EXPECT_TRUE(help.Contains("Ctrl+Shift+W")) << "the Units menu's adds";
}

TEST_F(Window, APointerOverTheMapShowsWhereTheBrushWouldPaintWithoutDrawingTheMapAgain) {
    MapCanvas* canvas = frame->canvas();
    key('B');
    const wxImage before = canvasPixels(canvas);
    const int mapPaints = canvas->mapPaints();
    // The middle of a side of the cell under the pointer: the brush's outline runs there.
    const auto [from, to] = canvas->layout()->edgeSegment({{5, 5}, 0});
    const wxPoint side = canvas->toScreen({(from.x + to.x) / 2, (from.y + to.y) / 2});
    auto colourAt = [&](const wxImage& image) {
        return std::tuple(image.GetRed(side.x, side.y), image.GetGreen(side.x, side.y),
                          image.GetBlue(side.x, side.y));
    };
    auto pointer = [&](wxEventType type, Point p) {
        wxMouseEvent e(type);
        const wxPoint screen = canvas->toScreen(p);
        e.m_x = screen.x;
        e.m_y = screen.y;
        e.SetEventObject(canvas);
        canvas->ProcessWindowEvent(e);
    };
    pointer(wxEVT_MOTION, at({5, 5}));
    const wxImage outlined = canvasPixels(canvas, false);
    EXPECT_NE(colourAt(outlined), colourAt(before)) << "the outline over the cell's side";
    EXPECT_EQ(canvas->mapPaints(), mapPaints) << "a moving pointer does not draw the map again";
    pointer(wxEVT_LEAVE_WINDOW, at({5, 5}));
    EXPECT_EQ(colourAt(canvasPixels(canvas, false)), colourAt(before)) << "gone with the pointer";
    EXPECT_EQ(canvas->mapPaints(), mapPaints);
    clickCell({5, 5});
    canvasPixels(canvas, false);
    EXPECT_GT(canvas->mapPaints(), mapPaints) << "an edit draws the map again";
}

// The canvas's pixels far apart from another picture's: how many, and the most apart in a channel.
std::pair<int, int> apart(const wxImage& a, const wxImage& b) {
    int pixels = 0, most = 0;
    for (int y = 0; y < a.GetHeight(); ++y) {
        for (int x = 0; x < a.GetWidth(); ++x) {
            const int d = std::max({std::abs(a.GetRed(x, y) - b.GetRed(x, y)),
                                    std::abs(a.GetGreen(x, y) - b.GetGreen(x, y)),
                                    std::abs(a.GetBlue(x, y) - b.GetBlue(x, y))});
            pixels += d > 2 ? 1 : 0;
            most = std::max(most, d);
        }
    }
    return {pixels, most};
}

// What the window shows now, held to what a whole repaint of the map then shows: the same but for
// antialiasing where parts drawn apart meet.
void expectAWholeRepaintShowsTheSame(MapCanvas& canvas, const std::string& what) {
    const wxImage shown = pixelsOnTheScreen(canvas);
    ASSERT_TRUE(shown.IsOk()) << "the display's pixels cannot be read back";
    canvas.Refresh();
    canvas.Update();
    pump();
    const long long area = static_cast<long long>(canvas.GetClientSize().x) * canvas.GetClientSize().y;
    EXPECT_EQ(canvas.mapPixelsPainted(), area) << what << ": the whole repaint";
    const auto [pixels, most] = apart(shown, pixelsOnTheScreen(canvas));
    EXPECT_LE(pixels, area / 1000) << what;
    EXPECT_LE(most, 24) << what;
}

// A pan by the arrow keys or a drag has the display move what the window shows
// (editor/canvas/shown_pixels), and draws only the strips that come into view and the words the new
// view sets elsewhere: the window then shows what a whole repaint shows.
TEST_F(Window, APanDrawsOnlyWhatCameIntoViewAndTheWindowShowsWhatAWholeRepaintShows) {
    MapCanvas* canvas = openGettysburg(*frame, dir);
    ASSERT_NE(canvas, nullptr);
    // A mouse event on the canvas, the left or the middle button held (until it is released).
    const auto mouse = [&](wxEventType type, wxPoint at, bool middle) {
        wxMouseEvent e(type);
        e.m_x = at.x;
        e.m_y = at.y;
        const bool held = type != wxEVT_LEFT_UP && type != wxEVT_MIDDLE_UP;
        e.m_leftDown = held && !middle;
        e.m_middleDown = held && middle;
        e.SetEventObject(canvas);
        canvas->ProcessWindowEvent(e);
    };
    // An area chosen over the middle of the map (the Area tool dragged across most of the window
    // while it shows the whole map): after the zoom in, every strip a pan brings into view lies in
    // it, and shows its cells outlined and tinted, marks the canvas draws over the map.
    ToolManager& tools = *canvas->tools();
    tools.settings.tool = AreaTool::toolId;
    const wxSize atOpen = canvas->GetClientSize();
    mouse(wxEVT_LEFT_DOWN, wxPoint(atOpen.x / 4, atOpen.y / 4), false);
    mouse(wxEVT_MOTION, wxPoint(atOpen.x * 3 / 4, atOpen.y * 3 / 4), false);
    mouse(wxEVT_LEFT_UP, wxPoint(atOpen.x * 3 / 4, atOpen.y * 3 / 4), false);
    ASSERT_GT(tools.area().size(), 100u) << "the area chosen";
    tools.settings.tool = SelectTool::toolId; // the area stays chosen
    // Close enough for the names, counters and contours' heights.
    canvas->zoomBy(0.6 / canvas->zoom(),
                   wxPoint(canvas->GetClientSize().x / 2, canvas->GetClientSize().y / 2));
    for (int i = 0; i < 10; ++i) {
        wxMilliSleep(50); // the zoom rests, and is drawn sharp
        pump();
    }
    canvasPixels(canvas);
    const wxSize size = canvas->GetClientSize();
    const long long area = static_cast<long long>(size.x) * size.y;
    // The middle button pressed, and the pointer moved with it down: the pan. Released after the
    // window is read (a tool's marks follow the pointer then, and are drawn over all of it).
    const wxPoint middle(size.x / 2, size.y / 2);
    wxPoint dragTo = middle;
    const auto drag = [&](wxPoint by) {
        mouse(wxEVT_MIDDLE_DOWN, middle, true);
        dragTo = middle + by;
        mouse(wxEVT_MOTION, dragTo, true);
    };
    // Each pan: how the view moves over the map, and whether by a drag (else by the arrow keys,
    // 60 pixels a press).
    struct Pan {
        wxPoint by;
        bool drag = false;
    };
    const std::vector<Pan> pans{{{60, 0}},  {{60, 0}},         {{0, 60}},         {{-60, 0}},
                                {{0, -60}}, {{37, -23}, true}, {{-90, 71}, true}, {{-5, 0}, true}};
    for (const Pan& pan : pans) {
        const std::string what = (pan.drag ? "a drag by " : "the keys by ") + std::to_string(pan.by.x) +
                                 ", " + std::to_string(pan.by.y);
        const int paints = canvas->mapPaints();
        if (pan.drag) {
            drag(-pan.by); // the map follows the pointer: the view moves the other way
        } else {
            canvas->scrollByKey(pan.by.x > 0   ? WXK_RIGHT
                                : pan.by.x < 0 ? WXK_LEFT
                                : pan.by.y > 0 ? WXK_DOWN
                                               : WXK_UP);
        }
        canvas->Update();
        pump();
        EXPECT_EQ(canvas->mapPaints(), paints + 1) << what;
        // The strips, and room for a few words set elsewhere; not the window.
        EXPECT_LE(canvas->mapPixelsPainted(),
                  std::abs(pan.by.x) * size.y + std::abs(pan.by.y) * size.x + area / 20)
            << what;
        expectAWholeRepaintShowsTheSame(*canvas, what);
        if (pan.drag) {
            mouse(wxEVT_MIDDLE_UP, dragTo, true);
            canvas->Update();
            pump();
        }
    }
}

// A zoom's frames go to the window outside the toolkit's paint (ShownPixels::beginStraight): the
// notch's whole, each one after it only the tiles it drew sharp; the window then shows what a whole
// repaint shows.
TEST_F(Window, AZoomsFramesShowTheWholeWindowThenOnlyTheTilesDrawnSharpAndEndAsAWholeRepaint) {
    MapCanvas* canvas = openGettysburg(*frame, dir);
    ASSERT_NE(canvas, nullptr);
    const wxSize size = canvas->GetClientSize();
    const wxPoint middle(size.x / 2, size.y / 2);
    canvas->zoomBy(0.6 / canvas->zoom(), middle);
    for (int i = 0; i < 10; ++i) {
        wxMilliSleep(50); // the zoom rests, and is drawn sharp
        pump();
    }
    ASSERT_FALSE(canvas->sharpening());
    const long long area = static_cast<long long>(size.x) * size.y;
    int mapFrames = 0;
    canvas->onMapPainted = [&] { ++mapFrames; };
    canvas->zoomBy(1.15, middle);
    canvas->Update();
    EXPECT_EQ(mapFrames, 1) << "the notch's frame, shown by Update";
    EXPECT_EQ(canvas->mapPixelsPainted(), area) << "a stretch changes every pixel";
    ASSERT_TRUE(canvas->sharpening());
    int frames = 0;
    while (canvas->sharpening() && frames < 500) {
        canvas->sharpenNext();
        canvas->Update();
        ++frames;
        EXPECT_LT(canvas->mapPixelsPainted(), area / 2) << "frame " << frames << ": its tiles";
        EXPECT_GT(canvas->mapPixelsPainted(), 0) << "frame " << frames;
    }
    EXPECT_EQ(mapFrames, 1 + frames);
    EXPECT_FALSE(canvas->sharpening());
    pump();
    expectAWholeRepaintShowsTheSame(*canvas, "after the zoom's frames");
    canvas->onMapPainted = nullptr;
}

// The window's edge dragged: each new size draws the map once at most, only what came into view and
// the words the new size sets elsewhere (the rest of the frame kept in the display's image, the rest
// of the ground in render/view_cache), and the window then shows what a whole repaint shows.
TEST_F(Window, AWindowsEdgeDraggedDrawsTheMapOnceASizeOnlyWhatCameIntoViewAndShowsAWholeRepaint) {
    MapCanvas* canvas = openGettysburg(*frame, dir);
    ASSERT_NE(canvas, nullptr);
    const wxSize atOpen = canvas->GetClientSize();
    canvas->zoomBy(0.6 / canvas->zoom(), wxPoint(atOpen.x / 2, atOpen.y / 2));
    for (int i = 0; i < 10; ++i) {
        wxMilliSleep(50); // the zoom rests, and is drawn sharp
        pump();
    }
    ASSERT_FALSE(canvas->sharpening());
    const wxSize start = frame->GetSize();
    // Smaller, larger again by steps, smaller: the window stays on the screen (it is read back).
    for (const wxSize by :
         {wxSize(-80, -50), wxSize(-40, -26), wxSize(-32, -18), wxSize(-120, -90), wxSize(-300, -220),
          wxSize(-10, -10), wxSize(-200, -100), wxSize(-420, -330), wxSize(-150, -40), wxSize(-160, -260)}) {
        const wxSize before = canvas->GetClientSize();
        const int paints = canvas->mapPaints();
        frame->SetSize(start + by);
        pump();
        canvas->Update();
        pump();
        const wxSize after = canvas->GetClientSize();
        const std::string what = std::to_string(before.x) + " x " + std::to_string(before.y) + " to " +
                                 std::to_string(after.x) + " x " + std::to_string(after.y);
        ASSERT_NE(after, before) << "the canvas took the window's new size";
        const long long area = static_cast<long long>(after.x) * after.y;
        const long long cameIntoView =
            area - static_cast<long long>(std::min(before.x, after.x)) * std::min(before.y, after.y);
        // Smaller, with every word where it was, the image is the new view's already: no paint.
        EXPECT_LE(canvas->mapPaints(), paints + 1) << what << ": the map drawn once at most";
        if (cameIntoView > 0) {
            EXPECT_EQ(canvas->mapPaints(), paints + 1) << what << ": the map drawn once";
        }
        if (canvas->mapPaints() > paints) {
            EXPECT_EQ(canvas->groundPixelsDrawn(), cameIntoView)
                << what << ": the ground that came into view alone";
            // What came into view and room for a few words set elsewhere; the rest of the image kept
            // where it lies.
            EXPECT_LE(canvas->mapPixelsPainted(), cameIntoView + area / 20) << what;
        }
        expectAWholeRepaintShowsTheSame(*canvas, what);
    }
    // Once the window has rested from resizing, nothing is drawn again: the frame the resizes' parts
    // completed is the whole drawing (a word across an old edge too: TextWriter's test on cut text).
    frame->SetSize(start);
    pump();
    canvas->Update();
    pump();
    const int paints = canvas->mapPaints();
    for (int i = 0; i < 20; ++i) {
        wxMilliSleep(50);
        pump();
    }
    EXPECT_EQ(canvas->mapPaints(), paints) << "nothing drawn again once rested";
    expectAWholeRepaintShowsTheSame(*canvas, "rested");
}

// The canvas foresees the wheel's next notch: once a zoom has sharpened, it stretches the ground
// ahead to the view a notch either way would show, about where the pointer rests, between frames;
// after a notch, to the next one the same way. A notch it foresaw copies that ground (its frame,
// ViewCache's tests show, is to the bit the one that stretches it); one about another point
// stretches as before, until the pointer has rested there.
TEST_F(Window, TheNextNotchEitherWayIsStretchedAheadWhileTheViewRestsAndItsFrameCopiesIt) {
    MapCanvas* canvas = openGettysburg(*frame, dir);
    ASSERT_NE(canvas, nullptr);
    const wxSize size = canvas->GetClientSize();
    const wxPoint middle(size.x / 2, size.y / 2);
    // Until the canvas has sharpened what it shows and stretched ahead what it foresees.
    const auto rest = [&] {
        for (int i = 0; i < 100 && (canvas->sharpening() || canvas->stretchingAhead() || i < 8); ++i) {
            wxMilliSleep(50);
            pump();
        }
        ASSERT_FALSE(canvas->sharpening());
        ASSERT_FALSE(canvas->stretchingAhead());
    };
    canvas->zoomBy(0.6 / canvas->zoom(), middle);
    rest();
    canvas->zoomBy(MapCanvas::wheelStep, middle);
    canvas->Update();
    EXPECT_EQ(canvas->rowsStretchedAhead(), size.y) << "in, foreseen";
    rest();
    canvas->zoomBy(1 / MapCanvas::wheelStep, middle);
    canvas->Update();
    EXPECT_EQ(canvas->rowsStretchedAhead(), size.y) << "out, foreseen";
    // While the wheel turns on: the next notch the same way, stretched between the notches.
    for (int i = 0; i < 20 && canvas->stretchingAhead(); ++i) {
        pump();
    }
    canvas->zoomBy(1 / MapCanvas::wheelStep, middle);
    canvas->Update();
    EXPECT_EQ(canvas->rowsStretchedAhead(), size.y) << "out again, foreseen";
    rest();
    // The pointer moves: a notch about it at once was not foreseen; once it has rested there, it is.
    const auto moveTo = [&](wxPoint at) {
        wxMouseEvent moved(wxEVT_MOTION);
        moved.m_x = at.x;
        moved.m_y = at.y;
        moved.SetEventObject(canvas);
        canvas->ProcessWindowEvent(moved);
    };
    const wxPoint elsewhere(size.x / 3, size.y / 4), further(size.x * 2 / 3, size.y / 2);
    moveTo(elsewhere);
    canvas->zoomBy(MapCanvas::wheelStep, elsewhere);
    canvas->Update();
    EXPECT_EQ(canvas->rowsStretchedAhead(), 0) << "about a point the pointer had not rested on";
    rest();
    moveTo(further);
    rest();
    canvas->zoomBy(1 / MapCanvas::wheelStep, further);
    canvas->Update();
    EXPECT_EQ(canvas->rowsStretchedAhead(), size.y) << "about where the pointer rested";
    rest();
}

TEST_F(Window, TheWindowCarriesSandtablesIconAtEverySizeATaskbarAsksFor) {
    const wxIconBundle icons = frame->GetIcons();
    for (const int size : {16, 32, 48, 256}) {
        const wxIcon icon = icons.GetIconOfExactSize(wxSize(size, size));
        ASSERT_TRUE(icon.IsOk()) << size;
        const wxImage image = wxBitmap(icon).ConvertToImage();
        int drawn = 0;
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                drawn += !image.HasAlpha() || image.GetAlpha(x, y) > 0 ? 1 : 0;
            }
        }
        EXPECT_GT(drawn, size * size / 3) << size << ": a picture, not an empty square";
        EXPECT_LT(drawn, size * size) << size << ": a shape, not a filled square";
    }
}

TEST_F(Window, EveryToolsOptionsFitALaptopScreenWithoutScrolling) {
    // 1366 x 768 less the menu bar, the status bar, the palette's caption and the problems pane.
    const int room = 768 - 30 - 25 - 22 - 160;
    for (const ToolInfo& tool : mapToolInfos()) {
        frame->toolsPanel()->selectTool(tool.id);
        pump();
        EXPECT_LE(frame->toolsPanel()->neededSize().y, room) << tool.title;
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
