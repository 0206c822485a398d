#pragma once
// The pieces the terrain dialogs (Place on the Earth, Import elevation, Import land cover) are built
// of: a labelled form's rows, a file row with Browse..., numbers read and written back exactly, and
// the preview of an import (a picture of the map, a square per cell, beside its text).
#include "model/grid.hpp"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <wx/colour.h>
#include <wx/string.h>

class wxButton;
class wxBoxSizer;
class wxDialog;
class wxFlexGridSizer;
class wxStaticText;
class wxTextCtrl;
class wxWindow;

namespace sandtable::dialog_form {

// The field's value as a finite number; nothing when it is not one.
std::optional<double> number(const wxTextCtrl* field);
// The shortest text that reads back as exactly `v`.
wxString numberText(double v);
// A labelled row of a two-column form.
void row(wxWindow* parent, wxFlexGridSizer* form, const char* label, wxWindow* control);
// A row with a file's path and a Browse... button that fills it from a file dialog; returns the
// path's field and the button (to bind more to it).
std::pair<wxTextCtrl*, wxButton*> fileRow(wxWindow* parent, wxFlexGridSizer* form, const char* label,
                                          const wxString& title, const wxString& wildcard);

// The preview under an import's form: a picture of the map, a square per cell, beside a text in a
// fixed-width font; then the line that says what is wrong.
struct Preview {
    wxWindow* picture = nullptr;
    wxStaticText* text = nullptr;
    wxStaticText* problem = nullptr;
};
Preview addPreview(wxWindow* parent, wxBoxSizer* top);
// After a preview: its text and problem shown, OK enabled when it worked, the dialog fitted to
// what it now says.
void showPreview(wxDialog* dialog, const Preview& p, const wxString& text, const std::string& problem,
                 bool ok);
// A square per cell of the grid on `picture`, coloured by `colourOf`, without gaps between squares.
void paintCells(wxWindow* picture, const Grid& g,
                const std::function<std::optional<wxColour>(Offset)>& colourOf);

// The colour of cells off the raster in a preview.
inline const wxColour offTheRaster(200, 40, 40);

} // namespace sandtable::dialog_form
