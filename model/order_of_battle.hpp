#pragma once
// The order of battle of both sides: a tree of headquarters (army, corps, division, brigade), each
// with its commander, the units under them, and the corps' supply trains.
#include "grid.hpp"
#include "ids.hpp"
#include "side.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

enum class Echelon : std::uint8_t { Army, Corps, Division, Brigade };
enum class Arm : std::uint8_t { Infantry, Cavalry, Artillery, HeavyArtillery };
// Every ruleset's vocabulary: Kallistra's elite/regular/militia, Good Old Rebel's raw/seasoned/veteran.
enum class Quality : std::uint8_t { Elite, Veteran, Seasoned, Regular, Green, Militia, Raw };
enum class Weapon : std::uint8_t {
    None,
    SmoothboreMusket,  // SM
    RifleMusket,       // RM
    SharpshooterRifle, // SR
    RifledCarbine,     // RC
    SmoothboreCarbine, // SS: smoothbore carbine or shotgun
    BreechLoader,
};
enum class Gun : std::uint8_t {
    None,
    FieldGun6lb,
    Napoleon12lb,
    Rifle3in,
    Parrott10lb,
    Howitzer12lb,
    Parrott20lb,
    HeavyRifle,
    Mixed
};
enum class Formation : std::uint8_t {
    Line,
    Column,
    MarchColumn,
    Skirmish,
    Square,
    Limbered,
    Unlimbered,
    Mounted,
    Dismounted
};

template <> struct EnumNames<Echelon> {
    static constexpr std::array<NameOf<Echelon>, 4> names{{{Echelon::Army, "army"},
                                                           {Echelon::Corps, "corps"},
                                                           {Echelon::Division, "division"},
                                                           {Echelon::Brigade, "brigade"}}};
};
template <> struct EnumNames<Arm> {
    static constexpr std::array<NameOf<Arm>, 4> names{{{Arm::Infantry, "infantry"},
                                                       {Arm::Cavalry, "cavalry"},
                                                       {Arm::Artillery, "artillery"},
                                                       {Arm::HeavyArtillery, "heavy-artillery"}}};
};
template <> struct EnumNames<Quality> {
    static constexpr std::array<NameOf<Quality>, 7> names{{{Quality::Elite, "elite"},
                                                           {Quality::Veteran, "veteran"},
                                                           {Quality::Seasoned, "seasoned"},
                                                           {Quality::Regular, "regular"},
                                                           {Quality::Green, "green"},
                                                           {Quality::Militia, "militia"},
                                                           {Quality::Raw, "raw"}}};
};
template <> struct EnumNames<Weapon> {
    static constexpr std::array<NameOf<Weapon>, 7> names{{{Weapon::None, "none"},
                                                          {Weapon::SmoothboreMusket, "smoothbore-musket"},
                                                          {Weapon::RifleMusket, "rifle-musket"},
                                                          {Weapon::SharpshooterRifle, "sharpshooter-rifle"},
                                                          {Weapon::RifledCarbine, "rifled-carbine"},
                                                          {Weapon::SmoothboreCarbine, "smoothbore-carbine"},
                                                          {Weapon::BreechLoader, "breech-loader"}}};
};
template <> struct EnumNames<Gun> {
    static constexpr std::array<NameOf<Gun>, 9> names{{{Gun::None, "none"},
                                                       {Gun::FieldGun6lb, "6lb-field-gun"},
                                                       {Gun::Napoleon12lb, "12lb-napoleon"},
                                                       {Gun::Rifle3in, "3in-rifle"},
                                                       {Gun::Parrott10lb, "10lb-parrott"},
                                                       {Gun::Howitzer12lb, "12lb-howitzer"},
                                                       {Gun::Parrott20lb, "20lb-parrott"},
                                                       {Gun::HeavyRifle, "heavy-rifle"},
                                                       {Gun::Mixed, "mixed"}}};
};
template <> struct EnumNames<Formation> {
    static constexpr std::array<NameOf<Formation>, 9> names{{{Formation::Line, "line"},
                                                             {Formation::Column, "column"},
                                                             {Formation::MarchColumn, "march-column"},
                                                             {Formation::Skirmish, "skirmish"},
                                                             {Formation::Square, "square"},
                                                             {Formation::Limbered, "limbered"},
                                                             {Formation::Unlimbered, "unlimbered"},
                                                             {Formation::Mounted, "mounted"},
                                                             {Formation::Dismounted, "dismounted"}}};
};

// An army, corps, division or brigade and the commander who leads it.
struct Headquarters {
    Side side = Side::Union;
    Echelon echelon = Echelon::Army;
    HeadquartersId parent; // invalid for an army
    std::string name;
    std::string commander;
    std::optional<Quality> commanderQuality; // Good Old Rebel rates commanders too
    std::optional<Offset> supplyCell;        // a corps' line of supply (The Hexed General)
    auto operator<=>(const Headquarters&) const = default;
};

// A counter on the map: a regiment, a brigade or a battery, depending on the ruleset's scale.
struct Unit {
    HeadquartersId parent; // the brigade, division or corps it belongs to; the army for independents
    std::string name;
    int roster = 0; // the number on the roster sheet; 0 for none
    Arm arm = Arm::Infantry;
    int stands = 1;
    int strength = 0; // men, or guns for artillery
    Quality quality = Quality::Regular;
    Weapon weapon = Weapon::RifleMusket;
    Gun gun = Gun::None;
    Formation formation = Formation::Line;
    auto operator<=>(const Unit&) const = default;
};

// A corps' supply train (one wagon counter).
struct Train {
    HeadquartersId corps;
    std::string name;
    auto operator<=>(const Train&) const = default;
};

struct OrderOfBattle {
    std::map<HeadquartersId, Headquarters> headquarters;
    std::map<UnitId, Unit> units;
    std::map<TrainId, Train> trains;

    const Headquarters* find(HeadquartersId id) const;
    // The headquarters of the given echelon above (or at) id, if any.
    std::optional<HeadquartersId> ancestor(HeadquartersId id, Echelon echelon) const;
    // Each walks the whole order of battle: for one headquarters. To walk the tree, subordinates().
    std::vector<HeadquartersId> children(HeadquartersId id) const;
    std::vector<UnitId> unitsUnder(HeadquartersId id) const; // directly under id
    // Who is directly under each headquarters (by parent, or by corps for trains), in id order,
    // gathered in one walk.
    struct Subordinates {
        std::map<HeadquartersId, std::vector<HeadquartersId>> headquarters;
        std::map<HeadquartersId, std::vector<UnitId>> units;
        std::map<HeadquartersId, std::vector<TrainId>> trains;
    };
    Subordinates subordinates() const;
    std::optional<Side> sideOf(HeadquartersId id) const;

    bool operator==(const OrderOfBattle&) const = default;
};

} // namespace sandtable
