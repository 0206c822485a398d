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

int lineAt(std::string_view text, std::ptrdiff_t offset) {
    const auto upto = std::min(static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset, 0)), text.size());
    const std::string_view before = text.substr(0, upto);
    return static_cast<int>(std::count(before.begin(), before.end(), '\n')) + 1;
}

LoadError LoadError::at(std::string file, std::string_view text, std::ptrdiff_t offset, std::string message) {
    LoadError e{std::move(file), 0, 0, std::move(message)};
    if (offset >= 0) {
        const auto upto = std::min(static_cast<std::size_t>(offset), text.size());
        e.line = lineAt(text, offset);
        const auto lineStart = text.substr(0, upto).rfind('\n');
        e.column = static_cast<int>(lineStart == std::string_view::npos ? upto + 1 : upto - lineStart);
    }
    return e;
}

} // namespace sandtable
