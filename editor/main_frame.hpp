#pragma once
// The editor's main window: the map canvas in the middle, dockable panels around it (tools,
// layers, order of battle, properties, problems), menus with the usual shortcuts, a status bar,
// autosave every minute, and never closing over unsaved work without asking.
//
// Its implementation is split along its seams: main_frame.cpp the window and the document's life,
// main_frame_file.cpp the File menu (open, save, export, print), main_frame_actions.cpp the Edit,
// Scenario, Units, Tools and Help menus, main_frame_earth.cpp the Map menu, main_frame_window.cpp
// the View menu, panels, status bar and what persists between runs, main_frame_dialogs.cpp the
// dialogs a command asks through. Every command is an entry of actions() (editor/actions/).
#include "actions/action_menus.hpp"
#include "actions/action_toolbar.hpp"
#include "canvas/map_canvas.hpp"
#include "dialogs/export_dialog.hpp"
#include "dialogs/new_map_dialog.hpp"
#include "editor/document.hpp"
#include "formats/import_report.hpp"
#include "formats/land_cover.hpp"
#include "formats/terrain_model.hpp"
#include "model/commands/resize_map.hpp"
#include "model/limits.hpp"

#include <array>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <wx/aui/aui.h>
#include <wx/filehistory.h>
#include <wx/frame.h>
#include <wx/timer.h>

namespace sandtable {

class ToolsPanel;
class OobPanel;
class PropertiesPanel;
class ProblemsPanel;
class ScenariosPanel;
class ScenarioPanel;
class MinimapPanel;

class MainFrame : public wxFrame {
  public:
    MainFrame();
    ~MainFrame() override;

    // Opens a scenario (offering to recover a newer autosave); on failure shows the reader's
    // message (file, line, what) and keeps the current document. `early`, when given, is the
    // file already being read on another thread (the editor's start reads while it builds the
    // window); it is used unless the user recovers the autosave instead.
    bool open(const std::filesystem::path& file, std::future<Document::Opened> early = {});
    void newScenario(const NewMapChoice& choice);
    bool save();
    bool saveAs(const std::filesystem::path& file);
    // Adds the headquarters and units of an order-of-battle CSV (docs/oob-csv.md) as one edit.
    bool importOrderOfBattle(const std::filesystem::path& file);
    // Puts a scanned map under the grid (stored relative to the scenario), at first as wide as the map.
    bool setBackground(const std::filesystem::path& image);
    // File > Export: `kind` is tmx, json, pdf, svg, png, roster, counters or booklet. With validation
    // errors it asks first, and a forced export records it. Returns whether a file was written.
    bool exportTo(const std::filesystem::path& out, const std::string& kind);
    // With the options of File > Export's dialog.
    bool exportTo(const ExportRequest& request);
    // Asks before losing unsaved work; true when it is fine to close or replace the document.
    bool confirmDiscard();

    Document* document() const { return doc_.get(); }
    MapCanvas* canvas() const { return canvas_; }
    ProblemsPanel* problems() const { return problems_; }
    OobPanel* orderOfBattle() const { return oob_; }
    ToolsPanel* toolsPanel() const { return tools_; }
    ScenarioPanel* scenarioPanel() const { return scenarioPanel_; }
    ScenariosPanel* scenariosPanel() const { return scenarios_; }
    PropertiesPanel* propertiesPanel() const { return properties_; }
    wxWindow* minimap() const;

    // How messages and questions reach the user; dialogs by default, replaced in tests.
    std::function<void(const wxString& title, const wxString& message)> reportError;
    // Returns wxYES, wxNO or wxCANCEL.
    std::function<int(const wxString& question)> ask;
    std::function<wxString(const wxString& question)> askText;
    // A line of text offered for editing (a scenario's title); empty when cancelled.
    std::function<wxString(const wxString& question, const wxString& suggestion)> askEdit;
    // A list to tick (the forces taking part): the indices ticked, or nothing when cancelled.
    std::function<std::optional<std::vector<int>>(const wxString& question, const wxArrayString& items,
                                                  const std::vector<int>& ticked)>
        askChoices;
    // File > New map's dialog; nothing when cancelled.
    std::function<std::optional<NewMapChoice>(const NewMapChoice& initial)> askNewMap;
    // Where to save a scenario that has no file of its own yet (or is a sample battle): the title,
    // the folder and file name offered; nothing when cancelled.
    std::function<std::optional<std::filesystem::path>(const wxString& title, const wxString& folder,
                                                       const wxString& name)>
        askSavePath;
    // File > Import's dialog: the battle converted (as its preview showed it) and where to save it;
    // nothing when cancelled.
    struct ImportChoice {
        ImportResult imported;
        std::filesystem::path target;
    };
    std::function<std::optional<ImportChoice>(const wxString& folder)> askImport;
    // File > Export's dialog (kind, file, options); nothing when cancelled.
    std::function<std::optional<ExportRequest>(const Scenario&, const std::filesystem::path& suggested)>
        askExport;
    // Map > Resize's dialog (size, anchor, what falls off); nothing when cancelled.
    std::function<std::optional<ResizePlan>(const Scenario&)> askResize;
    // Map > Place on the Earth, Import elevation and Import land cover; nothing when cancelled.
    std::function<std::optional<GeoPlacement>(const Scenario&)> askPlacement;
    std::function<std::optional<ElevationImport>(const Scenario&)> askElevationImport;
    std::function<std::optional<LandCoverImport>(const Scenario&)> askLandCoverImport;

    // Opens an address in the browser (the user guide); replaced in tests.
    std::function<void(const wxString& url)> openUrl;

    // The window around the work: panels shown or hidden (View > Panels), the default layout,
    // what persists between runs (layout, size, position, recent files, last folder; wxConfig).
    bool isPaneShown(const std::string& name);
    void showPane(const std::string& name, bool shown);
    void resetLayout();
    void saveWindowState();
    // Help > Keyboard shortcuts: the tools' single keys, the map's keys and every menu shortcut.
    wxString keyboardShortcuts() const;
    // Every command of the window, in the menus' order (editor/actions/).
    const Actions& actions() const { return actions_; }
    void openUserGuide();
    const wxString& lastFolder() const { return lastFolder_; }
    const PrintOptions& printOptions() const { return printOptions_; }
    // File > Print's options with the ground in the style the map is shown in.
    PrintOptions printedAsSeen() const;

    // A message in the status bar; it replaces what showWhenIdle left pending for that field.
    void SetStatusText(const wxString& text, int field = 0) override;

    // After an exception escaped an event handler: keeps the work (autosave), tells the user what
    // happened, and lets the editor run on.
    void recoverFromException(const std::string& what);

  private:
    void setDocument(std::unique_ptr<Document> doc);
    void installDialogs();
    // The table of actions, menu by menu.
    Actions fileActions();
    Actions editActions();
    Actions viewActions();
    Actions mapActions();
    Actions scenarioActions();
    Actions scenarioListActions();
    // A title scenario `index` may take (asked with `suggestion` offered); nothing when cancelled or
    // refused, which is said.
    // Scenario > Forces taking part: ticks the formations in the order of battle.
    void chooseForces();
    std::optional<std::string> askScenarioTitle(const wxString& prompt, std::size_t index,
                                                const std::string& suggestion);
    Actions unitActions();
    Actions toolActions();
    Actions helpActions();
    void buildMenus();
    void resizeMap();
    void chooseRuleset();
    // Whether the map is placed on the Earth; if not, says so for `command`.
    bool isPlaced(const wxString& command);
    void restoreWindowState();
    void rememberFolderOf(const std::filesystem::path& file);
    // Adds the file to the recent files and remembers its folder.
    void rememberFile(const std::filesystem::path& file);
    void showKeyboardShortcuts();
    void updateTitle();
    void onChanged(const ChangeSet& cs);
    void onHover(std::optional<Offset> cell);
    void showProblems();
    // The Problems list and the order of battle's icons, when the findings have changed since shown.
    void refreshProblemViews();
    // What the pointer is over, on every move: written when the window is idle and only when it
    // differs, since wxStatusBar repaints at once on each change (about 3 ms, ten times the edit).
    void showWhenIdle(const wxString& text, int field);
    void showIdleStatus();

    std::unique_ptr<Document> doc_;
    wxAuiManager aui_;
    MapCanvas* canvas_ = nullptr;
    ToolsPanel* tools_ = nullptr;
    OobPanel* oob_ = nullptr;
    PropertiesPanel* properties_ = nullptr;
    ProblemsPanel* problems_ = nullptr;
    ScenarioPanel* scenarioPanel_ = nullptr;
    ScenariosPanel* scenarios_ = nullptr;
    MinimapPanel* minimap_ = nullptr;
    wxFileHistory recent_;
    wxString defaultPerspective_;
    wxString lastFolder_;       // where the last file was opened or saved: file dialogs start there
    PrintOptions printOptions_; // File > Print's paper and scale: the last PDF export's
    wxTimer autosave_;
    Actions actions_;                                   // sized once: the menus and buttons keep references
    std::unique_ptr<ActionMenus> menus_;                // the menu bar built from actions_
    std::unique_ptr<ActionToolBar> toolbar_;            // and the toolbar
    std::array<std::optional<wxString>, 2> idleStatus_; // by field
    std::uint64_t shownProblems_ = 0;                   // the document's problemsRevision() shown
};

// For wxApp::OnExceptionInMainLoop: hands the exception being handled to every open MainFrame's
// recoverFromException and returns true (keep running).
bool recoverFromExceptionInMainLoop();

// docs/user-guide.md as installed or in the source tree; empty when it cannot be found.
std::filesystem::path userGuidePath();

} // namespace sandtable
