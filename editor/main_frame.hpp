#pragma once
// The editor's main window. For now it opens a scenario and shows its map read-only.
#include "canvas/map_canvas.hpp"
#include "model/scenario.hpp"

#include <filesystem>
#include <functional>
#include <wx/frame.h>

namespace sandtable {

class MainFrame : public wxFrame {
  public:
    MainFrame();
    // Shows the reader's error (file, line, what) in a dialog and keeps the current scenario on failure.
    bool open(const std::filesystem::path& file);

    const Scenario& scenario() const { return scenario_; }
    MapCanvas* canvas() const { return canvas_; }
    // How errors reach the user; a dialog by default, replaced in tests.
    std::function<void(const wxString& title, const wxString& message)> reportError;

  private:
    void updateTitle();
    void onHover(std::optional<Offset> cell);

    Scenario scenario_;
    std::filesystem::path file_;
    MapCanvas* canvas_ = nullptr;
};

} // namespace sandtable
