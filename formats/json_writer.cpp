#include "json_writer.hpp"

#include "model/limits.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace sandtable {

std::string jsonEscape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char ch = s[i];
        if (static_cast<unsigned char>(ch) >= 0x80) {
            // JSON is UTF-8: a sequence that is not (a file name in another encoding, say) becomes
            // U+FFFD rather than an invalid document.
            const std::size_t length = limits::utf8SequenceLength(s, i);
            if (length == 0) {
                out += "\\ufffd";
            } else {
                out.append(s.substr(i, length));
                i += length - 1;
            }
            continue;
        }
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(ch) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x",
                              static_cast<unsigned>(static_cast<unsigned char>(ch)));
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    out += '"';
    return out;
}

void JsonWriter::newline() {
    out_ += '\n';
    out_.append(stack_.size() * 2, ' ');
}

void JsonWriter::beforeValue() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!stack_.empty()) {
        if (!stack_.back().empty) {
            out_ += ',';
        }
        stack_.back().empty = false;
        newline();
    }
}

JsonWriter& JsonWriter::beginObject() {
    beforeValue();
    out_ += '{';
    stack_.push_back({false, true});
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    const bool empty = stack_.back().empty;
    stack_.pop_back();
    if (!empty) {
        newline();
    }
    out_ += '}';
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    beforeValue();
    out_ += '[';
    stack_.push_back({true, true});
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    const bool empty = stack_.back().empty;
    stack_.pop_back();
    if (!empty) {
        newline();
    }
    out_ += ']';
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
    beforeValue();
    out_ += jsonEscape(k);
    out_ += ": ";
    afterKey_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view v) {
    beforeValue();
    out_ += jsonEscape(v);
    return *this;
}

JsonWriter& JsonWriter::value(long long v) {
    beforeValue();
    out_ += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(double v) {
    beforeValue();
    if (!std::isfinite(v)) {
        out_ += "null";
        return *this;
    }
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, end);
    return *this;
}

JsonWriter& JsonWriter::value(bool v) {
    beforeValue();
    out_ += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    beforeValue();
    out_ += "null";
    return *this;
}

} // namespace sandtable
