#include "main_frame.hpp"

#include "formats/scenario_xml.hpp"

#include <wx/aboutdlg.h>
#include <wx/filedlg.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/statusbr.h>

namespace sandtable {

MainFrame::MainFrame() : wxFrame(nullptr, wxID_ANY, "Sandtable", wxDefaultPosition, wxSize(1280, 860)) {
    auto* file = new wxMenu;
    file->Append(wxID_OPEN, "&Open...\tCtrl+O");
    file->AppendSeparator();
    file->Append(wxID_EXIT, "&Quit\tCtrl+Q");
    auto* view = new wxMenu;
    view->Append(wxID_ZOOM_IN, "Zoom &In\tCtrl++");
    view->Append(wxID_ZOOM_OUT, "Zoom &Out\tCtrl+-");
    view->Append(wxID_ZOOM_FIT, "Zoom to &Fit\tCtrl+0");
    auto* help = new wxMenu;
    help->Append(wxID_ABOUT, "&About Sandtable");
    auto* bar = new wxMenuBar;
    bar->Append(file, "&File");
    bar->Append(view, "&View");
    bar->Append(help, "&Help");
    SetMenuBar(bar);
    CreateStatusBar(2);

    canvas_ = new MapCanvas(this);
    canvas_->onHover = [this](std::optional<Offset> c) { onHover(c); };
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(canvas_, 1, wxEXPAND);
    SetSizer(sizer);

    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            wxFileDialog dialog(this, "Open scenario", "", "",
                                "Sandtable scenarios (*.xml)|*.xml|All files|*",
                                wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (dialog.ShowModal() == wxID_OK) {
                open(dialog.GetPath().utf8_string());
            }
        },
        wxID_OPEN);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            canvas_->zoomBy(1.25, wxPoint(canvas_->GetClientSize().x / 2, canvas_->GetClientSize().y / 2));
        },
        wxID_ZOOM_IN);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            canvas_->zoomBy(0.8, wxPoint(canvas_->GetClientSize().x / 2, canvas_->GetClientSize().y / 2));
        },
        wxID_ZOOM_OUT);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { canvas_->zoomToFit(); }, wxID_ZOOM_FIT);
    Bind(
        wxEVT_MENU,
        [](wxCommandEvent&) {
            wxAboutDialogInfo info;
            info.SetName("Sandtable");
            info.SetDescription("Scenario and map editor for American Civil War grid wargames");
            wxAboutBox(info);
        },
        wxID_ABOUT);
    reportError = [this](const wxString& title, const wxString& message) {
        wxMessageBox(message, title, wxOK | wxICON_ERROR, this);
    };
    updateTitle();
}

bool MainFrame::open(const std::filesystem::path& file) {
    auto loaded = readScenario(file);
    if (!loaded) {
        reportError("Cannot open scenario", wxString::FromUTF8(loaded.error().toString()));
        return false;
    }
    scenario_ = std::move(*loaded);
    file_ = file;
    canvas_->setScenario(&scenario_);
    updateTitle();
    return true;
}

void MainFrame::updateTitle() {
    wxString title = "Sandtable";
    if (!file_.empty()) {
        title = wxString::FromUTF8(scenario_.info.title.empty() ? file_.filename().string()
                                                                : scenario_.info.title) +
                " - " + wxString::FromUTF8(file_.filename().string()) + " - Sandtable";
    }
    SetTitle(title);
}

void MainFrame::onHover(std::optional<Offset> cell) {
    if (!cell || file_.empty()) {
        SetStatusText("", 0);
        return;
    }
    const Map& map = scenario_.map;
    wxString text = wxString::Format("%s  %s  level %d", map.grid.label(*cell),
                                     wxString::FromUTF8(map.terrainAt(*cell).name), map.elevationAt(*cell));
    for (const auto& [piece, placement] : scenario_.deployment.placements) {
        if (std::ranges::find(placement.cells, *cell) == placement.cells.end()) {
            continue;
        }
        if (piece.kind == PieceKind::Unit) {
            text += "  |  " + wxString::FromUTF8(scenario_.oob.units.at(UnitId{piece.id}).name);
        } else if (piece.kind == PieceKind::Commander) {
            text += "  |  " +
                    wxString::FromUTF8(scenario_.oob.headquarters.at(HeadquartersId{piece.id}).commander);
        } else {
            text += "  |  " + wxString::FromUTF8(scenario_.oob.trains.at(TrainId{piece.id}).name);
        }
    }
    SetStatusText(text, 0);
    SetStatusText(wxString::Format("zoom %.0f%%", canvas_->zoom() * 100), 1);
}

} // namespace sandtable
