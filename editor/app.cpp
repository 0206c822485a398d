#include "main_frame.hpp"

#include <wx/app.h>
#include <wx/cmdline.h>

namespace sandtable {

// The editor application: one main window, opened on the file named on the command line.
class SandtableApp : public wxApp {
  public:
    bool OnInit() override {
        SetAppName("Sandtable");
        auto* frame = new MainFrame;
        frame->Show();
        if (argc > 1) {
            frame->open(std::string(argv[1].utf8_str()));
        }
        return true;
    }
};

} // namespace sandtable

wxIMPLEMENT_APP_NO_MAIN(sandtable::SandtableApp);
