#include "editor/dialogs/terrain_dialogs.hpp"

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
namespace {

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

// The preview under an import's form: a picture of the map, a square per cell, beside a text in a
// fixed-width font; then the line that says what is wrong.
struct Preview {
    wxWindow* picture = nullptr;
    wxStaticText* text = nullptr;
    wxStaticText* problem = nullptr;
};
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

const wxColour offTheRaster(200, 40, 40);

} // namespace

PlaceOnEarthDialog::PlaceOnEarthDialog(wxWindow* parent, const Scenario& scenario)
    : wxDialog(parent, wxID_ANY, "Place on the Earth"), scenario_(scenario) {
    const GeoPlacement now = scenario.map.geo.value_or(GeoPlacement{"EPSG:4326", GeoAnchor::Centre, 0, 0, 0});
    auto* top = new wxBoxSizer(wxVERTICAL);
    top->Add(new wxStaticText(this, wxID_ANY,
                              "Where the map lies: a point of it at a coordinate of any coordinate system\n"
                              "GDAL knows (EPSG:4326 is longitude and latitude; EPSG:32618 UTM zone 18N),\n"
                              "turned clockwise from true north; or two or more cells whose coordinates\n"
                              "you know, fitted by least squares. The scale is the map's own."),
             0, wxALL, 10);
    auto* form = new wxFlexGridSizer(2, 6, 8);
    form->AddGrowableCol(1);
    crs = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(now.crs));
    row(this, form, "Coordinate system", crs);
    by = new wxChoice(this, wxID_ANY);
    by->Append("A point and a rotation");
    by->Append("Control points (cells and their coordinates)");
    by->SetSelection(now.controlPoints.empty() ? 0 : 1);
    row(this, form, "Place by", by);
    anchor = new wxChoice(this, wxID_ANY);
    anchor->Append("The map's centre");
    anchor->Append("The map's top-left corner");
    anchor->SetSelection(now.anchor == GeoAnchor::Centre ? 0 : 1);
    row(this, form, "Point placed", anchor);
    x = new wxTextCtrl(this, wxID_ANY, numberText(now.x));
    row(this, form, "Easting or longitude", x);
    y = new wxTextCtrl(this, wxID_ANY, numberText(now.y));
    row(this, form, "Northing or latitude", y);
    rotation = new wxTextCtrl(this, wxID_ANY, numberText(now.rotationDegrees));
    row(this, form, "Rotation (degrees)", rotation);
    wxString kept; // the points the placement was fitted to, to add one and fit again
    for (const GeoControlPoint& p : now.controlPoints) {
        kept << wxString::FromUTF8(scenario.map.grid.label(p.cell)) << " " << numberText(p.x) << " "
             << numberText(p.y) << "\n";
    }
    points = new wxTextCtrl(this, wxID_ANY, kept, wxDefaultPosition, wxSize(-1, 90), wxTE_MULTILINE);
    points->SetHint("0305 301250 4398730\n1812 302410 4397560");
    row(this, form, "Control points\n(CCRR X Y a line)", points);
    residuals = new wxStaticText(this, wxID_ANY, "");
    residuals->SetFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE));
    row(this, form, "Residuals", residuals);
    top->Add(form, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    problem = new wxStaticText(this, wxID_ANY, "");
    problem->SetForegroundColour(wxColour(180, 0, 0));
    top->Add(problem, 0, wxEXPAND | wxALL, 10);
    top->Add(CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizerAndFit(top);
    for (wxTextCtrl* t : {crs, x, y, rotation, points}) {
        t->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    }
    for (wxChoice* c : {anchor, by}) {
        c->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { update(); });
    }
    update();
}

std::expected<PlacementFit, std::string> PlaceOnEarthDialog::fit() const {
    std::vector<GeoControlPoint> given;
    const std::string text = points->GetValue().utf8_string();
    std::istringstream lines(text);
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        std::ranges::replace(line, ',', ' ');
        std::istringstream fields(line);
        std::string label, ex, ny, extra;
        if (!(fields >> label)) {
            continue;
        }
        fields >> ex >> ny;
        const auto cell = scenario_.map.grid.parseLabel(label);
        const auto px = limits::parseFiniteNumber(ex), py = limits::parseFiniteNumber(ny);
        if (!cell || !px || !py || (fields >> extra)) {
            return std::unexpected("Control point line " + std::to_string(number) +
                                   " is not CCRR X Y (a cell of the map and its centre's coordinate)");
        }
        given.push_back({*cell, *px, *py});
    }
    if (given.size() < 2) {
        return std::unexpected(std::string("Give two control points or more, a line each: CCRR X Y"));
    }
    return fitPlacement(scenario_.map, crs->GetValue().utf8_string(), given);
}

std::expected<GeoPlacement, std::string> PlaceOnEarthDialog::placement() const {
    if (by->GetSelection() == 1) {
        auto fitted = fit();
        if (!fitted) {
            return std::unexpected(fitted.error());
        }
        return fitted->placement;
    }
    GeoPlacement g;
    g.crs = crs->GetValue().utf8_string();
    if (auto known = checkCoordinateSystem(g.crs); !known) {
        return std::unexpected(known.error());
    }
    g.anchor = anchor->GetSelection() == 1 ? GeoAnchor::TopLeft : GeoAnchor::Centre;
    const auto ex = number(x), ny = number(y), r = number(rotation);
    if (!ex || !ny || !limits::geoCoordinate.allows(*ex) || !limits::geoCoordinate.allows(*ny)) {
        return std::unexpected(std::string("The coordinates must be numbers"));
    }
    if (!r || !limits::rotationDegrees.allows(*r)) {
        return std::unexpected("The rotation must be degrees, " + limits::rotationDegrees.expected());
    }
    g.x = *ex;
    g.y = *ny;
    g.rotationDegrees = *r;
    return g;
}

void PlaceOnEarthDialog::update() {
    const bool byPoints = by->GetSelection() == 1;
    for (wxWindow* w : std::initializer_list<wxWindow*>{anchor, x, y, rotation}) {
        w->Enable(!byPoints);
    }
    points->Enable(byPoints);
    wxString listed;
    if (byPoints) {
        if (auto fitted = fit()) {
            // The fitted placement shows in the fields it replaces; each point's residual below.
            anchor->SetSelection(0);
            x->ChangeValue(numberText(fitted->placement.x));
            y->ChangeValue(numberText(fitted->placement.y));
            rotation->ChangeValue(numberText(fitted->placement.rotationDegrees));
            // The fitted placement keeps its points, in the order given: one residual each.
            const auto& given = fitted->placement.controlPoints;
            for (std::size_t i = 0; i < given.size() && i < fitted->residuals.size(); ++i) {
                listed << wxString::Format("%-6s %6.0f yd\n",
                                           wxString::FromUTF8(scenario_.map.grid.label(given[i].cell)),
                                           fitted->residuals[i]);
            }
            listed << wxString::Format("rms    %6.0f yd", fitted->rms);
        }
    }
    residuals->SetLabel(listed);
    const auto p = placement();
    problem->SetLabel(p ? wxString() : wxString::FromUTF8(p.error()));
    if (wxWindow* ok = FindWindow(wxID_OK)) {
        ok->Enable(p.has_value());
    }
    Layout();
    Fit();
}

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
    return importElevation(scenario_.map, path, o);
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
    return importLandCover(scenario_.map, path, *classes, LandCoverOptions{*minimum});
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
