#include "map_scale.hpp"

#include "limits.hpp"

namespace sandtable {

std::expected<double, std::string> yardsPerCell(const TabletopCell& cell) {
    const double inches = cell.sizeInInches();
    if (!limits::tabletopInches.allows(inches)) {
        return std::unexpected("The cell size must be " + limits::tabletopInches.expected() + " inches (" +
                               limits::formatNumber(limits::tabletopInches.lo * 25.4) + " to " +
                               limits::formatNumber(limits::tabletopInches.hi * 25.4) + " mm)");
    }
    if (!limits::tabletopInches.allows(cell.inches)) {
        return std::unexpected("The rules' inches must be " + limits::tabletopInches.expected());
    }
    if (!limits::yardsPerCell.allows(cell.yards)) {
        return std::unexpected("The rules' yards must be " + limits::yardsPerCell.expected());
    }
    const double yards = inches * cell.yards / cell.inches;
    if (!limits::yardsPerCell.allows(yards)) {
        return std::unexpected("That makes " + limits::formatNumber(yards) +
                               " yards per cell; a cell must be " + limits::yardsPerCell.expected() +
                               " yards");
    }
    return yards;
}

} // namespace sandtable
