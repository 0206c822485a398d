// VASSAL modules: what the archive holds, read back with libzip and pugixml; what VASSAL makes of it,
// read back with Sandtable's VASSAL reader (held to the engine's own answers by test_vassal_reader) in
// every run, and with the real engine (../shared/vassal/check-vmod) where VASSAL_JAR names one. VASSAL
// accepts a location off the board or a missing picture without a word, so these tests compare what
// it makes of the module with the scenario.
#include "exports/vassal_module.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/vassal/module_reader.hpp"
#include "model/battle.hpp"
#include "model/layout.hpp"
#include "model/scenario_generator.hpp"
#include "tests/formats/vassal_oracle.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>
#include <pugixml.hpp>
#include <zip.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

// The files of a zip archive, by name.
std::map<std::string, std::string> unzip(const fs::path& file) {
    std::map<std::string, std::string> out;
    int error = 0;
    zip_t* z = zip_open(file.c_str(), ZIP_RDONLY, &error);
    if (z == nullptr) {
        return out;
    }
    for (zip_int64_t i = 0; i < zip_get_num_entries(z, 0); ++i) {
        zip_stat_t st;
        zip_stat_index(z, static_cast<zip_uint64_t>(i), 0, &st);
        zip_file_t* f = zip_fopen_index(z, static_cast<zip_uint64_t>(i), 0);
        std::string bytes(static_cast<std::size_t>(st.size), '\0');
        zip_fread(f, bytes.data(), st.size);
        zip_fclose(f);
        out[st.name] = bytes;
    }
    zip_close(z);
    return out;
}

class VassalExport : public testing::Test {
  protected:
    testing_support::TemporaryFolder folder_{"vassal"};
    const fs::path dir = folder_.path();
};

TEST(VassalSequence, EscapesItsDelimiterAndQuotesLeadingBackslashesAsVassalDoes) {
    EXPECT_EQ(vassalSequence({"piece", "", "", "a.png", "Name"}, ';'), "piece;;;a.png;Name");
    EXPECT_EQ(vassalSequence({"1st; 2nd", "x"}, ';'), "1st\\; 2nd;x");
    EXPECT_EQ(vassalSequence({"Kirby Smith / Elzey"}, '/'), "Kirby Smith \\/ Elzey");
    EXPECT_EQ(vassalSequence({"\\odd"}, ';'), "'\\odd'");
    EXPECT_EQ(vassalSequence({"'quoted'"}, ';'), "''quoted''");
}

TEST(VassalGeometry, MatchesTheLayoutOfEveryShape) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        Grid::Parameters p;
        p.shape = shape;
        p.cols = 12;
        p.rows = 9;
        const Grid grid(p);
        const VassalGeometry g = VassalGeometry::of(grid, 100);
        const Layout layout(grid, 100);
        EXPECT_EQ(g.hex, shape != GridShape::Square);
        EXPECT_EQ(g.sideways, shape == GridShape::HexPointy);
        EXPECT_NEAR(g.dy, 100, 1e-9) << "a row is a cell across its flats";
        EXPECT_NEAR(g.dx, shape == GridShape::Square ? 100 : 100 * std::sqrt(3.0) / 2, 1e-9);
        const Point first = layout.cellCenter({0, 0});
        EXPECT_EQ(g.sideways ? g.y0 : g.x0, std::lround(first.x));
        EXPECT_EQ(g.sideways ? g.x0 : g.y0, std::lround(first.y));
        EXPECT_EQ(g.leading, 1) << "two digits a number";
    }
}

TEST_F(VassalExport, TheModuleHoldsTheBuildFileTheBoardAndACounterForEveryPiece) {
    auto s =
        readScenario(fs::path(SANDTABLE_SAMPLES) / "mcphersons-ridge" / "mcphersons-ridge.sandtable.xml");
    ASSERT_TRUE(s) << s.error().toString();
    const fs::path vmod = dir / "ridge.vmod";
    auto written = exportVassal(*s, vmod, VassalExportOptions{80, false});
    ASSERT_TRUE(written) << written.error();
    const auto files = unzip(vmod);
    ASSERT_TRUE(files.contains("buildFile.xml"));
    ASSERT_TRUE(files.contains("moduledata"));
    ASSERT_TRUE(files.contains("images/board.png"));
    ASSERT_TRUE(files.contains("scenario.html"));
    EXPECT_NE(files.at("scenario.html").find("Willoughby Run"), std::string::npos) << "the set-up text";
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(files.at("buildFile.xml").c_str()));
    const pugi::xml_node module = doc.child("VASSAL.build.GameModule");
    EXPECT_STREQ(module.attribute("name").value(), s->info.title.c_str());
    // Every placed cell is a stack at its label; every piece slot's picture is in the archive.
    std::set<std::string> placedCells, stacks;
    for (const auto& [piece, placement] : s->deployment.placements) {
        for (Offset c : placement.cells) {
            placedCells.insert(s->map.grid.label(c));
        }
    }
    int slots = 0;
    for (pugi::xml_node map : module.children("VASSAL.build.module.Map")) {
        for (pugi::xml_node stack : map.children("VASSAL.build.module.map.SetupStack")) {
            if (std::string(map.attribute("mapName").value()) == "Main Map") {
                stacks.insert(stack.attribute("location").value());
            }
            for (pugi::xml_node slot : stack.children("VASSAL.build.widget.PieceSlot")) {
                ++slots;
                const std::string text = slot.text().get();
                const std::smatch m = [&] {
                    std::smatch found;
                    std::regex_search(text, found, std::regex(R"(piece;;;([^;]+\.png);)"));
                    return found;
                }();
                ASSERT_FALSE(m.empty()) << text;
                EXPECT_TRUE(files.contains("images/" + m[1].str())) << m[1].str();
            }
        }
    }
    EXPECT_EQ(stacks, placedCells);
    std::size_t expected = s->deployment.reinforcements.size();
    for (const auto& [piece, placement] : s->deployment.placements) {
        expected += placement.cells.size();
    }
    EXPECT_EQ(static_cast<std::size_t>(slots), expected)
        << "a piece for each cell of a line, and each reinforcement";
}

// VASSAL turns a piece i steps counterclockwise for rotation state i (FreeRotator's angles are
// -i x 360 / steps, and Java turns positive angles clockwise on screen); an upright counter faces
// north. So a flat-top hex unit facing its east corner is 3 steps clockwise: state 9 of 12; facing
// its north side (side 2), state 0; its north-west corner (corner 2), one step counterclockwise.
TEST_F(VassalExport, AUnitIsTurnedToItsFacing) {
    Scenario s = generateScenario(GeneratorParameters{6, 5, 2, 1, 3, GridShape::HexFlat});
    const PieceRef unit = s.deployment.placements.begin()->first;
    ASSERT_EQ(unit.kind, PieceKind::Unit);
    auto stateOf = [&](Facing f) {
        s.deployment.placements.begin()->second.facing = f;
        const fs::path vmod = dir / "turned.vmod";
        auto written = exportVassal(s, vmod, VassalExportOptions{60, false});
        EXPECT_TRUE(written);
        auto module = readVassalModule(vmod);
        EXPECT_TRUE(module);
        const std::string image = "unit-" + std::to_string(unit.id) + ".png";
        for (const VassalPieceSlot* slot : module->slots()) {
            if (slot->piece && slot->piece->image() == image) {
                for (const VassalTrait& t : slot->piece->traits) {
                    if (t.className() == "FreeRotator") {
                        return t.state;
                    }
                }
            }
        }
        return std::string("no rotation");
    };
    EXPECT_EQ(stateOf(Facing{FacingKind::Corner, 0}), "9") << "east";
    EXPECT_EQ(stateOf(Facing{FacingKind::Side, 2}), "0") << "north";
    EXPECT_EQ(stateOf(Facing{FacingKind::Side, 5}), "6") << "south";
    EXPECT_EQ(stateOf(Facing{FacingKind::Corner, 2}), "1") << "north-west: one step counterclockwise";
}

TEST_F(VassalExport, ABoardCellOutOfRangeIsRefusedAndNothingIsWritten) {
    auto s = readScenario(fs::path(SANDTABLE_SAMPLES) / "franklin" / "franklin.sandtable.xml");
    ASSERT_TRUE(s);
    const fs::path vmod = dir / "tiny.vmod";
    auto written = exportVassal(*s, vmod, VassalExportOptions{3, false});
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().find("tiny.vmod: a board cell must be"), std::string::npos) << written.error();
    EXPECT_FALSE(fs::exists(vmod));
}

// A battle of two scenarios: each is a game set-up at File > New game whose saved game holds that
// scenario's start, read back through Sandtable's VASSAL reader: every piece in its cell's stack
// (the cell VASSAL's grid names at the stack's pixel), with the same definition (name with the
// strength at that start, picture, facing) as a module of that scenario alone has in its at-start
// stacks, which the engine's own answers hold; its reinforcements on its own board.
TEST_F(VassalExport, EveryScenarioOfABattleIsAGameSetUpHoldingItsOwnStart) {
    auto battle = readScenario(fs::path(SANDTABLE_TEST_DATA) / "good" / "battle.xml");
    ASSERT_TRUE(battle) << battle.error().toString();
    ASSERT_EQ(scenarioCount(*battle), 2U);
    const fs::path vmod = dir / "battle.vmod";
    auto written = exportVassal(*battle, vmod, VassalExportOptions{60, false});
    ASSERT_TRUE(written) << written.error();
    EXPECT_NE(written->find("2 scenarios as game set-ups"), std::string::npos) << *written;
    auto module = readVassalModule(vmod);
    ASSERT_TRUE(module) << module.error().toString();
    ASSERT_EQ(module->setups.size(), 2U);
    EXPECT_EQ(module->setups[0].name, "1. Morning");
    EXPECT_EQ(module->setups[1].name, "2. Afternoon");
    const VassalMap* field = module->map("Main Map");
    ASSERT_NE(field, nullptr);
    EXPECT_TRUE(field->stacks.empty()) << "VASSAL adds at-start stacks to no saved game";
    ASSERT_EQ(field->boards.size(), 1U);
    ASSERT_TRUE(field->boards[0].grid);
    const VassalGrid& grid = *field->boards[0].grid;
    const VassalMap* waiting = module->map("Reinforcements");
    ASSERT_NE(waiting, nullptr);
    ASSERT_EQ(waiting->boards.size(), 2U) << "a board of reinforcements for each scenario";

    // The trait chain of a piece, less where its basic piece stands.
    auto definitionOf = [](const VassalPiece& p) {
        std::string out;
        for (const VassalTrait& t : p.traits) {
            out += t.type + "|" + (&t == &p.basic() ? "" : t.state) + "\n";
        }
        return out;
    };
    for (std::size_t i = 0; i < 2; ++i) {
        SCOPED_TRACE("scenario " + std::to_string(i + 1));
        Scenario alone = *battle;
        makeCurrent(alone, i);
        alone.otherStarts.clear();
        alone.current = 0;
        // What the scenario alone's module holds: each cell's pieces, and each reinforcement.
        const fs::path aloneFile = dir / ("alone-" + std::to_string(i) + ".vmod");
        ASSERT_TRUE(exportVassal(alone, aloneFile, VassalExportOptions{60, false}));
        auto aloneModule = readVassalModule(aloneFile);
        ASSERT_TRUE(aloneModule) << aloneModule.error().toString();
        std::multiset<std::string> wantField, wantWaiting;
        for (const VassalMap& m : aloneModule->maps) {
            for (const VassalSetupStack& stack : m.stacks) {
                for (const VassalPieceSlot& slot : stack.slots) {
                    ASSERT_TRUE(slot.piece) << slot.piece.error();
                    (m.name == "Main Map" ? wantField : wantWaiting)
                        .insert((m.name == "Main Map" ? stack.location + " " : std::string()) +
                                definitionOf(*slot.piece));
                }
            }
        }
        ASSERT_FALSE(wantField.empty());

        ASSERT_TRUE(module->setups[i].game);
        const auto& game = *module->setups[i].game;
        ASSERT_TRUE(game) << game.error();
        std::multiset<std::string> gotField, gotWaiting;
        for (const VassalSavedStack& stack : game->stacks) {
            for (const std::string& id : stack.pieceIds) {
                const VassalSavedPiece* p = game->piece(id);
                ASSERT_NE(p, nullptr);
                EXPECT_EQ(p->map, stack.map);
                EXPECT_EQ(p->x, stack.x);
                EXPECT_EQ(p->y, stack.y);
                if (stack.map == "Main Map") {
                    const auto label = grid.locationName({stack.x, stack.y});
                    ASSERT_TRUE(label);
                    const VassalPoint snapped = grid.snapToCentre({stack.x, stack.y});
                    EXPECT_LE(std::abs(snapped.x - stack.x) + std::abs(snapped.y - stack.y), 2)
                        << "the stack stands on its cell's centre";
                    gotField.insert(*label + " " + definitionOf(p->piece));
                } else {
                    EXPECT_EQ(stack.map, "Reinforcements");
                    gotWaiting.insert(definitionOf(p->piece));
                }
            }
        }
        EXPECT_EQ(gotField, wantField);
        EXPECT_EQ(gotWaiting, wantWaiting);
        ASSERT_TRUE(game->boards.contains("Main Map"));
        EXPECT_EQ(game->boards.at("Main Map"), std::vector<std::string>{"Battlefield"});
        ASSERT_TRUE(game->boards.contains("Reinforcements"));
        EXPECT_EQ(game->boards.at("Reinforcements"),
                  std::vector<std::string>{"Reinforcements " + std::to_string(i + 1)});
        EXPECT_TRUE(game->otherCommands.empty());
    }
    // The afternoon's first unit has lost a stand: its counter says so.
    const auto& afternoon = *module->setups[1].game;
    bool reduced = false;
    for (const VassalSavedPiece& p : afternoon->pieces) {
        reduced = reduced || p.piece.name().find("(610 men, 2 stands)") != std::string::npos;
    }
    EXPECT_TRUE(reduced) << "the strength at the afternoon's start";
}

TEST(VassalSavedGame, AnObfuscatedSaveReadsAsItsPlainText) {
    // VASSAL's ObfuscatingOutputStream: the header, a key byte, then each byte XORed with it, in hex.
    const std::string plain = "begin_save\x1b"
                              "end_save";
    std::string obfuscated = "!VCSK2a";
    for (char c : plain) {
        char hex[3];
        std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(c) ^ 0x2a);
        obfuscated += hex;
    }
    auto text = deobfuscateVassal(obfuscated);
    ASSERT_TRUE(text) << text.error();
    EXPECT_EQ(*text, plain);
    EXPECT_FALSE(deobfuscateVassal("!VCSK2a4"));
    EXPECT_FALSE(deobfuscateVassal("!VCSK2azz"));
    EXPECT_EQ(*deobfuscateVassal("begin_save"), "begin_save") << "a plain save is read as it is";
}

TEST(VassalSavedGame, ABrokenSaveSaysWhatIsWrong) {
    EXPECT_EQ(decodeVassalSavedGame("+/1/stack/Main Map;0;0").error(),
              "the saved game does not begin with begin_save");
    EXPECT_EQ(decodeVassalSavedGame("begin_save\x1b+/1/stack/Main Map;0;0").error(),
              "the saved game does not end with end_save");
    EXPECT_EQ(decodeVassalSavedGame("begin_save\x1b+/1/stack/Main Map;0;0;7\x1b"
                                    "end_save")
                  .error(),
              "command 2: the stack 1 holds the piece '7', which no command before it adds");
    EXPECT_FALSE(readVassalSavedGame("not a zip", 1 << 20));
}

// --- read back as VASSAL reads it ------------------------------------------------------------------

// A generated map of `shape` and `parity` with a piece in every cell: one unit stays, the others are
// new units of its headquarters, each facing a corner.
Scenario everyCellHoldsAPiece(GridShape shape, OffsetParity parity) {
    Scenario s = generateScenario(GeneratorParameters{7, 6, 4, 1, 3, shape});
    Grid::Parameters p = s.map.grid.parameters();
    p.parity = parity;
    s.map = Map::blank(Grid(p), s.map.terrainTypes);
    s.deployment = {};
    const Unit model = s.oob.units.begin()->second;
    s.oob.units.clear();
    std::uint32_t id = 1;
    for (int row = 0; row < p.rows; ++row) {
        for (int col = 0; col < p.cols; ++col) {
            Unit u = model;
            u.name = "Unit " + s.map.grid.label({col, row});
            s.oob.units[UnitId{id}] = u;
            s.deployment.placements[PieceRef::unit(UnitId{id})] =
                Placement{{{col, row}}, Facing{FacingKind::Corner, static_cast<std::uint8_t>(id % 6)}};
            ++id;
        }
    }
    return s;
}

constexpr int everyCellPixels = 60;

// The module read back by Sandtable's reader (which reproduces the engine's answers on the goldens):
// every stack resolves to the centre of its cell, the board is as large as the picture of the map, the
// cell the grid names at a pixel well inside a cell is that cell, and every piece decodes into traits
// VASSAL knows, in the form VASSAL writes them, named and turned as the scenario has them.
TEST_F(VassalExport, VassalPutsEveryCellWhereSandtableDrawsItOnEveryGridAndParity) {
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        for (OffsetParity parity : {OffsetParity::Odd, OffsetParity::Even}) {
            const std::string name = std::string(enumName(shape)) + "-" + std::string(enumName(parity));
            const Scenario s = everyCellHoldsAPiece(shape, parity);
            const fs::path vmod = dir / (name + ".vmod");
            auto written = exportVassal(s, vmod, VassalExportOptions{everyCellPixels, false});
            ASSERT_TRUE(written) << written.error();
            auto module = readVassalModule(vmod);
            ASSERT_TRUE(module) << name << ": " << module.error().toString();
            EXPECT_TRUE(module->notes.empty()) << name << ": " << module->notes.front();
            const VassalMap* map = module->map("Main Map");
            ASSERT_NE(map, nullptr) << name;
            ASSERT_EQ(map->boards.size(), 1U);
            const VassalBoard& board = map->boards.front();
            ASSERT_TRUE(board.grid) << name;
            const Layout layout(s.map.grid, everyCellPixels);
            // The board is as large as the picture of the map.
            EXPECT_EQ(board.width, static_cast<int>(std::ceil(layout.width()))) << name;
            EXPECT_EQ(board.height, static_cast<int>(std::ceil(layout.height()))) << name;
            // Every stack: VASSAL resolves its location (the cell's label) to the cell's centre.
            const Grid::Parameters p = s.map.grid.parameters();
            ASSERT_EQ(map->stacks.size(), static_cast<std::size_t>(p.cols * p.rows)) << name;
            for (const VassalSetupStack& stack : map->stacks) {
                const auto cellAt = s.map.grid.parseLabel(stack.location);
                ASSERT_TRUE(cellAt) << stack.location;
                const auto at = map->position(stack);
                ASSERT_TRUE(at) << name << " " << stack.location << ": " << at.error();
                const Point want = layout.cellCenter(*cellAt);
                EXPECT_NEAR(at->x, want.x, 1.5) << name << " " << stack.location;
                EXPECT_NEAR(at->y, want.y, 1.5) << name << " " << stack.location;
                EXPECT_TRUE(at->x >= 0 && at->y >= 0 && at->x < board.width && at->y < board.height)
                    << name << " " << stack.location << " is off the board";
                // The stack's piece is the unit in that cell, turned to its facing.
                ASSERT_EQ(stack.slots.size(), 1U);
                ASSERT_TRUE(stack.slots.front().piece) << stack.slots.front().piece.error();
                const VassalPiece& piece = *stack.slots.front().piece;
                EXPECT_NE(piece.name().find("Unit " + stack.location + " "), std::string::npos)
                    << piece.name();
                // Its side's and its kind's prototypes, its own values, its rotation, its picture.
                ASSERT_EQ(piece.traits.size(), 5U);
                EXPECT_EQ(piece.traits[0].className(), "UsePrototype");
                EXPECT_EQ(piece.traits[1].className(), "UsePrototype");
                EXPECT_EQ(piece.traits[2].className(), "Marker");
                EXPECT_EQ(piece.traits[3].className(), "FreeRotator");
            }
            // The cell VASSAL names at every fifth pixel is the cell Sandtable has there, where the pixel
            // is well inside a cell (VASSAL finds cells by rounding, not by their outline).
            int named = 0;
            for (int y = 0; y < board.height; y += 5) {
                for (int x = 0; x < board.width; x += 5) {
                    const Point px{static_cast<double>(x), static_cast<double>(y)};
                    const auto c = layout.cellAt(px);
                    if (!c) {
                        continue;
                    }
                    const Point centre = layout.cellCenter(*c);
                    if (std::hypot(px.x - centre.x, px.y - centre.y) > 0.4 * everyCellPixels) {
                        continue;
                    }
                    EXPECT_EQ(board.grid->locationName({x, y}), s.map.grid.label(*c))
                        << name << " at " << x << "," << y;
                    ++named;
                }
            }
            EXPECT_GT(named, p.cols * p.rows * 10) << name;
            const auto problems = testing_support::pieceProblems(*module);
            EXPECT_TRUE(problems.empty()) << name << ": " << problems.front();
        }
    }
}

// The real engine, where VASSAL_JAR names one: it loads the same modules without a warning and puts
// every stack on its cell's centre.
TEST_F(VassalExport, TheVassalEngineLoadsEveryGridAndParity) {
    if (const std::string why = testing_support::vassalEngineMissing(); !why.empty()) {
        GTEST_SKIP() << why;
    }
    ASSERT_EQ(testing_support::vassalCheckerMissing(), "");
    for (GridShape shape : {GridShape::HexFlat, GridShape::HexPointy, GridShape::Square}) {
        for (OffsetParity parity : {OffsetParity::Odd, OffsetParity::Even}) {
            const std::string name = std::string(enumName(shape)) + "-" + std::string(enumName(parity));
            const Scenario s = everyCellHoldsAPiece(shape, parity);
            const fs::path vmod = dir / (name + ".vmod");
            auto written = exportVassal(s, vmod, VassalExportOptions{everyCellPixels, false});
            ASSERT_TRUE(written) << written.error();
            int code = 0;
            const std::string report = testing_support::checkVmod(vmod, code);
            ASSERT_EQ(code, 0) << name << ":\n" << report;
            const Layout layout(s.map.grid, everyCellPixels);
            const std::regex stackLine(
                R"(SetupStack '(\d+)' board=Battlefield .*resolves to pixel (-?\d+),(-?\d+) \(on board\))");
            int stacks = 0;
            for (auto it = std::sregex_iterator(report.begin(), report.end(), stackLine);
                 it != std::sregex_iterator(); ++it) {
                const auto cellAt = s.map.grid.parseLabel((*it)[1].str());
                ASSERT_TRUE(cellAt) << (*it)[1].str();
                const Point want = layout.cellCenter(*cellAt);
                EXPECT_NEAR(std::stod((*it)[2]), want.x, 1.5) << name << " " << (*it)[1];
                EXPECT_NEAR(std::stod((*it)[3]), want.y, 1.5) << name << " " << (*it)[1];
                ++stacks;
            }
            const Grid::Parameters p = s.map.grid.parameters();
            EXPECT_EQ(stacks, p.cols * p.rows) << name << ": every cell's stack on the board\n" << report;
            EXPECT_EQ(report.find("NO PIECE"), std::string::npos) << name;
        }
    }
}

} // namespace
} // namespace sandtable
