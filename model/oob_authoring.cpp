#include "oob_authoring.hpp"

#include "commands/edits.hpp"

#include <algorithm>
#include <cctype>

namespace sandtable {
namespace {

template <typename E> std::vector<E> allOr(const std::vector<E>& accepted) {
    if (!accepted.empty()) {
        return accepted;
    }
    std::vector<E> all;
    for (const auto& [value, name] : EnumNames<E>::names) {
        all.push_back(value);
    }
    return all;
}

template <typename E> E acceptedOr(const std::vector<E>& accepted, E preferred) {
    if (accepted.empty() || std::ranges::find(accepted, preferred) != accepted.end()) {
        return preferred;
    }
    return accepted.front();
}

Unit newUnit(HeadquartersId parent, Arm arm, const UnitVocabulary& vocabulary) {
    Unit u;
    u.parent = parent;
    u.arm = arm;
    const bool artillery = arm == Arm::Artillery || arm == Arm::HeavyArtillery;
    u.name = artillery ? "New battery" : "New regiment";
    u.quality = vocabulary.quality(Quality::Regular);
    u.weapon = artillery ? Weapon::None : vocabulary.usualWeapon(arm);
    u.gun = artillery ? vocabulary.gun(Gun::Napoleon12lb) : Gun::None;
    u.formation = artillery ? Formation::Limbered : Formation::Line;
    if (auto it = vocabulary.stands.find(arm); it != vocabulary.stands.end() && it->second > 0) {
        u.stands = it->second;
    }
    return u;
}

Headquarters newHeadquarters(Side side, Echelon echelon, HeadquartersId parent) {
    Headquarters hq;
    hq.side = side;
    hq.echelon = echelon;
    hq.parent = parent;
    hq.name = "New " + std::string(enumName(echelon));
    hq.commander = echelon == Echelon::Army ? "New general" : "";
    return hq;
}

} // namespace

std::vector<Quality> UnitVocabulary::allowedQualities() const {
    return allOr(qualities);
}
std::vector<Weapon> UnitVocabulary::allowedWeapons() const {
    return allOr(weapons);
}
std::vector<Gun> UnitVocabulary::allowedGuns() const {
    return allOr(guns);
}
Quality UnitVocabulary::quality(Quality preferred) const {
    // Good Old Rebel knows raw, seasoned and veteran: a regular regiment starts seasoned there.
    if (preferred == Quality::Regular && !qualities.empty() &&
        std::ranges::find(qualities, Quality::Regular) == qualities.end() &&
        std::ranges::find(qualities, Quality::Seasoned) != qualities.end()) {
        return Quality::Seasoned;
    }
    return acceptedOr(qualities, preferred);
}
Weapon UnitVocabulary::weapon(Weapon preferred) const {
    return acceptedOr(weapons, preferred);
}
std::vector<Weapon> UnitVocabulary::allowedWeapons(Arm arm) const {
    auto it = weaponsByArm.find(arm);
    return it != weaponsByArm.end() && !it->second.empty() ? it->second : allowedWeapons();
}
Weapon UnitVocabulary::usualWeapon(Arm arm) const {
    return weapon(arm, arm == Arm::Cavalry ? Weapon::RifledCarbine : Weapon::RifleMusket);
}
Weapon UnitVocabulary::weapon(Arm arm, Weapon preferred) const {
    auto it = weaponsByArm.find(arm);
    return it != weaponsByArm.end() && !it->second.empty() ? acceptedOr(it->second, preferred)
                                                           : weapon(preferred);
}
Gun UnitVocabulary::gun(Gun preferred) const {
    return acceptedOr(guns, preferred);
}

std::string_view additionLabel(OobAddition addition) {
    switch (addition) {
    case OobAddition::Army:
        return "Army (with its general)";
    case OobAddition::Corps:
        return "Corps";
    case OobAddition::IndependentBrigade:
        return "Independent brigade";
    case OobAddition::IndependentUnit:
        return "Independent unit (reserve battery)";
    case OobAddition::Division:
        return "Division";
    case OobAddition::Train:
        return "Train (wagon)";
    case OobAddition::Brigade:
        return "Brigade";
    case OobAddition::Unit:
        return "Unit";
    }
    return "?";
}

std::vector<OobAddition> additionsAt(const OrderOfBattle& oob, OobPlace place) {
    if (!place.headquarters.valid()) {
        return {OobAddition::Army};
    }
    const Headquarters* hq = oob.find(place.headquarters);
    if (hq == nullptr) {
        return {};
    }
    switch (hq->echelon) {
    case Echelon::Army:
        return {OobAddition::Corps, OobAddition::IndependentBrigade, OobAddition::IndependentUnit};
    case Echelon::Corps:
        return {OobAddition::Division, OobAddition::Train};
    case Echelon::Division:
        return {OobAddition::Brigade, OobAddition::Unit};
    case Echelon::Brigade:
        return {OobAddition::Unit};
    }
    return {};
}

std::optional<OobAdded> addToOrderOfBattle(const Scenario& s, OobPlace place, OobAddition addition,
                                           const UnitVocabulary& vocabulary) {
    const auto possible = additionsAt(s.oob, place);
    if (std::ranges::find(possible, addition) == possible.end()) {
        return std::nullopt;
    }
    const Headquarters* parent = s.oob.find(place.headquarters);
    const Side side = parent != nullptr ? parent->side : place.side;
    auto addHeadquarters = [&](Echelon echelon) {
        const HeadquartersId id = edits::nextHeadquartersId(s);
        return OobAdded{edits::setHeadquarters(s, id, newHeadquarters(side, echelon, place.headquarters)),
                        PieceRef::commander(id)};
    };
    auto addUnit = [&](Arm arm) {
        const UnitId id = edits::nextUnitId(s);
        return OobAdded{edits::setUnit(s, id, newUnit(place.headquarters, arm, vocabulary)),
                        PieceRef::unit(id)};
    };
    std::optional<OobAdded> added;
    switch (addition) {
    case OobAddition::Army:
        added = addHeadquarters(Echelon::Army);
        break;
    case OobAddition::Corps:
        added = addHeadquarters(Echelon::Corps);
        break;
    case OobAddition::IndependentBrigade:
    case OobAddition::Brigade:
        added = addHeadquarters(Echelon::Brigade);
        break;
    case OobAddition::Division:
        added = addHeadquarters(Echelon::Division);
        break;
    case OobAddition::IndependentUnit:
        added = addUnit(Arm::Artillery);
        break;
    case OobAddition::Unit:
        added = addUnit(Arm::Infantry);
        break;
    case OobAddition::Train: {
        const TrainId id = edits::nextTrainId(s);
        added = OobAdded{edits::setTrain(s, id, Train{place.headquarters, parent->name + " train"}),
                         PieceRef::train(id)};
        break;
    }
    }
    if (!added) {
        return std::nullopt;
    }
    // One undo step named for what was added ("Add corps"), not "Edit headquarters".
    std::vector<CommandPtr> parts;
    parts.push_back(std::move(added->command));
    std::string text = std::string(additionLabel(addition));
    text = "Add " + text.substr(0, text.find(" ("));
    text[4] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[4])));
    added->command = std::make_unique<CommandGroup>(std::move(text), std::move(parts));
    return added;
}

} // namespace sandtable
