#pragma once
// What a scenario's ruleset needs in play, as File > Export and `sandtable export` hand it to the
// play kit's exports: loaded from the scenario's folder, checked against the rules.
#include "formats/ruleset_xml.hpp"
#include "model/scenario.hpp"
#include "validators/play_setup.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace sandtable::testing_support {

inline PlaySetup playSetupOfScenario(const Scenario& s, const std::filesystem::path& folder) {
    auto ruleset = loadRuleset(s.info.ruleset, folder);
    EXPECT_TRUE(ruleset) << ruleset.error().toString();
    if (!ruleset) {
        return {};
    }
    auto resolved = resolveRuleset(*ruleset);
    EXPECT_TRUE(resolved) << resolved.error();
    return resolved ? playSetupOf(*resolved) : PlaySetup{};
}

} // namespace sandtable::testing_support
