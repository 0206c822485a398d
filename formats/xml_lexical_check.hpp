#pragma once
// What pugixml lets through but a Sandtable file must not hold: bytes that are not UTF-8, control
// characters XML 1.0 forbids (raw or as &#0;), document type declarations, and entity references
// other than XML's five (pugixml keeps an unknown &name; as literal text, which would change the
// text on the next save). Checked before parsing, so the error points at the exact byte.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

struct LexicalProblem {
    std::size_t offset;
    std::string message;
};

[[nodiscard]] std::optional<LexicalProblem> findLexicalProblem(std::string_view xml);

} // namespace sandtable
