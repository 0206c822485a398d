#include "play_rules.hpp"

#include <algorithm>

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

const PlayMarker* PlayRules::marker(StatusMarker m) const {
    auto it = std::ranges::find(markers, m, &PlayMarker::marker);
    return it == markers.end() ? nullptr : &*it;
}

} // namespace sandtable
