#pragma once
// Grid is the shape of a map's cells: hexagons (flat- or pointy-topped, odd or even offset rows or
// columns) or squares (adjacent across a side only, as the 2015 area rules say). It answers every
// question about cells that needs no pixels: neighbours, distance, lines, rings, edges, labels.
#include "enum_names.hpp"
#include "hex.hpp"

#include <compare>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

enum class GridShape : std::uint8_t { HexFlat, HexPointy, Square };
enum class OffsetParity : std::uint8_t { Odd, Even };

// A cell in storage coordinates: column and row, (0,0) at the top left.
struct Offset {
    int col = 0;
    int row = 0;
    constexpr auto operator<=>(const Offset&) const = default;
};

// One side shared by two cells, stored once: the canonical owner is the cell for which the side's
// direction is in the first half of the directions (0..2 on hexes, 0..1 on squares). The owner may
// lie just off the map when the side is on the border.
struct EdgeId {
    Offset cell;
    std::uint8_t dir = 0;
    constexpr auto operator<=>(const EdgeId&) const = default;
};

class Grid {
  public:
    struct Parameters {
        GridShape shape = GridShape::HexFlat;
        OffsetParity parity = OffsetParity::Odd;
        int cols = 10;
        int rows = 10;
        int labelBase = 1; // the number the first column and row carry in CCRR labels
    };

    static constexpr int maxSide = 10000; // a map is at most this many cells across (limits::mapSide)

    Grid() = default;
    explicit Grid(const Parameters& p) : p_(p), labelDigits_(digitsFor(p)) {}

    const Parameters& parameters() const { return p_; }
    GridShape shape() const { return p_.shape; }
    OffsetParity parity() const { return p_.parity; }
    bool isHex() const { return p_.shape != GridShape::Square; }
    int cols() const { return p_.cols; }
    int rows() const { return p_.rows; }
    std::size_t cellCount() const {
        return static_cast<std::size_t>(p_.cols) * static_cast<std::size_t>(p_.rows);
    }
    int sideCount() const { return isHex() ? 6 : 4; }
    int opposite(int dir) const { return (dir + sideCount() / 2) % sideCount(); }

    bool contains(Offset c) const { return c.col >= 0 && c.row >= 0 && c.col < p_.cols && c.row < p_.rows; }
    bool onBorder(Offset c) const {
        return contains(c) && (c.col == 0 || c.row == 0 || c.col == p_.cols - 1 || c.row == p_.rows - 1);
    }
    std::size_t index(Offset c) const {
        return static_cast<std::size_t>(c.row) * static_cast<std::size_t>(p_.cols) +
               static_cast<std::size_t>(c.col);
    }
    Offset offsetAt(std::size_t i) const {
        return {static_cast<int>(i % static_cast<std::size_t>(p_.cols)),
                static_cast<int>(i / static_cast<std::size_t>(p_.cols))};
    }

    // Hex grids only: conversion between offset and cube coordinates.
    Hex toHex(Offset c) const;
    Offset fromHex(Hex h) const;

    Offset neighbor(Offset c, int dir) const;
    std::vector<Offset> neighbors(Offset c) const; // on the map only
    std::optional<int> directionTo(Offset from, Offset to) const;
    // Across one side: a step of one (cube distance for hexes, sides only for squares), without
    // trying each direction.
    bool adjacent(Offset a, Offset b) const { return distance(a, b) == 1; }
    int distance(Offset a, Offset b) const;
    // Cells crossed by the straight line from a to b, both included; consecutive cells are adjacent.
    std::vector<Offset> lineDraw(Offset a, Offset b) const;
    // Cells at exactly / at most n steps from centre, on the map only.
    std::vector<Offset> ring(Offset centre, int n) const;
    std::vector<Offset> range(Offset centre, int n) const;

    EdgeId edge(Offset c, int dir) const;
    std::pair<Offset, Offset> edgeCells(EdgeId e) const;
    bool edgeTouchesMap(EdgeId e) const;
    // Hex corners: corner i lies between sides i and i+1; three cells share it.
    std::vector<Offset> cornerCells(Offset c, int corner) const;

    // "CCRR" display label (column then row, two digits each or more on big maps).
    std::string label(Offset c) const;
    void appendLabel(std::string& out, Offset c) const; // the label at the end of `out`
    // Every cell's label on the map has this many characters.
    std::size_t labelLength() const { return 2 * static_cast<std::size_t>(labelDigits()); }
    std::optional<Offset> parseLabel(std::string_view text) const;

    auto operator<=>(const Grid& o) const {
        return std::tie(p_.shape, p_.parity, p_.cols, p_.rows, p_.labelBase) <=>
               std::tie(o.p_.shape, o.p_.parity, o.p_.cols, o.p_.rows, o.p_.labelBase);
    }
    bool operator==(const Grid& o) const { return (*this <=> o) == 0; }

  private:
    int labelDigits() const { return labelDigits_; }
    static int largestLabelNumber(const Parameters& p); // the largest column or row number shown
    static int digitsFor(const Parameters& p);
    Parameters p_;
    // Kept, not counted for each of the 200,000 labels a large battle's file reads and writes.
    int labelDigits_ = digitsFor(p_);
};

template <> struct EnumNames<GridShape> {
    static constexpr std::array<NameOf<GridShape>, 3> names{{{GridShape::HexFlat, "hex-flat"},
                                                             {GridShape::HexPointy, "hex-pointy"},
                                                             {GridShape::Square, "square"}}};
};
template <> struct EnumNames<OffsetParity> {
    static constexpr std::array<NameOf<OffsetParity>, 2> names{
        {{OffsetParity::Odd, "odd"}, {OffsetParity::Even, "even"}}};
};

} // namespace sandtable

template <> struct std::hash<sandtable::Offset> {
    std::size_t operator()(const sandtable::Offset& o) const noexcept {
        return std::hash<long long>{}((static_cast<long long>(o.col) << 32) ^ static_cast<unsigned>(o.row));
    }
};
template <> struct std::hash<sandtable::EdgeId> {
    std::size_t operator()(const sandtable::EdgeId& e) const noexcept {
        return std::hash<sandtable::Offset>{}(e.cell) * 7 + e.dir;
    }
};
