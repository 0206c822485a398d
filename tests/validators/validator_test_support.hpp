#pragma once
// Shared by the validator tests: load a scenario and a built-in ruleset, run, and list findings.
#include "formats/ruleset_xml.hpp"
#include "formats/scenario_xml.hpp"
#include "validators/validator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace sandtable {
inline void PrintTo(const Violation& v, std::ostream* os) {
    *os << v.rule << " [" << v.cells.size() << " cells, " << v.pieces.size() << " pieces] " << v.message;
}
} // namespace sandtable

namespace sandtable::testing_support {

// The findings in one report and not the other, for readable failures.
inline std::string difference(const Report& got, const Report& want) {
    std::string out;
    for (const Violation& v : got.violations) {
        if (std::find(want.violations.begin(), want.violations.end(), v) == want.violations.end()) {
            out += "  extra:   " + v.rule + ": " + v.message + "\n";
        }
    }
    for (const Violation& v : want.violations) {
        if (std::find(got.violations.begin(), got.violations.end(), v) == got.violations.end()) {
            out += "  missing: " + v.rule + ": " + v.message + "\n";
        }
    }
    return out;
}

inline ResolvedRuleset builtin(const std::string& name) {
    auto ruleset = loadRuleset(name);
    EXPECT_TRUE(ruleset) << (ruleset ? "" : ruleset.error().toString());
    auto resolved = resolveRuleset(*ruleset);
    EXPECT_TRUE(resolved) << (resolved ? "" : resolved.error());
    return *resolved;
}

// "CELLS | PIECES" per finding.
inline std::string findingLine(const Scenario& s, const Violation& v) {
    std::string cells, pieces;
    for (Offset c : v.cells) {
        cells += (cells.empty() ? "" : " ") + s.map.grid.label(c);
    }
    std::vector<std::string> refs;
    for (PieceRef p : v.pieces) {
        refs.push_back(std::string(enumName(p.kind)) + ":" + std::to_string(p.id));
    }
    std::sort(refs.begin(), refs.end());
    for (const auto& r : refs) {
        pieces += (pieces.empty() ? "" : " ") + r;
    }
    return (cells.empty() ? "-" : cells) + " | " + (pieces.empty() ? "-" : pieces);
}

// "CELLS | PIECES | MESSAGE" per finding of one rule, as in tests/data/rules/*.expected.
inline std::multiset<std::string> findingsWithMessagesOf(const Scenario& s, const Report& report,
                                                         std::string_view rule) {
    std::multiset<std::string> out;
    for (const Violation& v : report.violations) {
        if (v.rule == rule) {
            out.insert(findingLine(s, v) + " | " + v.message);
        }
    }
    return out;
}

inline std::multiset<std::string> findingsOf(const Scenario& s, const Report& report, std::string_view rule) {
    std::multiset<std::string> out;
    for (const Violation& v : report.violations) {
        if (v.rule == rule) {
            out.insert(findingLine(s, v));
        }
    }
    return out;
}

} // namespace sandtable::testing_support
