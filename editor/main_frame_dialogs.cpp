// The dialogs a command asks through, each behind a std::function of MainFrame so that the tests
// answer in their place: messages, questions, File > New map, File > Import, File > Export, Map > Resize, Map
// > Place on the Earth and the terrain imports.
#include "main_frame.hpp"
#include "wx_paths.hpp"

#include "dialogs/export_dialog.hpp"
#include "dialogs/import_dialog.hpp"
#include "dialogs/new_map_dialog.hpp"
#include "dialogs/resize_dialog.hpp"
#include "dialogs/terrain_dialogs.hpp"

#include <wx/choicdlg.h>
#include <wx/filedlg.h>
#include <wx/msgdlg.h>
#include <wx/textdlg.h>

namespace sandtable {

void MainFrame::installDialogs() {
    reportError = [this](const wxString& title, const wxString& message) {
        wxMessageBox(message, title, wxOK | wxICON_ERROR, this);
    };
    ask = [this](const wxString& question) {
        return wxMessageBox(question, "Sandtable", wxYES_NO | wxCANCEL | wxICON_QUESTION, this);
    };
    askText = [this](const wxString& question) { return wxGetTextFromUser(question, "Sandtable", "", this); };
    askEdit = [this](const wxString& question, const wxString& suggestion) {
        return wxGetTextFromUser(question, "Sandtable", suggestion, this);
    };
    askChoices = [this](const wxString& question, const wxArrayString& items,
                        const std::vector<int>& ticked) -> std::optional<std::vector<int>> {
        wxMultiChoiceDialog dialog(this, question, "Sandtable", items);
        wxArrayInt selections;
        for (int i : ticked) {
            selections.Add(i);
        }
        dialog.SetSelections(selections);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        std::vector<int> out;
        for (int i : dialog.GetSelections()) {
            out.push_back(i);
        }
        return out;
    };
    askNewMap = [this](const NewMapChoice& initial) -> std::optional<NewMapChoice> {
        NewMapDialog dialog(this, initial);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto chosen = dialog.choice();
        return chosen ? std::optional(*chosen) : std::nullopt;
    };
    askImport = [this](const wxString& folder) -> std::optional<ImportChoice> {
        ImportDialog dialog(this, folder);
        // OK is enabled only on a preview that worked: import what it showed.
        if (dialog.ShowModal() != wxID_OK || !dialog.shown()) {
            return std::nullopt;
        }
        return ImportChoice{*dialog.shown(), dialog.target()};
    };
    askExport = [this](const Scenario& scenario,
                       const std::filesystem::path& suggested) -> std::optional<ExportRequest> {
        ExportDialog dialog(this, scenario, suggested, canvas_->renderOptions().style);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto request = dialog.request();
        return request ? std::optional(*request) : std::nullopt;
    };
    askPlacement = [this](const Scenario& scenario) -> std::optional<GeoPlacement> {
        PlaceOnEarthDialog dialog(this, scenario);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto placed = dialog.placement();
        return placed ? std::optional(*placed) : std::nullopt;
    };
    askElevationImport = [this](const Scenario& scenario) -> std::optional<ElevationImport> {
        ImportElevationDialog dialog(this, scenario);
        // OK is enabled only on a preview that worked: apply it rather than read the raster again.
        return dialog.ShowModal() == wxID_OK ? dialog.shown() : std::nullopt;
    };
    askLandCoverImport = [this](const Scenario& scenario) -> std::optional<LandCoverImport> {
        ImportLandCoverDialog dialog(this, scenario);
        // OK is enabled only on a preview that worked: apply it rather than read the raster again.
        return dialog.ShowModal() == wxID_OK ? dialog.shown() : std::nullopt;
    };
    askResize = [this](const Scenario& scenario) -> std::optional<ResizePlan> {
        ResizeDialog dialog(this, scenario);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto plan = dialog.plan();
        return plan ? std::optional(*plan) : std::nullopt;
    };
    askSavePath = [this](const wxString& title, const wxString& folder,
                         const wxString& name) -> std::optional<std::filesystem::path> {
        wxFileDialog dialog(this, title, folder, name, "Sandtable scenarios (*.xml)|*.xml",
                            wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        return pathOf(dialog.GetPath());
    };
    openUrl = [](const wxString& url) { wxLaunchDefaultBrowser(url); };
}

} // namespace sandtable
