#pragma once
// File > Export...: one dialog for every kind of export (editor/exports.hpp), showing the
// options of the chosen kind (paper, orientation, cell size, margin, layers, dpi, board cell), the page count
// of a PDF as the options change, and a file name whose extension follows the kind.
#include "exports/export_kinds.hpp"

#include <expected>
#include <filesystem>
#include <string>
#include <wx/dialog.h>

class wxCheckListBox;
class wxChoice;
class wxRadioBox;
class wxStaticText;
class wxTextCtrl;

namespace sandtable {

struct ExportRequest {
    std::string kind;
    std::filesystem::path file;
    ExportOptions options;
};

class ExportDialog : public wxDialog {
  public:
    // `ground`: the style the ground is offered in at first (the canvas's, so what is seen is what
    // is exported).
    ExportDialog(wxWindow* parent, const Scenario& scenario, const std::filesystem::path& suggested,
                 MapStyle ground = MapStyle::Natural);

    // The export as the fields stand, or what is wrong with them.
    std::expected<ExportRequest, std::string> request() const;
    void update();
    // Chooses a kind as the list does: its options show and the file's extension follows.
    void chooseKind(const std::string& kind);

    wxChoice* kind = nullptr;
    wxTextCtrl* file = nullptr;
    wxChoice* paper = nullptr;
    wxRadioBox* orientation = nullptr;
    wxTextCtrl* cellSize = nullptr;
    wxTextCtrl* margin = nullptr;
    wxCheckListBox* layers = nullptr;
    wxChoice* ground = nullptr; // natural, cells
    wxChoice* style = nullptr;  // colour, grayscale, low ink
    wxTextCtrl* dpi = nullptr;
    wxTextCtrl* cellPixels = nullptr;
    wxTextCtrl* counterSize = nullptr;
    wxTextCtrl* updateFrom = nullptr; // a module made before, customised in VASSAL (optional)
    wxStaticText* pages = nullptr;    // "7 pages: the overview and 3 x 2 map pages"
    wxStaticText* problem = nullptr;  // what is wrong

  private:
    const Scenario& scenario_;
};

} // namespace sandtable
