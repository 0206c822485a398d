#include "play_rules.hpp"

#include <algorithm>
#include <cmath>

namespace sandtable {

std::optional<Formation> formationOf(StatusMarker marker) {
    switch (marker) {
    case StatusMarker::Line:
        return Formation::Line;
    case StatusMarker::Column:
        return Formation::Column;
    case StatusMarker::MarchColumn:
        return Formation::MarchColumn;
    case StatusMarker::Skirmish:
        return Formation::Skirmish;
    case StatusMarker::Square:
        return Formation::Square;
    case StatusMarker::Limbered:
        return Formation::Limbered;
    case StatusMarker::Dismounted:
        return Formation::Dismounted;
    default:
        return std::nullopt;
    }
}

bool BreakPoint::counts(Arm arm) const {
    return std::ranges::find(arms, arm) != arms.end();
}

int BreakPoint::unitsToBreak(int units) const {
    // 1e-9: a half of 24 is 12, not 13 by a rounding of 0.5 * 24.
    return static_cast<int>(std::ceil(lostFraction * units - 1e-9));
}

const PlayMarker* PlayRules::marker(StatusMarker m) const {
    auto it = std::ranges::find(markers, m, &PlayMarker::marker);
    return it == markers.end() ? nullptr : &*it;
}

} // namespace sandtable
