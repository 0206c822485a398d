// Rulesets are data: built-in files, and house-rules files that extend them.
#include "validator_test_support.hpp"

namespace sandtable {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

const fs::path rulesDir = fs::path(SANDTABLE_TEST_DATA) / "rules";

TEST(Rulesets, TheFourBuiltInRulesetsLoadAndResolve) {
    EXPECT_EQ(builtinRulesetNames(),
              (std::vector<std::string>{"acw-area", "good-old-rebel", "hexed-general", "kallistra-hex"}));
    for (const auto& name : builtinRulesetNames()) {
        const ResolvedRuleset r = builtin(name);
        EXPECT_EQ(r.name, name);
        EXPECT_GE(r.rules.size(), 8u) << name;
    }
}

TEST(Rulesets, AHouseRulesFileExtendsABuiltInOne) {
    auto ruleset = loadRuleset((rulesDir / "house-kallistra.xml").string());
    ASSERT_TRUE(ruleset) << ruleset.error().toString();
    auto resolved = resolveRuleset(*ruleset);
    ASSERT_TRUE(resolved) << resolved.error();
    EXPECT_EQ(resolved->name, "house-kallistra");
    auto find = [&](std::string_view key) {
        return std::ranges::find_if(resolved->rules,
                                    [&](const ActiveRule& a) { return a.rule->info().key == key; });
    };
    // Changed parameter, kept the others.
    auto stacking = find("stacking.stands-by-arm");
    ASSERT_NE(stacking, resolved->rules.end());
    EXPECT_EQ(stacking->params.integer("infantry"), 8);
    EXPECT_EQ(stacking->params.integer("cavalry"), 4);
    // Disabled.
    EXPECT_EQ(find("stacking.skirmishers"), resolved->rules.end());
    // Severity raised.
    EXPECT_EQ(find("command.unit-within-radius")->severity, Severity::Error);
    // Added from another ruleset.
    EXPECT_NE(find("scenario.events-table"), resolved->rules.end());

    // And it changes the findings: 7 infantry stands now pass.
    auto s = readScenario(rulesDir / "kallistra-hex.stacking.stands-by-arm.xml");
    ASSERT_TRUE(s);
    const Validator house(*s, *resolved);
    EXPECT_EQ(findingsOf(*s, house.report(), "stacking.stands-by-arm"),
              (std::multiset<std::string>{"0704 | unit:5 unit:7"}));
}

TEST(Rulesets, ErrorsNameTheFileAndLine) {
    auto unknownRule = resolveRuleset(*loadRuleset((rulesDir / "house-unknown-rule.xml").string()));
    ASSERT_FALSE(unknownRule);
    EXPECT_EQ(unknownRule.error(),
              (rulesDir / "house-unknown-rule.xml").string() +
                  ":3: unknown rule 'stacking.max-everything'; `sandtable rulesets` lists the rules");
    auto badParam = resolveRuleset(*loadRuleset((rulesDir / "house-bad-param.xml").string()));
    ASSERT_FALSE(badParam);
    EXPECT_EQ(
        badParam.error(),
        (rulesDir / "house-bad-param.xml").string() +
            ":3: parameter 'infantry' of rule 'stacking.stands-by-arm' must be a whole number, not 'many'");
    auto unknownParam = resolveRuleset(*loadRuleset((rulesDir / "house-unknown-param.xml").string()));
    ASSERT_FALSE(unknownParam);
    EXPECT_NE(unknownParam.error().find(
                  ":4: rule 'stacking.skirmishers' has no parameter 'max'; its parameters are max-stands"),
              std::string::npos)
        << unknownParam.error();
    auto missing = loadRuleset("no-such-ruleset");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().toString().find("no built-in ruleset is called 'no-such-ruleset' (built-in: "
                                              "acw-area, good-old-rebel, hexed-general, kallistra-hex)"),
              std::string::npos)
        << missing.error().toString();
    auto cycle = loadRuleset((rulesDir / "house-cycle.xml").string());
    ASSERT_FALSE(cycle);
    EXPECT_NE(cycle.error().message.find("extends itself"), std::string::npos) << cycle.error().toString();
    auto badXml =
        parseRuleset("<ruleset name=\"x\"><rule key=\"a\" severity=\"fatal\"/></ruleset>", "inline.xml");
    ASSERT_FALSE(badXml);
    EXPECT_EQ(badXml.error().toString(),
              "inline.xml:1:19: severity 'fatal' of rule 'a' is unknown; expected info, warning or error");
}

} // namespace
} // namespace sandtable
