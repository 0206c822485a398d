#pragma once
// Validator runs a resolved ruleset over a scenario and keeps the findings up to date edit by
// edit: after a change it re-checks only the rules, cells and pieces the change can affect, and
// the result equals a full run. No wx anywhere: the editor, the CLI and the tests share it.
#include "context.hpp"
#include "registry.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sandtable {

// The key of the finding that an exclusion no longer matches anything (not a rule of the registry:
// it is about the scenario's exclusions, and every ruleset reports it).
inline constexpr std::string_view staleExclusionKey = "exclusion.stale";

struct Report {
    std::vector<Violation> violations; // sorted: by cell, rule, message
    std::array<int, 3> counts{};       // not excluded, by Severity
    int excluded = 0;

    int errors() const { return counts[static_cast<std::size_t>(Severity::Error)]; }
    int warnings() const { return counts[static_cast<std::size_t>(Severity::Warning)]; }
    int infos() const { return counts[static_cast<std::size_t>(Severity::Info)]; }
};

class Validator {
  public:
    Validator(const Scenario& scenario, ResolvedRuleset rules);

    // Every rule over the whole scenario (on several threads when it is big: parallelFrom units and
    // placed pieces or more).
    void runAll();
    static constexpr std::size_t parallelFrom = ValidationContext::parallelFrom;
    // The scenario has changed as `changes` says; bring the findings up to date.
    void recheck(const ChangeSet& changes);
    Report report() const;
    // Counts the changes of the findings: report() need not be read again while it stays the same
    // (painting ground where no rule finds anything new, say).
    std::uint64_t findingsRevision() const { return findingsRevision_; }
    const ResolvedRuleset& rules() const { return rules_; }
    // The indices the rules read (who stands where), kept up to date edit by edit.
    const ValidationContext& context() const { return context_; }

  private:
    void runRule(std::size_t i, const Scope& scope, std::vector<Violation>& out) const;

    const Scenario& scenario_;
    ResolvedRuleset rules_;
    ValidationContext context_;
    std::vector<std::vector<Violation>> findings_; // per active rule
    std::uint64_t findingsRevision_ = 0;
    std::vector<std::chrono::steady_clock::duration> lastCost_; // per active rule, in the last full run
};

} // namespace sandtable
