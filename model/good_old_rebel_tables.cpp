#include "good_old_rebel_tables.hpp"

#include "commands/edits.hpp"

#include <array>
#include <charconv>
#include <random>

namespace sandtable {
namespace {

constexpr Quality R = Quality::Raw, S = Quality::Seasoned, V = Quality::Veteran;

// [period][d6 - 1][column]; columns as in the seed: infantry rebel, union; cavalry rebel, union;
// artillery rebel, union; generals rebel, union.
constexpr std::array<std::array<std::array<Quality, 8>, 6>, 3> qualityTable{{
    // Early War (1861-62): rolls 1..6
    {{{R, R, R, R, R, R, R, R},
      {R, R, R, R, R, R, R, R},
      {R, R, R, R, R, R, R, R},
      {S, R, S, R, R, S, S, R},
      {S, S, S, S, S, S, S, S},
      {V, V, V, S, S, V, V, S}}},
    // Mid-War (1863-64)
    {{{R, R, R, R, R, R, R, R},
      {R, R, R, R, R, S, S, R},
      {S, S, S, S, S, S, S, S},
      {S, S, S, S, S, S, S, S},
      {V, S, V, S, S, V, V, S},
      {V, V, V, V, V, V, V, V}}},
    // Late War (1864-65)
    {{{R, R, S, R, R, S, S, R},
      {S, S, S, S, S, S, S, S},
      {S, S, S, S, S, S, S, S},
      {V, V, V, V, S, V, V, S},
      {V, V, V, V, V, V, V, V},
      {V, V, V, V, V, V, V, V}}},
}};

int yearOf(const std::string& date, int fallback, int at, int length) {
    int v = fallback;
    if (date.size() >= static_cast<std::size_t>(at + length)) {
        std::from_chars(date.data() + at, date.data() + at + length, v);
    }
    return v;
}

} // namespace

WarPeriod warPeriod(int year, int month) {
    if (year <= 1862) {
        return WarPeriod::Early;
    }
    if (year == 1863 || (year == 1864 && month <= 6)) {
        return WarPeriod::Mid;
    }
    return WarPeriod::Late;
}

Quality qualityFor(WarPeriod period, Side side, Arm arm, int d6, bool forGeneral) {
    const int armColumn = forGeneral ? 3
                                     : (arm == Arm::Cavalry                                     ? 1
                                        : (arm == Arm::Artillery || arm == Arm::HeavyArtillery) ? 2
                                                                                                : 0);
    const int column = armColumn * 2 + (side == Side::Union ? 1 : 0);
    return qualityTable[static_cast<std::size_t>(period)][static_cast<std::size_t>(std::clamp(d6, 1, 6) - 1)]
                       [static_cast<std::size_t>(column)];
}

int smoothboreScore(Side side, int year) {
    // Arming Table: Union 6, 5, 3, all rifled, all rifled; Confederate 7, 7, 5, 3, all rifled.
    constexpr std::array<int, 5> unionScores{6, 5, 3, 0, 0};
    constexpr std::array<int, 5> confederateScores{7, 7, 5, 3, 0};
    const auto column = static_cast<std::size_t>(std::clamp(year - 1861, 0, 4));
    return side == Side::Union ? unionScores[column] : confederateScores[column];
}

CommandPtr fillFromGoodOldRebelTables(const Scenario& s, Side side, std::uint64_t seed) {
    const int year = yearOf(s.info.date, 1863, 0, 4);
    const int month = yearOf(s.info.date, 7, 5, 2);
    const WarPeriod period = warPeriod(year, month);
    const int score = smoothboreScore(side, year);
    const int western = s.info.theatre == Theatre::Western ? 1 : 0;
    std::mt19937_64 rng(seed);
    auto roll = [&](int sides) { return std::uniform_int_distribution<int>(1, sides)(rng); };
    std::vector<CommandPtr> parts;
    for (const auto& [id, unit] : s.oob.units) {
        if (s.oob.sideOf(unit.parent) != side) {
            continue;
        }
        Unit u = unit;
        u.quality = qualityFor(period, side, u.arm, roll(6));
        if (u.arm == Arm::Infantry || u.arm == Arm::Cavalry) {
            const bool smoothbore = roll(10) - western <= score;
            if (u.arm == Arm::Infantry) {
                u.weapon = smoothbore ? Weapon::SmoothboreMusket : Weapon::RifleMusket;
            } else {
                u.weapon = smoothbore ? Weapon::SmoothboreCarbine : Weapon::RifledCarbine;
            }
        }
        if (!(u == unit)) {
            parts.push_back(edits::setUnit(s, id, u));
        }
    }
    for (const auto& [id, hq] : s.oob.headquarters) {
        if (hq.side != side) {
            continue;
        }
        Headquarters h = hq;
        h.commanderQuality = qualityFor(period, side, Arm::Infantry, roll(6), true);
        if (!(h == hq)) {
            parts.push_back(edits::setHeadquarters(s, id, h));
        }
    }
    return std::make_unique<CommandGroup>("Roll quality and arms (Good Old Rebel tables)", std::move(parts));
}

} // namespace sandtable
