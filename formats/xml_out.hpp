#pragma once
// Writes XML straight into a string, element by element, as a scenario is saved: no document tree is
// built first (a 1000 x 1000 battle's tree was 5 times the file's size and most of the save's time).
// The bytes are those pugixml's format_indent writes with an indent of two spaces, so a file saved
// before is saved again unchanged: one element a line, an element holding only text on one line, an
// empty one as <name />; in attribute values & < " and control characters escaped (&#NN;), in text
// & < > and control characters but tab and line feed (a carriage return too, as &#13;, so that it
// survives reading: every XML reader turns a raw one into a line feed). A string ends at a NUL, as
// pugixml's C strings did.
#include <charconv>
#include <concepts>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

class XmlOut {
  public:
    // Appends to `out`, starting with the XML declaration.
    explicit XmlOut(std::string& out);

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
    // The open element's whole content, then its end tag: it closes the element.
    void closeWithText(std::string_view text);
    void close();
    // A child element holding `text` only.
    void textElement(std::string_view name, std::string_view text) {
        open(name);
        closeWithText(text);
    }

  private:
    void startAttribute(std::string_view name);
    void indent();

    struct OpenElement {
        std::string_view name; // the callers' names are literals
        bool hasChildren = false;
    };
    std::string& out_;
    std::vector<OpenElement> open_;
};

} // namespace sandtable
