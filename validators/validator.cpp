#include "validator.hpp"

#include "model/thread_beside.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <iterator>
#include <numeric>
#include <ranges>
#include <set>
#include <thread>
#include <unordered_set>
#include <utility>

namespace sandtable {
namespace {

bool sameSet(std::vector<Offset> a, std::vector<Offset> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

bool sameSet(std::vector<PieceRef> a, std::vector<PieceRef> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

const Exclusion* matchingExclusion(const Scenario& s, const Violation& v) {
    for (const Exclusion& e : s.exclusions) {
        if (e.rule == v.rule && (e.cells.empty() || sameSet(e.cells, v.cells)) &&
            (e.pieces.empty() || sameSet(e.pieces, v.pieces))) {
            return &e;
        }
    }
    return nullptr;
}

// An exclusion of a rule this ruleset runs that accepts no finding any more: the historical
// exception it recorded has been fixed away (KiCad reports such exclusions too).
Violation staleExclusion(const Exclusion& e) {
    Violation v;
    v.rule = std::string(staleExclusionKey);
    v.severity = Severity::Warning;
    v.cells = e.cells;
    v.pieces = e.pieces;
    v.message = "the exclusion of " + e.rule + (e.comment.empty() ? "" : " (\"" + e.comment + "\")") +
                " matches no finding any more; what it accepted is gone, so remove the exclusion";
    return v;
}

// Takes out of `found` the findings `pred` selects, and returns them.
template <typename Pred> std::vector<Violation> extractFindings(std::vector<Violation>& found, Pred pred) {
    const auto kept = std::ranges::stable_partition(found, [&](const Violation& v) { return !pred(v); });
    std::vector<Violation> taken(std::make_move_iterator(kept.begin()), std::make_move_iterator(kept.end()));
    found.erase(kept.begin(), kept.end());
    return taken;
}

} // namespace

Validator::Validator(const Scenario& scenario, ResolvedRuleset rules)
    : scenario_(scenario), rules_(std::move(rules)), context_(scenario), findings_(rules_.rules.size()) {
    runAll();
}

void Validator::runRule(std::size_t i, const Scope& scope, std::vector<Violation>& out) const {
    const ActiveRule& active = rules_.rules[i];
    Findings sink(active.rule->info().key, active.severity, out);
    active.rule->check(context_, active.params, scope, sink);
}

void Validator::runAll() {
    ++findingsRevision_;
    const ValidationContext::FullRun fullRun(context_); // rebuilds the indices first
    for (auto& found : findings_) {
        found.clear();
    }
    // The rules only read the scenario and the context and each writes its own findings, so on a
    // big battle they run side by side, each thread taking the next rule not yet taken. A small
    // one is checked faster than threads start.
    const std::size_t pieces = scenario_.oob.units.size() + scenario_.deployment.placements.size();
    const std::size_t threads = pieces < parallelFrom
                                    ? 1
                                    : std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1,
                                                              std::max<std::size_t>(1, rules_.rules.size()));
    // The costliest rules of the last run first, so that no thread is left with a long one at the end.
    std::vector<std::size_t> order(rules_.rules.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    lastCost_.resize(rules_.rules.size());
    std::ranges::stable_sort(order, std::greater<>{}, [&](std::size_t i) { return lastCost_[i]; });
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        try {
            for (std::size_t k = next++; k < order.size(); k = next++) {
                const std::size_t i = order[k];
                const auto start = std::chrono::steady_clock::now();
                runRule(i, Scope{}, findings_[i]);
                lastCost_[i] = std::chrono::steady_clock::now() - start;
            }
        } catch (...) {
            next = rules_.rules.size(); // the others stop too
            throw;
        }
    };
    std::vector<ThreadBeside> helpers;
    for (std::size_t t = 1; t < threads; ++t) {
        helpers.emplace_back(work);
    }
    work();
    for (ThreadBeside& helper : helpers) {
        helper.join(); // a rule's failure on a helper is thrown here
    }
}

void Validator::recheck(const ChangeSet& changes) {
    context_.update(changes);
    if (changes.everything) {
        runAll();
        return;
    }
    // Cells to look at again: those the edit names, and where changed pieces stand now.
    std::vector<Offset> cells = changes.cells;
    std::vector<PieceRef> pieces = changes.pieces;
    for (PieceRef p : changes.pieces) {
        if (const Placement* pl = context_.placement(p)) {
            cells.insert(cells.end(), pl->cells.begin(), pl->cells.end());
        }
        // Units and subordinate commanders are judged by where their commanders stand: a
        // commander's change reaches everything under him.
        if (p.kind == PieceKind::Commander) {
            std::vector<HeadquartersId> pending{HeadquartersId{p.id}};
            for (std::size_t guard = 0; !pending.empty() && guard <= scenario_.oob.headquarters.size();
                 ++guard) {
                const HeadquartersId hq = pending.back();
                pending.pop_back();
                for (UnitId u : context_.unitsUnder(hq)) {
                    pieces.push_back(PieceRef::unit(u));
                }
                for (HeadquartersId child : context_.childrenOf(hq)) {
                    pieces.push_back(PieceRef::commander(child));
                    pending.push_back(child);
                }
            }
        }
    }
    // Pieces standing in changed cells (terrain painted under them).
    for (Offset c : changes.cells) {
        for (PieceRef p : context_.piecesAt(c)) {
            pieces.push_back(p);
        }
    }
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    std::sort(pieces.begin(), pieces.end());
    pieces.erase(std::unique(pieces.begin(), pieces.end()), pieces.end());

    for (std::size_t i = 0; i < rules_.rules.size(); ++i) {
        const RuleInfo& info = rules_.rules[i].rule->info();
        if ((info.depends & changes.kinds) == 0) {
            continue;
        }
        auto& found = findings_[i];
        // A change the rule cannot follow cell by cell (terrain between a unit and its
        // commander, say) re-runs it whole.
        const bool whole =
            info.granularity == Granularity::Whole || (changes.kinds & info.depends & ~info.local) != 0;
        // What the rule found before in the part it looks at again, and where the new findings of
        // that part begin (they are appended), to tell whether anything changed.
        std::vector<Violation> before;
        std::size_t firstNew = 0;
        switch (whole ? Granularity::Whole : info.granularity) {
        case Granularity::Whole:
            before = std::exchange(found, {});
            runRule(i, Scope{}, found);
            break;
        case Granularity::PerCell:
            before = extractFindings(found, [&](const Violation& v) {
                return std::binary_search(cells.begin(), cells.end(), v.cells.front());
            });
            firstNew = found.size();
            runRule(i, Scope{false, cells, {}}, found);
            break;
        case Granularity::PerPiece:
            before = extractFindings(found, [&](const Violation& v) {
                return std::binary_search(pieces.begin(), pieces.end(), v.pieces.front());
            });
            firstNew = found.size();
            runRule(i, Scope{false, {}, pieces}, found);
            break;
        }
        // A rule finds in a fixed order, so the same findings come back in the same order; were
        // they ever in another, the report would only be rebuilt once more than needed.
        if (!std::ranges::equal(
                before,
                std::ranges::subrange(found.begin() + static_cast<std::ptrdiff_t>(firstNew), found.end()))) {
            ++findingsRevision_;
        }
    }
    if ((changes.kinds & InfoChanged) != 0) {
        ++findingsRevision_; // the exclusions the report applies may have changed
    }
}

Report Validator::report() const {
    Report r;
    for (const auto& found : findings_) {
        r.violations.insert(r.violations.end(), found.begin(), found.end());
    }
    std::set<const Exclusion*> used;
    for (Violation& v : r.violations) {
        if (const Exclusion* e = matchingExclusion(scenario_, v)) {
            v.excluded = true;
            v.exclusionComment = e->comment;
            used.insert(e);
            ++r.excluded;
        } else {
            ++r.counts[static_cast<std::size_t>(v.severity)];
        }
    }
    for (const Exclusion& e : scenario_.exclusions) {
        const bool ruleRuns = std::ranges::any_of(
            rules_.rules, [&](const ActiveRule& a) { return a.rule->info().key == e.rule; });
        if (ruleRuns && !used.contains(&e)) {
            r.violations.push_back(staleExclusion(e));
            ++r.counts[static_cast<std::size_t>(Severity::Warning)];
        }
    }
    std::sort(r.violations.begin(), r.violations.end(), [](const Violation& a, const Violation& b) {
        const auto keyA = std::tie(a.cells, a.rule, a.message, a.pieces);
        const auto keyB = std::tie(b.cells, b.rule, b.message, b.pieces);
        return keyA < keyB;
    });
    return r;
}

} // namespace sandtable
