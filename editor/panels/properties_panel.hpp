#pragma once
// Properties of the selected unit or headquarters, edited in place (each change one undo step).
#include "editor/document.hpp"

#include <wx/panel.h>

class wxPropertyGrid;
class wxPropertyGridEvent;

namespace sandtable {

class PropertiesPanel : public wxPanel {
  public:
    explicit PropertiesPanel(wxWindow* parent);
    void setDocument(Document* doc) {
        doc_ = doc;
        show(std::nullopt);
    }
    void show(std::optional<PieceRef> piece);
    void refresh() { show(piece_); }

  private:
    void changed(wxPropertyGridEvent& e);
    Document* doc_ = nullptr;
    std::optional<PieceRef> piece_;
    wxPropertyGrid* grid_ = nullptr;
};

} // namespace sandtable
