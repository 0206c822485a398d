#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

// The text says players "will need" set-up notes; a scenario without them can still be set up
// from its deployment on the map, so the default is a warning (the events table and objectives,
// which the game cannot run without, are errors).
class SetupNotes final : public RuleBase {
  public:
    SetupNotes()
        : RuleBase({"scenario.setup-notes",
                    "Set-up notes for the players",
                    "good-old-rebel-v1.txt, Scenario instructions: \"Players will need a map and an order of "
                    "battle with set-up notes and reinforcement schedules\"",
                    Severity::Warning,
                    Granularity::Whole,
                    InfoChanged,
                    0,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        const std::string& notes = ctx.scenario().info.setupNotes;
        if (notes.find_first_not_of(" \t\r\n") == std::string::npos) {
            out.add({}, {},
                    "the scenario has no set-up notes; say where each side starts and what arrives when");
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeSetupNotes() {
    return std::make_unique<SetupNotes>();
}

} // namespace sandtable::rules
