#include "exports/vassal_module.hpp"

#include "exports/vassal_casualties.hpp"
#include "exports/vassal_components.hpp"
#include "exports/vassal_piece_properties.hpp"
#include "exports/vassal_prototypes.hpp"
#include "exports/vassal_update.hpp"
#include "model/scenario_summary.hpp"

#include "formats/atomic_file.hpp"
#include "formats/file_system_calls.hpp"
#include "formats/picture_size.hpp"
#include "model/battle.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"
#include "render/map_print.hpp"
#include "render/piece_images.hpp"
#include "render/png_bytes.hpp"
#include "render/text.hpp"

#include <cairo.h>
#include <pugixml.hpp>
#include <zip.h>

#include <cmath>
#include <map>
#include <memory>
#include <numbers>
#include <sstream>

namespace sandtable {
namespace {

constexpr std::string_view mainBoard = "Battlefield";
constexpr std::string_view reinforcementBoard = "Reinforcements";

// --- grid --------------------------------------------------------------------------------------

// --- pieces ------------------------------------------------------------------------------------

std::string pieceImageName(PieceRef p) {
    return std::string(enumName(p.kind)) + "-" + std::to_string(p.id) + ".png";
}

// How many steps the rotation trait has: twelve on hexes (sides and corners, 30 degrees apart),
// eight on squares.
int rotationSteps(const Grid& g) {
    return g.isHex() ? 12 : 8;
}

// The rotation trait's state for a facing: VASSAL's step i turns the picture i steps
// counterclockwise, and an upright counter faces north.
int rotationIndex(const Layout& layout, const Facing& f) {
    const double screen =
        f.kind == FacingKind::Corner ? layout.cornerAngle(f.index) : layout.sideAngle(f.index);
    const int steps = rotationSteps(layout.grid());
    const double clockwiseFromNorth = screen + 90.0;
    const int clockwiseSteps = static_cast<int>(std::lround(clockwiseFromNorth / (360.0 / steps)));
    return ((-clockwiseSteps) % steps + steps) % steps;
}

struct PieceTypeAndState {
    std::string type, state;
};

// The piece's type and state, nested in sequences (a rotation trait around the basic piece for a
// unit); `basicState` is where the basic piece stands ("null;0;0" for none).
PieceTypeAndState pieceTypeAndState(const Scenario& s, const Layout& layout, const VassalPlayKit& kit,
                                    PieceRef p, const std::optional<Facing>& facing,
                                    const std::string& basicState) {
    // Strength at the scenario's start and roster travel in the name, which VASSAL shows over the
    // counter.
    const std::string basicType =
        "piece;" + vassalSequence({"", "", pieceImageName(p), pieceAtStart(s, p)}, ';');
    std::string type = basicType, state = basicState;
    if (p.kind == PieceKind::Unit) {
        const std::string rotate =
            "rotate;" +
            vassalSequence({std::to_string(rotationSteps(s.map.grid)),
                            std::string(VassalPlayKit::rotateClockwiseKey),
                            std::string(VassalPlayKit::rotateCounterclockwiseKey), "Turn clockwise",
                            "Turn counterclockwise", "", "", "Facing", "", "", "", "", "true"},
                           ';');
        type = vassalSequence({rotate, basicType}, '\t');
        state =
            vassalSequence({std::to_string(facing ? rotationIndex(layout, *facing) : 0), basicState}, '\t');
    }
    // The side's and the kind's prototypes and the piece's own values around it.
    const VassalTraitText chain = vassalChain(kit.outerTraits(p), {type, state});
    return {chain.type, chain.state};
}

// The PieceSlot's text: VASSAL's AddPiece command for the piece, on no map.
std::string pieceDefinition(const Scenario& s, const Layout& layout, const VassalPlayKit& kit, PieceRef p,
                            const std::optional<Facing>& facing) {
    auto [type, state] = pieceTypeAndState(s, layout, kit, p, facing, "null;0;0");
    return vassalSequence({"+", "null", type, state}, '/');
}

// --- files -------------------------------------------------------------------------------------

using ModuleFile = VassalArchiveFile;

// VASSAL's own files start so.
void declareXml(pugi::xml_document& doc) {
    pugi::xml_node decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    decl.append_attribute("standalone") = "no";
}

std::string xmlText(const pugi::xml_document& doc) {
    std::ostringstream out;
    doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
    return out.str();
}

std::string escapeHtml(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\n':
            out += "<br>";
            break;
        default:
            out += c;
        }
    }
    return out;
}

// The scenario's text for the chart window: set-up, special rules, objectives, victory, events and
// the reinforcement schedule.
std::string scenarioHtml(const Scenario& s) {
    const ScenarioInfo& info = s.info;
    std::string h = "<html><body>";
    h += "<h1>" + escapeHtml(info.title) + "</h1>";
    h += "<p>" + escapeHtml(info.date) + (info.place.empty() ? "" : ", " + escapeHtml(info.place)) + "<br>";
    h += escapeHtml(playFacts(info)) + "</p>";
    auto section = [&](std::string_view title, const std::string& text) {
        if (!text.empty()) {
            h += "<h2>" + std::string(title) + "</h2><p>" + escapeHtml(text) + "</p>";
        }
    };
    section("Set-up", info.setupNotes);
    section("Special rules", info.specialRules);
    for (Side side : {Side::Union, Side::Confederate}) {
        section("Objectives: " + info.sideNames[sideIndex(side)], info.objectives[sideIndex(side)]);
    }
    section("Victory", info.victoryConditions);
    if (!s.events.empty()) {
        h += "<h2>Events</h2><table>";
        for (const auto& [roll, text] : s.events) {
            h += "<tr><td>" + std::to_string(roll) + "</td><td>" + escapeHtml(text) + "</td></tr>";
        }
        h += "</table>";
    }
    if (!s.deployment.reinforcements.empty()) {
        h += "<h2>Reinforcements</h2><p>On the Reinforcements map, a stack for each turn and "
             "entry.</p><table>";
        const std::vector<TurnTime> times = turnTimes(s.info);
        for (const auto& [piece, r] : s.deployment.reinforcements) {
            h += "<tr><td>" + escapeHtml(turnName(s.info, times, r.turn)) + "</td><td>" +
                 s.map.grid.label(r.entry) + "</td><td>" + escapeHtml(pieceAtStart(s, piece)) +
                 (r.note.empty() ? "" : ": " + escapeHtml(r.note)) + "</td></tr>";
        }
        h += "</table>";
    }
    return h + "</body></html>";
}

// Keys as a player reads them: "Ctrl+Shift+D".
std::string keyText(const std::string& key) {
    const auto comma = key.find(',');
    const int code = std::stoi(key.substr(0, comma));
    const std::string modifiers = key.substr(comma + 1);
    return std::string(modifiers == "195" ? "Ctrl+Shift+" : "Ctrl+") + static_cast<char>(code);
}

// The help page: the ruleset's play, every command a unit has and what the chat reports.
std::string playHelpHtml(const Scenario& s, const PlaySetup& play, const VassalPlayKit& kit) {
    std::string h = "<html><body><h1>Playing the pieces</h1>";
    h += "<p>Ruleset: " + escapeHtml(play.title.empty() ? s.info.ruleset : play.title) + ".</p>";
    h += "<p>Right-click a piece (or select it and press its key). Every change is reported in the chat "
         "with the piece, its cell and what it came to. Ctrl+] and Ctrl+[ turn a unit. Hover a stack to "
         "see each piece and the stack's total";
    h += play.stacking ? " against the stacking limit (" + escapeHtml(play.stacking->text) + ")." : ".";
    h += "</p><table border=\"1\"><tr><th>Command</th><th>Key</th><th>The chat says</th></tr>";
    for (const VassalPieceCommand& c : kit.unitCommands()) {
        // The report as a player reads it: "Piece in cell: Hits +1 (Hits of HitsMost)".
        std::string said = c.report;
        for (auto [from, to] : {std::pair{"$newPieceName$", "Piece"}, std::pair{"$location$", "cell"}}) {
            for (auto at = said.find(from); at != std::string::npos; at = said.find(from)) {
                said.replace(at, std::string_view(from).size(), to);
            }
        }
        // A marker's "is $Disrupted_Active$": true or false in the chat.
        if (const auto active = said.find("_Active$"); active != std::string::npos) {
            said.replace(said.rfind('$', active), active + 8 - said.rfind('$', active),
                         "true (on) or false (off)");
        }
        std::erase(said, '$');
        h += "<tr><td>" + escapeHtml(c.menu) + "</td><td>" + keyText(c.key) + "</td><td>" + escapeHtml(said) +
             "</td></tr>";
    }
    h += "<tr><td>Eliminate (every piece)</td><td>" + keyText(VassalPlayKit::eliminateKey()) +
         "</td><td>Piece is eliminated: to the side's losses (the Casualties map)";
    h += play.breakPoint ? "; once the side's losses reach its break point, also: The side's army has lost "
                           "so many of its units: it has reached its break point"
                         : "";
    h += "</td></tr>";
    h += "<tr><td>Moved, on or off (every piece; moving lays it on, the map's Clear moved takes all "
         "off)</td><td>" +
         keyText(VassalPlayKit::movedKey()) +
         "</td><td>Piece in cell: moved is true (on) or false (off)</td></tr>";
    h += "<tr><td>End of the side's turn: clear moved flags (any piece of the side; the other side's "
         "flags stay)</td><td>" +
         keyText(VassalPlayKit::endTurnKey()) +
         "</td><td>End of the side's turn: the side's moved flags are cleared</td></tr>";
    h += "</table>";
    if (!play.play.dice.empty()) {
        h += "<h2>Dice</h2><ul>";
        for (const PlayDice& d : play.play.dice) {
            h += "<li>" + escapeHtml(d.name) + ": " + std::to_string(d.count) + "D" +
                 std::to_string(d.sides) + (d.perGeneral ? " for each general" : "") + ", " +
                 escapeHtml(d.use) + "</li>";
        }
        h += "</ul>";
    }
    for (const PlayTrack& t : play.play.tracks) {
        if (t.atMost == TrackEnd::Removed) {
            h += "<p>A unit at its most " + escapeHtml(t.label) + " is removed: eliminate it (Ctrl+E).</p>";
        }
    }
    return h + "</body></html>";
}

// The ruleset's tables: each as its rule text prints it, the heading row first, its notes under it.
std::string rulesetTablesHtml(const Scenario& s, const PlaySetup& play) {
    std::string h =
        "<html><body><h1>" + escapeHtml(play.title.empty() ? s.info.ruleset : play.title) + ": tables</h1>";
    for (const PlayTable& t : play.play.tables) {
        h += "<h2>" + escapeHtml(t.label) + "</h2><table border=\"1\">";
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            h += "<tr>";
            for (const std::string& cell : t.rows[r]) {
                const char* tag = r == 0 ? "th" : "td";
                h += std::string("<") + tag + ">" + escapeHtml(cell) + "</" + tag + ">";
            }
            h += "</tr>";
        }
        h += "</table>";
        if (!t.notes.empty()) {
            h += "<ul>";
            for (const std::string& note : t.notes) {
                h += "<li>" + escapeHtml(note) + "</li>";
            }
            h += "</ul>";
        }
        h += "<p><small>" + escapeHtml(t.source) + "</small></p>";
    }
    return h + "</body></html>";
}

// The board: the map drawn by render/ without pieces and cell numbers (VASSAL numbers the cells),
// names in points as printed at 144 dpi, so they keep their size beside the counters.
std::expected<std::string, std::string> boardPng(const Scenario& s, int cellPixels) {
    PrintOptions o;
    o.dpi = 144;
    o.cellSizePt = cellPixels * 72.0 / o.dpi;
    o.layers.labels = false;
    o.layers.pieces = false;
    auto made = sys::createUnique(std::filesystem::temp_directory_path(), "sandtable-vassal-board-");
    if (!made) {
        return std::unexpected("cannot make a temporary file for the board: " + made.error());
    }
    sys::closeFile(made->fd);
    const std::filesystem::path file = made->path;
    auto drawn = printMapPng(s, file, o);
    auto bytes =
        drawn ? readWholeFile(file) : std::expected<std::string, std::string>(std::unexpected(drawn.error()));
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
    if (!bytes) {
        return std::unexpected("the board: " + bytes.error());
    }
    return bytes;
}

// A stack of reinforcements: what arrives on one turn at one entry.
struct Arrival {
    int turn = 0;
    Offset entry;
    std::vector<PieceRef> pieces;
};

std::vector<Arrival> arrivals(const Scenario& s) {
    std::map<std::pair<int, std::pair<int, int>>, Arrival> byTurn;
    for (const auto& [piece, r] : s.deployment.reinforcements) {
        Arrival& a = byTurn[{r.turn, {r.entry.col, r.entry.row}}];
        a.turn = r.turn;
        a.entry = r.entry;
        a.pieces.push_back(piece);
    }
    std::vector<Arrival> out;
    for (auto& [key, a] : byTurn) {
        out.push_back(std::move(a));
    }
    return out;
}

// The reinforcements' board: a labelled box for each arrival, four to a row; returns the picture
// and the centre of each box (where its stack stands).
struct ArrivalBoard {
    std::string png;
    std::vector<std::pair<int, int>> centres;
};

std::expected<ArrivalBoard, std::string> arrivalBoard(const Scenario& s, const std::vector<Arrival>& list,
                                                      int cellPixels) {
    const int perRow = 4, boxW = cellPixels * 2, boxH = cellPixels * 3 / 2, gap = cellPixels / 6;
    const int rows = std::max<int>(1, (static_cast<int>(list.size()) + perRow - 1) / perRow);
    const int w = perRow * (boxW + gap) + gap, h = rows * (boxH + gap) + gap;
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.93, 0.91, 0.85);
    cairo_paint(cr);
    ArrivalBoard out;
    {
        TextWriter text(cr, Font{cellPixels * 0.13, true});
        TextWriter timeText(cr, Font{cellPixels * 0.11, false});
        const std::vector<TurnTime> times = turnTimes(s.info);
        if (list.empty()) {
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            text.drawCentred(w / 2.0, h / 2.0 - cellPixels * 0.1, "No reinforcements in this scenario");
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const int x = gap + static_cast<int>(i % perRow) * (boxW + gap);
            const int y = gap + static_cast<int>(i / perRow) * (boxH + gap);
            cairo_rectangle(cr, x + 0.5, y + 0.5, boxW - 1, boxH - 1);
            cairo_set_source_rgb(cr, 0.98, 0.97, 0.93);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
            cairo_set_line_width(cr, 1);
            cairo_stroke(cr);
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            text.drawCentred(x + boxW / 2.0, y + cellPixels * 0.06,
                             "Turn " + std::to_string(list[i].turn) + " at " +
                                 s.map.grid.label(list[i].entry));
            // Its time under it, as the turn tracker names the turn.
            if (const std::optional<std::string> time = clockedTurnText(s.info, times, list[i].turn)) {
                timeText.drawCentred(x + boxW / 2.0, y + cellPixels * 0.22, *time);
            }
            out.centres.emplace_back(x + boxW / 2, y + boxH / 2 + cellPixels / 8);
        }
    }
    cairo_destroy(cr);
    auto png = pngBytes(surface);
    cairo_surface_destroy(surface);
    if (!png) {
        return std::unexpected("the reinforcements' board: " + png.error());
    }
    out.png = std::move(*png);
    return out;
}

// --- buildFile.xml -----------------------------------------------------------------------------

void addGrid(pugi::xml_node board, const VassalGeometry& g) {
    const auto b = [](bool v) { return v ? "true" : "false"; };
    pugi::xml_node grid = board.append_child(g.hex ? "VASSAL.build.module.map.boardPicker.board.HexGrid"
                                                   : "VASSAL.build.module.map.boardPicker.board.SquareGrid");
    grid.append_attribute("x0") = g.x0;
    grid.append_attribute("y0") = g.y0;
    grid.append_attribute("dx") = g.dx;
    grid.append_attribute("dy") = g.dy;
    if (g.hex) {
        grid.append_attribute("sideways") = b(g.sideways);
    }
    grid.append_attribute("edgesLegal") = "false";
    grid.append_attribute("cornersLegal") = "false";
    // The board picture draws the grid; VASSAL draws only the numbers.
    grid.append_attribute("visible") = "false";
    grid.append_attribute("dotsVisible") = "false";
    grid.append_attribute("color") = "0,0,0";
    grid.append_attribute("snapTo") = "true";
    pugi::xml_node numbering =
        grid.append_child(g.hex ? "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"
                                : "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering");
    numbering.append_attribute("first") = std::string(1, g.first).c_str();
    numbering.append_attribute("sep") = "";
    numbering.append_attribute("hType") = "N";
    numbering.append_attribute("hLeading") = g.leading;
    numbering.append_attribute("hOff") = g.offset;
    numbering.append_attribute("hDescend") = "false";
    numbering.append_attribute("vType") = "N";
    numbering.append_attribute("vLeading") = g.leading;
    numbering.append_attribute("vOff") = g.offset;
    numbering.append_attribute("vDescend") = "false";
    if (g.hex) {
        numbering.append_attribute("stagger") = b(g.stagger);
    }
    numbering.append_attribute("locationFormat") = "$gridLocation$";
    numbering.append_attribute("visible") = "true";
    numbering.append_attribute("fontSize") = 9;
    numbering.append_attribute("color") = "60,60,60";
    numbering.append_attribute("rotateText") = "0";
    numbering.append_attribute("hDrawOff") = 0;
    numbering.append_attribute("vDrawOff") = 0;
}

// A map window; moves on it are reported in the chat, and its toolbar clears the moved markers.
pugi::xml_node addMap(pugi::xml_node module, std::string_view name, std::string_view button, bool launch) {
    return addVassalComponent(module, "VASSAL.build.module.Map",
                              {{"mapName", std::string(name)},
                               {"buttonName", std::string(button)},
                               {"launch", launch ? "true" : "false"},
                               {"moveToFormat", "$pieceName$ moves $previousLocation$ to $location$ *"},
                               {"moveWithinFormat", "$pieceName$ moves $previousLocation$ to $location$ *"},
                               {"createFormat", "$pieceName$ is brought on at $location$ *"},
                               {"markUnmovedText", "Clear moved"},
                               {"markUnmovedReport", "$PlayerName$ clears the moved markers on $mapName$"}});
}

// A chart window on the toolbar holding one HTML page (a tab more added by addHtmlChart).
pugi::xml_node addChartWindow(pugi::xml_node module, const std::string& name, const std::string& button,
                              const std::string& tooltip) {
    pugi::xml_node chart = module.append_child("VASSAL.build.module.ChartWindow");
    chart.append_attribute("name") = name.c_str();
    chart.append_attribute("text") = button.c_str();
    chart.append_attribute("tooltip") = tooltip.c_str();
    return chart;
}

void addHtmlChart(pugi::xml_node chart, const std::string& name, const std::string& file) {
    pugi::xml_node html = chart.append_child("VASSAL.build.widget.HtmlChart");
    html.append_attribute("chartName") = name.c_str();
    html.append_attribute("fileName") = file.c_str();
}

pugi::xml_node addBoardPicker(pugi::xml_node map) {
    pugi::xml_node picker = map.append_child("VASSAL.build.module.map.BoardPicker");
    picker.append_attribute("title") = "Choose Boards";
    return picker;
}

pugi::xml_node addBoardTo(pugi::xml_node picker, std::string_view name, std::string_view image) {
    pugi::xml_node board = picker.append_child("VASSAL.build.module.map.boardPicker.Board");
    board.append_attribute("name") = std::string(name).c_str();
    board.append_attribute("image") = std::string(image).c_str();
    board.append_attribute("reversible") = "false";
    return board;
}

pugi::xml_node addBoard(pugi::xml_node map, std::string_view name, std::string_view image) {
    return addBoardTo(addBoardPicker(map), name, image);
}

pugi::xml_node addStack(pugi::xml_node map, const std::string& name, std::string_view board) {
    pugi::xml_node stack = map.append_child("VASSAL.build.module.map.SetupStack");
    stack.append_attribute("name") = name.c_str();
    stack.append_attribute("owningBoard") = std::string(board).c_str();
    return stack;
}

// A zip archive made in memory by libzip: the module itself and each set-up's saved game.
std::expected<std::string, std::string> zipBytes(const std::vector<ModuleFile>& files) {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
    zip_t* archive = buffer ? zip_open_from_source(buffer, ZIP_TRUNCATE, &error) : nullptr;
    if (archive == nullptr) {
        const std::string why = zip_error_strerror(&error);
        if (buffer) {
            zip_source_free(buffer);
        }
        zip_error_fini(&error);
        return std::unexpected("cannot make the zip archive: " + why);
    }
    zip_source_keep(buffer);
    bool ok = true;
    for (const ModuleFile& f : files) {
        zip_source_t* source = zip_source_buffer(archive, f.bytes.data(), f.bytes.size(), 0);
        const zip_int64_t index =
            source ? zip_file_add(archive, f.name.c_str(), source, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8) : -1;
        if (index < 0) {
            if (source) {
                zip_source_free(source);
            }
            ok = false;
            break;
        }
        // Pictures are compressed already.
        if (f.name.ends_with(".png")) {
            zip_set_file_compression(archive, static_cast<zip_uint64_t>(index), ZIP_CM_STORE, 0);
        }
    }
    std::string why = ok ? "" : zip_strerror(archive);
    if (!ok) {
        zip_discard(archive);
    } else if (zip_close(archive) != 0) {
        why = zip_strerror(archive);
        zip_discard(archive);
        ok = false;
    }
    std::string bytes;
    if (ok) {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_source_stat(buffer, &st) == 0 && zip_source_open(buffer) == 0) {
            bytes.resize(static_cast<std::size_t>(st.size));
            ok = zip_source_read(buffer, bytes.data(), st.size) == static_cast<zip_int64_t>(st.size);
            zip_source_close(buffer);
        } else {
            ok = false;
        }
        why = ok ? "" : "cannot read the archive back";
    }
    zip_source_free(buffer);
    zip_error_fini(&error);
    if (!ok) {
        return std::unexpected("cannot write the archive: " + why);
    }
    return bytes;
}

// A saved game as VASSAL's GameState writes one: begin_save, every piece, then every stack (whose
// state lists its pieces, so they come first), each map's boards, end_save; the commands joined by
// ESC. Written plain: VASSAL reads a save without its obfuscation as well.
class SavedGameWriter {
  public:
    // The basic piece's state for a piece standing at a map's pixel (no gpid, no properties).
    static std::string standingAt(const std::string& map, int x, int y) {
        return vassalSequence({map, std::to_string(x), std::to_string(y), "", "0"}, ';');
    }
    // Adds a piece; returns its id.
    std::string addPiece(const PieceTypeAndState& piece) {
        std::string id = std::to_string(nextId_++);
        pieces_.push_back(vassalSequence({"+", id, piece.type, piece.state}, '/'));
        return id;
    }
    void addStack(const std::string& map, int x, int y, const std::vector<std::string>& pieceIds) {
        std::vector<std::string> state{map, std::to_string(x), std::to_string(y)};
        state.insert(state.end(), pieceIds.begin(), pieceIds.end());
        state.push_back("@@0"); // the stack's layer
        stacks_.push_back(
            vassalSequence({"+", std::to_string(nextId_++), "stack", vassalSequence(state, ';')}, '/'));
    }
    // The map's board picker chooses `board` (none: no board) at the map's top left.
    void chooseBoard(const std::string& map, const std::optional<std::string>& board) {
        std::vector<std::string> fields{map + "BoardPicker"};
        if (board) {
            fields.insert(fields.end(), {vassalSequence({*board}, '/'), "0", "0"});
        }
        boards_.push_back(vassalSequence(fields, '\t'));
    }
    // The turn tracker stands at `state` (TurnTracker's restore command, a SetTurn).
    void setTurnTracker(std::string_view trackerId, const std::string& state) {
        components_.push_back(vassalSequence({"TURN" + std::string(trackerId), state}, '\t'));
    }
    std::string text() const {
        std::vector<std::string> commands{"begin_save"};
        commands.insert(commands.end(), pieces_.begin(), pieces_.end());
        commands.insert(commands.end(), stacks_.begin(), stacks_.end());
        commands.insert(commands.end(), boards_.begin(), boards_.end());
        commands.insert(commands.end(), components_.begin(), components_.end());
        commands.push_back("end_save");
        return vassalSequence(commands, '\x1b');
    }

  private:
    std::vector<std::string> pieces_, stacks_, boards_, components_;
    int nextId_ = 1;
};

} // namespace

VassalGeometry VassalGeometry::of(const Grid& grid, double cellPixels) {
    const Layout layout(grid, cellPixels);
    const Point first = layout.cellCenter({0, 0});
    VassalGeometry g;
    g.hex = grid.isHex();
    g.offset = grid.parameters().labelBase;
    g.leading = static_cast<int>(grid.label({0, 0}).size() / 2) - 1;
    g.boardWidth = static_cast<int>(std::ceil(layout.width()));
    g.boardHeight = static_cast<int>(std::ceil(layout.height()));
    // Flat-top hexes are VASSAL's columns unturned: a row is a cell across its flats, a column three
    // quarters of a cell corner to corner. Pointy-top hexes are the same turned a quarter
    // ("sideways"): VASSAL swaps x and y, so its columns are our rows, its origin is given in the
    // turned frame, and the row's number (our column's) comes first. Squares are a cell each way.
    const bool pointy = grid.shape() == GridShape::HexPointy;
    g.sideways = pointy;
    g.dy = cellPixels;
    g.dx = g.hex ? cellPixels * std::numbers::sqrt3 / 2 : cellPixels;
    g.x0 = static_cast<int>(std::lround(pointy ? first.y : first.x));
    g.y0 = static_cast<int>(std::lround(pointy ? first.x : first.y));
    g.stagger = g.hex && grid.parity() == OffsetParity::Even;
    g.first = pointy ? 'V' : 'H';
    return g;
}

std::expected<std::string, std::string> exportVassal(const Scenario& s, const std::filesystem::path& out,
                                                     const VassalExportOptions& options) {
    const int cellPixels = options.cellPixels > 0 ? options.cellPixels : limits::defaultVassalCellPixels;
    if (!limits::vassalCellPixels.allows(cellPixels)) {
        return std::unexpected(out.string() + ": a board cell must be " +
                               limits::vassalCellPixels.expected() + " pixels across, not " +
                               std::to_string(cellPixels));
    }
    const Layout layout(s.map.grid, cellPixels);
    VassalGeometry geometry = VassalGeometry::of(s.map.grid, cellPixels);
    auto board = boardPng(s, cellPixels);
    if (!board) {
        return std::unexpected(out.string() + ": " + board.error());
    }
    const auto boardSize = pictureSize(*board);
    if (!boardSize) {
        return std::unexpected(out.string() + ": the board picture has no size");
    }
    geometry.boardWidth = boardSize->width;
    geometry.boardHeight = boardSize->height;
    const std::size_t scenarios = scenarioCount(s);
    // The turn tracker's list; each set-up starts the tracker at its own scenario's first turn.
    const std::optional<VassalTurnList> turnList = vassalTurnList(s);
    const bool battle = scenarios > 1;

    std::vector<ModuleFile> files;
    files.push_back({"images/board.png", std::move(*board)});
    // Every piece's picture, once.
    std::map<PieceRef, PieceImage> images;
    auto picture = [&](PieceRef p) -> std::expected<const PieceImage*, std::string> {
        if (auto it = images.find(p); it != images.end()) {
            return &it->second;
        }
        auto drawn = pieceImage(s, options.play, p, cellPixels);
        if (!drawn) {
            return std::unexpected(drawn.error());
        }
        files.push_back({"images/" + pieceImageName(p), drawn->png});
        return &images.emplace(p, std::move(*drawn)).first->second;
    };

    pugi::xml_document doc;
    declareXml(doc);
    pugi::xml_node module = doc.append_child("VASSAL.build.GameModule");
    std::string description = "Made by Sandtable from " + s.info.title;
    if (battle) {
        description = "Made by Sandtable: " + std::to_string(scenarios) + " scenarios (";
        for (std::size_t i = 0; i < scenarios; ++i) {
            description += (i > 0 ? "; " : "") + scenarioInfo(s, i).title;
        }
        description += "), each a game set-up at File > New game";
    }
    description += options.forced ? " (exported despite validation errors)" : "";
    const std::string name = battle ? battleTitle(s) : s.info.title;
    module.append_attribute("name") = name.empty() ? "Sandtable scenario" : name.c_str();
    module.append_attribute("version") = "1.0";
    module.append_attribute("VassalVersion") = "3.7.0";
    // Sandtable's mark, which VASSAL keeps when it saves: a re-export with --update finds it.
    module.append_attribute("ModuleOther1") = std::string(sandtableModuleMark).c_str();
    module.append_attribute("description") = description.c_str();
    module.append_child("VASSAL.build.module.BasicCommandEncoder");
    module.append_child("VASSAL.build.module.Documentation");
    pugi::xml_node roster = module.append_child("VASSAL.build.module.PlayerRoster");
    for (Side side : {Side::Union, Side::Confederate}) {
        roster.append_child("entry").text() = s.info.sideNames[sideIndex(side)].c_str();
    }
    addVassalComponent(module, "VASSAL.build.module.GlobalOptions", {});

    // The pieces' prototypes and the pictures of their status markers.
    auto casualties = casualtyBoard(s, options.play, cellPixels);
    if (!casualties) {
        return std::unexpected(out.string() + ": " + casualties.error());
    }
    files.push_back({"images/casualties.png", std::move(casualties->png)});
    VassalPlayKit kit(s, options.play, cellPixels);
    kit.eliminateTo(casualties->centres);
    auto markerImages = kit.images();
    if (!markerImages) {
        return std::unexpected(out.string() + ": " + markerImages.error());
    }
    for (auto& [image, png] : *markerImages) {
        files.push_back({"images/" + image, std::move(png)});
    }
    pugi::xml_node prototypes = module.append_child("VASSAL.build.module.PrototypesContainer");
    for (const VassalPlayKit::Prototype& p : kit.prototypes()) {
        pugi::xml_node definition = addVassalComponent(prototypes, "VASSAL.build.module.PrototypeDefinition",
                                                       {{"name", p.name}, {"description", ""}});
        definition.text() = p.definition.c_str();
    }

    int gpid = 0;
    int pieces = 0;
    // A PieceSlot for a piece in `parent` (an at-start stack or the counter tray), with its picture.
    auto addSlot = [&](pugi::xml_node parent, PieceRef p,
                       const std::optional<Facing>& facing) -> std::expected<void, std::string> {
        auto image = picture(p);
        if (!image) {
            return std::unexpected(image.error());
        }
        pugi::xml_node slot = parent.append_child("VASSAL.build.widget.PieceSlot");
        slot.append_attribute("entryName") = pieceAtStart(s, p).c_str();
        slot.append_attribute("gpid") = ++gpid;
        slot.append_attribute("width") = (*image)->width;
        slot.append_attribute("height") = (*image)->height;
        slot.text() = pieceDefinition(s, layout, kit, p, facing).c_str();
        return {};
    };
    // A piece of the scenario's start: counted in what the export says it wrote.
    auto addPiece = [&](pugi::xml_node stack, PieceRef p,
                        const std::optional<Facing>& facing) -> std::expected<void, std::string> {
        auto added = addSlot(stack, p, facing);
        if (added) {
            ++pieces;
        }
        return added;
    };
    // The stacks of one scenario's start: on the battlefield, a stack per cell, units first (largest
    // formations at the bottom), then commanders and trains; a line over several cells is a piece in
    // each.
    using StackPieces = std::vector<std::pair<PieceRef, std::optional<Facing>>>;
    using CellStacks = std::map<Offset, StackPieces>;
    auto cellStacks = [](const Scenario& scenario) {
        CellStacks byCell;
        for (const auto& [piece, placement] : scenario.deployment.placements) {
            for (Offset c : placement.cells) {
                if (scenario.map.grid.contains(c)) {
                    byCell[c].emplace_back(piece, placement.facing);
                }
            }
        }
        return byCell;
    };

    pugi::xml_node field = addMap(module, "Main Map", "Map", false);
    addGrid(addBoard(field, mainBoard, "board.png"), geometry);
    std::string summary;
    if (!battle) {
        // One scenario: its start as the module's at-start stacks.
        const CellStacks byCell = cellStacks(s);
        for (const auto& [cell, list] : byCell) {
            const std::string label = s.map.grid.label(cell);
            pugi::xml_node stack = addStack(field, label, mainBoard);
            stack.append_attribute("useGridLocation") = "true";
            stack.append_attribute("location") = label.c_str();
            stack.append_attribute("x") = 0;
            stack.append_attribute("y") = 0;
            for (const auto& [piece, facing] : list) {
                if (auto added = addPiece(stack, piece, facing); !added) {
                    return std::unexpected(out.string() + ": " + added.error());
                }
            }
        }

        // The reinforcements: a board of their own, a stack for each turn and entry.
        const std::vector<Arrival> schedule = arrivals(s);
        if (!schedule.empty()) {
            auto shelf = arrivalBoard(s, schedule, cellPixels);
            if (!shelf) {
                return std::unexpected(out.string() + ": " + shelf.error());
            }
            files.push_back({"images/reinforcements.png", std::move(shelf->png)});
            pugi::xml_node waiting = addMap(module, reinforcementBoard, "Reinforcements", true);
            addBoard(waiting, reinforcementBoard, "reinforcements.png");
            for (std::size_t i = 0; i < schedule.size(); ++i) {
                const Arrival& a = schedule[i];
                pugi::xml_node stack =
                    addStack(waiting, "Turn " + std::to_string(a.turn) + " at " + s.map.grid.label(a.entry),
                             reinforcementBoard);
                stack.append_attribute("useGridLocation") = "false";
                stack.append_attribute("location") = "";
                stack.append_attribute("x") = shelf->centres[i].first;
                stack.append_attribute("y") = shelf->centres[i].second;
                for (PieceRef p : a.pieces) {
                    if (auto added = addPiece(stack, p, std::nullopt); !added) {
                        return std::unexpected(out.string() + ": " + added.error());
                    }
                }
            }
        }
        std::size_t waiting = 0;
        for (const Arrival& a : schedule) {
            waiting += a.pieces.size();
        }
        summary = std::to_string(pieces - static_cast<int>(waiting)) + " pieces in " +
                  std::to_string(byCell.size()) + " stacks on a " + std::to_string(geometry.boardWidth) +
                  " x " + std::to_string(geometry.boardHeight) + " board (" + std::to_string(cellPixels) +
                  " px a cell), " + std::to_string(waiting) + " reinforcements in " +
                  std::to_string(schedule.size()) + " arrivals";

        addHtmlChart(addChartWindow(module, std::string(scenarioChart), "Scenario",
                                    "Set-up, special rules, objectives, victory and events"),
                     std::string(scenarioChart), "scenario.html");
        files.push_back({"scenario.html", scenarioHtml(s)});
    } else {
        // A battle: every scenario a predefined set-up (File > New game), a saved game holding its
        // start; the module has no at-start stacks, which VASSAL would add to none of them. Each
        // scenario's reinforcements wait on a board of its own on the Reinforcements map, which its
        // saved game chooses.
        Scenario current = s; // switched through its scenarios; the map is copied this once
        bool anyReinforcements = false;
        for (std::size_t i = 0; i < scenarios; ++i) {
            anyReinforcements = anyReinforcements || !startAt(s, i).deployment.reinforcements.empty();
        }
        pugi::xml_node waitingPicker;
        if (anyReinforcements) {
            waitingPicker = addBoardPicker(addMap(module, reinforcementBoard, "Reinforcements", true));
        }
        pugi::xml_node chart =
            addChartWindow(module, std::string(scenariosChart), "Scenarios",
                           "Each scenario's set-up, special rules, objectives, victory and events");
        std::vector<std::string> setupNames;
        for (std::size_t i = 0; i < scenarios; ++i) {
            makeCurrent(current, i);
            VassalPlayKit currentKit(current, options.play, cellPixels);
            currentKit.eliminateTo(casualties->centres);
            const std::string number = std::to_string(i + 1);
            const std::string setupName = number + ". " + current.info.title;
            SavedGameWriter game;
            // A stack at a map's pixel: each piece added with its picture in the module.
            auto addSavedStack = [&](const std::string& map, int x, int y,
                                     const StackPieces& list) -> std::expected<void, std::string> {
                std::vector<std::string> ids;
                for (const auto& [piece, facing] : list) {
                    if (auto drawn = picture(piece); !drawn) {
                        return std::unexpected(drawn.error());
                    }
                    ids.push_back(game.addPiece(pieceTypeAndState(current, layout, currentKit, piece, facing,
                                                                  SavedGameWriter::standingAt(map, x, y))));
                }
                game.addStack(map, x, y, ids);
                return {};
            };
            const CellStacks byCell = cellStacks(current);
            int placed = 0;
            for (const auto& [cell, list] : byCell) {
                const Point centre = layout.cellCenter(cell);
                const int x = static_cast<int>(std::lround(centre.x)),
                          y = static_cast<int>(std::lround(centre.y));
                if (auto added = addSavedStack("Main Map", x, y, list); !added) {
                    return std::unexpected(out.string() + ": " + added.error());
                }
                placed += static_cast<int>(list.size());
            }
            game.chooseBoard("Main Map", std::string(mainBoard));
            const std::vector<Arrival> schedule = arrivals(current);
            int waiting = 0;
            if (anyReinforcements) {
                auto shelf = arrivalBoard(current, schedule, cellPixels);
                if (!shelf) {
                    return std::unexpected(out.string() + ": " + shelf.error());
                }
                const std::string shelfName = std::string(reinforcementBoard) + " " + number;
                const std::string image = "reinforcements-" + number + ".png";
                files.push_back({"images/" + image, std::move(shelf->png)});
                addBoardTo(waitingPicker, shelfName, image);
                for (std::size_t a = 0; a < schedule.size(); ++a) {
                    const auto [x, y] = shelf->centres[a];
                    StackPieces list;
                    for (PieceRef p : schedule[a].pieces) {
                        list.emplace_back(p, std::nullopt);
                    }
                    if (auto added = addSavedStack(std::string(reinforcementBoard), x, y, list); !added) {
                        return std::unexpected(out.string() + ": " + added.error());
                    }
                    waiting += static_cast<int>(list.size());
                }
                game.chooseBoard(std::string(reinforcementBoard), shelfName);
            }
            if (turnList) {
                game.setTurnTracker(vassalTurnTrackerId, vassalTurnTrackerState(*turnList, i));
            }
            const std::string saveName = "setups/scenario-" + number + ".vsav";
            auto save = zipBytes({{"savedGame", game.text()}});
            if (!save) {
                return std::unexpected(out.string() + ": the set-up of " + scenarioName(s, i) + ": " +
                                       save.error());
            }
            files.push_back({saveName, std::move(*save)});
            addVassalComponent(module, "VASSAL.build.module.PredefinedSetup",
                               {{"name", setupName}, {"file", saveName}, {"useFile", "true"}});
            addHtmlChart(chart, setupName, "scenario-" + number + ".html");
            files.push_back({"scenario-" + number + ".html", scenarioHtml(current)});
            pieces += placed + waiting;
            setupNames.push_back("'" + current.info.title + "': " + std::to_string(placed) + " pieces in " +
                                 std::to_string(byCell.size()) + " stacks, " + std::to_string(waiting) +
                                 " reinforcements in " + std::to_string(schedule.size()) + " arrivals");
        }
        summary = std::to_string(scenarios) + " scenarios as game set-ups on a " +
                  std::to_string(geometry.boardWidth) + " x " + std::to_string(geometry.boardHeight) +
                  " board (" + std::to_string(cellPixels) + " px a cell): ";
        for (std::size_t i = 0; i < setupNames.size(); ++i) {
            summary += (i > 0 ? "; " : "") + setupNames[i];
        }
    }
    // A counter tray (VASSAL's piece window): every piece taking part, a tab for each side, to drag
    // a replacement or a piece the set-up leaves off onto a map; at its full strength, facing north.
    {
        pugi::xml_node tray = module.append_child("VASSAL.build.module.PieceWindow");
        tray.append_attribute("name") = "Counters";
        tray.append_attribute("text") = "Counters";
        tray.append_attribute("tooltip") = "Every piece, by side, to drag onto a map";
        tray.append_attribute("hidden") = "false";
        tray.append_attribute("hotkey") = "";
        tray.append_attribute("scale") = "1.0";
        tray.append_attribute("icon") = "";
        pugi::xml_node tabs = tray.append_child("VASSAL.build.widget.TabWidget");
        tabs.append_attribute("entryName") = "Sides";
        std::vector<PieceRef> all;
        for (const auto& [id, u] : s.oob.units) {
            all.push_back(PieceRef::unit(id));
        }
        for (const auto& [id, hq] : s.oob.headquarters) {
            all.push_back(PieceRef::commander(id));
        }
        for (const auto& [id, t] : s.oob.trains) {
            all.push_back(PieceRef::train(id));
        }
        std::erase_if(all, [&](PieceRef p) { return !takesPart(s, p); });
        for (Side side : {Side::Union, Side::Confederate}) {
            pugi::xml_node list = tabs.append_child("VASSAL.build.widget.ListWidget");
            list.append_attribute("entryName") = s.info.sideNames[sideIndex(side)].c_str();
            list.append_attribute("scale") = "1.0";
            list.append_attribute("height") = "0";
            list.append_attribute("width") = "0";
            list.append_attribute("divider") = "150";
            for (PieceRef p : all) {
                if (sideOf(s.oob, p) != side) {
                    continue;
                }
                if (auto added = addSlot(list, p, std::nullopt); !added) {
                    return std::unexpected(out.string() + ": " + added.error());
                }
            }
        }
    }
    // The ruleset's tables, as its texts print them, with their notes.
    if (!options.play.play.tables.empty()) {
        addHtmlChart(addChartWindow(module, std::string(rulesetTablesChart), "Tables",
                                    "The ruleset's tables: fire, close combat and the like"),
                     std::string(rulesetTablesChart), std::string(rulesetTablesPage));
        files.push_back({std::string(rulesetTablesPage), rulesetTablesHtml(s, options.play)});
    }
    // How to play the pieces: every command a piece has, its key and what the chat says.
    addHtmlChart(addChartWindow(module, std::string(playHelpChart), "Help",
                                "What a piece's menu and keys do, and what the chat reports"),
                 std::string(playHelpChart), std::string(playHelpPage));
    files.push_back({std::string(playHelpPage), playHelpHtml(s, options.play, kit)});
    addMapWindowComponents(field, geometry, options.play);
    // The casualties: a box for each side; hovering one counts its losses toward the break point.
    {
        pugi::xml_node lost = addMap(module, casualtyMapName, "Casualties", false);
        addBoard(lost, casualtyMapName, "casualties.png");
        addVassalComponent(
            lost, "VASSAL.build.module.map.CounterDetailViewer",
            {{"counterReportFormat", "$" + std::string(vassal_property::detail) + "$"},
             {"summaryReportFormat", options.play.breakPoint
                                         ? "$sum(" + std::string(vassal_property::breakCount) +
                                               ")$ lost toward the break point, $sum(" +
                                               std::string(vassal_property::units) + ")$ units in all"
                                         : "$sum(" + std::string(vassal_property::units) + ")$ units lost"},
             {"showtext", "true"},
             {"minDisplayPieces", "1"},
             {"fontSize", "11"},
             {"bgColor", "255,255,240"}});
    }
    addToolbarComponents(module, s, options.play, turnList);
    module.append_attribute("nextPieceSlotId") = gpid + 1;
    // Over a module the designer customised: theirs kept, Sandtable's made again.
    std::vector<std::string> keptReport;
    if (options.update) {
        auto merged = mergeVassalUpdate(*options.update, doc, files);
        if (!merged) {
            return std::unexpected(out.string() + ": not written, because " + merged.error());
        }
        keptReport = std::move(*merged);
    }
    files.push_back({"buildFile.xml", xmlText(doc)});

    pugi::xml_document data;
    declareXml(data);
    pugi::xml_node root = data.append_child("data");
    root.append_attribute("version") = "1";
    root.append_child("version").text() = "1.0";
    root.append_child("extra1");
    root.append_child("extra2");
    root.append_child("VassalVersion").text() = "3.7.0";
    root.append_child("description").text() = description.c_str();
    root.append_child("name").text() = name.empty() ? "Sandtable scenario" : name.c_str();
    files.push_back({"moduledata", xmlText(data)});

    // The archive, made in memory and written atomically: a failed export leaves no file.
    auto bytes = zipBytes(files);
    if (!bytes) {
        return std::unexpected(out.string() + ": cannot write the module: " + bytes.error());
    }
    if (auto written = writeFileAtomically(out, *bytes, AtomicWriteOptions{false}); !written) {
        return std::unexpected(written.error());
    }
    for (const std::string& line : keptReport) {
        summary += "\n" + line;
    }
    return summary;
}

} // namespace sandtable
