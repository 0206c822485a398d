#include "atomic_file.hpp"
#include "model/file_names.hpp"

#include "file_system_calls.hpp"
#include "model/limits.hpp"
#include "model/thread_beside.hpp"

#include <charconv>
#include <optional>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

std::string kindOf(fs::file_type type) {
    switch (type) {
    case fs::file_type::directory:
        return "a directory";
    case fs::file_type::fifo:
        return "a pipe (FIFO)";
    case fs::file_type::character:
        return "a character device";
    case fs::file_type::block:
        return "a block device";
    case fs::file_type::socket:
        return "a socket";
    default:
        return "a special file";
    }
}

// ".NAME.PID." starts every temporary file of NAME; a PID that is no longer running left it.
std::string temporaryPrefix(const fs::path& target) {
    return "." + target.filename().string() + ".";
}

// The folder `target` is in.
fs::path folderOf(const fs::path& target) {
    return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

// A new temporary file of this process beside `target` (.NAME.PID.XXXXXX), open for writing.
std::expected<sys::NewFile, std::string> createTemporaryBeside(const fs::path& target) {
    return sys::createUnique(folderOf(target),
                             temporaryPrefix(target) + std::to_string(sys::processId()) + ".");
}

// Renames the regular file `file` aside, to a new temporary name beside `target`: its new path, or
// nothing when it could not be renamed (it is then where it was).
std::optional<fs::path> renameAside(const fs::path& file, const fs::path& target) {
    auto made = createTemporaryBeside(target);
    if (!made) {
        return std::nullopt;
    }
    sys::closeFile(made->fd);
    if (!sys::replaceFile(file, made->path)) {
        std::error_code ignored;
        fs::remove(made->path, ignored);
        return std::nullopt;
    }
    return made->path;
}

void removeLeftovers(const fs::path& target) {
    const fs::path dir = folderOf(target);
    const std::string prefix = temporaryPrefix(target);
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.starts_with(prefix) || !it->is_regular_file(ec)) {
            continue;
        }
        // .NAME.PID.XXXXXX (six characters that made the name new)
        const std::string rest = name.substr(prefix.size());
        const auto dot = rest.find('.');
        if (dot == std::string::npos || rest.size() != dot + 7 || dot == 0 ||
            rest.find_first_not_of("0123456789") != dot) {
            continue;
        }
        // A number too large for a process id names no process that could still be writing.
        const auto pid = sys::processIdFrom(std::string_view(rest).substr(0, dot));
        if (!pid || (*pid != sys::processId() && !sys::processRunning(*pid))) {
            fs::remove(it->path(), ec);
        }
    }
}

} // namespace

std::optional<int> sys::processIdFrom(std::string_view digits) {
    int pid = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size() || pid < 0) {
        return std::nullopt;
    }
    return pid;
}

std::expected<AtomicFile, std::string> AtomicFile::create(const fs::path& path, AtomicWriteOptions options) {
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
    const fs::file_status status = fs::status(f.target_, ec);
    if (status.type() != fs::file_type::not_found) {
        if (ec) {
            return std::unexpected(path.string() + ": cannot look at the file: " + ec.message());
        }
        if (status.type() != fs::file_type::regular) {
            return std::unexpected(path.string() + ": is " + kindOf(status.type()) +
                                   "; Sandtable writes only regular files");
        }
        if (!sys::mayWrite(f.target_)) {
            return std::unexpected(
                path.string() + ": is read-only; nothing was written (make it writable or save elsewhere)");
        }
        f.existed_ = true;
    }
    removeLeftovers(f.target_);
    auto created = createTemporaryBeside(f.target_);
    if (!created) {
        return std::unexpected(path.string() +
                               ": cannot create a temporary file beside it: " + created.error());
    }
    f.fd_ = created->fd;
    f.tmp_ = created->path;
    if (f.existed_) {
        sys::copyPermissions(f.fd_, f.target_);
    } else {
        sys::useNewFilePermissions(f.fd_);
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
        sys::closeFile(fd_);
        fd_ = -1;
    }
    if (!tmp_.empty()) {
        std::error_code ignored;
        fs::remove(tmp_, ignored);
        tmp_.clear();
    }
}

std::expected<void, std::string> AtomicFile::write(std::string_view bytes) {
    flushed_ = false;
    for (std::size_t done = 0; done < bytes.size();) {
        const auto n = sys::writeSome(fd_, bytes.data() + done, bytes.size() - done);
        if (!n) {
            std::string message = asked_.string() + ": cannot write: " + n.error();
            discard();
            return std::unexpected(std::move(message));
        }
        done += *n;
    }
    return {};
}

std::expected<void, std::string> AtomicFile::flush() {
    if (fd_ < 0) {
        return std::unexpected(asked_.string() +
                               ": nothing to flush (the file was already written or failed)");
    }
    if (auto flushed = sys::flushToDisk(fd_); !flushed) {
        std::string message = asked_.string() + ": cannot flush to disk: " + flushed.error();
        discard();
        return std::unexpected(std::move(message));
    }
    flushed_ = true;
    return {};
}

std::expected<void, std::string> AtomicFile::commit() {
    auto fail = [&](std::string_view what, const std::string& why) {
        std::string message = asked_.string() + ": " + std::string(what) + (why.empty() ? "" : ": " + why);
        discard();
        return std::unexpected(std::move(message));
    };
    if (tmp_.empty()) {
        return std::unexpected(asked_.string() +
                               ": nothing to save (the file was already written or failed)");
    }
    if (!flushed_) {
        if (auto flushed = flush(); !flushed) {
            return flushed;
        }
    }
    sys::closeFile(fd_);
    fd_ = -1;
    fs::path superseded; // the previous backup, renamed aside until the new file is in place
    if (options_.keepBackup && existed_) {
        const fs::path backup = fs::path(target_).concat(".bak");
        std::error_code ec;
        const fs::file_status backupStatus = fs::symlink_status(backup, ec);
        if (fs::exists(backupStatus) && !fs::is_regular_file(backupStatus)) {
            return fail("cannot keep the previous version, because " + backup.filename().string() +
                            " is not a regular file; nothing was written",
                        "");
        }
        // The backup it supersedes is renamed aside, under a temporary file's name, and removed
        // only once the new file is in place: freeing a large file's blocks takes milliseconds, so
        // it goes on beside the folder's flush. Renamed aside, it is still there to put back if
        // the new backup cannot be made; left by a crash, the next save removes it as a leftover.
        if (fs::is_regular_file(backupStatus)) {
            if (std::optional<fs::path> aside = renameAside(backup, target_)) {
                superseded = std::move(*aside);
            } else {
                fs::remove(backup, ec);
            }
        }
        // A hard link keeps the old bytes under the backup name without copying them; where links
        // are not possible, a copy. The file is not replaced without its backup.
        std::error_code linked;
        fs::create_hard_link(target_, backup, linked);
        if (linked && !fs::copy_file(target_, backup, fs::copy_options::overwrite_existing, ec)) {
            if (!superseded.empty()) {
                (void)sys::replaceFile(superseded, backup);
            }
            return fail("cannot keep the previous version as " + backup.filename().string() +
                            "; nothing was written",
                        ec.message());
        }
    }
    if (auto replaced = sys::replaceFile(tmp_, target_); !replaced) {
        std::error_code ignored;
        fs::remove(superseded, ignored); // the backup is the file as it still is
        return fail("cannot replace the file", replaced.error());
    }
    tmp_.clear();
    ThreadBeside removing = superseded.empty() ? ThreadBeside() : ThreadBeside([&superseded] {
        std::error_code ignored;
        fs::remove(superseded, ignored);
    });
    sys::flushFolder(folderOf(target_));
    return {};
}

std::expected<void, std::string> writeFileAtomically(const fs::path& path, std::string_view bytes,
                                                     AtomicWriteOptions options) {
    auto file = AtomicFile::create(path, options);
    if (!file) {
        return std::unexpected(file.error());
    }
    if (auto written = file->write(bytes); !written) {
        return written;
    }
    return file->commit();
}

std::expected<std::string, std::string> readWholeFile(const fs::path& path) {
    auto opened = sys::openForReading(path);
    if (!opened) {
        return std::unexpected(opened.error());
    }
    if (opened->type == fs::file_type::directory) {
        return std::unexpected(std::string("is a directory, not a file"));
    }
    if (opened->type != fs::file_type::regular) {
        return std::unexpected("is " + kindOf(opened->type) +
                               ", not a regular file; Sandtable reads only regular files");
    }
    struct Closer {
        int fd;
        ~Closer() { sys::closeFile(fd); }
    } closer{opened->fd};
    const std::uintmax_t size = opened->size;
    if (size > limits::maxFileBytes) {
        return std::unexpected("is " + limits::formatNumber(static_cast<long long>(size)) +
                               " bytes; Sandtable reads files of at most " +
                               limits::formatNumber(static_cast<long long>(limits::maxFileBytes)) + " bytes");
    }
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
        const auto n = sys::readSome(opened->fd, bytes.data() + done, bytes.size() - done);
        if (!n) {
            return std::unexpected("cannot read: " + n.error());
        }
        if (*n == 0) {
            break;
        }
        done += *n;
    }
    bytes.resize(done);
    return bytes;
}

} // namespace sandtable
