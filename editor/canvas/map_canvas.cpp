#include "map_canvas.hpp"
#include "model/file_names.hpp"

#include "editor/tools/background_alignment_tool.hpp"
#include "editor/tools/overlay_painter.hpp"
#include "editor/tools/select_tool.hpp"
#include "formats/picture_size.hpp"
#include "render/scene_changes.hpp"
#include "render/view_bands.hpp"

#include <cairo.h>

#include <wx/dcbuffer.h>
#include <wx/dnd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace sandtable {

namespace {

// The tools' marks drawn through wx's graphics context, in map units, sizes in screen pixels.
class GraphicsOverlay final : public OverlayPainter {
  public:
    GraphicsOverlay(wxGraphicsContext& gc, double zoom) : gc_(gc), pixel_(1 / zoom) {}
    void line(Point from, Point to, OverlayColour colour, double widthPx) override {
        gc_.SetPen(gc_.CreatePen(wxGraphicsPenInfo(wx(colour)).Width(widthPx * pixel_)));
        gc_.StrokeLine(from.x, from.y, to.x, to.y);
    }
    void circle(Point centre, double radiusPx, OverlayColour stroke, double widthPx,
                std::optional<OverlayColour> fill) override {
        gc_.SetPen(gc_.CreatePen(wxGraphicsPenInfo(wx(stroke)).Width(widthPx * pixel_)));
        gc_.SetBrush(fill ? gc_.CreateBrush(wxBrush(wx(*fill))) : wxGraphicsBrush());
        const double r = radiusPx * pixel_;
        gc_.DrawEllipse(centre.x - r, centre.y - r, 2 * r, 2 * r);
    }
    void dot(Point centre, double radiusPx, OverlayColour fill) override {
        gc_.SetPen(*wxTRANSPARENT_PEN);
        gc_.SetBrush(gc_.CreateBrush(wxBrush(wx(fill))));
        const double r = radiusPx * pixel_;
        gc_.DrawEllipse(centre.x - r, centre.y - r, 2 * r, 2 * r);
    }
    void cross(Point centre, double halfPx, OverlayColour colour, double widthPx) override {
        const double h = halfPx * pixel_;
        line({centre.x - h, centre.y}, {centre.x + h, centre.y}, colour, widthPx);
        line({centre.x, centre.y - h}, {centre.x, centre.y + h}, colour, widthPx);
    }
    void outline(std::span<const Point> corners, OverlayColour stroke, double widthPx,
                 std::optional<OverlayColour> fill, bool dashed) override {
        if (corners.empty()) {
            return;
        }
        gc_.SetPen(gc_.CreatePen(wxGraphicsPenInfo(wx(stroke))
                                     .Width(widthPx * pixel_)
                                     .Style(dashed ? wxPENSTYLE_SHORT_DASH : wxPENSTYLE_SOLID)));
        gc_.SetBrush(fill ? gc_.CreateBrush(wxBrush(wx(*fill))) : wxGraphicsBrush());
        wxGraphicsPath path = gc_.CreatePath();
        path.MoveToPoint(corners.front().x, corners.front().y);
        for (const Point& p : corners.subspan(1)) {
            path.AddLineToPoint(p.x, p.y);
        }
        path.CloseSubpath();
        gc_.DrawPath(path);
    }
    void text(Point anchor, Point offsetPx, std::string_view text, double sizePx, OverlayColour colour,
              bool bold) override {
        gc_.SetFont(
            gc_.CreateFont(sizePx * pixel_, "Sans", bold ? wxFONTFLAG_BOLD : wxFONTFLAG_DEFAULT, wx(colour)));
        gc_.DrawText(wxString::FromUTF8(std::string(text)), anchor.x + offsetPx.x * pixel_,
                     anchor.y + offsetPx.y * pixel_);
    }

  private:
    static wxColour wx(OverlayColour c) { return wxColour(c.r, c.g, c.b, c.a); }
    wxGraphicsContext& gc_;
    double pixel_; // one screen pixel in map units
};

} // namespace

namespace {

// Accepts "piece:unit:3" dragged from the order-of-battle tree and deploys it where it is dropped.
class PieceDropTarget : public wxTextDropTarget {
  public:
    explicit PieceDropTarget(MapCanvas& canvas) : canvas_(canvas) {}
    bool OnDropText(wxCoord x, wxCoord y, const wxString& text) override {
        const std::string s = text.utf8_string();
        if (!s.starts_with("piece:") || canvas_.tools() == nullptr) {
            return false;
        }
        const auto piece = parsePieceRef(std::string_view(s).substr(6));
        if (!piece) {
            return false;
        }
        canvas_.tools()->placePiece(*piece, canvas_.toMap(wxPoint(x, y)));
        return true;
    }

  private:
    MapCanvas& canvas_;
};

// A cell's outline as a closed subpath of `path`.
void addOutline(wxGraphicsPath& path, const Layout& layout, Offset c) {
    const auto corners = layout.corners(c);
    path.MoveToPoint(corners[0].x, corners[0].y);
    for (std::size_t i = 1; i < corners.size(); ++i) {
        path.AddLineToPoint(corners[i].x, corners[i].y);
    }
    path.CloseSubpath();
}

} // namespace

MapCanvas::MapCanvas(wxWindow* parent)
    : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxWANTS_CHARS) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    SetDropTarget(new PieceDropTarget(*this)); // wx owns drop targets
    // Names are set in points as they print; zoomed out, up to twice that so they stay readable.
    options_.smallestWordPixels = LabelSizes::screenWordPixels;
    Bind(wxEVT_PAINT, &MapCanvas::onPaint, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::onWheel, this);
    for (auto type : {wxEVT_LEFT_DOWN, wxEVT_LEFT_UP, wxEVT_MIDDLE_DOWN, wxEVT_MIDDLE_UP, wxEVT_RIGHT_DOWN,
                      wxEVT_RIGHT_UP, wxEVT_MOTION}) {
        Bind(type, &MapCanvas::onMouse, this);
    }
    Bind(wxEVT_LEAVE_WINDOW, [this](wxMouseEvent& e) {
        if (tools_ && tools_->hover(std::nullopt)) {
            refreshMarks();
        }
        e.Skip();
    });
    Bind(wxEVT_KEY_DOWN, &MapCanvas::onKey, this);
    Bind(wxEVT_KEY_UP, [this](wxKeyEvent& e) {
        if (e.GetKeyCode() == WXK_SPACE) {
            spaceDown_ = false;
        }
        e.Skip();
    });
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        // wxGTK tells a new size twice (its own layout, then GTK's): the second time the paint for
        // the first has drawn the map at it, or its parts are asked for already.
        if (const wxSize size = GetClientSize(); resizePending_ != size &&
                                                 (!buffer_.holds(size.x, size.y) || !bufferWhole_) &&
                                                 !drawOnlyWhatCameIntoView(size)) {
            Refresh(false);
        }
        e.Skip();
    });
    // The map's image in memory the display shares, where it does: showing it is the display's one copy.
    buffer_.makeImagesWith([this](int width, int height) { return shown_.sharedImage(width, height); });
    sharpen_.SetOwner(this);
    Bind(wxEVT_TIMER, [this](wxTimerEvent&) { sharpenNext(); }); // the zoom rested: sharp
    // Not owned by the canvas: its events go to the timer itself.
    rested_.Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
        if (!mapStale_ && !ground_.sharpening()) {
            planAhead(true);
        }
    });
}

void MapCanvas::setDocument(Document* document) {
    doc_ = document;
    tools_.reset();
    ground_.invalidateAll();
    shownScene_.reset(); // it points into the scenario
    panScene_.reset();
    layout_ =
        document ? std::make_unique<sandtable::Layout>(document->scenario().map.grid, cellSize) : nullptr;
    if (document) {
        tools_ = std::make_unique<ToolManager>(*document, *layout_);
        overview_.rebuild(document->scenario().map);
        index_.rebuild(document->scenario());
    }
    zoomToFit();
}

void MapCanvas::reloadBackground() {
    const auto& wanted = doc_->scenario().map.background;
    if (!wanted) {
        background_.reset();
        backgroundFor_ = BackgroundImage{};
        return;
    }
    if (background_ && backgroundFor_.file == wanted->file && backgroundFor_.opacity == wanted->opacity) {
        return;
    }
    backgroundFor_ = *wanted;
    const std::filesystem::path file = doc_->resolve(pathFromUtf8(wanted->file));
    background_.reset();
    wxImage image;
    // A file of a size the editor can hold (formats/picture_size: a pipe or device would block or
    // never end, a picture declared huge would take all the memory), checked before it is decoded.
    if (auto refused = scanRefusal(file)) {
        if (onHint) {
            onHint("Cannot load the background image " + wxString::FromUTF8(*refused));
        }
        return;
    }
    if (!image.LoadFile(wxString::FromUTF8(file.string()))) {
        if (onHint) {
            onHint("Cannot load the background image " + wxString::FromUTF8(file.string()));
        }
        return;
    }
    // wx reads every image format; the painter draws a cairo surface.
    cairo_surface_t* surface = surfaceOfImage(image, wanted->opacity);
    if (surface == nullptr) {
        return;
    }
    background_ = {surface, cairo_surface_destroy};
}

void MapCanvas::startBackgroundAlignment(std::function<void(BackgroundImage)> onAligned) {
    if (!doc_ || !doc_->scenario().map.background || !tools_) {
        return;
    }
    tools_->startTask(
        std::make_unique<BackgroundAlignmentTool>(*doc_->scenario().map.background, std::move(onAligned)));
    toolChanged();
}

bool MapCanvas::applyBackgroundAlignment() {
    const BackgroundAlignment* aligning = backgroundAlignment();
    if (aligning == nullptr || !aligning->aligned()) {
        return false;
    }
    tools_->key(ToolKey::Enter);
    toolChanged();
    return true;
}

void MapCanvas::cancelBackgroundAlignment() {
    if (backgroundAlignment() != nullptr) {
        tools_->key(ToolKey::Escape);
        toolChanged();
    }
}

const BackgroundAlignment* MapCanvas::backgroundAlignment() const {
    const auto* aligning = tools_ ? dynamic_cast<const BackgroundAlignmentTool*>(tools_->task()) : nullptr;
    return aligning != nullptr ? &aligning->alignment() : nullptr;
}

void MapCanvas::toolChanged() {
    showToolCursor();
    Refresh(false);
}

void MapCanvas::showToolCursor() {
    // The palette changes the tool without telling the canvas: the pointer follows when it moves.
    const bool cross = tools_ && tools_->active().cursor() == ToolCursor::Cross;
    if (cross != crossCursor_) {
        crossCursor_ = cross;
        SetCursor(cross ? wxCursor(wxCURSOR_CROSS) : wxNullCursor);
    }
}

void MapCanvas::mapChanged(const ChangeSet& cs) {
    if (!doc_) {
        return;
    }
    // Resizing and its undo replace the grid: the layout (which the tools share) follows at once,
    // or a click would map to cells of the old size.
    if (layout_ && layout_->grid() != doc_->scenario().map.grid) {
        *layout_ = sandtable::Layout(doc_->scenario().map.grid, cellSize);
        hover_.reset();
        if (tools_) {
            tools_->gridChanged();
        }
        zoomToFit(); // a map of another size: show all of it
    }
    if (cs.everything || (cs.kinds & PathsChanged) != 0) {
        overview_.rebuild(doc_->scenario().map);
    } else if ((cs.kinds & TerrainChanged) != 0) {
        overview_.update(doc_->scenario().map, cs.cells);
    }
    // The kept ground: what the edit changed is drawn again (a change with no cells named, such as
    // the scanned map placed anew, redraws all of it).
    if (cs.everything || (cs.touches(TerrainChanged | PathsChanged) && cs.cells.empty())) {
        ground_.invalidateAll();
    } else if (cs.touches(TerrainChanged | PathsChanged)) {
        ground_.invalidate(ViewCache::groundChangedBy(*layout_, cs.cells));
    }
    shownScene_.reset(); // the words may stand elsewhere, and the scene points into the scenario
    panScene_.reset();
    if (cs.everything) {
        index_.rebuild(doc_->scenario());
    } else {
        if ((cs.kinds & (PlacementsChanged | OrderChanged)) != 0) {
            index_.rebuildPieces(doc_->scenario());
        }
        if ((cs.kinds & PathsChanged) != 0) {
            index_.rebuildPaths(doc_->scenario());
        }
    }
    Refresh(false);
}

void MapCanvas::zoomToFit() {
    if (!layout_) {
        Refresh(false);
        return;
    }
    const wxSize size = GetClientSize();
    const double fit = std::min(size.x / (layout_->width() + 20), size.y / (layout_->height() + 20));
    zoom_ = std::clamp(fit, minZoom, maxZoom);
    scrollX_ = (layout_->width() * zoom_ - size.x) / 2;
    scrollY_ = (layout_->height() * zoom_ - size.y) / 2;
    Refresh(false);
}

ViewPlacement MapCanvas::steppedView(double factor, wxPoint anchor) const {
    const Point before = toMap(anchor);
    const double zoom = std::clamp(zoom_ * factor, minZoom, maxZoom);
    // Keep the map point under the cursor where it was.
    return {before.x * zoom - anchor.x, before.y * zoom - anchor.y, zoom};
}

void MapCanvas::zoomBy(double factor, wxPoint anchor) {
    zoomStepped_ = true; // a step of the wheel or of a key: the ground may be a preview
    const ViewPlacement view = steppedView(factor, anchor);
    zoom_ = view.zoom;
    scrollX_ = view.scrollX;
    scrollY_ = view.scrollY;
    lastStep_ = ZoomStep{factor, anchor};
    pointer_.reset();
    Refresh(false);
}

void MapCanvas::planAhead(bool eitherWay) {
    ahead_.clear();
    if (!doc_ || !layout_) {
        return;
    }
    const wxSize size = GetClientSize();
    const ZoomStep step = lastStep_.value_or(ZoomStep{wheelStep, wxPoint(size.x / 2, size.y / 2)});
    const wxPoint anchor = pointer_.value_or(step.anchor);
    // The last step again if it was one of the wheel's or the keys' (not a jump to a zoom asked for).
    const double factor = step.factor >= 1 / 2.0 && step.factor <= 2 ? step.factor : wheelStep;
    ahead_.push_back(steppedView(factor, anchor));
    if (eitherWay) {
        ahead_.push_back(steppedView(1 / factor, anchor));
    }
    if (!aheadPending_) {
        aheadPending_ = true;
        CallAfter([this] { stretchAheadNext(); }); // after what input is waiting
    }
}

void MapCanvas::stretchAheadNext() {
    aheadPending_ = false;
    // A frame asked for comes first, and plans anew.
    if (ahead_.empty() || mapStale_ || !doc_ || !layout_) {
        return;
    }
    const wxSize size = GetClientSize();
    const auto until = std::chrono::steady_clock::now() + ViewCache::frameBudgetFor(size.x, size.y) / 2;
    if (ground_.stretchAhead(ahead_.front(), backdrop, options_, until)) {
        ahead_.erase(ahead_.begin());
    }
    if (!ahead_.empty()) {
        aheadPending_ = true;
        CallAfter([this] { stretchAheadNext(); });
    }
}

void MapCanvas::centreOn(Offset cell) {
    if (!layout_) {
        return;
    }
    const Point p = layout_->cellCenter(cell);
    const wxSize size = GetClientSize();
    scrollX_ = p.x * zoom_ - size.x / 2.0;
    scrollY_ = p.y * zoom_ - size.y / 2.0;
    Refresh(false);
}

void MapCanvas::panBy(int dx, int dy) {
    if (dx == 0 && dy == 0) {
        return;
    }
    // What waits to be painted is shown first: the display moves what the window shows.
    Update();
    const ViewPlacement before{scrollX_, scrollY_, zoom_};
    scrollX_ += dx;
    scrollY_ += dy;
    if (!moveShownPixels(before, dx, dy)) {
        Refresh(false);
    }
}

bool MapCanvas::moveShownPixels(ViewPlacement before, int dx, int dy) {
    const wxSize size = GetClientSize();
    // Only a window showing the whole map as it stands, at a zoom that has rested and is sharp.
    if (!doc_ || !layout_ || mapStale_ || !buffer_.holds(size.x, size.y) || shownView_ != before ||
        zoomStepped_ || ground_.previewShown() || std::abs(dx) >= size.x || std::abs(dy) >= size.y) {
        return false;
    }
    const MapPainter painter = this->painter();
    // Marks arranged (or the overview, with none) as before: the words can be compared.
    if (painter.drawsOverview(zoom_) != (shownScene_ == nullptr)) {
        return false;
    }
    // The display starts moving the pixels first, and moves them while the marks are arranged and
    // the strips drawn.
    if (!shown_.move(-dx, -dy)) {
        return false;
    }
    const ViewPlacement view{scrollX_, scrollY_, zoom_};
    auto scene = arrange(painter, view);
    std::vector<PixelRect> parts;
    if (dx != 0) {
        parts.push_back({dx > 0 ? size.x - dx : 0, 0, std::abs(dx), size.y});
    }
    if (dy != 0) {
        parts.push_back({0, dy > 0 ? size.y - dy : 0, size.x, std::abs(dy)});
    }
    // The words the new view's arrangement sets elsewhere than the shown one did.
    if (scene) {
        for (const PixelRect& word : pixelsOfWordsMoved(*shownScene_, *scene, view, size.x, size.y)) {
            parts.push_back(word);
        }
    }
    panScene_ = std::move(scene);
    panView_ = view;
    bufferWhole_ = false;
    if (shown_.canShowStraight()) {
        partsWanted_ = std::move(parts);
        askForFrame();
        return true;
    }
    // The base class's Refresh: the map stands, only these parts of the window are to be painted.
    for (const PixelRect& part : parts) {
        const wxRect r(part.x, part.y, part.width, part.height);
        wxWindow::Refresh(false, &r);
    }
    return true;
}

bool MapCanvas::drawOnlyWhatCameIntoView(wxSize size) {
    // The last whole frame still in the image, at the view the window shows (nothing else asked for
    // since, unless an earlier size's parts, not drawn yet), and the image keeps it at this size.
    const bool lastFrameInImage = (!mapStale_ && bufferWhole_) || (resizePending_ && !wholeWanted_);
    const ViewPlacement view{scrollX_, scrollY_, zoom_};
    if (!doc_ || !layout_ || !lastFrameInImage || shownView_ != view || zoomStepped_ ||
        ground_.previewShown() || size.x <= 0 || size.y <= 0 || !buffer_.keepsTheDrawingAt(size.x, size.y)) {
        return false;
    }
    const MapPainter painter = this->painter();
    if (painter.drawsOverview(zoom_) != (shownScene_ == nullptr)) {
        return false;
    }
    auto scene = arrange(painter, view); // the image taken to the new size, the drawing kept
    std::vector<PixelRect> parts = pixelsAResizeBringsIn(shownScene_.get(), scene.get(), view, wholeSize_.x,
                                                         wholeSize_.y, size.x, size.y);
    if (parts.empty()) {
        // Smaller, every word where it was: the image is the new view's already.
        shownScene_ = std::move(scene);
        wholeSize_ = size;
        bufferWhole_ = true;
        resizePending_.reset();
        partsWanted_.clear();
        mapStale_ = false;
        refreshMarks(); // the toolkit's paint shows it
        return true;
    }
    partsWanted_ = std::move(parts);
    panScene_ = std::move(scene);
    panView_ = view;
    resizePending_ = size;
    bufferWhole_ = false;
    if (shown_.canShowStraight()) {
        askForFrame();
    } else {
        mapStale_ = true;
        wxWindow::Refresh(false); // the parts drawn in the paint of the whole window
    }
    return true;
}

bool MapCanvas::resizePartsWaitFor(wxSize size) const {
    return resizePending_ == size && panView_ == ViewPlacement{scrollX_, scrollY_, zoom_};
}

void MapCanvas::Refresh(bool, const wxRect*) {
    wholeWanted_ = true;
    askForFrame();
}

void MapCanvas::sharpenNext() {
    askForFrame();
}

void MapCanvas::askForFrame() {
    mapStale_ = true;
    if (shown_.canShowStraight()) {
        // Not through GTK's paint buffer, which costs the X server three passes over the window's
        // pixels (a 4K zoom frame took 50 ms for 20 of drawing): docs/export.md.
        if (!framePending_) {
            framePending_ = true;
            CallAfter([this] { showFrameNow(); });
        }
        return;
    }
    wxWindow::Refresh(false);
}

void MapCanvas::Update() {
    if (framePending_) {
        showFrameNow();
    }
    wxWindow::Update();
}

void MapCanvas::showFrameNow() {
    framePending_ = false;
    if (!mapStale_) {
        return; // a paint drew it meanwhile
    }
    cairo_t* cr = doc_ && layout_ ? shown_.beginStraight() : nullptr;
    if (cr == nullptr) {
        wxWindow::Refresh(false);
        return;
    }
    reloadBackground();
    const wxSize size = GetClientSize();
    const ViewPlacement view{scrollX_, scrollY_, zoom_};
    if (!wholeWanted_ && !partsWanted_.empty() && panView_ == view && buffer_.holds(size.x, size.y)) {
        // A pan's strips: the display has the rest moved (or is moving it) before it puts them. A
        // resize's parts complete the image, which goes on the window whole (the toolkit may have
        // cleared it at the new size).
        const std::vector<PixelRect> parts = std::move(partsWanted_);
        drawMap(parts);
        if (!bufferWhole_) {
            for (const PixelRect& part : parts) {
                cairo_rectangle(cr, part.x, part.y, part.width, part.height);
            }
            cairo_clip(cr);
        }
        buffer_.present(cr);
        drawMarksStraight(cr);
        return;
    }
    const bool showsTheLastFrame =
        !wholeWanted_ && bufferWhole_ && buffer_.holds(size.x, size.y) && shownView_ == view;
    // A wheel notch's frame goes on the window band by band, each as soon as it is done: the
    // display copies the first while the last are drawn (at 4K its copy of a whole frame took as
    // long as the frame's stretch).
    int rowsShown = 0;
    drawMap({}, showsTheLastFrame, [&](PixelRect rows) {
        buffer_.presentRows(cr, rows);
        shown_.sendStraight(cr);
        rowsShown += rows.height;
    });
    if (rowsShown == size.y) {
        // Every row is on its way.
    } else if (const auto tiles = ground_.onlyTilesSharpened(); showsTheLastFrame && !tiles.empty()) {
        // The tiles drawn sharp alone: the window shows the rest already, marks included.
        mapPixelsPainted_ = 0;
        for (const PixelRect& tile : tiles) {
            cairo_rectangle(cr, tile.x, tile.y, tile.width, tile.height);
            mapPixelsPainted_ += static_cast<long long>(tile.width) * tile.height;
        }
        cairo_clip(cr);
        buffer_.present(cr);
    } else {
        buffer_.present(cr);
    }
    // The marks a moment after the map they lie on, on a frame that changed every pixel.
    drawMarksStraight(cr);
}

void MapCanvas::drawMarksStraight(cairo_t* cr) {
    if (std::unique_ptr<wxGraphicsContext> gc(
            wxGraphicsRenderer::GetCairoRenderer()->CreateContextFromNativeContext(cr));
        gc) {
        drawMarks(*gc);
    }
    shown_.endStraight(cr);
    frameShown(true);
}

void MapCanvas::refreshMarks() {
    wxWindow::Refresh(false);
}

MapPainter MapCanvas::painter() {
    MapPainter painter(doc_->scenario(), *layout_, &overview_);
    painter.setBackground(background_.get());
    painter.setIndex(&index_);
    painter.setContourHeights(&contourHeights_);
    return painter;
}

std::shared_ptr<const MapPainter::Scene> MapCanvas::arrange(const MapPainter& painter, ViewPlacement view) {
    if (painter.drawsOverview(view.zoom)) {
        return nullptr;
    }
    const wxSize size = GetClientSize();
    return arrangeView(painter, buffer_.image(size.x, size.y), view, options_);
}

void MapCanvas::drawMap(std::span<const PixelRect> parts, bool tilesAlone,
                        std::function<void(PixelRect)> bandDone) {
    const wxSize size = GetClientSize();
    mapStale_ = false;
    ++mapPaints_;
    const MapPainter painter = this->painter();
    // On every core, in bands of rows of the one image; the ground kept from the last frame where
    // it can be (render/view_cache): a pan draws the strips it shows, an edit what it changed.
    if (doc_->scenario().map.background != groundBackground_) {
        groundBackground_ = doc_->scenario().map.background; // moved without an edit: aligning it
        ground_.invalidateAll();
    }
    // At a new zoom, the ground is drawn sharp over the frames after this one, each within its
    // budget, the middle first (render/view_cache).
    ground_.setFrameBudget(ViewCache::frameBudgetFor(size.x, size.y));
    const auto atNewZoom = zoomStepped_ ? ViewCache::AtNewZoom::Preview : ViewCache::AtNewZoom::Sharp;
    const ViewPlacement view{scrollX_, scrollY_, zoom_};
    // The marks as the pan that asked for these parts arranged them (the words it found placed anew
    // are among the parts); else as the frame arranges them.
    auto scene = !parts.empty() && panView_ == view ? panScene_ : nullptr;
    const bool wasSharpening = ground_.sharpening();
    const auto drawing = std::chrono::steady_clock::now();
    // The parts a resize asked for, the rest of the image its last whole frame: whole once drawn.
    const bool completesTheImage = !parts.empty() && resizePartsWaitFor(size);
    ground_.draw(painter, buffer_.image(size.x, size.y), view, backdrop, options_, 0, atNewZoom,
                 {parts, std::move(scene), tilesAlone, std::move(bandDone)});
    lastMapDrawTime_ =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - drawing);
    shownScene_ = ground_.arranged();
    shownView_ = view;
    panScene_.reset();
    partsWanted_.clear(); // drawn, or the whole frame drawn instead
    resizePending_.reset();
    bufferWhole_ = parts.empty() || completesTheImage;
    if (bufferWhole_) {
        wholeSize_ = size;
    }
    mapPixelsPainted_ = parts.empty() ? static_cast<long long>(size.x) * size.y : 0;
    for (const PixelRect& part : parts) {
        mapPixelsPainted_ += static_cast<long long>(part.width) * part.height;
    }
    zoomStepped_ = false;
    wholeWanted_ = false;
    rested_.Stop();
    if (atNewZoom == ViewCache::AtNewZoom::Preview && ground_.previewShown()) {
        sharpen_.StartOnce(sharpAfterMs); // again from now while the wheel turns
        planAhead(false);                 // the wheel's next notch, the same way
    } else if (ground_.sharpening()) {
        ahead_.clear();
        CallAfter([this] { sharpenNext(); }); // the next tiles, after what input is waiting
    } else if (wasSharpening) {
        planAhead(true); // sharp after the wheel rested: its next notch, either way
    } else {
        ahead_.clear();
        rested_.StartOnce(aheadAfterMs);
    }
}

void MapCanvas::onPaint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    if (!doc_ || !layout_) {
        dc.SetBackground(wxBrush(wxColour(backdrop.r, backdrop.g, backdrop.b)));
        dc.Clear();
        return;
    }
    const wxSize size = GetClientSize();
    reloadBackground();
    const int paintsBefore = mapPaints_;
    const bool whole = mapStale_ || !buffer_.holds(size.x, size.y);
    if (mapStale_ && !wholeWanted_ && resizePartsWaitFor(size) && buffer_.holds(size.x, size.y)) {
        // The parts a resize asked for complete the image; the paint shows what it asks of it.
        const std::vector<PixelRect> parts = std::move(partsWanted_);
        drawMap(parts);
        buffer_.present(dc);
    } else if (!whole && bufferWhole_) {
        buffer_.present(dc); // only the marks over the map changed
    } else {
        // The map with render/'s painter on a Cairo image, shown as it is (CairoBitmap::present):
        // the same pixels on every port. After a pan whose shown pixels the display moved, only
        // what it asked to be painted (the window's DC shows no more of the image than that).
        std::vector<PixelRect> parts;
        if (!whole) {
            const wxRect all(size);
            for (const wxRect& painted : CairoBitmap::paintedRects(dc, GetUpdateRegion())) {
                const wxRect r = painted.Intersect(all);
                if (r == all) {
                    parts.clear();
                    break;
                }
                if (!r.IsEmpty()) {
                    parts.push_back({r.x, r.y, r.width, r.height});
                }
            }
        }
        drawMap(parts);
        buffer_.present(dc);
    }
    // Markers and the selection over it, through wx's own graphics context on each port.
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (!gc) {
        return;
    }
    drawMarks(*gc);
    frameShown(mapPaints_ != paintsBefore);
}

void MapCanvas::drawMarks(wxGraphicsContext& gc) {
    gc.Translate(-scrollX_, -scrollY_);
    gc.Scale(zoom_, zoom_);
    drawOverlay(gc);
    if (tools_) {
        GraphicsOverlay painter(gc, zoom_);
        tools_->active().drawOverlay(painter);
    }
}

void MapCanvas::frameShown(bool mapDrawn) {
    if (onViewChanged) {
        onViewChanged();
    }
    if (mapDrawn && onMapPainted) {
        onMapPainted();
    }
}

// Problem markers (red for errors, amber for warnings) and the selected piece.
void MapCanvas::drawOverlay(wxGraphicsContext& gc) const {
    const double r = cellSize * 0.47;
    for (const Violation& v : doc_->problems().violations) {
        if (v.excluded || v.severity == Severity::Info || v.cells.empty() ||
            !doc_->scenario().map.grid.contains(v.cells.front())) {
            continue;
        }
        const Point p = layout_->cellCenter(v.cells.front());
        const wxColour colour = v.severity == Severity::Error ? wxColour(220, 30, 30) : wxColour(240, 160, 0);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(colour).Width(cellSize * 0.06)));
        gc.SetBrush(*wxTRANSPARENT_BRUSH);
        gc.DrawEllipse(p.x - r, p.y - r, 2 * r, 2 * r);
    }
    if (tools_ && !tools_->area().empty()) {
        // The chosen area: every cell outlined.
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(30, 90, 220)).Width(cellSize * 0.04)));
        gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(30, 90, 220, 50))));
        wxGraphicsPath area = gc.CreatePath();
        for (Offset c : tools_->area()) {
            addOutline(area, *layout_, c);
        }
        gc.DrawPath(area);
    }
    if (tools_ && tools_->selectedMarker()) {
        // A picked line of supply, entry cell or map feature, outlined in blue where it stands.
        if (const auto cell = tools_->markerCell(*tools_->selectedMarker())) {
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(30, 90, 220))
                                       .Width(cellSize * 0.05)
                                       .Style(wxPENSTYLE_SHORT_DASH)));
            wxGraphicsPath path = gc.CreatePath();
            addOutline(path, *layout_, *cell);
            gc.StrokePath(path);
        }
    }
    if (tools_ && tools_->selected()) {
        auto it = doc_->scenario().deployment.placements.find(*tools_->selected());
        if (it != doc_->scenario().deployment.placements.end()) {
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255))
                                       .Width(cellSize * 0.05)
                                       .Style(wxPENSTYLE_SHORT_DASH)));
            wxGraphicsPath path = gc.CreatePath();
            MapPainter painter(doc_->scenario(), *layout_);
            painter.setIndex(&index_);
            for (Offset c : it->second.cells) {
                addOutline(path, *layout_, c);
                // In a pile, the chosen counter itself, which may lie under others.
                for (const auto& [piece, box] : painter.pileAt(c, options_)) {
                    if (piece == *tools_->selected()) {
                        path.AddRectangle(box.x0, box.y0, box.width(), box.height());
                    }
                }
            }
            gc.StrokePath(path);
        }
    }
}

// The alignment's pairs: each scan point a numbered red ring, where it belongs a blue cross, a line
// between; with three pairs or more, where the fit puts the scan point (a small dot) and its
// residual in cells.
void MapCanvas::onWheel(wxMouseEvent& e) {
    const int rotation = e.GetWheelRotation();
    if (rotation != 0) {
        zoomBy(rotation > 0 ? wheelStep : 1 / wheelStep, e.GetPosition());
    }
}

void MapCanvas::onMouse(wxMouseEvent& e) {
    SetFocus();
    const bool panButton = e.MiddleDown() || e.RightDown() || (e.LeftDown() && spaceDown_);
    if (panButton) {
        panFrom_ = e.GetPosition();
        if (!HasCapture()) {
            CaptureMouse();
        }
    } else if (e.LeftDown() && e.ShiftDown() && tools_ && !tools_->task() &&
               tools_->settings.tool == SelectTool::toolId) {
        tools_->extendSelected(toMap(e.GetPosition()));
        Refresh(false);
    } else if (e.LeftDown() && tools_) {
        toolActive_ = true;
        if (!HasCapture()) {
            CaptureMouse();
        }
        tools_->press(toMap(e.GetPosition()));
        Refresh(false);
    } else if (e.LeftUp() || e.MiddleUp() || e.RightUp()) {
        if (toolActive_ && e.LeftUp() && tools_) {
            tools_->release(toMap(e.GetPosition()));
            Refresh(false);
        }
        toolActive_ = false;
        panFrom_.reset();
        if (HasCapture()) {
            ReleaseMouse();
        }
    } else if (e.Dragging() && panFrom_) {
        const wxPoint from = *panFrom_, at = e.GetPosition();
        panFrom_ = at;
        panBy(from.x - at.x, from.y - at.y);
    } else if (e.Dragging() && toolActive_ && tools_) {
        tools_->drag(toMap(e.GetPosition()));
        Refresh(false);
    }
    showToolCursor();
    if (tools_ && !panFrom_ && tools_->hover(toMap(e.GetPosition()))) {
        refreshMarks(); // a brush's outline, the side a click would take
    }
    if (e.Moving() && (!lastStep_ || e.GetPosition() != lastStep_->anchor)) {
        // The next notch zooms about where the pointer rests.
        pointer_ = e.GetPosition();
        if (!ground_.sharpening()) {
            rested_.StartOnce(aheadAfterMs);
        }
    }
    if (layout_) {
        hover_ = layout_->cellAt(toMap(e.GetPosition()));
        if (onHover) {
            onHover(hover_);
        }
    }
    e.Skip();
}

} // namespace sandtable
