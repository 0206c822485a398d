#pragma once
// Cairo objects owned as values: destroyed with the handle, whichever way the scope is left.
#include <memory>

#include <cairo.h>

namespace sandtable {

using SurfacePtr = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
using PatternPtr = std::unique_ptr<cairo_pattern_t, decltype(&cairo_pattern_destroy)>;

inline SurfacePtr owned(cairo_surface_t* surface) {
    return {surface, &cairo_surface_destroy};
}
inline PatternPtr owned(cairo_pattern_t* pattern) {
    return {pattern, &cairo_pattern_destroy};
}

} // namespace sandtable
