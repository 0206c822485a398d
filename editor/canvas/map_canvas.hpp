#pragma once
// MapCanvas shows the map and lets the current tool edit it: left button for the tool, middle
// button, right button or space+drag to pan, wheel to zoom to the cursor (5% to 1600%), arrows to
// scroll, [ and ] to turn the selected piece, Delete to take it off the map. It draws only what is
// visible, through render/'s MapPainter on the cairo context under its wxGraphicsContext, with
// problem markers and the selection on top.
#include "editor/canvas/cairo_bitmap.hpp"
#include "editor/canvas/shown_pixels.hpp"
#include "editor/document.hpp"
#include "editor/tools/background_alignment.hpp"
#include "editor/tools/tool_manager.hpp"
#include "render/contour_heights.hpp"
#include "render/map_index.hpp"
#include "render/map_painter.hpp"
#include "render/terrain_overview.hpp"
#include "render/view_bands.hpp"
#include "render/view_cache.hpp"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>
#include <wx/graphics.h>
#include <wx/timer.h>
#include <wx/window.h>

namespace sandtable {

class MapCanvas : public wxWindow {
  public:
    explicit MapCanvas(wxWindow* parent);

    // The canvas keeps references: call again (or with nullptr) before the document goes away.
    void setDocument(Document* document);
    ToolManager* tools() { return tools_.get(); }
    const sandtable::Layout* layout() const { return layout_.get(); }
    RenderOptions& renderOptions() { return options_; }

    // Keeps the far-out overview image in step with an edit.
    void mapChanged(const ChangeSet& cs);
    void zoomToFit();
    void zoomBy(double factor, wxPoint anchor);
    void centreOn(Offset cell);
    // Moves the view (dx, dy) pixels on over the map (a drag, the arrow keys). Where the display
    // can, it moves what the window shows (ShownPixels), and only the strips that come into view,
    // and the words a view panned on sets elsewhere (render/scene_changes), are drawn.
    void panBy(int dx, int dy);
    double zoom() const { return zoom_; }
    std::optional<Offset> hoverCell() const { return hover_; }
    // A stroke or drag of a tool is under way (the left button is down on the map).
    bool gestureUnderWay() const { return toolActive_; }
    const TerrainOverview& overview() const { return overview_; }
    // Called after every repaint, so the minimap can follow the view.
    std::function<void()> onViewChanged;
    // A tool's single-key shortcut pressed while the map has the focus.
    std::function<void(ToolId)> onToolKey;
    Point toMap(wxPoint p) const { return {(p.x + scrollX_) / zoom_, (p.y + scrollY_) / zoom_}; }
    wxPoint toScreen(Point p) const {
        return wxPoint(static_cast<int>(p.x * zoom_ - scrollX_), static_cast<int>(p.y * zoom_ - scrollY_));
    }

    std::function<void(std::optional<Offset>)> onHover;

    // Every repaint asked for this way draws the map again: the map or the view changed. Where the
    // display takes a frame straight (ShownPixels::beginStraight), it is drawn and shown once the
    // events waiting now are handled (a turn of the wheel sends several), outside the toolkit's
    // paint; elsewhere in the next paint.
    void Refresh(bool eraseBackground = true, const wxRect* rect = nullptr) override;
    // Shows the frame asked for, if any, then has the toolkit paint what waits.
    void Update() override;
    // Draws the next tiles of a new zoom's ground sharp, and shows only them where it can: what
    // the canvas asks for itself once the wheel has rested, until all are sharp.
    void sharpenNext();
    // Tiles of the view still show a zoom's stretched ground (sharpenNext has more to draw).
    bool sharpening() const { return ground_.sharpening(); }
    // Stretches more of the ground ahead to the view the next zoom step is expected to show
    // (ViewCache::stretchAhead), within half a frame's budget: what the canvas asks for itself after
    // a step (the same way again) and once the view rests (either way).
    void stretchAheadNext();
    // Views still to stretch ahead (stretchAheadNext has more to do).
    bool stretchingAhead() const { return !ahead_.empty(); }
    // The rows of the last frame's ground copied from a stretch made ahead (for the benchmark).
    int rowsStretchedAhead() const { return ground_.rowsStretchedAhead(); }
    // Repaints the marks over the map (a tool's, the selection) on the map as last drawn.
    void refreshMarks();
    // Paints that drew the map itself, for the tests (a pointer moving over it draws none).
    int mapPaints() const { return mapPaints_; }
    // The pixels of the window the last of them drew: all of it, or after a pan or a resize the
    // strips and words it asked for (for the tests and the benchmark).
    long long mapPixelsPainted() const { return mapPixelsPainted_; }
    // The pixels of ground the last of them drew (the rest it had kept) and copied
    // (ViewCache::groundPixelsCopied), and the time it took to draw the map on its image (the rest
    // of a frame is the toolkit's and the display's): for the tests and the benchmark.
    long long groundPixelsDrawn() const { return ground_.groundPixelsDrawn(); }
    long long groundPixelsCopied() const { return ground_.groundPixelsCopied(); }
    std::chrono::microseconds lastMapDrawTime() const { return lastMapDrawTime_; }
    // Returns once the display has shown what was painted (for the benchmark's frames).
    void waitForTheDisplay() const { shown_.waitForTheDisplay(); }
    // Called at the end of each paint that drew the map itself (not only the marks over it).
    std::function<void()> onMapPainted;

    // Aligning the background by control points: clicks alternate between a point on the scan and
    // where it belongs on the grid; Enter (or applyBackgroundAlignment) hands `onAligned` the
    // aligned background once two pairs or more are in, Backspace takes back a click, Esc cancels.
    void startBackgroundAlignment(std::function<void(BackgroundImage)> onAligned);
    bool applyBackgroundAlignment();
    void cancelBackgroundAlignment();
    const BackgroundAlignment* backgroundAlignment() const;
    std::function<void(const wxString&)> onHint;

    static constexpr double cellSize = mapUnitsPerCell; // zoom 1: a map unit a pixel
    static constexpr double minZoom = 0.001, maxZoom = 16.0;
    // What lies around the map on the canvas.
    static constexpr Rgb backdrop{0x3C, 0x3C, 0x40};
    // A notch of the wheel zooms in by this much (out by its inverse).
    static constexpr double wheelStep = 1.15;

    // What the map's keys do (editor/canvas/map_keys: the table onKey dispatches through).
    void scrollByKey(int arrowKeyCode);
    void holdSpace();
    void cancelGesture();
    void turnSelected(int steps);
    void deleteSelection();

  private:
    void onPaint(wxPaintEvent&);
    void onWheel(wxMouseEvent&);
    void onMouse(wxMouseEvent&);
    void onKey(wxKeyEvent&);
    void drawOverlay(wxGraphicsContext& gc) const;
    // The marks over the map (problems, selection, the tool's) on a context whose origin is the
    // window's top left.
    void drawMarks(wxGraphicsContext& gc);
    // Draws the map and shows it straight on the window, with the marks, if it is still to draw.
    void showFrameNow();
    // Tells who follows the view that a frame is shown (and whether it drew the map).
    void frameShown(bool mapDrawn);
    // The painter of the map as the canvas draws it (its index, scanned map, contours' heights).
    MapPainter painter();
    // The whole view's marks arranged (none far out, where pieces are dots of the overview).
    std::shared_ptr<const MapPainter::Scene> arrange(const MapPainter& painter, ViewPlacement view);
    // Draws the map on buffer_: the whole view, or only `parts` of it (view pixels); with
    // `tilesAlone` (buffer_ holds the last frame, no mark changed), only the tiles it draws sharp
    // when that is all the frame does (ViewCache::onlyTilesSharpened). A frame of the whole view that
    // changes every pixel (a wheel notch's) may hand `bandDone` its bands as each is done
    // (FrameParts::bandDone).
    void drawMap(std::span<const PixelRect> parts, bool tilesAlone = false,
                 std::function<void(PixelRect)> bandDone = {});
    // After a pan from `before`: has the display move what the window shows and the rest drawn.
    // False when it cannot: the whole window must be painted.
    bool moveShownPixels(ViewPlacement before, int dx, int dy);
    // The window's edge moved, the view did not: has only what the last whole frame did not show at
    // `size` drawn (the strips that came into view, the words placed anew), the rest kept in the
    // image where it lies. False when it cannot: the whole window must be painted.
    bool drawOnlyWhatCameIntoView(wxSize size);

    Document* doc_ = nullptr;
    std::unique_ptr<sandtable::Layout> layout_;
    std::unique_ptr<ToolManager> tools_;
    RenderOptions options_;
    TerrainOverview overview_;
    MapIndex index_;                    // where pieces and paths lie, kept with each edit that moves them
    ContourHeightCache contourHeights_; // where the index contours' heights go, kept while the ground is
    ViewCache ground_; // the map under the marks, kept from frame to frame; told what edits change
    std::optional<BackgroundImage> groundBackground_; // where the scanned map lay when ground_ was drawn
    CairoBitmap buffer_;                              // the map as last painted
    bool mapStale_ = true;                            // the map must be drawn again at the next paint
    bool framePending_ = false;                       // showFrameNow is to come
    // Something other than the next sharp tiles changed since the window showed the last frame
    // straight: the next frame shows all of it.
    bool wholeWanted_ = true;
    // The parts of the window a pan whose shown pixels the display moved wants drawn (its strips and
    // the words it placed anew), where the next frame goes on the window straight: drawn while the
    // display moves the rest, and put on the window after it, with no wait between (through GTK's
    // paint, the strips waited for the whole copy: at 4K 5 ms of the server's).
    std::vector<PixelRect> partsWanted_;
    // Has the map drawn again, in the next paint or in a frame of its own (showFrameNow).
    void askForFrame();
    // The marks over a frame shown straight on `cr` (ShownPixels::beginStraight), which is then
    // given back.
    void drawMarksStraight(cairo_t* cr);
    // buffer_ holds the whole view the window shows: not after a paint of a pan's strips alone.
    bool bufferWhole_ = false;
    // The size of the last whole view drawn on buffer_.
    wxSize wholeSize_;
    // The size whose parts partsWanted_ holds after the window's edge moved (drawOnlyWhatCameIntoView):
    // drawn, they make buffer_ whole again. The window is shown whole then (the toolkit repaints it
    // at a new size).
    std::optional<wxSize> resizePending_;
    // Whether partsWanted_ holds a resize's parts for `size` at the view the window shows.
    bool resizePartsWaitFor(wxSize size) const;
    long long mapPixelsPainted_ = 0;
    std::chrono::microseconds lastMapDrawTime_{0};
    ShownPixels shown_{*this};
    // The marks' arrangement of what the window shows, and its view; and the one a pan arranged for
    // the next paint (to find the words it places anew).
    std::shared_ptr<const MapPainter::Scene> shownScene_, panScene_;
    std::optional<ViewPlacement> shownView_, panView_;
    // The zoom stepped (the wheel, Ctrl++ and Ctrl+-) since the last paint: the ground may be the
    // last one stretched (ViewCache::AtNewZoom::Preview), drawn sharp once the steps have rested
    // for sharpAfterMs, over as many frames as its budget asks (ViewCache::setFrameBudget).
    bool zoomStepped_ = false;
    wxTimer sharpen_;
    static constexpr int sharpAfterMs = 150;
    // The view a zoom step by `factor` about `anchor` (window pixels) shows: what zoomBy sets.
    ViewPlacement steppedView(double factor, wxPoint anchor) const;
    // The next zoom step foreseen: the last one again, about where the pointer rests (and, either
    // way, its inverse too), stretched ahead between frames (stretchAheadNext, ViewCache::stretchAhead)
    // so that the step's frame copies it.
    struct ZoomStep {
        double factor = wheelStep;
        wxPoint anchor;
    };
    std::optional<ZoomStep> lastStep_;
    std::optional<wxPoint> pointer_;   // where the pointer moved over the map since the last step
    std::vector<ViewPlacement> ahead_; // the views still to stretch ahead, the likelier first
    bool aheadPending_ = false;        // stretchAheadNext is to come
    void planAhead(bool eitherWay);
    // The view rested after a frame other than a zoom's (a pan, an edit, the pointer moved): the
    // next steps stretched ahead once it has rested this long.
    wxTimer rested_;
    static constexpr int aheadAfterMs = 250;
    int mapPaints_ = 0;
    // Loaded from the scenario's background file, its alpha the scenario's opacity.
    std::unique_ptr<cairo_surface_t, void (*)(cairo_surface_t*)> background_{nullptr, nullptr};
    BackgroundImage backgroundFor_; // what background_ was loaded for
    void reloadBackground();
    double zoom_ = 0.5;
    double scrollX_ = 0, scrollY_ = 0; // pixels
    std::optional<wxPoint> panFrom_;
    bool toolActive_ = false;
    bool spaceDown_ = false;
    std::optional<Offset> hover_;
    // The active tool (or task) changed: its pointer, its marks.
    void toolChanged();
    void showToolCursor();
    bool crossCursor_ = false;
};

} // namespace sandtable
