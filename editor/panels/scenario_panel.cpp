#include "scenario_panel.hpp"

#include "model/commands/edits.hpp"

#include <wx/propgrid/advprops.h>
#include <wx/propgrid/propgrid.h>
#include <wx/propgrid/props.h>
#include <wx/sizer.h>

#include <charconv>

namespace sandtable {
namespace {

template <typename E> wxEnumProperty* enumProperty(const wxString& label, const wxString& name, E value) {
    wxPGChoices choices;
    for (const auto& [v, text] : EnumNames<E>::names) {
        choices.Add(wxString::FromUTF8(std::string(text)), static_cast<int>(v));
    }
    return new wxEnumProperty(label, name, choices, static_cast<int>(value));
}

wxString text(const std::string& s) {
    return wxString::FromUTF8(s);
}

} // namespace

ScenarioPanel::ScenarioPanel(wxWindow* parent) : wxPanel(parent) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    grid_ = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                               wxPG_SPLITTER_AUTO_CENTER | wxPG_DEFAULT_STYLE);
    sizer->Add(grid_, 1, wxEXPAND);
    SetSizer(sizer);
    grid_->Bind(wxEVT_PG_CHANGED, &ScenarioPanel::changed, this);
}

void ScenarioPanel::setDocument(Document* doc) {
    doc_ = doc;
    refresh();
}

void ScenarioPanel::refresh() {
    refreshing_ = true;
    grid_->Clear();
    if (doc_) {
        const Scenario& s = doc_->scenario();
        const ScenarioInfo& info = s.info;
        grid_->Append(new wxPropertyCategory("Scenario"));
        grid_->Append(new wxStringProperty("Title", "title", text(info.title)));
        grid_->Append(new wxStringProperty("Date (YYYY-MM-DD)", "date", text(info.date)));
        grid_->Append(new wxStringProperty("Place", "place", text(info.place)));
        grid_->Append(enumProperty("Theatre", "theatre", info.theatre));
        grid_->Append(new wxIntProperty("Minutes per turn", "turnMinutes", info.turnMinutes));
        grid_->Append(new wxIntProperty("Turns", "turns", info.turns));
        grid_->Append(enumProperty("First player", "firstPlayer", info.firstPlayer));
        wxPGChoices rulesets;
        for (const char* r : {"hexed-general", "kallistra-hex", "acw-area", "good-old-rebel"}) {
            rulesets.Add(r);
        }
        grid_->Append(
            new wxEditEnumProperty("Ruleset (name or file)", "ruleset", rulesets, text(info.ruleset)));
        grid_->Append(new wxStringProperty("Union name", "side0", text(info.sideNames[0])));
        grid_->Append(new wxStringProperty("Confederate name", "side1", text(info.sideNames[1])));
        grid_->Append(new wxPropertyCategory("Text"));
        grid_->Append(new wxLongStringProperty("Set-up notes", "setupNotes", text(info.setupNotes)));
        grid_->Append(new wxLongStringProperty("Special rules", "specialRules", text(info.specialRules)));
        grid_->Append(new wxLongStringProperty("Union objectives", "objectives0", text(info.objectives[0])));
        grid_->Append(
            new wxLongStringProperty("Confederate objectives", "objectives1", text(info.objectives[1])));
        grid_->Append(
            new wxLongStringProperty("Victory conditions", "victory", text(info.victoryConditions)));
        grid_->Append(new wxPropertyCategory("Events table (2D6)"));
        for (int roll = 2; roll <= 12; ++roll) {
            auto it = s.events.find(roll);
            grid_->Append(new wxStringProperty(wxString::Format("%d", roll),
                                               wxString::Format("event%d", roll),
                                               it == s.events.end() ? wxString() : text(it->second)));
        }
        grid_->Append(new wxPropertyCategory("Reinforcements (turn, entry cell)"));
        for (const auto& [piece, r] : s.deployment.reinforcements) {
            std::string name;
            if (piece.kind == PieceKind::Unit && s.oob.units.contains(UnitId{piece.id})) {
                name = s.oob.units.at(UnitId{piece.id}).name;
            } else if (piece.kind == PieceKind::Commander &&
                       s.oob.headquarters.contains(HeadquartersId{piece.id})) {
                name = s.oob.headquarters.at(HeadquartersId{piece.id}).commander;
            } else {
                name = std::string(enumName(piece.kind)) + " " + std::to_string(piece.id);
            }
            grid_->Append(new wxStringProperty(
                text(name), wxString::Format("reinf:%s:%u", std::string(enumName(piece.kind)), piece.id),
                wxString::Format("%d, %s", r.turn, s.map.grid.label(r.entry))));
        }
    }
    refreshing_ = false;
}

void ScenarioPanel::changed(wxPropertyGridEvent& e) {
    if (!doc_ || refreshing_) {
        return;
    }
    const Scenario& s = doc_->scenario();
    const std::string name = e.GetPropertyName().utf8_string();
    const wxVariant v = e.GetValue();
    ScenarioInfo info = s.info;
    if (name.starts_with("event")) {
        const int roll = std::stoi(name.substr(5));
        const std::string value = v.GetString().utf8_string();
        doc_->execute(edits::setEvent(s, roll, value.empty() ? std::nullopt : std::optional(value)));
        return;
    }
    if (name.starts_with("reinf:")) {
        const auto colon = name.find(':', 6);
        const auto kind = parseEnum<PieceKind>(name.substr(6, colon - 6));
        const auto id = static_cast<std::uint32_t>(std::stoul(name.substr(colon + 1)));
        // "turn, CCRR"
        const std::string value = v.GetString().utf8_string();
        const auto comma = value.find(',');
        int turn = 0;
        const std::string turnText = value.substr(0, comma);
        std::from_chars(turnText.data(), turnText.data() + turnText.size(), turn);
        std::string label = comma == std::string::npos ? "" : value.substr(comma + 1);
        std::erase(label, ' ');
        const auto entry = s.map.grid.parseLabel(label);
        if (!kind || turn < 1 || !entry) {
            CallAfter([this] { refresh(); }); // put back what was there; the value was not understood
            return;
        }
        Reinforcement r = s.deployment.reinforcements.at(PieceRef{*kind, id});
        r.turn = turn;
        r.entry = *entry;
        doc_->execute(edits::setReinforcement(s, PieceRef{*kind, id}, r));
        return;
    }
    const std::string str = v.GetType() == "string" ? v.GetString().utf8_string() : std::string();
    if (name == "title") {
        info.title = str;
    } else if (name == "date") {
        info.date = str;
    } else if (name == "place") {
        info.place = str;
    } else if (name == "theatre") {
        info.theatre = static_cast<Theatre>(v.GetLong());
    } else if (name == "turnMinutes") {
        info.turnMinutes = std::clamp(static_cast<int>(v.GetLong()), 1, 24 * 60);
    } else if (name == "turns") {
        info.turns = std::clamp(static_cast<int>(v.GetLong()), 1, 999);
    } else if (name == "firstPlayer") {
        info.firstPlayer = static_cast<Side>(v.GetLong());
    } else if (name == "ruleset") {
        info.ruleset = e.GetProperty()->GetValueAsString().utf8_string();
        if (onRulesetChanged) {
            onRulesetChanged(info.ruleset);
        }
    } else if (name == "side0" || name == "side1") {
        info.sideNames[name == "side0" ? 0 : 1] = str;
    } else if (name == "setupNotes") {
        info.setupNotes = str;
    } else if (name == "specialRules") {
        info.specialRules = str;
    } else if (name == "objectives0" || name == "objectives1") {
        info.objectives[name == "objectives0" ? 0 : 1] = str;
    } else if (name == "victory") {
        info.victoryConditions = str;
    }
    doc_->execute(edits::setInfo(s, info));
}

} // namespace sandtable
