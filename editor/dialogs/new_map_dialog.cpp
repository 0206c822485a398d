#include "new_map_dialog.hpp"

#include "choice_labels.hpp"

#include "formats/ruleset_xml.hpp"
#include "model/limits.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/radiobox.h>
#include <wx/sizer.h>
#include <wx/statbox.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <charconv>

namespace sandtable {
namespace {

std::expected<long long, std::string> wholeNumber(const wxTextCtrl* field, limits::IntRange range,
                                                  const char* what) {
    const std::string text = field->GetValue().utf8_string();
    long long n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || !range.allows(n)) {
        return std::unexpected(std::string(what) + " must be " + range.expected() + ", not " +
                               limits::quoted(text));
    }
    return n;
}

std::expected<double, std::string> number(const wxTextCtrl* field, const char* what) {
    const std::string text = field->GetValue().utf8_string();
    double v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v)) {
        return std::unexpected(std::string(what) + " must be a number, not " + limits::quoted(text));
    }
    return v;
}

wxString shortNumber(double v) {
    return wxString::FromUTF8(limits::formatNumber(v));
}

} // namespace

NewMapDialog::NewMapDialog(wxWindow* parent, const NewMapChoice& initial)
    : wxDialog(parent, wxID_ANY, "New map", wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE) {
    auto* top = new wxBoxSizer(wxVERTICAL);
    auto* form = new wxFlexGridSizer(2, wxSize(8, 6));
    form->AddGrowableCol(1);
    auto row = [&](const char* label, wxWindow* control) {
        form->Add(new wxStaticText(this, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
        form->Add(control, 1, wxEXPAND);
    };

    wxArrayString rulesets;
    rulesets.Add("(none)");
    for (const auto& name : builtinRulesetNames()) {
        rulesets.Add(wxString::FromUTF8(name));
    }
    ruleset = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, rulesets);
    ruleset->SetStringSelection(initial.ruleset.empty() ? wxString("(none)")
                                                        : wxString::FromUTF8(initial.ruleset));
    row("Ruleset", ruleset);
    shape =
        new wxRadioBox(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, labels({"Hexes", "Squares"}));
    shape->SetSelection(initial.grid.shape == GridShape::Square ? 1 : 0);
    row("Grid", shape);
    orientation = new wxRadioBox(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize,
                                 labels({"Flat top", "Pointy top"}));
    orientation->SetSelection(initial.grid.shape == GridShape::HexPointy ? 1 : 0);
    row("Hexes", orientation);
    parity = new wxRadioBox(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize,
                            labels({"Odd columns/rows shifted", "Even shifted"}));
    parity->SetSelection(initial.grid.parity == OffsetParity::Even ? 1 : 0);
    row("Offset", parity);
    columns = new wxTextCtrl(this, wxID_ANY, wxString::Format("%d", initial.grid.cols));
    row("Columns", columns);
    rows = new wxTextCtrl(this, wxID_ANY, wxString::Format("%d", initial.grid.rows));
    row("Rows", rows);
    firstLabel = new wxRadioBox(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize,
                                labels({"0 (0000 is the top left)", "1 (0101 is the top left)"}));
    firstLabel->SetSelection(initial.grid.labelBase == 0 ? 0 : 1);
    row("First label", firstLabel);
    top->Add(form, 0, wxEXPAND | wxALL, 10);

    auto* scaleBox = new wxStaticBoxSizer(wxVERTICAL, this, "Ground scale");
    scaleMode = new wxRadioBox(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize,
                               labels({"Yards per cell", "Tabletop cell (rules measured in inches)"}));
    scaleBox->Add(scaleMode, 0, wxEXPAND | wxBOTTOM, 4);
    auto* scaleForm = new wxFlexGridSizer(2, wxSize(8, 6));
    yards = new wxTextCtrl(this, wxID_ANY, shortNumber(initial.yardsPerCell));
    scaleForm->Add(new wxStaticText(this, wxID_ANY, "Yards per cell"), 0, wxALIGN_CENTER_VERTICAL);
    scaleForm->Add(yards, 1, wxEXPAND);
    auto* cellRow = new wxBoxSizer(wxHORIZONTAL);
    cellSize = new wxTextCtrl(this, wxID_ANY, "4");
    cellUnit = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, labels({"inches", "mm"}));
    cellUnit->SetSelection(0);
    cellRow->Add(cellSize, 1, wxRIGHT, 4);
    cellRow->Add(cellUnit, 0);
    scaleForm->Add(new wxStaticText(this, wxID_ANY, "Cell on the table"), 0, wxALIGN_CENTER_VERTICAL);
    scaleForm->Add(cellRow, 1, wxEXPAND);
    auto* ratioRow = new wxBoxSizer(wxHORIZONTAL);
    rulesInches = new wxTextCtrl(this, wxID_ANY, "15");
    rulesYards = new wxTextCtrl(this, wxID_ANY, "500");
    ratioRow->Add(rulesInches, 1, wxRIGHT, 4);
    ratioRow->Add(new wxStaticText(this, wxID_ANY, "inches ="), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    ratioRow->Add(rulesYards, 1, wxRIGHT, 4);
    ratioRow->Add(new wxStaticText(this, wxID_ANY, "yards"), 0, wxALIGN_CENTER_VERTICAL);
    scaleForm->Add(new wxStaticText(this, wxID_ANY, "The rules' scale"), 0, wxALIGN_CENTER_VERTICAL);
    scaleForm->Add(ratioRow, 1, wxEXPAND);
    scaleForm->AddGrowableCol(1);
    scaleBox->Add(scaleForm, 0, wxEXPAND);
    result = new wxStaticText(this, wxID_ANY, "");
    scaleBox->Add(result, 0, wxTOP, 6);
    top->Add(scaleBox, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);

    problem = new wxStaticText(this, wxID_ANY, "");
    problem->SetForegroundColour(wxColour(180, 0, 0));
    top->Add(problem, 0, wxEXPAND | wxALL, 10);
    top->Add(CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizerAndFit(top);

    for (wxTextCtrl* t : {columns, rows, yards, cellSize, rulesInches, rulesYards}) {
        t->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    }
    for (wxRadioBox* r : {shape, orientation, parity, firstLabel, scaleMode}) {
        r->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) { update(); });
    }
    cellUnit->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { update(); });
    ruleset->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        offerScaleOf(ruleset->GetStringSelection().utf8_string());
        update();
    });
    update();
}

void NewMapDialog::offerScaleOf(const std::string& name) {
    auto loaded = name == "(none)" || name.empty() ? std::unexpected(LoadError{}) : loadRuleset(name);
    if (!loaded || !loaded->scale) {
        return; // the rules state no scale: keep what is typed
    }
    const UsualScale& scale = *loaded->scale;
    if (scale.yardsPerCell > 0) {
        scaleMode->SetSelection(0);
        yards->ChangeValue(shortNumber(scale.yardsPerCell));
    } else {
        scaleMode->SetSelection(1);
        cellSize->ChangeValue(
            shortNumber(cellUnit->GetSelection() == 1 ? scale.cellInches * 25.4 : scale.cellInches));
        rulesInches->ChangeValue(shortNumber(scale.inches));
        rulesYards->ChangeValue(shortNumber(scale.yards));
    }
}

std::expected<NewMapChoice, std::string> NewMapDialog::choice() const {
    NewMapChoice out;
    out.ruleset = ruleset->GetSelection() <= 0 ? std::string() : ruleset->GetStringSelection().utf8_string();
    out.grid.shape = shape->GetSelection() == 1         ? GridShape::Square
                     : orientation->GetSelection() == 1 ? GridShape::HexPointy
                                                        : GridShape::HexFlat;
    out.grid.parity = parity->GetSelection() == 1 ? OffsetParity::Even : OffsetParity::Odd;
    out.grid.labelBase = firstLabel->GetSelection() == 0 ? 0 : 1;
    const auto c = wholeNumber(columns, limits::mapSide, "Columns");
    if (!c) {
        return std::unexpected(c.error());
    }
    const auto r = wholeNumber(rows, limits::mapSide, "Rows");
    if (!r) {
        return std::unexpected(r.error());
    }
    if (*c * *r > limits::maxCells) {
        return std::unexpected(limits::formatNumber(*c) + " x " + limits::formatNumber(*r) + " is " +
                               limits::formatNumber(*c * *r) + " cells; a map has at most " +
                               limits::formatNumber(limits::maxCells));
    }
    out.grid.cols = static_cast<int>(*c);
    out.grid.rows = static_cast<int>(*r);
    if (scaleMode->GetSelection() == 0) {
        const auto y = number(yards, "Yards per cell");
        if (!y) {
            return std::unexpected(y.error());
        }
        if (!limits::yardsPerCell.allows(*y)) {
            return std::unexpected("Yards per cell must be " + limits::yardsPerCell.expected());
        }
        out.yardsPerCell = *y;
        return out;
    }
    TabletopCell cell;
    for (auto [field, what, target] : {std::tuple{cellSize, "The cell size", &cell.size},
                                       std::tuple{rulesInches, "The rules' inches", &cell.inches},
                                       std::tuple{rulesYards, "The rules' yards", &cell.yards}}) {
        const auto v = number(field, what);
        if (!v) {
            return std::unexpected(v.error());
        }
        *target = *v;
    }
    cell.unit = cellUnit->GetSelection() == 1 ? LengthUnit::Millimetres : LengthUnit::Inches;
    const auto y = yardsPerCell(cell);
    if (!y) {
        return std::unexpected(y.error());
    }
    out.yardsPerCell = *y;
    out.tabletop = cell;
    return out;
}

void NewMapDialog::update() {
    const bool tabletop = scaleMode->GetSelection() == 1;
    yards->Enable(!tabletop);
    for (wxWindow* w : std::initializer_list<wxWindow*>{cellSize, cellUnit, rulesInches, rulesYards}) {
        w->Enable(tabletop);
    }
    orientation->Enable(shape->GetSelection() == 0);
    const auto c = choice();
    problem->SetLabel(c ? wxString() : wxString::FromUTF8(c.error()));
    result->SetLabel(c ? wxString::Format("= %s yards per cell; the map is %s x %s yards",
                                          shortNumber(c->yardsPerCell),
                                          shortNumber(c->yardsPerCell * c->grid.cols),
                                          shortNumber(c->yardsPerCell * c->grid.rows))
                       : wxString("= ? yards per cell"));
    if (wxWindow* ok = FindWindow(wxID_OK)) {
        ok->Enable(c.has_value());
    }
    Layout();
}

} // namespace sandtable
