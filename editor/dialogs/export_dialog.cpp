#include "export_dialog.hpp"
#include "editor/wx_paths.hpp"

#include "exports/export_kinds.hpp"
#include "model/battle.hpp"
#include "model/limits.hpp"

#include <wx/button.h>
#include <wx/checklst.h>
#include <wx/choice.h>
#include <wx/filedlg.h>
#include <wx/radiobox.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <charconv>
#include <optional>

namespace sandtable {

ExportDialog::ExportDialog(wxWindow* parent, const Scenario& scenario, const std::filesystem::path& suggested,
                           MapStyle groundStyle)
    : wxDialog(parent, wxID_ANY, "Export", wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE),
      scenario_(scenario) {
    auto* top = new wxBoxSizer(wxVERTICAL);
    auto* form = new wxFlexGridSizer(2, wxSize(8, 6));
    form->AddGrowableCol(1);
    std::vector<wxWindow*> labels;
    auto row = [&](const char* label, wxWindow* control) {
        auto* text = new wxStaticText(this, wxID_ANY, label);
        form->Add(text, 0, wxALIGN_CENTER_VERTICAL);
        form->Add(control, 1, wxEXPAND);
        control->SetClientData(text); // the label hides with its field
    };
    kind = new wxChoice(this, wxID_ANY);
    for (const auto& k : exportKinds()) {
        kind->Append(wxString::FromUTF8(std::string(k.title)));
    }
    kind->SetSelection(0);
    row("Export", kind);
    auto* fileRow = new wxBoxSizer(wxHORIZONTAL);
    // "battle.sandtable.xml" exports as "battle.pdf", not "battle.sandtable.pdf".
    std::filesystem::path named = suggested;
    if (named.stem().extension() == ".sandtable") {
        named.replace_filename(named.stem().stem().concat(named.extension().native()));
    }
    file = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(named.string()), wxDefaultPosition,
                          wxSize(360, -1));
    auto* browse = new wxButton(this, wxID_ANY, "Browse...");
    fileRow->Add(file, 1, wxRIGHT, 4);
    fileRow->Add(browse, 0);
    form->Add(new wxStaticText(this, wxID_ANY, "File"), 0, wxALIGN_CENTER_VERTICAL);
    form->Add(fileRow, 1, wxEXPAND);
    paper = new wxChoice(this, wxID_ANY);
    for (const auto& p : papers()) {
        paper->Append(wxString::FromUTF8(p.name));
    }
    paper->SetSelection(0);
    row("Paper", paper);
    wxArrayString orientations;
    orientations.Add("Portrait");
    orientations.Add("Landscape");
    orientation = new wxRadioBox(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, orientations);
    row("Orientation", orientation);
    cellSize = new wxTextCtrl(this, wxID_ANY, "25mm");
    row("Cell size on paper", cellSize);
    margin = new wxTextCtrl(this, wxID_ANY, "10mm");
    row("Margin", margin);
    wxArrayString layerNames;
    for (const auto& [name, member] : renderLayers) {
        layerNames.Add(wxString::FromUTF8(std::string(name)));
    }
    layers = new wxCheckListBox(this, wxID_ANY, wxDefaultPosition, wxSize(-1, 130), layerNames);
    for (unsigned i = 0; i < layers->GetCount(); ++i) {
        layers->Check(i, true);
    }
    row("Layers", layers);
    wxArrayString groundNames;
    for (const auto& [name, value] : mapStyles) {
        groundNames.Add(wxString::FromUTF8(std::string(name)));
    }
    ground = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, groundNames);
    ground->SetSelection(static_cast<int>(
        std::ranges::find(mapStyles, groundStyle, &std::pair<std::string_view, MapStyle>::second) -
        mapStyles.begin()));
    row("Ground", ground);
    wxArrayString styleNames;
    for (const auto& [name, value] : inkStyles) {
        styleNames.Add(wxString::FromUTF8(std::string(name)));
    }
    style = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, styleNames);
    style->SetSelection(0);
    row("Style", style);
    dpi = new wxTextCtrl(this, wxID_ANY, "150");
    row("Pixels per inch", dpi);
    cellPixels = new wxTextCtrl(this, wxID_ANY, std::to_string(limits::defaultVassalCellPixels));
    row("Board cell (pixels)", cellPixels);
    counterSize = new wxTextCtrl(this, wxID_ANY, "16mm");
    counterSize->SetToolTip("0.5in, 0.625in, 0.75in, 16mm...: from 0.4in to 2in");
    row("Counter size", counterSize);
    updateFrom = new wxTextCtrl(this, wxID_ANY, "");
    updateFrom->SetHint("a module made before (optional)");
    updateFrom->SetToolTip(
        "A module Sandtable made and you customised in VASSAL's editor: your charts, buttons, "
        "traits and files are kept, the board and pieces made again");
    row("Update module", updateFrom);
    top->Add(form, 0, wxEXPAND | wxALL, 10);
    pages = new wxStaticText(this, wxID_ANY, "");
    top->Add(pages, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    problem = new wxStaticText(this, wxID_ANY, "");
    problem->SetForegroundColour(wxColour(180, 0, 0));
    top->Add(problem, 0, wxEXPAND | wxALL, 10);
    top->Add(CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizerAndFit(top);

    kind->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        chooseKind(std::string(exportKinds()[static_cast<std::size_t>(kind->GetSelection())].kind));
    });
    browse->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        const auto& k = exportKinds()[static_cast<std::size_t>(kind->GetSelection())];
        const std::filesystem::path now = pathOf(file->GetValue());
        wxFileDialog dialog(this, "Export to", wxString::FromUTF8(now.parent_path().string()),
                            wxString::FromUTF8(now.filename().string()),
                            wxString::FromUTF8(std::string(k.filter)), wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
        if (dialog.ShowModal() == wxID_OK) {
            file->SetValue(dialog.GetPath());
        }
    });
    file->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    for (wxTextCtrl* t : {cellSize, margin, dpi, cellPixels, counterSize, updateFrom}) {
        t->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    }
    paper->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { update(); });
    orientation->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) { update(); });
    layers->Bind(wxEVT_CHECKLISTBOX, [this](wxCommandEvent&) { update(); });
    style->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { update(); });
    chooseKind(std::string(exportKinds()[0].kind));
}

void ExportDialog::chooseKind(const std::string& name) {
    for (std::size_t i = 0; i < exportKinds().size(); ++i) {
        if (exportKinds()[i].kind == name) {
            kind->SetSelection(static_cast<int>(i));
        }
    }
    const auto k = exportKindNamed(name);
    if (!k) {
        return;
    }
    // The file's extension follows the kind.
    std::filesystem::path path = pathOf(file->GetValue());
    if (!path.empty()) {
        path.replace_extension(pathFromUtf8(k->extension));
        file->ChangeValue(wxString::FromUTF8(path.string()));
    }
    auto show = [](wxWindow* control, bool shown) {
        control->Show(shown);
        static_cast<wxWindow*>(control->GetClientData())->Show(shown);
    };
    show(paper, k->paper);
    show(orientation, k->paper);
    show(margin, k->paper);
    show(layers, k->layers);
    show(ground, k->layers);
    show(style, k->layers);
    show(dpi, k->dpi);
    show(cellPixels, k->cellPixels);
    show(counterSize, k->counterSize);
    show(updateFrom, k->updates);
    // The counters' own size says how large they print; the cell size then does not matter.
    show(cellSize, k->cellSize && !k->counterSize);
    update();
}

namespace {

// A printed length typed in a field ("25mm", "1in") within its range into `into`; what is wrong
// otherwise: the field's `name` and the parser's message, or `outOfRange` with the range in points.
std::optional<std::string> lengthField(const wxTextCtrl* field, const std::string& name,
                                       limits::RealRange range, const std::string& outOfRange, double& into) {
    auto length = parseLength(field->GetValue().utf8_string());
    if (!length) {
        return name + ": " + length.error();
    }
    if (!range.allows(*length)) {
        return outOfRange + " (" + range.expected() + " points)";
    }
    into = *length;
    return std::nullopt;
}

} // namespace

std::expected<ExportRequest, std::string> ExportDialog::request() const {
    const auto& k = exportKinds()[static_cast<std::size_t>(kind->GetSelection())];
    ExportRequest out;
    out.kind = std::string(k.kind);
    out.file = file->GetValue().utf8_string();
    if (out.file.empty() || out.file.filename().empty()) {
        return std::unexpected(std::string("Choose the file to write"));
    }
    PrintOptions& o = out.options.print;
    o.paper = papers()[static_cast<std::size_t>(std::max(0, paper->GetSelection()))];
    o.landscape = orientation->GetSelection() == 1;
    if (k.cellSize) {
        if (auto bad = lengthField(cellSize, "Cell size", limits::printCellSizePt,
                                   "The cell size must be from 1mm to 10in", o.cellSizePt)) {
            return std::unexpected(*bad);
        }
    }
    if (k.paper) {
        if (auto bad = lengthField(margin, "Margin", limits::printMarginPt,
                                   "The margin must be from 0 to 2in", o.marginPt)) {
            return std::unexpected(*bad);
        }
    }
    if (k.layers) {
        RenderOptions chosen;
        for (unsigned i = 0; i < layers->GetCount(); ++i) {
            chosen.*(renderLayers[i].second) = layers->IsChecked(i);
        }
        chosen.style = mapStyles[static_cast<std::size_t>(std::max(0, ground->GetSelection()))].second;
        o.layers = chosen;
        o.ink = inkStyles[static_cast<std::size_t>(std::max(0, style->GetSelection()))].second;
    }
    if (k.dpi) {
        const std::string text = dpi->GetValue().utf8_string();
        double v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc{} || end != text.data() + text.size() ||
            !limits::printDpi.allows(v)) {
            return std::unexpected("Pixels per inch must be " + limits::printDpi.expected() + ", not " +
                                   limits::quoted(text));
        }
        o.dpi = v;
    }
    if (k.updates && !updateFrom->GetValue().empty()) {
        const std::filesystem::path module = pathOf(updateFrom->GetValue());
        std::error_code ec;
        if (!std::filesystem::is_regular_file(module, ec)) {
            return std::unexpected("Update module: there is no file " + module.string());
        }
        out.options.vassalUpdate = module;
    }
    if (k.counterSize) {
        if (auto bad = lengthField(counterSize, "Counter size", limits::counterSizePt,
                                   "A counter must be from 0.4in to 2in", o.counterSizePt)) {
            return std::unexpected(*bad);
        }
    }
    if (k.cellPixels) {
        const std::string text = cellPixels->GetValue().utf8_string();
        int v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc{} || end != text.data() + text.size() ||
            !limits::vassalCellPixels.allows(v)) {
            return std::unexpected("A board cell must be " + limits::vassalCellPixels.expected() +
                                   " pixels, not " + limits::quoted(text));
        }
        out.options.vassalCellPixels = v;
    }
    if (exportKindNamed(out.kind)->tiledPages) {
        if (auto count = pagesOf(scenario_, o); !count) {
            return std::unexpected(count.error());
        }
    }
    return out;
}

void ExportDialog::update() {
    const auto r = request();
    problem->SetLabel(r ? wxString() : wxString::FromUTF8(r.error()));
    wxString count;
    const auto chosen = r ? exportKindNamed(r->kind) : std::nullopt;
    if (chosen && chosen->tiledPages) {
        if (auto p = pagesOf(scenario_, r->options.print)) {
            count = wxString::Format("%d pages: the overview and %d x %d map pages", p->pages, p->columns,
                                     p->rows);
        }
    }
    // A battle's export holds every scenario or draws the one being edited: say which.
    if (const std::size_t scenarios = scenarioCount(scenario_); chosen && scenarios > 1) {
        const wxString which = chosen->everyScenario
                                   ? wxString::Format("Holds all %zu scenarios of the battle", scenarios)
                                   : "Draws the scenario being edited, " +
                                         wxString::FromUTF8(limits::quoted(scenario_.info.title));
        count = count.empty() ? which : count + "\n" + which;
    }
    pages->SetLabel(count);
    if (wxWindow* ok = FindWindow(wxID_OK)) {
        ok->Enable(r.has_value());
    }
    Layout();
    Fit();
}

} // namespace sandtable
