// The window itself (the canvas, the docked panels, autosave, closing) and the document's life:
// new, open (with recovery of unsaved work), and the views brought up to date after each change.
#include "main_frame.hpp"

#include "app_icon.hpp"
#include "formats/atomic_file.hpp"
#include "model/battle.hpp"
#include "model/commands/edits.hpp"
#include "model/limits.hpp"
#include "panels/minimap_panel.hpp"
#include "panels/oob_panel.hpp"
#include "panels/problems_panel.hpp"
#include "panels/properties_panel.hpp"
#include "panels/scenario_panel.hpp"
#include "panels/scenarios_panel.hpp"
#include "panels/tools_panel.hpp"
#include "tools/supply_tool.hpp"
#include "tools/tool_list.hpp"

#include <wx/config.h>
#include <wx/image.h>
#include <wx/statusbr.h>

namespace sandtable {

MainFrame::MainFrame()
    : wxFrame(nullptr, wxID_ANY, "Sandtable", wxDefaultPosition, wxSize(1400, 900)), autosave_(this) {
    // Background scans come as PNG, JPEG or TIFF.
    if (wxImage::FindHandler(wxBITMAP_TYPE_PNG) == nullptr) {
        wxInitAllImageHandlers();
    }
    SetIcons(appIcons());
    aui_.SetManagedWindow(this);
    printOptions_.paper = *paperByName("a4");
    printOptions_.cellSizePt = 25 / 25.4 * 72; // 25 mm a cell, as the export dialog offers
    canvas_ = new MapCanvas(this);
    tools_ = new ToolsPanel(this, [this] { return canvas_->tools(); });
    oob_ = new OobPanel(this);
    properties_ = new PropertiesPanel(this);
    problems_ = new ProblemsPanel(this);
    scenarioPanel_ = new ScenarioPanel(this);
    scenarios_ = new ScenariosPanel(this);
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
        scenarios_,
        wxAuiPaneInfo().Name("scenarios").Caption("Scenarios").Right().BestSize(340, 180).Row(0).Position(3));
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
        minimap_->viewMoved();
        // At once, not at the next mouse move.
        const double percent = canvas_->zoom() * 100;
        SetStatusText(wxString::Format(percent < 1 ? "zoom %.1f%%" : "zoom %.0f%%", percent), 1);
    };
    canvas_->onToolKey = [this](ToolId tool) {
        tools_->selectTool(tool);
        const ToolInfo& info = mapToolInfo(tool);
        SetStatusText(wxString::FromUTF8(std::string(info.title) + ": " + std::string(info.help)), 0);
    };
    oob_->onSelect = [this](std::optional<PieceRef> piece) {
        properties_->show(piece);
        if (piece && canvas_->tools()) {
            canvas_->tools()->select(piece);
            canvas_->Refresh(false);
        }
    };
    oob_->onPickSupplyCell = [this](HeadquartersId corps) {
        tools_->selectTool(SupplyTool::toolId);
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

    installDialogs();

    Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
        if (doc_ && doc_->autosaveIfModified()) {
            SetStatusText("Autosaved to " + wxString::FromUTF8(doc_->autosavePath().filename().string()), 1);
        }
    });
    autosave_.Start(60'000);
    Bind(wxEVT_IDLE, [this](wxIdleEvent& e) {
        refreshProblemViews();
        showIdleStatus();
        menus_->refresh(); // a panel closed by its own button, say
        toolbar_->refresh();
        e.Skip();
    });
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
    // The panels let go of the document before it goes: closing the window ends a rename under way
    // in the order of battle, and the tree's editor commits it as it loses the focus.
    oob_->setDocument(nullptr);
    properties_->setDocument(nullptr);
    scenarioPanel_->setDocument(nullptr);
    scenarios_->setDocument(nullptr);
    canvas_->setDocument(nullptr);
    aui_.UnInit();
}

wxWindow* MainFrame::minimap() const {
    return minimap_;
}

void MainFrame::buildMenus() {
    for (auto part : {fileActions(), editActions(), viewActions(), mapActions(), scenarioActions(),
                      scenarioListActions(), unitActions(), toolActions(), helpActions()}) {
        std::ranges::move(part, std::back_inserter(actions_));
    }
    menus_ = std::make_unique<ActionMenus>(*this, actions_);
    toolbar_ = std::make_unique<ActionToolBar>(*this, actions_);
    oob_->addActionButtons(actions_);
    scenarios_->addActionButtons(actions_);
}

void MainFrame::setDocument(std::unique_ptr<Document> doc) {
    canvas_->setDocument(nullptr);
    doc_ = std::move(doc);
    doc_->addListener([this](const ChangeSet& cs) { onChanged(cs); });
    canvas_->setDocument(doc_.get());
    canvas_->tools()->onTerrainPicked = [this](TerrainIndex t) { tools_->showTerrain(t); };
    // A tool's messages are the canvas's hints (both reach the status bar).
    canvas_->tools()->onMessage = [this](const std::string& m) { canvas_->onHint(wxString::FromUTF8(m)); };
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
    scenarios_->setDocument(doc_.get());
    scenarioPanel_->onRulesetChanged = [this](const std::string& name) {
        // Check it now to say what is wrong; the document follows the scenario's ruleset itself.
        if (auto used = doc_->useRuleset(name); !used) {
            reportError("Cannot use this ruleset", wxString::FromUTF8(used.error()));
        }
    };
    showProblems();
    updateTitle();
}

bool MainFrame::open(const std::filesystem::path& file, std::future<Document::Opened> early) {
    std::filesystem::path from = file;
    if (auto autosave = recoverableAutosaveFor(file)) {
        if (ask("There is unsaved work for " + wxString::FromUTF8(file.filename().string()) +
                " from a session that did not close properly.\nRecover it?") == wxYES) {
            from = *autosave;
        }
    }
    auto doc = from == file && early.valid() ? early.get() : Document::open(from);
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
    rememberFile(file);
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
    const wxString text = wxString((doc_->isModified() ? "*" : "")) +
                          wxString::FromUTF8(title.empty() ? doc_->displayName() : title) + " - " +
                          wxString::FromUTF8(doc_->displayName()) + " - Sandtable";
    if (GetTitle() != text) {
        SetTitle(text);
    }
    if (menus_ && toolbar_) {
        menus_->refresh(); // Undo's and Redo's labels and states, at once: Ctrl+Z may come next
        toolbar_->refresh();
    }
}

void MainFrame::showProblems() {
    // The other scenarios of the battle, each by its count: their findings are a click away in the
    // Scenarios panel.
    std::string elsewhere;
    for (const Document::ScenarioProblems& p : doc_->otherScenarioProblems()) {
        const std::string& title = scenarioInfo(doc_->scenario(), p.index).title;
        elsewhere +=
            (elsewhere.empty() ? "other scenarios: " : ", ") + limits::quoted(title) + " " +
            (!p.validated ? "no ruleset"
                          : std::to_string(p.errors) + (p.errors == 1 ? " error, " : " errors, ") +
                                std::to_string(p.warnings) + (p.warnings == 1 ? " warning" : " warnings"));
    }
    problems_->show(doc_->problemsSnapshot(), doc_->scenario().map.grid, doc_->rulesetName(), elsewhere);
    shownProblems_ = doc_->problemsRevision();
}

void MainFrame::refreshProblemViews() {
    if (!doc_ || doc_->problemsRevision() == shownProblems_) {
        return;
    }
    oob_->refreshStatus();
    showProblems();
    scenarios_->refresh();
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
    } else if (cs.touches(PathsChanged)) {
        properties_->refresh(); // a map feature shown there may have moved or gone
    }
    // During a stroke or drag the findings' views follow when the window is idle, once for all the
    // mouse events that came meanwhile; any other change shows at once.
    if (!canvas_->gestureUnderWay()) {
        refreshProblemViews();
        scenarios_->refresh(); // titles, order, the current one, counts
    }
    updateTitle();
    canvas_->mapChanged(cs);
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
