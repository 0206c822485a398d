// The order of battle's commands: the toolbar's buttons (the Units menu's adds, from the table of
// actions) and each item's context menu.
#include "oob_panel.hpp"

#include "model/commands/edits.hpp"

#include <wx/button.h>
#include <wx/menu.h>
#include <wx/wrapsizer.h>

namespace sandtable {
namespace {

enum MenuCommand { AddBase = 100, Rename = 200, Remove, TakeOff, SetSupply, ClearSupply };

} // namespace

std::string oobAdditionActionName(OobAddition addition) {
    return "units.add." + std::string(enumName(addition));
}

void OobPanel::addActionButtons(const Actions& actions) {
    constexpr std::string_view prefix = "units.add.";
    for (const Action& action : actions) {
        const auto addition = action.name.starts_with(prefix)
                                  ? parseEnum<OobAddition>(action.name.substr(prefix.size()))
                                  : std::nullopt;
        if (action.button.empty() || !addition) {
            continue;
        }
        auto* button = new wxButton(this, wxID_ANY, wxString::FromUTF8(action.button), wxDefaultPosition,
                                    wxDefaultSize, wxBU_EXACTFIT);
        button->SetToolTip(wxString::FromUTF8(action.help + " (Units menu, " + action.shortcut + ")"));
        button->Bind(wxEVT_BUTTON, [&action](wxCommandEvent&) { action.run(); });
        buttons_->Add(button, 0, wxALL, 1);
        additionButtons_.emplace_back(button, *addition);
    }
    Layout();
    updateToolbar();
}

void OobPanel::updateToolbar() {
    for (const auto& [button, addition] : additionButtons_) {
        button->Enable(placeFor(addition).has_value());
    }
}

std::unique_ptr<wxMenu> OobPanel::menuFor(wxTreeItemId item) {
    const ItemData* data = dataOf(item);
    if (!doc_ || data == nullptr) {
        return nullptr;
    }
    const Scenario& s = doc_->scenario();
    auto menu = std::make_unique<wxMenu>();
    if (data->supplyLine) {
        menu->Append(SetSupply, "Move the line of supply (click its cell on the map)");
        menu->Append(ClearSupply, "Remove the line of supply");
        return menu;
    }
    if (const auto place = placeOf(item);
        place && (!data->piece || data->piece->kind == PieceKind::Commander)) {
        for (OobAddition addition : additionsAt(s.oob, *place)) {
            menu->Append(AddBase + static_cast<int>(addition),
                         "Add " + wxString::FromUTF8(std::string(additionLabel(addition))).Lower());
        }
        const Headquarters* hq = s.oob.find(place->headquarters);
        if (hq != nullptr && hq->echelon == Echelon::Corps) {
            menu->Append(SetSupply, hq->supplyCell ? "Move the line of supply (click its cell on the map)"
                                                   : "Add a line-of-supply cell (click it on the map)");
        }
    }
    if (data->piece) {
        if (menu->GetMenuItemCount() > 0) {
            menu->AppendSeparator();
        }
        menu->Append(Rename, "Rename\tF2");
        if (s.deployment.placements.contains(*data->piece)) {
            menu->Append(TakeOff, "Take off the map");
        }
        menu->Append(Remove, data->piece->kind == PieceKind::Commander ? "Delete with everything under it"
                                                                       : "Delete");
    }
    return menu;
}

void OobPanel::runMenuCommand(wxTreeItemId item, int id) {
    const ItemData* data = dataOf(item);
    if (!doc_ || data == nullptr) {
        return;
    }
    const Scenario& s = doc_->scenario();
    const std::optional<PieceRef> piece = data->piece;
    if (piece && !s.hasPiece(*piece)) {
        return;
    }
    if (id >= AddBase && id < AddBase + static_cast<int>(EnumNames<OobAddition>::names.size())) {
        tree_->SelectItem(item);
        add(static_cast<OobAddition>(id - AddBase));
        return;
    }
    switch (id) {
    case Rename:
        rename(item);
        break;
    case SetSupply:
        if (auto place = placeOf(item); place && onPickSupplyCell) {
            onPickSupplyCell(place->headquarters);
        }
        break;
    case ClearSupply:
        if (piece) {
            Headquarters hq = s.oob.headquarters.at(HeadquartersId{piece->id});
            hq.supplyCell.reset();
            doc_->execute(edits::setHeadquarters(s, HeadquartersId{piece->id}, hq));
        }
        break;
    case TakeOff:
        if (piece) {
            doc_->execute(edits::setPlacement(s, *piece, std::nullopt));
        }
        break;
    case Remove:
        if (!piece) {
            break;
        }
        doc_->execute(edits::removePiece(s, *piece));
        break;
    default:
        break;
    }
}

} // namespace sandtable
