#pragma once
// Rule is one check of one ruleset passage, behind a tiny interface (after KiCad's DRC test
// providers). Rules are registered in one explicit list (registry.cpp); rulesets say which apply.
#include "context.hpp"
#include "rule_params.hpp"
#include "violation.hpp"

#include <concepts>
#include <span>
#include <string_view>
#include <vector>

namespace sandtable {

// How a rule's findings can be re-checked after an edit.
enum class Granularity : std::uint8_t {
    Whole,    // re-run entirely when anything it depends on changes
    PerCell,  // findings belong to one cell (the first listed); re-check only changed cells
    PerPiece, // findings belong to one piece (the first listed); re-check only changed pieces
};

// What a rule reads is said with ChangeKind bits (model/commands/command.hpp): an edit of
// anything else cannot change its findings.
struct RuleInfo {
    std::string_view key;
    std::string_view title;
    std::string_view source; // seed file and passage
    Severity defaultSeverity;
    Granularity granularity;
    std::uint8_t depends; // ChangeKind bits the findings depend on
    std::uint8_t local;   // of those, the ones a per-cell/per-piece re-check handles; others re-run the rule
    std::vector<ParamSpec> params;
};

// The cells or pieces to check; `all` for a full run (the rule then decides what "all" means,
// usually the occupied cells or the placed pieces, never every cell of a huge map).
struct Scope {
    bool all = true;
    std::span<const Offset> cells;
    std::span<const PieceRef> pieces;
};

class Findings {
  public:
    Findings(std::string_view key, Severity severity, std::vector<Violation>& out)
        : key_(key), severity_(severity), out_(out) {}
    void add(std::vector<Offset> cells, std::vector<PieceRef> pieces, std::string message) {
        out_.push_back(Violation{std::string(key_),
                                 severity_,
                                 std::move(message),
                                 std::move(cells),
                                 std::move(pieces),
                                 false,
                                 {}});
    }
    // A placement's cells (a template, so that a braced list of cells still means the vector).
    template <std::same_as<PlacedCells> Cells>
    void add(const Cells& cells, std::vector<PieceRef> pieces, std::string message) {
        add(std::vector<Offset>(cells.begin(), cells.end()), std::move(pieces), std::move(message));
    }

  private:
    std::string_view key_;
    Severity severity_;
    std::vector<Violation>& out_;
};

class Rule {
  public:
    virtual ~Rule() = default;
    virtual const RuleInfo& info() const = 0;
    virtual void check(const ValidationContext& ctx, const RuleParams& params, const Scope& scope,
                       Findings& out) const = 0;
};

} // namespace sandtable
