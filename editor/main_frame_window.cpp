// The main window's frame around the work: which panels show, where the window stands and how big
// it is, what persists between runs (wxConfig), the keyboard shortcuts and the user guide.
#include "main_frame.hpp"

#include "tools/tool_shortcuts.hpp"

#include <wx/config.h>
#include <wx/display.h>
#include <wx/menu.h>
#include <wx/sizer.h>
#include <wx/textctrl.h>
#include <wx/utils.h>

namespace sandtable {
namespace {

constexpr std::array<std::pair<const char*, const char*>, 6> panes{{{"tools", "&Tools"},
                                                                    {"minimap", "&Overview"},
                                                                    {"oob", "Order of &battle"},
                                                                    {"properties", "&Properties"},
                                                                    {"scenario", "&Scenario"},
                                                                    {"problems", "Pro&blems"}}};

} // namespace

void MainFrame::buildPanelsMenu(wxMenu* view, int firstId) {
    auto* menu = new wxMenu;
    for (std::size_t i = 0; i < panes.size(); ++i) {
        const int id = firstId + static_cast<int>(i);
        const wxString name = panes[i].first;
        menu->AppendCheckItem(id, panes[i].second);
        Bind(
            wxEVT_MENU,
            [this, name](wxCommandEvent& e) {
                aui_.GetPane(name).Show(e.IsChecked());
                aui_.Update();
            },
            id);
        // The check follows the pane, also when it is closed by its own close button.
        Bind(
            wxEVT_UPDATE_UI, [this, name](wxUpdateUIEvent& e) { e.Check(aui_.GetPane(name).IsShown()); }, id);
    }
    menu->AppendSeparator();
    const int reset = firstId + static_cast<int>(panes.size());
    menu->Append(reset, "&Reset layout");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { resetLayout(); }, reset);
    view->AppendSubMenu(menu, "Pa&nels");
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
    lastFolder_ = wxString::FromUTF8(file.parent_path().string());
}

wxString MainFrame::keyboardShortcuts() const {
    wxString text = "Tools (while the map has the keyboard focus):\n";
    for (const ToolInfo& info : mapToolInfos()) {
        text += wxString::Format("  %-10s %s\n", wxString::FromUTF8(shortcutText(info)),
                                 wxString::FromUTF8(std::string(info.title)));
    }
    text += "\nOn the map:\n";
    for (const auto& [keys, what] : mapKeys) {
        text += "  " + wxString::FromUTF8(std::string(keys)) + ": " + wxString::FromUTF8(std::string(what)) +
                "\n";
    }
    // The menus' own shortcuts, read from the menu bar so the list never drifts from it.
    const wxMenuBar* bar = GetMenuBar();
    for (std::size_t m = 0; bar != nullptr && m < bar->GetMenuCount(); ++m) {
        wxString section;
        std::function<void(const wxMenu*)> collect = [&](const wxMenu* menu) {
            for (const wxMenuItem* item : menu->GetMenuItems()) {
                if (item->GetSubMenu() != nullptr) {
                    collect(item->GetSubMenu());
                } else if (const wxString accel = item->GetItemLabel().AfterFirst('\t'); !accel.empty()) {
                    section += wxString::Format("  %-14s %s\n", accel, item->GetItemLabelText());
                }
            }
        };
        collect(bar->GetMenu(m));
        if (!section.empty()) {
            text += "\n" + bar->GetMenuLabelText(m) + ":\n" + section;
        }
    }
    return text;
}

void MainFrame::showKeyboardShortcuts() {
    wxDialog dialog(this, wxID_ANY, "Keyboard shortcuts", wxDefaultPosition, wxSize(560, 600),
                    wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    auto* text = new wxTextCtrl(&dialog, wxID_ANY, keyboardShortcuts(), wxDefaultPosition, wxDefaultSize,
                                wxTE_MULTILINE | wxTE_READONLY | wxTE_DONTWRAP);
    text->SetFont(wxFont(wxFontInfo(10).Family(wxFONTFAMILY_TELETYPE)));
    sizer->Add(text, 1, wxEXPAND | wxALL, 8);
    sizer->Add(dialog.CreateSeparatedButtonSizer(wxOK), 0, wxEXPAND | wxALL, 8);
    dialog.SetSizer(sizer);
    dialog.ShowModal();
}

std::filesystem::path userGuidePath() {
    // Next to the program when installed (share/doc), else the source tree it was built from.
    for (const std::filesystem::path& candidate :
         {std::filesystem::path(SANDTABLE_DOCS_DIR) / "user-guide.md",
          std::filesystem::path("/usr/share/doc/sandtable/user-guide.md")}) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec)) {
            return candidate;
        }
    }
    return {};
}

void MainFrame::openUserGuide() {
    const auto guide = userGuidePath();
    if (guide.empty()) {
        reportError("User guide", "The user guide (docs/user-guide.md) is not installed with this program.");
        return;
    }
    openUrl("file://" + wxString::FromUTF8(guide.string()));
}

} // namespace sandtable
