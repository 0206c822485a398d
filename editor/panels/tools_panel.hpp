#pragma once
// The tool palette: which tool, brush size, terrain, hexside feature, path kind, map feature.
#include "editor/tools/tool_manager.hpp"

#include <functional>
#include <map>
#include <wx/scrolwin.h>

class wxRadioBox;
class wxChoice;
class wxTextCtrl;
class wxSpinCtrl;

namespace sandtable {

// Scrolls when the window is too short for all of it.
class ToolsPanel : public wxScrolledWindow {
  public:
    ToolsPanel(wxWindow* parent, std::function<ToolManager*()> tools);
    // Terrain names change with the scenario.
    void setTerrainTypes(const std::vector<TerrainType>& types);
    void showTerrain(TerrainIndex t);
    void selectTool(ToolId t);

    // The room the palette needs for the current tool, without scrolling.
    wxSize neededSize() const;

  private:
    void apply();
    void showOptionsOf(ToolId t);
    std::map<wxWindow*, wxWindow*> labels_; // option control -> its label
    std::function<ToolManager*()> tools_;
    wxRadioBox* tool_ = nullptr;
    wxRadioBox* brush_ = nullptr;
    wxChoice* terrain_ = nullptr;
    wxChoice* sideFeature_ = nullptr;
    wxChoice* crossing_ = nullptr;
    wxChoice* pathKind_ = nullptr;
    wxChoice* featureKind_ = nullptr;
    wxTextCtrl* featureName_ = nullptr;
    wxSpinCtrl* level_ = nullptr;
};

} // namespace sandtable
