#include "formats/vassal/saved_game.hpp"

#include "formats/vassal/sequence.hpp"
#include "formats/vassal/zip_handles.hpp"

#include <charconv>
#include <memory>
#include <unordered_set>

namespace sandtable {
namespace {

constexpr char commandSeparator = '\x1b'; // VASSAL's GameModule joins commands with ESC
constexpr std::string_view obfuscatedHeader = "!VCSK";
constexpr std::string_view savedGameEntry = "savedGame";
constexpr std::string_view boardPickerSuffix = "BoardPicker\t";
constexpr std::string_view turnPrefix = "TURN";

int hexDigit(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

// Java's Integer.parseInt for a position; VASSAL's nextInt falls back to 0.
int wholeOr(const std::string& text, int fallback) {
    int v = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    return error == std::errc() && end == text.data() + text.size() ? v : fallback;
}

} // namespace

const VassalSavedPiece* VassalSavedGame::piece(std::string_view id) const {
    for (const VassalSavedPiece& p : pieces) {
        if (p.id == id) {
            return &p;
        }
    }
    return nullptr;
}

std::expected<std::string, std::string> deobfuscateVassal(std::string_view bytes) {
    if (!bytes.starts_with(obfuscatedHeader)) {
        return std::string(bytes);
    }
    bytes.remove_prefix(obfuscatedHeader.size());
    if (bytes.size() % 2 != 0 || bytes.size() < 2) {
        return std::unexpected("the obfuscated text has an odd number of hex digits");
    }
    std::string out;
    out.reserve(bytes.size() / 2);
    int key = -1;
    for (std::size_t i = 0; i < bytes.size(); i += 2) {
        const int high = hexDigit(bytes[i]), low = hexDigit(bytes[i + 1]);
        if (high < 0 || low < 0) {
            return std::unexpected("the obfuscated text holds '" + std::string(bytes.substr(i, 2)) +
                                   "', not a hex byte, at character " + std::to_string(i + 5));
        }
        const int value = high << 4 | low;
        if (key < 0) {
            key = value;
        } else {
            out += static_cast<char>(value ^ key);
        }
    }
    return out;
}

std::optional<VassalListTurnState> decodeVassalListTurnState(std::string_view state) {
    VassalSequenceDecoder fields(state, ';');
    VassalListTurnState out;
    const std::optional<std::string> current = fields.next();
    (void)fields.next(); // the current sub-level: a list of Sandtable's has none
    const std::optional<std::string> first = fields.next();
    if (!current || !first || wholeOr(*current, -1) < 0 || wholeOr(*first, -1) < 0) {
        return std::nullopt;
    }
    out.current = wholeOr(*current, 0);
    out.first = wholeOr(*first, 0);
    for (const std::string& shown : vassalTokens(fields.next(""), ',')) {
        out.shown.push_back(shown == "true");
    }
    return out;
}

std::expected<VassalSavedGame, std::string> decodeVassalSavedGame(std::string_view commands) {
    const std::vector<std::string> list = vassalTokens(commands, commandSeparator);
    if (list.empty() || list.front() != "begin_save") {
        return std::unexpected("the saved game does not begin with begin_save");
    }
    if (list.back() != "end_save") {
        return std::unexpected("the saved game does not end with end_save");
    }
    VassalSavedGame game;
    // The pieces added so far, by id: a stack names its pieces, and a hostile save may hold many.
    std::unordered_set<std::string> added;
    for (std::size_t i = 1; i + 1 < list.size(); ++i) {
        const std::string& command = list[i];
        const std::string where = "command " + std::to_string(i + 1);
        if (command.starts_with("+/")) {
            VassalSequenceDecoder fields(std::string_view(command).substr(2), '/');
            const std::string id = fields.next("");
            const std::string type = fields.next("");
            const std::string state = fields.next("");
            if (type == "stack") {
                VassalSavedStack s;
                s.id = id;
                VassalSequenceDecoder st(state, ';');
                s.map = st.next("null");
                if (s.map != "null") {
                    s.x = wholeOr(st.next("0"), 0);
                    s.y = wholeOr(st.next("0"), 0);
                }
                while (st.hasMore()) {
                    const std::string token = st.next("");
                    if (token.starts_with("@@")) {
                        continue; // the stack's layer
                    }
                    if (!added.contains(token)) {
                        return std::unexpected(where + ": the stack " + id + " holds the piece '" + token +
                                               "', which no command before it adds");
                    }
                    s.pieceIds.push_back(token);
                }
                game.stacks.push_back(std::move(s));
                continue;
            }
            auto traits = decodeVassalTraits(type, state);
            if (!traits) {
                return std::unexpected(where + ": the piece " + id + ": " + traits.error());
            }
            VassalSavedPiece p;
            p.id = id;
            p.piece.id = id;
            p.piece.traits = std::move(*traits);
            VassalSequenceDecoder st(p.piece.basic().state, ';');
            p.map = st.next("null");
            p.x = wholeOr(st.next("0"), 0);
            p.y = wholeOr(st.next("0"), 0);
            added.insert(p.id);
            game.pieces.push_back(std::move(p));
        } else if (const auto at = command.find(boardPickerSuffix); at != std::string::npos) {
            const std::string map = command.substr(0, at);
            std::vector<std::string>& boards = game.boards[map];
            const std::vector<std::string> fields = vassalTokens(command, '\t');
            // The map's picker, then for each board: its name (with "/rev" when turned), x and y.
            for (std::size_t f = 1; f < fields.size(); f += 3) {
                boards.push_back(VassalSequenceDecoder(fields[f], '/').next(""));
            }
        } else if (command.starts_with(turnPrefix)) {
            const std::vector<std::string> fields = vassalTokens(command, '\t');
            const std::string state = fields.size() > 1 ? fields[1] : std::string();
            VassalSequenceDecoder levels(state, '|'); // holds a view of the state
            VassalTurnTrackerState& tracker = game.turnTrackers[fields.front().substr(turnPrefix.size())];
            tracker.currentLevel = wholeOr(levels.next("0"), 0);
            while (levels.hasMore()) {
                tracker.levels.push_back(levels.next(""));
            }
        } else if (!command.empty()) {
            game.otherCommands.push_back(command);
        }
    }
    return game;
}

std::expected<VassalSavedGame, std::string> readVassalSavedGame(std::string_view archive,
                                                                long long maxBytes) {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(archive.data(), archive.size(), 0, &error);
    ZipReading z(source ? zip_open_from_source(source, ZIP_RDONLY, &error) : nullptr);
    if (!z) {
        const std::string why = zip_error_strerror(&error);
        if (source) {
            zip_source_free(source);
        }
        zip_error_fini(&error);
        return std::unexpected("not a saved game: it does not open as a zip archive (" + why + ")");
    }
    zip_error_fini(&error);
    const zip_int64_t at = zip_name_locate(z.get(), std::string(savedGameEntry).c_str(), 0);
    if (at < 0) {
        return std::unexpected("not a saved game: it holds no savedGame entry");
    }
    ZipEntryReading f(zip_fopen_index(z.get(), static_cast<zip_uint64_t>(at), 0));
    if (!f) {
        return std::unexpected("its savedGame entry cannot be read: " +
                               std::string(zip_error_strerror(zip_get_error(z.get()))));
    }
    std::string bytes;
    char buffer[16384];
    for (;;) {
        const zip_int64_t n = zip_fread(f.get(), buffer, sizeof buffer);
        if (n < 0) {
            return std::unexpected("its savedGame entry cannot be read: " +
                                   std::string(zip_error_strerror(zip_file_get_error(f.get()))));
        }
        if (n == 0) {
            break;
        }
        bytes.append(buffer, static_cast<std::size_t>(n));
        if (static_cast<long long>(bytes.size()) > maxBytes) {
            return std::unexpected("its savedGame entry unpacks to more than " +
                                   std::to_string(maxBytes >> 20) + " MiB");
        }
    }
    auto text = deobfuscateVassal(bytes);
    if (!text) {
        return std::unexpected("its savedGame entry: " + text.error());
    }
    return decodeVassalSavedGame(*text);
}

} // namespace sandtable
