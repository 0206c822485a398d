#include "formats/vassal/grid.hpp"

#include "formats/vassal/sequence.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <regex>
#include <vector>

namespace sandtable {
namespace {

// Java's (int) cast of a double: toward zero, NaN to 0, saturating at int's range.
int javaInt(double v) {
    if (std::isnan(v)) {
        return 0;
    }
    if (v >= static_cast<double>(std::numeric_limits<int>::max())) {
        return std::numeric_limits<int>::max();
    }
    if (v <= static_cast<double>(std::numeric_limits<int>::min())) {
        return std::numeric_limits<int>::min();
    }
    return static_cast<int>(v);
}

// Java's (int) Math.round(v): the nearest whole number, halves up.
int javaRound(double v) {
    return javaInt(std::floor(v + 0.5));
}

constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The grid's own coordinates: a sideways hex grid swaps x and y.
VassalPoint turned(const VassalGrid& g, VassalPoint p) {
    return g.kind == VassalGridKind::Hex && g.sideways ? VassalPoint{p.y, p.x} : p;
}

// --- hex grids (VASSAL's HexGrid and HexGridNumbering) -------------------------------------------

int hexRawColumn(const VassalGrid& g, VassalPoint p) {
    p = turned(g, p);
    return javaInt(std::floor((p.x - g.x0) / g.dx + 0.5));
}

int hexRawRow(const VassalGrid& g, VassalPoint p) {
    p = turned(g, p);
    const int nx = javaRound((p.x - g.x0) / g.dx);
    return nx % 2 == 0 ? javaRound((p.y - g.y0) / g.dy) : javaRound((p.y - g.y0 - g.dy / 2) / g.dy);
}

// VASSAL's HexGridNumbering measures its rows by the hex width and its columns by the hex height.
int hexMaxRows(const VassalGrid& g) {
    return javaInt(std::floor(g.boardHeight / g.dx + 0.5));
}
int hexMaxColumns(const VassalGrid& g) {
    return javaInt(std::floor(g.boardWidth / g.dy + 0.5));
}

int hexColumn(const VassalGrid& g, const VassalNumbering& n, VassalPoint p) {
    int x = hexRawColumn(g, p);
    if (n.vDescend && g.sideways) {
        x = hexMaxRows(g) - x;
    }
    if (n.hDescend && !g.sideways) {
        x = hexMaxColumns(g) - x;
    }
    return x;
}

int hexRow(const VassalGrid& g, const VassalNumbering& n, VassalPoint p) {
    int y = hexRawRow(g, p);
    if (n.vDescend && !g.sideways) {
        y = hexMaxRows(g) - y;
    }
    if (n.hDescend && g.sideways) {
        y = hexMaxColumns(g) - y;
    }
    if (n.stagger && hexRawColumn(g, p) % 2 != 0) {
        const bool descending = g.sideways ? n.hDescend : n.vDescend;
        y += descending ? -1 : 1;
    }
    return y;
}

VassalPoint hexCentre(const VassalGrid& g, const VassalNumbering& n, int col, int row) {
    if (n.stagger && col % 2 != 0) {
        const bool descending = g.sideways ? n.hDescend : n.vDescend;
        row += descending ? 1 : -1;
    }
    if (g.sideways) {
        if (n.vDescend) {
            col = hexMaxRows(g) - col;
        }
        if (n.hDescend) {
            row = hexMaxColumns(g) - row;
        }
    } else {
        if (n.hDescend) {
            col = hexMaxColumns(g) - col;
        }
        if (n.vDescend) {
            row = hexMaxRows(g) - row;
        }
    }
    VassalPoint p;
    p.x = javaInt(col * g.dx) + g.x0;
    p.y = (col % 2 == 0 ? javaInt(row * g.dy) : javaInt(row * g.dy + g.dy / 2)) + g.y0;
    return turned(g, p);
}

// --- square grids (VASSAL's SquareGrid and SquareGridNumbering) ----------------------------------

int squareMaxRows(const VassalGrid& g) {
    return javaInt(g.boardHeight / g.dy + 0.5);
}
int squareMaxColumns(const VassalGrid& g) {
    return javaInt(g.boardWidth / g.dx + 0.5);
}

int squareColumn(const VassalGrid& g, const VassalNumbering& n, VassalPoint p) {
    const int col = javaInt(std::floor((p.x - g.x0) / g.dx + 0.5));
    return n.hDescend ? squareMaxColumns(g) - col : col;
}

// VASSAL truncates here where it floors the column: a pixel up to half a row above the first row's
// centre still counts as row 0.
int squareRow(const VassalGrid& g, const VassalNumbering& n, VassalPoint p) {
    const int row = javaInt((p.y - g.y0) / g.dy + 0.5);
    return n.vDescend ? squareMaxRows(g) - row : row;
}

VassalPoint squareCentre(const VassalGrid& g, const VassalNumbering& n, int col, int row) {
    if (n.vDescend) {
        row = squareMaxRows(g) - row;
    }
    if (n.hDescend) {
        col = squareMaxColumns(g) - col;
    }
    return {javaInt(col * g.dx + g.x0), javaInt(row * g.dy + g.y0)};
}

// --- names -------------------------------------------------------------------------------------

std::string cellName(const VassalNumbering& n, int row, int col) {
    const std::string rowName = VassalGrid::numberName(row + n.vOff, n.vType, n.vLeading);
    const std::string colName = VassalGrid::numberName(col + n.hOff, n.hType, n.hLeading);
    return n.first == 'H' ? colName + n.sep + rowName : rowName + n.sep + colName;
}

// A number's name read back (VASSAL's parseName): letters count 26 for each but the last.
std::optional<int> parseNumberName(const std::string& name, char type) {
    if (type == 'A') {
        std::size_t i = 0;
        const bool negative = !name.empty() && name.front() == '-';
        if (negative) {
            ++i;
        }
        long long value = 0;
        for (; i < name.size() && name[i] >= 'A' && name[i] <= 'Z'; ++i) {
            value += i + 1 < name.size() ? 26 : static_cast<long long>(alphabet.find(name[i]));
            if (value > std::numeric_limits<int>::max()) {
                return std::nullopt;
            }
        }
        return static_cast<int>(negative ? -value : value);
    }
    int value = 0;
    const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), value);
    if (error != std::errc() || end != name.data() + name.size()) {
        return std::nullopt; // Java's Integer.parseInt throws: out of int's range
    }
    return value;
}

std::string regexQuote(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) {
            out += '\\';
        }
        out += c;
    }
    return out;
}

std::string matchingPattern(char type, int leading) {
    if (type == 'A') {
        return "-?(?:A+|B+|C+|D+|E+|F+|G+|H+|I+|J+|K+|L+|M+|N+|O+|P+|Q+|R+|S+|T+|U+|V+|W+|X+|Y+|Z+)";
    }
    return "-?[0-9]{" + std::to_string(leading + 1) + ",}";
}

// The location format's pieces: literal text and $property$ names, as VASSAL splits it on '$' (an
// unclosed property at the end is literal text).
struct FormatPiece {
    bool property;
    std::string text;
};

std::vector<FormatPiece> formatPieces(std::string_view format) {
    std::vector<FormatPiece> out;
    VassalSequenceDecoder d(format, '$');
    bool property = true;
    while (auto token = d.next()) {
        property = !property;
        if (!token->empty()) {
            out.push_back({property && d.hasMore(), std::move(*token)});
        }
    }
    return out;
}

} // namespace

VassalGrid VassalGrid::defaultHex() {
    VassalGrid g;
    g.kind = VassalGridKind::Hex;
    g.dy = 64.0;
    g.dx = std::sqrt(3.0) / 2 * 64.0;
    g.x0 = 0;
    g.y0 = 32;
    return g;
}

VassalGrid VassalGrid::defaultSquare() {
    VassalGrid g;
    g.kind = VassalGridKind::Square;
    g.dx = g.dy = 48.0;
    g.x0 = g.y0 = 24;
    return g;
}

std::string VassalGrid::numberName(int value, char type, int leading) {
    std::string out = value < 0 ? "-" : "";
    long long n = value < 0 ? -static_cast<long long>(value) : value;
    if (type == 'A') {
        do {
            out += alphabet[static_cast<std::size_t>(n % 26)];
            n -= 26;
        } while (n >= 0);
        return out;
    }
    while (leading > 0 && static_cast<double>(n) < std::pow(10.0, leading--)) {
        out += '0';
    }
    return out + std::to_string(n);
}

std::optional<std::string> VassalGrid::locationName(VassalPoint p) const {
    if (!numbering) {
        return std::nullopt;
    }
    const VassalNumbering& n = *numbering;
    const int row = kind == VassalGridKind::Hex ? hexRow(*this, n, p) : squareRow(*this, n, p);
    const int col = kind == VassalGridKind::Hex ? hexColumn(*this, n, p) : squareColumn(*this, n, p);
    std::string out;
    for (const FormatPiece& piece : formatPieces(n.locationFormat)) {
        if (!piece.property) {
            out += piece.text;
        } else if (piece.text == "gridLocation") {
            out += cellName(n, row, col);
        } else if (piece.text == "row") {
            out += numberName(row + n.vOff, n.vType, n.vLeading);
        } else if (piece.text == "column") {
            out += numberName(col + n.hOff, n.hType, n.hLeading);
        }
        // Any other property is the game's, which a module read without playing does not have.
    }
    return out;
}

std::expected<VassalPoint, std::string> VassalGrid::location(std::string_view location) const {
    if (!numbering) {
        return std::unexpected(std::string("the grid has no numbering"));
    }
    const VassalNumbering& n = *numbering;
    std::string pattern;
    int colGroup = 0, rowGroup = 0, groups = 0;
    for (const FormatPiece& piece : formatPieces(n.locationFormat)) {
        if (!piece.property) {
            pattern += regexQuote(piece.text);
        } else if (piece.text == "gridLocation") {
            const std::string col = "(" + matchingPattern(n.hType, n.hLeading) + ")";
            const std::string row = "(" + matchingPattern(n.vType, n.vLeading) + ")";
            if (n.first == 'H') {
                pattern += col + regexQuote(n.sep) + row;
                colGroup = ++groups;
                rowGroup = ++groups;
            } else {
                pattern += row + regexQuote(n.sep) + col;
                rowGroup = ++groups;
                colGroup = ++groups;
            }
        } else if (piece.text == "row") {
            pattern += "(" + matchingPattern(n.vType, n.vLeading) + ")";
            rowGroup = ++groups;
        } else if (piece.text == "column") {
            pattern += "(" + matchingPattern(n.hType, n.hLeading) + ")";
            colGroup = ++groups;
        }
    }
    if (pattern.empty() || colGroup == 0 || rowGroup == 0) {
        return std::unexpected("the location format '" + n.locationFormat + "' names no row and column");
    }
    std::smatch m;
    const std::string text(location);
    if (!std::regex_match(text, m, std::regex(pattern))) {
        return std::unexpected("'" + text + "' is not a location of this grid");
    }
    const auto row = parseNumberName(m[rowGroup].str(), n.vType);
    const auto col = parseNumberName(m[colGroup].str(), n.hType);
    if (!row || !col) {
        return std::unexpected("'" + text + "' is out of range");
    }
    const long long c = static_cast<long long>(*col) - n.hOff, r = static_cast<long long>(*row) - n.vOff;
    if (c < std::numeric_limits<int>::min() || c > std::numeric_limits<int>::max() ||
        r < std::numeric_limits<int>::min() || r > std::numeric_limits<int>::max()) {
        return std::unexpected("'" + text + "' is out of range");
    }
    return kind == VassalGridKind::Hex ? hexCentre(*this, n, static_cast<int>(c), static_cast<int>(r))
                                       : squareCentre(*this, n, static_cast<int>(c), static_cast<int>(r));
}

namespace {

// A hex's outline as VASSAL draws it for its containment test: whole pixels, the right and lower
// corners one pixel out.
std::array<std::pair<double, double>, 6> hexOutline(double x, double y, double dx, double dy) {
    const auto r = static_cast<float>(2.0 * static_cast<float>(dx) / 3.0);
    const auto fx = static_cast<float>(x), fy = static_cast<float>(y), fdy = static_cast<float>(dy);
    auto rnd = [](float v) { return static_cast<double>(std::floor(v + 0.5F)); };
    return {{{rnd(fx - r), rnd(fy)},
             {rnd(fx - 0.5F * r), rnd(fy - 0.5F * fdy)},
             {rnd(fx + 0.5F * r) + 1, rnd(fy - 0.5F * fdy)},
             {rnd(fx + r) + 1, rnd(fy)},
             {rnd(fx + 0.5F * r) + 1, rnd(fy + 0.5F * fdy) + 1},
             {rnd(fx - 0.5F * r), rnd(fy + 0.5F * fdy) + 1}}};
}

// Java's insideness for shapes: a point on an edge is inside when the interior lies to its right or
// below; the crossing rule below gives that for whole-pixel points.
bool outlineContains(const std::array<std::pair<double, double>, 6>& poly, double x, double y) {
    bool inside = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const auto [xi, yi] = poly[i];
        const auto [xj, yj] = poly[j];
        if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) {
            inside = !inside;
        }
    }
    return inside;
}

VassalPoint hexCentreFromRaw(const VassalGrid& g, int nx, int ny) {
    return {javaInt(g.dx * nx + g.x0),
            nx % 2 == 0 ? javaInt(g.dy * ny + g.y0) : javaInt(g.dy * ny + javaInt(g.dy / 2) + g.y0)};
}

} // namespace

VassalPoint VassalGrid::snapToCentre(VassalPoint p) const {
    if (kind == VassalGridKind::Square) {
        const int nx = 2 * javaRound((p.x - x0) / dx), ny = 2 * javaRound((p.y - y0) / dy);
        return {x0 + javaRound(nx * dx / 2), y0 + javaRound(ny * dy / 2)};
    }
    const VassalPoint q = turned(*this, p);
    const int nx = javaInt(std::floor((q.x - x0 + dx / 2) / dx));
    const int ny =
        nx % 2 == 0 ? javaInt(std::floor((q.y - y0 + dy / 2) / dy)) : javaInt(std::floor((q.y - y0) / dy));
    VassalPoint centre = hexCentreFromRaw(*this, nx, ny);
    if (!outlineContains(hexOutline(centre.x, centre.y, dx, dy), q.x, q.y)) {
        static constexpr std::array<std::pair<int, int>, 4> evenColumn{{{-1, -1}, {-1, 0}, {1, -1}, {1, 0}}};
        static constexpr std::array<std::pair<int, int>, 4> oddColumn{{{-1, 0}, {-1, 1}, {1, 0}, {1, 1}}};
        for (const auto& [ox, oy] : nx % 2 == 0 ? evenColumn : oddColumn) {
            const VassalPoint c = hexCentreFromRaw(*this, nx + ox, ny + oy);
            if (outlineContains(hexOutline(c.x, c.y, dx, dy), q.x, q.y)) {
                centre = c;
                break;
            }
        }
    }
    if (snapScale > 0) {
        auto part = [&](int delta, double size) {
            delta = javaRound(delta / (0.5 * size / snapScale));
            delta = std::clamp(delta, 1 - snapScale, snapScale - 1);
            return javaRound(delta * 0.5 * size / snapScale);
        };
        centre.x += part(q.x - centre.x, dx);
        centre.y += part(q.y - centre.y, dy);
    }
    return turned(*this, centre);
}

} // namespace sandtable
