#pragma once
// One tool of the map, after Tiled's AbstractTool: it turns a gesture at map points (press, drags,
// release; Esc cancels) into edits of the document, every edit of one gesture merged into one undo
// step, and declares its name, shortcut, help line and the options it takes from the tools panel; it
// may take keys, say what the status bar shows, choose the pointer and draw its own marks.
// Tools know nothing of wx: they reach the editor through a ToolHost (the ToolManager in the
// editor, or a test double), so each is tested without a window.
#include "editor/document.hpp"
#include "model/layout.hpp"

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

// A tool's id: the name it is known by in the settings and the tests. Each tool class declares its
// own (SelectTool::toolId), so a new tool adds no line to any list but the list of tools.
struct ToolId {
    std::string_view name;
    constexpr bool operator==(const ToolId& other) const { return name == other.name; }
};
std::ostream& operator<<(std::ostream& out, ToolId id); // for the tests' messages

// What the tools panel sets for the tools.
struct ToolSettings {
    ToolId tool{"select"};
    int brushRadius = 0; // 0, 1, 2: 1, 7 or 19 hexes (1, 5, 13 squares)
    TerrainIndex terrain = 1;
    SideFeature sideFeature = SideFeature::Stream;
    Crossing crossing = Crossing::None;
    PathKind pathKind = PathKind::Road;
    FeatureKind featureKind = FeatureKind::Town;
    std::string featureName = "New place";
    int level = 1; // for SetLevel
};

// The options of the tools panel a tool uses (the panel shows only the chosen tool's).
enum ToolOption : unsigned {
    BrushRadiusOption = 1U << 0,
    TerrainOption = 1U << 1,
    SideFeatureOption = 1U << 2,
    CrossingOption = 1U << 3,
    PathKindOption = 1U << 4,
    FeatureKindOption = 1U << 5,
    FeatureNameOption = 1U << 6,
    LevelOption = 1U << 7,
};

struct ToolInfo {
    ToolId id;
    std::string_view title; // in the palette, the Tools menu and the help
    char key;               // its single-key shortcut on the map (upper case)
    bool shift;
    std::string_view help; // the status bar's line while it is chosen
    unsigned options = 0;  // ToolOption bits
    std::string_view icon; // an SVG picture, 24 x 24, for the toolbar
};

// "B", "Shift+R": a tool's shortcut as menus and the help show it.
std::string shortcutText(const ToolInfo& info);

// A mark of the scenario on the map that is not a piece, selected, moved and deleted like one: a
// corps' line of supply (owner: the corps' commander), a reinforcement's entry cell (owner: the
// piece) or a map feature such as an objective or a town (feature).
struct MapMarker {
    enum class Kind : std::uint8_t { SupplyCell, Entry, Feature } kind = Kind::SupplyCell;
    PieceRef owner;
    FeatureId feature{};
    auto operator<=>(const MapMarker&) const = default;
};

// Keys a tool may take while it is active, before the map's own keys (editor/canvas/map_keys).
enum class ToolKey : std::uint8_t { Enter, Backspace, Escape };
// The pointer over the map while the tool is active.
enum class ToolCursor : std::uint8_t { Arrow, Cross };

class OverlayPainter;

// What a tool reaches of the editor.
class ToolHost {
  public:
    virtual ~ToolHost() = default;
    virtual Document& document() = 0;
    virtual const Layout& layout() const = 0;
    virtual ToolSettings& toolSettings() = 0;
    // The id that merges every edit of the gesture under way into one undo step.
    virtual std::uint64_t gesture() const = 0;
    virtual std::optional<PieceRef> selected() const = 0;
    virtual void select(std::optional<PieceRef> piece) = 0;
    virtual std::optional<MapMarker> selectedMarker() const = 0;
    // Picks a marker (the Properties panel hears of it) or drops the pick quietly.
    virtual void selectMarker(std::optional<MapMarker> marker) = 0;
    virtual void message(const std::string& text) = 0;
    virtual void terrainPicked(TerrainIndex terrain) = 0;
    // A task tool (one that took the map for a task, ToolManager::startTask) is done: the palette's
    // tool has the map again.
    virtual void finishTask() = 0;
};

class MapTool {
  public:
    virtual ~MapTool() = default;
    virtual const ToolInfo& info() const = 0;

    virtual void press(ToolHost& host, Point p) = 0;
    virtual void drag(ToolHost&, Point) {}
    // The gesture's end; by default the last drag.
    virtual void release(ToolHost& host, Point p) { drag(host, p); }
    // The pointer is at p over the map (nullopt: it left the map), with or without a button down;
    // true when the tool's marks changed, so the map shows them again.
    virtual bool hover(ToolHost&, std::optional<Point>) { return false; }
    // Esc: the gesture under way stops; what it already changed stays, one undo step.
    virtual void cancel(ToolHost&) {}
    // The map's grid was replaced (a resize or its undo): forget cells of the old grid.
    virtual void reset() {}
    // A key pressed while the map has the focus; true when the tool took it.
    virtual bool key(ToolHost&, ToolKey) { return false; }
    // The status bar's line while the tool is active.
    virtual std::string status() const { return std::string(info().help); }
    virtual ToolCursor cursor() const { return ToolCursor::Arrow; }
    // The tool's own marks over the map.
    virtual void drawOverlay(OverlayPainter&) const {}
};

} // namespace sandtable
