// The main window's frame around the work: the View menu (zoom, the map's layers, which panels
// show), where the window stands and how big it is, what persists between runs (wxConfig), the
// status bar, the keyboard shortcuts and the user guide.
#include "main_frame.hpp"
#include "wx_paths.hpp"

#include "actions/shortcut_table.hpp"
#include "install_layout.hpp"

#include <wx/config.h>
#include <wx/display.h>
#include <wx/filename.h>
#include <wx/menu.h>
#include <wx/sizer.h>
#include <wx/statusbr.h>
#include <wx/textctrl.h>
#include <wx/utils.h>

namespace sandtable {
namespace {

constexpr std::array<std::pair<const char*, const char*>, 7> panes{{{"tools", "&Tools"},
                                                                    {"minimap", "&Overview"},
                                                                    {"oob", "Order of &battle"},
                                                                    {"properties", "&Properties"},
                                                                    {"scenario", "&Scenario"},
                                                                    {"scenarios", "Sc&enarios"},
                                                                    {"problems", "Pro&blems"}}};

} // namespace

Actions MainFrame::viewActions() {
    const auto centre = [this] {
        return wxPoint(canvas_->GetClientSize().x / 2, canvas_->GetClientSize().y / 2);
    };
    Actions actions{
        {.name = "view.zoom-in",
         .menu = "&View",
         .label = "Zoom &In",
         .shortcut = "Ctrl++",
         .help = "Zoom in at the centre of the map",
         .stockId = wxID_ZOOM_IN,
         .run = [this, centre] { canvas_->zoomBy(1.25, centre()); }},
        {.name = "view.zoom-out",
         .menu = "&View",
         .label = "Zoom &Out",
         .shortcut = "Ctrl+-",
         .help = "Zoom out at the centre of the map",
         .stockId = wxID_ZOOM_OUT,
         .run = [this, centre] { canvas_->zoomBy(0.8, centre()); }},
        {.name = "view.zoom-fit",
         .menu = "&View",
         .label = "Zoom to &Fit",
         .shortcut = "Ctrl+0",
         .help = "Show the whole map",
         .stockId = wxID_ZOOM_FIT,
         .run = [this] { canvas_->zoomToFit(); }},
    };
    // What the map shows: each a check item over one of the canvas's render options.
    const std::array<std::tuple<const char*, const char*, const char*, bool RenderOptions::*>, 7> layers{{
        {"grid", "&Grid", "Ctrl+G", &RenderOptions::grid},
        {"labels", "Cell &labels", "Ctrl+L", &RenderOptions::labels},
        {"elevation", "&Elevation", "", &RenderOptions::elevation},
        {"pieces", "&Pieces", "", &RenderOptions::pieces},
        {"hexsides", "&Hexsides", "", &RenderOptions::hexsides},
        {"paths", "&Roads and railroads", "", &RenderOptions::paths},
        {"features", "Map &features", "", &RenderOptions::features},
    }};
    actions.push_back({.name = "view.natural-style",
                       .menu = "&View",
                       .label = "&Natural ground",
                       .shortcut = "Ctrl+Shift+N",
                       .help = "Draw the ground as a published map does (natural edges, the grid as marks at "
                               "its vertices), or each cell in its terrain's colour",
                       .separatorBefore = true,
                       .checked = [this] { return canvas_->renderOptions().style == MapStyle::Natural; },
                       .setChecked =
                           [this](bool natural) {
                               canvas_->renderOptions().style = natural ? MapStyle::Natural : MapStyle::Cells;
                               canvas_->Refresh(false);
                           }});
    for (const auto& [key, label, shortcut, flag] : layers) {
        actions.push_back({.name = std::string("view.show-") + key,
                           .menu = "&View",
                           .label = label,
                           .shortcut = shortcut,
                           .help = "Show or hide this layer of the map",
                           .separatorBefore = actions.size() == 4,
                           .checked = [this, flag] { return canvas_->renderOptions().*flag; },
                           .setChecked =
                               [this, flag](bool shown) {
                                   canvas_->renderOptions().*flag = shown;
                                   canvas_->Refresh(false);
                               }});
    }
    // The panels, each shown or hidden; the check follows a pane closed by its own close button.
    for (const auto& [name, label] : panes) {
        actions.push_back({.name = std::string("view.panel.") + name,
                           .menu = "&View/Pa&nels",
                           .label = label,
                           .help = "Show or hide this panel",
                           .separatorBefore = std::string_view(name) == panes.front().first,
                           .checked = [this, name] { return aui_.GetPane(name).IsShown(); },
                           .setChecked =
                               [this, name](bool shown) {
                                   aui_.GetPane(name).Show(shown);
                                   aui_.Update();
                               }});
    }
    actions.push_back({.name = "view.reset-layout",
                       .menu = "&View/Pa&nels",
                       .label = "&Reset layout",
                       .help = "Every panel back where it was at first",
                       .separatorBefore = true,
                       .run = [this] { resetLayout(); }});
    return actions;
}

bool MainFrame::isPaneShown(const std::string& name) {
    return aui_.GetPane(wxString::FromUTF8(name)).IsShown();
}

void MainFrame::showPane(const std::string& name, bool shown) {
    aui_.GetPane(wxString::FromUTF8(name)).Show(shown);
    aui_.Update();
}

void MainFrame::resetLayout() {
    aui_.LoadPerspective(defaultPerspective_);
    aui_.Update();
}

void MainFrame::restoreWindowState() {
    wxConfigBase* config = wxConfigBase::Get();
    // Never larger than the screen the window opens on (a 1366 x 768 laptop, say), nor off it.
    const int displayIndex = wxDisplay::GetFromWindow(this);
    const wxRect screen =
        wxDisplay(displayIndex == wxNOT_FOUND ? 0u : static_cast<unsigned>(displayIndex)).GetClientArea();
    wxRect wanted(GetPosition(), GetSize());
    if (config != nullptr) {
        wanted.x = static_cast<int>(config->ReadLong("/Window/X", wanted.x));
        wanted.y = static_cast<int>(config->ReadLong("/Window/Y", wanted.y));
        wanted.width = static_cast<int>(config->ReadLong("/Window/Width", wanted.width));
        wanted.height = static_cast<int>(config->ReadLong("/Window/Height", wanted.height));
    }
    wanted.width = std::clamp(wanted.width, 640, std::max(640, screen.width));
    wanted.height = std::clamp(wanted.height, 480, std::max(480, screen.height));
    wanted.x = std::clamp(wanted.x, screen.x, std::max(screen.x, screen.GetRight() - wanted.width + 1));
    wanted.y = std::clamp(wanted.y, screen.y, std::max(screen.y, screen.GetBottom() - wanted.height + 1));
    SetSize(wanted);
    if (config != nullptr) {
        if (config->ReadBool("/Window/Maximized", false)) {
            Maximize();
        }
        wxString perspective;
        if (config->Read("/Window/Perspective", &perspective) && !perspective.empty()) {
            aui_.LoadPerspective(perspective);
            aui_.Update();
        }
        lastFolder_ = config->Read("/Files/LastFolder", wxString());
    }
}

void MainFrame::saveWindowState() {
    wxConfigBase* config = wxConfigBase::Get();
    if (config == nullptr) {
        return;
    }
    config->Write("/Window/Perspective", aui_.SavePerspective());
    config->Write("/Window/Maximized", IsMaximized());
    if (!IsMaximized() && !IsIconized()) {
        const wxRect r = GetRect();
        config->Write("/Window/X", static_cast<long>(r.x));
        config->Write("/Window/Y", static_cast<long>(r.y));
        config->Write("/Window/Width", static_cast<long>(r.width));
        config->Write("/Window/Height", static_cast<long>(r.height));
    }
    config->Write("/Files/LastFolder", lastFolder_);
    recent_.Save(*config);
    config->Flush();
}

void MainFrame::rememberFolderOf(const std::filesystem::path& file) {
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(file, ec);
    lastFolder_ = textOf((ec ? file : absolute).parent_path());
}

void MainFrame::rememberFile(const std::filesystem::path& file) {
    // By its absolute path: a file named relative to the folder the editor was started in must
    // still open from the recent list of an editor started elsewhere.
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(file, ec);
    const auto& remembered = ec ? file : absolute;
    recent_.AddFileToHistory(textOf(remembered));
    lastFolder_ = textOf(remembered.parent_path());
}

void MainFrame::onHover(std::optional<Offset> cell) {
    if (const MapTool* task = canvas_->tools() ? canvas_->tools()->task() : nullptr) {
        // A task's instructions (the alignment's, with its residuals) stay in sight while the pointer moves.
        showWhenIdle(wxString::FromUTF8(task->status()), 0);
        return;
    }
    if (!cell || !doc_) {
        showWhenIdle("", 0);
        return;
    }
    const Scenario& s = doc_->scenario();
    const Map& map = s.map;
    wxString text = wxString::Format("%s  %s  level %d", map.grid.label(*cell),
                                     wxString::FromUTF8(map.terrainAt(*cell).name), map.elevationAt(*cell));
    for (const PieceRef piece : doc_->piecesAt(*cell)) {
        if (piece.kind == PieceKind::Unit && s.oob.units.contains(UnitId{piece.id})) {
            text += "  |  " + wxString::FromUTF8(s.oob.units.at(UnitId{piece.id}).name);
        } else if (piece.kind == PieceKind::Commander &&
                   s.oob.headquarters.contains(HeadquartersId{piece.id})) {
            text += "  |  " + wxString::FromUTF8(s.oob.headquarters.at(HeadquartersId{piece.id}).commander);
        } else if (piece.kind == PieceKind::Train && s.oob.trains.contains(TrainId{piece.id})) {
            text += "  |  " + wxString::FromUTF8(s.oob.trains.at(TrainId{piece.id}).name);
        }
    }
    showWhenIdle(text, 0);
    showWhenIdle(wxString::Format("zoom %.0f%%", canvas_->zoom() * 100), 1);
}

void MainFrame::SetStatusText(const wxString& text, int field) {
    if (static_cast<std::size_t>(field) < idleStatus_.size()) {
        idleStatus_[static_cast<std::size_t>(field)].reset(); // newer than the hover text
    }
    wxFrame::SetStatusText(text, field);
}

void MainFrame::showWhenIdle(const wxString& text, int field) {
    idleStatus_.at(static_cast<std::size_t>(field)) = text;
}

void MainFrame::showIdleStatus() {
    for (std::size_t field = 0; field < idleStatus_.size(); ++field) {
        if (auto& pending = idleStatus_[field]) {
            if (GetStatusBar() != nullptr &&
                GetStatusBar()->GetStatusText(static_cast<int>(field)) != *pending) {
                wxFrame::SetStatusText(*pending, static_cast<int>(field));
            }
            pending.reset();
        }
    }
}

wxString MainFrame::keyboardShortcuts() const {
    return wxString::FromUTF8(shortcutsText(shortcutRows(actions_)));
}

void MainFrame::showKeyboardShortcuts() {
    // Wide enough for the longest line at 10 points; short enough for a 1366 x 768 screen.
    wxDialog dialog(this, wxID_ANY, "Keyboard shortcuts", wxDefaultPosition, wxSize(960, 640),
                    wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    auto* text = new wxTextCtrl(&dialog, wxID_ANY, keyboardShortcuts(), wxDefaultPosition, wxDefaultSize,
                                wxTE_MULTILINE | wxTE_READONLY | wxTE_DONTWRAP);
    text->SetFont(wxFont(wxFontInfo(10).Family(wxFONTFAMILY_TELETYPE)));
    text->SetInsertionPoint(0); // open at the top of the list, not its end
    text->ShowPosition(0);
    sizer->Add(text, 1, wxEXPAND | wxALL, 8);
    sizer->Add(dialog.CreateSeparatedButtonSizer(wxOK), 0, wxEXPAND | wxALL, 8);
    dialog.SetSizer(sizer);
    dialog.ShowModal();
}

std::filesystem::path userGuidePath() {
    const auto guide = installLayout().docs / "user-guide.md";
    std::error_code ec;
    return std::filesystem::is_regular_file(guide, ec) ? guide : std::filesystem::path();
}

void MainFrame::openUserGuide() {
    const auto guide = userGuidePath();
    if (guide.empty()) {
        reportError("User guide", "The user guide is not installed with this program: there is no " +
                                      wxString::FromUTF8((installLayout().docs / "user-guide.md").string()) +
                                      ".");
        return;
    }
    // A file: URL the system understands (file:///C:/... on Windows, escaped where it must be).
    openUrl(wxFileName::FileNameToURL(wxFileName(textOf(guide))));
}

} // namespace sandtable
