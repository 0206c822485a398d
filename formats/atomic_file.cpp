#include "atomic_file.hpp"

#include "model/limits.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace sandtable {
namespace {

std::string systemError(const std::filesystem::path& path, std::string_view what) {
    return path.string() + ": " + std::string(what) + ": " + std::strerror(errno);
}

// Closes the descriptor on every path out.
struct FileDescriptor {
    int fd = -1;
    ~FileDescriptor() {
        if (fd >= 0) {
            ::close(fd);
        }
    }
};

std::string kindOf(mode_t mode) {
    return S_ISDIR(mode)    ? "a directory"
           : S_ISFIFO(mode) ? "a pipe (FIFO)"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "a special file";
}

// ".NAME.PID." starts every temporary file of NAME; a PID that is no longer running left it.
std::string temporaryPrefix(const std::filesystem::path& target) {
    return "." + target.filename().string() + ".";
}

void removeLeftovers(const std::filesystem::path& target) {
    namespace fs = std::filesystem;
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string prefix = temporaryPrefix(target);
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.starts_with(prefix) || !it->is_regular_file(ec)) {
            continue;
        }
        // .NAME.PID.XXXXXX (mkstemp's six characters)
        const std::string rest = name.substr(prefix.size());
        const auto dot = rest.find('.');
        if (dot == std::string::npos || rest.size() != dot + 7 || dot == 0 ||
            rest.find_first_not_of("0123456789") != dot) {
            continue;
        }
        const std::string pid = rest.substr(0, dot);
        if (pid != std::to_string(::getpid()) && !fs::exists("/proc/" + pid, ec)) {
            fs::remove(it->path(), ec);
        }
    }
}

} // namespace

std::expected<AtomicFile, std::string> AtomicFile::create(const std::filesystem::path& path,
                                                          AtomicWriteOptions options) {
    namespace fs = std::filesystem;
    AtomicFile f;
    f.asked_ = path;
    f.options_ = options;
    f.target_ = path;
    std::error_code ec;
    // Save through a link to what it points at, so the link (a designer's shortcut) survives.
    if (fs::is_symlink(path, ec)) {
        f.target_ = fs::weakly_canonical(path, ec);
        if (ec) {
            return std::unexpected(path.string() + ": cannot follow the symbolic link: " + ec.message());
        }
    }
    struct stat info {};
    if (::stat(f.target_.c_str(), &info) == 0) {
        if (!S_ISREG(info.st_mode)) {
            return std::unexpected(path.string() + ": is " + kindOf(info.st_mode) +
                                   "; Sandtable writes only regular files");
        }
        const bool writable = ::geteuid() == info.st_uid ? (info.st_mode & S_IWUSR) != 0
                                                         : ::access(f.target_.c_str(), W_OK) == 0;
        if (!writable) {
            return std::unexpected(
                path.string() + ": is read-only; nothing was written (make it writable or save elsewhere)");
        }
        f.existed_ = true;
    } else if (errno != ENOENT) {
        return std::unexpected(systemError(path, "cannot look at the file"));
    }
    removeLeftovers(f.target_);
    const fs::path dir = f.target_.has_parent_path() ? f.target_.parent_path() : fs::path(".");
    std::string tmpl = (dir / (temporaryPrefix(f.target_) + std::to_string(::getpid()) + ".XXXXXX")).string();
    f.fd_ = ::mkostemp(tmpl.data(), O_CLOEXEC);
    if (f.fd_ < 0) {
        return std::unexpected(systemError(path, "cannot create a temporary file beside it"));
    }
    f.tmp_ = tmpl;
    // mkstemp makes the file 0600: give it the old file's permissions and owner, or a new
    // document's usual ones (0666 less the umask).
    if (f.existed_) {
        ::fchmod(f.fd_, info.st_mode & 07777);
        if (::fchown(f.fd_, info.st_uid, info.st_gid) != 0) {
            // Only root may give a file away; the permissions above are what matters.
        }
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        ::fchmod(f.fd_, 0666 & ~mask);
    }
    return f;
}

AtomicFile::AtomicFile(AtomicFile&& o) noexcept
    : asked_(std::move(o.asked_)), target_(std::move(o.target_)), tmp_(std::move(o.tmp_)), fd_(o.fd_),
      existed_(o.existed_), options_(o.options_) {
    o.fd_ = -1;
    o.tmp_.clear();
}

AtomicFile::~AtomicFile() {
    discard();
}

void AtomicFile::discard() {
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (!tmp_.empty()) {
        std::error_code ignored;
        std::filesystem::remove(tmp_, ignored);
        tmp_.clear();
    }
}

std::expected<void, std::string> AtomicFile::write(std::string_view bytes) {
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            std::string message = systemError(asked_, "cannot write");
            discard();
            return std::unexpected(std::move(message));
        }
        done += static_cast<std::size_t>(n);
    }
    return {};
}

std::expected<void, std::string> AtomicFile::commit() {
    namespace fs = std::filesystem;
    auto fail = [&](std::string_view what) {
        std::string message = systemError(asked_, what);
        discard();
        return std::unexpected(std::move(message));
    };
    if (tmp_.empty()) {
        return std::unexpected(asked_.string() +
                               ": nothing to save (the file was already written or failed)");
    }
    if (::fsync(fd_) != 0) {
        return fail("cannot flush to disk");
    }
    ::close(fd_);
    fd_ = -1;
    if (options_.keepBackup && existed_) {
        const fs::path backup = target_.string() + ".bak";
        std::error_code ec;
        if (fs::exists(fs::symlink_status(backup, ec)) &&
            !fs::is_regular_file(fs::symlink_status(backup, ec))) {
            errno = EEXIST;
            return fail("cannot keep the previous version, because " + backup.filename().string() +
                        " is not a regular file; nothing was written");
        }
        fs::remove(backup, ec);
        // A hard link keeps the old bytes under the backup name without copying them; where links
        // are not possible, a copy. The file is not replaced without its backup.
        if (::link(target_.c_str(), backup.c_str()) != 0 &&
            !fs::copy_file(target_, backup, fs::copy_options::overwrite_existing, ec)) {
            return fail("cannot keep the previous version as " + backup.filename().string() +
                        "; nothing was written");
        }
    }
    if (::rename(tmp_.c_str(), target_.c_str()) != 0) {
        return fail("cannot replace the file");
    }
    tmp_.clear();
    const fs::path dir = target_.has_parent_path() ? target_.parent_path() : fs::path(".");
    FileDescriptor dirFd;
    dirFd.fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd.fd >= 0) {
        ::fsync(dirFd.fd);
    }
    return {};
}

std::expected<void, std::string> writeFileAtomically(const std::filesystem::path& path,
                                                     std::string_view bytes, AtomicWriteOptions options) {
    auto file = AtomicFile::create(path, options);
    if (!file) {
        return std::unexpected(file.error());
    }
    if (auto written = file->write(bytes); !written) {
        return written;
    }
    return file->commit();
}

std::expected<std::string, std::string> readWholeFile(const std::filesystem::path& path) {
    FileDescriptor in;
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
    in.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (in.fd < 0) {
        return std::unexpected(std::string("cannot open: ") + std::strerror(errno));
    }
    struct stat info {};
    if (::fstat(in.fd, &info) != 0) {
        return std::unexpected(std::string("cannot read: ") + std::strerror(errno));
    }
    if (S_ISDIR(info.st_mode)) {
        return std::unexpected(std::string("is a directory, not a file"));
    }
    if (!S_ISREG(info.st_mode)) {
        return std::unexpected("is " + kindOf(info.st_mode) +
                               ", not a regular file; Sandtable reads only regular files");
    }
    const auto size = static_cast<std::uintmax_t>(info.st_size);
    if (size > limits::maxFileBytes) {
        return std::unexpected("is " + limits::formatNumber(static_cast<long long>(size)) +
                               " bytes; Sandtable reads files of at most " +
                               limits::formatNumber(static_cast<long long>(limits::maxFileBytes)) + " bytes");
    }
    ::fcntl(in.fd, F_SETFL, ::fcntl(in.fd, F_GETFL) & ~O_NONBLOCK);
    // One spare byte notices a file that grows while it is read (a log, a pipe-like file in /proc).
    std::string bytes;
    bytes.resize(static_cast<std::size_t>(size) + 1);
    std::size_t done = 0;
    while (true) {
        if (done == bytes.size()) {
            if (bytes.size() > limits::maxFileBytes) {
                return std::unexpected("grew past " +
                                       limits::formatNumber(static_cast<long long>(limits::maxFileBytes)) +
                                       " bytes while being read");
            }
            bytes.resize(bytes.size() + 65536);
        }
        const ssize_t n = ::read(in.fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return std::unexpected(std::string("cannot read: ") + std::strerror(errno));
        }
        if (n == 0) {
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    bytes.resize(done);
    return bytes;
}

} // namespace sandtable
