// Sandtable's VASSAL reader against what the real VASSAL engine said (../shared/vassal/golden): for
// six generated maps (every grid shape and parity) and the six samples, the reader reproduces every
// line the engine printed from the same build file and board size: every board, the pixel of every
// location (and the refusal of a location that is none), the location at every pixel of a lattice,
// every at-start stack, and every piece's decoded trait chain. Then the pieces of VASSAL's own
// module with every trait, the trait table against the engine's defaults, the sequence decoder's
// quirks, and archives that are not what they claim.
#include "formats/vassal/module_reader.hpp"
#include "formats/vassal/sequence.hpp"
#include "model/limits.hpp"
#include "tests/formats/vassal_oracle.hpp"

#include "tests/file_bytes.hpp"
#include "tests/formats/zip_archive.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace sandtable {
namespace {

using testing_support::fileBytes;

namespace fs = std::filesystem;
using testing_support::sharedVassal;

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

// What the golden dump prints for a stack and a piece, from the reader's module.
std::string stackLine(const VassalMap& map, const VassalSetupStack& stack) {
    std::string resolved;
    if (stack.useGridLocation) {
        const auto p = map.position(stack);
        resolved = p ? std::to_string(p->x) + "," + std::to_string(p->y) : "refused (" + p.error() + ")";
    }
    return "stack '" + stack.name + "' on " + map.name + " at " + stack.location + " -> " + resolved;
}

std::string pieceLine(const VassalPieceSlot& slot) {
    if (!slot.piece) {
        return "piece slot '" + slot.entryName + "' not decoded: " + slot.piece.error();
    }
    std::string line = "piece '" + slot.piece->name() + "' -> ";
    for (std::size_t i = 0; i < slot.piece->traits.size(); ++i) {
        const VassalTrait& t = slot.piece->traits[i];
        line += (i > 0 ? " | " : "") + std::string(t.className()) + " [" + t.canonicalType() + "]";
    }
    return line;
}

class Golden : public testing::TestWithParam<std::string> {};

TEST_P(Golden, TheReaderSaysWhatTheEngineSaid) {
    const fs::path golden = sharedVassal() / "golden";
    const fs::path buildFile = golden / (GetParam() + ".buildFile.xml");
    const fs::path answers = golden / (GetParam() + ".vassal.txt");
    ASSERT_TRUE(fs::exists(buildFile) && fs::exists(answers))
        << "the engine's recorded answers are not at " << golden
        << " (the shared folder: ../shared beside the source tree, or cmake -DSANDTABLE_SHARED_DIR=...)";
    const std::vector<std::string> lines = linesOf(fileBytes(answers));
    const std::string xml = fileBytes(buildFile);

    // The board sizes the engine recorded stand in for the pictures, which the goldens do not keep.
    const std::regex boardLine(R"(^board (.+) / (.+) size (\d+)x(\d+)$)");
    std::map<std::string, std::pair<int, int>> sizeByBoard;
    for (const std::string& line : lines) {
        std::smatch m;
        if (std::regex_match(line, m, boardLine)) {
            sizeByBoard[m[2]] = {std::stoi(m[3]), std::stoi(m[4])};
        }
    }
    ASSERT_FALSE(sizeByBoard.empty());
    std::map<std::string, std::string> boardOfImage;
    {
        auto names =
            readVassalBuildFile(xml, buildFile.string(), [](const std::string&) { return std::nullopt; });
        ASSERT_TRUE(names) << names.error().toString();
        for (const VassalMap& m : names->maps) {
            for (const VassalBoard& b : m.boards) {
                boardOfImage[b.image] = b.name;
            }
        }
    }
    auto module = readVassalBuildFile(xml, buildFile.string(), [&](const std::string& image) {
        const auto it = sizeByBoard.find(boardOfImage[image]);
        return it == sizeByBoard.end() ? std::nullopt : std::optional(it->second);
    });
    ASSERT_TRUE(module) << module.error().toString();
    EXPECT_TRUE(module->notes.empty()) << module->notes.front();

    std::vector<std::string> stacks, pieces;
    for (const VassalMap& m : module->maps) {
        for (const VassalSetupStack& s : m.stacks) {
            stacks.push_back(stackLine(m, s));
        }
    }
    for (const VassalPieceSlot* slot : module->slots()) {
        pieces.push_back(pieceLine(*slot));
    }

    const std::regex locationLine(R"(^location (\S+) -> (?:(-?\d+),(-?\d+)|refused \(BadCoords\))$)");
    const std::regex pixelLine(R"(^pixel (\d+),(\d+) -> (\S+)$)");
    const VassalBoard* board = nullptr;
    std::size_t stackAt = 0, pieceAt = 0, checked = 0;
    std::vector<std::string> wrong;
    auto differs = [&](const std::string& line, const std::string& ours) {
        if (line != ours) {
            wrong.push_back("engine: " + line + "\n  ours: " + ours);
        }
        ++checked;
    };
    for (const std::string& line : lines) {
        std::smatch m;
        if (line.empty() || line.starts_with('#')) {
            continue;
        }
        if (std::regex_match(line, m, boardLine)) {
            const VassalMap* map = module->map(m[1].str());
            ASSERT_NE(map, nullptr) << line;
            board = nullptr;
            for (const VassalBoard& b : map->boards) {
                board = b.name == m[2].str() ? &b : board;
            }
            ASSERT_NE(board, nullptr) << line;
            differs(line, "board " + map->name + " / " + board->name + " size " +
                              std::to_string(board->width) + "x" + std::to_string(board->height));
        } else if (std::regex_match(line, m, locationLine)) {
            ASSERT_TRUE(board != nullptr && board->grid) << line;
            const auto p = board->grid->location(m[1].str());
            differs(line,
                    "location " + m[1].str() + " -> " +
                        (p ? std::to_string(p->x) + "," + std::to_string(p->y) : "refused (BadCoords)"));
        } else if (std::regex_match(line, m, pixelLine)) {
            ASSERT_TRUE(board != nullptr && board->grid) << line;
            const auto name = board->grid->locationName({std::stoi(m[1]), std::stoi(m[2])});
            differs(line,
                    "pixel " + m[1].str() + "," + m[2].str() + " -> " + name.value_or("(no numbering)"));
        } else if (line.starts_with("stack ")) {
            differs(line, stackAt < stacks.size() ? stacks[stackAt] : "(no more stacks)");
            ++stackAt;
        } else if (line.starts_with("piece ")) {
            differs(line, pieceAt < pieces.size() ? pieces[pieceAt] : "(no more pieces)");
            ++pieceAt;
        } else {
            wrong.push_back("a line this test does not know: " + line);
        }
    }
    EXPECT_EQ(stackAt, stacks.size()) << "the reader finds stacks the engine did not";
    EXPECT_EQ(pieceAt, pieces.size()) << "the reader finds pieces the engine did not";
    EXPECT_GT(checked, 100U);
    std::string shown;
    for (std::size_t i = 0; i < std::min<std::size_t>(wrong.size(), 12); ++i) {
        shown += wrong[i] + "\n";
    }
    EXPECT_TRUE(wrong.empty()) << wrong.size() << " of " << checked << " lines differ:\n" << shown;
}

INSTANTIATE_TEST_SUITE_P(EngineAnswers, Golden,
                         testing::Values("hex-flat-odd", "hex-flat-even", "hex-pointy-odd", "hex-pointy-even",
                                         "square-odd", "square-even", "first-bull-run", "shiloh", "antietam",
                                         "gettysburg", "mcphersons-ridge", "franklin"),
                         [](const auto& param) {
                             std::string name = param.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

// --- VASSAL's own writing ----------------------------------------------------------------------

struct RecordedTrait {
    std::string name, type, state;
};

// ../shared/vassal/reference/traits.txt: each trait's default as the engine writes it.
std::vector<RecordedTrait> recordedTraits() {
    std::vector<RecordedTrait> out;
    for (const std::string& line : linesOf(fileBytes(sharedVassal() / "reference" / "traits.txt"))) {
        if (line.starts_with("trait ")) {
            out.push_back({line.substr(6), "", ""});
        } else if (line.starts_with("  type  ") && !out.empty()) {
            out.back().type = line.substr(8);
        } else if (line.starts_with("  state ") && !out.empty()) {
            out.back().state = line.substr(8);
        }
    }
    return out;
}

TEST(VassalTraits, TheReaderKnowsEveryTraitTheEngineOffersInTheEnginesForm) {
    const auto recorded = recordedTraits();
    ASSERT_EQ(recorded.size(), 25U) << "../shared/vassal/reference/traits.txt is missing or changed";
    for (const RecordedTrait& r : recorded) {
        const VassalTraitInfo* info = vassalTraitOf(r.type);
        ASSERT_NE(info, nullptr) << r.name;
        EXPECT_EQ(info->className, r.name);
        EXPECT_EQ(info->defaultType, r.type) << r.name;
        EXPECT_EQ(info->defaultState, r.state) << r.name;
        const VassalTrait t{info, r.type, r.state};
        EXPECT_EQ(t.canonicalType(), r.type) << r.name << ": the default reads back as it was written";
        EXPECT_TRUE(t.formProblems().empty()) << r.name << ": " << t.formProblems().front();
    }
}

// The engine's own module with every component: its one prototype chains all 24 traits around a basic
// piece, each inner chain escaped one level deeper (up to 23 backslashes before a tab).
TEST(VassalTraits, TheEnginesPrototypeOfEveryTraitDecodesLevelByLevel) {
    const fs::path file = sharedVassal() / "reference" / "every-component.buildFile.xml";
    ASSERT_TRUE(fs::exists(file)) << file;
    auto module = readVassalBuildFile(fileBytes(file), file.string(), [](const std::string&) {
        return std::optional(std::pair{800, 600});
    });
    ASSERT_TRUE(module) << module.error().toString();
    ASSERT_EQ(module->prototypes.size(), 1U);
    const auto& prototype = module->prototypes.front();
    EXPECT_EQ(prototype.name, "Every trait");
    ASSERT_TRUE(prototype.piece) << prototype.piece.error();
    const auto recorded = recordedTraits();
    const auto& traits = prototype.piece->traits;
    ASSERT_EQ(traits.size(), 25U) << "24 traits (every one but UsePrototype) and the basic piece";
    std::set<std::string> seen;
    for (std::size_t i = 0; i + 1 < traits.size(); ++i) {
        const auto it = std::find_if(recorded.begin(), recorded.end(),
                                     [&](const RecordedTrait& r) { return r.type == traits[i].type; });
        ASSERT_NE(it, recorded.end()) << "trait " << i << " decoded as " << traits[i].type;
        EXPECT_EQ(traits[i].className(), it->name);
        EXPECT_EQ(traits[i].state, it->state) << it->name;
        seen.insert(it->name);
    }
    EXPECT_EQ(seen.size(), 24U) << "every trait once";
    EXPECT_FALSE(seen.contains("UsePrototype")) << "a prototype does not use another";
    EXPECT_EQ(traits.front().className(), "Comment") << "the outermost first";
    EXPECT_EQ(traits.back().className(), "BasicPiece");
    EXPECT_EQ(traits.back().state, "null;0;0;;0");
    EXPECT_TRUE(testing_support::pieceProblems(*module).empty())
        << testing_support::pieceProblems(*module).front();
    // The module's maps: a hex grid numbered with stagger, a stack on the grid and one placed by pixels.
    ASSERT_EQ(module->maps.size(), 1U);
    const VassalMap& map = module->maps.front();
    ASSERT_EQ(map.boards.size(), 1U);
    ASSERT_TRUE(map.boards.front().grid);
    EXPECT_EQ(map.boards.front().width, 800);
    EXPECT_TRUE(map.boards.front().grid->numbering->stagger);
    ASSERT_EQ(map.stacks.size(), 2U);
    EXPECT_EQ(*map.position(map.stacks[1]), (VassalPoint{210, 150}));
    EXPECT_EQ(map.stacks[0].slots.size(), 2U);
    EXPECT_EQ(map.stacks[0].slots[1].piece->name(), "Tank");
}

TEST(VassalTraits, APieceVassalWouldRefuseOrMisreadIsCalledSo) {
    EXPECT_FALSE(decodeVassalPiece("piece;;;a.png;A/null;0;0")) << "no AddPiece command";
    EXPECT_FALSE(decodeVassalPiece("+/null/piece;;;a.png;A")) << "no state";
    EXPECT_FALSE(decodeVassalPiece("+/null/rotate;six;;\tpiece;;;a.png;A/0\tnull;0;0"))
        << "no count of facings";
    EXPECT_FALSE(decodeVassalPiece("+/null/rotate;6\tpiece;;;a.png;A/0")) << "no state for the inner piece";
    EXPECT_FALSE(decodeVassalPiece("+/null/mark;side=Union/")) << "a chain that ends in a trait";
    EXPECT_FALSE(decodeVassalPiece("+/null/piece;;/null;0;0")) << "a basic piece without picture and name";

    auto unknown = decodeVassalPiece("+/null/bogus;1;2\tpiece;;;a.png;A/\tnull;0;0");
    ASSERT_TRUE(unknown) << "VASSAL builds a Marker for a trait it does not know, so the piece is made";
    EXPECT_EQ(unknown->traits.front().className(), "unknown");
    EXPECT_FALSE(unknown->traits.front().formProblems().empty());

    auto shortRotate =
        decodeVassalPiece("+/null/rotate;12;93,130;91,130;CW;CCW\tpiece;;;a.png;A/3\tnull;0;0");
    ASSERT_TRUE(shortRotate) << shortRotate.error();
    EXPECT_EQ(shortRotate->traits.front().canonicalType(), "rotate;12;93,130;91,130;CW;CCW;;;;;;;;true");
    EXPECT_EQ(shortRotate->traits.front().formProblems().size(), 1U) << "6 of 13 fields";

    auto badFlag = decodeVassalPiece("+/null/delete;Delete;maybe;\tpiece;;;a.png;A/\tnull;0;0");
    ASSERT_TRUE(badFlag);
    ASSERT_EQ(badFlag->traits.front().formProblems().size(), 1U);
    EXPECT_NE(badFlag->traits.front().formProblems().front().find("key stroke"), std::string::npos);

    auto oldKey = decodeVassalPiece("+/null/rotate;6;];[;R;L;;;;;;;;true\tpiece;;;a.png;A/0\tnull;0;0");
    ASSERT_TRUE(oldKey);
    EXPECT_EQ(oldKey->traits.front().canonicalType(), "rotate;6;93,130;91,130;R;L;;;;;;;;true")
        << "a one-character key is VASSAL's old form: its code with Ctrl";
    EXPECT_EQ(oldKey->name(), "A");
    EXPECT_EQ(oldKey->image(), "a.png");
}

// --- sequences -------------------------------------------------------------------------------------

TEST(VassalSequenceDecoder, ReadsBackWhatTheEncoderWrites) {
    const std::vector<std::vector<std::string>> cases{{"a", "b", "c"},    {"", "", ""},
                                                      {"1st; 2nd", "x;"}, {"\\odd", "ends\\"},
                                                      {"'quoted'", "'"},  {";", ";;", ""}};
    for (const auto& tokens : cases) {
        EXPECT_EQ(vassalTokens(vassalSequence(tokens, ';'), ';'), tokens) << vassalSequence(tokens, ';');
    }
}

TEST(VassalSequenceDecoder, HasVassalsQuirks) {
    EXPECT_EQ(vassalTokens("", ';'), std::vector<std::string>{""}) << "an empty rest is one empty token";
    EXPECT_EQ(vassalTokens("a;", ';'), (std::vector<std::string>{"a", ""}));
    EXPECT_EQ(vassalTokens("a\\;b;c", ';'), (std::vector<std::string>{"a;b", "c"}));
    EXPECT_EQ(vassalTokens("'x';'y", ';'), (std::vector<std::string>{"x", "'y"}));
    // A token that ends in a backslash must be quoted: unquoted, the delimiter after it is taken
    // for an escaped one, as VASSAL takes it.
    EXPECT_EQ(vassalTokens("a\\;b", ';'), std::vector<std::string>{"a;b"});
    VassalSequenceDecoder d("x", ';');
    EXPECT_EQ(d.next(), "x");
    EXPECT_FALSE(d.next().has_value()) << "nothing after the last token";
    EXPECT_EQ(d.next("fallback"), "fallback");
}

// --- grids -------------------------------------------------------------------------------------

TEST(VassalGridNumbering, NamesAsVassalDoes) {
    EXPECT_EQ(VassalGrid::numberName(1, 'N', 1), "01");
    EXPECT_EQ(VassalGrid::numberName(0, 'N', 1), "00");
    EXPECT_EQ(VassalGrid::numberName(123, 'N', 1), "123");
    EXPECT_EQ(VassalGrid::numberName(5, 'N', 2), "005");
    EXPECT_EQ(VassalGrid::numberName(-3, 'N', 1), "-03");
    EXPECT_EQ(VassalGrid::numberName(0, 'A', 0), "A");
    EXPECT_EQ(VassalGrid::numberName(27, 'A', 0), "BB") << "VASSAL doubles letters past Z";
}

// VASSAL floors a square grid's column but truncates its row toward zero, so a pixel up to a row above
// the first row's centre still names the first row (the goldens never look above a board's top edge).
TEST(VassalGridNumbering, ASquareGridTruncatesItsRowAndFloorsItsColumn) {
    VassalGrid g = VassalGrid::defaultSquare();
    g.x0 = g.y0 = 30;
    g.dx = g.dy = 60;
    g.numbering = VassalNumbering{};
    EXPECT_EQ(g.locationName({10, -40}), "0101") << "row: (int)(-70 / 60 + 0.5) is 0";
    EXPECT_EQ(g.locationName({-40, 10}), "0001") << "column: floor(-70 / 60 + 0.5) is -1";
}

// Descending numbering, letters, a separator, a location format with its own text, sideways hexes:
// every cell centre is named, and the name resolves back to that centre.
TEST(VassalGridNumbering, EveryNumberingResolvesACentreBackToItself) {
    for (const bool hex : {true, false}) {
        for (const bool sideways : {false, true}) {
            for (const bool descending : {false, true}) {
                VassalGrid g = hex ? VassalGrid::defaultHex() : VassalGrid::defaultSquare();
                g.sideways = hex && sideways;
                g.x0 = 40;
                g.y0 = 37;
                g.boardWidth = 900;
                g.boardHeight = 700;
                VassalNumbering n;
                n.hType = 'A';
                n.sep = "-";
                n.hDescend = descending;
                n.vDescend = descending;
                n.stagger = hex && !descending;
                n.locationFormat = "Hex $gridLocation$";
                g.numbering = n;
                for (int row = 0; row < 8; ++row) {
                    for (int col = 0; col < 10; ++col) {
                        const std::string name = "Hex " + VassalGrid::numberName(col + 1, 'A', 1) + "-" +
                                                 VassalGrid::numberName(row + 1, 'N', 1);
                        const auto centre = g.location(name);
                        ASSERT_TRUE(centre) << name << ": " << centre.error();
                        EXPECT_EQ(g.locationName(*centre), name)
                            << "hex " << hex << " sideways " << sideways << " descending " << descending;
                        EXPECT_EQ(g.snapToCentre({centre->x + 3, centre->y - 2}), *centre) << name;
                    }
                }
                EXPECT_FALSE(g.location("A-01")) << "the format's own text is part of a location";
            }
        }
    }
}

// --- archives ------------------------------------------------------------------------------------

class VassalArchive : public testing::Test {
  protected:
    // A zip of these entries (name, bytes).
    fs::path zipOf(const std::string& name, const std::vector<std::pair<std::string, std::string>>& entries) {
        return testing_support::writeZip(dir / name, entries);
    }
    testing_support::TemporaryFolder folder_{"vassal-reader"};
    const fs::path dir = folder_.path();
};

TEST_F(VassalArchive, TheHandWrittenExampleReads) {
    const fs::path vmod = sharedVassal() / "examples" / "minimal.vmod";
    ASSERT_TRUE(fs::exists(vmod)) << vmod;
    auto module = readVassalModule(vmod);
    ASSERT_TRUE(module) << module.error().toString();
    ASSERT_EQ(module->maps.size(), 1U);
    const VassalMap& map = module->maps.front();
    ASSERT_EQ(map.boards.size(), 1U);
    EXPECT_GT(map.boards.front().width, 0) << "the board's size from its picture in the archive";
    ASSERT_TRUE(map.boards.front().grid);
    EXPECT_EQ(map.stacks.size(), 2U);
    for (const VassalSetupStack& s : map.stacks) {
        const auto p = map.position(s);
        ASSERT_TRUE(p) << s.name << ": " << p.error();
        EXPECT_TRUE(p->x >= 0 && p->y >= 0 && p->x < map.boards.front().width &&
                    p->y < map.boards.front().height)
            << s.name;
    }
    EXPECT_TRUE(testing_support::pieceProblems(*module).empty());
}

TEST_F(VassalArchive, WhatIsNoModuleIsRefusedSayingWhy) {
    const fs::path text = dir / "notes.vmod";
    std::ofstream(text) << "not a zip";
    auto notZip = readVassalModule(text);
    ASSERT_FALSE(notZip);
    EXPECT_NE(notZip.error().toString().find("notes.vmod: not a VASSAL module: it does not open as a zip"),
              std::string::npos)
        << notZip.error().toString();

    auto noBuild = readVassalModule(zipOf("empty.vmod", {{"images/a.png", "x"}}));
    ASSERT_FALSE(noBuild);
    EXPECT_NE(noBuild.error().message.find("holds no buildFile.xml"), std::string::npos);

    EXPECT_FALSE(readVassalModule(dir / "absent.vmod"));

    auto broken =
        readVassalModule(zipOf("broken.vmod", {{"buildFile.xml", "<VASSAL.build.GameModule>\n<a>\n</b>"}}));
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().toString().find("broken.vmod/buildFile.xml:3:"), std::string::npos)
        << broken.error().toString();

    auto wrongRoot = readVassalModule(zipOf("root.vmod", {{"buildFile", "<scenario/>"}}));
    ASSERT_FALSE(wrongRoot);
    EXPECT_NE(wrongRoot.error().toString().find("root.vmod/buildFile:1:1: the root element is <scenario>"),
              std::string::npos)
        << wrongRoot.error().toString();

    auto badNumber = readVassalModule(zipOf(
        "number.vmod",
        {{"buildFile.xml", "<VASSAL.build.GameModule>\n<VASSAL.build.module.Map mapName='M'>\n"
                           "<VASSAL.build.module.map.boardPicker.Board name='B' width='100' height='100'>\n"
                           "<VASSAL.build.module.map.boardPicker.board.HexGrid dx='wide'/>\n"
                           "</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.Map>"
                           "</VASSAL.build.GameModule>"}}));
    ASSERT_FALSE(badNumber);
    EXPECT_NE(badNumber.error().toString().find(":4:1: HexGrid dx 'wide' is not a number VASSAL reads"),
              std::string::npos)
        << badNumber.error().toString();
}

// A build file that inflates past its limit is refused after reading the limit, whatever size the
// archive states; entries that climb out of the archive and a missing board picture are reported.
TEST_F(VassalArchive, AnInflatingBuildFileIsCutAtItsLimitAndOddEntriesAreReported) {
    std::string huge = "<VASSAL.build.GameModule>";
    huge.resize(static_cast<std::size_t>(limits::maxVassalBuildFileBytes) + 10, ' ');
    auto bomb = readVassalModule(zipOf("bomb.vmod", {{"buildFile.xml", huge}}));
    ASSERT_FALSE(bomb);
    EXPECT_NE(bomb.error().message.find("larger than 64 MiB uncompressed"), std::string::npos)
        << bomb.error().message;

    auto odd = readVassalModule(
        zipOf("odd.vmod",
              {{"buildFile.xml", "<VASSAL.build.GameModule><VASSAL.build.module.Map mapName='M'>"
                                 "<VASSAL.build.module.map.boardPicker.Board name='B' image='gone.png'/>"
                                 "</VASSAL.build.module.Map></VASSAL.build.GameModule>"},
               {"../../evil.txt", "x"},
               {"/etc/passwd", "x"}}));
    ASSERT_TRUE(odd) << odd.error().toString();
    ASSERT_EQ(odd->notes.size(), 3U);
    EXPECT_NE(odd->notes[0].find("'../../evil.txt' names a place outside the archive"), std::string::npos);
    EXPECT_NE(odd->notes[2].find("images/gone.png is not in the module"), std::string::npos) << odd->notes[2];
    EXPECT_EQ(odd->maps.front().boards.front().width, 0);
}

} // namespace
} // namespace sandtable
