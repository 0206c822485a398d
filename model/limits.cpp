#include "limits.hpp"

#include "scenario.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace sandtable::limits {
namespace {

std::string grouped(std::string digits) {
    // digits: an optional '-' then decimal digits; commas every three from the right.
    const std::size_t first = digits.starts_with('-') ? 1 : 0;
    for (std::ptrdiff_t i = static_cast<std::ptrdiff_t>(digits.size()) - 3;
         i > static_cast<std::ptrdiff_t>(first); i -= 3) {
        digits.insert(static_cast<std::size_t>(i), ",");
    }
    return digits;
}

} // namespace

bool RealRange::allows(double v) const {
    return std::isfinite(v) && v >= lo && v <= hi;
}

std::string IntRange::expected() const {
    return "a whole number from " + formatNumber(lo) + " to " + formatNumber(hi);
}

std::string RealRange::expected() const {
    return "a number from " + formatNumber(lo) + " to " + formatNumber(hi);
}

std::string quoted(std::string_view s) {
    constexpr std::size_t shown = 60;
    constexpr const char* hex = "0123456789abcdef";
    std::string out = "'";
    for (std::size_t i = 0; i < s.size() && i < shown; ++i) {
        const char c = s[i];
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
        } else {
            out += c;
        }
    }
    return out + (s.size() > shown ? "...'" : "'");
}

std::string formatNumber(long long v) {
    return grouped(std::to_string(v));
}

std::optional<double> parseFiniteNumber(std::string_view text) {
    double v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::string formatNumber(double v) {
    if (std::isnan(v)) {
        return "not a number";
    }
    if (std::isinf(v)) {
        return v > 0 ? "infinity" : "minus infinity";
    }
    if (std::abs(v) >= 1e15 || (v != 0 && std::abs(v) < 1e-6)) {
        char buf[32];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
        return std::string(buf, end);
    }
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    std::string text(buf, end);
    const auto dot = text.find('.');
    return grouped(text.substr(0, dot)) + (dot == std::string::npos ? "" : text.substr(dot));
}

std::optional<std::chrono::year_month_day> parseDate(std::string_view d) {
    auto number = [](std::string_view t, int& out) {
        auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
        return ec == std::errc{} && p == t.data() + t.size() && !t.empty() &&
               t.find_first_not_of("0123456789") == std::string_view::npos;
    };
    int y = 0, m = 0, day = 0;
    if (d.size() != 10 || d[4] != '-' || d[7] != '-' || !number(d.substr(0, 4), y) ||
        !number(d.substr(5, 2), m) || !number(d.substr(8, 2), day) || !year.allows(y)) {
        return std::nullopt;
    }
    // ok(): a month of the year and a day of that month, leap years counted.
    const std::chrono::year_month_day date{std::chrono::year{y}, std::chrono::month{static_cast<unsigned>(m)},
                                           std::chrono::day{static_cast<unsigned>(day)}};
    return date.ok() ? std::optional(date) : std::nullopt;
}

bool isDate(std::string_view d) {
    return parseDate(d).has_value();
}

std::size_t utf8SequenceLength(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(at);
    if (c < 0x80) {
        return 1;
    }
    const std::size_t length = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (length == 0 || at + length > text.size()) {
        return 0;
    }
    char32_t cp = c & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(at + k) & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (byte(at + k) & 0x3F);
    }
    // Overlong forms, surrogates, beyond Unicode, and the two non-characters XML excludes.
    const char32_t least = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF) {
        return 0;
    }
    return length;
}

namespace {

// GCC's and Clang's vector extension (SSE2 on x86-64, what the target has elsewhere): sixteen
// bytes compared at once. As signed bytes, those with the high bit are negative, so one
// comparison finds both a control character and the start of a UTF-8 sequence.
using SixteenBytes = signed char __attribute__((vector_size(16)));

// True when the 32 bytes at `at` are all printable ASCII.
bool printableAscii32(const char* at) {
    SixteenBytes first, second;
    std::memcpy(&first, at, 16);
    std::memcpy(&second, at + 16, 16);
    const SixteenBytes below = (first < 0x20) | (second < 0x20);
    std::uint64_t halves[2];
    std::memcpy(halves, &below, 16);
    return (halves[0] | halves[1]) == 0;
}

} // namespace

std::optional<std::size_t> firstInvalidTextByte(std::string_view text) {
    // 32 bytes at a time, then eight, while they are all printable ASCII (no byte below 0x20, none
    // with the high bit): most of a file. The lexical check runs over every byte of a 9 MB battle
    // on the load's critical path (perf: a load's checks of its bytes and names 4.5 to 2.9 ms).
    constexpr std::uint64_t ones = 0x0101010101010101, highBits = 0x8080808080808080;
    for (std::size_t i = 0; i < text.size();) {
        if (i + 32 <= text.size() && printableAscii32(text.data() + i)) {
            i += 32;
            continue;
        }
        if (i + 8 <= text.size()) {
            std::uint64_t word = 0;
            std::memcpy(&word, text.data() + i, 8);
            if (((((word - ones * 0x20) & ~word) | word) & highBits) == 0) {
                i += 8;
                continue;
            } // else some byte below 0x20 or above 0x7f: look at them one by one
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x80) { // the common case, without a call
            ++i;
            continue;
        }
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            return i;
        }
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0) {
            return i;
        }
        i += length;
    }
    return std::nullopt;
}

std::optional<std::string> checkText(std::string_view what, std::string_view text) {
    if (text.size() > maxTextBytes) {
        return std::string(what) + " is " + formatNumber(static_cast<long long>(text.size())) +
               " bytes long; at most " + formatNumber(static_cast<long long>(maxTextBytes)) + " are allowed";
    }
    if (auto bad = firstInvalidTextByte(text)) {
        return std::string(what) + " holds a control character or invalid UTF-8 at byte " +
               formatNumber(static_cast<long long>(*bad) + 1);
    }
    return std::nullopt;
}

std::optional<std::string> checkName(std::string_view what, std::string_view name) {
    // One pass for blank and line break: find_first_of and find_first_not_of with a set of
    // characters ask memchr once for every character, and a load checks 27,000 names.
    bool blank = true, oneLine = true;
    for (const char c : name) {
        blank = blank && (c == ' ' || c == '\t');
        oneLine = oneLine && c != '\r' && c != '\n';
    }
    if (blank) {
        return std::string(what) + " is empty; give it a name";
    }
    if (name.size() > maxNameBytes) {
        return std::string(what) + " is " + formatNumber(static_cast<long long>(name.size())) +
               " bytes long; at most " + formatNumber(static_cast<long long>(maxNameBytes)) + " are allowed";
    }
    if (!oneLine) {
        return std::string(what) + " must be one line";
    }
    return checkText(what, name);
}

std::optional<std::string> checkInteger(std::string_view what, long long v, IntRange range) {
    if (range.allows(v)) {
        return std::nullopt;
    }
    return std::string(what) + " must be " + range.expected() + ", not " + formatNumber(v);
}

std::optional<std::string> checkUnit(const Unit& u) {
    if (auto e = checkName("the unit's name", u.name)) {
        return e;
    }
    if (auto e = checkInteger("stands", u.stands, stands)) {
        return e;
    }
    if (auto e = checkInteger("the strength (men or guns)", u.strength, strength)) {
        return e;
    }
    return checkInteger("the roster number", u.roster, roster);
}

std::optional<std::string> checkHeadquarters(const Headquarters& hq) {
    if (auto e = checkName("the headquarters' name", hq.name)) {
        return e;
    }
    if (!hq.commander.empty()) {
        return checkName("the commander's name", hq.commander);
    }
    return std::nullopt;
}

std::optional<std::string> checkTrain(const Train& t) {
    if (!t.name.empty()) {
        return checkName("the train's name", t.name);
    }
    return std::nullopt;
}

std::optional<std::string> checkFeature(const Feature& f) {
    // A town or label is its name; an objective or entry point may stand unnamed.
    if (f.kind == FeatureKind::Town || f.kind == FeatureKind::Label || !f.name.empty()) {
        if (auto e = checkName("the place's name", f.name)) {
            return e;
        }
    }
    return checkInteger("the victory points", f.value, featureValue);
}

std::optional<std::string> checkInfo(const ScenarioInfo& info) {
    if (auto e = checkName("the title", info.title)) {
        return e;
    }
    if (!info.date.empty() && !isDate(info.date)) {
        return "the date must be a date as YYYY-MM-DD (1861-07-21), not '" + info.date + "'";
    }
    if (!info.place.empty()) {
        if (auto e = checkName("the place", info.place)) {
            return e;
        }
    }
    if (auto e = checkInteger("minutes per turn", info.turnMinutes, turnMinutes)) {
        return e;
    }
    if (auto e = checkInteger("the number of turns", info.turns, turns)) {
        return e;
    }
    for (std::size_t i = 0; i < info.nightTurns.size(); ++i) {
        const int night = info.nightTurns[i];
        if (night < 1 || night > info.turns) {
            return "night turn " + std::to_string(night) + " is not one of the scenario's turns (1 to " +
                   std::to_string(info.turns) + ")";
        }
        if (i > 0 && night <= info.nightTurns[i - 1]) {
            return "the night turns must rise, each once: " + std::to_string(info.nightTurns[i - 1]) +
                   " comes before " + std::to_string(night);
        }
    }
    for (const std::optional<ClockTime>& t : {info.startTime, info.dawn}) {
        if (t && (t->minutes < 0 || t->minutes >= 24 * 60)) {
            return "a time of day must be from 00:00 to 23:59";
        }
    }
    for (const std::string& name : info.sideNames) {
        if (auto e = checkName("a side's name", name)) {
            return e;
        }
    }
    for (const auto& [what, text] :
         {std::pair<const char*, const std::string*>{"the set-up notes", &info.setupNotes},
          {"the special rules", &info.specialRules},
          {"the Union objectives", &info.objectives[0]},
          {"the Confederate objectives", &info.objectives[1]},
          {"the victory conditions", &info.victoryConditions}}) {
        if (auto e = checkText(what, *text)) {
            return e;
        }
    }
    return std::nullopt;
}

} // namespace sandtable::limits
