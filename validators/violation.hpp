#pragma once
// One finding of the validator: which rule, how severe, what is wrong, where and who.
#include "model/deployment.hpp"
#include "model/ruleset.hpp"

#include <string>
#include <vector>

namespace sandtable {

struct Violation {
    std::string rule; // stable dotted key, as in docs/rules.md
    Severity severity = Severity::Error;
    std::string message;
    std::vector<Offset> cells;    // where; the first is the cell checked for per-cell rules
    std::vector<PieceRef> pieces; // who; the first is the piece checked for per-piece rules
    bool excluded = false;        // the designer accepted it (an <exclusion> in the scenario)
    std::string exclusionComment;

    auto operator<=>(const Violation&) const = default;
};

} // namespace sandtable
