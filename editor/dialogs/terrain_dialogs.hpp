#pragma once
// Map > Place on the Earth and Map > Import elevation (docs/terrain-data.md): the map's geographic
// placement, and a terrain model sampled over the placed map with a preview of the levels and
// their histogram before anything changes. Both end in one undoable edit.
#include "formats/terrain_model.hpp"
#include "model/scenario.hpp"

#include <expected>
#include <optional>
#include <string>
#include <wx/dialog.h>

class wxChoice;
class wxStaticText;
class wxTextCtrl;

namespace sandtable {

class PlaceOnEarthDialog : public wxDialog {
  public:
    PlaceOnEarthDialog(wxWindow* parent, const Scenario& scenario);

    // The placement as the fields stand (checked with GDAL), or what is wrong with them.
    std::expected<GeoPlacement, std::string> placement() const;
    void update();

    wxTextCtrl* crs = nullptr;
    wxChoice* anchor = nullptr;
    wxTextCtrl* x = nullptr;
    wxTextCtrl* y = nullptr;
    wxTextCtrl* rotation = nullptr;
    wxStaticText* problem = nullptr;
};

class ImportElevationDialog : public wxDialog {
  public:
    ImportElevationDialog(wxWindow* parent, const Scenario& scenario);

    // Samples the terrain model as the fields stand: the levels, or what is wrong.
    std::expected<ElevationImport, std::string> preview() const;
    // Runs the preview and shows its histogram and picture.
    void update();

    wxTextCtrl* file = nullptr;
    wxTextCtrl* interval = nullptr;
    wxTextCtrl* base = nullptr; // empty: the lowest height found
    wxChoice* method = nullptr;
    wxChoice* units = nullptr; // as the raster says, metres, feet
    wxStaticText* histogram = nullptr;
    wxWindow* picture = nullptr;
    wxStaticText* problem = nullptr;

  private:
    void paintPicture();
    const Scenario& scenario_;
    std::optional<ElevationImport> shown_;
};

} // namespace sandtable
