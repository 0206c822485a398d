#include "scenario_panel.hpp"

#include "model/battle.hpp"

#include "formats/ruleset_xml.hpp"
#include "model/commands/edits.hpp"
#include "model/limits.hpp"
#include "properties_panel.hpp"

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
    grid_->Bind(wxEVT_PG_CHANGING, &ScenarioPanel::changing, this);
    grid_->Bind(wxEVT_PG_CHANGED, &ScenarioPanel::changed, this);
}

void ScenarioPanel::setDocument(Document* doc) {
    doc_ = doc;
    refresh();
}

void ScenarioPanel::refresh() {
    refreshing_ = true;
    // Made again after every edit: kept where the designer had scrolled to, so that the next field
    // is still in view.
    int viewX = 0, viewY = 0;
    grid_->GetViewStart(&viewX, &viewY);
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
        grid_->Append(new wxStringProperty("First turn at (HH:MM)", "startTime",
                                           info.startTime ? text(clockText(*info.startTime)) : wxString()));
        grid_->Append(new wxStringProperty("Night turns", "nightTurns", text(turnListText(info.nightTurns))));
        grid_->Append(new wxStringProperty("Dawn after night (HH:MM)", "dawn",
                                           info.dawn ? text(clockText(*info.dawn)) : wxString()));
        grid_->Append(enumProperty("First player", "firstPlayer", info.firstPlayer));
        wxPGChoices rulesets;
        for (const std::string& r : builtinRulesetNames()) {
            rulesets.Add(wxString::FromUTF8(r));
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
    grid_->Scroll(viewX, viewY);
    refreshing_ = false;
}

std::expected<CommandPtr, std::string> ScenarioPanel::edit(const std::string& name,
                                                           const wxVariant& v) const {
    const Scenario& s = doc_->scenario();
    ScenarioInfo info = s.info;
    const std::string str = v.GetType() == "string" ? v.GetString().utf8_string() : std::string();
    if (name.starts_with("event")) {
        int roll = 0;
        std::from_chars(name.data() + 5, name.data() + name.size(), roll);
        if (auto problem = limits::checkText("the event", str)) {
            return std::unexpected(*problem);
        }
        return edits::setEvent(s, roll, str.empty() ? std::nullopt : std::optional(str));
    }
    if (name.starts_with("reinf:")) {
        const auto colon = name.find(':', 6);
        const auto kind = parseEnum<PieceKind>(name.substr(6, colon - 6));
        std::uint32_t id = 0;
        std::from_chars(name.data() + colon + 1, name.data() + name.size(), id);
        auto it =
            kind ? s.deployment.reinforcements.find(PieceRef{*kind, id}) : s.deployment.reinforcements.end();
        if (it == s.deployment.reinforcements.end()) {
            return std::unexpected("this reinforcement is no longer in the scenario");
        }
        // "turn, CCRR"
        const auto comma = str.find(',');
        long long turn = 0;
        const std::string turnText = str.substr(0, comma);
        const auto [end, ec] = std::from_chars(turnText.data(), turnText.data() + turnText.size(), turn);
        std::string label = comma == std::string::npos ? "" : str.substr(comma + 1);
        std::erase(label, ' ');
        const auto entry = s.map.grid.parseLabel(label);
        if (ec != std::errc{} || !limits::turns.allows(turn) || !entry) {
            return std::unexpected("write the turn (" + limits::turns.expected() +
                                   ") and the entry cell, as '3, " + s.map.grid.label({0, 0}) + "'; not '" +
                                   str + "'");
        }
        Reinforcement r = it->second;
        r.turn = static_cast<int>(turn);
        r.entry = *entry;
        return edits::setReinforcement(s, it->first, r);
    }
    auto whole = [&](limits::IntRange range, const char* what) { return wholeNumberIn(v, range, what); };
    std::expected<int, std::string> n = 0;
    if (name == "title") {
        // Each scenario of a battle has its own title: the file refuses two alike.
        if (auto problem = scenarioTitleProblem(s, s.current, str)) {
            return std::unexpected(*problem);
        }
        info.title = str;
    } else if (name == "date") {
        info.date = str;
    } else if (name == "place") {
        info.place = str;
    } else if (name == "theatre") {
        info.theatre = static_cast<Theatre>(v.GetLong());
    } else if (name == "turnMinutes") {
        n = whole(limits::turnMinutes, "Minutes per turn");
        info.turnMinutes = n.value_or(1);
    } else if (name == "turns") {
        n = whole(limits::turns, "Turns");
        info.turns = n.value_or(1);
    } else if (name == "startTime" || name == "dawn") {
        std::optional<ClockTime> time;
        if (!str.empty() && !(time = parseClockTime(str))) {
            return std::unexpected("write " + std::string(clockTimeForm) + ", or nothing; not '" + str + "'");
        }
        (name == "dawn" ? info.dawn : info.startTime) = time;
    } else if (name == "nightTurns") {
        auto nights = parseTurnList(str);
        if (!nights) {
            return std::unexpected("write the night turns as " + std::string(turnListForm) + "; not '" + str +
                                   "'");
        }
        info.nightTurns = std::move(*nights);
    } else if (name == "firstPlayer") {
        info.firstPlayer = static_cast<Side>(v.GetLong());
    } else if (name == "ruleset") {
        info.ruleset = v.GetString().utf8_string();
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
    if (!n) {
        return std::unexpected(n.error());
    }
    if (auto problem = limits::checkInfo(info)) {
        return std::unexpected(*problem);
    }
    return edits::setInfo(s, info);
}

void ScenarioPanel::changing(wxPropertyGridEvent& e) {
    if (!doc_ || refreshing_) {
        return;
    }
    if (auto command = edit(e.GetPropertyName().utf8_string(), e.GetValue()); !command) {
        refuse(e, command.error());
    }
}

void ScenarioPanel::changed(wxPropertyGridEvent& e) {
    if (!doc_ || refreshing_) {
        return;
    }
    const std::string name = e.GetPropertyName().utf8_string();
    auto command = edit(name, e.GetValue());
    if (!command) {
        CallAfter([this] { refresh(); }); // put back what was there
        return;
    }
    if (name == "ruleset" && onRulesetChanged) {
        onRulesetChanged(e.GetValue().GetString().utf8_string());
    }
    doc_->execute(std::move(*command));
}

} // namespace sandtable
