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
    // The open element handed from one writer to another (writing into another string, on another
    // thread): the first forgets it, the second writes its remaining children and its end tag.
    class Continuation {
        friend class XmlOut;
        std::size_t depth_ = 0;
        std::string_view name_;
        bool hasChildren_ = false;
    };
    [[nodiscard]] Continuation handOver();
    XmlOut(std::string& out, Continuation element);

    // Starts <name ...>: attributes follow, then its children or its text, then close().
    void open(std::string_view name);
    void attribute(std::string_view name, std::string_view value);
    void attribute(std::string_view name, const char* value) { attribute(name, std::string_view(value)); }
    void attribute(std::string_view name, const std::string& value) {
        attribute(name, std::string_view(value));
    }
    template <std::integral T> void attribute(std::string_view name, T value) {
        appendAtMost(name.size() + 4 + 20, [&](char* p) {
            p = startAttributeAt(p, name);
            p = std::to_chars(p, p + 20, value).ptr;
            *p++ = '"';
            return p;
        });
    }
    void attribute(std::string_view name, bool value) = delete; // say "true" or "false"
    // An attribute whose value `write(std::string&)` appends as it is: for text that needs no
    // escaping (numbers, cell labels and the spaces between them), made in place without a string
    // of its own and without the escaping scan (a large battle's lists of cells are 2 MB).
    template <std::invocable<std::string&> Write> void plainAttribute(std::string_view name, Write&& write) {
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
    // A child element holding `text` only.
    void textElement(std::string_view name, std::string_view text) {
        open(name);
        closeWithText(text);
    }

  private:
    // No byte of `value` is written otherwise in an attribute, and it holds no NUL: it goes in as it is.
    static bool needsNoEscaping(std::string_view value);
    // Appends what `write(char* at)` puts at `at`, at most `most` bytes, and returns the end of: one
    // check of the string's room for all the pieces of a tag. Appended one by one, each piece cost a
    // call and a check (a large battle's save writes 200,000 attributes).
    template <typename Write> void appendAtMost(std::size_t most, Write&& write) {
        const std::size_t size = out_.size();
        out_.resize_and_overwrite(size + most, [&](char* text, std::size_t) {
            return static_cast<std::size_t>(write(text + size) - text);
        });
    }
    static char* copied(std::string_view from, char* to) {
        std::char_traits<char>::copy(to, from.data(), from.size());
        return to + from.size();
    }
    // ` name="` at `p`.
    static char* startAttributeAt(char* p, std::string_view name) {
        *p++ = ' ';
        p = copied(name, p);
        *p++ = '=';
        *p++ = '"';
        return p;
    }
    void startAttribute(std::string_view name);
    // The spaces before a tag at the open elements' depth: two for each.
    std::size_t indentWidth() const { return 2 * (outerDepth_ + open_.size()); }
    // Whether the open element's start tag is still to be ended (">\n") before the child that
    // follows; it is counted as ended.
    bool takesFirstChild();
    static char* endTagAt(char* p, std::string_view name); // `</name>` and a line break
    void beginText();
    void endText();

    struct OpenElement {
        std::string_view name; // the callers' names are literals
        bool hasChildren = false;
    };
    std::string& out_;
    std::size_t outerDepth_ = 0; // the elements a continuation stands in
    std::vector<OpenElement> open_;
};

} // namespace sandtable
