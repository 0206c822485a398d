#pragma once
// The ToolManager owns one of every tool and the active one (settings.tool), after Tiled's
// ToolManager: it starts each gesture (one undo step), hands presses, drags, releases and Esc to the
// active tool, and is the tools' host (document, layout, settings, selection). It also holds what the
// editor does to the selection outside a tool: turning and extending the selected piece, deploying
// a piece dropped from the tree, deleting a picked marker, the area's copy, paste and clear. It
// knows nothing of wx: the canvas feeds it points, and tests drive it the same way.
#include "editor/tools/area_tool.hpp"
#include "editor/tools/map_tool.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace sandtable {

class ToolManager final : public ToolHost {
  public:
    ToolManager(Document& document, const Layout& layout);
    ~ToolManager() override;
    ToolManager(const ToolManager&) = delete;
    ToolManager& operator=(const ToolManager&) = delete;

    ToolSettings settings;
    std::function<void(TerrainIndex)> onTerrainPicked; // the eyedropper's answer
    std::function<void(std::optional<PieceRef>)> onSelected;
    std::function<void(std::optional<MapMarker>)> onMarkerSelected;
    std::function<void(const std::string&)> onMessage; // a hint for the status bar

    // A gesture of the active tool.
    void press(Point p);
    void drag(Point p);
    void release(Point p);
    // The pointer over the map (nullopt: off it); true when the active tool's marks changed.
    bool hover(std::optional<Point> p);
    // Esc: the active tool drops the gesture under way.
    void cancel();
    // A key on the map for the active tool; true when it took it.
    bool key(ToolKey key);
    // The tool that has the map: a task's (below), else the palette's (settings.tool).
    MapTool& active();
    // A tool that takes the map for one task until it finishes (Map > Align background by points):
    // presses, keys, the status line, the pointer and the marks on the map are its own meanwhile.
    void startTask(std::unique_ptr<MapTool> tool);
    MapTool* task() const { return task_.get(); }
    const std::vector<std::unique_ptr<MapTool>>& tools() const { return tools_; }

    // Adds the cell under p to the selected unit's line when it is next to the line (Kallistra's
    // lines across adjacent hexes); the same cell again takes it back off.
    void extendSelected(Point p);
    // Facing of the selected piece: one step clockwise or back (a side or a corner).
    void rotateSelected(int steps);
    // Puts a piece of the order of battle on the map (dragged from the tree).
    void placePiece(PieceRef piece, Point p);
    std::optional<PieceRef> selected() const override { return selected_; }
    void select(std::optional<PieceRef> piece) override;
    // The marker picked with the Select tool where no piece stands, and where it stands.
    std::optional<MapMarker> selectedMarker() const override { return marker_; }
    std::optional<Offset> markerCell(const MapMarker& m) const;
    std::optional<MapMarker> markerAt(Offset c) const;
    // Takes the selected marker off the map as one undo step: a corps' line of supply is cleared,
    // a reinforcement goes back to the order of battle (not placed), a feature is deleted. Nothing
    // is picked afterwards (onMarkerSelected hears so).
    bool deleteSelectedMarker();
    std::optional<PieceRef> pieceAt(Offset c) const;

    // The Area tool's rectangle and what can be done with it (see AreaTool).
    const std::vector<Offset>& area() const { return area_->area(); }
    void clearArea() { area_->clear(); }
    bool copyArea() { return area_->copy(doc_.scenario()); }
    bool pasteAt(Offset topLeft) { return area_->pasteAt(doc_, topLeft); }
    bool deleteArea() { return area_->clearCells(doc_); }
    bool hasClipboard() const { return area_->hasClipboard(); }
    // The map's grid was replaced (resize, or its undo): every tool forgets cells of the old grid.
    void gridChanged();

    // ToolHost
    Document& document() override { return doc_; }
    const Layout& layout() const override { return layout_; }
    ToolSettings& toolSettings() override { return settings; }
    std::uint64_t gesture() const override { return gesture_; }
    void selectMarker(std::optional<MapMarker> marker) override;
    void message(const std::string& text) override;
    void terrainPicked(TerrainIndex terrain) override;
    void finishTask() override;

  private:
    const Grid& grid() const { return doc_.scenario().map.grid; }

    Document& doc_;
    const Layout& layout_;
    std::vector<std::unique_ptr<MapTool>> tools_;
    std::unique_ptr<MapTool> task_;
    std::unique_ptr<MapTool> retired_; // the last task, until the next one
    AreaTool* area_ = nullptr;
    MapTool* gestureTool_ = nullptr; // the tool whose gesture is under way
    MapTool* hovered_ = nullptr;     // the tool that heard of the pointer last
    bool cancelled_ = false;         // Esc stopped the gesture under way
    std::uint64_t gesture_ = 0;
    std::optional<PieceRef> selected_;
    std::optional<MapMarker> marker_;
};

} // namespace sandtable
