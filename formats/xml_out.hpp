#pragma once
// Writes XML straight into a string, element by element, as a scenario is saved: no document tree is
// built first (a 1000 x 1000 battle's tree was 5 times the file's size and most of the save's time).
// The bytes are those pugixml's format_indent writes with an indent of two spaces, so a file saved
// before is saved again unchanged: one element a line, an element holding only text on one line, an
// empty one as <name />; in attribute values & < " and control characters escaped (&#NN;), in text
// & < > and control characters but tab and line feed (a carriage return too, as &#13;, so that it
// survives reading: every XML reader turns a raw one into a line feed). A string ends at a NUL, as
// pugixml's C strings did.
#include <algorithm>
#include <cassert>
#include <charconv>
#include <concepts>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

class XmlOut {
  public:
    // Appends to `out`, starting with the XML declaration.
    explicit XmlOut(std::string& out);
    // Appends to `out` elements that will stand inside `depth` open elements of another XmlOut,
    // indented so, without a declaration: a part of a document written apart (on another thread)
    // and put in place with insert().
    struct Fragment {
        std::size_t depth;
    };
    XmlOut(std::string& out, Fragment at);

    // Starts <name ...>: attributes follow, then its children or its text, then close().
    void open(std::string_view name);
    void attribute(std::string_view name, std::string_view value);
    void attribute(std::string_view name, const char* value) { attribute(name, std::string_view(value)); }
    void attribute(std::string_view name, const std::string& value) {
        attribute(name, std::string_view(value));
    }
    template <std::integral T> void attribute(std::string_view name, T value) {
        char digits[24];
        const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, value);
        startAttribute(name);
        out_.append(digits, end);
        out_ += '"';
    }
    void attribute(std::string_view name, bool value) = delete; // say "true" or "false"
    // An attribute whose value `write(std::string&)` appends as it is: for text that needs no
    // escaping (numbers, cell labels and the spaces between them), made in place without a string
    // of its own and without the escaping scan (a large battle's lists of cells are 2 MB).
    template <typename Write> void plainAttribute(std::string_view name, Write&& write) {
        startAttribute(name);
        [[maybe_unused]] const std::size_t from = out_.size();
        write(out_);
        assert(needsNoEscaping(std::string_view(out_).substr(from)));
        out_ += '"';
    }
    // The open element's whole content, then its end tag: it closes the element.
    void closeWithText(std::string_view text);
    void close();
    // The open element's whole content as whole numbers, a comma after each but the last and a line
    // break after every `perLine` and before the first: nothing in it needs escaping.
    template <std::integral T> void closeWithNumberRows(std::span<const T> values, std::size_t perLine) {
        assert(perLine > 0);
        beginText();
        out_ += '\n';
        // A line at a time through a buffer: one append a line, not three a number.
        std::vector<char> line(perLine * 22 + 1);
        for (std::size_t first = 0; first < values.size(); first += perLine) {
            const std::size_t last = std::min(values.size(), first + perLine);
            char* p = line.data();
            for (std::size_t i = first; i < last; ++i) {
                p = std::to_chars(p, p + 21, static_cast<long long>(values[i])).ptr;
                *p++ = ',';
            }
            if (last == values.size()) {
                --p; // no comma after the last number
            }
            if (last - first == perLine) {
                *p++ = '\n';
            }
            out_.append(line.data(), p);
        }
        endText();
    }
    // The children a Fragment writer wrote, in place as children of the open element.
    void insert(std::string_view fragment);
    // A child element holding `text` only.
    void textElement(std::string_view name, std::string_view text) {
        open(name);
        closeWithText(text);
    }

  private:
    static bool needsNoEscaping(std::string_view value);
    void startAttribute(std::string_view name);
    void indent();
    void startChild(); // ends the open element's start tag before its first child
    void beginText();
    void endText();

    struct OpenElement {
        std::string_view name; // the callers' names are literals
        bool hasChildren = false;
    };
    std::string& out_;
    std::size_t outerDepth_ = 0; // the elements a fragment stands in
    std::vector<OpenElement> open_;
};

} // namespace sandtable
