#include "formats/vassal/sequence.hpp"

namespace sandtable {

std::string vassalSequence(const std::vector<std::string>& tokens, char delimiter) {
    std::string out;
    bool first = true;
    for (const std::string& token : tokens) {
        if (!first) {
            out += delimiter;
        }
        first = false;
        if (token.empty()) {
            continue;
        }
        const bool quote = token.front() == '\\' || (token.front() == '\'' && token.back() == '\'');
        if (quote) {
            out += '\'';
        }
        for (char c : token) {
            if (c == delimiter) {
                out += '\\';
            }
            out += c;
        }
        if (quote) {
            out += '\'';
        }
    }
    return out;
}

VassalSequenceDecoder::VassalSequenceDecoder(std::string_view value, char delimiter)
    : value_(value), delimiter_(delimiter) {}

std::optional<std::string> VassalSequenceDecoder::next() {
    if (!more_) {
        return std::nullopt;
    }
    const std::size_t stop = value_.size();
    if (start_ == stop) {
        more_ = false;
        return std::string();
    }
    // A token split by escaped delimiters is joined from its pieces, each without the backslash.
    std::string token;
    std::size_t i = start_;
    for (; i < stop; ++i) {
        if (value_[i] != delimiter_) {
            continue;
        }
        // VASSAL looks at the character before the delimiter in the whole string, not the token.
        if (i > 0 && value_[i - 1] == '\\') {
            token.append(value_.substr(start_, i - 1 - start_));
            start_ = i;
        } else {
            token.append(value_.substr(start_, i - start_));
            start_ = i + 1;
            break;
        }
    }
    if (start_ < i) {
        // The end of the string without a delimiter: this was the last token.
        token.append(value_.substr(start_));
        more_ = false;
    }
    if (token.size() > 1 && token.front() == '\'' && token.back() == '\'') {
        token = token.substr(1, token.size() - 2);
    }
    return token;
}

std::string VassalSequenceDecoder::next(std::string_view fallback) {
    auto token = next();
    return token ? std::move(*token) : std::string(fallback);
}

std::vector<std::string> vassalTokens(std::string_view value, char delimiter) {
    std::vector<std::string> out;
    VassalSequenceDecoder d(value, delimiter);
    while (auto token = d.next()) {
        out.push_back(std::move(*token));
    }
    return out;
}

} // namespace sandtable
