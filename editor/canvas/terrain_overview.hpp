#pragma once
// TerrainOverview keeps the whole map as an image, one pixel per cell (terrain, with roads and
// railroads over it), so that a view of thousands of cells (zoomed far out) draws one scaled
// bitmap instead of a polygon per cell and a line per road. Terrain edits update it cell by cell;
// path edits rebuild it.
#include "model/map.hpp"

#include <wx/colour.h>
#include <wx/image.h>

namespace sandtable {

class TerrainOverview {
  public:
    void rebuild(const Map& map);
    void update(const Map& map, const std::vector<Offset>& cells);
    const wxImage& image() const { return image_; }
    bool valid() const { return image_.IsOk(); }

    // The colour a cell is drawn in: terrain, lightened or darkened by its level.
    static wxColour cellColour(const Map& map, std::size_t index, bool elevation);

  private:
    wxColour pixelColour(const Map& map, std::size_t index) const;
    wxImage image_;
    std::vector<std::uint8_t> pathKind_; // 0: none, else 1 + the PathKind drawn on the cell
};

} // namespace sandtable
