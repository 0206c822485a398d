#include "oob_panel.hpp"

#include "model/commands/edits.hpp"
#include "model/limits.hpp"

#include <wx/button.h>
#include <wx/dnd.h>
#include <wx/graphics.h>
#include <wx/imaglist.h>
#include <wx/menu.h>
#include <wx/sizer.h>
#include <wx/textctrl.h>
#include <wx/wrapsizer.h>

#include <algorithm>

namespace sandtable {

namespace {

std::string bareName(const Scenario& s, PieceRef p) {
    switch (p.kind) {
    case PieceKind::Commander:
        return s.oob.headquarters.at(HeadquartersId{p.id}).name;
    case PieceKind::Unit:
        return s.oob.units.at(UnitId{p.id}).name;
    case PieceKind::Train:
        return s.oob.trains.at(TrainId{p.id}).name;
    }
    return "";
}

std::string itemLabel(const Scenario& s, PieceRef p) {
    const std::string where = s.deployment.placements.contains(p) ? ""
                              : s.deployment.reinforcements.contains(p)
                                  ? "  (turn " + std::to_string(s.deployment.reinforcements.at(p).turn) + ")"
                                  : "  (not deployed)";
    switch (p.kind) {
    case PieceKind::Commander: {
        const Headquarters& hq = s.oob.headquarters.at(HeadquartersId{p.id});
        return hq.name + (hq.commander.empty() ? "" : " - " + hq.commander) + where;
    }
    case PieceKind::Unit: {
        const Unit& u = s.oob.units.at(UnitId{p.id});
        return (u.roster != 0 ? "#" + std::to_string(u.roster) + " " : "") + u.name + "  [" +
               std::string(enumName(u.arm)) + ", " + std::to_string(u.stands) + " stands]" + where;
    }
    case PieceKind::Train:
        return s.oob.trains.at(TrainId{p.id}).name + "  [train]" + where;
    }
    return "";
}

// Takes "piece:KIND:ID" dragged within the tree and re-parents it under the headquarters dropped on.
class TreeDropTarget : public wxTextDropTarget {
  public:
    explicit TreeDropTarget(OobPanel& panel) : panel_(panel) {}
    bool OnDropText(wxCoord x, wxCoord y, const wxString& text) override {
        const std::string s = text.utf8_string();
        const auto piece =
            s.starts_with("piece:") ? parsePieceRef(std::string_view(s).substr(6)) : std::nullopt;
        const auto target = panel_.pieceAt(wxPoint(x, y));
        if (!piece || !target || target->kind != PieceKind::Commander) {
            return false;
        }
        return panel_.reparent(*piece, HeadquartersId{target->id});
    }

  private:
    OobPanel& panel_;
};

} // namespace

OobPanel::OobPanel(wxWindow* parent) : wxPanel(parent), images_(std::make_unique<wxImageList>(16, 16, true)) {
    makeStatusImages();
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    // The panel's toolbar: the adds, enabled where the selection takes them (addActionButtons).
    buttons_ = new wxWrapSizer(wxHORIZONTAL);
    sizer->Add(buttons_, 0, wxEXPAND);
    tree_ = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                           wxTR_DEFAULT_STYLE | wxTR_HIDE_ROOT | wxTR_EDIT_LABELS);
    tree_->SetImageList(images_.get());
    sizer->Add(tree_, 1, wxEXPAND);
    SetSizer(sizer);
    tree_->SetDropTarget(new TreeDropTarget(*this)); // wx owns drop targets
    tree_->Bind(wxEVT_TREE_SEL_CHANGED, [this](wxTreeEvent& e) {
        updateToolbar();
        if (onSelect) {
            onSelect(pieceOf(e.GetItem()));
        }
    });
    tree_->Bind(wxEVT_TREE_BEGIN_DRAG, [this](wxTreeEvent& e) {
        const auto piece = pieceOf(e.GetItem());
        if (!piece) {
            return;
        }
        wxTextDataObject data("piece:" + std::string(enumName(piece->kind)) + ":" +
                              std::to_string(piece->id));
        wxDropSource source(data, tree_);
        source.DoDragDrop(wxDrag_CopyOnly);
    });
    tree_->Bind(wxEVT_TREE_BEGIN_LABEL_EDIT, [this](wxTreeEvent& e) {
        if (renaming_) {
            return; // our own rename(): let it edit
        }
        e.Veto();
        // Edit the bare name, not the decorated label: start again through rename().
        if (pieceOf(e.GetItem())) {
            const wxTreeItemId item = e.GetItem();
            CallAfter([this, item] { rename(item); });
        }
    });
    tree_->Bind(wxEVT_TREE_END_LABEL_EDIT, [this](wxTreeEvent& e) {
        if (e.IsEditCancelled() || e.GetLabel().IsEmpty()) {
            return;
        }
        e.Veto(); // the rebuild after the edit shows the new label
        commitRename(e.GetItem(), e.GetLabel().utf8_string());
    });
    tree_->Bind(wxEVT_TREE_ITEM_MENU, [this](wxTreeEvent& e) {
        const wxTreeItemId item = e.GetItem();
        if (auto menu = menuFor(item)) {
            menu->Bind(wxEVT_MENU, [this, item](wxCommandEvent& m) { runMenuCommand(item, m.GetId()); });
            PopupMenu(menu.get());
        }
    });
    tree_->Bind(wxEVT_TREE_ITEM_GETTOOLTIP,
                [this](wxTreeEvent& e) { e.SetToolTip(problemsOf(e.GetItem())); });
}

OobPanel::~OobPanel() {
    tree_->SetImageList(nullptr);
}

const OobPanel::ItemData* OobPanel::dataOf(wxTreeItemId item) const {
    return item.IsOk() ? dynamic_cast<const ItemData*>(tree_->GetItemData(item)) : nullptr;
}

std::optional<PieceRef> OobPanel::pieceOf(wxTreeItemId item) const {
    const ItemData* data = dataOf(item);
    return data != nullptr && !data->supplyLine ? data->piece : std::nullopt;
}

std::optional<OobPlace> OobPanel::placeOf(wxTreeItemId item) const {
    const ItemData* data = dataOf(item);
    if (data == nullptr || !doc_) {
        return std::nullopt;
    }
    if (!data->piece) {
        return OobPlace{data->side, {}};
    }
    const OrderOfBattle& oob = doc_->scenario().oob;
    switch (data->piece->kind) {
    case PieceKind::Commander:
        return OobPlace{data->side, HeadquartersId{data->piece->id}};
    case PieceKind::Unit:
        if (auto it = oob.units.find(UnitId{data->piece->id}); it != oob.units.end()) {
            return OobPlace{data->side, it->second.parent};
        }
        break;
    case PieceKind::Train:
        if (auto it = oob.trains.find(TrainId{data->piece->id}); it != oob.trains.end()) {
            return OobPlace{data->side, it->second.corps};
        }
        break;
    }
    return std::nullopt;
}

std::optional<OobPlace> OobPanel::placeFor(OobAddition addition) const {
    if (!doc_) {
        return std::nullopt;
    }
    const OrderOfBattle& oob = doc_->scenario().oob;
    std::optional<OobPlace> place = placeOf(tree_->GetSelection());
    if (!place) {
        // Nothing selected: a new army goes to the Union, anything else has no place yet.
        return addition == OobAddition::Army ? std::optional(OobPlace{Side::Union, {}}) : std::nullopt;
    }
    // Walk up to the nearest level that takes it: Add corps on a division adds to its army.
    while (true) {
        const auto here = additionsAt(oob, *place);
        if (std::ranges::find(here, addition) != here.end()) {
            return place;
        }
        if (!place->headquarters.valid()) {
            return std::nullopt;
        }
        const Headquarters* hq = oob.find(place->headquarters);
        place->headquarters = hq != nullptr ? hq->parent : HeadquartersId{};
    }
}

std::optional<PieceRef> OobPanel::add(OobAddition addition) {
    const auto place = placeFor(addition);
    if (!place) {
        if (onRefused) {
            onRefused("Select where in the order of battle the " + std::string(enumName(addition)) +
                      " goes first (" + std::string(additionLabel(addition)) + " goes under " +
                      (addition == OobAddition::Army ? "a side"
                       : addition == OobAddition::Corps || addition == OobAddition::IndependentBrigade ||
                               addition == OobAddition::IndependentUnit
                           ? "an army"
                       : addition == OobAddition::Division || addition == OobAddition::Train ? "a corps"
                       : addition == OobAddition::Brigade                                    ? "a division"
                                                          : "a division or brigade") +
                      ")");
        }
        return std::nullopt;
    }
    auto added = addToOrderOfBattle(doc_->scenario(), *place, addition, doc_->unitVocabulary());
    if (!added) {
        return std::nullopt;
    }
    const PieceRef piece = added->piece;
    doc_->execute(std::move(added->command)); // rebuilds the tree through the frame
    if (items_.contains(piece)) {
        selectPiece(piece);
        rename(items_.at(piece));
    }
    return piece;
}

void OobPanel::rename(wxTreeItemId item) {
    const auto piece = pieceOf(item);
    if (!doc_ || !piece || !doc_->scenario().hasPiece(*piece)) {
        return;
    }
    renaming_ = true;
    wxTextCtrl* edit = tree_->EditLabel(item);
    renaming_ = false;
    if (edit != nullptr) {
        edit->SetValue(wxString::FromUTF8(bareName(doc_->scenario(), *piece)));
        edit->SelectAll();
    }
}

void OobPanel::commitRename(wxTreeItemId item, const std::string& name) {
    const auto piece = pieceOf(item);
    if (!doc_ || !piece) {
        return;
    }
    const Scenario& s = doc_->scenario();
    if (!s.hasPiece(*piece) || name == bareName(s, *piece)) {
        return;
    }
    if (auto problem = limits::checkName("the name", name)) {
        if (onRefused) {
            onRefused(*problem);
        }
        return;
    }
    switch (piece->kind) {
    case PieceKind::Unit: {
        Unit u = s.oob.units.at(UnitId{piece->id});
        u.name = name;
        doc_->execute(edits::setUnit(s, UnitId{piece->id}, u));
        break;
    }
    case PieceKind::Commander: {
        Headquarters hq = s.oob.headquarters.at(HeadquartersId{piece->id});
        hq.name = name;
        doc_->execute(edits::setHeadquarters(s, HeadquartersId{piece->id}, hq));
        break;
    }
    case PieceKind::Train: {
        Train t = s.oob.trains.at(TrainId{piece->id});
        t.name = name;
        doc_->execute(edits::setTrain(s, TrainId{piece->id}, t));
        break;
    }
    }
}

std::optional<PieceRef> OobPanel::pieceAt(wxPoint p) const {
    int flags = 0;
    return pieceOf(tree_->HitTest(p, flags));
}

wxTreeItemId OobPanel::itemOf(PieceRef piece) const {
    auto it = items_.find(piece);
    return it != items_.end() ? it->second : wxTreeItemId();
}

bool OobPanel::reparent(PieceRef piece, HeadquartersId to) {
    if (!doc_) {
        return false;
    }
    const Scenario& s = doc_->scenario();
    const Headquarters* target = s.oob.find(to);
    if (target == nullptr) {
        return false;
    }
    switch (piece.kind) {
    case PieceKind::Unit: {
        auto it = s.oob.units.find(UnitId{piece.id});
        if (it == s.oob.units.end() || s.oob.sideOf(it->second.parent) != target->side ||
            it->second.parent == to) {
            return false;
        }
        Unit u = it->second;
        u.parent = to;
        doc_->execute(edits::setUnit(s, UnitId{piece.id}, u));
        return true;
    }
    case PieceKind::Train: {
        auto it = s.oob.trains.find(TrainId{piece.id});
        if (it == s.oob.trains.end() || target->echelon != Echelon::Corps ||
            target->side != s.oob.sideOf(it->second.corps)) {
            return false;
        }
        Train t = it->second;
        t.corps = to;
        doc_->execute(edits::setTrain(s, TrainId{piece.id}, t));
        return true;
    }
    case PieceKind::Commander: {
        const Headquarters* hq = s.oob.find(HeadquartersId{piece.id});
        // Only under a higher echelon of the same side, and never under itself or its own subordinates.
        if (hq == nullptr || hq->side != target->side || target->echelon >= hq->echelon ||
            HeadquartersId{piece.id} == to) {
            return false;
        }
        Headquarters moved = *hq;
        moved.parent = to;
        doc_->execute(edits::setHeadquarters(s, HeadquartersId{piece.id}, moved));
        return true;
    }
    }
    return false;
}

void OobPanel::setDocument(Document* doc) {
    doc_ = doc;
    tree_->DeleteAllItems(); // another scenario: nothing of the old tree's state applies
    rebuild();
}

wxTreeItemId OobPanel::appendPiece(wxTreeItemId parent, PieceRef piece) {
    const Scenario& s = doc_->scenario();
    auto* data = new ItemData; // the tree owns item data
    data->side = dataOf(parent) != nullptr ? dataOf(parent)->side : Side::Union;
    data->piece = piece;
    // With its icon at once: setting one later measures the item's text again, and a battle has
    // thousands of items.
    const int image = statusImage(piece);
    const wxTreeItemId item =
        tree_->AppendItem(parent, wxString::FromUTF8(itemLabel(s, piece)), image, image, data);
    items_[piece] = item;
    return item;
}

void OobPanel::addHeadquartersItems(wxTreeItemId parent, HeadquartersId id,
                                    const OrderOfBattle::Subordinates& under) {
    const Scenario& s = doc_->scenario();
    const wxTreeItemId item = appendPiece(parent, PieceRef::commander(id));
    const Headquarters& hq = s.oob.headquarters.at(id);
    if (hq.echelon == Echelon::Corps && hq.supplyCell) {
        auto* data = new ItemData;
        data->side = hq.side;
        data->piece = PieceRef::commander(id);
        data->supplyLine = true;
        tree_->AppendItem(item, "Line of supply: " + s.map.grid.label(*hq.supplyCell), -1, -1, data);
    }
    if (auto it = under.headquarters.find(id); it != under.headquarters.end()) {
        for (HeadquartersId child : it->second) {
            addHeadquartersItems(item, child, under);
        }
    }
    if (auto it = under.units.find(id); it != under.units.end()) {
        for (UnitId u : it->second) {
            appendPiece(item, PieceRef::unit(u));
        }
    }
    if (auto it = under.trains.find(id); it != under.trains.end()) {
        for (TrainId t : it->second) {
            appendPiece(item, PieceRef::train(t));
        }
    }
}

void OobPanel::rebuild() {
    // What the user had open and selected, by key: item ids do not survive DeleteAllItems. A side
    // stays open unless the user closed it (a side without items cannot be open).
    std::set<std::string> expanded;
    std::set<std::string> closedSides;
    std::string selected;
    std::function<void(wxTreeItemId)> remember = [&](wxTreeItemId item) {
        wxTreeItemIdValue cookie;
        for (wxTreeItemId child = tree_->GetFirstChild(item, cookie); child.IsOk();
             child = tree_->GetNextChild(item, cookie)) {
            if (const ItemData* data = dataOf(child)) {
                if (tree_->IsExpanded(child)) {
                    expanded.insert(data->key());
                } else if (!data->piece && tree_->HasChildren(child)) {
                    closedSides.insert(data->key());
                }
                if (tree_->IsSelected(child)) {
                    selected = data->key();
                }
            }
            remember(child);
        }
    };
    if (tree_->GetRootItem().IsOk()) {
        remember(tree_->GetRootItem());
    }

    tree_->Freeze();
    tree_->DeleteAllItems();
    items_.clear();
    sideItems_ = {};
    const wxTreeItemId root = tree_->AddRoot("Order of battle");
    if (doc_) {
        const Scenario& s = doc_->scenario();
        computeShownWorst();
        const OrderOfBattle::Subordinates under =
            s.oob.subordinates(); // once: the tree has thousands of items
        for (Side side : {Side::Union, Side::Confederate}) {
            auto* data = new ItemData;
            data->side = side;
            const wxTreeItemId sideItem =
                tree_->AppendItem(root, wxString::FromUTF8(s.info.sideNames[sideIndex(side)]), -1, -1, data);
            sideItems_[sideIndex(side)] = sideItem;
            for (const auto& [id, hq] : s.oob.headquarters) {
                if (hq.side == side && !hq.parent.valid()) {
                    addHeadquartersItems(sideItem, id, under);
                }
            }
        }
        // Restore what was open and selected.
        std::function<void(wxTreeItemId)> restore = [&](wxTreeItemId item) {
            wxTreeItemIdValue cookie;
            for (wxTreeItemId child = tree_->GetFirstChild(item, cookie); child.IsOk();
                 child = tree_->GetNextChild(item, cookie)) {
                restore(child);
                const ItemData* data = dataOf(child);
                const std::string key = data != nullptr ? data->key() : std::string();
                const bool side = data != nullptr && !data->piece;
                if (tree_->HasChildren(child) &&
                    (expanded.contains(key) || (side && !closedSides.contains(key)))) {
                    tree_->Expand(child);
                }
                if (!selected.empty() && key == selected) {
                    tree_->SelectItem(child, true);
                }
            }
        };
        restore(root);
    } else {
        shownWorst_.clear();
    }
    tree_->Thaw();
    updateToolbar();
}

void OobPanel::selectPiece(PieceRef piece) {
    if (auto it = items_.find(piece); it != items_.end()) {
        tree_->EnsureVisible(it->second);
        tree_->SelectItem(it->second);
    }
}

} // namespace sandtable
