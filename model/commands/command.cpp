#include "command.hpp"

#include <ranges>

namespace sandtable {

void ChangeSet::merge(const ChangeSet& other) {
    cells.insert(cells.end(), other.cells.begin(), other.cells.end());
    pieces.insert(pieces.end(), other.pieces.begin(), other.pieces.end());
    kinds = static_cast<std::uint8_t>(kinds | other.kinds);
    everything = everything || other.everything;
}

void CommandGroup::apply(Scenario& s) const {
    for (const auto& part : parts_) {
        part->apply(s);
    }
}

void CommandGroup::revert(Scenario& s) const {
    for (const auto& part : parts_ | std::views::reverse) {
        part->revert(s);
    }
}

ChangeSet CommandGroup::changes() const {
    ChangeSet all;
    for (const auto& part : parts_) {
        all.merge(part->changes());
    }
    return all;
}

} // namespace sandtable
