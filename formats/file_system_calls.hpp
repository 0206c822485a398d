#pragma once
// The few file-system calls that std::filesystem does not offer, once for POSIX and once for
// Windows (file_system_calls_posix.cpp, file_system_calls_windows.cpp; the build takes one): a new
// file with a unique name opened for writing, writing and reading through its descriptor, flushing
// it to the disk, replacing one file by another atomically, whether a process still runs and
// whether an existing file may be written. Descriptors are the C runtime's on both. Errors are the
// system's own words, for a message that names the file.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <expected>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::sys {

// Where Sandtable keeps its state of its own (the autosaves of untitled maps): $XDG_STATE_HOME or
// ~/.local/state on POSIX, %LOCALAPPDATA% on Windows; Sandtable's folder in it.
std::filesystem::path userStateFolder();
// The program's arguments after its name, as UTF-8: argv on POSIX; on Windows the wide command
// line (argv there is in the ANSI code page, which cannot hold every file name).
std::vector<std::string> commandLine(int argc, char** argv);
// Whether the C stream goes to a terminal a person watches (a progress bar is worth drawing).
bool isTerminal(std::FILE* stream);

// Asks the system to back the program's heap with large (2 MB) pages where it can (Linux with
// glibc: the heap grown once by 256 MB of address space, advised MADV_HUGEPAGE, and kept). A battle
// of a million cells touches some 60 MB; in 4 KB pages that is 15,000 page faults, and on the
// virtual machines we measure on a fault costs about 14 us: half of a whole `sandtable convert`.
// Called first thing in main; nothing elsewhere (Windows), and nothing under a sanitizer's malloc.
void preferLargeMemoryPages();

int processId();
// The process id written in a file's name ("12345"), or nothing when the text is not one: not all
// digits, or too large for a process id.
std::optional<int> processIdFrom(std::string_view digits);
// Whether the process `pid` still runs (a temporary file it left may be in use).
bool processRunning(int pid);
// Whether an existing file may be written by this process (its permissions or attributes).
bool mayWrite(const std::filesystem::path& file);

struct NewFile {
    int fd = -1;
    std::filesystem::path path;
};
// A file of `folder` named `prefix` and six characters making the name new, created and opened for
// writing (binary, not inherited by child processes).
std::expected<NewFile, std::string> createUnique(const std::filesystem::path& folder,
                                                 const std::string& prefix);
// The new file's permissions: the replaced file's (with its owner where allowed), or a new
// document's usual ones. Nothing to do on Windows, where a new file takes its folder's.
void copyPermissions(int fd, const std::filesystem::path& from);
void useNewFilePermissions(int fd);

// Bytes written or read (fewer than asked is not an error; 0 read is the end).
std::expected<std::size_t, std::string> writeSome(int fd, const char* bytes, std::size_t size);
std::expected<std::size_t, std::string> readSome(int fd, char* bytes, std::size_t size);
std::expected<void, std::string> flushToDisk(int fd);
void closeFile(int fd);

// Puts `from` in place of `to` in one step: a reader sees the old file or the new, never a mix.
std::expected<void, std::string> replaceFile(const std::filesystem::path& from,
                                             const std::filesystem::path& to);
// Makes a replacement in `folder` durable where the system needs it asked (POSIX).
void flushFolder(const std::filesystem::path& folder);

struct OpenedForReading {
    int fd = -1;
    std::filesystem::file_type type = std::filesystem::file_type::none;
    std::uintmax_t size = 0;
};
// Opens `path` for reading without waiting on a FIFO's writer, with its type and size. When it is
// not a regular file, fd is -1 and the type says what it is.
std::expected<OpenedForReading, std::string> openForReading(const std::filesystem::path& path);

} // namespace sandtable::sys
