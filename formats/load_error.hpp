#pragma once
// LoadError says why a file could not be read: which file, where in it, and what was wrong.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

struct LoadError {
    std::string file;
    int line = 0;   // 1-based; 0 when the problem is not at one place (file missing)
    int column = 0; // 1-based; 0 when unknown
    std::string message;

    // "file:line:column: message", as compilers print, so editors can jump to it.
    std::string toString() const;

    // The error at a byte offset of a file's text (line and column counted from it; a negative
    // offset is no place in particular).
    static LoadError at(std::string file, std::string_view text, std::ptrdiff_t offset, std::string message);
};

// Whether the byte at `i` ends a line: an LF, or a CR not followed by one (a CRLF ends its line at
// the LF; an old Mac file's lone CR ends it at the CR).
inline bool endsLine(std::string_view text, std::size_t i) {
    return text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'));
}

// The 1-based line of a byte offset in a text, whether its lines end in LF, CRLF or CR alone.
int lineAt(std::string_view text, std::ptrdiff_t offset);
// Where the line holding a byte offset starts (the same line ends as lineAt).
std::size_t lineStartAt(std::string_view text, std::ptrdiff_t offset);

// The lines of one text, for a reader that asks the line of many of its elements (every rule of a
// ruleset, every piece of a VASSAL module): the text is read once, at the first question, for where
// its lines end, and each offset's line is a search of those, where lineAt reads the text from its
// start at every question (a module of thousands of pieces read its build file thousands of times).
// The text must outlive it.
class LineIndex {
  public:
    explicit LineIndex(std::string_view text) : text_(text) {}
    // As lineAt(text, offset).
    int lineAt(std::ptrdiff_t offset) const;

  private:
    std::string_view text_;
    mutable std::vector<std::size_t> ends_; // the offsets of the bytes that end a line, once asked
    mutable bool indexed_ = false;
};

// A text's lines without their ends, line n + 1 at index n: LF, CRLF and a lone CR each end a line.
std::vector<std::string_view> splitLines(std::string_view text);

} // namespace sandtable
