#include "main_frame.hpp"

#include "dialogs/export_dialog.hpp"
#include "dialogs/new_map_dialog.hpp"
#include "dialogs/resize_dialog.hpp"
#include "dialogs/terrain_dialogs.hpp"
#include "exports/export_kinds.hpp"
#include "formats/atomic_file.hpp"
#include "formats/oob_csv.hpp"
#include "formats/ruleset_xml.hpp"
#include "model/commands/edits.hpp"
#include "model/good_old_rebel_tables.hpp"
#include "model/limits.hpp"
#include "panels/minimap_panel.hpp"
#include "panels/oob_panel.hpp"
#include "panels/problems_panel.hpp"
#include "panels/properties_panel.hpp"
#include "panels/scenario_panel.hpp"
#include "panels/tools_panel.hpp"
#include "print/map_printout.hpp"
#include "tools/tool_shortcuts.hpp"

#include <wx/aboutdlg.h>
#include <wx/checkbox.h>
#include <wx/choicdlg.h>
#include <wx/config.h>
#include <wx/filedlg.h>
#include <wx/image.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/numdlg.h>
#include <wx/print.h>
#include <wx/progdlg.h>
#include <wx/sizer.h>
#include <wx/statusbr.h>
#include <wx/textdlg.h>

namespace sandtable {
namespace {

enum MenuId {
    IdResize = wxID_HIGHEST + 1,
    IdToggleGrid,
    IdToggleLabels,
    IdToggleElevation,
    IdTogglePieces,
    IdToggleHexsides,
    IdTogglePaths,
    IdToggleFeatures,
    IdRollTables,
    IdImportCsv,
    IdExport,
    IdEarthBase, // + the background and Earth commands (main_frame_earth.cpp)
    IdRuleset = IdEarthBase + 8,
    IdScenarioTitle,
    IdShortcuts,
    IdUserGuide,
    IdPanelsBase,                  // + pane, then Reset layout
    IdAddBase = IdPanelsBase + 16, // + OobAddition
    IdToolBase = IdAddBase + 16,   // + Tool
};

} // namespace

MainFrame::MainFrame()
    : wxFrame(nullptr, wxID_ANY, "Sandtable", wxDefaultPosition, wxSize(1400, 900)), autosave_(this) {
    // Background scans come as PNG, JPEG or TIFF.
    if (wxImage::FindHandler(wxBITMAP_TYPE_PNG) == nullptr) {
        wxInitAllImageHandlers();
    }
    aui_.SetManagedWindow(this);
    printOptions_.paper = *paperByName("a4");
    printOptions_.cellSizePt = 25 / 25.4 * 72; // 25 mm a cell, as the export dialog offers
    canvas_ = new MapCanvas(this);
    tools_ = new ToolsPanel(this, [this] { return canvas_->tools(); });
    oob_ = new OobPanel(this);
    properties_ = new PropertiesPanel(this);
    problems_ = new ProblemsPanel(this);
    scenarioPanel_ = new ScenarioPanel(this);
    minimap_ = new MinimapPanel(this, *canvas_);
    aui_.AddPane(canvas_, wxAuiPaneInfo().Name("map").CenterPane());
    aui_.AddPane(
        tools_,
        wxAuiPaneInfo().Name("tools").Caption("Tools").Left().Layer(1).BestSize(210, 560).MinSize(180, 470));
    // The left column (palette and overview) is an outer layer spanning the window's height, so the
    // palette fits a 1366 x 768 screen above the overview.
    aui_.AddPane(
        minimap_,
        wxAuiPaneInfo().Name("minimap").Caption("Overview").Left().Layer(1).BestSize(210, 150).Position(1));
    aui_.AddPane(
        oob_,
        wxAuiPaneInfo().Name("oob").Caption("Order of battle").Right().BestSize(340, 420).Row(0).Position(0));
    aui_.AddPane(properties_, wxAuiPaneInfo()
                                  .Name("properties")
                                  .Caption("Properties")
                                  .Right()
                                  .BestSize(340, 260)
                                  .Row(0)
                                  .Position(1));
    aui_.AddPane(problems_, wxAuiPaneInfo().Name("problems").Caption("Problems").Bottom().BestSize(800, 150));
    aui_.AddPane(
        scenarioPanel_,
        wxAuiPaneInfo().Name("scenario").Caption("Scenario").Right().BestSize(340, 420).Row(0).Position(2));
    aui_.Update();
    defaultPerspective_ = aui_.SavePerspective();
    CreateStatusBar(2);
    SetStatusWidths(2, std::array<int, 2>{-1, 160}.data());
    buildMenus();
    restoreWindowState();

    canvas_->onHover = [this](std::optional<Offset> c) { onHover(c); };
    canvas_->onHint = [this](const wxString& hint) { SetStatusText(hint, 0); };
    canvas_->onViewChanged = [this] {
        minimap_->Refresh(false);
        // At once, not at the next mouse move.
        const double percent = canvas_->zoom() * 100;
        SetStatusText(wxString::Format(percent < 1 ? "zoom %.1f%%" : "zoom %.0f%%", percent), 1);
    };
    canvas_->onToolKey = [this](Tool tool) {
        tools_->selectTool(tool);
        const ToolInfo& info = mapToolInfo(tool);
        SetStatusText(wxString::FromUTF8(std::string(info.title) + ": " + std::string(info.help)), 0);
    };
    openUrl = [](const wxString& url) { wxLaunchDefaultBrowser(url); };
    oob_->onSelect = [this](std::optional<PieceRef> piece) {
        properties_->show(piece);
        if (piece && canvas_->tools()) {
            canvas_->tools()->select(piece);
            canvas_->Refresh(false);
        }
    };
    oob_->onPickSupplyCell = [this](HeadquartersId corps) {
        tools_->selectTool(Tool::Supply);
        if (canvas_->tools()) {
            canvas_->tools()->select(PieceRef::commander(corps));
        }
        SetStatusText("Click the corps' line-of-supply cell on the map", 0);
        canvas_->SetFocus();
    };
    problems_->onActivate = [this](const Violation& v) {
        if (!v.cells.empty() && doc_ && doc_->scenario().map.grid.contains(v.cells.front())) {
            canvas_->centreOn(v.cells.front());
        }
        if (!v.pieces.empty() && canvas_->tools()) {
            canvas_->tools()->select(v.pieces.front());
            oob_->selectPiece(v.pieces.front());
        }
    };
    problems_->onExclude = [this](const Violation& v) {
        const wxString comment = askText("Why is this acceptable? (saved in the scenario)");
        if (comment.IsEmpty() || !doc_) {
            return;
        }
        auto exclusions = doc_->scenario().exclusions;
        exclusions.push_back(Exclusion{v.rule, v.cells, v.pieces, comment.utf8_string()});
        doc_->execute(edits::setExclusions(doc_->scenario(), exclusions));
    };

    // A value a panel refused: it stays in its field; the status bar says what is expected.
    const auto refused = [this](const std::string& message) {
        wxBell();
        SetStatusText(wxString::FromUTF8(message), 0);
    };
    properties_->onRefused = refused;
    scenarioPanel_->onRefused = refused;
    oob_->onRefused = refused;

    reportError = [this](const wxString& title, const wxString& message) {
        wxMessageBox(message, title, wxOK | wxICON_ERROR, this);
    };
    ask = [this](const wxString& question) {
        return wxMessageBox(question, "Sandtable", wxYES_NO | wxCANCEL | wxICON_QUESTION, this);
    };
    askText = [this](const wxString& question) { return wxGetTextFromUser(question, "Sandtable", "", this); };
    askNewMap = [this](const NewMapChoice& initial) -> std::optional<NewMapChoice> {
        NewMapDialog dialog(this, initial);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto chosen = dialog.choice();
        return chosen ? std::optional(*chosen) : std::nullopt;
    };
    askExport = [this](const Scenario& scenario,
                       const std::filesystem::path& suggested) -> std::optional<ExportRequest> {
        ExportDialog dialog(this, scenario, suggested);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto request = dialog.request();
        return request ? std::optional(*request) : std::nullopt;
    };
    askPlacement = [this](const Scenario& scenario) -> std::optional<GeoPlacement> {
        PlaceOnEarthDialog dialog(this, scenario);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto placed = dialog.placement();
        return placed ? std::optional(*placed) : std::nullopt;
    };
    askElevationImport = [this](const Scenario& scenario) -> std::optional<ElevationImport> {
        ImportElevationDialog dialog(this, scenario);
        // OK is enabled only on a preview that worked: apply it rather than read the raster again.
        return dialog.ShowModal() == wxID_OK ? dialog.shown() : std::nullopt;
    };
    askLandCoverImport = [this](const Scenario& scenario) -> std::optional<LandCoverImport> {
        ImportLandCoverDialog dialog(this, scenario);
        // OK is enabled only on a preview that worked: apply it rather than read the raster again.
        return dialog.ShowModal() == wxID_OK ? dialog.shown() : std::nullopt;
    };
    askResize = [this](const Scenario& scenario) -> std::optional<ResizePlan> {
        ResizeDialog dialog(this, scenario);
        if (dialog.ShowModal() != wxID_OK) {
            return std::nullopt;
        }
        auto plan = dialog.plan();
        return plan ? std::optional(*plan) : std::nullopt;
    };

    Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
        if (doc_ && doc_->autosaveIfModified()) {
            SetStatusText("Autosaved to " + wxString::FromUTF8(doc_->autosavePath().filename().string()), 1);
        }
    });
    autosave_.Start(60'000);
    Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent& e) {
        if (e.CanVeto() && !confirmDiscard()) {
            e.Veto();
            return;
        }
        if (doc_) {
            doc_->removeAutosave();
        }
        autosave_.Stop();
        saveWindowState();
        e.Skip();
    });

    // Start with an empty 30 x 20 hex map, so every tool works at once.
    newScenario(NewMapChoice{});
}

MainFrame::~MainFrame() {
    canvas_->setDocument(nullptr);
    aui_.UnInit();
}

wxWindow* MainFrame::minimap() const {
    return minimap_;
}

void MainFrame::buildMenus() {
    auto* file = new wxMenu;
    file->Append(wxID_NEW, "&New map...\tCtrl+N");
    file->Append(wxID_OPEN, "&Open...\tCtrl+O");
    auto* recentMenu = new wxMenu;
    file->AppendSubMenu(recentMenu, "Open &Recent");
    recent_.UseMenu(recentMenu);
    recent_.Load(*wxConfig::Get());
    file->Append(wxID_SAVE, "&Save\tCtrl+S");
    file->Append(wxID_SAVEAS, "Save &As...\tCtrl+Shift+S");
    file->AppendSeparator();
    file->Append(IdExport, "&Export...\tCtrl+E");
    file->Append(wxID_PREVIEW, "Print Pre&view...");
    file->Append(wxID_PRINT, "&Print...\tCtrl+P");
    file->AppendSeparator();
    file->Append(wxID_EXIT, "&Quit\tCtrl+Q");
    auto* edit = new wxMenu;
    edit->Append(wxID_UNDO, "&Undo\tCtrl+Z");
    edit->Append(wxID_REDO, "&Redo\tCtrl+Y");
    edit->AppendSeparator();
    edit->Append(wxID_COPY, "&Copy area\tCtrl+C");
    edit->Append(wxID_PASTE, "&Paste at the mouse\tCtrl+V");
    edit->Append(wxID_DELETE, "C&lear area");
    auto* view = new wxMenu;
    view->Append(wxID_ZOOM_IN, "Zoom &In\tCtrl++");
    view->Append(wxID_ZOOM_OUT, "Zoom &Out\tCtrl+-");
    view->Append(wxID_ZOOM_FIT, "Zoom to &Fit\tCtrl+0");
    view->AppendSeparator();
    view->AppendCheckItem(IdToggleGrid, "&Grid\tCtrl+G")->Check(true);
    view->AppendCheckItem(IdToggleLabels, "Cell &labels\tCtrl+L")->Check(true);
    view->AppendCheckItem(IdToggleElevation, "&Elevation")->Check(true);
    view->AppendCheckItem(IdTogglePieces, "&Pieces")->Check(true);
    view->AppendCheckItem(IdToggleHexsides, "&Hexsides")->Check(true);
    view->AppendCheckItem(IdTogglePaths, "&Roads and railroads")->Check(true);
    view->AppendCheckItem(IdToggleFeatures, "Map &features")->Check(true);
    view->AppendSeparator();
    buildPanelsMenu(view, IdPanelsBase);
    auto* map = new wxMenu;
    map->Append(IdResize, "&Resize...");
    map->AppendSeparator();
    buildEarthMenu(map, IdEarthBase);
    auto* scenario = new wxMenu;
    scenario->Append(IdScenarioTitle, "&Title...");
    scenario->Append(IdRuleset, "&Ruleset...");
    auto* units = new wxMenu;
    // Adds at the tree's selection (or the nearest level above it that takes the item).
    const std::map<OobAddition, const char*> addShortcuts = {
        {OobAddition::Army, "Ctrl+Shift+A"},
        {OobAddition::Corps, "Ctrl+Shift+C"},
        {OobAddition::IndependentBrigade, "Ctrl+Shift+I"},
        {OobAddition::IndependentUnit, "Ctrl+Shift+R"},
        {OobAddition::Division, "Ctrl+Shift+D"},
        {OobAddition::Train, "Ctrl+Shift+W"},
        {OobAddition::Brigade, "Ctrl+Shift+B"},
        {OobAddition::Unit, "Ctrl+Shift+U"}};
    for (const auto& [addition, shortcut] : addShortcuts) {
        const int id = IdAddBase + static_cast<int>(addition);
        units->Append(id, "Add " + wxString::FromUTF8(std::string(additionLabel(addition))).Lower() + "\t" +
                              shortcut);
        Bind(
            wxEVT_MENU, [this, addition](wxCommandEvent&) { oob_->add(addition); }, id);
    }
    units->AppendSeparator();
    units->Append(IdImportCsv, "&Import order of battle from CSV...");
    units->Append(IdRollTables, "&Roll quality and arms from the tables...");
    auto* tools = new wxMenu;
    // Single keys are not menu accelerators: they act only while the map has the focus (the
    // canvas reads the same table), so typing a name in a panel never switches tools.
    for (const ToolInfo& info : mapToolInfos()) {
        const int id = IdToolBase + static_cast<int>(info.id);
        tools->Append(id,
                      wxString::FromUTF8(std::string(info.title)) + "  (" +
                          wxString::FromUTF8(shortcutText(info)) + ")",
                      wxString::FromUTF8(std::string(info.help)));
        Bind(
            wxEVT_MENU, [this, tool = info.id](wxCommandEvent&) { tools_->selectTool(tool); }, id);
    }
    auto* help = new wxMenu;
    help->Append(IdUserGuide, "&User guide\tF1");
    help->Append(IdShortcuts, "&Keyboard shortcuts");
    help->AppendSeparator();
    help->Append(wxID_ABOUT, "&About Sandtable");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { openUserGuide(); }, IdUserGuide);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { showKeyboardShortcuts(); }, IdShortcuts);
    auto* bar = new wxMenuBar;
    bar->Append(file, "&File");
    bar->Append(edit, "&Edit");
    bar->Append(view, "&View");
    bar->Append(map, "&Map");
    bar->Append(scenario, "&Scenario");
    bar->Append(units, "&Units");
    bar->Append(tools, "&Tools");
    bar->Append(help, "&Help");
    SetMenuBar(bar);

    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!confirmDiscard()) {
                return;
            }
            NewMapChoice initial;
            if (doc_) {
                initial.ruleset = doc_->scenario().info.ruleset;
            }
            if (const auto chosen = askNewMap(initial)) {
                newScenario(*chosen);
            }
        },
        wxID_NEW);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!confirmDiscard()) {
                return;
            }
            wxFileDialog dialog(this, "Open scenario", lastFolder_, "",
                                "Sandtable scenarios (*.xml)|*.xml|All files|*",
                                wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (dialog.ShowModal() == wxID_OK) {
                open(dialog.GetPath().utf8_string());
            }
        },
        wxID_OPEN);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent& e) {
            if (confirmDiscard()) {
                open(recent_.GetHistoryFile(static_cast<size_t>(e.GetId() - wxID_FILE1)).utf8_string());
            }
        },
        wxID_FILE1, wxID_FILE9);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { save(); }, wxID_SAVE);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            // Beside the scenario (or in the last folder), named after it.
            std::filesystem::path suggested =
                doc_->file().empty() ? std::filesystem::path(lastFolder_.utf8_string()) / "map.pdf"
                                     : doc_->file();
            if (const auto request = askExport(doc_->scenario(), suggested)) {
                exportTo(*request);
            }
        },
        IdExport);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            // The preview keeps a copy: it lives on while the document is edited, replaced or closed.
            const auto snapshot = std::make_shared<const Scenario>(doc_->scenario());
            auto* preview = new wxPrintPreview(new MapPrintout(snapshot, printOptions_),
                                               new MapPrintout(snapshot, printOptions_)); // wx owns these
            auto* frame = new wxPreviewFrame(preview, this, "Print preview");
            frame->Initialize();
            frame->Show();
        },
        wxID_PREVIEW);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            wxPrinter printer;
            MapPrintout printout(std::make_shared<const Scenario>(doc_->scenario()), printOptions_);
            printer.Print(this, &printout, true);
        },
        wxID_PRINT);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            wxFileDialog dialog(this, "Save scenario as", lastFolder_,
                                doc_ ? wxString::FromUTF8(doc_->displayName()) : wxString(),
                                "Sandtable scenarios (*.xml)|*.xml", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
            if (dialog.ShowModal() == wxID_OK) {
                saveAs(dialog.GetPath().utf8_string());
            }
        },
        wxID_SAVEAS);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (doc_) {
                doc_->undo();
            }
        },
        wxID_UNDO);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (doc_) {
                doc_->redo();
            }
        },
        wxID_REDO);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (canvas_->tools() && !canvas_->tools()->copyArea()) {
                SetStatusText("Choose an area first with the Area tool", 0);
            }
        },
        wxID_COPY);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (canvas_->tools() && canvas_->hoverCell()) {
                canvas_->tools()->pasteAt(*canvas_->hoverCell());
            }
        },
        wxID_PASTE);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (canvas_->tools()) {
                canvas_->tools()->deleteArea();
            }
        },
        wxID_DELETE);
    const auto centre = [this] {
        return wxPoint(canvas_->GetClientSize().x / 2, canvas_->GetClientSize().y / 2);
    };
    Bind(
        wxEVT_MENU, [this, centre](wxCommandEvent&) { canvas_->zoomBy(1.25, centre()); }, wxID_ZOOM_IN);
    Bind(
        wxEVT_MENU, [this, centre](wxCommandEvent&) { canvas_->zoomBy(0.8, centre()); }, wxID_ZOOM_OUT);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { canvas_->zoomToFit(); }, wxID_ZOOM_FIT);
    auto toggle = [this](int id, bool RenderOptions::*flag) {
        Bind(
            wxEVT_MENU,
            [this, flag](wxCommandEvent& e) {
                canvas_->renderOptions().*flag = e.IsChecked();
                canvas_->Refresh(false);
            },
            id);
    };
    toggle(IdToggleGrid, &RenderOptions::grid);
    toggle(IdToggleLabels, &RenderOptions::labels);
    toggle(IdToggleElevation, &RenderOptions::elevation);
    toggle(IdTogglePieces, &RenderOptions::pieces);
    toggle(IdToggleHexsides, &RenderOptions::hexsides);
    toggle(IdTogglePaths, &RenderOptions::paths);
    toggle(IdToggleFeatures, &RenderOptions::features);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            const wxString sides[] = {"Union", "Confederate"};
            const int side =
                wxGetSingleChoiceIndex("Roll quality and small arms for which side?\n(I'm a Good Old Rebel's "
                                       "tables for the scenario's date and theatre)",
                                       "Roll from the tables", 2, sides, this);
            if (side < 0) {
                return;
            }
            const long seed = wxGetNumberFromUser("Seed (the same seed gives the same rolls)", "",
                                                  "Roll from the tables", 1, 0, 1000000000, this);
            if (seed >= 0) {
                doc_->execute(fillFromGoodOldRebelTables(doc_->scenario(), static_cast<Side>(side),
                                                         static_cast<std::uint64_t>(seed)));
            }
        },
        IdRollTables);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            wxFileDialog dialog(this, "Import order of battle", lastFolder_, "",
                                "CSV files (*.csv)|*.csv|All files|*", wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (dialog.ShowModal() == wxID_OK) {
                importOrderOfBattle(dialog.GetPath().utf8_string());
            }
        },
        IdImportCsv);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            const auto plan = askResize(doc_->scenario());
            if (!plan) {
                return;
            }
            std::vector<CommandPtr> parts;
            parts.push_back(resizeMap(doc_->scenario(), *plan));
            if (doc_->scenario().map.geo) {
                // A placed map keeps its cells on their ground: its anchor moves with the resize.
                auto placed = placementAfterResize(doc_->scenario().map, *plan);
                if (!placed) {
                    reportError("Resize", "The map's placement on the Earth cannot follow the resize: " +
                                              wxString::FromUTF8(placed.error()));
                    return;
                }
                parts.push_back(edits::setGeoPlacement(doc_->scenario(), *placed));
            }
            doc_->execute(std::make_unique<CommandGroup>("Resize map", std::move(parts)));
        },
        IdResize);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            const wxString title = wxGetTextFromUser("Scenario title", "Scenario",
                                                     wxString::FromUTF8(doc_->scenario().info.title), this);
            if (!title.IsEmpty()) {
                ScenarioInfo info = doc_->scenario().info;
                info.title = title.utf8_string();
                doc_->execute(edits::setInfo(doc_->scenario(), info));
            }
        },
        IdScenarioTitle);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (!doc_) {
                return;
            }
            wxArrayString choices;
            for (const std::string& builtinName : builtinRulesetNames()) {
                choices.Add(wxString::FromUTF8(builtinName));
            }
            const int houseRules = static_cast<int>(choices.size());
            choices.Add("A house-rules file...");
            const int pick = wxGetSingleChoiceIndex("Ruleset for this scenario", "Ruleset", choices, this);
            if (pick < 0) {
                return;
            }
            std::string name = choices[static_cast<std::size_t>(pick)].utf8_string();
            if (pick == houseRules) {
                wxFileDialog dialog(this, "House rules", lastFolder_, "", "Ruleset files (*.xml)|*.xml",
                                    wxFD_OPEN | wxFD_FILE_MUST_EXIST);
                if (dialog.ShowModal() != wxID_OK) {
                    return;
                }
                name = dialog.GetPath().utf8_string();
            }
            if (auto used = doc_->useRuleset(name); !used) {
                reportError("Cannot use this ruleset", wxString::FromUTF8(used.error()));
                return;
            }
            ScenarioInfo info = doc_->scenario().info;
            info.ruleset = name;
            doc_->execute(edits::setInfo(doc_->scenario(), info));
        },
        IdRuleset);
    Bind(
        wxEVT_MENU,
        [](wxCommandEvent&) {
            wxAboutDialogInfo info;
            info.SetName("Sandtable");
            info.SetDescription("Scenario and map editor for American Civil War grid wargames");
            wxAboutBox(info);
        },
        wxID_ABOUT);
}

void MainFrame::setDocument(std::unique_ptr<Document> doc) {
    canvas_->setDocument(nullptr);
    doc_ = std::move(doc);
    doc_->addListener([this](const ChangeSet& cs) { onChanged(cs); });
    canvas_->setDocument(doc_.get());
    canvas_->tools()->onTerrainPicked = [this](TerrainIndex t) { tools_->showTerrain(t); };
    canvas_->tools()->onMessage = [this](const std::string& m) { SetStatusText(wxString::FromUTF8(m), 0); };
    canvas_->tools()->onSelected = [this](std::optional<PieceRef> piece) {
        properties_->show(piece);
        if (piece) {
            oob_->selectPiece(*piece);
        }
    };
    canvas_->tools()->onMarkerSelected = [this](std::optional<MapMarker> marker) {
        // A feature is edited here; a line of supply or an entry shows the corps or piece it is for.
        if (!marker) {
            properties_->show(std::nullopt);
        } else if (marker->kind == MapMarker::Kind::Feature) {
            properties_->showFeature(marker->feature);
        } else {
            properties_->show(marker->owner);
        }
    };
    tools_->setTerrainTypes(doc_->scenario().map.terrainTypes);
    oob_->setDocument(doc_.get());
    properties_->setDocument(doc_.get());
    scenarioPanel_->setDocument(doc_.get());
    scenarioPanel_->onRulesetChanged = [this](const std::string& name) {
        // Check it now to say what is wrong; the document follows the scenario's ruleset itself.
        if (auto used = doc_->useRuleset(name); !used) {
            reportError("Cannot use this ruleset", wxString::FromUTF8(used.error()));
        }
    };
    showProblems();
    updateTitle();
}

bool MainFrame::open(const std::filesystem::path& file) {
    std::filesystem::path from = file;
    if (auto autosave = recoverableAutosaveFor(file)) {
        if (ask("There is unsaved work for " + wxString::FromUTF8(file.filename().string()) +
                " from a session that did not close properly.\nRecover it?") == wxYES) {
            from = *autosave;
        }
    }
    auto doc = Document::open(from);
    if (!doc) {
        reportError("Cannot open scenario", wxString::FromUTF8(doc.error()));
        return false;
    }
    if (from != file) {
        // Recovered work belongs to the original file and is unsaved until the user saves it.
        auto recovered = std::make_unique<Document>((*doc)->scenario(), file);
        recovered->markRecovered();
        setDocument(std::move(recovered));
    } else {
        setDocument(std::move(*doc));
    }
    recent_.AddFileToHistory(wxString::FromUTF8(file.string()));
    rememberFolderOf(file);
    saveWindowState(); // the recent files at once: a crash must not forget them
    return true;
}

void MainFrame::newScenario(const NewMapChoice& choice) {
    Scenario s;
    s.map = Map::blank(Grid(choice.grid), defaultTerrainTypes());
    s.map.yardsPerCell = choice.yardsPerCell;
    s.map.tabletop = choice.tabletop;
    s.info.title = "Untitled";
    s.info.ruleset = choice.ruleset;
    setDocument(std::make_unique<Document>(std::move(s)));
}

bool MainFrame::importOrderOfBattle(const std::filesystem::path& file) {
    auto text = readWholeFile(file);
    if (!text) {
        reportError("Cannot import", wxString::FromUTF8(file.string() + ": " + text.error()));
        return false;
    }
    const Scenario& s = doc_->scenario();
    auto imported =
        readOrderOfBattleCsv(*text, file.string(), s.oob,
                             CsvImportRules{.oneArmyPerSide = doc_->ruleActive("command.one-army-per-side")});
    if (!imported) {
        reportError("Cannot import", wxString::FromUTF8(imported.error().toString()));
        return false;
    }
    doc_->execute(importCommand(s, *imported));
    SetStatusText(wxString::Format("Imported %zu headquarters, %zu units and %zu trains",
                                   imported->headquarters.size(), imported->units.size(),
                                   imported->trains.size()),
                  0);
    return true;
}

bool MainFrame::exportTo(const std::filesystem::path& out, const std::string& kind) {
    ExportRequest request{kind, out, PrintOptions{}};
    request.options.paper = *paperByName("a4");
    return exportTo(request);
}

bool MainFrame::exportTo(const ExportRequest& request) {
    if (!doc_) {
        return false;
    }
    const std::filesystem::path& out = request.file;
    const std::string& kind = request.kind;
    const int errors = doc_->problems().errors();
    const ExportClearance clearance = clearForExport(
        errors, errors > 0 &&
                    ask(wxString::Format("The scenario has %d errors under %s (see Problems). Export anyway?",
                                         errors, doc_->rulesetName())) == wxYES);
    if (!clearance.allowed) {
        return false;
    }
    const bool forced = clearance.forced;
    const auto exportKind = exportKindNamed(kind);
    if (!exportKind) {
        reportError("Export failed", "There is no export kind " + wxString::FromUTF8(kind));
        return false;
    }
    PrintOptions o = request.options;
    o.forced = forced;
    if (exportKind->tiledPages) {
        printOptions_ = request.options; // File > Print tiles the pages the same way
    }
    std::unique_ptr<wxProgressDialog> progress;
    o.progress = [&](int page, int total) {
        if (!progress) {
            progress = std::make_unique<wxProgressDialog>("Printing", "Writing pages", total, this,
                                                          wxPD_CAN_ABORT | wxPD_APP_MODAL | wxPD_AUTO_HIDE);
        }
        return progress->Update(page, wxString::Format("Page %d of %d", page + 1, total));
    };
    const auto done = exportScenario(*exportKind, doc_->scenario(), out, o);
    if (!done) {
        reportError("Export failed", wxString::FromUTF8(done.error()));
        return false;
    }
    rememberFolderOf(out);
    SetStatusText("Exported " + wxString::FromUTF8(out.filename().string()) +
                      (forced ? " (forced despite errors)" : ""),
                  0);
    return true;
}

bool MainFrame::save() {
    if (!doc_) {
        return false;
    }
    if (doc_->file().empty()) {
        wxFileDialog dialog(this, "Save scenario", lastFolder_, "untitled.sandtable.xml",
                            "Sandtable scenarios (*.xml)|*.xml", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
        if (dialog.ShowModal() != wxID_OK) {
            return false;
        }
        return saveAs(dialog.GetPath().utf8_string());
    }
    return saveAs(doc_->file());
}

bool MainFrame::saveAs(const std::filesystem::path& file) {
    if (auto saved = doc_->save(file); !saved) {
        reportError("Cannot save", wxString::FromUTF8(saved.error()));
        return false;
    }
    recent_.AddFileToHistory(wxString::FromUTF8(file.string()));
    rememberFolderOf(file);
    updateTitle();
    SetStatusText("Saved " + wxString::FromUTF8(file.filename().string()), 1);
    return true;
}

bool MainFrame::confirmDiscard() {
    if (!doc_ || !doc_->isModified()) {
        return true;
    }
    const int answer = ask("Save the changes to " + wxString::FromUTF8(doc_->displayName()) + " first?");
    if (answer == wxCANCEL) {
        return false;
    }
    if (answer == wxYES) {
        return save();
    }
    doc_->removeAutosave();
    return true;
}

void MainFrame::updateTitle() {
    if (!doc_) {
        SetTitle("Sandtable");
        return;
    }
    const std::string& title = doc_->scenario().info.title;
    SetTitle(wxString((doc_->isModified() ? "*" : "")) +
             wxString::FromUTF8(title.empty() ? doc_->displayName() : title) + " - " +
             wxString::FromUTF8(doc_->displayName()) + " - Sandtable");
    GetMenuBar()->Enable(wxID_UNDO, doc_->history().canUndo());
    GetMenuBar()->Enable(wxID_REDO, doc_->history().canRedo());
    GetMenuBar()->SetLabel(wxID_UNDO, "&Undo " + wxString::FromUTF8(doc_->history().undoText().value_or("")) +
                                          "\tCtrl+Z");
    GetMenuBar()->SetLabel(wxID_REDO, "&Redo " + wxString::FromUTF8(doc_->history().redoText().value_or("")) +
                                          "\tCtrl+Y");
}

void MainFrame::showProblems() {
    problems_->show(doc_->problems(), doc_->scenario().map.grid, doc_->rulesetName());
}

void MainFrame::onChanged(const ChangeSet& cs) {
    if (cs.everything) {
        tools_->setTerrainTypes(doc_->scenario().map.terrainTypes);
    }
    if (cs.touches(OrderChanged | PlacementsChanged | InfoChanged)) {
        oob_->rebuild();
        properties_->refresh();
        // Refresh after the property grid has finished handling its own change event.
        CallAfter([this] { scenarioPanel_->refresh(); });
    } else {
        oob_->refreshStatus(); // problems may have changed with the ground
        if (cs.touches(PathsChanged)) {
            properties_->refresh(); // a map feature shown there may have moved or gone
        }
    }
    showProblems();
    updateTitle();
    canvas_->mapChanged(cs);
}

void MainFrame::onHover(std::optional<Offset> cell) {
    if (const BackgroundAlignment* aligning = canvas_->backgroundAlignment()) {
        // The alignment's instructions and residuals stay in sight while the pointer moves.
        SetStatusText(wxString::FromUTF8(aligning->hint()), 0);
        return;
    }
    if (!cell || !doc_) {
        SetStatusText("", 0);
        return;
    }
    const Scenario& s = doc_->scenario();
    const Map& map = s.map;
    wxString text = wxString::Format("%s  %s  level %d", map.grid.label(*cell),
                                     wxString::FromUTF8(map.terrainAt(*cell).name), map.elevationAt(*cell));
    for (const auto& [piece, placement] : s.deployment.placements) {
        if (std::find(placement.cells.begin(), placement.cells.end(), *cell) == placement.cells.end()) {
            continue;
        }
        if (piece.kind == PieceKind::Unit && s.oob.units.contains(UnitId{piece.id})) {
            text += "  |  " + wxString::FromUTF8(s.oob.units.at(UnitId{piece.id}).name);
        } else if (piece.kind == PieceKind::Commander &&
                   s.oob.headquarters.contains(HeadquartersId{piece.id})) {
            text += "  |  " + wxString::FromUTF8(s.oob.headquarters.at(HeadquartersId{piece.id}).commander);
        } else if (piece.kind == PieceKind::Train && s.oob.trains.contains(TrainId{piece.id})) {
            text += "  |  " + wxString::FromUTF8(s.oob.trains.at(TrainId{piece.id}).name);
        }
    }
    SetStatusText(text, 0);
    SetStatusText(wxString::Format("zoom %.0f%%", canvas_->zoom() * 100), 1);
}

void MainFrame::recoverFromException(const std::string& what) {
    wxString kept = "Your work is still open.";
    if (doc_ && doc_->isModified()) {
        doc_->autosaveIfModified();
        kept = "Your work is still open, and a copy is kept in " +
               wxString::FromUTF8(doc_->autosavePath().string()) + ".";
    }
    reportError("Sandtable stopped an action",
                "Sandtable could not finish what it was doing: " + wxString::FromUTF8(what) + "\n\n" + kept +
                    " Save it, and please report this message.");
}

bool recoverFromExceptionInMainLoop() {
    std::string what = "an unknown error";
    try {
        throw;
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
    }
    for (wxWindow* w : wxTopLevelWindows) {
        if (auto* frame = dynamic_cast<MainFrame*>(w)) {
            frame->recoverFromException(what);
        }
    }
    return true;
}

} // namespace sandtable
