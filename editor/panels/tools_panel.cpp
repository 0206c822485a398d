#include "tools_panel.hpp"

#include "editor/tools/tool_list.hpp"
#include "model/limits.hpp"

#include <wx/choice.h>
#include <wx/radiobox.h>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

namespace sandtable {
namespace {

template <typename E> wxArrayString namesOf() {
    wxArrayString out;
    for (const auto& [value, name] : EnumNames<E>::names) {
        out.Add(wxString::FromUTF8(std::string(name)));
    }
    return out;
}

} // namespace

ToolsPanel::ToolsPanel(wxWindow* parent, std::function<ToolManager*()> tools)
    : wxScrolledWindow(parent), tools_(std::move(tools)) {
    SetScrollRate(0, 10);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    const wxArrayString toolNames = [] {
        wxArrayString names;
        for (const ToolInfo& info : mapToolInfos()) {
            names.Add(wxString::FromUTF8(std::string(info.title)) + "  (" +
                      wxString::FromUTF8(shortcutText(info)) + ")");
        }
        return names;
    }();
    tool_ = new wxRadioBox(this, wxID_ANY, "Tool", wxDefaultPosition, wxDefaultSize, toolNames, 1);
    sizer->Add(tool_, 0, wxEXPAND | wxALL, 4);
    brush_ = new wxRadioBox(this, wxID_ANY, "Brush", wxDefaultPosition, wxDefaultSize,
                            wxArrayString{3, std::array<wxString, 3>{"1", "7", "19"}.data()}, 3);
    sizer->Add(brush_, 0, wxEXPAND | wxALL, 4);
    auto labelled = [&](const char* label, wxWindow* control) {
        auto* text = new wxStaticText(this, wxID_ANY, label);
        sizer->Add(text, 0, wxLEFT | wxTOP, 4);
        sizer->Add(control, 0, wxEXPAND | wxLEFT | wxRIGHT, 4);
        labels_[control] = text;
    };
    terrain_ = new wxChoice(this, wxID_ANY);
    labelled("Terrain", terrain_);
    sideFeature_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, namesOf<SideFeature>());
    labelled("Hexside feature", sideFeature_);
    crossing_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, namesOf<Crossing>());
    labelled("Crossing (instead)", crossing_);
    pathKind_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, namesOf<PathKind>());
    labelled("Path", pathKind_);
    featureKind_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, namesOf<FeatureKind>());
    labelled("Feature", featureKind_);
    featureName_ = new wxTextCtrl(this, wxID_ANY, "New place");
    labelled("Feature name", featureName_);
    // Any level the map can hold (model/limits), not a narrower guess.
    level_ =
        new wxSpinCtrl(this, wxID_ANY, "1", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS,
                       static_cast<int>(limits::elevation.lo), static_cast<int>(limits::elevation.hi), 1);
    labelled("Level (Set level)", level_);
    level_->Bind(wxEVT_SPINCTRL, [this](wxCommandEvent&) { apply(); });
    sideFeature_->SetSelection(1);
    crossing_->SetSelection(0);
    pathKind_->SetSelection(0);
    featureKind_->SetSelection(0);
    SetSizer(sizer);
    for (wxWindow* w : std::initializer_list<wxWindow*>{tool_, brush_}) {
        w->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) { apply(); });
    }
    for (wxChoice* c : {terrain_, sideFeature_, crossing_, pathKind_, featureKind_}) {
        c->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { apply(); });
    }
    featureName_->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { apply(); });
}

void ToolsPanel::setTerrainTypes(const std::vector<TerrainType>& types) {
    terrain_->Clear();
    for (const TerrainType& t : types) {
        terrain_->Append(wxString::FromUTF8(t.name));
    }
    terrain_->SetSelection(types.size() > 1 ? 1 : 0);
    apply();
}

void ToolsPanel::showTerrain(TerrainIndex t) {
    terrain_->SetSelection(t);
    apply();
}

void ToolsPanel::selectTool(ToolId t) {
    const auto& infos = mapToolInfos();
    for (std::size_t i = 0; i < infos.size(); ++i) {
        if (infos[i].id == t) {
            tool_->SetSelection(static_cast<int>(i));
        }
    }
    apply();
}

wxSize ToolsPanel::neededSize() const {
    return GetSizer()->CalcMin();
}

void ToolsPanel::showOptionsOf(ToolId t) {
    // Only the current tool's options, so the palette fits a 1366 x 768 screen without scrolling.
    const unsigned uses = mapToolInfo(t).options;
    const std::pair<wxWindow*, bool> options[] = {
        {brush_, (uses & BrushRadiusOption) != 0},       {terrain_, (uses & TerrainOption) != 0},
        {sideFeature_, (uses & SideFeatureOption) != 0}, {crossing_, (uses & CrossingOption) != 0},
        {pathKind_, (uses & PathKindOption) != 0},       {featureKind_, (uses & FeatureKindOption) != 0},
        {featureName_, (uses & FeatureNameOption) != 0}, {level_, (uses & LevelOption) != 0}};
    bool changed = false;
    for (const auto& [control, shown] : options) {
        changed = control->Show(shown) || changed;
        if (auto it = labels_.find(control); it != labels_.end()) {
            it->second->Show(shown);
        }
    }
    if (changed) {
        Layout();
        FitInside();
    }
}

void ToolsPanel::apply() {
    const ToolId chosen = mapToolInfos()[static_cast<std::size_t>(std::max(0, tool_->GetSelection()))].id;
    showOptionsOf(chosen);
    ToolManager* tools = tools_();
    if (tools == nullptr) {
        return;
    }
    ToolSettings& s = tools->settings;
    s.tool = chosen;
    s.brushRadius = brush_->GetSelection();
    s.terrain = static_cast<TerrainIndex>(std::max(0, terrain_->GetSelection()));
    s.sideFeature =
        EnumNames<SideFeature>::names[static_cast<std::size_t>(std::max(0, sideFeature_->GetSelection()))]
            .first;
    s.crossing = static_cast<Crossing>(std::max(0, crossing_->GetSelection()));
    s.pathKind = static_cast<PathKind>(std::max(0, pathKind_->GetSelection()));
    s.featureKind = static_cast<FeatureKind>(std::max(0, featureKind_->GetSelection()));
    s.featureName = featureName_->GetValue().utf8_string();
    s.level = level_->GetValue();
}

} // namespace sandtable
