#pragma once
// Where every piece stands at the start, which way it faces, and which pieces arrive later.
#include "grid.hpp"
#include "ids.hpp"

#include <boost/container/small_vector.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandtable {

// Commanders are pieces too: the commander of a headquarters is placed under that HQ's id.
enum class PieceKind : std::uint8_t { Unit, Commander, Train };
template <> struct EnumNames<PieceKind> {
    static constexpr std::array<NameOf<PieceKind>, 3> names{
        {{PieceKind::Unit, "unit"}, {PieceKind::Commander, "commander"}, {PieceKind::Train, "train"}}};
};

struct PieceRef {
    PieceKind kind = PieceKind::Unit;
    std::uint32_t id = 0;

    static PieceRef unit(UnitId u) { return {PieceKind::Unit, u.value}; }
    static PieceRef commander(HeadquartersId h) { return {PieceKind::Commander, h.value}; }
    static PieceRef train(TrainId t) { return {PieceKind::Train, t.value}; }
    auto operator<=>(const PieceRef&) const = default;
};

// Units face a hex corner in The Hexed General and a side in the area rules.
enum class FacingKind : std::uint8_t { Side, Corner };
template <> struct EnumNames<FacingKind> {
    static constexpr std::array<NameOf<FacingKind>, 2> names{
        {{FacingKind::Side, "side"}, {FacingKind::Corner, "corner"}}};
};
struct Facing {
    FacingKind kind = FacingKind::Side;
    std::uint8_t index = 0; // direction number, as in Grid
    auto operator<=>(const Facing&) const = default;
};

// A unit's stands and strength at a scenario's start where losses so far have brought them below the
// full strength the order of battle gives it; what is not given is full.
struct StrengthNow {
    std::optional<int> stands;
    std::optional<int> strength;
    bool reduced() const { return stands || strength; }
    auto operator<=>(const StrengthNow&) const = default;
};

// The cells a piece stands in: nearly always one, kept inside the placement (a battle of 10,000
// pieces then loads without a heap block for each: a large load's profile showed malloc at 9 %,
// these blocks the largest part of it). Not a contiguous range for std::span: take it by template.
using PlacedCells = boost::container::small_vector<Offset, 1>;

struct Placement {
    PlacedCells cells; // one, or several adjacent ones for a line spanning cells (Kallistra)
    std::optional<Facing> facing;
    StrengthNow now{}; // units only
    bool operator==(const Placement&) const = default;
};

struct Reinforcement {
    int turn = 1;
    Offset entry;
    std::string note;
    StrengthNow now{}; // units only
    auto operator<=>(const Reinforcement&) const = default;
};

struct Deployment {
    // The formations taking part, each with everything under it; without a list, the whole order of
    // battle. A piece outside them is absent from the scenario: neither deployed nor expected.
    std::optional<std::set<HeadquartersId>> forces;
    std::map<PieceRef, Placement> placements;
    std::map<PieceRef, Reinforcement> reinforcements;
    bool operator==(const Deployment&) const = default;
};

} // namespace sandtable
