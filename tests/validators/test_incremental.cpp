// After every edit the validator re-checks only what the edit can change; the result must equal a
// full run, for any sequence of edits, under every ruleset.
#include "model/commands/edits.hpp"
#include "model/commands/undo_stack.hpp"
#include "model/scenario_generator.hpp"
#include "validator_test_support.hpp"

#include <random>

namespace sandtable {
namespace {

using namespace testing_support;

CommandPtr randomEdit(const Scenario& s, std::mt19937_64& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const Grid& g = s.map.grid;
    auto cell = [&] { return Offset{pick(0, g.cols() - 1), pick(0, g.rows() - 1)}; };
    auto anyPiece = [&] {
        auto it = std::next(s.deployment.placements.begin(),
                            pick(0, static_cast<int>(s.deployment.placements.size()) - 1));
        return it->first;
    };
    switch (pick(0, 13)) {
    case 0:
        return edits::paint(s, CellLayer::Terrain, g.range(cell(), pick(0, 1)),
                            pick(0, static_cast<int>(s.map.terrainTypes.size()) - 1));
    case 1:
        return edits::paint(s, CellLayer::Elevation, {cell()}, pick(0, 3));
    case 2:
    case 3: {
        // Move a piece next to another (stacking, mixing sides) or anywhere.
        const PieceRef p = anyPiece();
        const PieceRef other = anyPiece();
        const Offset to = pick(0, 1) ? s.deployment.placements.at(other).cells.front() : cell();
        Placement pl = s.deployment.placements.at(p);
        pl.cells = {to};
        return edits::setPlacement(s, p, pl);
    }
    case 4: {
        const PieceRef p = anyPiece();
        return edits::setPlacement(s, p, std::nullopt);
    }
    case 5: {
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        Unit u = it->second;
        u.stands = pick(1, 8);
        u.formation = static_cast<Formation>(pick(0, 8));
        u.quality = static_cast<Quality>(pick(0, 6));
        u.roster = pick(0, 5);
        return edits::setUnit(s, it->first, u);
    }
    case 6: {
        // Re-parent a unit to another headquarters.
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        auto hq =
            std::next(s.oob.headquarters.begin(), pick(0, static_cast<int>(s.oob.headquarters.size()) - 1));
        Unit u = it->second;
        u.parent = hq->first;
        return edits::setUnit(s, it->first, u);
    }
    case 7: {
        const Offset a = cell();
        const Offset b = g.neighbor(a, pick(0, g.sideCount() - 1));
        if (!g.contains(b)) {
            return edits::setEvent(s, pick(2, 12), std::nullopt);
        }
        return edits::setPath(s, edits::nextPathId(s), Path{PathKind::Road, "", {a, b}});
    }
    case 8: {
        auto hq =
            std::next(s.oob.headquarters.begin(), pick(0, static_cast<int>(s.oob.headquarters.size()) - 1));
        Headquarters h = hq->second;
        h.commander = pick(0, 3) == 0 ? "" : "Gen. X";
        return edits::setHeadquarters(s, hq->first, h);
    }
    case 10: {
        // Turn a piece to a corner or a side, or take its facing away (facing.kind).
        const PieceRef p = anyPiece();
        Placement pl = s.deployment.placements.at(p);
        const int how = pick(0, 2);
        pl.facing = how == 2 ? std::nullopt
                             : std::optional(Facing{how == 0 ? FacingKind::Corner : FacingKind::Side,
                                                    static_cast<std::uint8_t>(pick(0, g.sideCount() - 1))});
        return edits::setPlacement(s, p, pl);
    }
    case 11: {
        // Another arm or small arm (weapons by arm).
        auto it = std::next(s.oob.units.begin(), pick(0, static_cast<int>(s.oob.units.size()) - 1));
        Unit u = it->second;
        u.arm = static_cast<Arm>(pick(0, 3));
        u.weapon = static_cast<Weapon>(pick(0, static_cast<int>(EnumNames<Weapon>::names.size()) - 1));
        return edits::setUnit(s, it->first, u);
    }
    case 12: {
        // Set-up notes written or cleared.
        ScenarioInfo info = s.info;
        info.setupNotes = pick(0, 1) ? "" : "Both sides deploy on their own half.";
        return edits::setInfo(s, info);
    }
    case 13: {
        // An exclusion that may or may not match a finding (exclusion.stale).
        std::vector<Exclusion> exclusions = s.exclusions;
        if (!exclusions.empty() && pick(0, 1)) {
            exclusions.pop_back();
        } else {
            exclusions.push_back(
                Exclusion{pick(0, 1) ? "stacking.units-per-cell" : "facing.kind", {cell()}, {}, "x"});
        }
        return edits::setExclusions(s, exclusions);
    }
    default: {
        const PieceRef p = anyPiece();
        if (p.kind != PieceKind::Unit) {
            return edits::setEvent(s, pick(2, 12), std::string("Rain"));
        }
        // Stretch a unit over two cells (a line), sometimes broken.
        Placement pl = s.deployment.placements.at(p);
        const Offset far = pick(0, 1) ? g.neighbor(pl.cells.front(), pick(0, g.sideCount() - 1)) : cell();
        if (g.contains(far) && far != pl.cells.front()) {
            pl.cells = {pl.cells.front(), far};
        }
        return edits::setPlacement(s, p, pl);
    }
    }
}

class Incremental : public testing::TestWithParam<std::string> {};

TEST_P(Incremental, RecheckAfterEveryEditEqualsAFullRun) {
    const ResolvedRuleset rules = builtin(GetParam());
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const GridShape shape = GetParam() == "acw-area"
                                    ? GridShape::Square
                                    : (seed % 2 ? GridShape::HexFlat : GridShape::HexPointy);
        Scenario s = generateScenario(GeneratorParameters{24, 18, 60, 8, seed, shape});
        Validator live(s, rules);
        UndoStack stack(s);
        stack.setListener([&](const ChangeSet& cs) { live.recheck(cs); });
        std::mt19937_64 rng(seed * 131);
        Report before = live.report();
        std::uint64_t beforeRevision = live.findingsRevision();
        for (int step = 0; step < 80; ++step) {
            if (step % 9 == 8 && stack.canUndo()) {
                stack.undo();
            } else {
                stack.push(randomEdit(s, rng), step % 4 == 3);
            }
            const Validator fresh(s, rules);
            const Report want = fresh.report();
            const Report got = live.report();
            ASSERT_TRUE(got.violations == want.violations)
                << GetParam() << " seed " << seed << " step " << step << "\n"
                << difference(got, want);
            ASSERT_EQ(got.counts, want.counts);
            // The editor reads the report again only when the revision moves: it must move whenever
            // the findings change.
            if (live.findingsRevision() == beforeRevision) {
                ASSERT_TRUE(got.violations == before.violations)
                    << GetParam() << " seed " << seed << " step " << step
                    << ": the findings changed but their revision did not\n"
                    << difference(got, before);
            }
            before = got;
            beforeRevision = live.findingsRevision();
        }
    }
}

TEST(FindingsRevision, StaysWhenAnEditChangesNoFindingAndMovesWhenOneDoes) {
    Scenario s = generateScenario(GeneratorParameters{24, 18, 60, 8, 1, GridShape::HexFlat});
    Validator live(s, builtin("hexed-general"));
    UndoStack stack(s);
    stack.setListener([&](const ChangeSet& cs) { live.recheck(cs); });
    ASSERT_EQ(live.report().errors(), 0);
    const auto clear = std::ranges::find(s.map.terrainTypes, TerrainClass::Open, &TerrainType::terrainClass);
    const auto water =
        std::ranges::find(s.map.terrainTypes, TerrainClass::Impassable, &TerrainType::terrainClass);
    ASSERT_NE(clear, s.map.terrainTypes.end());
    ASSERT_NE(water, s.map.terrainTypes.end());
    const PieceRef piece = s.deployment.placements.begin()->first;
    const Offset under = s.deployment.placements.begin()->second.cells.front();
    // Open ground under a piece: the per-cell rules look again and find what they found.
    stack.push(
        edits::paint(s, CellLayer::Terrain, {under}, static_cast<int>(clear - s.map.terrainTypes.begin())));
    const std::uint64_t calm = live.findingsRevision();
    stack.push(
        edits::paint(s, CellLayer::Terrain, {under}, static_cast<int>(clear - s.map.terrainTypes.begin())));
    EXPECT_EQ(live.findingsRevision(), calm);
    // Deep water under it: a new finding about that piece, and the revision moves.
    stack.push(
        edits::paint(s, CellLayer::Terrain, {under}, static_cast<int>(water - s.map.terrainTypes.begin())));
    EXPECT_NE(live.findingsRevision(), calm);
    EXPECT_TRUE(std::ranges::any_of(live.report().violations, [&](const Violation& v) {
        return v.rule == "terrain.impassable" && std::ranges::find(v.pieces, piece) != v.pieces.end();
    }));
}

INSTANTIATE_TEST_SUITE_P(Rulesets, Incremental,
                         testing::Values("hexed-general", "kallistra-hex", "acw-area", "good-old-rebel"),
                         [](const auto& param) {
                             std::string n = param.param;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

} // namespace
} // namespace sandtable
