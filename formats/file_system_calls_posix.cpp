#include "file_system_calls.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#define SANDTABLE_LARGE_PAGES 1
#include <malloc.h>
#include <sys/mman.h>

#include <thread>
#endif

namespace sandtable::sys {
namespace {

std::string lastError() {
    return std::strerror(errno);
}

std::filesystem::file_type typeOf(mode_t mode) {
    using std::filesystem::file_type;
    return S_ISREG(mode)    ? file_type::regular
           : S_ISDIR(mode)  ? file_type::directory
           : S_ISFIFO(mode) ? file_type::fifo
           : S_ISCHR(mode)  ? file_type::character
           : S_ISBLK(mode)  ? file_type::block
           : S_ISSOCK(mode) ? file_type::socket
                            : file_type::unknown;
}

// A read or write again when a signal interrupted it before any byte moved.
template <typename Call> std::expected<std::size_t, std::string> interruptible(Call call) {
    for (;;) {
        const ssize_t n = call();
        if (n >= 0) {
            return static_cast<std::size_t>(n);
        }
        if (errno != EINTR) {
            return std::unexpected(lastError());
        }
    }
}

} // namespace

std::filesystem::path userStateFolder() {
    if (const char* state = std::getenv("XDG_STATE_HOME"); state != nullptr && *state != '\0') {
        return std::filesystem::path(state) / "sandtable";
    }
    const char* home = std::getenv("HOME");
    return std::filesystem::path(home != nullptr ? home : "/tmp") / ".local" / "state" / "sandtable";
}

std::vector<std::string> commandLine(int argc, char** argv) {
    return std::vector<std::string>(argv + std::min(argc, 1), argv + argc);
}

bool isTerminal(std::FILE* stream) {
    return ::isatty(::fileno(stream)) != 0;
}

void preferLargeMemoryPages() {
#ifdef SANDTABLE_LARGE_PAGES
    constexpr int reserve = 256 << 20; // address space, not memory: pages come as touched
    constexpr std::uintptr_t largePage = 2 << 20;
    mallopt(M_MMAP_THRESHOLD, 32 << 20);    // glibc's largest: big buffers come from the heap too,
    mallopt(M_TRIM_THRESHOLD, reserve * 2); // which keeps them between a load and a save
    mallopt(M_TOP_PAD, reserve);
    // Two arenas: the main one, and one for the other threads (a save's read-back, a picture's
    // bands, the rules checked side by side), so two cores never wait on one malloc lock. The
    // second is made now, by a thread of its own, and advised like the heap: glibc gives a thread
    // arena one 64 MB heap whose memory comes as touched, and a thread that ends hands its arena to
    // the next one started.
    mallopt(M_ARENA_MAX, 2);
    std::thread([] {
        constexpr std::uintptr_t threadHeap = 64 << 20; // glibc's HEAP_MAX_SIZE on 64-bit systems
        void* volatile first = std::malloc(64);
        const auto at = reinterpret_cast<std::uintptr_t>(first);
        std::free(first);
        // Thread heaps are mapped high above the program's heap (which ends at sbrk(0)), each
        // aligned to its size; one below is the main heap, already advised.
        if (at > reinterpret_cast<std::uintptr_t>(sbrk(0))) {
            (void)madvise(reinterpret_cast<void*>(at & ~(threadHeap - 1)), threadHeap, MADV_HUGEPAGE);
        }
    }).join();
    const auto before = reinterpret_cast<std::uintptr_t>(sbrk(0));
    void* volatile grow = std::malloc(1 << 20); // more than the heap has free: it grows by the pad
    std::free(grow);
    const auto after = reinterpret_cast<std::uintptr_t>(sbrk(0));
    const std::uintptr_t start = (before + largePage - 1) & ~(largePage - 1);
    if (after > start + largePage) {
        // A hint: where the system has no large pages (or says no) the heap works as before.
        (void)madvise(reinterpret_cast<void*>(start), after - start, MADV_HUGEPAGE);
    }
#endif
}

int processId() {
    return static_cast<int>(::getpid());
}

bool processRunning(int pid) {
    std::error_code ec;
    return std::filesystem::exists("/proc/" + std::to_string(pid), ec);
}

bool mayWrite(const std::filesystem::path& file) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) {
        return false;
    }
    // The owner's write bit, even for root (who could write anyway): a file its owner made
    // read-only is one they do not want changed.
    return ::geteuid() == info.st_uid ? (info.st_mode & S_IWUSR) != 0 : ::access(file.c_str(), W_OK) == 0;
}

std::expected<NewFile, std::string> createUnique(const std::filesystem::path& folder,
                                                 const std::string& prefix) {
    std::string name = (folder / (prefix + "XXXXXX")).string();
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0) {
        return std::unexpected(lastError());
    }
    return NewFile{fd, name};
}

void copyPermissions(int fd, const std::filesystem::path& from) {
    struct stat info {};
    if (::stat(from.c_str(), &info) != 0) {
        return;
    }
    ::fchmod(fd, info.st_mode & 07777);
    if (::fchown(fd, info.st_uid, info.st_gid) != 0) {
        // Only root may give a file away; the permissions above are what matters.
    }
}

void useNewFilePermissions(int fd) {
    // mkstemp makes the file 0600: a new document's usual ones are 0666 less the umask.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
}

std::expected<std::size_t, std::string> writeSome(int fd, const char* bytes, std::size_t size) {
    return interruptible([&] { return ::write(fd, bytes, size); });
}

std::expected<std::size_t, std::string> readSome(int fd, char* bytes, std::size_t size) {
    return interruptible([&] { return ::read(fd, bytes, size); });
}

std::expected<void, std::string> flushToDisk(int fd) {
    if (::fsync(fd) != 0) {
        return std::unexpected(lastError());
    }
    return {};
}

void closeFile(int fd) {
    ::close(fd);
}

std::expected<void, std::string> replaceFile(const std::filesystem::path& from,
                                             const std::filesystem::path& to) {
    if (::rename(from.c_str(), to.c_str()) != 0) {
        return std::unexpected(lastError());
    }
    return {};
}

void flushFolder(const std::filesystem::path& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

std::expected<OpenedForReading, std::string> openForReading(const std::filesystem::path& path) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused by its type.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return std::unexpected("cannot open: " + lastError());
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        std::string error = "cannot read: " + lastError();
        ::close(fd);
        return std::unexpected(std::move(error));
    }
    OpenedForReading opened{fd, typeOf(info.st_mode), static_cast<std::uintmax_t>(info.st_size)};
    if (opened.type != std::filesystem::file_type::regular) {
        ::close(fd);
        opened.fd = -1;
        return opened;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return opened;
}

} // namespace sandtable::sys
