// Nothing a user can do leaves a scenario that will not save or reopen exactly: after every edit
// of a random sequence (the model's edits, Map > Resize, CSV imports, panel entries checked as the
// panels check them) the scenario saves, reloads equal, and undoing everything restores the start.
#include "../model/random_edits.hpp"
#include "formats/oob_csv.hpp"
#include "formats/scenario_xml.hpp"
#include "model/commands/undo_stack.hpp"
#include "model/limits.hpp"

#include <gtest/gtest.h>

namespace sandtable {
namespace {

// A CSV import of a few rows, some with values the import must refuse.
CommandPtr randomImport(const Scenario& s, std::mt19937_64& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const char* stands[] = {"1", "4", "100", "1000", "0", "-3", "99999999999", ""};
    const char* rosters[] = {"", "7", "1000000", "5000000"};
    const char* names[] = {"\"Battery B, 4th US\"", "1st Minnesota", "\"The \"\"Iron\"\" Brigade\"",
                           "\"two\nlines\""};
    std::string csv = "side,army,corps,unit,stands,roster\n";
    for (int i = pick(1, 3); i > 0; --i) {
        csv += std::string(pick(0, 1) ? "union" : "confederate") + ",Army " + std::to_string(pick(1, 2)) +
               ",Corps " + std::to_string(pick(1, 3)) + "," + names[pick(0, 3)] + "," + stands[pick(0, 7)] +
               "," + rosters[pick(0, 3)] + "\n";
    }
    auto imported = readOrderOfBattleCsv(csv, "random.csv", s.oob);
    return imported ? importCommand(s, *imported) : nullptr;
}

// A value typed into the scenario panel: applied only when the panels' check accepts it.
CommandPtr randomPanelEntry(const Scenario& s, std::mt19937_64& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    ScenarioInfo info = s.info;
    const char* dates[] = {"1862-09-17", "Aug 9th 1862", "1863-02-29", "1864-02-29", ""};
    const char* texts[] = {"Hold the ridge.\r\nThen the town.", "  ", "A <b>bold</b> & \"quoted\" note", "",
                           "Ctrl\x01char"};
    switch (pick(0, 4)) {
    case 0:
        info.date = dates[pick(0, 4)];
        break;
    case 1:
        info.turns = pick(-5, 1200);
        break;
    case 2:
        info.setupNotes = texts[pick(0, 4)];
        break;
    case 3:
        info.sideNames[pick(0, 1)] = pick(0, 1) ? "Army of the Cumberland" : "";
        break;
    default:
        info.title = pick(0, 1) ? "Chickamauga" : "Line one\nline two";
    }
    if (limits::checkInfo(info)) {
        return nullptr; // refused at entry, as the panel refuses it
    }
    return edits::setInfo(s, info);
}

TEST(EveryEdit, LeavesAScenarioThatSavesAndReloadsEqual) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Scenario s = testing_edits::smallScenario(seed);
        const Scenario original = s;
        UndoStack stack(s);
        std::mt19937_64 rng(seed * 104729);
        for (int i = 0; i < 50; ++i) {
            const int what = std::uniform_int_distribution<int>(0, 9)(rng);
            CommandPtr edit = what == 0   ? randomImport(s, rng)
                              : what == 1 ? randomPanelEntry(s, rng)
                                          : testing_edits::randomEdit(s, rng);
            if (!edit) {
                continue;
            }
            stack.push(std::move(edit));
            const std::string saved = writeScenarioToString(s);
            auto back = readScenarioFromString(saved, "edited.xml");
            ASSERT_TRUE(back) << "seed " << seed << ", edit " << i << ": " << back.error().toString();
            ASSERT_EQ(*back, s) << "seed " << seed << ", edit " << i;
            ASSERT_EQ(writeScenarioToString(*back), saved) << "seed " << seed << ", edit " << i;
        }
        while (stack.canUndo()) {
            stack.undo();
        }
        EXPECT_EQ(s, original) << "seed " << seed;
    }
}

} // namespace
} // namespace sandtable
