#include "main_frame.hpp"
#include "model/file_names.hpp"

#include <wx/app.h>
#include <wx/dcclient.h>
#ifdef __WXMSW__
#include <wx/fileconf.h>
#include <wx/filename.h>
#include <wx/stdpaths.h>
#endif
#include <wx/dcmemory.h>
#include <wx/image.h>
#include <wx/msgdlg.h>
#include <wx/timer.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <iostream>
#include <thread>

namespace sandtable {

// As near the program's start as a static can be: after the libraries are loaded, before main.
const auto programStarted = std::chrono::steady_clock::now();

// The editor application: one main window, opened on the file named on the command line.
// `sandtable --screenshot OUT.png [FILE]` opens the window, lets it draw, saves a picture of it
// and quits (for documentation and for checking what a user sees). `--first-paint FILE` opens the
// file and quits as soon as its map has been drawn whole once, printing how long after the program
// started (the editor-start benchmark, tests/bench/vs_peers.sh, times the whole process too).
class SandtableApp : public wxApp {
  public:
    // GTK probes OpenGL as it opens the display (libepoxy loading the GL driver: a quarter of the
    // editor's start to a drawn map, measured under Xvfb). The editor draws with Cairo and has no
    // GL view, so the probe is switched off for the toolkit's start, and the setting is put back
    // for whatever the editor starts later (a user's own GDK_GL is left alone).
    bool Initialize(int& count, wxChar** arguments) override {
#ifdef __WXGTK__
        const bool ours = std::getenv("GDK_GL") == nullptr;
        if (ours) {
            setenv("GDK_GL", "disable", 0);
        }
        const bool started = wxApp::Initialize(count, arguments);
        if (ours) {
            unsetenv("GDK_GL");
        }
        return started;
#else
        return wxApp::Initialize(count, arguments);
#endif
    }

    bool OnInit() override {
        SetAppName("Sandtable");
#ifdef __WXMSW__
        // Settings in a file of the user's application data (%APPDATA%\Sandtable\settings.ini)
        // rather than the registry: one place a user can see, copy or delete.
        const wxString folder = wxStandardPaths::Get().GetUserDataDir();
        wxFileName::Mkdir(folder, wxS_DIR_DEFAULT, wxPATH_MKDIR_FULL);
        // wxApp deletes the global configuration when it exits.
        wxConfigBase::Set(new wxFileConfig("Sandtable", wxEmptyString, folder + "\\settings.ini",
                                           wxEmptyString, wxCONFIG_USE_LOCAL_FILE));
#endif
        wxInitAllImageHandlers();
        std::string file;
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i].utf8_string();
            if (arg == "--screenshot" && i + 1 < argc) {
                screenshot_ = argv[++i].utf8_string();
            } else if (arg == "--first-paint") {
                firstPaint_ = true;
            } else {
                file = arg;
            }
        }
        // The battle is read and checked on a second thread while the window is built: on a big
        // one the two take about as long (Document is wx-free).
        std::future<Document::Opened> early;
        std::jthread reader; // joined when OnInit returns, the document taken (or left for a recovery)
        if (!file.empty()) {
            std::promise<Document::Opened> read;
            early = read.get_future();
            reader = std::jthread([read = std::move(read), path = pathFromUtf8(file)]() mutable {
                try {
                    read.set_value(Document::open(path));
                } catch (...) { // thrown where the document is taken, as if read there
                    read.set_exception(std::current_exception());
                }
            });
        }
        frame_ = new MainFrame; // wx owns top-level windows
        frame_->Show();
        if (!file.empty()) {
            frame_->open(pathFromUtf8(file), std::move(early));
        } else if (screenshot_.empty()) {
            offerRecovery();
        }
        if (!screenshot_.empty()) {
            CallAfter([this] { takeScreenshot(); });
        }
        if (firstPaint_) {
            quitAfterFirstPaint(!file.empty());
        }
        return true;
    }

    int OnExit() override {
        return exitCode_;
    }

    // An exception escaping an event handler (a bad value dropped on a panel, say) must not end
    // the editor and take unsaved work with it.
    bool OnExceptionInMainLoop() override {
        return recoverFromExceptionInMainLoop();
    }
    void OnUnhandledException() override {
        recoverFromExceptionInMainLoop();
    }

  private:
    void offerRecovery() {
        const auto found = findRecoverableAutosaves();
        if (found.empty()) {
            return;
        }
        if (wxMessageBox("Sandtable did not close properly last time. Recover the unsaved scenario?",
                         "Recover", wxYES_NO | wxICON_QUESTION, frame_) == wxYES) {
            if (auto doc = Document::open(found.front())) {
                frame_->open(found.front());
            }
        }
        std::error_code ec;
        std::filesystem::remove(found.front(), ec);
    }

    void quitAfterFirstPaint(bool opened) {
        if (!opened) {
            std::cerr << "sandtable: --first-paint needs a file to open\n";
            std::exit(2);
        }
        // At once, from inside the paint: what is measured is the time to a drawn map, not to a
        // tidy exit. A map that is never drawn (no window shown) fails after a minute.
        frame_->canvas()->onMapPainted = [] {
            const auto ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - programStarted);
            std::cout << "first paint " << ms.count() << " ms after the program started\n" << std::flush;
            std::_Exit(0);
        };
        watchdog_.Bind(wxEVT_TIMER, [](wxTimerEvent&) {
            std::cerr << "sandtable: the map was not drawn within a minute\n";
            std::_Exit(1);
        });
        watchdog_.StartOnce(60'000);
    }

    void takeScreenshot() {
        // Let layout, painting and the panels settle first.
        for (int i = 0; i < 30; ++i) {
            Yield(true);
            wxMilliSleep(20);
        }
        frame_->Update();
        const wxSize size = frame_->GetClientSize();
        wxBitmap shot(size);
        {
            wxMemoryDC mem(shot);
            wxClientDC client(frame_);
            mem.Blit(0, 0, size.x, size.y, &client, 0, 0);
        }
        if (!shot.ConvertToImage().SaveFile(wxString::FromUTF8(screenshot_), wxBITMAP_TYPE_PNG)) {
            std::cerr << "sandtable: cannot write " << screenshot_ << "\n";
            exitCode_ = 2;
        }
        frame_->Destroy();
    }

    MainFrame* frame_ = nullptr;
    std::string screenshot_;
    bool firstPaint_ = false;
    wxTimer watchdog_;
    int exitCode_ = 0;
};

} // namespace sandtable

wxIMPLEMENT_APP_NO_MAIN(sandtable::SandtableApp);
