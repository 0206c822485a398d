// Building an order of battle by hand: what each level of the tree takes, and each add as one undo step.
#include "model/commands/undo_stack.hpp"
#include "model/oob_authoring.hpp"

#include <gtest/gtest.h>

namespace sandtable {
namespace {

using enum OobAddition;

TEST(OobAuthoring, EachLevelOffersWhatTheFormatAllowsUnderIt) {
    Scenario s;
    UndoStack stack(s);
    EXPECT_EQ(additionsAt(s.oob, {Side::Union, {}}), (std::vector{Army}));

    auto add = [&](OobPlace place, OobAddition what) {
        auto added = addToOrderOfBattle(s, place, what);
        EXPECT_TRUE(added.has_value()) << enumName(what);
        const PieceRef piece = added->piece;
        stack.push(std::move(added->command));
        return piece;
    };
    const PieceRef army = add({Side::Confederate, {}}, Army);
    const HeadquartersId armyId{army.id};
    EXPECT_EQ(s.oob.headquarters.at(armyId).side, Side::Confederate);
    EXPECT_EQ(s.oob.headquarters.at(armyId).echelon, Echelon::Army);
    EXPECT_FALSE(s.oob.headquarters.at(armyId).commander.empty()) << "an army comes with its general";
    EXPECT_EQ(additionsAt(s.oob, {Side::Confederate, armyId}),
              (std::vector{Corps, IndependentBrigade, IndependentUnit}));

    const HeadquartersId corps{add({Side::Confederate, armyId}, Corps).id};
    EXPECT_EQ(additionsAt(s.oob, {Side::Confederate, corps}), (std::vector{Division, Train}));
    const PieceRef train = add({Side::Confederate, corps}, Train);
    EXPECT_EQ(s.oob.trains.at(TrainId{train.id}).corps, corps);
    const HeadquartersId division{add({Side::Confederate, corps}, Division).id};
    EXPECT_EQ(additionsAt(s.oob, {Side::Confederate, division}), (std::vector{Brigade, Unit}));
    const HeadquartersId brigade{add({Side::Confederate, division}, Brigade).id};
    EXPECT_EQ(s.oob.headquarters.at(brigade).echelon, Echelon::Brigade);
    EXPECT_EQ(additionsAt(s.oob, {Side::Confederate, brigade}), (std::vector{Unit}));
    const PieceRef unit = add({Side::Confederate, brigade}, Unit);
    EXPECT_EQ(s.oob.units.at(UnitId{unit.id}).parent, brigade);
    EXPECT_EQ(s.oob.units.at(UnitId{unit.id}).arm, Arm::Infantry);

    const PieceRef battery = add({Side::Confederate, armyId}, IndependentUnit);
    EXPECT_EQ(s.oob.units.at(UnitId{battery.id}).arm, Arm::Artillery);
    EXPECT_EQ(s.oob.units.at(UnitId{battery.id}).parent, armyId);
    const PieceRef independent = add({Side::Confederate, armyId}, IndependentBrigade);
    EXPECT_EQ(s.oob.headquarters.at(HeadquartersId{independent.id}).parent, armyId);

    // Each add is one undo step, named for what it added.
    EXPECT_EQ(stack.undoText(), "Add independent brigade");
    int steps = 0;
    while (stack.canUndo()) {
        stack.undo();
        ++steps;
    }
    EXPECT_EQ(steps, 8);
    EXPECT_TRUE(s.oob.headquarters.empty());
    EXPECT_TRUE(s.oob.units.empty());
    EXPECT_TRUE(s.oob.trains.empty());
}

TEST(OobAuthoring, NothingIsAddedWhereItCannotGo) {
    Scenario s;
    s.oob.headquarters[HeadquartersId{1}] =
        Headquarters{Side::Union, Echelon::Brigade, {}, "Iron", "", {}, {}};
    EXPECT_FALSE(addToOrderOfBattle(s, {Side::Union, HeadquartersId{1}}, Train));
    EXPECT_FALSE(addToOrderOfBattle(s, {Side::Union, HeadquartersId{1}}, Division));
    EXPECT_FALSE(addToOrderOfBattle(s, {Side::Union, HeadquartersId{9}}, Unit)) << "no such headquarters";
    EXPECT_TRUE(additionsAt(s.oob, {Side::Union, HeadquartersId{9}}).empty());
}

TEST(OobAuthoring, NewUnitsTakeValuesTheRulesetAccepts) {
    Scenario s;
    s.oob.headquarters[HeadquartersId{1}] = Headquarters{Side::Union, Echelon::Army, {}, "Army", "", {}, {}};
    s.oob.headquarters[HeadquartersId{2}] =
        Headquarters{Side::Union, Echelon::Brigade, HeadquartersId{1}, "Iron", "", {}, {}};
    UnitVocabulary rebel;
    rebel.qualities = {Quality::Raw, Quality::Seasoned, Quality::Veteran};
    rebel.weapons = {Weapon::SmoothboreMusket, Weapon::RifleMusket};
    rebel.stands = {{Arm::Infantry, 2}, {Arm::Artillery, 4}};
    auto added = addToOrderOfBattle(s, {Side::Union, HeadquartersId{2}}, Unit, rebel);
    ASSERT_TRUE(added);
    added->command->apply(s);
    const sandtable::Unit& u = s.oob.units.at(UnitId{added->piece.id});
    EXPECT_EQ(u.quality, Quality::Seasoned);
    EXPECT_EQ(u.weapon, Weapon::RifleMusket);
    EXPECT_EQ(u.stands, 2);

    UnitVocabulary kallistraGuns;
    kallistraGuns.guns = {Gun::FieldGun6lb, Gun::Rifle3in};
    auto battery = addToOrderOfBattle(s, {Side::Union, HeadquartersId{1}}, IndependentUnit, kallistraGuns);
    ASSERT_TRUE(battery);
    battery->command->apply(s);
    EXPECT_EQ(s.oob.units.at(UnitId{battery->piece.id}).gun, Gun::FieldGun6lb);
    EXPECT_EQ(kallistraGuns.allowedQualities().size(), EnumNames<Quality>::names.size()) << "empty: any";
}

} // namespace
} // namespace sandtable
