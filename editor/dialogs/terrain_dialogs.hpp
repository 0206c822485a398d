#pragma once
// Map > Place on the Earth, Map > Import elevation and Map > Import land cover
// (docs/terrain-data.md): the map's geographic placement, by a point or by control points fitted
// with their residuals; a terrain model sampled over the placed map with a preview of the levels
// and their histogram; a land-cover raster turned into terrain by a table, previewed with what it
// leaves. Nothing changes before OK, and each ends in one undoable edit.
#include "formats/land_cover.hpp"
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

    // The placement as the fields stand (checked with GDAL), or what is wrong with them. By
    // control points, the fitted placement.
    std::expected<GeoPlacement, std::string> placement() const;
    // The fit of the control points as they stand, or what is wrong with them.
    std::expected<PlacementFit, std::string> fit() const;
    void update();

    wxChoice* by = nullptr; // 0: a point and a rotation; 1: control points
    wxTextCtrl* crs = nullptr;
    wxChoice* anchor = nullptr;
    wxTextCtrl* x = nullptr;
    wxTextCtrl* y = nullptr;
    wxTextCtrl* rotation = nullptr;
    wxTextCtrl* points = nullptr; // a line per point: CCRR X Y
    wxStaticText* residuals = nullptr;
    wxStaticText* problem = nullptr;

  private:
    const Scenario& scenario_;
};

class ImportElevationDialog : public wxDialog {
  public:
    ImportElevationDialog(wxWindow* parent, const Scenario& scenario);

    // Samples the terrain model as the fields stand: the levels, or what is wrong.
    std::expected<ElevationImport, std::string> preview() const;
    // Runs the preview and shows its histogram and picture.
    void update();
    // What the preview last showed (the fields as they stand): what OK applies.
    const std::optional<ElevationImport>& shown() const { return shown_; }

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

class ImportLandCoverDialog : public wxDialog {
  public:
    ImportLandCoverDialog(wxWindow* parent, const Scenario& scenario);

    // Samples the land cover as the fields stand: every cell's terrain, or what is wrong.
    std::expected<LandCoverImport, std::string> preview() const;
    void update();
    // What the preview last showed (the fields as they stand): what OK applies.
    const std::optional<LandCoverImport>& shown() const { return shown_; }

    wxTextCtrl* file = nullptr;
    wxChoice* table = nullptr;       // the built-in tables, then "A table file"
    wxTextCtrl* tableFile = nullptr; // with "A table file"
    wxTextCtrl* share = nullptr;     // percent
    wxStaticText* summary = nullptr;
    wxWindow* picture = nullptr;
    wxStaticText* problem = nullptr;

  private:
    void paintPicture();
    const Scenario& scenario_;
    std::optional<LandCoverImport> shown_;
};

} // namespace sandtable
