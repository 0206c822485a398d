#include "properties_panel.hpp"

#include "model/commands/edits.hpp"

#include <wx/propgrid/propgrid.h>
#include <wx/propgrid/props.h>
#include <wx/sizer.h>

namespace sandtable {
namespace {

template <typename E> wxEnumProperty* enumProperty(const char* label, E value) {
    wxPGChoices choices;
    for (const auto& [v, name] : EnumNames<E>::names) {
        choices.Add(wxString::FromUTF8(std::string(name)), static_cast<int>(v));
    }
    return new wxEnumProperty(label, label, choices, static_cast<int>(value));
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
    grid_->Bind(wxEVT_PG_CHANGED, &PropertiesPanel::changed, this);
}

void PropertiesPanel::show(std::optional<PieceRef> piece) {
    piece_ = piece;
    grid_->Clear();
    if (!doc_ || !piece) {
        return;
    }
    const Scenario& s = doc_->scenario();
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
        grid_->Append(enumProperty("Quality", u.quality));
        grid_->Append(enumProperty("Weapon", u.weapon));
        grid_->Append(enumProperty("Gun", u.gun));
        grid_->Append(enumProperty("Formation", u.formation));
    } else if (piece->kind == PieceKind::Commander) {
        const Headquarters* hq = s.oob.find(HeadquartersId{piece->id});
        if (hq == nullptr) {
            return;
        }
        grid_->Append(new wxStringProperty("Name", "Name", wxString::FromUTF8(hq->name)));
        grid_->Append(new wxStringProperty("Commander", "Commander", wxString::FromUTF8(hq->commander)));
        grid_->Append(enumProperty("Echelon", hq->echelon))->Enable(false);
        grid_->Append(enumProperty("Commander quality", hq->commanderQuality.value_or(Quality::Seasoned)));
    }
}

void PropertiesPanel::changed(wxPropertyGridEvent& e) {
    if (!doc_ || !piece_) {
        return;
    }
    const Scenario& s = doc_->scenario();
    const wxString name = e.GetPropertyName();
    const wxVariant v = e.GetValue();
    if (piece_->kind == PieceKind::Unit) {
        Unit u = s.oob.units.at(UnitId{piece_->id});
        if (name == "Name") {
            u.name = v.GetString().utf8_string();
        } else if (name == "Roster number") {
            u.roster = static_cast<int>(v.GetLong());
        } else if (name == "Arm") {
            u.arm = enumValue<Arm>(v);
        } else if (name == "Stands") {
            u.stands = std::max(1, static_cast<int>(v.GetLong()));
        } else if (name == "Men or guns") {
            u.strength = std::max(0, static_cast<int>(v.GetLong()));
        } else if (name == "Quality") {
            u.quality = enumValue<Quality>(v);
        } else if (name == "Weapon") {
            u.weapon = enumValue<Weapon>(v);
        } else if (name == "Gun") {
            u.gun = enumValue<Gun>(v);
        } else if (name == "Formation") {
            u.formation = enumValue<Formation>(v);
        }
        doc_->execute(edits::setUnit(s, UnitId{piece_->id}, u));
    } else if (piece_->kind == PieceKind::Commander) {
        Headquarters hq = s.oob.headquarters.at(HeadquartersId{piece_->id});
        if (name == "Name") {
            hq.name = v.GetString().utf8_string();
        } else if (name == "Commander") {
            hq.commander = v.GetString().utf8_string();
        } else if (name == "Commander quality") {
            hq.commanderQuality = enumValue<Quality>(v);
        }
        doc_->execute(edits::setHeadquarters(s, HeadquartersId{piece_->id}, hq));
    }
}

} // namespace sandtable
