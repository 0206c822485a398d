#pragma once
// A VASSAL saved game (.vsav), read as VASSAL's GameState reads one: a zip archive whose
// "savedGame" entry holds a command sequence (obfuscated or plain), commands separated by ESC:
// begin_save, an AddPiece for every piece and then every stack, each map's board picker choosing
// its boards, end_save. A module's predefined set-ups (File > New game) are such files; Sandtable
// writes one for each scenario of a battle and its tests read them back through here.
#include "formats/vassal/pieces.hpp"

#include <expected>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// A piece as the save places it: its decoded traits and where its basic piece stands.
struct VassalSavedPiece {
    std::string id;
    VassalPiece piece;
    std::string map; // "null": on no map
    int x = 0, y = 0;
};

struct VassalSavedStack {
    std::string id;
    std::string map;
    int x = 0, y = 0;
    std::vector<std::string> pieceIds; // the bottom first
};

// A turn tracker's state as its SetTurn command ("TURN" and the tracker's id) gives it, in the form
// TurnTracker.getState writes: which of its top levels is current, then each level's own state.
struct VassalTurnTrackerState {
    int currentLevel = 0;
    std::vector<std::string> levels;
};
// A list turn level's state (ListTurnLevel.getState): the current turn and the first (where a reset
// goes), indices into its list, and which turns are shown.
struct VassalListTurnState {
    int current = 0;
    int first = 0;
    std::vector<bool> shown;
};
std::optional<VassalListTurnState> decodeVassalListTurnState(std::string_view state);

struct VassalSavedGame {
    std::vector<VassalSavedPiece> pieces;
    std::vector<VassalSavedStack> stacks;
    // The boards each map's board picker chooses, by map name.
    std::map<std::string, std::vector<std::string>> boards;
    // Where the save sets each turn tracker, by the tracker's id ("TurnTracker0").
    std::map<std::string, VassalTurnTrackerState> turnTrackers;
    // Commands no Sandtable-known encoder reads (a module's own components), kept for a report.
    std::vector<std::string> otherCommands;

    const VassalSavedPiece* piece(std::string_view id) const;
};

// Decodes the command text of a save (after deobfuscation). Says what is wrong otherwise: no
// begin_save/end_save around it, a piece that does not decode, a stack of a piece not added before it.
std::expected<VassalSavedGame, std::string> decodeVassalSavedGame(std::string_view commands);
// The "savedGame" entry's text: obfuscated ("!VCSK", a key, the bytes in hex each XORed with it) or
// plain, as VASSAL's DeobfuscatingInputStream accepts both.
std::expected<std::string, std::string> deobfuscateVassal(std::string_view bytes);
// Reads a saved game's archive held in memory; `maxBytes` bounds what its entry may unpack to.
std::expected<VassalSavedGame, std::string> readVassalSavedGame(std::string_view archive, long long maxBytes);

} // namespace sandtable
