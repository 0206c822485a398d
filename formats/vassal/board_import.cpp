#include "formats/vassal/board_import.hpp"

#include "formats/picture_size.hpp"
#include "formats/vassal/board_cells.hpp"
#include "formats/vassal/sequence.hpp"
#include "model/battle.hpp"
#include "model/file_names.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <regex>
#include <set>

namespace sandtable {
namespace {

// The side a word in a name says: Union, Federal, USA, Yankee; Confederate, Rebel, CSA.
std::optional<Side> sideInText(std::string text) {
    std::ranges::transform(text, text.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Not "north" or "south": "6th North Carolina" fought for the Confederacy.
    static const std::regex unionWords(R"((^|[^a-z])(union|federal|federals|usa|yankee|yankees)([^a-z]|$))");
    static const std::regex rebelWords(R"((^|[^a-z])(confederate|confederates|csa|rebel|rebels)([^a-z]|$))");
    const bool u = std::regex_search(text, unionWords), c = std::regex_search(text, rebelWords);
    if (u == c) {
        return std::nullopt;
    }
    return u ? Side::Union : Side::Confederate;
}

// What a piece's traits say of its side: its prototypes' names and its markers' values.
std::optional<Side> sideInTraits(const VassalPiece& piece) {
    for (const VassalTrait& t : piece.traits) {
        const std::string_view type = t.type;
        if (type.starts_with("prototype;") || type.starts_with("mark;")) {
            const std::string text = std::string(type.substr(type.find(';') + 1)) + " " + t.state;
            if (auto side = sideInText(text)) {
                return side;
            }
        }
    }
    return std::nullopt;
}

// The facing a piece's rotation trait turns it to: VASSAL's step i of N turns the picture i steps
// counterclockwise from north (a free rotation, N = 1, holds the angle itself); the side or corner
// of the cell nearest that direction, within half a step.
std::optional<Facing> facingOf(const VassalPiece& piece, const Grid& grid) {
    for (const VassalTrait& t : piece.traits) {
        if (!std::string_view(t.type).starts_with("rotate;")) {
            continue;
        }
        const auto type = vassalTokens(std::string_view(t.type).substr(7), ';');
        const auto state = vassalTokens(t.state, ';');
        if (type.empty() || state.empty()) {
            return std::nullopt;
        }
        char* end = nullptr;
        const long steps = std::strtol(type[0].c_str(), &end, 10);
        const double value = std::strtod(state[0].c_str(), nullptr);
        if (steps < 1 || steps > 360 || !std::isfinite(value)) {
            return std::nullopt;
        }
        const double counterclockwise = steps == 1 ? value : value * 360.0 / static_cast<double>(steps);
        const double screen = -counterclockwise - 90.0; // clockwise from east, as Layout measures
        const Layout layout(grid, 1.0);
        std::optional<Facing> best;
        double bestGap = steps == 1 ? 180.0 : 180.0 / static_cast<double>(steps) + 1e-6;
        for (const FacingKind kind : {FacingKind::Side, FacingKind::Corner}) {
            for (int i = 0; i < grid.sideCount(); ++i) {
                const double angle = kind == FacingKind::Side ? layout.sideAngle(i) : layout.cornerAngle(i);
                const double gap = std::abs(std::remainder(angle - screen, 360.0));
                if (gap < bestGap) {
                    bestGap = gap;
                    best = Facing{kind, static_cast<std::uint8_t>(i)};
                }
            }
        }
        return best;
    }
    return std::nullopt;
}

// A piece as Sandtable names its units in a module: "#12 1st Minnesota (610 men, 2 stands)".
struct PieceName {
    std::string name;
    int roster = 0;
    std::optional<int> strength, stands;
    bool guns = false;
};

PieceName parsePieceName(const std::string& text) {
    static const std::regex strengthPart(
        R"(^(#(\d+) )?(.*) \((\d+) (men|guns), (\d+) stands?( after losses)?\)$)");
    std::smatch m;
    PieceName out;
    if (std::regex_match(text, m, strengthPart)) {
        out.name = m[3];
        if (m[2].matched) {
            out.roster = std::stoi(m[2]);
        }
        long strength = std::strtol(m[4].str().c_str(), nullptr, 10),
             stands = std::strtol(m[6].str().c_str(), nullptr, 10);
        if (limits::strength.allows(strength)) {
            out.strength = static_cast<int>(strength);
        }
        if (limits::stands.allows(stands)) {
            out.stands = static_cast<int>(stands);
        }
        out.guns = m[5] == "guns";
    } else {
        out.name = text;
    }
    out.name = importedName(out.name, limits::maxNameBytes);
    return out;
}

// A piece placed by the module: at a cell of the board, or waiting for a turn.
struct PlacedPiece {
    const VassalPiece* piece = nullptr;
    std::string key; // the same piece in another set-up: its picture and name
    std::optional<Offset> cell;
    std::optional<int> turn;
    std::optional<Offset> entry;
};

struct ScenarioPieces {
    std::string title;
    std::vector<PlacedPiece> pieces;
};

class VassalImport {
  public:
    VassalImport(const std::filesystem::path& vmod, const VassalImportOptions& options)
        : vmod_(vmod), options_(options), where_(utf8(vmod)) {}

    std::expected<ImportResult, std::string> run() {
        auto module = readVassalModule(vmod_);
        if (!module) {
            return std::unexpected(module.error().toString());
        }
        module_ = std::move(*module);
        auto chosen = chooseBoard();
        if (!chosen) {
            return std::unexpected(chosen.error());
        }
        const auto [map, board] = *chosen;
        map_ = map;
        board_ = board;
        if (board->width <= 0 || board->height <= 0) {
            return std::unexpected(
                where_ + ": board '" + board->name +
                "' has no size: its picture is missing or unreadable and it states no width and height");
        }
        cells_ = VassalBoardCells(*board->grid, board->width, board->height);
        if (auto measured = cells_.measure(board->name); !measured) {
            return std::unexpected(where_ + ": " + measured.error());
        }
        Scenario& s = result_.battle;
        s.map = Map::blank(cells_.grid(), defaultTerrainTypes());
        s.info.title =
            importedName(module_.name.empty() ? utf8(vmod_.stem()) : module_.name, limits::maxNameBytes);
        if (s.info.title.find_first_not_of(' ') == std::string::npos) {
            s.info.title = "Imported module"; // a battle's title is never empty
        }
        s.info.ruleset = cells_.grid().isHex() ? "hexed-general" : "acw-area";
        result_.report.source = "VASSAL module '" + module_.name + "', board '" + board->name + "' of map '" +
                                map->name + "': " + gridWords();
        result_.report.cells = static_cast<long>(cells_.grid().cellCount());
        chooseLabels();
        if (board->grid->edgesLegal || board->grid->cornersLegal) {
            result_.report.notes.push_back(
                where_ + ": in VASSAL pieces may also stand on this grid's cell " +
                (board->grid->edgesLegal ? std::string("sides") : std::string("")) +
                (board->grid->edgesLegal && board->grid->cornersLegal ? " and " : "") +
                (board->grid->cornersLegal ? "corners" : "") + "; here each stands in the cell nearest it");
        }
        if (auto pictured = background(); !pictured) {
            return std::unexpected(pictured.error());
        }
        if (auto placed = deploy(); !placed) {
            return std::unexpected(placed.error());
        }
        for (const std::string& n : module_.notes) {
            result_.report.notes.push_back(n);
        }
        return std::move(result_);
    }

  private:
    std::string gridWords() const {
        const Grid& g = cells_.grid();
        std::string shape = g.shape() == GridShape::Square    ? "square grid"
                            : g.shape() == GridShape::HexFlat ? "hex grid, flat tops"
                                                              : "hex grid, pointy tops (sideways)";
        if (g.isHex()) {
            shape += std::string(", ") + (g.parity() == OffsetParity::Odd ? "odd" : "even") +
                     (g.shape() == GridShape::HexFlat ? " columns" : " rows") + " shifted";
        }
        return shape + ", " + std::to_string(g.cols()) + " x " + std::to_string(g.rows()) + " cells";
    }

    std::expected<std::pair<const VassalMap*, const VassalBoard*>, std::string> chooseBoard() {
        std::vector<std::pair<const VassalMap*, const VassalBoard*>> all, gridded;
        for (const VassalMap& m : module_.maps) {
            for (const VassalBoard& b : m.boards) {
                all.emplace_back(&m, &b);
                if (b.grid) {
                    gridded.emplace_back(&m, &b);
                }
            }
        }
        auto names = [&](const auto& list) {
            std::string text;
            for (const auto& [m, b] : list) {
                text += (text.empty() ? "" : ", ") + ("'" + m->name + "/" + b->name + "'");
            }
            return text.empty() ? std::string("none") : text;
        };
        if (!options_.board.empty()) {
            for (const auto& [m, b] : all) {
                if (b->name == options_.board || m->name + "/" + b->name == options_.board) {
                    if (!b->grid) {
                        return std::unexpected(where_ + ": board '" + b->name +
                                               "' has no hex or square grid Sandtable can represent" +
                                               gridNotes(*b));
                    }
                    return std::pair{m, b};
                }
            }
            return std::unexpected(where_ + ": no board '" + options_.board + "'; its boards are " +
                                   names(all));
        }
        if (gridded.empty()) {
            std::string why;
            for (const auto& [m, b] : all) {
                why += gridNotes(*b);
            }
            return std::unexpected(where_ +
                                   ": no board has a hex or square grid Sandtable can represent (boards: " +
                                   names(all) + ")" + why);
        }
        if (gridded.size() > 1) {
            result_.report.notes.push_back(where_ + ": the module has " + std::to_string(gridded.size()) +
                                           " boards with a grid (" + names(gridded) +
                                           "); imported the first, '" + gridded.front().second->name +
                                           "' (choose another with --board)");
        }
        return gridded.front();
    }

    std::string gridNotes(const VassalBoard& b) const {
        std::string text;
        for (const std::string& n : module_.notes) {
            if (n.find(b.name) != std::string::npos) {
                text += "; " + n;
            }
        }
        return text;
    }

    // Sandtable labels cells CCRR from 0 or 1; the module's numbering agrees, or the report says so.
    void chooseLabels() {
        const VassalGrid& g = *board_->grid;
        if (!g.numbering) {
            result_.report.notes.push_back(where_ + ": board '" + board_->name +
                                           "' numbers no cells; Sandtable labels them CCRR from 0101");
            return;
        }
        // Cells sampled over the whole map (every cell of a small one): enough to tell the numbering.
        const Grid& grid = cells_.grid();
        std::vector<std::pair<Offset, VassalPoint>> sample;
        const int colStep = std::max(1, grid.cols() / 40), rowStep = std::max(1, grid.rows() / 40);
        for (int col = 0; col < grid.cols(); col += colStep) {
            for (int row = 0; row < grid.rows(); row += rowStep) {
                for (const Offset c : {Offset{col, row}, Offset{std::min(col + 1, grid.cols() - 1), row}}) {
                    if (auto centre = cells_.centre(c)) {
                        sample.emplace_back(c, *centre);
                    }
                }
            }
        }
        for (int base : {1, 0}) {
            Grid::Parameters p = grid.parameters();
            p.labelBase = base;
            const Grid candidate(p);
            const bool agrees = !sample.empty() && std::ranges::all_of(sample, [&](const auto& cellCentre) {
                return g.locationName(cellCentre.second) == candidate.label(cellCentre.first);
            });
            if (agrees) {
                cells_.setGrid(candidate);
                result_.battle.map.grid = candidate;
                return;
            }
        }
        if (sample.empty()) {
            return;
        }
        Grid::Parameters one = grid.parameters();
        one.labelBase = 1;
        const Grid fromOne(one);
        const auto differs = std::ranges::find_if(sample, [&](const auto& cellCentre) {
            return g.locationName(cellCentre.second) != fromOne.label(cellCentre.first);
        });
        const auto& [cell, centre] = differs == sample.end() ? sample.front() : *differs;
        result_.report.notes.push_back(
            where_ + ": the module names the cell at " + std::to_string(centre.x) + "," +
            std::to_string(centre.y) + " '" + g.locationName(centre).value_or("") +
            "', which Sandtable's CCRR labels cannot say; it is " + grid.label(cell) + " in the new map");
    }

    std::expected<void, std::string> background() {
        Map& map = result_.battle.map;
        if (board_->image.empty()) {
            result_.report.notes.push_back(where_ + ": board '" + board_->name +
                                           "' has no picture; no background");
            return {};
        }
        const std::string entry = "images/" + board_->image;
        auto entries = readVassalModuleEntries(vmod_, {entry}, limits::maxVassalBoardPictureBytes);
        if (!entries) {
            return std::unexpected(entries.error().toString());
        }
        auto& bytes = entries->at(entry);
        if (!bytes) {
            result_.report.notes.push_back(where_ + ": board '" + board_->name + "': " + bytes.error() +
                                           "; no background");
            return {};
        }
        const auto size = pictureSize(*bytes);
        if (!size) {
            result_.report.notes.push_back(where_ + ": board '" + board_->name + "': '" + entry +
                                           "' is not a PNG, JPEG or GIF picture; no background");
            return {};
        }
        if (static_cast<long long>(size->width) * size->height > limits::maxPicturePixels) {
            return std::unexpected(where_ + ": board '" + board_->name + "': its picture is " +
                                   std::to_string(size->width) + " x " + std::to_string(size->height) +
                                   " pixels, more than the " +
                                   limits::formatNumber(limits::maxPicturePixels) + " Sandtable shows");
        }
        // The picture's name keeps its own extension: a JPEG stays a JPEG.
        std::string name = options_.pictureName;
        const std::string extension = std::filesystem::path(board_->image).extension().string();
        if (!extension.empty() && std::filesystem::path(name).extension().string() != extension) {
            name = std::filesystem::path(name).replace_extension(extension).string();
        }
        result_.files.push_back({name, std::move(*bytes)});
        // Aligned by the centres of the cells at the corners and the middle of the map.
        const Layout cells(cells_.grid(), 1.0);
        std::vector<ControlPoint> points;
        const Grid& grid = cells_.grid();
        for (const Offset c :
             {Offset{0, 0}, Offset{grid.cols() - 1, 0}, Offset{0, grid.rows() - 1},
              Offset{grid.cols() - 1, grid.rows() - 1}, Offset{grid.cols() / 2, grid.rows() / 2},
              Offset{1, 1}, Offset{0, 1}, Offset{1, 0}}) {
            const auto centre = cells_.centre(c);
            if (!grid.contains(c) || !centre || std::ranges::any_of(points, [&](const ControlPoint& p) {
                    return p.px == centre->x && p.py == centre->y;
                })) {
                continue;
            }
            const Point at = cells.cellCenter(c);
            points.push_back({static_cast<double>(centre->x), static_cast<double>(centre->y), at.x, at.y});
        }
        BackgroundImage image;
        image.file = name;
        // Over the cells, as every background: strong enough to read the board, faint enough that
        // the terrain painted over it shows (Map > Background opacity changes it).
        image.opacity = 0.6;
        auto aligned = image.alignedByPoints(points);
        if (!aligned) {
            // A board of one row or column: scale and origin from its first cell and the cell size.
            const Point at = cells.cellCenter({0, 0});
            const VassalPoint centre = cells_.centre({0, 0}).value_or(VassalPoint{});
            image.unitsPerPixel = 1.0 / board_->grid->dy;
            image.originX = at.x - centre.x * image.unitsPerPixel;
            image.originY = at.y - centre.y * image.unitsPerPixel;
            map.background = image;
        } else {
            map.background = aligned->first;
        }
        return {};
    }

    // The pieces of the module's start (its at-start stacks) or of each predefined set-up.
    std::expected<void, std::string> deploy() {
        std::vector<ScenarioPieces> scenarios;
        ScenarioPieces start{result_.battle.info.title, {}};
        for (const VassalMap& m : module_.maps) {
            for (const VassalSetupStack& stack : m.stacks) {
                const auto position = m.position(stack);
                for (const VassalPieceSlot& slot : stack.slots) {
                    if (!slot.piece) {
                        result_.report.notes.push_back(where_ + ": piece '" + slot.entryName +
                                                       "' does not decode (" + slot.piece.error() +
                                                       "): skipped");
                        continue;
                    }
                    PlacedPiece placed{&*slot.piece, keyOf(*slot.piece), std::nullopt, std::nullopt,
                                       std::nullopt};
                    if (&m == map_ && m.boardOf(stack) == board_ && position) {
                        placed.cell = cells_.nearest(*position);
                    } else {
                        waiting(placed, stack.name);
                    }
                    if (!placed.cell && !placed.turn) {
                        ++unplaced_;
                    }
                    start.pieces.push_back(placed);
                }
            }
        }
        if (!start.pieces.empty()) {
            scenarios.push_back(std::move(start));
        }
        for (const VassalPredefinedSetup& setup : module_.setups) {
            if (!setup.game) {
                continue;
            }
            if (!*setup.game) {
                result_.report.notes.push_back(where_ + ": set-up '" + setup.name +
                                               "': " + setup.game->error());
                continue;
            }
            const VassalSavedGame& game = **setup.game;
            ScenarioPieces pieces{setup.name, {}};
            static const std::regex numbered(R"(^\d+\. (.*)$)");
            if (std::smatch m; std::regex_match(setup.name, m, numbered)) {
                pieces.title = m[1];
            }
            pieces.title = importedName(pieces.title, limits::maxNameBytes);
            for (const VassalSavedStack& stack : game.stacks) {
                for (const std::string& id : stack.pieceIds) {
                    const VassalSavedPiece* p = game.piece(id);
                    if (p == nullptr) {
                        continue;
                    }
                    PlacedPiece placed{&p->piece, keyOf(p->piece), std::nullopt, std::nullopt, std::nullopt};
                    if (stack.map == map_->name) {
                        placed.cell = cells_.nearest({stack.x, stack.y});
                    }
                    if (!placed.cell) {
                        ++unplaced_;
                    }
                    pieces.pieces.push_back(placed);
                }
            }
            scenarios.push_back(std::move(pieces));
        }
        if (unplaced_ > 0) {
            result_.report.notes.push_back(where_ + ": " + std::to_string(unplaced_) +
                                           " pieces stand off the board or wait on another map with no turn "
                                           "stated: they are in the order of "
                                           "battle, not deployed");
        }
        if (scenarios.empty()) {
            result_.report.notes.push_back(where_ +
                                           ": no at-start stacks and no set-ups: no pieces to deploy");
            return {};
        }
        return buildBattle(scenarios);
    }

    // A stack on another map whose name says when it comes: "Turn 3 at 0512".
    void waiting(PlacedPiece& placed, const std::string& stackName) {
        static const std::regex turnAt(R"(^[Tt]urn (\d+)(?: at (\S+))?)");
        std::smatch m;
        if (!std::regex_search(stackName, m, turnAt)) {
            return;
        }
        const long turn = std::strtol(m[1].str().c_str(), nullptr, 10);
        if (!limits::turns.allows(turn)) {
            return;
        }
        placed.turn = static_cast<int>(turn);
        if (m[2].matched) {
            placed.entry = cells_.grid().parseLabel(m[2].str());
        }
    }

    static std::string keyOf(const VassalPiece& piece) {
        return piece.image() + "\n" + parsePieceName(piece.name()).name;
    }

    // What the pieces' words say of their side, else their counters' colours: the pictures of
    // every piece whose words say nothing, read from the archive in one pass.
    void readSides(const std::vector<ScenarioPieces>& scenarios) {
        std::set<std::string> pictures;
        for (const ScenarioPieces& sc : scenarios) {
            for (const PlacedPiece& p : sc.pieces) {
                if (!sidesByKey_.contains(p.key)) {
                    std::optional<Side> side = sideInTraits(*p.piece);
                    side = side ? side : sideInText(p.piece->name());
                    sidesByKey_.emplace(p.key, side);
                    if (!side && options_.sideOfPicture && !p.piece->image().empty()) {
                        pictures.insert("images/" + p.piece->image());
                    }
                }
            }
        }
        if (pictures.empty()) {
            return;
        }
        auto entries = readVassalModuleEntries(vmod_, {pictures.begin(), pictures.end()},
                                               limits::maxVassalPictureHeaderBytes * 8);
        if (!entries) {
            return;
        }
        for (const auto& [entry, bytes] : *entries) {
            if (!bytes) {
                continue;
            }
            if (auto size = pictureSize(*bytes); size && size->width <= 4096 && size->height <= 4096) {
                pictureSides_.emplace(entry.substr(std::string_view("images/").size()),
                                      options_.sideOfPicture(*bytes));
            }
        }
    }

    std::optional<Side> sideOf(const PlacedPiece& p) const {
        if (auto known = sidesByKey_.at(p.key)) {
            return known;
        }
        auto it = pictureSides_.find(p.piece->image());
        return it == pictureSides_.end() ? std::nullopt : it->second;
    }

    std::expected<void, std::string> buildBattle(const std::vector<ScenarioPieces>& scenarios) {
        Scenario& s = result_.battle;
        // The same piece in several set-ups is one unit: its n-th copy in any set-up the same.
        std::map<std::string, std::vector<UnitId>> unitsOf;
        readSides(scenarios);
        std::map<std::optional<Side>, HeadquartersId> armies;
        std::uint32_t nextHq = 1, nextUnit = 1;
        auto armyOf = [&](std::optional<Side> side) {
            auto it = armies.find(side);
            if (it != armies.end()) {
                return it->second;
            }
            Headquarters hq;
            hq.side = side.value_or(Side::Union);
            hq.echelon = Echelon::Army;
            hq.name = side ? std::string(s.info.sideNames[sideIndex(*side)]) + " forces (imported)"
                           : std::string("Side not known: move these units to their side");
            const HeadquartersId id{nextHq++};
            s.oob.headquarters.emplace(id, hq);
            return armies.emplace(side, id).first->second;
        };
        // Each key's units, made from its first copy's picture and name; strength the largest seen.
        for (const ScenarioPieces& sc : scenarios) {
            std::map<std::string, int> here;
            for (const PlacedPiece& p : sc.pieces) {
                std::vector<UnitId>& units = unitsOf[p.key];
                const int copy = here[p.key]++;
                const PieceName name = parsePieceName(p.piece->name());
                if (copy >= static_cast<int>(units.size())) {
                    const std::optional<Side> side = sideOf(p);
                    ++result_.report.piecesBySide[side ? s.info.sideNames[sideIndex(*side)]
                                                       : std::string("side not known")];
                    Unit u;
                    u.parent = armyOf(side);
                    u.name = name.name.empty() ? "Piece " + std::to_string(nextUnit) : name.name;
                    u.roster = name.roster;
                    u.arm = name.guns ? Arm::Artillery : Arm::Infantry;
                    u.gun = name.guns ? Gun::Mixed : Gun::None;
                    u.weapon = name.guns ? Weapon::None : Weapon::RifleMusket;
                    u.stands = name.stands.value_or(1);
                    u.strength = name.strength.value_or(0);
                    const UnitId id{nextUnit++};
                    s.oob.units.emplace(id, u);
                    units.push_back(id);
                } else {
                    Unit& u = s.oob.units.at(units[static_cast<std::size_t>(copy)]);
                    u.stands = std::max(u.stands, name.stands.value_or(1));
                    u.strength = std::max(u.strength, name.strength.value_or(0));
                }
            }
        }
        std::vector<ScenarioStart> starts;
        std::set<std::string> titles;
        for (const ScenarioPieces& sc : scenarios) {
            ScenarioStart start;
            start.info = s.info;
            start.info.title = sc.title.find_first_not_of(' ') == std::string::npos ? s.info.title : sc.title;
            for (int n = 2; !titles.insert(start.info.title).second; ++n) {
                start.info.title = sc.title + " (" + std::to_string(n) + ")";
            }
            std::map<std::string, int> here;
            for (const PlacedPiece& p : sc.pieces) {
                const UnitId id = unitsOf[p.key][static_cast<std::size_t>(here[p.key]++)];
                const Unit& u = s.oob.units.at(id);
                const PieceName name = parsePieceName(p.piece->name());
                StrengthNow now;
                if (name.stands && *name.stands < u.stands) {
                    now.stands = name.stands;
                }
                if (name.strength && *name.strength < u.strength) {
                    now.strength = name.strength;
                }
                const PieceRef ref{PieceKind::Unit, id.value};
                if (p.cell) {
                    start.deployment.placements[ref] =
                        Placement{{*p.cell}, facingOf(*p.piece, cells_.grid()), now};
                } else if (p.turn) {
                    if (!p.entry || !cells_.grid().contains(*p.entry)) {
                        result_.report.notes.push_back(
                            where_ + ": '" + u.name + "' comes on turn " + std::to_string(*p.turn) +
                            " at no cell of the map the stack names: entry set to " +
                            cells_.grid().label({0, 0}) + "; move it");
                    }
                    const Offset entry =
                        p.entry && cells_.grid().contains(*p.entry) ? *p.entry : Offset{0, 0};
                    start.deployment.reinforcements[ref] = Reinforcement{*p.turn, entry, "", now};
                    ++result_.report.reinforcements;
                }
            }
            starts.push_back(std::move(start));
        }
        result_.report.scenarios = static_cast<int>(starts.size());
        result_.report.notes.push_back(
            "every piece is a unit under one army per side (a module says nothing of the command structure): "
            "name the armies' generals, build corps, divisions and brigades in the Order of battle panel, "
            "and give pieces that did not turn in VASSAL their facing");
        putStarts(s, std::move(starts), 0);
        return {};
    }

    std::filesystem::path vmod_;
    const VassalImportOptions& options_;
    std::string where_;
    VassalModule module_;
    const VassalMap* map_ = nullptr;
    const VassalBoard* board_ = nullptr;
    VassalBoardCells cells_;
    ImportResult result_;
    int unplaced_ = 0;
    std::map<std::string, std::optional<Side>> sidesByKey_;   // by the pieces' words
    std::map<std::string, std::optional<Side>> pictureSides_; // by picture, where the words say nothing
};

} // namespace

std::expected<ImportResult, std::string> importVassalModule(const std::filesystem::path& vmod,
                                                            const VassalImportOptions& options) {
    return VassalImport(vmod, options).run();
}

} // namespace sandtable
