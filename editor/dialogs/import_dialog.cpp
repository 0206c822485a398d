#include "editor/dialogs/import_dialog.hpp"

#include "editor/canvas/cairo_bitmap.hpp"
#include "editor/dialogs/dialog_form.hpp"
#include "editor/import_file.hpp"
#include "formats/vassal/module_reader.hpp"
#include "model/file_names.hpp"
#include "model/layout.hpp"
#include "render/map_painter.hpp"

#include <cairo.h>
#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/dcbuffer.h>
#include <wx/image.h>
#include <wx/mstream.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

namespace sandtable {

using namespace dialog_form;

namespace {
constexpr const char* firstBoard = "The first board with a grid";
}

ImportDialog::ImportDialog(wxWindow* parent, const wxString& folder)
    : wxDialog(parent, wxID_ANY, "Import a map", wxDefaultPosition, wxDefaultSize,
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER) {
    auto* top = new wxBoxSizer(wxVERTICAL);
    top->Add(
        new wxStaticText(this, wxID_ANY,
                         "A Tiled map (orthogonal or hexagonal) or a VASSAL module's board becomes a new\n"
                         "battle: its grid, its terrain (Tiled: by a table of tiles) or its board's picture\n"
                         "under the grid, its pieces. Paint over the board afterwards; Map > Background\n"
                         "opacity sets how strongly the picture shows."),
        0, wxALL, 10);
    auto* form = new wxFlexGridSizer(2, 6, 8);
    form->AddGrowableCol(1);
    wxButton* browse = nullptr;
    std::tie(file, browse) = fileRow(this, form, "Map or module", "Import a map",
                                     "Tiled maps and VASSAL modules (*.tmx;*.tmj;*.json;*.gz;*.vmod)|"
                                     "*.tmx;*.tmj;*.json;*.gz;*.vmod|All files|*");
    std::tie(table, std::ignore) =
        fileRow(this, form, "Tiles to terrain", "Tile table", "Tables (*.txt)|*.txt|All files|*");
    table->SetHint("Tiled: lines TILE = TERRAIN (optional)");
    tiles = new wxCheckBox(this, wxID_ANY, "Draw the tiles as a picture under the grid, to paint over");
    row(this, form, "", tiles);
    board = new wxChoice(this, wxID_ANY);
    board->Append(firstBoard);
    board->SetSelection(0);
    row(this, form, "VASSAL board", board);
    std::tie(saveAs, std::ignore) =
        fileRow(this, form, "Save the battle as", "Save the battle as", "Sandtable battles (*.xml)|*.xml");
    saveAs->SetHint(folder + "/battle.sandtable.xml");
    top->Add(form, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    const Preview shownPreview = addPreview(this, top);
    picture = shownPreview.picture;
    picture->SetMinSize(wxSize(360, 300));
    summary = shownPreview.text;
    problem = shownPreview.problem;
    top->Add(CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizerAndFit(top);
    file->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { fileChanged(); });
    for (wxTextCtrl* t : {table, saveAs}) {
        t->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { update(); });
    }
    board->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { update(); });
    tiles->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) { update(); });
    picture->Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paintPicture(); });
    update();
}

std::filesystem::path ImportDialog::target() const {
    return pathFromUtf8(saveAs->GetValue().utf8_string());
}

// A new file: its boards listed when it is a module, the battle's name offered beside it.
void ImportDialog::fileChanged() {
    const std::filesystem::path path = pathFromUtf8(file->GetValue().utf8_string());
    const auto kind = importKindOf(path);
    if (kind && *kind == ImportKind::Vassal && boardsOf_ != path.string()) {
        boardsOf_ = path.string();
        board->Clear();
        board->Append(firstBoard);
        if (auto module = readVassalModule(path)) {
            for (const VassalMap& m : module->maps) {
                for (const VassalBoard& b : m.boards) {
                    if (b.grid) {
                        board->Append(wxString::FromUTF8(m.name + "/" + b.name));
                    }
                }
            }
        }
        board->SetSelection(0);
    }
    if (kind && saveAs->GetValue().empty()) {
        std::string stem = utf8(path.filename());
        for (const char* ending : {".gz", ".tmx", ".tmj", ".json", ".vmod"}) {
            if (stem.ends_with(ending)) {
                stem.resize(stem.size() - std::string_view(ending).size());
            }
        }
        saveAs->ChangeValue(
            wxString::FromUTF8(utf8(path.parent_path() / pathFromUtf8(stem + ".sandtable.xml"))));
    }
    update();
}

std::expected<ImportResult, std::string> ImportDialog::preview() const {
    const std::string path = file->GetValue().utf8_string();
    if (path.empty()) {
        return std::unexpected(std::string("Choose a Tiled map or a VASSAL module"));
    }
    if (saveAs->GetValue().empty()) {
        return std::unexpected(std::string("Choose where to save the battle"));
    }
    ImportRequest request;
    request.file = pathFromUtf8(path);
    const auto kind = importKindOf(request.file);
    if (kind && *kind == ImportKind::Tiled && !table->GetValue().empty()) {
        request.terrainTable = pathFromUtf8(table->GetValue().utf8_string());
    }
    request.tilesBackground = kind && *kind == ImportKind::Tiled && tiles->GetValue();
    if (kind && *kind == ImportKind::Vassal && board->GetSelection() > 0) {
        request.board = board->GetStringSelection().utf8_string();
    }
    return importBattle(request, target());
}

void ImportDialog::update() {
    const auto kind = importKindOf(pathFromUtf8(file->GetValue().utf8_string()));
    table->Enable(!kind || *kind == ImportKind::Tiled);
    tiles->Enable(!kind || *kind == ImportKind::Tiled);
    board->Enable(kind && *kind == ImportKind::Vassal);
    auto got = preview();
    wxString text;
    if (got) {
        for (const std::string& line : got->report.lines()) {
            text << wxString::FromUTF8(line) << "\n";
        }
        shown_ = std::move(*got);
    } else {
        shown_.reset();
    }
    showPreview(this, {picture, summary, problem}, text, shown_ ? std::string() : got.error(),
                shown_.has_value());
}

// The new map as the editor will show it, fitted to the picture: the board's picture under the grid,
// terrain, pieces.
void ImportDialog::paintPicture() {
    wxAutoBufferedPaintDC dc(picture);
    dc.SetBackground(wxBrush(wxColour(60, 60, 64)));
    dc.Clear();
    if (!shown_) {
        return;
    }
    const Scenario& s = shown_->battle;
    const wxSize size = picture->GetClientSize();
    const sandtable::Layout unit(s.map.grid, 1.0); // not wxWindow::Layout
    const double zoom = std::min(size.x / unit.width(), size.y / unit.height());
    const sandtable::Layout layout(s.map.grid, zoom);
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> background(nullptr,
                                                                                  cairo_surface_destroy);
    if (s.map.background && !shown_->files.empty()) {
        const std::string& bytes = shown_->files.front().bytes;
        wxMemoryInputStream stream(bytes.data(), bytes.size());
        wxImage image;
        if (image.LoadFile(stream)) {
            background.reset(surfaceOfImage(image, s.map.background->opacity));
        }
    }
    CairoBitmap buffer;
    cairo_t* cr = buffer.begin(size.x, size.y, 0x3C3C40);
    MapPainter painter(s, layout);
    painter.setBackground(background.get());
    painter.draw(cr, MapRect{0, 0, layout.width(), layout.height()}, 1.0); // the layout is in pixels
    cairo_destroy(cr);
    dc.DrawBitmap(buffer.bitmap(), 0, 0);
}

} // namespace sandtable
