#pragma once
// The VASSAL pieces' shared traits as prototypes, and each piece's own: what a player does with a
// piece in play comes from the scenario's ruleset (model/play_rules.hpp). Every piece uses a side
// prototype (its Side) and a kind prototype: a unit's values (hits, stands lost) as properties a
// player changes from the piece's menu or keys, its status markers as layers switched the same
// way, every change reported in the chat with the piece, its cell and the value it came to; a
// commander's and a train's description. Each piece carries its own values (corps, division, arm,
// quality, weapon, strength, stands, each value's most) as a Marker. Units in a formation the
// ruleset marks start with that marker on (a prototype for each starting formation).
#include "exports/vassal_casualties.hpp"
#include "model/play_rules.hpp"
#include "model/scenario.hpp"

#include <array>
#include <expected>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

// A trait's type and state, as a chain holds them.
struct VassalTraitText {
    std::string type, state;
};

// A command a player gives a piece: its menu text, VASSAL's key stroke ("72,130": code and
// modifiers), and what the chat says after it.
struct VassalPieceCommand {
    std::string menu;
    std::string key;
    std::string report;
};

class VassalPlayKit {
  public:
    VassalPlayKit(const Scenario& s, const PlaySetup& play, double cellPixels);

    // Gives every piece an Eliminate command (Ctrl+E) that sends it to its side's box on the
    // casualties map (vassal_casualties.hpp), at these centres by sideIndex, and reports it.
    void eliminateTo(std::array<std::pair<int, int>, 2> boxes) { casualtyBoxes_ = boxes; }
    static std::string eliminateKey();
    // Any piece of a side: the end of that side's turn, which clears its moved flags.
    static std::string endTurnKey();
    // Any piece: its moved flag on or off.
    static std::string movedKey();

    struct Prototype {
        std::string name;
        std::string definition; // the AddPiece command, as the build file holds it
    };
    // Every prototype the pieces of `s` use, in a stable order.
    std::vector<Prototype> prototypes() const;
    // The pictures the layers draw: name in images/ and PNG bytes.
    std::expected<std::vector<std::pair<std::string, std::string>>, std::string> images() const;
    // A piece's traits outside its own (rotation and basic piece), outermost first.
    std::vector<VassalTraitText> outerTraits(PieceRef piece) const;
    // The commands a unit has (each value's and each marker's), for the help page and the tests.
    std::vector<VassalPieceCommand> unitCommands() const;

    // A value's property name in VASSAL (an identifier, so expressions can name it): "stands-lost"
    // is "StandsLost", its most "StandsLostMost".
    static std::string propertyOf(const PlayTrack& track);
    static std::string markerImageName(StatusMarker m);
    static constexpr std::string_view movedImageName = "moved.png";
    // A unit's rotation trait (its own, outside the prototypes) turns with Ctrl+] and Ctrl+[; the
    // unit's prototype reports each turn.
    static constexpr std::string_view rotateClockwiseKey = "93,130";
    static constexpr std::string_view rotateCounterclockwiseKey = "91,130";

  private:
    // A unit command and what it changes: a value by a step (a rally a negative one), a marker's
    // layer, or entrenching's score; made once, so that the menu, the keys, the reports and the help
    // page come from the same list.
    struct UnitCommand {
        VassalPieceCommand command = {};
        std::optional<std::size_t> track = std::nullopt; // the value it steps
        int step = 0;
        std::optional<StatusMarker> marker = std::nullopt; // the layer it switches
        bool score = false;                                // entrenching's score
    };
    std::vector<UnitCommand> unitCommandPlan() const;
    std::string unitPrototypeName(std::optional<Formation> starting) const;
    std::string unitPrototype(std::optional<Formation> starting) const;
    std::optional<Formation> startingMarker(const Unit& u) const;

    const Scenario& s_;
    const PlaySetup& play_;
    double cellPixels_;
    // Each side's break point in this scenario, counted once (every piece carries its side's).
    std::array<std::optional<SideBreakPoint>, 2> breakPoints_;
    std::optional<std::array<std::pair<int, int>, 2>> casualtyBoxes_;
};

// A chain of traits around a basic piece: types and states nested as VASSAL nests them.
VassalTraitText vassalChain(const std::vector<VassalTraitText>& outerFirst, const VassalTraitText& basic);

} // namespace sandtable
