#pragma once
// Writes a file so that a crash or a full disk never leaves a half-written one: the bytes go to a
// temporary file beside it, are flushed to disk, and replace the old file by an atomic rename. The
// previous version is kept as FILE.bak.
#include <expected>
#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable {

struct AtomicWriteOptions {
    bool keepBackup = true;
};

[[nodiscard]] std::expected<void, std::string> writeFileAtomically(const std::filesystem::path& path,
                                                                   std::string_view bytes,
                                                                   AtomicWriteOptions options = {});

// Reads a whole file; the error gives the system's reason (the caller names the file).
[[nodiscard]] std::expected<std::string, std::string> readWholeFile(const std::filesystem::path& path);

} // namespace sandtable
