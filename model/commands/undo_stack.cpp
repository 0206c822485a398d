#include "undo_stack.hpp"

#include "model/battle.hpp"

namespace sandtable {

namespace {

// Edits of a scenario's own start undo and redo in that scenario: the stack goes back to it first,
// so an undo never changes a scenario the designer is not looking at. Map and order-of-battle
// edits belong to the battle and undo wherever the designer is.
bool belongsToScenario(const ChangeSet& cs) {
    return cs.touches(PlacementsChanged | InfoChanged);
}

} // namespace

void UndoStack::goTo(std::size_t scenario, const ChangeSet& cs, ChangeSet& notice) {
    if (belongsToScenario(cs) && scenario_.current != scenario && scenario < scenarioCount(scenario_)) {
        makeCurrent(scenario_, scenario);
        notice = ChangeSet::all();
    }
}

void UndoStack::push(CommandPtr cmd, bool continueGesture) {
    const std::size_t before = scenario_.current;
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
    if (!(mayMerge && commands_.back().command->mergeWith(*cmd))) {
        commands_.push_back(Step{std::move(cmd), before, scenario_.current});
        ++index_;
    }
    notify(cs);
}

std::optional<std::string> UndoStack::undoText() const {
    return canUndo() ? std::optional(commands_[index_ - 1].command->text()) : std::nullopt;
}

std::optional<std::string> UndoStack::redoText() const {
    return canRedo() ? std::optional(commands_[index_].command->text()) : std::nullopt;
}

void UndoStack::undo() {
    if (!canUndo()) {
        return;
    }
    --index_;
    const Step& step = commands_[index_];
    ChangeSet cs = step.command->changes();
    ChangeSet notice = cs;
    goTo(step.after, cs, notice);
    step.command->revert(scenario_);
    notify(notice);
}

void UndoStack::redo() {
    if (!canRedo()) {
        return;
    }
    const Step& step = commands_[index_];
    ChangeSet cs = step.command->changes();
    ChangeSet notice = cs;
    goTo(step.before, cs, notice);
    step.command->apply(scenario_);
    ++index_;
    notify(notice);
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
