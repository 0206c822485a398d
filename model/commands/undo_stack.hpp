#pragma once
// UndoStack applies commands to a scenario and can walk them back and forth. It remembers the
// index at which the scenario was last saved, so "modified" is derived, never tracked by hand, and
// which of the battle's scenarios each edit was made in, so its undo happens there.
#include "command.hpp"

#include <functional>
#include <optional>

namespace sandtable {

class UndoStack {
  public:
    using Listener = std::function<void(const ChangeSet&)>;

    explicit UndoStack(Scenario& scenario) : scenario_(scenario) {}

    // Applies cmd. With continueGesture (a drag, a brush stroke) it merges into the previous step
    // when that command agrees to it, so the whole gesture undoes at once.
    void push(CommandPtr cmd, bool continueGesture = false);
    bool canUndo() const { return index_ > 0; }
    bool canRedo() const { return index_ < commands_.size(); }
    std::optional<std::string> undoText() const;
    std::optional<std::string> redoText() const;
    void undo();
    void redo();
    void markClean();
    // The scenario differs from any saved file (recovered from an autosave, say).
    void markDirty() { cleanIndex_.reset(); }
    bool isModified() const { return !cleanIndex_ || *cleanIndex_ != index_; }
    std::size_t size() const { return commands_.size(); }
    std::size_t index() const { return index_; }
    void clear();

    void setListener(Listener l) { listener_ = std::move(l); }

  private:
    void notify(const ChangeSet& cs) const {
        if (listener_) {
            listener_(cs);
        }
    }

    // Goes to the scenario an edit was made in, when it belongs to one; `notice` then says everything
    // changed.
    void goTo(std::size_t scenario, const ChangeSet& cs, ChangeSet& notice);

    // A command with the current scenario before and after it was applied.
    struct Step {
        CommandPtr command;
        std::size_t before = 0;
        std::size_t after = 0;
    };
    Scenario& scenario_;
    std::vector<Step> commands_;
    std::size_t index_ = 0;
    std::optional<std::size_t> cleanIndex_ = 0; // nullopt: the saved state was dropped from redo
    Listener listener_;
};

} // namespace sandtable
