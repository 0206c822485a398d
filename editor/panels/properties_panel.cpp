#include "properties_panel.hpp"

#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <charconv>

#include <wx/propgrid/propgrid.h>
#include <wx/propgrid/props.h>
#include <wx/sizer.h>

namespace sandtable {
namespace {

constexpr int NoValue = 255; // "(none)" in an optional enumerated field
constexpr const char* standsAtStart = "Stands at start";
constexpr const char* strengthAtStart = "Men or guns at start";

// A choice of `offered` values (the ruleset's vocabulary); a current value outside them stays
// visible, marked, so opening an old scenario never changes a unit silently.
template <typename E>
wxEnumProperty* enumProperty(const char* label, E value, const std::vector<E>& offered,
                             bool allowNone = false) {
    wxPGChoices choices;
    if (allowNone) {
        choices.Add("(none)", NoValue);
    }
    for (E v : offered) {
        choices.Add(wxString::FromUTF8(std::string(enumName(v))), static_cast<int>(v));
    }
    if (std::ranges::find(offered, value) == offered.end() &&
        !(allowNone && static_cast<int>(value) == NoValue)) {
        choices.Add(wxString::FromUTF8(std::string(enumName(value))) + " (not in this ruleset)",
                    static_cast<int>(value));
    }
    return new wxEnumProperty(label, label, choices, static_cast<int>(value));
}

template <typename E> wxEnumProperty* enumProperty(const char* label, E value) {
    std::vector<E> all;
    for (const auto& [v, name] : EnumNames<E>::names) {
        all.push_back(v);
    }
    return enumProperty(label, value, all);
}

template <typename E> E enumValue(const wxVariant& v) {
    return static_cast<E>(v.GetLong());
}

} // namespace

PropertiesPanel::PropertiesPanel(wxWindow* parent) : wxPanel(parent) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    grid_ = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                               wxPG_SPLITTER_AUTO_CENTER | wxPG_DEFAULT_STYLE);
    sizer->Add(grid_, 1, wxEXPAND);
    SetSizer(sizer);
    grid_->Bind(wxEVT_PG_CHANGING, &PropertiesPanel::changing, this);
    grid_->Bind(wxEVT_PG_CHANGED, &PropertiesPanel::changed, this);
}

void PropertiesPanel::showFeature(FeatureId id) {
    piece_.reset();
    feature_ = id;
    grid_->Clear();
    if (!doc_) {
        return;
    }
    const Scenario& s = doc_->scenario();
    auto it = s.map.features.find(id);
    if (it == s.map.features.end()) {
        feature_.reset(); // deleted, or undone
        return;
    }
    const Feature& f = it->second;
    grid_->Append(enumProperty("Kind", f.kind));
    grid_->Append(new wxStringProperty("Name", "Name", wxString::FromUTF8(f.name)));
    grid_->Append(enumProperty("Side", f.side ? *f.side : static_cast<Side>(NoValue),
                               {Side::Union, Side::Confederate}, true));
    grid_->Append(new wxIntProperty("Victory points", "Victory points", f.value));
    // Moved by dragging it on the map with the Select tool; shown here.
    grid_->Append(new wxStringProperty("Cell", "Cell", s.map.grid.label(f.cell)))->Enable(false);
}

std::expected<CommandPtr, std::string> PropertiesPanel::editFeature(const wxString& name,
                                                                    const wxVariant& v) const {
    const Scenario& s = doc_->scenario();
    Feature f = s.map.features.at(*feature_);
    if (name == "Kind") {
        f.kind = enumValue<FeatureKind>(v);
    } else if (name == "Name") {
        f.name = v.GetString().utf8_string();
    } else if (name == "Side") {
        f.side = v.GetLong() == NoValue ? std::nullopt : std::optional(enumValue<Side>(v));
    } else if (name == "Victory points") {
        auto n = wholeNumberIn(v, limits::featureValue, "Victory points");
        if (!n) {
            return std::unexpected(n.error());
        }
        f.value = *n;
    }
    if (auto problem = limits::checkFeature(f)) {
        return std::unexpected(*problem);
    }
    return edits::setFeature(s, *feature_, f);
}

void PropertiesPanel::show(std::optional<PieceRef> piece) {
    piece_ = piece;
    feature_.reset();
    grid_->Clear();
    if (!doc_ || !piece) {
        return;
    }
    const Scenario& s = doc_->scenario();
    const UnitVocabulary vocabulary = doc_->unitVocabulary();
    auto parentName = [&](HeadquartersId id) {
        const Headquarters* hq = s.oob.find(id);
        return hq != nullptr ? hq->name + " (" + std::string(enumName(hq->echelon)) + ")" : std::string("?");
    };
    if (piece->kind == PieceKind::Unit) {
        auto it = s.oob.units.find(UnitId{piece->id});
        if (it == s.oob.units.end()) {
            return;
        }
        const Unit& u = it->second;
        grid_->Append(new wxStringProperty("Name", "Name", wxString::FromUTF8(u.name)));
        grid_->Append(new wxIntProperty("Roster number", "Roster number", u.roster));
        grid_->Append(enumProperty("Arm", u.arm));
        grid_->Append(new wxIntProperty("Stands", "Stands", u.stands));
        grid_->Append(new wxIntProperty("Men or guns", "Men or guns", u.strength));
        const bool artillery = u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery;
        grid_->Append(enumProperty("Quality", u.quality, vocabulary.allowedQualities()));
        // Guns for artillery, small arms for the others: the other field means nothing for this arm.
        auto weapons = vocabulary.allowedWeapons(u.arm);
        auto guns = vocabulary.allowedGuns();
        if (artillery && std::ranges::find(weapons, Weapon::None) == weapons.end()) {
            weapons.insert(weapons.begin(), Weapon::None);
        }
        if (!artillery && std::ranges::find(guns, Gun::None) == guns.end()) {
            guns.insert(guns.begin(), Gun::None);
        }
        grid_->Append(enumProperty("Weapon", u.weapon, weapons));
        grid_->Append(enumProperty("Gun", u.gun, guns));
        grid_->Append(enumProperty("Formation", u.formation));
        grid_
            ->Append(
                new wxStringProperty("Belongs to", "Belongs to", wxString::FromUTF8(parentName(u.parent))))
            ->Enable(false);
        // The scenario's: its strength at this start, losses so far taken off.
        if (s.deployment.placements.contains(*piece) || s.deployment.reinforcements.contains(*piece)) {
            const StrengthNow& now = strengthOf(s, UnitId{piece->id});
            grid_->Append(new wxPropertyCategory("At the start of this scenario"));
            grid_->Append(new wxIntProperty(standsAtStart, standsAtStart, standsNow(u, now)));
            grid_->Append(new wxIntProperty(strengthAtStart, strengthAtStart, strengthNow(u, now)));
        }
    } else if (piece->kind == PieceKind::Commander) {
        const Headquarters* hq = s.oob.find(HeadquartersId{piece->id});
        if (hq == nullptr) {
            return;
        }
        grid_->Append(new wxStringProperty("Name", "Name", wxString::FromUTF8(hq->name)));
        grid_->Append(new wxStringProperty("Commander", "Commander", wxString::FromUTF8(hq->commander)));
        grid_->Append(enumProperty("Echelon", hq->echelon))->Enable(false);
        grid_->Append(enumProperty("Side", hq->side))->Enable(false);
        grid_->Append(enumProperty(
            "Commander quality", hq->commanderQuality ? *hq->commanderQuality : static_cast<Quality>(NoValue),
            vocabulary.allowedQualities(), true));
        if (hq->echelon == Echelon::Corps) {
            // Picked on the map (the tree's "line of supply" command); shown here.
            grid_
                ->Append(new wxStringProperty("Line of supply", "Line of supply",
                                              hq->supplyCell ? s.map.grid.label(*hq->supplyCell)
                                                             : wxString("none")))
                ->Enable(false);
        }
        if (hq->parent.valid()) {
            grid_
                ->Append(new wxStringProperty("Belongs to", "Belongs to",
                                              wxString::FromUTF8(parentName(hq->parent))))
                ->Enable(false);
        }
    } else if (piece->kind == PieceKind::Train) {
        auto it = s.oob.trains.find(TrainId{piece->id});
        if (it == s.oob.trains.end()) {
            return;
        }
        const Train& t = it->second;
        grid_->Append(new wxStringProperty("Name", "Name", wxString::FromUTF8(t.name)));
        // Any corps of the same side: moving a wagon to another corps is a choice here.
        wxPGChoices corps;
        const auto side = s.oob.sideOf(t.corps);
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.echelon == Echelon::Corps && (!side || hq.side == *side)) {
                corps.Add(wxString::FromUTF8(hq.name), static_cast<int>(id.value));
            }
        }
        grid_->Append(new wxEnumProperty("Corps", "Corps", corps, static_cast<int>(t.corps.value)));
    }
}

std::expected<int, std::string> wholeNumberIn(const wxVariant& v, limits::IntRange range, const char* what) {
    // Read as text, without narrowing: 1e12 must not wrap into range.
    const std::string text = v.GetString().utf8_string();
    long long n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{} || end != text.data() + text.size() || !range.allows(n)) {
        return std::unexpected(std::string(what) + " must be " + range.expected() + ", not " +
                               limits::quoted(text));
    }
    return static_cast<int>(n);
}

std::expected<CommandPtr, std::string> PropertiesPanel::editStrengthAtStart(const wxString& name,
                                                                            const wxVariant& v) const {
    const Scenario& s = doc_->scenario();
    const Unit& u = s.oob.units.at(UnitId{piece_->id});
    StrengthNow now = strengthOf(s, UnitId{piece_->id});
    // Up to its full strength; at full strength nothing is written.
    if (name == standsAtStart) {
        auto n = wholeNumberIn(v, limits::IntRange{limits::stands.lo, u.stands}, standsAtStart);
        if (!n) {
            return std::unexpected(n.error());
        }
        now.stands = *n == u.stands ? std::nullopt : std::optional(*n);
    } else {
        auto n = wholeNumberIn(v, limits::IntRange{limits::strength.lo, u.strength}, strengthAtStart);
        if (!n) {
            return std::unexpected(n.error());
        }
        now.strength = *n == u.strength ? std::nullopt : std::optional(*n);
    }
    if (auto p = s.deployment.placements.find(*piece_); p != s.deployment.placements.end()) {
        Placement changed = p->second;
        changed.now = now;
        return edits::setPlacement(s, *piece_, changed);
    }
    Reinforcement changed = s.deployment.reinforcements.at(*piece_);
    changed.now = now;
    return edits::setReinforcement(s, *piece_, changed);
}

std::expected<CommandPtr, std::string> PropertiesPanel::edit(const wxString& name, const wxVariant& v) const {
    if (feature_) {
        return editFeature(name, v);
    }
    if (piece_ && piece_->kind == PieceKind::Unit && (name == standsAtStart || name == strengthAtStart)) {
        return editStrengthAtStart(name, v);
    }
    const Scenario& s = doc_->scenario();
    auto number = [&](limits::IntRange range, const char* what) { return wholeNumberIn(v, range, what); };
    if (piece_->kind == PieceKind::Unit) {
        Unit u = s.oob.units.at(UnitId{piece_->id});
        std::expected<int, std::string> n = 0;
        if (name == "Name") {
            u.name = v.GetString().utf8_string();
        } else if (name == "Roster number") {
            n = number(limits::roster, "The roster number");
            u.roster = n.value_or(0);
        } else if (name == "Arm") {
            // A regiment turned battery gets guns and loses its muskets (and back), in the ruleset's terms.
            const auto isArtillery = [](Arm a) { return a == Arm::Artillery || a == Arm::HeavyArtillery; };
            const bool was = isArtillery(u.arm);
            u.arm = enumValue<Arm>(v);
            const UnitVocabulary vocabulary = doc_->unitVocabulary();
            if (!was && isArtillery(u.arm)) {
                u.weapon = Weapon::None;
                u.gun = u.gun == Gun::None ? vocabulary.gun(Gun::Napoleon12lb) : u.gun;
                u.formation = Formation::Limbered;
            } else if (was && !isArtillery(u.arm)) {
                u.gun = Gun::None;
                u.formation = u.arm == Arm::Cavalry ? Formation::Mounted : Formation::Line;
            }
            // Small arms the new arm may carry (Good Old Rebel's cavalry use carbines).
            if (const auto allowed = vocabulary.allowedWeapons(u.arm);
                !isArtillery(u.arm) && std::ranges::find(allowed, u.weapon) == allowed.end()) {
                u.weapon = vocabulary.usualWeapon(u.arm);
            }
            if (auto it = vocabulary.stands.find(u.arm);
                it != vocabulary.stands.end() && was != isArtillery(u.arm)) {
                u.stands = it->second;
            }
        } else if (name == "Stands") {
            n = number(limits::stands, "Stands");
            u.stands = n.value_or(1);
        } else if (name == "Men or guns") {
            n = number(limits::strength, "Men or guns");
            u.strength = n.value_or(0);
        } else if (name == "Quality") {
            u.quality = enumValue<Quality>(v);
        } else if (name == "Weapon") {
            u.weapon = enumValue<Weapon>(v);
        } else if (name == "Gun") {
            u.gun = enumValue<Gun>(v);
        } else if (name == "Formation") {
            u.formation = enumValue<Formation>(v);
        }
        if (!n) {
            return std::unexpected(n.error());
        }
        if (auto problem = limits::checkUnit(u)) {
            return std::unexpected(*problem);
        }
        if (auto problem = fullStrengthProblem(s, UnitId{piece_->id}, u)) {
            return std::unexpected(*problem);
        }
        return edits::setUnit(s, UnitId{piece_->id}, u);
    }
    if (piece_->kind == PieceKind::Train) {
        Train t = s.oob.trains.at(TrainId{piece_->id});
        if (name == "Name") {
            t.name = v.GetString().utf8_string();
        } else if (name == "Corps") {
            t.corps = HeadquartersId{static_cast<std::uint32_t>(v.GetLong())};
        }
        if (auto problem = limits::checkTrain(t)) {
            return std::unexpected(*problem);
        }
        return edits::setTrain(s, TrainId{piece_->id}, t);
    }
    Headquarters hq = s.oob.headquarters.at(HeadquartersId{piece_->id});
    if (name == "Name") {
        hq.name = v.GetString().utf8_string();
    } else if (name == "Commander") {
        hq.commander = v.GetString().utf8_string();
    } else if (name == "Commander quality") {
        if (v.GetLong() == NoValue) {
            hq.commanderQuality.reset();
        } else {
            hq.commanderQuality = enumValue<Quality>(v);
        }
    }
    if (auto problem = limits::checkHeadquarters(hq)) {
        return std::unexpected(*problem);
    }
    return edits::setHeadquarters(s, HeadquartersId{piece_->id}, hq);
}

void PropertiesPanel::changing(wxPropertyGridEvent& e) {
    if (!doc_ || (!piece_ && !feature_)) {
        return;
    }
    if (auto command = edit(e.GetPropertyName(), e.GetValue()); !command) {
        refuse(e, command.error());
    }
}

void PropertiesPanel::changed(wxPropertyGridEvent& e) {
    if (!doc_ || (!piece_ && !feature_)) {
        return;
    }
    if (auto command = edit(e.GetPropertyName(), e.GetValue())) {
        doc_->execute(std::move(*command));
    }
}

void refuse(wxPropertyGridEvent& e, const std::string& message) {
    // Stay in the field with the message on the status bar: no modal box for a typo.
    e.Veto();
    e.SetValidationFailureBehavior(wxPG_VFB_STAY_IN_PROPERTY | wxPG_VFB_MARK_CELL | wxPG_VFB_BEEP |
                                   wxPG_VFB_SHOW_MESSAGE_ON_STATUSBAR);
    e.SetValidationFailureMessage(wxString::FromUTF8(message));
    auto* grid = dynamic_cast<wxWindow*>(e.GetEventObject());
    auto* panel = grid != nullptr ? dynamic_cast<EntryChecks*>(grid->GetParent()) : nullptr;
    if (panel != nullptr && panel->onRefused) {
        panel->onRefused(message);
    }
}

} // namespace sandtable
