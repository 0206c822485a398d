#pragma once
// VASSAL's piece definitions, decoded as VASSAL's BasicCommandEncoder decodes them: a PieceSlot or
// a prototype holds an AddPiece command ("+/id/type/state"), whose type is a chain of traits
// ('\t'-separated, the outermost first, each inner chain escaped one level deeper) around a basic
// piece, and whose state is a chain of the same shape. Each trait is known by the prefix of its type
// (its ID, "rotate;"), as VASSAL knows it.
#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// A trait VASSAL builds: its Java class, its ID, and (where recorded from the engine in
// ../shared/vassal/reference/traits.txt) the type and state of its default, which give the form of
// its fields.
struct VassalTraitInfo {
    std::string_view className;
    std::string_view id;
    std::string_view defaultType; // empty where VASSAL's form of the trait is not recorded
    std::string_view defaultState;
    bool basic = false; // a piece a chain ends in (BasicPiece), not a trait around one
};

// Every trait and basic piece VASSAL's BasicCommandEncoder builds.
std::span<const VassalTraitInfo> vassalTraits();
// The trait a type is, by its ID (the type up to and including its first ';'), or null.
const VassalTraitInfo* vassalTraitOf(std::string_view type);

struct VassalTrait {
    const VassalTraitInfo* info = nullptr; // null: a trait VASSAL does not know
    std::string type;                      // as the definition holds it
    std::string state;

    std::string_view className() const;
    // The type's fields after its ID, as VASSAL's mySetType reads them (';'-separated, unescaped).
    std::vector<std::string> fields() const;
    // The type as VASSAL writes it back after reading it (its myGetType): fields it fills in with
    // their defaults, keys and flags in VASSAL's own form, fields it does not read dropped. Exact,
    // and checked against the engine, for BasicPiece and FreeRotator; for the other traits inferred
    // from the form of their default.
    std::string canonicalType() const;
    // How the type differs from the form VASSAL's own default of the trait has: an unknown trait,
    // a field count or a field (a number, a flag, a key stroke) not of that form. Empty when it has
    // the form.
    std::vector<std::string> formProblems() const;
};

struct VassalPiece {
    std::string id;                  // the AddPiece command's id ("null" is none)
    std::vector<VassalTrait> traits; // the outermost first; the last is the basic piece

    const VassalTrait& basic() const { return traits.back(); }
    std::string name() const;  // the basic piece's name (VASSAL's getName for these traits)
    std::string image() const; // the basic piece's picture
};

// Decodes a PieceSlot's or prototype's text (an AddPiece command). Says what is wrong otherwise.
std::expected<VassalPiece, std::string> decodeVassalPiece(std::string_view addPiece);
// Decodes a type and a state chain into traits, the outermost first.
std::expected<std::vector<VassalTrait>, std::string> decodeVassalTraits(std::string_view type,
                                                                        std::string_view state);

} // namespace sandtable
