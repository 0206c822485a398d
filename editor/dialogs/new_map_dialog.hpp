#pragma once
// File > New map: one dialog for the grid (hexes flat or pointy, or squares; odd or even offset;
// columns, rows, first label), the ruleset, and the ground scale — yards per cell, or for rules
// measured in inches the tabletop size of a cell with the rules' inches-to-yards ratio, the yards
// per cell shown as it is typed. Choosing a ruleset offers its usual scale. Every field is checked
// as typed against the model's limits; OK stays disabled while one is wrong, and says why.
#include "model/grid.hpp"
#include "model/map_scale.hpp"

#include <expected>
#include <optional>
#include <string>
#include <wx/dialog.h>

class wxChoice;
class wxRadioBox;
class wxStaticText;
class wxTextCtrl;

namespace sandtable {

struct NewMapChoice {
    Grid::Parameters grid{GridShape::HexFlat, OffsetParity::Odd, 30, 20, 1};
    double yardsPerCell = 400;
    std::string ruleset = "hexed-general"; // a built-in name; empty for none
    std::optional<TabletopCell> tabletop;  // when the scale was given on the table
};

class NewMapDialog : public wxDialog {
  public:
    NewMapDialog(wxWindow* parent, const NewMapChoice& initial);

    // The map as the fields stand, or the first thing wrong with them.
    std::expected<NewMapChoice, std::string> choice() const;
    // Shows the ruleset's usual scale in the scale fields (what choosing it in the list does).
    void offerScaleOf(const std::string& ruleset);
    // Re-reads the fields: the yards-per-cell line, the message, the OK button.
    void update();

    // The fields, for tests that type into them.
    wxChoice* ruleset = nullptr;
    wxRadioBox* shape = nullptr;       // hexes, squares
    wxRadioBox* orientation = nullptr; // flat top, pointy top
    wxRadioBox* parity = nullptr;      // odd, even
    wxTextCtrl* columns = nullptr;
    wxTextCtrl* rows = nullptr;
    wxRadioBox* firstLabel = nullptr; // 0 or 1
    wxRadioBox* scaleMode = nullptr;  // yards per cell, tabletop cell
    wxTextCtrl* yards = nullptr;
    wxTextCtrl* cellSize = nullptr;
    wxChoice* cellUnit = nullptr;
    wxTextCtrl* rulesInches = nullptr;
    wxTextCtrl* rulesYards = nullptr;
    wxStaticText* result = nullptr;  // "= 133.33 yards per cell"
    wxStaticText* problem = nullptr; // what is wrong, or empty
};

} // namespace sandtable
