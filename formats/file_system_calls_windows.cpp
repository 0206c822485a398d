// Windows: the C runtime's descriptors over wide (UTF-16) paths, MoveFileExW for the atomic
// replacement, the process table through OpenProcess.
#include "file_system_calls.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <io.h>
#include <random>
#include <share.h>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <windows.h>
// After windows.h, which it needs.
#include <shellapi.h>

namespace sandtable::sys {
namespace {

std::string lastCrtError() {
    return std::strerror(errno);
}

std::string lastWindowsError(DWORD code = GetLastError()) {
    return std::system_category().message(static_cast<int>(code));
}

unsigned int chunk(std::size_t size) {
    return static_cast<unsigned int>(std::min<std::size_t>(size, INT_MAX));
}

} // namespace

std::filesystem::path userStateFolder() {
    if (const wchar_t* local = _wgetenv(L"LOCALAPPDATA"); local != nullptr && *local != L'\0') {
        return std::filesystem::path(local) / "Sandtable";
    }
    return std::filesystem::temp_directory_path() / "Sandtable";
}

std::vector<std::string> commandLine(int argc, char** argv) {
    int count = 0;
    wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &count);
    if (wide == nullptr) {
        return std::vector<std::string>(argv + std::min(argc, 1), argv + argc);
    }
    std::vector<std::string> args;
    for (int i = 1; i < count; ++i) {
        const int n = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
        std::string arg(static_cast<std::size_t>(std::max(n, 1)), '\0');
        WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, arg.data(), n, nullptr, nullptr);
        arg.resize(static_cast<std::size_t>(std::max(n - 1, 0))); // without the terminating zero
        args.push_back(std::move(arg));
    }
    LocalFree(wide);
    return args;
}

bool isTerminal(std::FILE* stream) {
    return _isatty(_fileno(stream)) != 0;
}

void preferLargeMemoryPages() {
    // Windows grants large pages only to accounts given the "Lock pages in memory" right: nothing
    // to ask for here.
}

int processId() {
    return static_cast<int>(GetCurrentProcessId());
}

bool processRunning(int pid) {
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
    if (process == nullptr) {
        // Another user's process cannot be asked about, but it runs.
        return GetLastError() == ERROR_ACCESS_DENIED;
    }
    DWORD code = 0;
    const bool running = GetExitCodeProcess(process, &code) != 0 && code == STILL_ACTIVE;
    CloseHandle(process);
    return running;
}

bool mayWrite(const std::filesystem::path& file) {
    const DWORD attributes = GetFileAttributesW(file.c_str());
    return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY) == 0;
}

std::expected<NewFile, std::string> createUnique(const std::filesystem::path& folder,
                                                 const std::string& prefix) {
    static constexpr char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::random_device seed;
    std::mt19937 random(seed());
    std::uniform_int_distribution<std::size_t> pick(0, sizeof letters - 2);
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string name = prefix;
        for (int i = 0; i < 6; ++i) {
            name += letters[pick(random)];
        }
        const std::filesystem::path path = folder / name;
        int fd = -1;
        const errno_t failed =
            _wsopen_s(&fd, path.c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT,
                      _SH_DENYNO, _S_IREAD | _S_IWRITE);
        if (failed == 0) {
            return NewFile{fd, path};
        }
        if (failed != EEXIST) {
            return std::unexpected(std::strerror(failed));
        }
    }
    return std::unexpected("no free name for a temporary file");
}

void copyPermissions(int /*fd*/, const std::filesystem::path& /*from*/) {}

void useNewFilePermissions(int /*fd*/) {}

std::expected<std::size_t, std::string> writeSome(int fd, const char* bytes, std::size_t size) {
    const int n = _write(fd, bytes, chunk(size));
    if (n < 0) {
        return std::unexpected(lastCrtError());
    }
    return static_cast<std::size_t>(n);
}

std::expected<std::size_t, std::string> readSome(int fd, char* bytes, std::size_t size) {
    const int n = _read(fd, bytes, chunk(size));
    if (n < 0) {
        return std::unexpected(lastCrtError());
    }
    return static_cast<std::size_t>(n);
}

std::expected<void, std::string> flushToDisk(int fd) {
    if (_commit(fd) != 0) {
        return std::unexpected(lastCrtError());
    }
    return {};
}

void closeFile(int fd) {
    _close(fd);
}

std::expected<void, std::string> replaceFile(const std::filesystem::path& from,
                                             const std::filesystem::path& to) {
    // A virus scanner or an indexer may hold a just-written file for a moment: a few tries over a
    // second before giving up. Another program that keeps the file open without letting it be
    // replaced is named in the message.
    DWORD error = ERROR_SUCCESS;
    for (int attempt = 0; attempt < 10; ++attempt) {
        if (MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) != 0) {
            return {};
        }
        error = GetLastError();
        if (error != ERROR_SHARING_VIOLATION && error != ERROR_ACCESS_DENIED &&
            error != ERROR_LOCK_VIOLATION) {
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (error == ERROR_SHARING_VIOLATION || error == ERROR_LOCK_VIOLATION || error == ERROR_ACCESS_DENIED) {
        return std::unexpected(lastWindowsError(error) +
                               " (another program may have the file open: close it there and save again)");
    }
    return std::unexpected(lastWindowsError(error));
}

void flushFolder(const std::filesystem::path& /*folder*/) {
    // MOVEFILE_WRITE_THROUGH has already made the replacement durable.
}

std::expected<OpenedForReading, std::string> openForReading(const std::filesystem::path& path) {
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (!ec && status.type() != std::filesystem::file_type::regular &&
        status.type() != std::filesystem::file_type::not_found) {
        return OpenedForReading{-1, status.type(), 0};
    }
    int fd = -1;
    if (const errno_t failed =
            _wsopen_s(&fd, path.c_str(), _O_RDONLY | _O_BINARY | _O_NOINHERIT, _SH_DENYNO, 0);
        failed != 0) {
        return std::unexpected(std::string("cannot open: ") + std::strerror(failed));
    }
    struct _stat64 info {};
    if (_fstat64(fd, &info) != 0) {
        std::string error = "cannot read: " + lastCrtError();
        _close(fd);
        return std::unexpected(std::move(error));
    }
    return OpenedForReading{fd, std::filesystem::file_type::regular,
                            static_cast<std::uintmax_t>(info.st_size)};
}

} // namespace sandtable::sys
