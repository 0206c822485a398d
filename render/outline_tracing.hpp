#pragma once
// Many small pieces of one colour traced into the outlines of their union, and short segments
// chained into long lines: what a vector file keeps of the natural ground. A PDF writes every
// path point as text and deflates it, so Gettysburg's ground as 250,000 lattice-square pieces was
// 17 MB of path before compression; its outlines are a small part of that.
//
// Points are matched on a lattice `quantum` apart from `origin`: two pieces that share a side
// computed it from the same corners, so their ends agree far inside a quantum.
#include "model/layout.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

typedef struct _cairo cairo_t;

namespace sandtable {

// Closed or open lines of points, one after another.
struct Polylines {
    std::vector<Point> points;
    std::vector<std::uint32_t> sizes; // each line's count of points, in order
    std::size_t lines() const { return sizes.size(); }
    // Adds a line of `count` points.
    void add(const Point* line, std::size_t count);
    // Adds every line to `cr`'s path, each `closed` or left open.
    void addToPath(cairo_t* cr, bool closed) const;
};

// The area a polygon encloses, positive when it turns clockwise on screen (y down) as the
// pieces do, negative the other way (a hole).
double signedArea(std::span<const Point> polygon);

class OutlineTracer {
  public:
    OutlineTracer(Point origin, double quantum);
    ~OutlineTracer();
    OutlineTracer(OutlineTracer&&) noexcept;
    OutlineTracer& operator=(OutlineTracer&&) noexcept;
    // A polygon of the union, its points all turning the same way as every other's (clockwise on
    // screen). Pieces must not overlap: they tile the union. Only its sides that no piece has
    // given back yet are kept, not the piece: pieces added row by row hold about a row's sides
    // and the outline so far (the pieces of a 300 x 300 map's overview page were 49 MB).
    void add(const Point* polygon, std::size_t count);
    // The union's outlines, each a ring of lattice keys (closed: the last point is not the first
    // again): the sides two pieces share are gone. Filled with the nonzero rule they cover what
    // the pieces did; holes turn the other way.
    struct Rings {
        std::vector<std::uint64_t> keys;
        std::vector<std::uint32_t> sizes;
    };
    Rings rings() const;
    // The rings as points, each point dropped whose ring stays within `tolerance` without it
    // (Douglas-Peucker; with 0, the points between two sides in one straight line), except the
    // `kept` keys (sorted). Between two kept points a ring is simplified on its own, so where two
    // rings share a stretch from one kept point to the next they keep the same points of it.
    Polylines outlines(const Rings& rings, double tolerance, const std::vector<std::uint64_t>& kept) const;
    Polylines outlines() const { return outlines(rings(), 0, {}); }
    // The points of `outlines` not inside a stretch that two of them share (where three classes
    // meet, or where what was traced ends): where those stretches begin and end.
    static std::vector<std::uint64_t> junctions(const std::vector<const Rings*>& outlines);

    // A point as the lattice it is matched on has it, and back.
    std::uint64_t keyOf(Point p) const;
    Point pointOf(std::uint64_t key) const;

  private:
    struct Edge {
        std::uint64_t from, to;
    };
    class OpenSides;

    Point origin_;
    double quantum_;
    std::unique_ptr<OpenSides> open_;
};

// The segments (in any order and direction, each drawn once however often it is given) joined where
// their ends meet into lines; a line that comes back to its start repeats its first point. With a
// `tolerance`, each line keeps only the points it needs to stay within it of the chained points
// (Douglas-Peucker, as outlines simplifies its stretches), its ends kept.
Polylines chainSegments(const std::vector<std::pair<Point, Point>>& segments, Point origin, double quantum,
                        double tolerance = 0);

} // namespace sandtable
