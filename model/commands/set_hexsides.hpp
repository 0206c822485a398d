#pragma once
// Sets the features of a run of hexsides. Consecutive changes with the same stroke number merge,
// so a river dragged along many sides is one undo step.
#include "command.hpp"

#include <map>

namespace sandtable {

class SetHexsides final : public Command {
  public:
    struct SideChange {
        EdgeId edge;
        Hexside before;
        Hexside after;
    };
    // Records the current values of the edges as the before-state; edges off the map are ignored.
    SetHexsides(const Scenario& s, const std::vector<std::pair<EdgeId, Hexside>>& values,
                std::uint64_t stroke = 0);

    void apply(Scenario& s) const override;
    void revert(Scenario& s) const override;
    std::string text() const override { return "Change hexsides"; }
    ChangeSet changes() const override;
    bool mergeWith(const Command& next) override;
    bool empty() const { return changes_.empty(); }

  private:
    std::uint64_t stroke_;
    std::vector<SideChange> changes_;
    std::vector<std::pair<Offset, Offset>> cells_; // of each change, for the ChangeSet
    std::map<EdgeId, std::size_t> position_;
};

} // namespace sandtable
