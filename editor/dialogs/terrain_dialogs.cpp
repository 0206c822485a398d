#include "editor/dialogs/terrain_dialogs.hpp"
#include "model/file_names.hpp"

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

namespace sandtable {

using namespace dialog_form;

ImportElevationDialog::ImportElevationDialog(wxWindow* parent, const Scenario& scenario)
    : wxDialog(parent, wxID_ANY, "Import elevation"), scenario_(scenario) {
    auto* top = new wxBoxSizer(wxVERTICAL);
    auto* form = new wxFlexGridSizer(2, 6, 8);
    form->AddGrowableCol(1);
    file = fileRow(this, form, "Terrain model (DEM)", "Terrain model",
                   "Rasters (*.tif;*.tiff;*.hgt;*.asc;*.dem;*.img)|*.tif;*.tiff;*.hgt;*.asc;*.dem;*.img|"
                   "All files|*")
               .first;
    interval = new wxTextCtrl(this, wxID_ANY, std::to_string(scenario.map.feetPerContour) + "ft");
    row(this, form, "Contour interval", interval);
    base = new wxTextCtrl(this, wxID_ANY, "");
    base->SetHint("the lowest height found");
    row(this, form, "Level 0 at", base);
    method = new wxChoice(this, wxID_ANY);
    method->Append("Mean of the cell");
    method->Append("Highest point of the cell");
    method->Append("Height at the cell's centre");
    method->SetSelection(0);
    row(this, form, "Each cell's height", method);
    units = new wxChoice(this, wxID_ANY);
    units->Append("As the raster says");
    units->Append("Metres");
    units->Append("Feet");
    units->SetSelection(0);
    row(this, form, "Heights in", units);
    top->Add(form, 0, wxEXPAND | wxALL, 10);
    const Preview shown = addPreview(this, top);
    picture = shown.picture;
    histogram = shown.text;
    problem = shown.problem;
    top->Add(CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizerAndFit(top);

    for (wxTextCtrl* t : {file, interval, base}) {
        t->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    }
    for (wxChoice* c : {method, units}) {
        c->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { update(); });
    }
    picture->Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paintPicture(); });
    update();
}

std::expected<ElevationImport, std::string> ImportElevationDialog::preview() const {
    if (!scenario_.map.geo) {
        return std::unexpected(std::string("Place the map on the Earth first (Map > Place on the Earth)"));
    }
    const std::string path = file->GetValue().utf8_string();
    if (path.empty()) {
        return std::unexpected(std::string("Choose the terrain model"));
    }
    ElevationImportOptions o;
    const auto feet = heightInFeet(interval->GetValue().utf8_string());
    if (!feet || *feet < 1 || *feet > limits::feetPerContour.hi) {
        return std::unexpected(std::string("The interval must be a height like 20ft or 5m"));
    }
    o.intervalFeet = *feet;
    if (!base->GetValue().IsEmpty()) {
        o.baseFeet = heightInFeet(base->GetValue().utf8_string());
        if (!o.baseFeet) {
            return std::unexpected(std::string("Level 0 must be a height like 300ft or 90m, or empty"));
        }
    }
    o.sampling =
        std::array{ElevationSampling::Mean, ElevationSampling::Max,
                   ElevationSampling::Centre}[static_cast<std::size_t>(std::max(0, method->GetSelection()))];
    if (units->GetSelection() == 1) {
        o.demUnit = HeightUnit::Metre;
    } else if (units->GetSelection() == 2) {
        o.demUnit = HeightUnit::Foot;
    }
    return importElevation(scenario_.map, pathFromUtf8(path), o);
}

void ImportElevationDialog::update() {
    const auto got = preview();
    wxString text;
    if (got) {
        text << wxString::Format("Heights %ld to %ld ft; level 0 at %ld ft, %d ft a level\n\n",
                                 std::lround(got->lowestFeet), std::lround(got->highestFeet),
                                 std::lround(got->baseFeet), got->feetPerContour);
        const int most = std::ranges::max(got->histogram | std::views::values);
        for (const auto& [level, count] : got->histogram) {
            const int bar = most > 0 ? std::max(1, count * 20 / most) : 0;
            text << wxString::Format("%4d  %s %d\n", level, wxString('#', static_cast<size_t>(bar)), count);
        }
        if (!got->outside.empty()) {
            text << wxString::Format("\n%zu cells outside the model keep their level", got->outside.size());
        }
        shown_ = *got;
    } else {
        shown_.reset();
    }
    // The histogram grows with the levels: the dialog fits it.
    showPreview(this, {picture, histogram, problem}, text, got ? std::string() : got.error(),
                got.has_value());
}

// The levels as shades of grey, low dark and high light, one square per cell; cells outside the
// model in red.
void ImportElevationDialog::paintPicture() {
    if (!shown_) {
        paintCells(picture, scenario_.map.grid, [](Offset) { return std::nullopt; });
        return;
    }
    const Grid& g = scenario_.map.grid;
    const auto [lo, hi] = std::ranges::minmax(shown_->levels);
    const std::set<Offset> outside(shown_->outside.begin(), shown_->outside.end());
    paintCells(picture, g, [&](Offset o) -> std::optional<wxColour> {
        if (outside.contains(o)) {
            return offTheRaster;
        }
        const int level = shown_->levels[g.index(o)];
        const auto shade = static_cast<unsigned char>(hi > lo ? 40 + 200 * (level - lo) / (hi - lo) : 140);
        return wxColour(shade, shade, shade);
    });
}

ImportLandCoverDialog::ImportLandCoverDialog(wxWindow* parent, const Scenario& scenario)
    : wxDialog(parent, wxID_ANY, "Import land cover"), scenario_(scenario) {
    auto* top = new wxBoxSizer(wxVERTICAL);
    top->Add(
        new wxStaticText(this, wxID_ANY,
                         "A first pass at the terrain from a land-cover raster (NLCD, ESA WorldCover...):\n"
                         "each class becomes a terrain type by the table, and a cell takes the terrain\n"
                         "that covers the given share of it. The land is today's: check it against\n"
                         "the period maps."),
        0, wxALL, 10);
    auto* form = new wxFlexGridSizer(2, 6, 8);
    form->AddGrowableCol(1);
    file = fileRow(this, form, "Land-cover raster", "Land-cover raster",
                   "Rasters (*.tif;*.tiff;*.img;*.asc)|*.tif;*.tiff;*.img;*.asc|All files|*")
               .first;
    table = new wxChoice(this, wxID_ANY);
    for (const std::string& name : builtinLandCoverTables()) {
        table->Append(wxString::FromUTF8("Built-in: " + name));
    }
    table->Append("A table file");
    table->SetSelection(0);
    row(this, form, "Classes to terrain", table);
    wxButton* browseTable = nullptr;
    std::tie(tableFile, browseTable) =
        fileRow(this, form, "Table file", "Land-cover table", "Tables (*.txt)|*.txt|All files|*");
    tableFile->SetHint("lines of CLASS TERRAIN");
    share = new wxTextCtrl(this, wxID_ANY, "50%");
    row(this, form, "A cell's terrain covers at least", share);
    top->Add(form, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    const Preview shown = addPreview(this, top);
    picture = shown.picture;
    summary = shown.text;
    problem = shown.problem;
    top->Add(CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizerAndFit(top);

    // A table file chosen is the table used.
    browseTable->Bind(wxEVT_BUTTON, [this](wxCommandEvent& e) {
        table->SetSelection(static_cast<int>(table->GetCount()) - 1);
        update();
        e.Skip(); // then the file dialog (bound first, so called after)
    });
    for (wxTextCtrl* t : {file, tableFile, share}) {
        t->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    }
    table->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { update(); });
    picture->Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paintPicture(); });
    update();
}

std::expected<LandCoverImport, std::string> ImportLandCoverDialog::preview() const {
    if (!scenario_.map.geo) {
        return std::unexpected(std::string("Place the map on the Earth first (Map > Place on the Earth)"));
    }
    const std::string path = file->GetValue().utf8_string();
    if (path.empty()) {
        return std::unexpected(std::string("Choose the land-cover raster"));
    }
    const auto builtins = builtinLandCoverTables();
    const auto chosen = static_cast<std::size_t>(std::max(0, table->GetSelection()));
    const std::string tableName =
        chosen < builtins.size() ? builtins[chosen] : tableFile->GetValue().utf8_string();
    if (tableName.empty()) {
        return std::unexpected(std::string("Choose the table file"));
    }
    auto classes = landCoverTable(tableName);
    if (!classes) {
        return std::unexpected(classes.error());
    }
    const auto minimum = minimumShare(share->GetValue().utf8_string());
    if (!minimum) {
        return std::unexpected("The share must be a percentage, " + limits::landCoverSharePercent.expected());
    }
    return importLandCover(scenario_.map, pathFromUtf8(path), *classes, LandCoverOptions{*minimum});
}

void ImportLandCoverDialog::update() {
    tableFile->Enable(table->GetSelection() == static_cast<int>(table->GetCount()) - 1);
    const auto got = preview();
    wxString text;
    if (got) {
        text << wxString::Format("%d cells change (in colour; grey: unchanged)\n\n", got->changed);
        for (const auto& [key, count] : got->cellsByTerrain) {
            text << wxString::Format("%-14s %d\n", wxString::FromUTF8(key), count);
        }
        text << "\nLeft as painted:\n";
        text << wxString::Format("  mixed          %d\n", got->mixed);
        text << wxString::Format("  table says -   %d\n", got->keptByTable);
        text << wxString::Format("  not in table   %d\n", got->unlisted);
        if (!got->unlistedClasses.empty()) {
            text << "  classes not in the table:";
            for (const auto& [value, pixels] : got->unlistedClasses) {
                text << wxString::Format(" %ld", value);
            }
            text << "\n";
        }
        if (!got->outside.empty()) {
            text << wxString::Format("  off the raster %zu (red)\n", got->outside.size());
        }
        shown_ = *got;
    } else {
        shown_.reset();
    }
    showPreview(this, {picture, summary, problem}, text, got ? std::string() : got.error(), got.has_value());
}

// The cells the import changes, in their new terrain's colours, one square per cell; cells it
// does not change in grey, those off the raster in red.
void ImportLandCoverDialog::paintPicture() {
    const Map& map = scenario_.map;
    if (!shown_) {
        paintCells(picture, map.grid, [](Offset) { return std::nullopt; });
        return;
    }
    const std::set<Offset> outside(shown_->outside.begin(), shown_->outside.end());
    paintCells(picture, map.grid, [&](Offset o) -> std::optional<wxColour> {
        const std::size_t i = map.grid.index(o);
        if (outside.contains(o)) {
            return offTheRaster;
        }
        if (shown_->terrain[i] == map.terrain[i]) {
            return wxColour(170, 170, 170);
        }
        const Rgb colour = map.terrainTypes[shown_->terrain[i]].colour;
        return wxColour(colour.r, colour.g, colour.b);
    });
}

} // namespace sandtable
