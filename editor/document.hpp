#pragma once
// Document is one open scenario in the editor: the scenario, its undo stack, the live validator
// and the file it belongs to. Every edit goes through execute(); views listen for the ChangeSet.
// No wx here, so the whole editing path is tested headless.
#include "model/commands/undo_stack.hpp"
#include "validators/play_setup.hpp"
#include "validators/validator.hpp"
#include "validators/vocabulary.hpp"

#include <expected>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

class Document {
  public:
    using Listener = std::function<void(const ChangeSet&)>;

    // `formatVersion` is the version the file was read in (an older one is written in the current
    // version at the first save, which the editor says beforehand).
    explicit Document(Scenario scenario, std::filesystem::path file = {}, int formatVersion = 0);
    // Reads a scenario; the error names file, line and column. No wx: it may run on any thread.
    using Opened = std::expected<std::unique_ptr<Document>, std::string>;
    static Opened open(const std::filesystem::path& file);

    const Scenario& scenario() const { return *scenario_; }
    const std::filesystem::path& file() const { return file_; }
    // A file the scenario names (a background scan): relative names are beside the scenario file.
    std::filesystem::path resolve(const std::filesystem::path& named) const {
        return named.is_relative() && !file_.empty() ? file_.parent_path() / named : named;
    }
    std::string displayName() const;

    void execute(CommandPtr command, bool continueGesture = false);

    // Makes scenario `index` of the battle the current one: the views, the problems and the ruleset
    // follow. Not an edit (nothing in the file changes), so not on the undo stack.
    void chooseScenario(std::size_t index);
    // The findings of every scenario but the current one, each under its own ruleset (computed when
    // asked after a change; empty for a scenario whose ruleset cannot be read).
    struct ScenarioProblems {
        std::size_t index = 0;
        int errors = 0;
        int warnings = 0;
        bool validated = false;
    };
    const std::vector<ScenarioProblems>& otherScenarioProblems() const;

    // The file was read in an older format version and has not been saved in the current one yet.
    bool savesInNewerFormat() const;
    int readFormatVersion() const { return formatVersion_; }
    void undo() { stack_.undo(); }
    void redo() { stack_.redo(); }
    const UndoStack& history() const { return stack_; }
    bool isModified() const { return stack_.isModified(); }
    // The content came from an autosave: unsaved until saved.
    void markRecovered() { stack_.markDirty(); }

    // Saves atomically (FILE.bak keeps the previous version) and marks the document clean.
    std::expected<void, std::string> save(const std::filesystem::path& file);

    // The scenario's ruleset (built-in name or house-rules file); problems after every edit. It
    // follows the scenario's <info ruleset>: changing (or undoing) that changes the rules.
    std::expected<void, std::string> useRuleset(const std::string& nameOrPath);
    // Built when first asked for after a change of the findings (not at every edit of a stroke),
    // and shared: a view keeps the snapshot it shows while the document moves on.
    const Report& problems() const { return *problemsSnapshot(); }
    std::shared_ptr<const Report> problemsSnapshot() const;
    // Counts the changes of the findings: views showing them follow only when it moves.
    std::uint64_t problemsRevision() const { return problemsRevision_; }
    std::string rulesetName() const { return validator_ ? validator_->rules().name : std::string(); }
    // The pieces standing on a cell: from the validator's index (kept edit by edit), so the status
    // bar can name them at every mouse move on a battle of thousands of pieces.
    std::vector<PieceRef> piecesAt(Offset cell) const;
    // Whether the ruleset runs the rule with this key (command.one-army-per-side, say).
    bool ruleActive(std::string_view key) const;
    // What the ruleset needs in play, for the play kit's exports (nothing without a ruleset).
    PlaySetup playSetup() const { return validator_ ? playSetupOf(validator_->rules()) : PlaySetup{}; }
    // The unit values the ruleset accepts (anything without a ruleset).
    UnitVocabulary unitVocabulary() const {
        return validator_ ? sandtable::unitVocabulary(validator_->rules()) : UnitVocabulary{};
    }

    // Crash recovery: the autosave file of this document, written when there are unsaved edits.
    std::filesystem::path autosavePath() const;
    // Goes through the same read-back check as save; false when nothing was written.
    bool autosaveIfModified();
    // Every change (edit, undo, redo) counts one revision.
    std::uint64_t revision() const { return revision_; }
    void removeAutosave() const;

    // Called after every change (edit, undo, redo) with what changed.
    void addListener(Listener l) { listeners_.push_back(std::move(l)); }

    // A fresh id for strokes and drags: commands of one gesture share it.
    std::uint64_t newGestureId() { return ++gesture_; }

  private:
    void changed(const ChangeSet& cs);
    void problemsChanged();

    std::unique_ptr<Scenario> scenario_; // stable address: the stack and validator hold references
    UndoStack stack_;
    std::unique_ptr<Validator> validator_;
    std::string rulesetSource_;      // the name or path the validator was made from
    std::uint64_t seenFindings_ = 0; // the validator's findingsRevision() at the last change
    std::uint64_t problemsRevision_ = 0;
    mutable std::shared_ptr<const Report> report_ = std::make_shared<const Report>();
    mutable std::uint64_t reportFor_ = 0; // the problemsRevision_ report_ was built for
    std::filesystem::path file_;
    std::vector<Listener> listeners_;
    std::uint64_t gesture_ = 0;
    // Counts every change (edit, undo, redo): the undo index alone repeats after undo and a new edit.
    std::uint64_t revision_ = 0;
    std::uint64_t autosavedAt_ = static_cast<std::uint64_t>(-1);
    int formatVersion_ = 0;
    mutable std::vector<ScenarioProblems> otherProblems_;
    mutable bool otherProblemsStale_ = true;
};

// Where documents without a file autosave, and where recovery looks: $XDG_STATE_HOME/sandtable
// (or ~/.local/state/sandtable).
std::filesystem::path autosaveDirectory();
// Untitled documents' autosave files left behind by an editor that is no longer running, newest first.
std::vector<std::filesystem::path> findRecoverableAutosaves();
// The autosave of `file` when it is newer than the file itself: unsaved work from a crash.
std::optional<std::filesystem::path> recoverableAutosaveFor(const std::filesystem::path& file);

} // namespace sandtable
