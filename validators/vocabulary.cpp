#include "vocabulary.hpp"

namespace sandtable {
namespace {

template <typename E> std::vector<E> parsed(const std::vector<std::string>& words) {
    std::vector<E> values;
    for (const auto& w : words) {
        if (auto v = parseEnum<E>(w)) {
            values.push_back(*v);
        }
    }
    return values;
}

} // namespace

UnitVocabulary unitVocabulary(const ResolvedRuleset& rules) {
    UnitVocabulary vocabulary;
    for (const ActiveRule& active : rules.rules) {
        const std::string_view key = active.rule->info().key;
        if (key == "unit.allowed-values") {
            vocabulary.qualities = parsed<Quality>(active.params.list("qualities"));
            vocabulary.weapons = parsed<Weapon>(active.params.list("weapons"));
            vocabulary.weaponsByArm[Arm::Infantry] = parsed<Weapon>(active.params.list("infantry-weapons"));
            vocabulary.weaponsByArm[Arm::Cavalry] = parsed<Weapon>(active.params.list("cavalry-weapons"));
            vocabulary.guns = parsed<Gun>(active.params.list("guns"));
        } else if (key == "unit.bases") {
            vocabulary.stands[Arm::Infantry] = active.params.integer("infantry");
            vocabulary.stands[Arm::Cavalry] = active.params.integer("cavalry");
            vocabulary.stands[Arm::Artillery] = active.params.integer("artillery");
            vocabulary.stands[Arm::HeavyArtillery] = active.params.integer("artillery");
        } else if (key == "facing.kind") {
            const auto words = active.params.list("facing");
            vocabulary.facing =
                !words.empty() && words.front() == "side" ? FacingKind::Side : FacingKind::Corner;
        }
    }
    return vocabulary;
}

} // namespace sandtable
