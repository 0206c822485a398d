// The File menu: a new map, opening and saving (with the recent files), export of every kind,
// printing and quitting.
#include "main_frame.hpp"

#include "editor/import_file.hpp"
#include "formats/scenario_xml.hpp"
#include "wx_paths.hpp"

#include "exports/export_kinds.hpp"
#include "install_layout.hpp"
#include "print/map_printout.hpp"

#include <wx/config.h>
#include <wx/filedlg.h>
#include <wx/menu.h>
#include <wx/print.h>
#include <wx/progdlg.h>
#include <wx/stdpaths.h>

namespace sandtable {

Actions MainFrame::fileActions() {
    const auto hasDocument = [this] { return doc_ != nullptr; };
    return {
        {.name = "file.new",
         .menu = "&File",
         .label = "&New map...",
         .shortcut = "Ctrl+N",
         .help = "A new map: its grid, size, scale and ruleset",
         .stockId = wxID_NEW,
         .onToolbar = true,
         .run =
             [this] {
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
             }},
        {.name = "file.open",
         .menu = "&File",
         .label = "&Open...",
         .shortcut = "Ctrl+O",
         .help = "Open a scenario",
         .stockId = wxID_OPEN,
         .onToolbar = true,
         .run =
             [this] {
                 if (!confirmDiscard()) {
                     return;
                 }
                 wxFileDialog dialog(this, "Open scenario", lastFolder_, "",
                                     "Sandtable scenarios (*.xml)|*.xml|All files|*",
                                     wxFD_OPEN | wxFD_FILE_MUST_EXIST);
                 if (dialog.ShowModal() == wxID_OK) {
                     open(pathOf(dialog.GetPath()));
                 }
             }},
        {.name = "file.samples",
         .menu = "&File",
         .label = "Open Sa&mple Battle",
         .help = "The battles that come with Sandtable, to play or to learn from",
         .fillSubmenu =
             [this](wxMenu& menu) {
                 const std::vector<SampleBattle> battles = sampleBattles(installLayout().samples);
                 if (battles.empty()) {
                     menu.Append(wxID_ANY, "(no sample battles installed)")->Enable(false);
                 }
                 for (const SampleBattle& battle : battles) {
                     const wxMenuItem* item =
                         menu.Append(wxID_ANY, wxString::FromUTF8(battle.title), textOf(battle.file));
                     Bind(
                         wxEVT_MENU,
                         [this, file = battle.file](wxCommandEvent&) {
                             if (confirmDiscard()) {
                                 open(file);
                             }
                         },
                         item->GetId());
                 }
             }},
        {.name = "file.recent",
         .menu = "&File",
         .label = "Open &Recent",
         .help = "The scenarios opened last",
         .fillSubmenu =
             [this](wxMenu& menu) {
                 recent_.UseMenu(&menu);
                 recent_.Load(*wxConfig::Get());
                 Bind(
                     wxEVT_MENU,
                     [this](wxCommandEvent& e) {
                         if (confirmDiscard()) {
                             open(
                                 pathOf(recent_.GetHistoryFile(static_cast<size_t>(e.GetId() - wxID_FILE1))));
                         }
                     },
                     wxID_FILE1, wxID_FILE9);
             }},
        {.name = "file.import",
         .menu = "&File",
         .label = "&Import...",
         .shortcut = "Ctrl+I",
         .help =
             "A Tiled map or a VASSAL module's board made a new battle, with a report of what became what",
         .run =
             [this] {
                 if (!confirmDiscard()) {
                     return;
                 }
                 const auto chosen = askImport(lastFolder_);
                 if (!chosen) {
                     return;
                 }
                 std::error_code ec;
                 if (std::filesystem::exists(chosen->target, ec) &&
                     ask("Replace " + textOf(chosen->target) + " with the imported battle? (It stays as " +
                         textOf(chosen->target) + ".bak.)") != wxYES) {
                     return;
                 }
                 if (auto written = writeImportedBattle(chosen->imported, chosen->target); !written) {
                     reportError("Cannot import", wxString::FromUTF8(written.error()));
                     return;
                 }
                 if (open(chosen->target)) {
                     SetStatusText("Imported: " + wxString::FromUTF8(chosen->imported.report.source));
                 }
             }},
        {.name = "file.save",
         .menu = "&File",
         .label = "&Save",
         .shortcut = "Ctrl+S",
         .help = "Save the scenario (the previous version stays as FILE.bak)",
         .stockId = wxID_SAVE,
         .onToolbar = true,
         .run = [this] { save(); },
         .enabled = hasDocument},
        {.name = "file.save-as",
         .menu = "&File",
         .label = "Save &As...",
         .shortcut = "Ctrl+Shift+S",
         .help = "Save the scenario in another file",
         .stockId = wxID_SAVEAS,
         .run =
             [this] {
                 wxFileDialog dialog(this, "Save scenario as", lastFolder_,
                                     doc_ ? wxString::FromUTF8(doc_->displayName()) : wxString(),
                                     "Sandtable scenarios (*.xml)|*.xml", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
                 if (dialog.ShowModal() == wxID_OK) {
                     saveAs(pathOf(dialog.GetPath()));
                 }
             },
         .enabled = hasDocument},
        {.name = "file.export",
         .menu = "&File",
         .label = "&Export...",
         .shortcut = "Ctrl+E",
         .help = "The map at tabletop scale, Tiled, JSON, a VASSAL module, rosters, counters, a booklet",
         .separatorBefore = true,
         .run =
             [this] {
                 // Beside the scenario (or in the last folder), named after it.
                 const std::filesystem::path suggested =
                     doc_->file().empty() ? pathOf(lastFolder_) / "map.pdf" : doc_->file();
                 if (const auto request = askExport(doc_->scenario(), suggested)) {
                     exportTo(*request);
                 }
             },
         .enabled = hasDocument},
        {.name = "file.print-preview",
         .menu = "&File",
         .label = "Print Pre&view...",
         .help = "The pages File > Print will print",
         .stockId = wxID_PREVIEW,
         .run =
             [this] {
                 // The preview keeps a copy: it lives on while the document is edited, replaced or closed.
                 const auto snapshot = std::make_shared<const Scenario>(doc_->scenario());
                 const PrintOptions o = printedAsSeen();
                 auto* preview = new wxPrintPreview(new MapPrintout(snapshot, o),
                                                    new MapPrintout(snapshot, o)); // wx owns these
                 auto* frame = new wxPreviewFrame(preview, this, "Print preview");
                 frame->Initialize();
                 frame->Show();
             },
         .enabled = hasDocument},
        {.name = "file.print",
         .menu = "&File",
         .label = "&Print...",
         .shortcut = "Ctrl+P",
         .help = "Print the map at tabletop scale, tiled on pages",
         .stockId = wxID_PRINT,
         .run =
             [this] {
                 wxPrinter printer;
                 MapPrintout printout(std::make_shared<const Scenario>(doc_->scenario()), printedAsSeen());
                 printer.Print(this, &printout, true);
             },
         .enabled = hasDocument},
        {.name = "file.quit",
         .menu = "&File",
         .label = "&Quit",
         .shortcut = "Ctrl+Q",
         .help = "Close the editor (asking first about unsaved work)",
         .stockId = wxID_EXIT,
         .separatorBefore = true,
         .run = [this] { Close(); }},
    };
}

PrintOptions MainFrame::printedAsSeen() const {
    PrintOptions o = printOptions_;
    o.layers.style = canvas_->renderOptions().style;
    return o;
}

bool MainFrame::exportTo(const std::filesystem::path& out, const std::string& kind) {
    ExportRequest request{kind, out, ExportOptions{}};
    request.options.print.paper = *paperByName("a4");
    return exportTo(request);
}

bool MainFrame::exportTo(const ExportRequest& request) {
    if (!doc_) {
        return false;
    }
    const std::filesystem::path& out = request.file;
    const std::string& kind = request.kind;
    const auto exportKind = exportKindNamed(kind);
    if (!exportKind) {
        reportError("Export failed", "There is no export kind " + wxString::FromUTF8(kind));
        return false;
    }
    // A kind that holds every scenario of the battle answers for the errors of them all.
    const int errors = doc_->problems().errors();
    int otherErrors = 0;
    if (exportKind->everyScenario) {
        for (const Document::ScenarioProblems& p : doc_->otherScenarioProblems()) {
            otherErrors += p.errors;
        }
    }
    const wxString question =
        otherErrors == 0
            ? wxString::Format("The scenario has %d errors under %s (see Problems). Export anyway?", errors,
                               doc_->rulesetName())
            : wxString::Format("The scenarios this export holds have %d errors: %d in this one under %s (see "
                               "Problems), %d in the others (see Scenarios). Export anyway?",
                               errors + otherErrors, errors, doc_->rulesetName(), otherErrors);
    const ExportClearance clearance =
        clearForExport(errors + otherErrors, errors + otherErrors > 0 && ask(question) == wxYES);
    if (!clearance.allowed) {
        return false;
    }
    const bool forced = clearance.forced;
    ExportOptions o = request.options;
    o.forced = forced;
    o.play = doc_->playSetup();
    if (exportKind->tiledPages) {
        printOptions_ = request.options.print; // File > Print tiles the pages the same way
    }
    std::unique_ptr<wxProgressDialog> progress;
    o.print.progress = [&](int page, int total) {
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
    // A sample battle is a starting point, never changed in place: its first save asks where the
    // designer's copy goes (in their documents, not among the samples).
    const bool sample = !doc_->file().empty() && isInsideFolder(doc_->file(), installLayout().samples);
    if (doc_->file().empty() || sample) {
        // Opening the sample made its folder the last one: the copy is offered the documents.
        const auto path =
            askSavePath(sample ? "Save your copy of the sample battle" : "Save scenario",
                        sample ? wxStandardPaths::Get().GetDocumentsDir() : lastFolder_,
                        sample ? textOf(doc_->file().filename()) : wxString("untitled.sandtable.xml"));
        return path && saveAs(*path);
    }
    return saveAs(doc_->file());
}

bool MainFrame::saveAs(const std::filesystem::path& file) {
    // An older file is written in the current format at its first save over itself: said first, since
    // an older Sandtable cannot open it afterwards (FILE.bak keeps the old one).
    if (doc_->savesInNewerFormat() && file == doc_->file() &&
        ask(wxString::Format("%s was written in format-version %d. Saving writes it as a battle in "
                             "format-version %d, which older versions of Sandtable cannot open; the "
                             "old file is kept as %s.bak.\n\nSave it in the new version?",
                             textOf(file.filename()), doc_->readFormatVersion(), currentFormatVersion,
                             textOf(file.filename()))) != wxYES) {
        SetStatusText("Not saved", 1);
        return false;
    }
    if (auto saved = doc_->save(file); !saved) {
        reportError("Cannot save", wxString::FromUTF8(saved.error()));
        return false;
    }
    rememberFile(file);
    updateTitle();
    SetStatusText("Saved " + wxString::FromUTF8(file.filename().string()), 1);
    return true;
}

} // namespace sandtable
