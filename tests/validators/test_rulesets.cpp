// Rulesets are data: built-in files, and house-rules files that extend them.
#include "tests/temporary_folder.hpp"
#include "validator_test_support.hpp"
#include "validators/vocabulary.hpp"

#include <fstream>
#include <unistd.h>

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
    EXPECT_EQ(badParam.error(), (rulesDir / "house-bad-param.xml").string() +
                                    ":3: parameter 'infantry' of rule 'stacking.stands-by-arm' must be a "
                                    "whole number from 0 to 1,000,000, "
                                    "not 'many'");
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
    EXPECT_EQ(cycle.error().toString(),
              (rulesDir / "house-cycle.xml").string() + ":2: 'extends' makes a cycle: " +
                  (rulesDir / "house-cycle.xml").string() + " -> " + (rulesDir / "house-cycle.xml").string());
    auto badXml =
        parseRuleset("<ruleset name=\"x\"><rule key=\"a\" severity=\"fatal\"/></ruleset>", "inline.xml");
    ASSERT_FALSE(badXml);
    EXPECT_EQ(badXml.error().toString(),
              "inline.xml:1:19: severity 'fatal' of rule 'a' is unknown; expected info, warning or error");
}

// Two house-rules files that extend each other through different spellings of the same paths.
TEST(Rulesets, AnExtendsCycleIsFoundWhateverThePathsSpellingAndNamesTheLine) {
    namespace fs = std::filesystem;
    const testing_support::TemporaryFolder folder("cycle");
    const fs::path& dir = folder.path();
    fs::create_directories(dir / "sub");
    auto write = [](const fs::path& p, const std::string& text) { std::ofstream(p) << text; };
    write(dir / "a.xml", "<?xml version=\"1.0\"?>\n<ruleset name=\"a\" extends=\"sub/../sub/b.xml\"/>\n");
    write(dir / "sub" / "b.xml", "<?xml version=\"1.0\"?>\n\n<ruleset name=\"b\" extends=\"./../a.xml\"/>\n");
    auto cycle = loadRuleset((dir / "a.xml").string());
    ASSERT_FALSE(cycle);
    EXPECT_EQ(cycle.error().toString(), (dir / "sub/../sub/b.xml").string() +
                                            ":3: 'extends' makes a cycle: " + (dir / "a.xml").string() +
                                            " -> " + (dir / "sub/../sub/b.xml").string() + " -> " +
                                            (dir / "sub/../sub/./../a.xml").string());
    write(dir / "c.xml", "<?xml version=\"1.0\"?>\n<ruleset name=\"c\" extends=\"missing.xml\"/>\n");
    auto missing = loadRuleset((dir / "c.xml").string());
    ASSERT_FALSE(missing);
    EXPECT_EQ(
        missing.error().toString(),
        (dir / "c.xml").string() +
            ":2: extends 'missing.xml', but no built-in ruleset is called 'missing.xml' (built-in: acw-area, "
            "good-old-rebel, hexed-general, kallistra-hex) and the file " +
            (dir / "missing.xml").string() + " cannot open: No such file or directory");
}

TEST(Rulesets, ParametersOutsideTheirRangeAreRefused) {
    auto refused = [](const std::string& rule, const std::string& param, const std::string& value) {
        auto parsed =
            parseRuleset("<ruleset name=\"x\" extends=\"good-old-rebel\">\n<rule key=\"" + rule +
                             "\"><param name=\"" + param + "\" value=\"" + value + "\"/></rule>\n</ruleset>",
                         "x.xml");
        EXPECT_TRUE(parsed) << parsed.error().toString();
        Ruleset r;
        r.name = "x";
        r.rules = parsed->ruleset.rules;
        auto resolved = resolveRuleset(r);
        return resolved ? std::string("accepted") : resolved.error();
    };
    EXPECT_EQ(
        refused("command.unit-within-radius", "radius-inches", "1e300"),
        "x.xml:2: parameter 'radius-inches' of rule 'command.unit-within-radius' must be a number from 0 to "
        "1,000, not '1e300'");
    EXPECT_EQ(
        refused("command.unit-within-radius", "radius-inches", "nan"),
        "x.xml:2: parameter 'radius-inches' of rule 'command.unit-within-radius' must be a number from 0 to "
        "1,000, not 'nan'");
    EXPECT_EQ(refused("arming.impossible-weapon", "first-year", "-2147483648"),
              "x.xml:2: parameter 'first-year' of rule 'arming.impossible-weapon' must be a whole number "
              "from 1,800 to 1,899, "
              "not '-2147483648'");
    EXPECT_EQ(
        refused("stacking.stands-per-cell", "max-stands", "-1"),
        "x.xml:2: parameter 'max-stands' of rule 'stacking.stands-per-cell' must be a whole number from 0 to "
        "1,000,000, not '-1'");
    EXPECT_EQ(refused("stacking.stands-per-cell", "max-stands", "12"), "accepted");
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST(Rulesets, TheUnitVocabularyComesFromTheRulesetsSettings) {
    using testing_support::builtin;
    const UnitVocabulary rebel = unitVocabulary(builtin("good-old-rebel"));
    EXPECT_EQ(rebel.qualities, (std::vector{Quality::Raw, Quality::Seasoned, Quality::Veteran}));
    EXPECT_EQ(rebel.stands.at(Arm::Infantry), 2);
    EXPECT_EQ(rebel.stands.at(Arm::Artillery), 4);
    EXPECT_EQ(rebel.allowedWeapons(Arm::Cavalry),
              (std::vector{Weapon::RifledCarbine, Weapon::SmoothboreCarbine, Weapon::BreechLoader}))
        << "cavalry use carbines";
    EXPECT_EQ(rebel.allowedWeapons(Arm::Infantry),
              (std::vector{Weapon::SmoothboreMusket, Weapon::RifleMusket, Weapon::BreechLoader}));
    EXPECT_EQ(rebel.weapon(Arm::Cavalry, Weapon::RifleMusket), Weapon::RifledCarbine);
    EXPECT_EQ(rebel.facing, std::nullopt) << "measured in inches: no facing rule";
    EXPECT_EQ(unitVocabulary(builtin("acw-area")).facing, FacingKind::Side);
    const UnitVocabulary kallistra = unitVocabulary(builtin("kallistra-hex"));
    EXPECT_EQ(kallistra.weapons,
              (std::vector{Weapon::SmoothboreMusket, Weapon::RifleMusket, Weapon::SharpshooterRifle,
                           Weapon::RifledCarbine, Weapon::SmoothboreCarbine}));
    EXPECT_EQ(kallistra.guns, (std::vector{Gun::FieldGun6lb, Gun::Napoleon12lb, Gun::Rifle3in}));
    const UnitVocabulary hexed = unitVocabulary(builtin("hexed-general"));
    EXPECT_TRUE(hexed.qualities.empty());
    EXPECT_EQ(hexed.allowedWeapons().size(), EnumNames<Weapon>::names.size());
    EXPECT_EQ(hexed.allowedWeapons(Arm::Cavalry).size(), EnumNames<Weapon>::names.size());
    EXPECT_EQ(hexed.facing, FacingKind::Corner);
}

} // namespace
} // namespace sandtable

namespace sandtable {
namespace {

TEST(Rulesets, TheUsualScaleIsDataAndHouseRulesCanChangeIt) {
    auto hexed = loadRuleset("hexed-general");
    ASSERT_TRUE(hexed) << hexed.error().toString();
    ASSERT_TRUE(hexed->scale);
    EXPECT_EQ(hexed->scale->yardsPerCell, 400);
    auto rebel = loadRuleset("good-old-rebel");
    ASSERT_TRUE(rebel && rebel->scale);
    EXPECT_EQ(rebel->scale->inches, 15);
    EXPECT_EQ(rebel->scale->yards, 500);
    EXPECT_EQ(rebel->scale->cellInches, 4);
    auto kallistra = loadRuleset("kallistra-hex");
    ASSERT_TRUE(kallistra);
    EXPECT_FALSE(kallistra->scale) << "Kallistra's draft states no scale";

    auto parse = [](std::string_view xml) { return parseRuleset(xml, "house.xml"); };
    auto house = parse("<ruleset name=\"h\" extends=\"good-old-rebel\">\n<scale inches=\"12\" yards=\"400\" "
                       "cell-inches=\"3\"/>\n</ruleset>");
    ASSERT_TRUE(house) << house.error().toString();
    EXPECT_EQ(house->ruleset.scale->cellInches, 3);
    EXPECT_EQ(
        parse("<ruleset name=\"h\">\n<scale yards-per-cell=\"0\"/>\n</ruleset>").error().toString(),
        "house.xml:2:1: attribute 'yards-per-cell' of <scale> must be a number from 1 to 100,000, not '0'");
    EXPECT_EQ(parse("<ruleset name=\"h\">\n<scale yards-per-cell=\"400\" inches=\"15\"/>\n</ruleset>")
                  .error()
                  .toString(),
              "house.xml:2:1: <scale> gives yards-per-cell, or inches, yards and cell-inches, not both");
    EXPECT_EQ(
        parse("<ruleset name=\"h\">\n<scale inches=\"15\" yards=\"500\" cell-inches=\"nan\"/>\n</ruleset>")
            .error()
            .toString(),
        "house.xml:2:1: attribute 'cell-inches' of <scale> must be a number from 0.01 to 1,000, not 'nan'");
}

} // namespace
} // namespace sandtable
