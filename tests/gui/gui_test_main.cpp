// GoogleTest main for tests that open real windows: a GTK application is started first. Listing
// tests needs no display, so test discovery works anywhere.
#include "editor/main_frame.hpp"

#include <gtest/gtest.h>
#include <wx/app.h>
#include <wx/init.h>

#include <cstring>

// The editor's own exception policy (sandtable's App uses the same function).
class TestApp : public wxApp {
  public:
    bool OnExceptionInMainLoop() override { return sandtable::recoverFromExceptionInMainLoop(); }
};

int main(int argc, char** argv) {
    bool listOnly = false;
    for (int i = 1; i < argc; ++i) {
        listOnly = listOnly || std::strcmp(argv[i], "--gtest_list_tests") == 0;
    }
    testing::InitGoogleTest(&argc, argv);
    if (listOnly) {
        return RUN_ALL_TESTS();
    }
    wxApp::SetInstance(new TestApp);
    if (!wxEntryStart(argc, argv) || !wxTheApp->CallOnInit()) {
        fprintf(stderr, "cannot start the GUI (is DISPLAY set? run under xvfb-run)\n");
        return 1;
    }
    const int result = RUN_ALL_TESTS();
    wxTheApp->OnExit();
    wxEntryCleanup();
    return result;
}
