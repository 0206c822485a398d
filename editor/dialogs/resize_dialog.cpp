#include "resize_dialog.hpp"

#include "choice_labels.hpp"

#include "model/limits.hpp"

#include <wx/button.h>
#include <wx/dcbuffer.h>
#include <wx/radiobox.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <charconv>

namespace sandtable {
namespace {

std::expected<int, std::string> side(const wxTextCtrl* field, const char* what) {
    const std::string text = field->GetValue().utf8_string();
    long long n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || !limits::mapSide.allows(n)) {
        return std::unexpected(std::string(what) + " must be " + limits::mapSide.expected() + ", not " +
                               limits::quoted(text));
    }
    return static_cast<int>(n);
}

} // namespace

ResizeDialog::ResizeDialog(wxWindow* parent, const Scenario& scenario)
    : wxDialog(parent, wxID_ANY, "Resize map"), scenario_(scenario) {
    const Grid& g = scenario.map.grid;
    auto* top = new wxBoxSizer(wxVERTICAL);
    auto* form = new wxFlexGridSizer(2, wxSize(8, 6));
    columns = new wxTextCtrl(this, wxID_ANY, wxString::Format("%d", g.cols()));
    rows = new wxTextCtrl(this, wxID_ANY, wxString::Format("%d", g.rows()));
    form->Add(new wxStaticText(this, wxID_ANY, wxString::Format("Columns (now %d)", g.cols())), 0,
              wxALIGN_CENTER_VERTICAL);
    form->Add(columns, 1, wxEXPAND);
    form->Add(new wxStaticText(this, wxID_ANY, wxString::Format("Rows (now %d)", g.rows())), 0,
              wxALIGN_CENTER_VERTICAL);
    form->Add(rows, 1, wxEXPAND);
    top->Add(form, 0, wxEXPAND | wxALL, 10);
    horizontal = new wxRadioBox(this, wxID_ANY, "Columns are added or removed", wxDefaultPosition,
                                wxDefaultSize, labels({"on the right", "on both sides", "on the left"}));
    vertical = new wxRadioBox(this, wxID_ANY, "Rows are added or removed", wxDefaultPosition, wxDefaultSize,
                              labels({"at the bottom", "at top and bottom", "at the top"}));
    top->Add(horizontal, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    top->Add(vertical, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 10);
    preview = new wxWindow(this, wxID_ANY, wxDefaultPosition, wxSize(320, 200));
    preview->SetBackgroundStyle(wxBG_STYLE_PAINT);
    preview->Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paintPreview(); });
    top->Add(preview, 0, wxALIGN_CENTER | wxALL, 10);
    losses = new wxStaticText(this, wxID_ANY, "", wxDefaultPosition, wxSize(420, -1));
    top->Add(losses, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    problem = new wxStaticText(this, wxID_ANY, "");
    problem->SetForegroundColour(wxColour(180, 0, 0));
    top->Add(problem, 0, wxEXPAND | wxALL, 10);
    top->Add(CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizerAndFit(top);
    for (wxTextCtrl* t : {columns, rows}) {
        t->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    }
    for (wxRadioBox* r : {horizontal, vertical}) {
        r->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) { update(); });
    }
    update();
}

std::expected<ResizePlan, std::string> ResizeDialog::plan() const {
    const auto c = side(columns, "Columns");
    if (!c) {
        return std::unexpected(c.error());
    }
    const auto r = side(rows, "Rows");
    if (!r) {
        return std::unexpected(r.error());
    }
    if (static_cast<long long>(*c) * *r > limits::maxCells) {
        return std::unexpected(limits::formatNumber(static_cast<long long>(*c) * *r) +
                               " cells; a map has at most " + limits::formatNumber(limits::maxCells));
    }
    // The radio boxes list the side that changes; the anchor is the side that stays.
    const ResizeAnchor anchor{horizontal->GetSelection() - 1, vertical->GetSelection() - 1};
    return ResizePlan::anchored(scenario_.map.grid, *c, *r, anchor);
}

void ResizeDialog::update() {
    const auto p = plan();
    problem->SetLabel(p ? wxString() : wxString::FromUTF8(p.error()));
    losses->SetLabel(p ? "Falls off the map: " + wxString::FromUTF8(resizeLosses(scenario_, *p).summary())
                       : wxString());
    losses->Wrap(420);
    if (wxWindow* ok = FindWindow(wxID_OK)) {
        ok->Enable(p.has_value());
    }
    preview->Refresh();
    Layout();
    Fit();
}

void ResizeDialog::paintPreview() {
    wxAutoBufferedPaintDC dc(preview);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    const auto p = plan();
    if (!p) {
        return;
    }
    // The old map (grey) where it lands on the new one (green outline), in one scale.
    const Grid& g = scenario_.map.grid;
    const int left = std::min(0, p->shift.col), topRow = std::min(0, p->shift.row);
    const int right = std::max(p->cols, p->shift.col + g.cols()),
              bottom = std::max(p->rows, p->shift.row + g.rows());
    const wxSize size = preview->GetClientSize();
    const double scale = std::min((size.x - 10.0) / (right - left), (size.y - 10.0) / (bottom - topRow));
    auto rect = [&](int col, int row, int cols, int rowsCount) {
        return wxRect(
            static_cast<int>(5 + (col - left) * scale), static_cast<int>(5 + (row - topRow) * scale),
            std::max(1, static_cast<int>(cols * scale)), std::max(1, static_cast<int>(rowsCount * scale)));
    };
    dc.SetPen(*wxTRANSPARENT_PEN);
    dc.SetBrush(wxBrush(wxColour(190, 190, 190)));
    dc.DrawRectangle(rect(p->shift.col, p->shift.row, g.cols(), g.rows()));
    dc.SetPen(wxPen(wxColour(30, 140, 60), 2));
    dc.SetBrush(wxBrush(wxColour(30, 140, 60, 60)));
    dc.DrawRectangle(rect(0, 0, p->cols, p->rows));
}

} // namespace sandtable
