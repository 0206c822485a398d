// VASSAL boards made battles: every sample through Sandtable's own module and back (grid, the board
// aligned under the cells, every piece in its cell with its side and strength, every scenario);
// sides from prototypes, markers and names; hostile archives and grids Sandtable cannot represent.
#include "editor/import_file.hpp"
#include "editor/install_layout.hpp"
#include "exports/vassal_module.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/vassal/board_import.hpp"
#include "model/battle.hpp"
#include "model/layout.hpp"
#include "render/counter_side.hpp"

#include "tests/formats/zip_archive.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

class VassalImport : public testing::Test {
  protected:
    void SetUp() override { fs::create_directories(dir / "out"); }

    fs::path zipOf(const std::string& name, const std::vector<std::pair<std::string, std::string>>& entries) {
        return testing_support::writeZip(dir / name, entries);
    }

    // A module of one board (its grid element given whole) and one at-start stack of these pieces.
    fs::path moduleWith(const std::string& name, const std::string& grid,
                        const std::vector<std::string>& pieces, const std::string& picture,
                        const std::string& image = "board.png") {
        std::string slots;
        int gpid = 0;
        for (const std::string& p : pieces) {
            slots += "<VASSAL.build.widget.PieceSlot entryName=\"p\" gpid=\"" + std::to_string(++gpid) +
                     "\" width=\"40\" height=\"40\">" + p + "</VASSAL.build.widget.PieceSlot>";
        }
        const std::string build =
            "<?xml version=\"1.0\"?><VASSAL.build.GameModule name=\"Test\" version=\"1\">"
            "<VASSAL.build.module.Map mapName=\"Main Map\"><VASSAL.build.module.map.BoardPicker>"
            "<VASSAL.build.module.map.boardPicker.Board name=\"Field\" image=\"" +
            image + "\">" + grid +
            "</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>"
            "<VASSAL.build.module.map.SetupStack name=\"s\" owningBoard=\"Field\" useGridLocation=\"false\" "
            "x=\"100\" "
            "y=\"100\">" +
            slots +
            "</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map></VASSAL.build.GameModule>";
        std::vector<std::pair<std::string, std::string>> entries{{"buildFile.xml", build}};
        if (!picture.empty()) {
            entries.emplace_back("images/" + image, picture);
        }
        return zipOf(name, entries);
    }

    testing_support::TemporaryFolder folder_{"vassal-import"};
    const fs::path dir = folder_.path();
};

// A PNG of w x h pixels in one colour, made with the exporter's own board code path's library.
std::string png(int w, int h) {
    Scenario s;
    s.map = Map::blank(Grid({GridShape::Square, OffsetParity::Odd, 1, 1, 1}), defaultTerrainTypes());
    (void)s;
    // The smallest valid PNG header is enough for the size; the importer copies the bytes as they are.
    std::string bytes = "\x89PNG\r\n\x1a\n";
    bytes += std::string("\0\0\0\x0dIHDR", 8);
    for (int v : {w, h}) {
        bytes.push_back(static_cast<char>((v >> 24) & 0xFF));
        bytes.push_back(static_cast<char>((v >> 16) & 0xFF));
        bytes.push_back(static_cast<char>((v >> 8) & 0xFF));
        bytes.push_back(static_cast<char>(v & 0xFF));
    }
    bytes += std::string("\x08\x06\0\0\0", 5);
    bytes += std::string("\0\0\0\0", 4);
    return bytes;
}

std::string withoutStrength(const std::string& name) {
    static const std::regex strength(R"(^(#\d+ )?(.*?)( \(\d+ (men|guns), \d+ stands?( after losses)?\))?$)");
    std::smatch m;
    return std::regex_match(name, m, strength) ? m[2].str() : name;
}

std::string facingText(const std::optional<Facing>& f) {
    return f ? std::string(enumName(f->kind)) + " " + std::to_string(f->index) : "no facing";
}

// Every sample through its own VASSAL module: the same grid, the board under the cells to a pixel,
// every piece in its cell, every unit on its side at its strength, in every scenario.
TEST_F(VassalImport, EverySampleComesBackFromItsModule) {
    int samples = 0;
    for (const SampleBattle& sample : sampleBattles(SANDTABLE_SAMPLES)) {
        auto original = readScenario(sample.file);
        ASSERT_TRUE(original) << original.error().toString();
        const std::string name = sample.file.stem().stem().string();
        const fs::path vmod = dir / (name + ".vmod");
        constexpr int cellPixels = 60;
        ASSERT_TRUE(exportVassal(*original, vmod, VassalExportOptions{cellPixels, true}));
        const fs::path out = dir / "out" / (name + ".sandtable.xml");
        auto imported = importBattle(ImportRequest{vmod, std::nullopt, false, ""}, out);
        ASSERT_TRUE(imported) << imported.error();
        const Scenario& back = imported->battle;
        EXPECT_EQ(back.map.grid, original->map.grid) << name;

        // The board: each cell's centre on the picture is where the export drew it.
        ASSERT_TRUE(back.map.background) << name;
        ASSERT_EQ(imported->files.size(), 1u);
        EXPECT_EQ(back.map.background->file, name + "-board.png");
        EXPECT_EQ(back.map.background->opacity, 0.6);
        EXPECT_GE(back.map.background->controlPoints.size(), 3u);
        const Layout cells(back.map.grid, 1.0), pixels(original->map.grid, cellPixels);
        double worst = 0;
        for (std::size_t i = 0; i < back.map.grid.cellCount(); ++i) {
            const Offset c = back.map.grid.offsetAt(i);
            const auto [px, py] = back.map.background->toPixel(cells.cellCenter(c).x, cells.cellCenter(c).y);
            worst = std::max(worst, std::hypot(px - pixels.cellCenter(c).x, py - pixels.cellCenter(c).y));
        }
        EXPECT_LT(worst, 1.0) << name << ": a cell's centre is this many pixels off the board's";

        // The pieces, scenario by scenario.
        ASSERT_EQ(scenarioCount(back), scenarioCount(*original)) << name;
        for (std::size_t k = 0; k < scenarioCount(*original); ++k) {
            Scenario was = *original, is = back;
            makeCurrent(was, k);
            makeCurrent(is, k);
            EXPECT_EQ(is.info.title, was.info.title) << name;
            std::multiset<std::string> want, got;
            for (const auto& [piece, placement] : was.deployment.placements) {
                for (Offset c : placement.cells) {
                    std::string line =
                        was.map.grid.label(c) + " " + withoutStrength(pieceAtStart(was, piece));
                    if (piece.kind == PieceKind::Unit) {
                        line += " | " + pieceAtStart(was, piece) + " | " +
                                std::string(enumName(*sideOf(was.oob, piece))) + " | " +
                                facingText(placement.facing);
                    }
                    want.insert(line);
                }
            }
            std::map<std::string, bool> unitNames; // a commander's picture is no unit's
            for (const auto& [piece, placement] : was.deployment.placements) {
                unitNames[withoutStrength(pieceAtStart(was, piece))] = piece.kind == PieceKind::Unit;
            }
            for (const auto& [piece, placement] : is.deployment.placements) {
                const std::string named = withoutStrength(pieceAtStart(is, piece));
                std::string line = is.map.grid.label(placement.cells.front()) + " " + named;
                if (unitNames[named]) {
                    line += " | " + pieceAtStart(is, piece) + " | " +
                            std::string(enumName(*sideOf(is.oob, piece))) + " | " +
                            facingText(placement.facing);
                }
                got.insert(line);
            }
            EXPECT_EQ(got, want) << name << ", scenario " << k + 1;
            if (scenarioCount(*original) == 1) {
                EXPECT_EQ(is.deployment.reinforcements.size(), was.deployment.reinforcements.size()) << name;
                std::multiset<std::pair<int, std::string>> wantArrivals, gotArrivals;
                for (const auto& [p, r] : was.deployment.reinforcements) {
                    wantArrivals.emplace(r.turn, was.map.grid.label(r.entry));
                }
                for (const auto& [p, r] : is.deployment.reinforcements) {
                    gotArrivals.emplace(r.turn, is.map.grid.label(r.entry));
                }
                EXPECT_EQ(gotArrivals, wantArrivals) << name;
            }
        }
        EXPECT_EQ(imported->report.piecesBySide.count("side not known"), 0u) << name;

        // Written: the picture beside the battle, and the battle reopens.
        ASSERT_TRUE(writeImportedBattle(*imported, out)) << name;
        EXPECT_TRUE(fs::is_regular_file(dir / "out" / (name + "-board.png")));
        auto reopened = readScenario(out);
        ASSERT_TRUE(reopened) << reopened.error().toString();
        EXPECT_EQ(reopened->map.background, back.map.background);
        ++samples;
    }
    EXPECT_EQ(samples, 6);
}

// The walk-through of docs/import.md: another sample's module imported, a few cells repainted over
// its board, exported again: the module reads as VASSAL reads it, every set-up with its pieces.
TEST_F(VassalImport, AnImportedBoardRepaintedExportsAModuleThatReadsAsVassalReadsIt) {
    auto source = readScenario(fs::path(SANDTABLE_SAMPLES) / "gettysburg" / "gettysburg.sandtable.xml");
    ASSERT_TRUE(source);
    const fs::path vmod = dir / "gettysburg.vmod", again = dir / "again.vmod";
    ASSERT_TRUE(exportVassal(*source, vmod, VassalExportOptions{80, true}));
    const fs::path out = dir / "out" / "traced.sandtable.xml";
    auto imported = importBattle(ImportRequest{vmod, std::nullopt, false, ""}, out);
    ASSERT_TRUE(imported) << imported.error();
    ASSERT_TRUE(writeImportedBattle(*imported, out));
    auto traced = readScenario(out);
    ASSERT_TRUE(traced);
    const auto woods = traced->map.terrainIndexOf("woods");
    ASSERT_TRUE(woods);
    for (const Offset c : {Offset{3, 4}, Offset{3, 5}, Offset{4, 4}}) {
        traced->map.terrain[traced->map.grid.index(c)] = static_cast<TerrainIndex>(*woods);
    }
    auto written = exportVassal(*traced, again, VassalExportOptions{80, true});
    ASSERT_TRUE(written) << written.error();
    auto module = readVassalModule(again);
    ASSERT_TRUE(module) << module.error().toString();
    const VassalMap* field = module->map("Main Map");
    ASSERT_NE(field, nullptr);
    ASSERT_TRUE(field->boards.front().grid);
    EXPECT_EQ(module->setups.size(), scenarioCount(*source));
    std::size_t pieces = 0;
    for (const VassalPredefinedSetup& setup : module->setups) {
        ASSERT_TRUE(setup.game && *setup.game) << setup.name;
        for (const VassalSavedPiece& p : (*setup.game)->pieces) {
            for (const VassalTrait& t : p.piece.traits) {
                EXPECT_TRUE(t.formProblems().empty()) << setup.name << ": " << p.piece.name();
            }
            ++pieces;
        }
    }
    EXPECT_GT(pieces, 100u);
    // And the module imports once more to the same grid.
    auto twice =
        importBattle(ImportRequest{again, std::nullopt, false, ""}, dir / "out" / "twice.sandtable.xml");
    ASSERT_TRUE(twice) << twice.error();
    EXPECT_EQ(twice->battle.map.grid, traced->map.grid);
}

TEST(CounterSide, BlueIsUnionGreyIsConfederateAndOtherColoursAreNeither) {
    EXPECT_EQ(sideOfColour({52, 84, 160}), Side::Union);
    EXPECT_EQ(sideOfColour({160, 160, 160}), Side::Confederate);
    EXPECT_EQ(sideOfColour({30, 30, 200}), Side::Union);
    EXPECT_EQ(sideOfColour({200, 40, 40}), std::nullopt); // red: a marker, not a side
    EXPECT_EQ(sideOfColour({250, 250, 250}), std::nullopt);
    EXPECT_EQ(sideOfColour({10, 10, 10}), std::nullopt);
    EXPECT_EQ(sideOfCounterPicture("not a png"), std::nullopt);
}

TEST_F(VassalImport, SidesComeFromPrototypesMarkersAndNamesAndOtherwiseAreNotGuessed) {
    const std::string grid =
        "<VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"50\" y0=\"50\" dx=\"87\" "
        "dy=\"100\"/>";
    const fs::path vmod =
        moduleWith("sides.vmod", grid,
                   {"+/null/prototype;Union Infantry\tpiece;;;a.png;First/\tnull;0;0",
                    "+/null/mark;Nationality\tpiece;;;b.png;Second/CSA\tnull;0;0",
                    "+/null/piece;;;c.png;Third (Federal)/null;0;0", "+/null/piece;;;d.png;Fourth/null;0;0"},
                   png(600, 500));
    auto imported = importVassalModule(vmod, VassalImportOptions{});
    ASSERT_TRUE(imported) << imported.error();
    const Scenario& s = imported->battle;
    std::map<std::string, std::string> sides;
    for (const auto& [id, u] : s.oob.units) {
        const Headquarters& army = s.oob.headquarters.at(u.parent);
        sides[u.name] = army.name;
    }
    EXPECT_EQ(sides["First"], "Union forces (imported)");
    EXPECT_EQ(sides["Second"], "Confederate forces (imported)");
    EXPECT_EQ(sides["Third (Federal)"], "Union forces (imported)");
    EXPECT_EQ(sides["Fourth"], "Side not known: move these units to their side");
    EXPECT_EQ(imported->report.piecesBySide.at("side not known"), 1);
    // All four stand in the cell at 100,100 (a stack).
    for (const auto& [piece, placement] : s.deployment.placements) {
        EXPECT_EQ(placement.cells.front(), (Offset{1, 0})) << pieceRefText(piece);
    }
}

TEST_F(VassalImport, WhatCannotBeConvertedGetsAClearErrorOrAReportLine) {
    const std::string hex =
        "<VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"50\" y0=\"50\" dx=\"87\" dy=\"100\"/>";
    // Not a zip.
    std::ofstream(dir / "text.vmod") << "hello";
    auto notZip = importBattle(ImportRequest{dir / "text.vmod", std::nullopt, false, ""},
                               dir / "out" / "x.sandtable.xml");
    ASSERT_FALSE(notZip);
    EXPECT_NE(notZip.error().find("not a VASSAL module: it is not a zip archive"), std::string::npos)
        << notZip.error();
    // A board with a zoned grid only.
    const fs::path zoned =
        moduleWith("zoned.vmod", "<VASSAL.build.module.map.boardPicker.board.ZonedGrid/>", {}, png(100, 100));
    auto noGrid = importVassalModule(zoned, {});
    ASSERT_FALSE(noGrid);
    EXPECT_NE(noGrid.error().find("no board has a hex or square grid Sandtable can represent"),
              std::string::npos)
        << noGrid.error();
    // A grid of cells half a pixel wide on a huge board.
    const fs::path fine =
        moduleWith("fine.vmod",
                   "<VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"0\" y0=\"0\" dx=\"5\" dy=\"5\"/>",
                   {}, png(100000, 100000));
    auto tooFine = importVassalModule(fine, {});
    ASSERT_FALSE(tooFine);
    EXPECT_NE(tooFine.error().find("are more than 10000 cells a side"), std::string::npos) << tooFine.error();
    const fs::path flat = moduleWith(
        "flat.vmod",
        "<VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"0\" y0=\"0\" dx=\"0\" dy=\"50\"/>", {},
        png(500, 500));
    auto zero = importVassalModule(flat, {});
    ASSERT_FALSE(zero);
    EXPECT_NE(zero.error().find(
                  "flat.vmod/buildFile.xml:1:226: HexGrid's cells must be from 0.5 to 1,000,000 pixels"),
              std::string::npos)
        << zero.error();
    // A board the module names but does not hold: no size, no background.
    const fs::path missing = moduleWith("missing.vmod", hex, {}, "");
    auto noPicture = importVassalModule(missing, {});
    ASSERT_FALSE(noPicture);
    EXPECT_NE(noPicture.error().find("has no size"), std::string::npos) << noPicture.error();
    // A picture that is no picture: no size either, and the same message.
    const fs::path corrupt = moduleWith("corrupt.vmod", hex, {}, "this is not a PNG");
    auto unreadable = importVassalModule(corrupt, {});
    ASSERT_FALSE(unreadable);
    EXPECT_NE(unreadable.error().find("board 'Field' has no size: its picture is missing or unreadable"),
              std::string::npos)
        << unreadable.error();
    // Pieces on cell sides and corners in VASSAL: said, and each put in its nearest cell.
    const fs::path edges = moduleWith(
        "edges.vmod",
        "<VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"50\" y0=\"50\" dx=\"87\" dy=\"100\" "
        "edgesLegal=\"true\" cornersLegal=\"true\"/>",
        {"+/null/piece;;;a.png;Edge/null;0;0"}, png(600, 500));
    auto onEdges = importVassalModule(edges, {});
    ASSERT_TRUE(onEdges) << onEdges.error();
    EXPECT_NE(
        std::ranges::find(onEdges->report.notes,
                          edges.string() +
                              ": in VASSAL pieces may also stand on this grid's cell sides and corners; here "
                              "each stands in the cell nearest it"),
        onEdges->report.notes.end());
    // --board names a board the module lacks: its boards are listed.
    const fs::path good = moduleWith("good.vmod", hex, {}, png(600, 500));
    auto wrongBoard = importVassalModule(good, VassalImportOptions{"Other", "x.png", {}});
    ASSERT_FALSE(wrongBoard);
    EXPECT_NE(wrongBoard.error().find("no board 'Other'; its boards are 'Main Map/Field'"), std::string::npos)
        << wrongBoard.error();
    EXPECT_TRUE(importVassalModule(good, VassalImportOptions{"Main Map/Field", "x.png", {}}));
}

// An entry read from a module stops one byte past its limit, whatever the archive says of its size.
TEST_F(VassalImport, AnEntryLargerThanItsLimitIsRefusedWithoutReadingItAll) {
    const fs::path vmod =
        zipOf("big.vmod", {{"images/board.png", std::string(1 << 20, 'x')}, {"small", "ok"}});
    auto entries = readVassalModuleEntries(vmod, {"images/board.png", "small", "missing"}, 1000);
    ASSERT_TRUE(entries);
    ASSERT_FALSE(entries->at("images/board.png"));
    EXPECT_EQ(entries->at("images/board.png").error(), "'images/board.png' unpacks to more than 1,000 bytes");
    EXPECT_EQ(*entries->at("small"), "ok");
    EXPECT_EQ(entries->at("missing").error(), "the module holds no 'missing'");
}

// An archive whose entries and picture names climb out of it: nothing is written but OUT and its
// picture, in OUT's folder.
TEST_F(VassalImport, NamesThatClimbOutOfTheArchiveWriteNothingOutsideOut) {
    const std::string hex =
        "<VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"50\" y0=\"50\" dx=\"87\" dy=\"100\"/>";
    const fs::path vmod =
        moduleWith("climb.vmod", hex, {"+/null/piece;;;../../../escape.png;Climber/null;0;0"}, png(600, 500),
                   "../../escape.png");
    const fs::path out = dir / "out" / "climb.sandtable.xml";
    auto imported = importBattle(ImportRequest{vmod, std::nullopt, false, ""}, out);
    ASSERT_TRUE(imported) << imported.error();
    ASSERT_TRUE(writeImportedBattle(*imported, out));
    std::vector<std::string> written;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.is_regular_file()) {
            written.push_back(fs::relative(e.path(), dir).string());
        }
    }
    std::ranges::sort(written);
    EXPECT_EQ(written,
              (std::vector<std::string>{"climb.vmod", "out/climb-board.png", "out/climb.sandtable.xml"}));
    EXPECT_FALSE(fs::exists(dir.parent_path() / "escape.png"));
    EXPECT_TRUE(readScenario(out));
}

} // namespace
} // namespace sandtable
