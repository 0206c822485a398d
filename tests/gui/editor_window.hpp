#pragma once
// The editor window under test: a real MainFrame, shown, with dialogs replaced by recorded answers.
#include "editor/main_frame.hpp"
#include "screen_pixels.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>
#include <wx/app.h>
#include <wx/dcclient.h>
#include <wx/dcmemory.h>
#include <wx/fileconf.h>
#include <wx/image.h>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace sandtable {

namespace fs = std::filesystem;
inline const fs::path sample =
    fs::path(SANDTABLE_SAMPLES) / "first-bull-run" / "first-bull-run.sandtable.xml";

inline void pump() {
    for (int i = 0; i < 20; ++i) {
        wxTheApp->Yield(true);
    }
}

// The canvas's pixels as the screen shows them (read from the screen: tests/gui/screen_pixels says
// why not through the window), after a repaint (of the map too, unless only the
// marks over it were asked to be drawn again).
inline wxImage canvasPixels(MapCanvas* canvas, bool redrawMap = true) {
    if (redrawMap) {
        canvas->Refresh();
    }
    canvas->Update();
    pump();
    wxImage image = pixelsOnTheScreen(*canvas);
    if (!image.IsOk()) {
        ADD_FAILURE() << "the canvas's pixels cannot be read from the screen (is all of it on it?)";
    }
    return image;
}

class EditorWindow : public testing::Test {
  protected:
    void SetUp() override {
        ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);
        // The window's settings go to a file of the test, never the user's own.
        delete wxConfigBase::Set(
            new wxFileConfig("Sandtable", "", (dir / "sandtable.ini").string(), "", wxCONFIG_USE_LOCAL_FILE));
        frame = new MainFrame;
        frame->reportError = [this](const wxString&, const wxString& message) { errors.push_back(message); };
        frame->ask = [this](const wxString& question) {
            questions.push_back(question);
            return answer;
        };
        frame->askText = [](const wxString&) { return wxString("Historical"); };
        frame->Show();
        pump();
    }
    void TearDown() override {
        frame->ask = [](const wxString&) { return wxNO; };
        frame->Destroy();
        pump();
        delete wxConfigBase::Set(nullptr);
        ::unsetenv("XDG_STATE_HOME");
    }
    void menu(int id, int checked = 0) {
        wxCommandEvent e(wxEVT_MENU, id);
        e.SetInt(checked);
        frame->ProcessWindowEvent(e);
        pump();
    }
    // A check item of a menu, set or cleared as a click does.
    void menuCheck(const wxString& menuName, const wxString& label, bool checked) {
        const int id = frame->GetMenuBar()->FindMenuItem(menuName, label);
        ASSERT_NE(id, wxNOT_FOUND) << menuName << " > " << label;
        menu(id, checked ? 1 : 0);
    }
    // A menu command by its menu and label, as the user reads it (no mnemonics or shortcut).
    void menu(const wxString& menuName, const wxString& label) {
        const int id = frame->GetMenuBar()->FindMenuItem(menuName, label);
        ASSERT_NE(id, wxNOT_FOUND) << menuName << " > " << label;
        menu(id);
    }
    // Mouse events on the canvas, as the pointer makes them: press at the first point, move through
    // the others with the button down, release at the last.
    void mouseStroke(const std::vector<Point>& points, bool shift = false) {
        MapCanvas* canvas = frame->canvas();
        auto send = [&](wxEventType type, Point p, bool down) {
            wxMouseEvent e(type);
            const wxPoint screen = canvas->toScreen(p);
            e.m_x = screen.x;
            e.m_y = screen.y;
            e.m_leftDown = down;
            e.m_shiftDown = shift;
            e.SetEventObject(canvas);
            canvas->ProcessWindowEvent(e);
        };
        send(wxEVT_LEFT_DOWN, points.front(), true);
        for (std::size_t i = 1; i < points.size(); ++i) {
            send(wxEVT_MOTION, points[i], true);
        }
        send(wxEVT_LEFT_UP, points.back(), false);
        pump();
    }
    void clickCell(Offset c) { mouseStroke({at(c)}); }
    // A key pressed in `target` (the map canvas unless said).
    void key(wxWindow* target, int code, bool shift = false, bool control = false) {
        wxKeyEvent e(wxEVT_KEY_DOWN);
        e.m_keyCode = code;
        e.m_shiftDown = shift;
        e.m_controlDown = control;
        e.SetEventObject(target);
        target->ProcessWindowEvent(e);
        pump();
    }
    void key(int code, bool shift = false) { key(frame->canvas(), code, shift); }
    Point at(Offset c) const { return frame->canvas()->layout()->cellCenter(c); }
    const Scenario& scenario() const { return frame->document()->scenario(); }

    testing_support::TemporaryFolder folder_{"gui"};
    const fs::path dir = folder_.path();
    MainFrame* frame = nullptr;
    std::vector<wxString> errors;
    std::vector<wxString> questions;
    int answer = wxNO;
};

} // namespace sandtable
