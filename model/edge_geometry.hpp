#pragma once
// Cell sides under a pointer: which side of a cell a point is nearest, which side a dragging
// pointer is on, and the chain of sides a pen follows from one side to another, corner to corner.
// Pure geometry of the layout, used by the hexside tool and its tests.
#include "model/layout.hpp"

#include <optional>
#include <vector>

namespace sandtable {

// The side of the cell under p nearest to p.
std::optional<EdgeId> nearestEdge(const Layout& layout, Point p);
// The side under a dragging pointer: the nearest side when p is near it, nothing in a cell's middle
// (a pointer crossing a cell takes no side with it).
std::optional<EdgeId> edgeUnderStroke(const Layout& layout, Point p);
// The sides meeting `e` at its corners (on the map).
std::vector<EdgeId> edgesMeeting(const Layout& layout, EdgeId e);
// A chain of sides from `from` (excluded) to `to` (included), corner to corner.
std::vector<EdgeId> edgesBetween(const Layout& layout, EdgeId from, EdgeId to);

} // namespace sandtable
