#pragma once
// Boost.Geometry types for cells. Include this only in .cpp files that need polygons: it is costly
// to compile.
#include "layout.hpp"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/segment.hpp>

namespace sandtable::geo {

using BPoint = boost::geometry::model::d2::point_xy<double>;
using BPolygon = boost::geometry::model::polygon<BPoint>;
using BSegment = boost::geometry::model::segment<BPoint>;

BPolygon cellPolygon(const Layout& layout, Offset c);

} // namespace sandtable::geo
