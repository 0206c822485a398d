#include "xml_lexical_check.hpp"

#include "model/limits.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace sandtable {
namespace {

bool allowedXmlChar(unsigned long cp) {
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
           (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

std::string hexByte(unsigned char c) {
    constexpr const char* digits = "0123456789abcdef";
    return std::string("0x") + digits[c >> 4] + digits[c & 15];
}

// A reference starting at '&': &amp; &lt; &gt; &quot; &apos; &#N; &#xN;. Returns the problem, if any.
std::optional<std::string> checkReference(std::string_view ref) {
    const auto semicolon = ref.find(';');
    if (semicolon == std::string_view::npos || semicolon > 12) {
        return "a bare '&' (write it as &amp;)";
    }
    const std::string_view body = ref.substr(1, semicolon - 1);
    static constexpr std::array<std::string_view, 5> predefined{"amp", "lt", "gt", "quot", "apos"};
    for (auto p : predefined) {
        if (body == p) {
            return std::nullopt;
        }
    }
    if (body.starts_with('#')) {
        const bool hex = body.size() > 1 && (body[1] == 'x');
        const std::string_view digits = body.substr(hex ? 2 : 1);
        unsigned long cp = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
        if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size()) {
            return "the character reference &" + std::string(body) + "; is not a number";
        }
        if (!allowedXmlChar(cp)) {
            return "the character reference &" + std::string(body) +
                   "; names a character XML does not allow (control characters other than tab, line feed "
                   "and carriage return cannot be stored)";
        }
        return std::nullopt;
    }
    return "the entity reference &" + std::string(body) +
           "; is not one of XML's five (&amp; &lt; &gt; &quot; &apos;); Sandtable files use no DTD entities";
}

} // namespace

std::optional<LexicalProblem> findLexicalProblem(std::string_view xml) {
    if (auto bad = limits::firstInvalidTextByte(xml)) {
        const auto c = static_cast<unsigned char>(xml[*bad]);
        return LexicalProblem{*bad, c < 0x20 ? "the control character " + hexByte(c) +
                                                   " is not allowed in XML (only tab, line feed and "
                                                   "carriage return are)"
                                             : "the byte " + hexByte(c) +
                                                   " is not valid UTF-8; save the file as UTF-8"};
    }
    // The next '<' and the next '&' each found by memchr (vectorised), and kept until passed: a
    // 9 MB map is mostly numbers between its few markups.
    std::size_t nextAngle = 0, nextAmpersand = 0;
    const auto nextMarkup = [&](std::size_t from) {
        if (nextAngle < from) {
            nextAngle = xml.find('<', from);
        }
        if (nextAmpersand < from) {
            nextAmpersand = xml.find('&', from);
        }
        return std::min(nextAngle, nextAmpersand);
    };
    for (std::size_t i = nextMarkup(0); i != std::string_view::npos; i = nextMarkup(i)) {
        const std::string_view rest = xml.substr(i);
        auto skipTo = [&](std::string_view close) {
            const auto end = xml.find(close, i);
            return end == std::string_view::npos ? xml.size() : end + close.size();
        };
        if (rest.starts_with("<!--")) {
            i = skipTo("-->");
        } else if (rest.starts_with("<![CDATA[")) {
            i = skipTo("]]>");
        } else if (rest.starts_with("<?")) {
            i = skipTo("?>");
        } else if (rest.starts_with("<!")) {
            return LexicalProblem{i, "a document type declaration (<!DOCTYPE ...>) is not allowed in a "
                                     "Sandtable file"};
        } else if (rest.front() == '&') {
            if (auto problem = checkReference(rest)) {
                return LexicalProblem{i, *problem};
            }
            ++i;
        } else {
            ++i;
        }
    }
    return std::nullopt;
}

} // namespace sandtable
