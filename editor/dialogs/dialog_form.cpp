#include "editor/dialogs/dialog_form.hpp"

#include "model/limits.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/dcbuffer.h>
#include <wx/filedlg.h>
#include <wx/font.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <ranges>
#include <set>
#include <sstream>

namespace sandtable::dialog_form {

std::optional<double> number(const wxTextCtrl* field) {
    return limits::parseFiniteNumber(field->GetValue().utf8_string());
}

// The shortest text that reads back as exactly `v` (wx's own "%g" keeps six digits: a northing of
// 4398123.75 would come back as 4398120 and move the map ten feet when OK is pressed).
wxString numberText(double v) {
    char text[64];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
    return ec == std::errc{} ? wxString(text, static_cast<size_t>(end - text)) : wxString::FromCDouble(v);
}

// A labelled row of a two-column form.
void row(wxWindow* parent, wxFlexGridSizer* form, const char* label, wxWindow* control) {
    form->Add(new wxStaticText(parent, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
    form->Add(control, 1, wxEXPAND);
}

// A row with a file's path and a Browse... button that fills it from a file dialog; returns the
// path's field and the button (to bind more to it).
std::pair<wxTextCtrl*, wxButton*> fileRow(wxWindow* parent, wxFlexGridSizer* form, const char* label,
                                          const wxString& title, const wxString& wildcard) {
    auto* line = new wxBoxSizer(wxHORIZONTAL);
    auto* field = new wxTextCtrl(parent, wxID_ANY, "", wxDefaultPosition, wxSize(320, -1));
    auto* browse = new wxButton(parent, wxID_ANY, "Browse...");
    line->Add(field, 1, wxEXPAND | wxRIGHT, 6);
    line->Add(browse);
    form->Add(new wxStaticText(parent, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
    form->Add(line, 1, wxEXPAND);
    browse->Bind(wxEVT_BUTTON, [parent, field, title, wildcard](wxCommandEvent& e) {
        wxFileDialog dialog(parent, title, "", "", wildcard, wxFD_OPEN | wxFD_FILE_MUST_EXIST);
        if (dialog.ShowModal() == wxID_OK) {
            field->SetValue(dialog.GetPath());
        }
        e.Skip();
    });
    return {field, browse};
}

Preview addPreview(wxWindow* parent, wxBoxSizer* top) {
    Preview p;
    auto* result = new wxBoxSizer(wxHORIZONTAL);
    p.picture = new wxWindow(parent, wxID_ANY, wxDefaultPosition, wxSize(220, 220));
    p.picture->SetBackgroundStyle(wxBG_STYLE_PAINT);
    p.text = new wxStaticText(parent, wxID_ANY, "", wxDefaultPosition, wxSize(320, -1));
    p.text->SetFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE));
    result->Add(p.picture, 0, wxRIGHT, 10);
    result->Add(p.text, 1, wxEXPAND);
    top->Add(result, 0, wxEXPAND | wxALL, 10);
    p.problem = new wxStaticText(parent, wxID_ANY, "");
    p.problem->SetForegroundColour(wxColour(180, 0, 0));
    top->Add(p.problem, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    return p;
}

// After a preview: its text and problem shown, OK enabled when it worked, the dialog fitted to
// what it now says.
void showPreview(wxDialog* dialog, const Preview& p, const wxString& text, const std::string& problem,
                 bool ok) {
    p.text->SetLabel(text);
    p.problem->SetLabel(wxString::FromUTF8(problem));
    p.picture->Refresh();
    if (wxWindow* button = dialog->FindWindow(wxID_OK)) {
        button->Enable(ok);
    }
    dialog->Layout();
    dialog->Fit();
}

// A square per cell of the grid on `picture`, coloured by `colourOf`; cell (c, r) covers the pixels
// from its edge to the next cell's, so there are no gaps between squares.
void paintCells(wxWindow* picture, const Grid& g,
                const std::function<std::optional<wxColour>(Offset)>& colourOf) {
    wxAutoBufferedPaintDC dc(picture);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    const wxSize size = picture->GetClientSize();
    const double cell =
        std::min(static_cast<double>(size.x) / g.cols(), static_cast<double>(size.y) / g.rows());
    dc.SetPen(*wxTRANSPARENT_PEN);
    for (int r = 0; r < g.rows(); ++r) {
        for (int c = 0; c < g.cols(); ++c) {
            const auto colour = colourOf({c, r});
            if (!colour) {
                continue;
            }
            dc.SetBrush(wxBrush(*colour));
            const int x0 = static_cast<int>(c * cell), x1 = static_cast<int>((c + 1) * cell);
            const int y0 = static_cast<int>(r * cell), y1 = static_cast<int>((r + 1) * cell);
            dc.DrawRectangle(x0, y0, std::max(1, x1 - x0), std::max(1, y1 - y0));
        }
    }
}

} // namespace sandtable::dialog_form
