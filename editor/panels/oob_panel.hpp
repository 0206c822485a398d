#pragma once
// The order of battle as a tree: side > army > corps > division > brigade > units and trains.
// Drag a piece onto the map to deploy it; right-click to add, rename or delete; labels edit in
// place. Every change is an undoable edit of the document.
#include "editor/document.hpp"
#include "properties_panel.hpp"

#include <functional>
#include <wx/panel.h>
#include <wx/treectrl.h>

namespace sandtable {

class OobPanel : public wxPanel, public EntryChecks {
  public:
    explicit OobPanel(wxWindow* parent);
    void setDocument(Document* doc);
    void rebuild();
    void selectPiece(PieceRef piece);
    std::function<void(std::optional<PieceRef>)> onSelect;
    // Moves a unit, train or headquarters under another headquarters (a drop in the tree).
    // Returns false, changing nothing, when the move would break the order (a corps under a
    // division, a unit across sides).
    bool reparent(PieceRef piece, HeadquartersId to);
    std::optional<PieceRef> pieceAt(wxPoint p) const;
    wxTreeCtrl* tree() const { return tree_; }

  private:
    std::optional<PieceRef> pieceOf(wxTreeItemId item) const;
    void addHeadquartersItems(wxTreeItemId parent, HeadquartersId id);
    void showMenu(wxTreeItemId item);

    Document* doc_ = nullptr;
    wxTreeCtrl* tree_ = nullptr;
    std::map<PieceRef, wxTreeItemId> items_;
};

} // namespace sandtable
