#include "document.hpp"
#include "model/battle.hpp"
#include "model/file_names.hpp"

#include "formats/atomic_file.hpp"
#include "formats/file_system_calls.hpp"
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "ruleset_loading.hpp"

#include <algorithm>
#include <functional>

namespace sandtable {

Document::Document(Scenario scenario, std::filesystem::path file, int formatVersion)
    : scenario_(std::make_unique<Scenario>(std::move(scenario))), stack_(*scenario_), file_(std::move(file)),
      formatVersion_(formatVersion) {
    stack_.setListener([this](const ChangeSet& cs) { changed(cs); });
    if (!scenario_->info.ruleset.empty()) {
        (void)useRuleset(scenario_->info.ruleset); // an unknown ruleset leaves the document unvalidated
    }
}

Document::Opened Document::open(const std::filesystem::path& file) {
    int version = 0;
    auto scenario = readScenario(file, &version);
    if (!scenario) {
        return std::unexpected(scenario.error().toString());
    }
    return std::make_unique<Document>(std::move(*scenario), file, version);
}

std::vector<PieceRef> Document::piecesAt(Offset cell) const {
    if (validator_) {
        std::vector<PieceRef> pieces = validator_->context().piecesAt(cell);
        std::ranges::sort(pieces); // in the scenario's order, as without the index
        return pieces;
    }
    std::vector<PieceRef> pieces;
    for (const auto& [piece, placement] : scenario_->deployment.placements) {
        if (std::ranges::find(placement.cells, cell) != placement.cells.end()) {
            pieces.push_back(piece);
        }
    }
    return pieces;
}

bool Document::ruleActive(std::string_view key) const {
    return validator_ && std::ranges::any_of(validator_->rules().rules,
                                             [&](const ActiveRule& r) { return r.rule->info().key == key; });
}

std::string Document::displayName() const {
    if (!file_.empty()) {
        return file_.filename().string();
    }
    return scenario_->info.title.empty() ? "Untitled" : scenario_->info.title;
}

void Document::execute(CommandPtr command, bool continueGesture) {
    stack_.push(std::move(command), continueGesture);
}

void Document::chooseScenario(std::size_t index) {
    if (index == scenario_->current || index >= scenarioCount(*scenario_)) {
        return;
    }
    makeCurrent(*scenario_, index);
    problemsChanged(); // another scenario's findings, even where they count the same
    changed(ChangeSet::all());
}

bool Document::savesInNewerFormat() const {
    return formatVersion_ != 0 && formatVersion_ < currentFormatVersion;
}

const std::vector<Document::ScenarioProblems>& Document::otherScenarioProblems() const {
    if (!otherProblemsStale_) {
        return otherProblems_;
    }
    otherProblems_.clear();
    const auto base = file_.empty() ? std::filesystem::current_path() : file_.parent_path();
    // One copy of the battle, seen through each other scenario in turn: the live one stays as the
    // views and the validator hold it, and the map is copied once, not once per scenario.
    std::optional<Scenario> copy;
    for (std::size_t i = 0; i < scenarioCount(*scenario_); ++i) {
        if (i == scenario_->current) {
            continue;
        }
        ScenarioProblems& problems = otherProblems_.emplace_back(ScenarioProblems{i});
        const std::string& ruleset = scenarioInfo(*scenario_, i).ruleset;
        if (ruleset.empty()) {
            continue;
        }
        auto loaded = loadCheckedRuleset(ruleset, base);
        if (!loaded) {
            continue;
        }
        if (!copy) {
            copy = *scenario_;
        }
        makeCurrent(*copy, i);
        const Report report = Validator(*copy, std::move(loaded->resolved)).report();
        problems.errors = report.errors();
        problems.warnings = report.warnings();
        problems.validated = true;
    }
    otherProblemsStale_ = false;
    return otherProblems_;
}

void Document::changed(const ChangeSet& cs) {
    ++revision_;
    // The other scenarios' findings change with the battle's map and order of battle, and with the
    // broad edits that reach into them (a resize, a new or deleted scenario); an edit of the current
    // scenario's start leaves them as they were.
    if (cs.everything || cs.touches(TerrainChanged | PathsChanged | OrderChanged)) {
        otherProblemsStale_ = true;
    }
    if ((cs.kinds & InfoChanged) != 0 && scenario_->info.ruleset != rulesetSource_ &&
        !scenario_->info.ruleset.empty()) {
        (void)useRuleset(scenario_->info.ruleset); // an unreadable ruleset keeps the previous rules
        problemsChanged();
    } else if (validator_) {
        validator_->recheck(cs);
        if (validator_->findingsRevision() != seenFindings_) {
            problemsChanged(); // else the findings are those of the last report
        }
    }
    for (const auto& l : listeners_) {
        l(cs);
    }
}

std::expected<void, std::string> Document::save(const std::filesystem::path& file) {
    if (auto saved = saveScenario(*scenario_, file); !saved) {
        return saved;
    }
    const bool moved = file != file_;
    const auto oldAutosave = autosavePath();
    file_ = file;
    formatVersion_ = currentFormatVersion;
    stack_.markClean();
    std::error_code ec;
    std::filesystem::remove(oldAutosave, ec);
    if (moved) {
        removeAutosave();
    }
    return {};
}

void Document::problemsChanged() {
    seenFindings_ = validator_ ? validator_->findingsRevision() : 0;
    ++problemsRevision_;
}

std::shared_ptr<const Report> Document::problemsSnapshot() const {
    if (reportFor_ != problemsRevision_) {
        report_ = std::make_shared<const Report>(validator_ ? validator_->report() : Report{});
        reportFor_ = problemsRevision_;
    }
    return report_;
}

std::expected<void, std::string> Document::useRuleset(const std::string& nameOrPath) {
    const auto base = file_.empty() ? std::filesystem::current_path() : file_.parent_path();
    auto loaded = loadCheckedRuleset(nameOrPath, base);
    if (!loaded) {
        return std::unexpected(loaded.error());
    }
    validator_ = std::make_unique<Validator>(*scenario_, std::move(loaded->resolved));
    rulesetSource_ = nameOrPath;
    problemsChanged();
    return {};
}

std::filesystem::path autosaveDirectory() {
    return sys::userStateFolder();
}

std::filesystem::path Document::autosavePath() const {
    // Beside the file when there is one (a user finds it there too), else in the state folder,
    // named after this process so two editors never share one.
    if (!file_.empty()) {
        return file_.parent_path() / pathFromUtf8("." + utf8(file_.filename()) + ".autosave");
    }
    return autosaveDirectory() /
           pathFromUtf8("untitled-" + std::to_string(sys::processId()) + ".sandtable.xml.autosave");
}

bool Document::autosaveIfModified() {
    if (!isModified() || autosavedAt_ == revision_) {
        return false;
    }
    const auto path = autosavePath();
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (!saveScenario(*scenario_, path, AtomicWriteOptions{false})) {
        return false;
    }
    autosavedAt_ = revision_;
    return true;
}

void Document::removeAutosave() const {
    std::error_code ec;
    std::filesystem::remove(autosavePath(), ec);
}

std::vector<std::filesystem::path> findRecoverableAutosaves() {
    std::vector<std::filesystem::path> found;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(autosaveDirectory(), ec)) {
        const std::string name = e.path().filename().string();
        if (!name.starts_with("untitled-") || !name.ends_with(".autosave")) {
            continue;
        }
        // untitled-PID...: skip the files of editors still running.
        const std::string pid = name.substr(9, name.find('.') - 9);
        if (const auto id = sys::processIdFrom(pid);
            id && *id != sys::processId() && sys::processRunning(*id)) {
            continue;
        }
        found.push_back(e.path());
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        std::error_code e1, e2;
        return std::filesystem::last_write_time(a, e1) > std::filesystem::last_write_time(b, e2);
    });
    return found;
}

std::optional<std::filesystem::path> recoverableAutosaveFor(const std::filesystem::path& file) {
    const auto autosave = file.parent_path() / pathFromUtf8("." + utf8(file.filename()) + ".autosave");
    std::error_code e1, e2;
    if (!std::filesystem::exists(autosave, e1)) {
        return std::nullopt;
    }
    if (std::filesystem::exists(file, e2) &&
        std::filesystem::last_write_time(autosave, e1) <= std::filesystem::last_write_time(file, e2)) {
        return std::nullopt;
    }
    return autosave;
}

} // namespace sandtable
