#include "xml_out.hpp"

#include <array>
#include <cassert>

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

XmlOut::XmlOut(std::string& out, Fragment at) : out_(out), outerDepth_(at.depth) {}

void XmlOut::indent() {
    out_.append(2 * (outerDepth_ + open_.size()), ' ');
}

void XmlOut::startChild() {
    if (!open_.empty() && !open_.back().hasChildren) {
        out_ += ">\n";
        open_.back().hasChildren = true;
    }
}

void XmlOut::insert(std::string_view fragment) {
    if (!fragment.empty()) {
        startChild();
        out_ += fragment;
    }
}

void XmlOut::open(std::string_view name) {
    startChild();
    indent();
    out_ += '<';
    out_ += name;
    open_.push_back({name});
}

void XmlOut::startAttribute(std::string_view name) {
    assert(!open_.empty() && !open_.back().hasChildren);
    out_ += ' ';
    out_ += name;
    out_ += "=\"";
}

void XmlOut::attribute(std::string_view name, std::string_view value) {
    startAttribute(name);
    appendEscaped(out_, value, Context::Attribute);
    out_ += '"';
}

bool XmlOut::needsNoEscaping(std::string_view value) {
    return std::ranges::none_of(value,
                                [](char c) { return escapedInAttribute[static_cast<unsigned char>(c)]; }) &&
           value.find('\0') == std::string_view::npos;
}

void XmlOut::beginText() {
    assert(!open_.empty() && !open_.back().hasChildren);
    out_ += '>';
}

void XmlOut::endText() {
    out_ += "</";
    out_ += open_.back().name;
    out_ += ">\n";
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
    indent();
    out_ += "</";
    out_ += element.name;
    out_ += ">\n";
}

} // namespace sandtable
