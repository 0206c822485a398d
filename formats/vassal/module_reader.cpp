#include "formats/vassal/module_reader.hpp"

#include "formats/load_error.hpp"
#include "formats/picture_size.hpp"
#include "formats/vassal/zip_handles.hpp"
#include "model/file_names.hpp"
#include "model/limits.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <set>

namespace sandtable {
namespace {

constexpr std::string_view gameModule = "VASSAL.build.GameModule";
const std::set<std::string_view> mapElements{"VASSAL.build.module.Map", "VASSAL.build.module.PrivateMap",
                                             "VASSAL.build.module.PlayerHand"};
constexpr std::string_view boardElement = "VASSAL.build.module.map.boardPicker.Board";
constexpr std::string_view hexGridElement = "VASSAL.build.module.map.boardPicker.board.HexGrid";
constexpr std::string_view squareGridElement = "VASSAL.build.module.map.boardPicker.board.SquareGrid";
constexpr std::string_view zonedGridElement = "VASSAL.build.module.map.boardPicker.board.ZonedGrid";
constexpr std::string_view regionGridElement = "VASSAL.build.module.map.boardPicker.board.RegionGrid";
constexpr std::string_view hexNumberingElement =
    "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";
constexpr std::string_view squareNumberingElement =
    "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering";
constexpr std::string_view setupStackElement = "VASSAL.build.module.map.SetupStack";
const std::set<std::string_view> slotElements{"VASSAL.build.widget.PieceSlot",
                                              "VASSAL.build.widget.CardSlot"};
constexpr std::string_view pieceWindowElement = "VASSAL.build.module.PieceWindow";
constexpr std::string_view prototypeElement = "VASSAL.build.module.PrototypeDefinition";
constexpr std::string_view predefinedSetupElement = "VASSAL.build.module.PredefinedSetup";

// A problem at an element of the build file; caught at the top and turned into a LoadError.
struct Failure {
    std::ptrdiff_t offset;
    std::string message;
};

class BuildFileReader {
  public:
    BuildFileReader(std::string_view xml, const std::string& file, const VassalPictureSizes& pictures)
        : xml_(xml), lines_(xml), file_(file), pictures_(pictures) {}

    std::expected<VassalModule, LoadError> read() {
        pugi::xml_document doc;
        const pugi::xml_parse_result parsed =
            doc.load_buffer(xml_.data(), xml_.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!parsed) {
            return std::unexpected(
                errorAt(parsed.offset, std::string("not well-formed XML: ") + parsed.description()));
        }
        try {
            const pugi::xml_node root = doc.document_element();
            if (std::string_view(root.name()) != gameModule) {
                throw Failure{root.offset_debug() - 1, "the root element is <" + std::string(root.name()) +
                                                           ">, not VASSAL's <" + std::string(gameModule) +
                                                           ">"};
            }
            module_.name = root.attribute("name").value();
            module_.version = root.attribute("version").value();
            module_.vassalVersion = root.attribute("VassalVersion").value();
            module_.description = root.attribute("description").value();
            walk(root);
            return std::move(module_);
        } catch (const Failure& f) {
            return std::unexpected(errorAt(f.offset, f.message));
        }
    }

  private:
    int lineOf(std::ptrdiff_t offset) const { return lines_.lineAt(offset); }

    LoadError errorAt(std::ptrdiff_t offset, std::string message) const {
        return LoadError::at(file_, xml_, offset, std::move(message));
    }

    void note(pugi::xml_node n, const std::string& text) {
        module_.notes.push_back(file_ + ":" + std::to_string(lineOf(n.offset_debug() - 1)) + ": " + text);
    }

    static std::string shortName(pugi::xml_node n) {
        const std::string_view name = n.name();
        const auto dot = name.rfind('.');
        return std::string(dot == std::string_view::npos ? name : name.substr(dot + 1));
    }

    // Java's Integer.valueOf: an optional sign and decimal digits, within int's range.
    int integer(pugi::xml_node n, const char* attribute, int fallback) const {
        const pugi::xml_attribute a = n.attribute(attribute);
        if (!a) {
            return fallback;
        }
        std::string_view text = a.value();
        if (text.starts_with('+')) {
            text.remove_prefix(1);
        }
        int v = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
            throw Failure{n.offset_debug() - 1, shortName(n) + " " + attribute + " '" + a.value() +
                                                    "' is not a whole number VASSAL reads"};
        }
        return v;
    }

    // Java's Double.valueOf, less NaN and the infinities, which no grid can use.
    double real(pugi::xml_node n, const char* attribute, double fallback) const {
        const pugi::xml_attribute a = n.attribute(attribute);
        if (!a) {
            return fallback;
        }
        const std::string text = a.value();
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v)) {
            throw Failure{n.offset_debug() - 1,
                          shortName(n) + " " + attribute + " '" + text + "' is not a number VASSAL reads"};
        }
        return v;
    }

    // Java's Boolean.valueOf: "true" in any case is true, anything else false.
    static bool flag(pugi::xml_node n, const char* attribute, bool fallback) {
        const pugi::xml_attribute a = n.attribute(attribute);
        if (!a) {
            return fallback;
        }
        std::string v = a.value();
        std::transform(v.begin(), v.end(), v.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return v == "true";
    }

    static char letter(pugi::xml_node n, const char* attribute, char fallback) {
        const std::string_view v = n.attribute(attribute).value();
        return v.empty() ? fallback : v.front();
    }

    VassalNumbering numbering(pugi::xml_node n) const {
        VassalNumbering out;
        out.first = letter(n, "first", out.first);
        out.sep = n.attribute("sep").as_string(out.sep.c_str());
        out.hType = letter(n, "hType", out.hType);
        out.vType = letter(n, "vType", out.vType);
        out.hLeading = integer(n, "hLeading", out.hLeading);
        out.vLeading = integer(n, "vLeading", out.vLeading);
        out.hOff = integer(n, "hOff", out.hOff);
        out.vOff = integer(n, "vOff", out.vOff);
        out.hDescend = flag(n, "hDescend", out.hDescend);
        out.vDescend = flag(n, "vDescend", out.vDescend);
        out.stagger = flag(n, "stagger", out.stagger);
        out.locationFormat = n.attribute("locationFormat").as_string(out.locationFormat.c_str());
        if (out.hLeading < 0 || out.hLeading > 9 || out.vLeading < 0 || out.vLeading > 9) {
            throw Failure{n.offset_debug() - 1, "the numbering's leading zeros must be from 0 to 9"};
        }
        return out;
    }

    std::optional<VassalGrid> grid(pugi::xml_node n) {
        const std::string_view name = n.name();
        const bool hex = name == hexGridElement;
        VassalGrid g = hex ? VassalGrid::defaultHex() : VassalGrid::defaultSquare();
        g.x0 = integer(n, "x0", g.x0);
        g.y0 = integer(n, "y0", g.y0);
        g.dy = real(n, "dy", g.dy);
        // A hex grid given only its height takes a regular hexagon's width.
        g.dx = real(n, "dx", hex && n.attribute("dy") ? std::sqrt(3.0) / 2 * g.dy : g.dx);
        g.sideways = hex && flag(n, "sideways", false);
        g.snapTo = flag(n, "snapTo", true);
        g.edgesLegal = flag(n, "edgesLegal", false);
        g.cornersLegal = flag(n, "cornersLegal", false);
        g.snapScale = integer(n, "snapScale", 0);
        if (!(g.dx > 0.5 && g.dy > 0.5 && g.dx < 1e6 && g.dy < 1e6)) {
            throw Failure{n.offset_debug() - 1,
                          shortName(n) + "'s cells must be from 0.5 to 1,000,000 pixels (dx " +
                              std::to_string(g.dx) + ", dy " + std::to_string(g.dy) + ")"};
        }
        for (pugi::xml_node child : n.children()) {
            const std::string_view childName = child.name();
            if (childName == (hex ? hexNumberingElement : squareNumberingElement)) {
                g.numbering = numbering(child);
                if (!hex) {
                    g.numbering->stagger = false;
                }
            } else if (child.type() == pugi::node_element) {
                note(child, shortName(child) + " on a " + shortName(n) + " is not read");
            }
        }
        return g;
    }

    VassalBoard board(pugi::xml_node n) {
        VassalBoard b;
        b.name = n.attribute("name").value();
        b.image = n.attribute("image").value();
        b.line = lineOf(n.offset_debug() - 1);
        if (!b.image.empty()) {
            const double magnification = real(n, "magnification", 1.0);
            if (auto size = pictures_(b.image)) {
                b.width = static_cast<int>(std::lround(size->first * magnification));
                b.height = static_cast<int>(std::lround(size->second * magnification));
            } else {
                note(n, "board '" + b.name + "': its picture images/" + b.image +
                            " is not in the module or is not a PNG, JPEG or GIF");
            }
        } else {
            b.width = integer(n, "width", 0);
            b.height = integer(n, "height", 0);
        }
        if ((b.width != 0 || b.height != 0) &&
            (!limits::vassalBoardSide.allows(b.width) || !limits::vassalBoardSide.allows(b.height))) {
            throw Failure{n.offset_debug() - 1, "board '" + b.name + "' is " + std::to_string(b.width) +
                                                    " x " + std::to_string(b.height) +
                                                    " pixels; a side must be " +
                                                    limits::vassalBoardSide.expected()};
        }
        for (pugi::xml_node child : n.children()) {
            const std::string_view childName = child.name();
            pugi::xml_node gridNode;
            if (childName == hexGridElement || childName == squareGridElement) {
                gridNode = child;
            } else if (childName == zonedGridElement) {
                // A zoned grid draws its zones over a background grid: the grid is that one.
                for (pugi::xml_node inner : child.children()) {
                    const std::string_view innerName = inner.name();
                    if (innerName == hexGridElement || innerName == squareGridElement) {
                        gridNode = inner;
                    }
                }
                note(child, "board '" + b.name + "': the zones of its ZonedGrid are not read" +
                                (gridNode ? "; its background grid is" : ", and it has no background grid"));
            } else if (childName == regionGridElement) {
                note(child, "board '" + b.name + "': its RegionGrid (named points, not cells) is not read");
            }
            if (gridNode) {
                b.grid = grid(gridNode);
            }
        }
        if (b.grid) {
            b.grid->boardWidth = b.width;
            b.grid->boardHeight = b.height;
        }
        return b;
    }

    VassalPieceSlot slot(pugi::xml_node n) const {
        VassalPieceSlot s;
        s.entryName = n.attribute("entryName").value();
        s.gpid = n.attribute("gpid").value();
        s.width = integer(n, "width", 0);
        s.height = integer(n, "height", 0);
        s.definition = n.child_value();
        s.line = lineOf(n.offset_debug() - 1);
        s.piece = decodeVassalPiece(s.definition);
        return s;
    }

    void collectSlots(pugi::xml_node n, std::vector<VassalPieceSlot>& out) const {
        for (pugi::xml_node child : n.children()) {
            if (slotElements.contains(child.name())) {
                out.push_back(slot(child));
            } else {
                collectSlots(child, out);
            }
        }
    }

    VassalSetupStack setupStack(pugi::xml_node n) const {
        VassalSetupStack s;
        s.name = n.attribute("name").value();
        s.owningBoard = n.attribute("owningBoard").value();
        s.useGridLocation = flag(n, "useGridLocation", false);
        s.location = n.attribute("location").value();
        s.x = integer(n, "x", 0);
        s.y = integer(n, "y", 0);
        s.line = lineOf(n.offset_debug() - 1);
        collectSlots(n, s.slots);
        return s;
    }

    VassalMap map(pugi::xml_node n) {
        VassalMap m;
        m.name = n.attribute("mapName").value();
        mapWalk(n, m);
        return m;
    }

    // A component of VASSAL's reference table with its attributes, and the components inside it
    // (a turn tracker's levels); a map's own components are listed apart, each with its map's name.
    VassalComponent component(pugi::xml_node n, const std::string& mapName) const {
        VassalComponent c;
        c.info = vassalComponentOf(n.name());
        c.map = mapName;
        c.line = lineOf(n.offset_debug() - 1);
        for (pugi::xml_attribute a : n.attributes()) {
            c.attributes[a.name()] = a.value();
        }
        if (!mapElements.contains(n.name())) {
            for (pugi::xml_node child : n.children()) {
                if (vassalComponentOf(child.name()) != nullptr) {
                    c.children.push_back(component(child, mapName));
                }
            }
        }
        return c;
    }

    void mapWalk(pugi::xml_node n, VassalMap& m) {
        for (pugi::xml_node child : n.children()) {
            const std::string_view name = child.name();
            if (vassalComponentOf(name) != nullptr) {
                module_.components.push_back(component(child, m.name));
            }
            if (name == boardElement) {
                m.boards.push_back(board(child));
            } else if (name == setupStackElement) {
                m.stacks.push_back(setupStack(child));
            } else if (child.type() == pugi::node_element) {
                mapWalk(child, m); // board pickers and folders
            }
        }
    }

    void setups(pugi::xml_node n, const std::string& menu) {
        module_.components.push_back(component(n, ""));
        VassalPredefinedSetup setup;
        setup.name = menu + n.attribute("name").value();
        setup.file = n.attribute("file").value();
        setup.useFile = flag(n, "useFile", true);
        setup.isMenu = flag(n, "isMenu", false);
        setup.line = lineOf(n.offset_debug() - 1);
        const std::string inner = setup.name + " / ";
        const bool isMenu = setup.isMenu;
        module_.setups.push_back(std::move(setup));
        if (isMenu) {
            for (pugi::xml_node child : n.children(std::string(predefinedSetupElement).c_str())) {
                setups(child, inner);
            }
        }
    }

    void walk(pugi::xml_node n) {
        for (pugi::xml_node child : n.children()) {
            const std::string_view name = child.name();
            if (vassalComponentOf(name) != nullptr && name != predefinedSetupElement) {
                module_.components.push_back(component(child, ""));
            }
            if (name == predefinedSetupElement) {
                setups(child, "");
            } else if (mapElements.contains(name)) {
                module_.maps.push_back(map(child));
            } else if (name == pieceWindowElement) {
                VassalPieceWindow w;
                w.name = child.attribute("name").value();
                collectSlots(child, w.slots);
                module_.pieceWindows.push_back(std::move(w));
            } else if (name == prototypeElement) {
                VassalPrototype p;
                p.name = child.attribute("name").value();
                p.definition = child.child_value();
                p.line = lineOf(child.offset_debug() - 1);
                p.piece = decodeVassalPiece(p.definition);
                module_.prototypes.push_back(std::move(p));
            } else if (child.type() == pugi::node_element) {
                walk(child);
            }
        }
    }

    std::string_view xml_;
    LineIndex lines_;
    std::string file_;
    const VassalPictureSizes& pictures_;
    VassalModule module_;
};

// At most `limit` bytes of an entry, plus one more when it has more (what the archive claims of an
// entry's size is not trusted), or less once `enough` says so.
std::expected<std::string, std::string>
readEntry(zip_t* z, zip_uint64_t index, long long limit,
          const std::function<bool(const std::string&)>& enough = {}) {
    ZipEntryReading f(zip_fopen_index(z, index, 0));
    if (!f) {
        return std::unexpected(std::string(zip_error_strerror(zip_get_error(z))));
    }
    std::string out;
    char buffer[16384];
    while (static_cast<long long>(out.size()) <= limit) {
        const zip_int64_t n = zip_fread(f.get(), buffer, sizeof buffer);
        if (n < 0) {
            return std::unexpected(std::string(zip_error_strerror(zip_file_get_error(f.get()))));
        }
        if (n == 0) {
            break;
        }
        out.append(buffer, static_cast<std::size_t>(n));
        if (enough && enough(out)) {
            break;
        }
    }
    return out;
}

} // namespace

const VassalBoard* VassalMap::boardOf(const VassalSetupStack& stack) const {
    for (const VassalBoard& b : boards) {
        if (b.name == stack.owningBoard) {
            return &b;
        }
    }
    return boards.size() == 1 && stack.owningBoard.empty() ? &boards.front() : nullptr;
}

std::expected<VassalPoint, std::string> VassalMap::position(const VassalSetupStack& stack) const {
    if (!stack.useGridLocation) {
        return VassalPoint{stack.x, stack.y};
    }
    const VassalBoard* board = boardOf(stack);
    if (board == nullptr) {
        return std::unexpected("map '" + name + "' has no board '" + stack.owningBoard + "'");
    }
    if (!board->grid) {
        return std::unexpected("board '" + board->name + "' has no grid that names locations");
    }
    return board->grid->location(stack.location);
}

const VassalMap* VassalModule::map(std::string_view mapName) const {
    for (const VassalMap& m : maps) {
        if (m.name == mapName) {
            return &m;
        }
    }
    return nullptr;
}

std::vector<const VassalComponent*> VassalModule::componentsNamed(std::string_view className) const {
    std::vector<const VassalComponent*> out;
    for (const VassalComponent& c : components) {
        if (c.info != nullptr && (c.info->className == className || c.info->shortName() == className)) {
            out.push_back(&c);
        }
    }
    return out;
}

std::vector<const VassalPieceSlot*> VassalModule::slots() const {
    std::vector<const VassalPieceSlot*> out;
    for (const VassalMap& m : maps) {
        for (const VassalSetupStack& s : m.stacks) {
            for (const VassalPieceSlot& slot : s.slots) {
                out.push_back(&slot);
            }
        }
    }
    for (const VassalPieceWindow& w : pieceWindows) {
        for (const VassalPieceSlot& slot : w.slots) {
            out.push_back(&slot);
        }
    }
    return out;
}

std::expected<VassalModule, LoadError> readVassalBuildFile(std::string_view xml, const std::string& file,
                                                           const VassalPictureSizes& pictures) {
    return BuildFileReader(xml, file, pictures).read();
}

namespace {

bool outsideTheArchive(std::string_view n) {
    return n.starts_with('/') || n.starts_with('\\') || n == ".." || n.starts_with("../") ||
           n.find("/../") != std::string_view::npos || n.find(':') != std::string_view::npos;
}

} // namespace

std::expected<std::vector<std::string>, LoadError>
listVassalModuleEntries(const std::filesystem::path& vmod) {
    int error = 0;
    ZipReading z(zip_open(utf8(vmod).c_str(), ZIP_RDONLY, &error));
    if (!z) {
        return std::unexpected(
            LoadError{vmod.string(), 0, 0, "not a VASSAL module: it does not open as a zip archive"});
    }
    const zip_int64_t entries = zip_get_num_entries(z.get(), 0);
    if (entries < 0 || entries > limits::maxVassalArchiveEntries) {
        return std::unexpected(LoadError{vmod.string(), 0, 0,
                                         "the archive lists " + std::to_string(entries) +
                                             " entries; a module may hold at most " +
                                             std::to_string(limits::maxVassalArchiveEntries)});
    }
    std::vector<std::string> names;
    for (zip_int64_t i = 0; i < entries; ++i) {
        const char* name = zip_get_name(z.get(), static_cast<zip_uint64_t>(i), 0);
        if (name != nullptr && !outsideTheArchive(name) && !std::string_view(name).ends_with('/')) {
            names.emplace_back(name);
        }
    }
    return names;
}

std::expected<VassalEntries, LoadError> readVassalModuleEntries(const std::filesystem::path& vmod,
                                                                const std::vector<std::string>& names,
                                                                long long limit) {
    int error = 0;
    ZipReading z(zip_open(utf8(vmod).c_str(), ZIP_RDONLY, &error));
    if (!z) {
        return std::unexpected(LoadError{vmod.string(), 0, 0, "does not open as a zip archive"});
    }
    VassalEntries out;
    for (const std::string& name : names) {
        const zip_int64_t at = zip_name_locate(z.get(), name.c_str(), 0);
        if (at < 0) {
            out.emplace(name, std::unexpected("the module holds no '" + name + "'"));
            continue;
        }
        auto bytes = readEntry(z.get(), static_cast<zip_uint64_t>(at), limit);
        if (bytes && static_cast<long long>(bytes->size()) > limit) {
            bytes = std::unexpected("'" + name + "' unpacks to more than " + limits::formatNumber(limit) +
                                    " bytes");
        } else if (!bytes) {
            bytes = std::unexpected("'" + name + "' cannot be read: " + bytes.error());
        }
        out.emplace(name, std::move(bytes));
    }
    return out;
}

std::expected<VassalModule, LoadError> readVassalModule(const std::filesystem::path& vmod) {
    const std::string where = vmod.string();
    auto fail = [&](std::string message) {
        return std::unexpected(LoadError{where, 0, 0, std::move(message)});
    };
    std::error_code ec;
    if (!std::filesystem::is_regular_file(vmod, ec)) {
        return fail("no such module file (or it is not a regular file)");
    }
    int error = 0;
    ZipReading z(zip_open(utf8(vmod).c_str(), ZIP_RDONLY, &error));
    if (!z) {
        zip_error_t e;
        zip_error_init_with_code(&e, error);
        std::string why = zip_error_strerror(&e);
        zip_error_fini(&e);
        return fail("not a VASSAL module: it does not open as a zip archive (" + why + ")");
    }
    const zip_int64_t entries = zip_get_num_entries(z.get(), 0);
    if (entries < 0 || entries > limits::maxVassalArchiveEntries) {
        return fail("the archive lists " + std::to_string(entries) + " entries; a module may hold at most " +
                    std::to_string(limits::maxVassalArchiveEntries));
    }
    std::vector<std::string> notes;
    for (zip_int64_t i = 0; i < entries; ++i) {
        const char* name = zip_get_name(z.get(), static_cast<zip_uint64_t>(i), 0);
        const std::string_view n = name != nullptr ? name : "";
        if (outsideTheArchive(n)) {
            notes.push_back(where + ": the entry '" + std::string(n) +
                            "' names a place outside the archive; it is not read");
        }
    }
    std::string buildName = "buildFile.xml";
    zip_int64_t build = zip_name_locate(z.get(), buildName.c_str(), 0);
    if (build < 0) {
        buildName = "buildFile";
        build = zip_name_locate(z.get(), buildName.c_str(), 0);
    }
    if (build < 0) {
        return fail("not a VASSAL module: it holds no buildFile.xml (nor the older buildFile)");
    }
    auto xml = readEntry(z.get(), static_cast<zip_uint64_t>(build), limits::maxVassalBuildFileBytes);
    if (!xml) {
        return fail(buildName + " cannot be read: " + xml.error());
    }
    if (static_cast<long long>(xml->size()) > limits::maxVassalBuildFileBytes) {
        return fail(buildName + " is larger than " + std::to_string(limits::maxVassalBuildFileBytes >> 20) +
                    " MiB uncompressed, more than any module's build file");
    }
    std::map<std::string, std::optional<std::pair<int, int>>> sizes;
    const VassalPictureSizes pictures = [&](const std::string& image) -> std::optional<std::pair<int, int>> {
        if (auto known = sizes.find(image); known != sizes.end()) {
            return known->second;
        }
        std::optional<std::pair<int, int>> size;
        const zip_int64_t at = zip_name_locate(z.get(), ("images/" + image).c_str(), 0);
        if (at >= 0) {
            auto head = readEntry(z.get(), static_cast<zip_uint64_t>(at), limits::maxVassalPictureHeaderBytes,
                                  [](const std::string& bytes) { return pictureSize(bytes).has_value(); });
            if (head) {
                if (auto s = pictureSize(*head)) {
                    size = std::pair{s->width, s->height};
                }
            }
        }
        return sizes[image] = size;
    };
    auto module = readVassalBuildFile(*xml, where + "/" + buildName, pictures);
    if (!module) {
        return module;
    }
    module->notes.insert(module->notes.begin(), notes.begin(), notes.end());
    for (VassalPredefinedSetup& setup : module->setups) {
        if (setup.isMenu || !setup.useFile) {
            continue; // a menu, or a new game from the module's at-start stacks
        }
        const zip_int64_t at = zip_name_locate(z.get(), setup.file.c_str(), 0);
        if (at < 0) {
            setup.game = std::unexpected("the module holds no file '" + setup.file + "'");
            continue;
        }
        auto archive = readEntry(z.get(), static_cast<zip_uint64_t>(at), limits::maxVassalSavedGameBytes);
        if (!archive) {
            setup.game = std::unexpected("'" + setup.file + "' cannot be read: " + archive.error());
        } else if (static_cast<long long>(archive->size()) > limits::maxVassalSavedGameBytes) {
            setup.game = std::unexpected("'" + setup.file + "' is larger than " +
                                         std::to_string(limits::maxVassalSavedGameBytes >> 20) + " MiB");
        } else if (auto game = readVassalSavedGame(*archive, limits::maxVassalSavedGameBytes); !game) {
            setup.game = std::unexpected("'" + setup.file + "': " + game.error());
        } else {
            setup.game = std::move(*game);
        }
    }
    return module;
}

} // namespace sandtable
