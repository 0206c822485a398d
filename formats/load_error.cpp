#include "formats/load_error.hpp"

#include <algorithm>

namespace sandtable {

std::string LoadError::toString() const {
    std::string out = file;
    if (line > 0) {
        out += ":" + std::to_string(line);
        if (column > 0) {
            out += ":" + std::to_string(column);
        }
    }
    return out + ": " + message;
}

namespace {

struct TextPosition {
    int line = 1;
    std::size_t lineStart = 0; // the offset the line starts at
};

// Where `upto` lies, with LF, CRLF and a lone CR (old Mac files) each ending a line: the same line
// and column whichever a file was saved with.
TextPosition positionAt(std::string_view text, std::size_t upto) {
    TextPosition at;
    for (std::size_t i = 0; i < upto; ++i) {
        if (endsLine(text, i)) {
            ++at.line;
            at.lineStart = i + 1;
        }
    }
    return at;
}

std::size_t clampedOffset(std::string_view text, std::ptrdiff_t offset) {
    return std::min(static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset, 0)), text.size());
}

} // namespace

int lineAt(std::string_view text, std::ptrdiff_t offset) {
    return positionAt(text, clampedOffset(text, offset)).line;
}

std::size_t lineStartAt(std::string_view text, std::ptrdiff_t offset) {
    return positionAt(text, clampedOffset(text, offset)).lineStart;
}

int LineIndex::lineAt(std::ptrdiff_t offset) const {
    if (!indexed_) {
        for (std::size_t i = 0; i < text_.size(); ++i) {
            if (endsLine(text_, i)) {
                ends_.push_back(i);
            }
        }
        indexed_ = true;
    }
    // The lines ended before the offset, as positionAt counts them (the bytes before it).
    const std::size_t upto = clampedOffset(text_, offset);
    return 1 + static_cast<int>(std::ranges::lower_bound(ends_, upto) - ends_.begin());
}

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find_first_of("\n\r", start);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        lines.push_back(text.substr(start, end - start));
        start = end + (end + 1 < text.size() && text[end] == '\r' && text[end + 1] == '\n' ? 2 : 1);
    }
    return lines;
}

LoadError LoadError::at(std::string file, std::string_view text, std::ptrdiff_t offset, std::string message) {
    LoadError e{std::move(file), 0, 0, std::move(message)};
    if (offset >= 0) {
        const std::size_t upto = clampedOffset(text, offset);
        const TextPosition at = positionAt(text, upto);
        e.line = at.line;
        e.column = static_cast<int>(upto - at.lineStart + 1);
    }
    return e;
}

} // namespace sandtable
