#include "editor/actions/action_toolbar.hpp"

#include <wx/artprov.h>
#include <wx/bmpbndl.h>
#include <wx/frame.h>
#include <wx/toolbar.h>

#include <array>
#include <stdexcept>
#include <utility>

namespace sandtable {
namespace {

const wxSize iconSize(24, 24);

// The platform's pictures for the standard items that may sit on the toolbar.
const std::array<std::pair<int, wxArtID>, 9> stockArt{{{wxID_NEW, wxART_NEW},
                                                       {wxID_OPEN, wxART_FILE_OPEN},
                                                       {wxID_SAVE, wxART_FILE_SAVE},
                                                       {wxID_UNDO, wxART_UNDO},
                                                       {wxID_REDO, wxART_REDO},
                                                       {wxID_COPY, wxART_COPY},
                                                       {wxID_PASTE, wxART_PASTE},
                                                       {wxID_DELETE, wxART_DELETE},
                                                       {wxID_PRINT, wxART_PRINT}}};

wxBitmapBundle pictureOf(const Action& action) {
    if (!action.icon.empty()) {
        return wxBitmapBundle::FromSVG(std::string(action.icon).c_str(), iconSize);
    }
    for (const auto& [stockId, art] : stockArt) {
        if (stockId == action.stockId) {
            return wxArtProvider::GetBitmapBundle(art, wxART_TOOLBAR, iconSize);
        }
    }
    throw std::logic_error("the action " + action.name + " is on the toolbar without a picture");
}

// The tooltip: the label without its mnemonic, and the shortcut.
wxString tipOf(const Action& action) {
    std::string tip;
    for (const char c : action.label) {
        if (c != '&') {
            tip += c;
        }
    }
    if (tip.ends_with("...")) {
        tip.resize(tip.size() - 3);
    }
    if (!action.shortcut.empty()) {
        tip += " (" + action.shortcut + ")";
    }
    return wxString::FromUTF8(tip);
}

} // namespace

ActionToolBar::ActionToolBar(wxFrame& frame, Actions& actions)
    : bar_(frame.CreateToolBar(wxTB_HORIZONTAL | wxTB_FLAT)) {
    const std::string* lastMenu = nullptr;
    for (const Action& action : actions) {
        if (!action.onToolbar) {
            continue;
        }
        if (lastMenu != nullptr && *lastMenu != action.menu) {
            bar_->AddSeparator();
        }
        lastMenu = &action.menu;
        const wxItemKind kind = action.radio         ? wxITEM_RADIO
                                : action.checkable() ? wxITEM_CHECK
                                                     : wxITEM_NORMAL;
        bar_->AddTool(action.id, tipOf(action), pictureOf(action), tipOf(action), kind)
            ->SetLongHelp(wxString::FromUTF8(action.help));
        shown_.push_back(&action);
    }
    bar_->Realize();
    refresh();
}

void ActionToolBar::refresh() {
    for (const Action* action : shown_) {
        if (action->enabled && bar_->GetToolEnabled(action->id) != action->enabled()) {
            bar_->EnableTool(action->id, !bar_->GetToolEnabled(action->id));
        }
        if (action->checkable() && action->checked) {
            const bool checked = action->checked();
            // A radio button goes off only as another of its group comes on.
            if (bar_->GetToolState(action->id) != checked && (checked || !action->radio)) {
                bar_->ToggleTool(action->id, checked);
            }
        }
    }
}

} // namespace sandtable
