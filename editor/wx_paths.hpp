#pragma once
// File paths to and from wx's strings, through UTF-8 (model/file_names.hpp): the one conversion that
// is right on every system whatever the locale (a wide string would go through the C library's
// locale on Linux and lose a name outside it).
#include "model/file_names.hpp"

#include <wx/string.h>

#include <filesystem>

namespace sandtable {

inline std::filesystem::path pathOf(const wxString& text) {
    return pathFromUtf8(text.utf8_string());
}

inline wxString textOf(const std::filesystem::path& path) {
    return wxString::FromUTF8(utf8(path));
}

} // namespace sandtable
