#pragma once
// Building an order of battle by hand: what can be added where in the tree (a side takes an army,
// an army a corps, an independent brigade or unit, and so on down to the brigade's units), and the
// one undoable edit that adds it with names and values the scenario's ruleset accepts.
#include "commands/command.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace sandtable {

// The values a ruleset accepts for a unit's enumerated fields and its bases per arm (empty: any);
// new units start with accepted values, and the editor offers only these.
struct UnitVocabulary {
    std::vector<Quality> qualities;
    std::vector<Weapon> weapons;
    // Narrower lists for one arm (Good Old Rebel: infantry muskets, cavalry carbines).
    std::map<Arm, std::vector<Weapon>> weaponsByArm;
    std::vector<Gun> guns;
    std::map<Arm, int> stands;
    // What a unit must face (facing.kind): a unit put on the map starts facing it.
    std::optional<FacingKind> facing;

    std::vector<Quality> allowedQualities() const;
    std::vector<Weapon> allowedWeapons() const;
    std::vector<Weapon> allowedWeapons(Arm arm) const;
    std::vector<Gun> allowedGuns() const;
    // `preferred` when accepted, else the first accepted value.
    Quality quality(Quality preferred) const;
    Weapon weapon(Weapon preferred) const;
    Weapon weapon(Arm arm, Weapon preferred) const;
    // What a new regiment of `arm` carries: a carbine for cavalry, a rifle-musket for the others,
    // or the first the ruleset accepts for that arm.
    Weapon usualWeapon(Arm arm) const;
    Gun gun(Gun preferred) const;
};

enum class OobAddition : std::uint8_t {
    Army,               // on a side, with its general
    Corps,              // on an army
    IndependentBrigade, // on an army
    IndependentUnit,    // on an army (a reserve battery, say)
    Division,           // on a corps
    Train,              // on a corps: its supply wagon
    Brigade,            // on a division
    Unit,               // on a division or brigade
};
template <> struct EnumNames<OobAddition> {
    static constexpr std::array<NameOf<OobAddition>, 8> names{
        {{OobAddition::Army, "army"},
         {OobAddition::Corps, "corps"},
         {OobAddition::IndependentBrigade, "independent-brigade"},
         {OobAddition::IndependentUnit, "independent-unit"},
         {OobAddition::Division, "division"},
         {OobAddition::Train, "train"},
         {OobAddition::Brigade, "brigade"},
         {OobAddition::Unit, "unit"}}};
};
// "Army (with its general)", "Train (wagon)": for menus.
std::string_view additionLabel(OobAddition addition);

// Where in the tree something is added: a side (no headquarters) or a headquarters of it.
struct OobPlace {
    Side side = Side::Union;
    HeadquartersId headquarters; // invalid: the side itself
};

// What can be added at `place`, in menu order; nothing when the headquarters does not exist.
std::vector<OobAddition> additionsAt(const OrderOfBattle& oob, OobPlace place);

struct OobAdded {
    CommandPtr command;
    PieceRef piece; // the new item, to select and name
};
// The edit adding `addition` at `place`, or nothing when it cannot go there.
std::optional<OobAdded> addToOrderOfBattle(const Scenario& s, OobPlace place, OobAddition addition,
                                           const UnitVocabulary& vocabulary = {});

} // namespace sandtable
