#pragma once
// VASSAL's sequences: how a module nests its lists of fields in one string (a piece definition is
// an AddPiece command of '/'-separated fields, whose type is a '\t'-separated chain of traits, each
// a ';'-separated list of fields, some of them sequences again). Written and read here exactly as
// VASSAL's SequenceEncoder does, quirks included, so what one writes the other reads.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// VASSAL's SequenceEncoder: the tokens joined by `delimiter`, each delimiter inside a token escaped
// with a backslash, a token that starts with a backslash (or is quoted) quoted.
std::string vassalSequence(const std::vector<std::string>& tokens, char delimiter);

// VASSAL's SequenceEncoder.Decoder. An escaped delimiter is a delimiter with a backslash before it
// anywhere in the string (so a token ending in a backslash must have been quoted); a token in
// single quotes loses them; an empty rest is one empty token; after the last token there is none.
class VassalSequenceDecoder {
  public:
    VassalSequenceDecoder(std::string_view value, char delimiter);

    bool hasMore() const { return more_; }
    // The next token, or nothing when there is none (VASSAL throws there).
    std::optional<std::string> next();
    // The next token, or `fallback` when there is none (VASSAL's nextToken(default)).
    std::string next(std::string_view fallback);

  private:
    std::string_view value_;
    char delimiter_;
    std::size_t start_ = 0;
    bool more_ = true;
};

// Every token of a sequence.
std::vector<std::string> vassalTokens(std::string_view value, char delimiter);

} // namespace sandtable
