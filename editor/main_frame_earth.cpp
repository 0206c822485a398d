// The Map menu: the map's size; a scanned background under the grid, aligned by points or by its
// georeference; the map placed on the Earth by a point or by control points; its elevation from a
// terrain model and a first pass at its terrain from land cover (docs/terrain-data.md).
#include "main_frame.hpp"
#include "wx_paths.hpp"

#include "formats/picture_size.hpp"
#include "formats/terrain_model.hpp"
#include "model/commands/edits.hpp"

#include <wx/filedlg.h>
#include <wx/image.h>
#include <wx/menu.h>
#include <wx/numdlg.h>

namespace sandtable {

Actions MainFrame::mapActions() {
    const auto hasDocument = [this] { return doc_ != nullptr; };
    const auto hasBackground = [this] { return doc_ && doc_->scenario().map.background; };
    return {
        {.name = "map.resize",
         .menu = "&Map",
         .label = "&Resize...",
         .help = "Change the map's size, anchored at a side or corner",
         .run = [this] { resizeMap(); },
         .enabled = hasDocument},
        {.name = "map.background",
         .menu = "&Map",
         .label = "&Background image...",
         .help = "Put a scanned map under the grid",
         .separatorBefore = true,
         .run =
             [this] {
                 wxFileDialog dialog(this, "Scanned map", lastFolder_, "",
                                     "Images (*.png;*.jpg;*.jpeg;*.tif;*.tiff;*.gif;*.bmp)|"
                                     "*.png;*.jpg;*.jpeg;*.tif;*.tiff;*.gif;*.bmp|All files|*",
                                     wxFD_OPEN | wxFD_FILE_MUST_EXIST);
                 if (dialog.ShowModal() == wxID_OK) {
                     setBackground(pathOf(dialog.GetPath()));
                 }
             },
         .enabled = hasDocument},
        {.name = "map.align-background",
         .menu = "&Map",
         .label = "&Align background by points",
         .help = "Click a point on the scan, then where it belongs; Enter applies, Esc cancels",
         .run =
             [this] {
                 if (!doc_->scenario().map.background) {
                     reportError("No background",
                                 "Choose a background image first (Map > Background image).");
                     return;
                 }
                 canvas_->startBackgroundAlignment([this](BackgroundImage aligned) {
                     doc_->execute(edits::setBackground(doc_->scenario(), aligned));
                 });
             },
         .enabled = hasDocument},
        {.name = "map.background-opacity",
         .menu = "&Map",
         .label = "Background &opacity...",
         .help = "How strongly the scan shows through the map",
         .run =
             [this] {
                 BackgroundImage b = *doc_->scenario().map.background;
                 const long percent =
                     wxGetNumberFromUser("Opacity of the scanned map (0 to 100%)", "", "Background",
                                         static_cast<long>(b.opacity * 100), 0, 100, this);
                 if (percent >= 0) {
                     b.opacity = static_cast<double>(percent) / 100.0;
                     doc_->execute(edits::setBackground(doc_->scenario(), b));
                 }
             },
         .enabled = hasBackground},
        {.name = "map.remove-background",
         .menu = "&Map",
         .label = "Remove background",
         .help = "Take the scan away (the image file stays where it is)",
         .run = [this] { doc_->execute(edits::setBackground(doc_->scenario(), std::nullopt)); },
         .enabled = hasBackground},
        {.name = "map.place-on-earth",
         .menu = "&Map",
         .label = "Place on the &Earth...",
         .help = "Where the map lies on the Earth: a point and a bearing, or control points",
         .separatorBefore = true,
         .run =
             [this] {
                 const auto placed = askPlacement(doc_->scenario());
                 if (!placed) {
                     return;
                 }
                 // A georeferenced background moves with the map, in the same undo step.
                 auto placing = placeOnTheEarth(doc_->scenario(), *placed, doc_->file());
                 doc_->execute(std::move(placing.edit));
                 SetStatusText(placing.backgroundMoved
                                   ? "Map placed on the Earth; the georeferenced background moved with it"
                                   : "Map placed on the Earth",
                               0);
             },
         .enabled = hasDocument},
        {.name = "map.import-elevation",
         .menu = "&Map",
         .label = "&Import elevation...",
         .help = "Contour levels from a terrain model (GeoTIFF, ASCII grid)",
         .run =
             [this] {
                 if (!isPlaced("Import elevation")) {
                     return;
                 }
                 if (const auto imported = askElevationImport(doc_->scenario())) {
                     doc_->execute(edits::setElevationLayer(doc_->scenario(), imported->levels,
                                                            imported->feetPerContour, imported->surface,
                                                            baseFeetOf(*imported)));
                 }
             },
         .enabled = hasDocument},
        {.name = "map.import-land-cover",
         .menu = "&Map",
         .label = "Import &land cover...",
         .help = "A first pass at the terrain from a land-cover raster",
         .run =
             [this] {
                 if (!isPlaced("Import land cover")) {
                     return;
                 }
                 if (const auto imported = askLandCoverImport(doc_->scenario())) {
                     doc_->execute(edits::setTerrainLayer(doc_->scenario(), imported->terrain));
                     SetStatusText(
                         wxString::Format("Land cover: %d cells changed; check them against the period maps",
                                          imported->changed),
                         0);
                 }
             },
         .enabled = hasDocument},
    };
}

void MainFrame::resizeMap() {
    const auto plan = askResize(doc_->scenario());
    if (!plan) {
        return;
    }
    auto resize = resizeOnTheEarth(doc_->scenario(), *plan);
    if (!resize) {
        reportError("Resize", wxString::FromUTF8(resize.error()));
        return;
    }
    doc_->execute(std::move(*resize));
}

bool MainFrame::isPlaced(const wxString& command) {
    if (!doc_) {
        return false;
    }
    if (!doc_->scenario().map.geo) {
        reportError(command, "Place the map on the Earth first (Map > Place on the Earth).");
        return false;
    }
    return true;
}

bool MainFrame::setBackground(const std::filesystem::path& image) {
    if (auto refused = scanRefusal(image)) {
        reportError("Cannot use this image", wxString::FromUTF8(*refused));
        return false;
    }
    wxImage probe;
    if (!probe.LoadFile(wxString::FromUTF8(image.string()))) {
        reportError("Cannot use this image",
                    wxString::FromUTF8(image.string()) + ": not an image Sandtable can read");
        return false;
    }
    // Stored relative to the scenario when it has a file, so the two travel together.
    std::filesystem::path stored = image;
    if (!doc_->file().empty()) {
        std::error_code ec;
        const auto relative = std::filesystem::relative(image, doc_->file().parent_path(), ec);
        if (!ec && !relative.empty()) {
            stored = relative;
        }
    }
    // At first the scan covers the map's width; aligning by points puts it in place. A scan
    // that carries its georeference (GeoTIFF, world file) on a map placed on the Earth lands in
    // place at once.
    const double widthInCells = canvas_->layout()->width() / MapCanvas::cellSize;
    BackgroundImage b;
    b.file = stored.string();
    b.unitsPerPixel = widthInCells / probe.GetWidth();
    b.opacity = 0.5;
    wxString outcome;
    if (doc_->scenario().map.geo) {
        if (auto placed = georeferencedPlacement(doc_->scenario().map, image)) {
            b.affine = placed->transform;
            outcome =
                wxString::Format("Background placed by its georeference (within %.2f cells)", placed->rms);
        } else {
            outcome = "Background image set, not placed by georeference (" +
                      wxString::FromUTF8(placed.error()) + "): align it by points";
        }
    } else if (hasGeoreference(image)) {
        outcome = "Background image set. It carries a georeference: place the map on the Earth "
                  "(Map > Place on the Earth) and it will be put in place";
    } else {
        outcome = "Background image set: align it by points (Map > Align background by points)";
    }
    doc_->execute(edits::setBackground(doc_->scenario(), b));
    SetStatusText(outcome, 0);
    return true;
}

} // namespace sandtable
