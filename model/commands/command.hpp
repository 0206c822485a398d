#pragma once
// Command is one undoable edit. It stores ids and values, never pointers into the scenario, so it
// stays valid however the scenario's containers move.
#include "../scenario.hpp"

#include <memory>
#include <string>
#include <vector>

namespace sandtable {

// Which parts of a scenario an edit touched (bits); validator rules declare the same bits for
// what they read, so an edit re-checks only the rules it can affect.
enum ChangeKind : std::uint8_t {
    TerrainChanged = 1,    // terrain, elevation, hexsides
    PathsChanged = 2,      // roads, railroads, map features
    PlacementsChanged = 4, // where pieces stand, reinforcements
    OrderChanged = 8,      // the order of battle
    InfoChanged = 16,      // scenario text, events table, exclusions
    AllChanged = 31,
};

// What an edit touched: cells whose contents changed and pieces that changed; the editor redraws
// and the validator re-checks only these. `everything` when the edit is too broad to list.
struct ChangeSet {
    std::vector<Offset> cells;
    std::vector<PieceRef> pieces;
    std::uint8_t kinds = 0;
    bool everything = false;

    bool touches(std::uint8_t mask) const { return everything || (kinds & mask) != 0; }
    // Everything changed: a new map, another scenario made current.
    static ChangeSet all() {
        ChangeSet cs;
        cs.kinds = AllChanged;
        cs.everything = true;
        return cs;
    }
    void merge(const ChangeSet& other);
};

class Command {
  public:
    virtual ~Command() = default;
    virtual void apply(Scenario& s) const = 0;
    virtual void revert(Scenario& s) const = 0;
    virtual std::string text() const = 0;
    virtual ChangeSet changes() const = 0;
    // Absorbs `next` (which has already been applied) when both belong to one gesture, such as a
    // brush stroke. Returns false when they must stay separate undo steps.
    virtual bool mergeWith(const Command& /*next*/) { return false; }
};

using CommandPtr = std::unique_ptr<Command>;

// Several commands as one undo step (deleting a division deletes its units and placements too).
class CommandGroup final : public Command {
  public:
    CommandGroup(std::string text, std::vector<CommandPtr> parts)
        : text_(std::move(text)), parts_(std::move(parts)) {}
    void apply(Scenario& s) const override;
    void revert(Scenario& s) const override;
    std::string text() const override { return text_; }
    ChangeSet changes() const override;
    bool empty() const { return parts_.empty(); }

  private:
    std::string text_;
    std::vector<CommandPtr> parts_;
};

} // namespace sandtable
