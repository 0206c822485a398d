#include "rule_base.hpp"

#include <algorithm>

namespace sandtable::rules {
namespace {

class EventsTable final : public RuleBase {
  public:
    EventsTable()
        : RuleBase({"scenario.events-table",
                    "A complete 2D6 events table",
                    "good-old-rebel-v1.txt, Events: \"At the start of every game turn, one of the players "
                    "rolls two dice (D6), "
                    "adds the score and checks the result on the events table\"",
                    Severity::Error,
                    Granularity::Whole,
                    InfoChanged,
                    0,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        if (std::ranges::all_of(ctx.scenario().events, [](const auto& e) { return e.second.empty(); })) {
            // One finding for the table, not eleven for its rolls.
            out.add({}, {},
                    "the scenario has no events table; write one entry for each 2D6 result from 2 to 12 "
                    "(\"No event\" is fine)");
            return;
        }
        std::string missing;
        for (int roll = 2; roll <= 12; ++roll) {
            auto it = ctx.scenario().events.find(roll);
            if (it == ctx.scenario().events.end() || it->second.empty()) {
                missing += (missing.empty() ? "" : ", ") + std::to_string(roll);
            }
        }
        if (!missing.empty()) {
            out.add({}, {},
                    "the events table has no entry for " + missing +
                        "; every result from 2 to 12 needs one (\"No event\" is fine)");
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeEventsTable() {
    return std::make_unique<EventsTable>();
}

} // namespace sandtable::rules
