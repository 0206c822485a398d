#pragma once
// A VASSAL board's grid as VASSAL computes it: the location it names at a pixel and the pixel of a
// location, for a HexGrid (columns of hexes, "sideways" turning them a quarter) or a SquareGrid,
// numbered by HexGridNumbering or SquareGridNumbering. The rules are VASSAL's, rounding and
// truncation included (Java's (int) casts truncate toward zero, Math.round rounds halves up), so a
// module's locations mean here what they mean in the engine; tests hold them to the engine's own
// answers (../shared/vassal/golden).
#include <expected>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

// A board pixel (VASSAL's java.awt.Point: whole pixels).
struct VassalPoint {
    int x = 0;
    int y = 0;
    friend bool operator==(const VassalPoint&, const VassalPoint&) = default;
};

// How a grid names its cells (RegularGridNumbering's attributes; `stagger` is HexGridNumbering's).
struct VassalNumbering {
    char first = 'H'; // 'H': the column's name first, 'V': the row's
    std::string sep;
    char hType = 'N', vType = 'N'; // 'N' numbers, 'A' letters
    int hLeading = 1, vLeading = 1;
    int hOff = 1, vOff = 1;
    bool hDescend = false, vDescend = false;
    bool stagger = true;
    std::string locationFormat = "$gridLocation$";
};

enum class VassalGridKind { Hex, Square };

struct VassalGrid {
    VassalGridKind kind = VassalGridKind::Hex;
    // A hex grid's column width and row height (a square grid's cell), before turning sideways.
    double dx = 0, dy = 0;
    int x0 = 0, y0 = 0; // the centre of the first cell (before turning sideways)
    bool sideways = false;
    bool snapTo = true, edgesLegal = false, cornersLegal = false;
    int snapScale = 0;
    std::optional<VassalNumbering> numbering;
    // The board's size: descending numbering counts back from its far side.
    int boardWidth = 0, boardHeight = 0;

    // VASSAL's defaults for a grid element without attributes.
    static VassalGrid defaultHex();
    static VassalGrid defaultSquare();

    // The location VASSAL names at `p` (nothing when the grid has no numbering).
    std::optional<std::string> locationName(VassalPoint p) const;
    // The pixel VASSAL puts `location` at, or why it refuses (VASSAL's BadCoords).
    std::expected<VassalPoint, std::string> location(std::string_view location) const;
    // The point VASSAL snaps `p` to when pieces snap to cell centres only (on a hex grid with a snap
    // scale, its finer points too; a square grid's finer points are not followed).
    VassalPoint snapToCentre(VassalPoint p) const;

    // Numbering helpers, public for the tests: a row or column's name ("01", "-03", "B", "AA").
    static std::string numberName(int value, char type, int leading);
};

} // namespace sandtable
