#include "undo_stack.hpp"

namespace sandtable {

void UndoStack::push(CommandPtr cmd, bool continueGesture) {
    cmd->apply(scenario_);
    const ChangeSet cs = cmd->changes();
    if (index_ < commands_.size()) {
        commands_.erase(commands_.begin() + static_cast<std::ptrdiff_t>(index_), commands_.end());
        if (cleanIndex_ && *cleanIndex_ > index_) {
            cleanIndex_.reset();
        }
    }
    // Never merge into the saved step: undoing back to the saved state must stay possible.
    const bool mayMerge = continueGesture && index_ > 0 && (!cleanIndex_ || *cleanIndex_ != index_);
    if (!(mayMerge && commands_.back()->mergeWith(*cmd))) {
        commands_.push_back(std::move(cmd));
        ++index_;
    }
    notify(cs);
}

std::optional<std::string> UndoStack::undoText() const {
    return canUndo() ? std::optional(commands_[index_ - 1]->text()) : std::nullopt;
}

std::optional<std::string> UndoStack::redoText() const {
    return canRedo() ? std::optional(commands_[index_]->text()) : std::nullopt;
}

void UndoStack::undo() {
    if (!canUndo()) {
        return;
    }
    --index_;
    commands_[index_]->revert(scenario_);
    notify(commands_[index_]->changes());
}

void UndoStack::redo() {
    if (!canRedo()) {
        return;
    }
    commands_[index_]->apply(scenario_);
    ++index_;
    notify(commands_[index_ - 1]->changes());
}

void UndoStack::markClean() {
    cleanIndex_ = index_;
}

void UndoStack::clear() {
    commands_.clear();
    index_ = 0;
    cleanIndex_ = 0;
}

} // namespace sandtable
