#pragma once
// Paths as UTF-8, the one encoding every library Sandtable uses takes for file names on every
// system (Cairo, libzip and GDAL convert UTF-8 to the wide names of Windows themselves), and C files
// opened by their wide names on Windows. std::filesystem::path::string() would give Windows' ANSI
// code page, which cannot name "Zoë's maps" on most systems.
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable {

inline std::string utf8(const std::filesystem::path& path) {
    const std::u8string bytes = path.u8string();
    return {bytes.begin(), bytes.end()};
}

inline std::filesystem::path pathFromUtf8(std::string_view text) {
    return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

// std::fopen by the path's own name; mode as fopen's ("rb", "wb").
inline std::FILE* openCFile(const std::filesystem::path& path, const char* mode) {
#ifdef _WIN32
    const std::wstring wide(mode, mode + std::char_traits<char>::length(mode));
    return ::_wfopen(path.c_str(), wide.c_str());
#else
    return std::fopen(path.c_str(), mode);
#endif
}

} // namespace sandtable
