#pragma once
// A cell's weight at squared distance d2 (in cells' sizes) from its centre where a change of its
// level (HeightSurface::movesFor), or its middle's disagreement with the terrain model (the natural
// ground's middles), is spread over the ground: smooth, and nothing from a cell's size on, so
// nothing at its neighbours' middles.
namespace sandtable {

inline constexpr double spreadReach = 1.0; // in cells' sizes

inline double spreadKernel(double d2) {
    const double u = 1 - d2 / (spreadReach * spreadReach);
    return u > 0 ? u * u * u : 0.0;
}

} // namespace sandtable
