#pragma once
// Area: a drag chooses a rectangle of cells; what can be done with it is copy terrain, elevation,
// hexsides, roads wholly inside and map features, paste them with the rectangle's top-left at a
// cell, and clear them, taking pieces there off the map (pieces are not copied: each stands for one
// unit of the order of battle). Each is one undo step.
#include "editor/tools/map_tool.hpp"

#include <optional>
#include <utility>
#include <vector>

namespace sandtable {

class AreaTool final : public MapTool {
  public:
    static constexpr ToolId toolId{"area"};
    const ToolInfo& info() const override;
    void press(ToolHost& host, Point p) override;
    void drag(ToolHost& host, Point p) override;
    void cancel(ToolHost&) override { clear(); }
    void reset() override { clear(); }

    // The chosen cells (empty when none).
    const std::vector<Offset>& area() const { return area_; }
    void clear();
    bool copy(const Scenario& s);
    bool pasteAt(Document& doc, Offset topLeft);
    bool clearCells(Document& doc);
    bool hasClipboard() const { return clipboard_.has_value(); }

  private:
    void setAreaTo(Offset corner);

    std::optional<Offset> start_;
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
};

} // namespace sandtable
