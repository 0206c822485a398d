#pragma once
// ToolController turns mouse gestures on the map (press, drag, release at map points) into edits
// of the document, one undo step per gesture. It knows nothing of wx: the canvas feeds it points,
// and the GUI tests and headless tests drive it the same way.
#include "editor/document.hpp"
#include "model/layout.hpp"

#include <functional>
#include <optional>
#include <unordered_set>

namespace sandtable {

enum class Tool : std::uint8_t {
    Select,
    Terrain,
    Fill,
    Eyedropper,
    Raise,
    Lower,
    Hexside,
    Path,
    Feature,
    Eraser,
    Supply,
    Area,
    SetLevel
};

template <> struct EnumNames<Tool> {
    static constexpr std::array<NameOf<Tool>, 13> names{{{Tool::Select, "select"},
                                                         {Tool::Terrain, "terrain"},
                                                         {Tool::Fill, "fill"},
                                                         {Tool::Eyedropper, "eyedropper"},
                                                         {Tool::Raise, "raise"},
                                                         {Tool::Lower, "lower"},
                                                         {Tool::Hexside, "hexside"},
                                                         {Tool::Path, "path"},
                                                         {Tool::Feature, "feature"},
                                                         {Tool::Eraser, "eraser"},
                                                         {Tool::Supply, "supply"},
                                                         {Tool::Area, "area"},
                                                         {Tool::SetLevel, "set-level"}}};
};

struct ToolSettings {
    Tool tool = Tool::Select;
    int brushRadius = 0; // 0, 1, 2: 1, 7 or 19 hexes (1, 5, 13 squares)
    TerrainIndex terrain = 1;
    SideFeature sideFeature = SideFeature::Stream;
    Crossing crossing = Crossing::None;
    PathKind pathKind = PathKind::Road;
    FeatureKind featureKind = FeatureKind::Town;
    std::string featureName = "New place";
    int level = 1; // for SetLevel
};

// A mark of the scenario on the map that is not a piece, selected, moved and deleted like one: a
// corps' line of supply (owner: the corps' commander), a reinforcement's entry cell (owner: the
// piece) or a map feature such as an objective or a town (feature).
struct MapMarker {
    enum class Kind : std::uint8_t { SupplyCell, Entry, Feature } kind = Kind::SupplyCell;
    PieceRef owner;
    FeatureId feature{};
    auto operator<=>(const MapMarker&) const = default;
};

class ToolController {
  public:
    ToolController(Document& document, const Layout& layout) : doc_(document), layout_(layout) {}

    ToolSettings settings;
    std::function<void(TerrainIndex)> onTerrainPicked; // the eyedropper's answer
    std::function<void(std::optional<PieceRef>)> onSelected;
    std::function<void(std::optional<MapMarker>)> onMarkerSelected;
    std::function<void(const std::string&)> onMessage; // a hint for the status bar

    void press(Point p);
    void drag(Point p);
    void release(Point p);

    // Adds the cell under p to the selected unit's line when it is next to the line (Kallistra's
    // lines across adjacent hexes); the same cell again takes it back off.
    void extendSelected(Point p);
    // Facing of the selected piece: one step clockwise or back (a side or a corner).
    void rotateSelected(int steps);
    // Puts a piece of the order of battle on the map (dragged from the tree).
    void placePiece(PieceRef piece, Point p);
    std::optional<PieceRef> selected() const { return selected_; }
    // The marker picked with the Select tool where no piece stands, and where it stands.
    std::optional<MapMarker> selectedMarker() const { return marker_; }
    std::optional<Offset> markerCell(const MapMarker& m) const;
    // The marker in a cell (a line of supply before an entry before a feature), if any.
    std::optional<MapMarker> markerAt(Offset c) const;
    // Takes the selected marker off the map as one undo step: a corps' line of supply is cleared,
    // a reinforcement goes back to the order of battle (not placed), a feature is deleted. Nothing
    // is picked afterwards (onMarkerSelected hears so).
    bool deleteSelectedMarker();

    // The rectangle of cells chosen with the Area tool (empty when none), and what can be done
    // with it: copy terrain, elevation, hexsides, roads wholly inside and map features; paste
    // them with the rectangle's top-left at a cell; clear them, taking pieces there off the map
    // (pieces are not copied: each stands for one unit of the order of battle). Each is one undo step.
    const std::vector<Offset>& area() const { return area_; }
    void clearArea() { area_.clear(); }
    bool copyArea();
    bool pasteAt(Offset topLeft);
    bool deleteArea();
    bool hasClipboard() const { return clipboard_.has_value(); }
    void select(std::optional<PieceRef> piece);
    // The map's grid was replaced (resize, or its undo): forget cells of the old grid.
    void gridChanged();

    // The side of the cell under p nearest to p.
    std::optional<EdgeId> nearestEdge(Point p) const;
    // The side under a dragging pointer: the nearest side when p is near it, nothing in a cell's middle.
    std::optional<EdgeId> edgeUnderStroke(Point p) const;
    // The sides meeting `e` at its corners (on the map).
    std::vector<EdgeId> edgesMeeting(EdgeId e) const;
    // A chain of sides from `from` (excluded) to `to` (included), corner to corner.
    std::vector<EdgeId> edgesBetween(EdgeId from, EdgeId to) const;
    // The top piece standing in a cell (units first), if any.
    std::optional<PieceRef> pieceAt(Offset c) const;

  private:
    void paintAt(Point p, bool continueStroke);
    void strokeHexsides(const std::vector<EdgeId>& edges, bool continueStroke);
    void moveMarker(const MapMarker& m, Offset to);
    const Grid& grid() const { return doc_.scenario().map.grid; }

    Document& doc_;
    const Layout& layout_;
    std::uint64_t stroke_ = 0;
    std::vector<Offset> pathCells_;
    std::unordered_set<Offset> strokeCells_; // cells already raised or lowered in this stroke
    std::optional<Offset> areaStart_;
    std::vector<Offset> area_;
    // Copied cells, relative to the area's top-left cell.
    struct Clipboard {
        Offset origin;
        std::vector<std::pair<Offset, std::pair<TerrainIndex, std::int16_t>>> cells;
        std::vector<std::pair<EdgeId, Hexside>> hexsides;
        std::vector<Path> paths;
        std::vector<Feature> features;
    };
    std::optional<Clipboard> clipboard_;
    Offset translate(Offset c, Offset from, Offset to) const;
    void setAreaTo(Offset corner);
    std::optional<PathId> extending_;
    std::optional<PieceRef> selected_;
    std::optional<Offset> dragFrom_;
    bool dragging_ = false;
    std::optional<MapMarker> marker_;
    std::optional<Offset> markerTarget_; // where a dragged marker would go on release
    std::optional<EdgeId> lastEdge_;     // the side the hexside stroke has reached
    bool strokeAdds_ = true;             // the stroke draws the feature (or rubs it out)
    Crossing strokeCrossing_ = Crossing::None;
};

} // namespace sandtable
