#pragma once
// The order of battle as a tree: side > army > corps > division > brigade > units and trains.
// Right-click (or the Units menu, or the panel's toolbar) adds what belongs at that level; drag a
// piece onto the map to deploy it; labels edit in place. Every change is an undoable edit of the
// document. Each item shows whether it is deployed, arriving (turn) or not placed, and an icon for
// its worst problem with the messages as tooltip; expansion and selection survive edits.
#include "editor/actions/action.hpp"
#include "editor/document.hpp"
#include "model/oob_authoring.hpp"
#include "properties_panel.hpp"

#include <functional>
#include <set>
#include <wx/panel.h>
#include <wx/treectrl.h>

class wxButton;
class wxImageList;
class wxWrapSizer;

namespace sandtable {

// The name of the Units menu's action that adds `addition` ("units.add.corps"): the panel's buttons
// are made from those actions.
std::string oobAdditionActionName(OobAddition addition);

class OobPanel : public wxPanel, public EntryChecks {
  public:
    explicit OobPanel(wxWindow* parent);
    ~OobPanel() override;
    void setDocument(Document* doc);
    // Rebuilds the tree from the order of battle, keeping what was expanded and selected.
    void rebuild();
    // Only the status icons and tooltips, after a change that cannot alter the tree's items.
    void refreshStatus();
    void selectPiece(PieceRef piece);
    // A button on the panel's toolbar for each add of `actions` that has a button label; they run
    // the action, and are enabled where the selection takes what they add. `actions` outlives them.
    void addActionButtons(const Actions& actions);
    std::function<void(std::optional<PieceRef>)> onSelect;
    // "Set line of supply": the corps whose line-of-supply cell the user is about to click.
    std::function<void(HeadquartersId corps)> onPickSupplyCell;

    // Adds `addition` at the selected item or the nearest headquarters above it that takes it
    // (Add corps on a division adds to its army), selects the new item and starts naming it.
    // Returns the new piece, or nothing (with a message through onRefused) when there is no place.
    std::optional<PieceRef> add(OobAddition addition);
    // What add() would add to at the current selection, for enabling menu items and tools.
    std::optional<OobPlace> placeFor(OobAddition addition) const;

    // Moves a unit, train or headquarters under another headquarters (a drop in the tree).
    // Returns false, changing nothing, when the move would break the order (a corps under a
    // division, a unit across sides).
    bool reparent(PieceRef piece, HeadquartersId to);
    std::optional<PieceRef> pieceAt(wxPoint p) const;
    wxTreeCtrl* tree() const { return tree_; }
    wxTreeItemId itemOf(PieceRef piece) const;
    wxTreeItemId sideItem(Side side) const { return sideItems_[sideIndex(side)]; }
    // The context menu of an item, as right-click shows it; its commands run through runMenuCommand.
    std::unique_ptr<wxMenu> menuFor(wxTreeItemId item);
    void runMenuCommand(wxTreeItemId item, int id);
    // The problems of an item's piece, one per line (its tooltip); empty when none.
    wxString problemsOf(wxTreeItemId item) const;
    // Starts editing the item's bare name (not the decorated label).
    void rename(wxTreeItemId item);

  private:
    // What a tree item stands for: a side, a piece, or a corps' line-of-supply cell.
    struct ItemData : public wxTreeItemData {
        Side side = Side::Union;
        std::optional<PieceRef> piece;
        bool supplyLine = false; // the line of supply of the corps in `piece`

        // Survives a rebuild: which items were expanded and selected.
        std::string key() const {
            if (!piece) {
                return "side:" + std::string(enumName(side));
            }
            return (supplyLine ? "supply:" : "piece:") + std::string(enumName(piece->kind)) + ":" +
                   std::to_string(piece->id);
        }
    };
    const ItemData* dataOf(wxTreeItemId item) const;
    std::optional<PieceRef> pieceOf(wxTreeItemId item) const;
    std::optional<OobPlace> placeOf(wxTreeItemId item) const;
    void addHeadquartersItems(wxTreeItemId parent, HeadquartersId id,
                              const OrderOfBattle::Subordinates& under);
    wxTreeItemId appendPiece(wxTreeItemId parent, PieceRef piece);
    // The icon index for a piece: where it is and its worst finding as shownWorst_ has it.
    int statusImage(PieceRef piece) const;
    void computeShownWorst();
    void commitRename(wxTreeItemId item, const std::string& name);
    void updateToolbar();
    void makeStatusImages(); // the image list's icons, in imageIndex's order
    void showStatusOf(PieceRef piece);

    Document* doc_ = nullptr;
    wxTreeCtrl* tree_ = nullptr;
    std::unique_ptr<wxImageList> images_;
    std::map<PieceRef, wxTreeItemId> items_;
    wxWrapSizer* buttons_ = nullptr;
    std::vector<std::pair<wxButton*, OobAddition>> additionButtons_;
    std::map<PieceRef, Severity> shownWorst_; // what the icons show: each piece's worst finding
    std::array<wxTreeItemId, 2> sideItems_;
    bool renaming_ = false;
};

} // namespace sandtable
