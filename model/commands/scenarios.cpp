#include "scenarios.hpp"

#include "model/battle.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <functional>

namespace sandtable::edits {
namespace {

// Rearranges the list of starts: `forward` from the state before to the state after, `backward` the
// other way, each also saying which scenario is current afterwards.
class RearrangeScenarios final : public Command {
  public:
    using Step = std::function<std::size_t(std::vector<ScenarioStart>&)>;
    RearrangeScenarios(std::string text, Step forward, Step backward)
        : text_(std::move(text)), forward_(std::move(forward)), backward_(std::move(backward)) {}
    void apply(Scenario& s) const override { run(s, forward_); }
    void revert(Scenario& s) const override { run(s, backward_); }
    std::string text() const override { return text_; }
    ChangeSet changes() const override { return ChangeSet::all(); }

  private:
    static void run(Scenario& s, const Step& step) {
        std::vector<ScenarioStart> starts = takeStarts(s);
        const std::size_t current = step(starts);
        putStarts(s, std::move(starts), current);
    }
    std::string text_;
    Step forward_;
    Step backward_;
};

} // namespace

CommandPtr addScenario(const Scenario& s, std::size_t at, ScenarioStart start, std::string text) {
    at = std::min(at, scenarioCount(s));
    const std::size_t wasCurrent = s.current;
    return std::make_unique<RearrangeScenarios>(
        std::move(text),
        [at, start = std::move(start)](std::vector<ScenarioStart>& starts) {
            starts.insert(starts.begin() + static_cast<std::ptrdiff_t>(at), start);
            return at;
        },
        [at, wasCurrent](std::vector<ScenarioStart>& starts) {
            starts.erase(starts.begin() + static_cast<std::ptrdiff_t>(at));
            return wasCurrent;
        });
}

CommandPtr duplicateScenario(const Scenario& s, std::string title) {
    ScenarioStart copy = scenarioStart(s, s.current);
    copy.info.title = std::move(title);
    return addScenario(s, s.current + 1, std::move(copy), "Duplicate scenario");
}

CommandPtr removeScenario(const Scenario& s, std::size_t index) {
    if (scenarioCount(s) < 2 || index >= scenarioCount(s)) {
        return nullptr;
    }
    const std::size_t wasCurrent = s.current;
    // Deleting the current one leaves its neighbour current; another, the current stays.
    const std::size_t after = wasCurrent == index ? std::min(index, scenarioCount(s) - 2)
                                                  : wasCurrent - (wasCurrent > index ? 1 : 0);
    return std::make_unique<RearrangeScenarios>(
        "Delete scenario " + limits::quoted(scenarioInfo(s, index).title),
        [index, after](std::vector<ScenarioStart>& starts) {
            starts.erase(starts.begin() + static_cast<std::ptrdiff_t>(index));
            return after;
        },
        [index, wasCurrent, start = scenarioStart(s, index)](std::vector<ScenarioStart>& starts) {
            starts.insert(starts.begin() + static_cast<std::ptrdiff_t>(index), start);
            return wasCurrent;
        });
}

CommandPtr moveScenario(const Scenario& s, std::size_t from, std::size_t to) {
    const std::size_t count = scenarioCount(s);
    if (from >= count || to >= count || from == to) {
        return nullptr;
    }
    // Where index i ends up when the one at a moves to b.
    auto follow = [](std::size_t i, std::size_t a, std::size_t b) -> std::size_t {
        if (i == a) {
            return b;
        }
        if (a < b && i > a && i <= b) {
            return i - 1;
        }
        if (b < a && i >= b && i < a) {
            return i + 1;
        }
        return i;
    };
    auto move = [](std::vector<ScenarioStart>& starts, std::size_t a, std::size_t b) {
        ScenarioStart moved = std::move(starts[a]);
        starts.erase(starts.begin() + static_cast<std::ptrdiff_t>(a));
        starts.insert(starts.begin() + static_cast<std::ptrdiff_t>(b), std::move(moved));
    };
    const std::size_t wasCurrent = s.current;
    const std::size_t nowCurrent = follow(wasCurrent, from, to);
    return std::make_unique<RearrangeScenarios>(
        from < to ? "Move scenario down" : "Move scenario up",
        [=](std::vector<ScenarioStart>& starts) {
            move(starts, from, to);
            return nowCurrent;
        },
        [=](std::vector<ScenarioStart>& starts) {
            move(starts, to, from);
            return wasCurrent;
        });
}

} // namespace sandtable::edits
