#include "oob_panel.hpp"

#include "model/commands/edits.hpp"
#include "model/limits.hpp"

#include <wx/dnd.h>
#include <wx/menu.h>
#include <wx/sizer.h>

namespace sandtable {
namespace {

// Tree items remember the piece they stand for.
class PieceData : public wxTreeItemData {
  public:
    explicit PieceData(PieceRef p) : piece(p) {}
    PieceRef piece;
};

std::string itemLabel(const Scenario& s, PieceRef p) {
    const bool placed = s.deployment.placements.contains(p);
    const bool arriving = s.deployment.reinforcements.contains(p);
    const std::string where = placed ? ""
                              : arriving
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
        return s.oob.trains.at(TrainId{p.id}).name + where;
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

OobPanel::OobPanel(wxWindow* parent) : wxPanel(parent) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    tree_ = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                           wxTR_DEFAULT_STYLE | wxTR_HIDE_ROOT | wxTR_EDIT_LABELS);
    sizer->Add(tree_, 1, wxEXPAND);
    SetSizer(sizer);
    tree_->SetDropTarget(new TreeDropTarget(*this)); // wx owns drop targets
    tree_->Bind(wxEVT_TREE_SEL_CHANGED, [this](wxTreeEvent& e) {
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
        // Edit the bare name, not the decorated label.
        const auto piece = pieceOf(e.GetItem());
        if (!piece || piece->kind == PieceKind::Train) {
            e.Veto();
        }
    });
    tree_->Bind(wxEVT_TREE_END_LABEL_EDIT, [this](wxTreeEvent& e) {
        const auto piece = pieceOf(e.GetItem());
        if (e.IsEditCancelled() || !piece || !doc_ || e.GetLabel().IsEmpty()) {
            return;
        }
        e.Veto(); // the rebuild after the edit shows the new label
        const std::string name = e.GetLabel().utf8_string();
        const Scenario& s = doc_->scenario();
        if (!s.hasPiece(*piece)) {
            return;
        }
        if (auto problem = limits::checkName("the name", name)) {
            if (onRefused) {
                onRefused(*problem);
            }
            return;
        }
        if (piece->kind == PieceKind::Unit) {
            Unit u = s.oob.units.at(UnitId{piece->id});
            u.name = name;
            doc_->execute(edits::setUnit(s, UnitId{piece->id}, u));
        } else {
            Headquarters hq = s.oob.headquarters.at(HeadquartersId{piece->id});
            hq.name = name;
            doc_->execute(edits::setHeadquarters(s, HeadquartersId{piece->id}, hq));
        }
    });
    tree_->Bind(wxEVT_TREE_ITEM_MENU, [this](wxTreeEvent& e) { showMenu(e.GetItem()); });
}

std::optional<PieceRef> OobPanel::pieceAt(wxPoint p) const {
    int flags = 0;
    return pieceOf(tree_->HitTest(p, flags));
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
    rebuild();
}

std::optional<PieceRef> OobPanel::pieceOf(wxTreeItemId item) const {
    if (!item.IsOk()) {
        return std::nullopt;
    }
    auto* data = dynamic_cast<PieceData*>(tree_->GetItemData(item));
    return data ? std::optional(data->piece) : std::nullopt;
}

void OobPanel::addHeadquartersItems(wxTreeItemId parent, HeadquartersId id) {
    const Scenario& s = doc_->scenario();
    const PieceRef me = PieceRef::commander(id);
    const wxTreeItemId item =
        tree_->AppendItem(parent, wxString::FromUTF8(itemLabel(s, me)), -1, -1, new PieceData(me));
    items_[me] = item;
    for (HeadquartersId child : s.oob.children(id)) {
        addHeadquartersItems(item, child);
    }
    for (UnitId u : s.oob.unitsUnder(id)) {
        const PieceRef p = PieceRef::unit(u);
        items_[p] = tree_->AppendItem(item, wxString::FromUTF8(itemLabel(s, p)), -1, -1, new PieceData(p));
    }
    for (const auto& [tid, train] : s.oob.trains) {
        if (train.corps == id) {
            const PieceRef p = PieceRef::train(tid);
            items_[p] =
                tree_->AppendItem(item, wxString::FromUTF8(itemLabel(s, p)), -1, -1, new PieceData(p));
        }
    }
}

void OobPanel::rebuild() {
    tree_->Freeze();
    tree_->DeleteAllItems();
    items_.clear();
    const wxTreeItemId root = tree_->AddRoot("Order of battle");
    if (doc_) {
        const Scenario& s = doc_->scenario();
        for (Side side : {Side::Union, Side::Confederate}) {
            const wxTreeItemId sideItem =
                tree_->AppendItem(root, wxString::FromUTF8(s.info.sideNames[sideIndex(side)]));
            for (const auto& [id, hq] : s.oob.headquarters) {
                if (hq.side == side && !hq.parent.valid()) {
                    addHeadquartersItems(sideItem, id);
                }
            }
            tree_->Expand(sideItem);
        }
    }
    tree_->Thaw();
}

void OobPanel::selectPiece(PieceRef piece) {
    if (auto it = items_.find(piece); it != items_.end()) {
        tree_->EnsureVisible(it->second);
        tree_->SelectItem(it->second);
    }
}

void OobPanel::showMenu(wxTreeItemId item) {
    if (!doc_) {
        return;
    }
    const auto piece = pieceOf(item);
    enum { AddUnit = 1, AddChild, Rename, Remove, TakeOff };
    wxMenu menu;
    const bool isHq = piece && piece->kind == PieceKind::Commander;
    const Headquarters* hq = isHq ? doc_->scenario().oob.find(HeadquartersId{piece->id}) : nullptr;
    if (hq != nullptr) {
        menu.Append(AddUnit, "Add unit");
        if (hq->echelon != Echelon::Brigade) {
            menu.Append(AddChild,
                        wxString("Add ") +
                            std::string(enumName(static_cast<Echelon>(static_cast<int>(hq->echelon) + 1))));
        }
    }
    if (piece) {
        menu.Append(Rename, "Rename");
        if (doc_->scenario().deployment.placements.contains(*piece)) {
            menu.Append(TakeOff, "Take off the map");
        }
        menu.Append(Remove, isHq ? "Delete with everything under it" : "Delete");
    }
    menu.Bind(wxEVT_MENU, [&](wxCommandEvent& e) {
        const Scenario& s = doc_->scenario();
        switch (e.GetId()) {
        case AddUnit: {
            Unit u;
            u.parent = HeadquartersId{piece->id};
            u.name = "New regiment";
            doc_->execute(edits::setUnit(s, edits::nextUnitId(s), u));
            break;
        }
        case AddChild: {
            Headquarters child;
            child.side = hq->side;
            child.echelon = static_cast<Echelon>(static_cast<int>(hq->echelon) + 1);
            child.parent = HeadquartersId{piece->id};
            child.name = "New " + std::string(enumName(child.echelon));
            doc_->execute(edits::setHeadquarters(s, edits::nextHeadquartersId(s), child));
            break;
        }
        case Rename:
            tree_->EditLabel(item);
            break;
        case TakeOff:
            doc_->execute(edits::setPlacement(s, *piece, std::nullopt));
            break;
        case Remove:
            if (isHq) {
                doc_->execute(edits::removeHeadquarters(s, HeadquartersId{piece->id}));
            } else {
                std::vector<CommandPtr> parts;
                if (s.deployment.placements.contains(*piece)) {
                    parts.push_back(edits::setPlacement(s, *piece, std::nullopt));
                }
                if (s.deployment.reinforcements.contains(*piece)) {
                    parts.push_back(edits::setReinforcement(s, *piece, std::nullopt));
                }
                parts.push_back(piece->kind == PieceKind::Unit
                                    ? edits::setUnit(s, UnitId{piece->id}, std::nullopt)
                                    : edits::setTrain(s, TrainId{piece->id}, std::nullopt));
                doc_->execute(std::make_unique<CommandGroup>("Delete", std::move(parts)));
            }
            break;
        }
    });
    PopupMenu(&menu);
}

} // namespace sandtable
