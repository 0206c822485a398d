#pragma once
// File > Import: a Tiled map or a VASSAL module, its terrain table or board, and where the new
// battle is saved; the preview converts it as the fields stand and shows the new map (the grid
// over the board's picture, the pieces on it) beside the report: cells, terrain mapped and not,
// pieces by side, what was not converted. OK is enabled only on a preview that worked.
#include "formats/import_report.hpp"

#include <expected>
#include <filesystem>
#include <optional>
#include <string>
#include <wx/dialog.h>

class wxCheckBox;
class wxChoice;
class wxStaticText;
class wxTextCtrl;

namespace sandtable {

class ImportDialog : public wxDialog {
  public:
    ImportDialog(wxWindow* parent, const wxString& folder);

    // Converts what the fields name, without writing anything.
    std::expected<ImportResult, std::string> preview() const;
    void update();
    // What the preview last showed, and where it is to be saved: what OK imports.
    const std::optional<ImportResult>& shown() const { return shown_; }
    std::filesystem::path target() const;

    wxTextCtrl* file = nullptr;
    wxTextCtrl* table = nullptr; // Tiled: TILE = TERRAIN lines
    wxCheckBox* tiles = nullptr; // Tiled: the tiles' picture under the grid
    wxChoice* board = nullptr;   // VASSAL: the boards with a grid
    wxTextCtrl* saveAs = nullptr;
    wxStaticText* summary = nullptr;
    wxWindow* picture = nullptr;
    wxStaticText* problem = nullptr;

  private:
    void fileChanged();
    void paintPicture();
    std::optional<ImportResult> shown_;
    std::string boardsOf_; // the module whose boards the choice lists
};

} // namespace sandtable
