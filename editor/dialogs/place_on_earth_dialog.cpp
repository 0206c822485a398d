// Map > Place on the Earth: a point of the map at a coordinate of any coordinate system and the
// map's bearing, or control points fitted by least squares, with the fit's residuals shown.
#include "editor/dialogs/terrain_dialogs.hpp"

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

} // namespace sandtable
