#include "xml_out.hpp"

#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>

namespace sandtable {
namespace {

enum class Context { Attribute, Text };

void appendControlReference(std::string& out, unsigned char c) {
    const char reference[] = {'&', '#', static_cast<char>('0' + c / 10), static_cast<char>('0' + c % 10),
                              ';'};
    out.append(reference, sizeof reference);
}

// The bytes each context writes otherwise than as they are (the switch below says how): a look-up
// a byte, where the switch took several branches (a save writes 9 MB of attributes and text).
constexpr std::array<bool, 256> escapedIn(Context context) {
    std::array<bool, 256> escaped{};
    for (int c = 0; c < 32; ++c) {
        escaped[c] = context == Context::Attribute || (c != '\t' && c != '\n');
    }
    escaped['&'] = escaped['<'] = true;
    escaped['>'] = context == Context::Text;
    escaped['"'] = context == Context::Attribute;
    return escaped;
}
constexpr std::array<bool, 256> escapedInAttribute = escapedIn(Context::Attribute),
                                escapedInText = escapedIn(Context::Text);

void appendEscaped(std::string& out, std::string_view text, Context context) {
    text = text.substr(0, text.find('\0'));
    const std::array<bool, 256>& escaped = context == Context::Attribute ? escapedInAttribute : escapedInText;
    std::size_t plain = 0; // the start of the run not yet copied
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (!escaped[c]) {
            continue;
        }
        const char* entity = nullptr;
        bool control = false;
        switch (c) {
        case '&':
            entity = "&amp;";
            break;
        case '<':
            entity = "&lt;";
            break;
        case '>':
            entity = context == Context::Text ? "&gt;" : nullptr;
            break;
        case '"':
            entity = context == Context::Attribute ? "&quot;" : nullptr;
            break;
        case '\t':
        case '\n':
            control = context == Context::Attribute;
            break;
        default:
            control = c < 32;
            break;
        }
        if (entity == nullptr && !control) {
            continue;
        }
        out.append(text.data() + plain, i - plain);
        plain = i + 1;
        if (entity != nullptr) {
            out += entity;
        } else {
            appendControlReference(out, c);
        }
    }
    out.append(text.data() + plain, text.size() - plain);
}

} // namespace

XmlOut::XmlOut(std::string& out) : out_(out) {
    out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
}

XmlOut::Continuation XmlOut::handOver() {
    assert(!open_.empty());
    Continuation c;
    c.depth_ = outerDepth_ + open_.size() - 1;
    c.name_ = open_.back().name;
    c.hasChildren_ = open_.back().hasChildren;
    open_.pop_back();
    return c;
}

XmlOut::XmlOut(std::string& out, Continuation element)
    : out_(out), outerDepth_(element.depth_), open_{{element.name_, element.hasChildren_}} {}

bool XmlOut::takesFirstChild() {
    if (!open_.empty() && !open_.back().hasChildren) {
        open_.back().hasChildren = true;
        return true;
    }
    return false;
}

char* XmlOut::endTagAt(char* p, std::string_view name) {
    *p++ = '<';
    *p++ = '/';
    p = copied(name, p);
    *p++ = '>';
    *p++ = '\n';
    return p;
}

void XmlOut::open(std::string_view name) {
    const bool endStartTag = takesFirstChild();
    const std::size_t spaces = indentWidth();
    appendAtMost(2 + spaces + 1 + name.size(), [&](char* p) {
        if (endStartTag) {
            *p++ = '>';
            *p++ = '\n';
        }
        p = std::fill_n(p, spaces, ' ');
        *p++ = '<';
        return copied(name, p);
    });
    open_.push_back({name});
}

void XmlOut::startAttribute(std::string_view name) {
    assert(!open_.empty() && !open_.back().hasChildren);
    appendAtMost(name.size() + 3, [&](char* p) { return startAttributeAt(p, name); });
}

void XmlOut::attribute(std::string_view name, std::string_view value) {
    assert(!open_.empty() && !open_.back().hasChildren);
    if (needsNoEscaping(value)) { // names and enumerations, nearly always
        appendAtMost(name.size() + value.size() + 4, [&](char* p) {
            p = copied(value, startAttributeAt(p, name));
            *p++ = '"';
            return p;
        });
        return;
    }
    startAttribute(name);
    appendEscaped(out_, value, Context::Attribute);
    out_ += '"';
}

bool XmlOut::needsNoEscaping(std::string_view value) {
    // Eight bytes at a time: none below 0x20 (a NUL and the control characters), none '"', '&' or
    // '<' (the "has a byte less than" and "has a zero byte" tests of Anderson's bit hacks, each
    // exact for the word as a whole). escapedInAttribute says the same a byte at a time.
    constexpr std::uint64_t ones = 0x0101010101010101, highBits = 0x8080808080808080;
    const auto below = [](std::uint64_t w, std::uint64_t n) { return (w - ones * n) & ~w & highBits; };
    std::size_t i = 0;
    for (; i + 8 <= value.size(); i += 8) {
        std::uint64_t w = 0;
        std::memcpy(&w, value.data() + i, 8);
        if ((below(w, 0x20) | below(w ^ (ones * '"'), 1) | below(w ^ (ones * '&'), 1) |
             below(w ^ (ones * '<'), 1)) != 0) {
            return false;
        }
    }
    for (; i < value.size(); ++i) {
        if (escapedInAttribute[static_cast<unsigned char>(value[i])]) {
            return false;
        }
    }
    return true;
}

void XmlOut::beginText() {
    assert(!open_.empty() && !open_.back().hasChildren);
    out_ += '>';
}

void XmlOut::endText() {
    const std::string_view name = open_.back().name;
    appendAtMost(name.size() + 4, [&](char* p) { return endTagAt(p, name); });
    open_.pop_back();
}

void XmlOut::closeWithText(std::string_view text) {
    beginText();
    appendEscaped(out_, text, Context::Text);
    endText();
}

void XmlOut::close() {
    assert(!open_.empty());
    const OpenElement element = open_.back();
    open_.pop_back();
    if (!element.hasChildren) {
        out_ += " />\n";
        return;
    }
    const std::size_t spaces = indentWidth();
    appendAtMost(spaces + element.name.size() + 4,
                 [&](char* p) { return endTagAt(std::fill_n(p, spaces, ' '), element.name); });
}

} // namespace sandtable
