#pragma once
// Map > Resize: the new size, an anchor (which sides grow or shrink, as Tiled offers), a preview
// of the old map on the new one, and the list of what would fall off the map before it happens.
#include "model/commands/resize_map.hpp"

#include <expected>
#include <string>
#include <wx/dialog.h>

class wxRadioBox;
class wxStaticText;
class wxTextCtrl;

namespace sandtable {

class ResizeDialog : public wxDialog {
  public:
    ResizeDialog(wxWindow* parent, const Scenario& scenario);

    // The resize as the fields stand, or what is wrong with them.
    std::expected<ResizePlan, std::string> plan() const;
    void update();

    wxTextCtrl* columns = nullptr;
    wxTextCtrl* rows = nullptr;
    wxRadioBox* horizontal = nullptr; // keep left, centre, keep right
    wxRadioBox* vertical = nullptr;   // keep top, middle, keep bottom
    wxWindow* preview = nullptr;
    wxStaticText* losses = nullptr;  // what falls off the map
    wxStaticText* problem = nullptr; // what is wrong with the fields

  private:
    void paintPreview();
    const Scenario& scenario_;
};

} // namespace sandtable
