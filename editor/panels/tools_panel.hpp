#pragma once
// The tool palette: which tool, brush size, terrain, hexside feature, path kind, map feature.
#include "editor/tools/tool_controller.hpp"

#include <functional>
#include <wx/panel.h>

class wxRadioBox;
class wxChoice;
class wxTextCtrl;

namespace sandtable {

class ToolsPanel : public wxPanel {
  public:
    ToolsPanel(wxWindow* parent, std::function<ToolController*()> tools);
    // Terrain names change with the scenario.
    void setTerrainTypes(const std::vector<TerrainType>& types);
    void showTerrain(TerrainIndex t);
    void selectTool(Tool t);

  private:
    void apply();
    std::function<ToolController*()> tools_;
    wxRadioBox* tool_ = nullptr;
    wxRadioBox* brush_ = nullptr;
    wxChoice* terrain_ = nullptr;
    wxChoice* sideFeature_ = nullptr;
    wxChoice* crossing_ = nullptr;
    wxChoice* pathKind_ = nullptr;
    wxChoice* featureKind_ = nullptr;
    wxTextCtrl* featureName_ = nullptr;
};

} // namespace sandtable
